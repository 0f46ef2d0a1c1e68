/* Where games begin in a PGN text: the one rule by which the CLI's stream splitter (and its
 * shards) and the endpoints cut an input into games, so that both count the same games. */
#include <string.h>

#include "arbiter/pgn.h"

static bool blank_char(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Whether [b, e) (trailing blanks trimmed) ends with a termination marker standing as a token:
 * after a blank, or at b when b is the line's start (at_start). */
static bool ends_with_marker(const char *b, const char *e, bool at_start)
{
    static const char *const markers[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (int i = 0; i < 4; i++) {
        size_t n = strlen(markers[i]);
        if ((size_t)(e - b) < n || memcmp(e - n, markers[i], n) != 0)
            continue;
        const char *before = e - n;
        if (before == b ? at_start : blank_char(before[-1]))
            return true;
    }
    return false;
}

/* [p, e) opens a tag: '[' and a tag name's first character. A broken tag line ([Event "x with
 * no closing quote) still opens one, as the reader sees it: the lines after it are the same
 * game's tags, not a new game (a comment's "[%clk ...]" opens none). */
static bool opens_tag(const char *p, const char *e)
{
    return e - p >= 2 && p[0] == '[' &&
           (p[1] == '_' || (p[1] >= '0' && p[1] <= '9') || ((p[1] | 32) >= 'a' && (p[1] | 32) <= 'z'));
}

bool arb_pgn_split_line(arb_pgn_split *s, const char *line, size_t len)
{
    const char *b = line, *e = line + len;
    while (e > b && (blank_char(e[-1]) || e[-1] == '\n'))
        e--;
    const char *p = b;
    while (p < e && blank_char(*p))
        p++;
    if (p == e)
        return false;
    bool tag = opens_tag(p, e), result = ends_with_marker(b, e, true);
    bool starts = !s->have_prev || s->prev_result || (tag && !s->prev_tag);
    s->have_prev = true;
    s->prev_tag = tag;
    s->prev_result = result;
    return starts;
}

void arb_pgn_split_tail(arb_pgn_split *s, const char *tail, size_t len)
{
    const char *e = tail + len;
    while (e > tail && (blank_char(e[-1]) || e[-1] == '\n'))
        e--;
    s->have_prev = true;
    s->prev_tag = false;
    s->prev_result = ends_with_marker(tail, e, false);
}

size_t arb_pgn_split_game(const char *text, size_t len, size_t from, arb_pgn_split *s)
{
    for (size_t at = from; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (arb_pgn_split_line(s, text + at, end - at))
            return at;
        at = end;
    }
    return len;
}
