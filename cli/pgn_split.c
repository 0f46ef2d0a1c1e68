/* A PGN input cut into games in constant memory: lines are read in blocks and classified by the
 * rule of pgn_split.h (a game begins after a termination marker, or where a tag opens after a line
 * that opened none), each game's text handed out whole, and a shard's byte range found from any
 * offset of a regular file by reading the line before it backwards. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pgn_split.h"

#define BLOCK (1u << 20)

static bool blank_char(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* What the rule needs of a line [b, e) (no '\n'): blank, opens a tag, ends with a marker. */
struct line_kind {
    bool blank, tag, result;
};

/* Whether [b, e) (trailing blanks trimmed already) ends with a termination marker standing as a
 * token: at the line's start or after a blank. at_start: b is the start of the line. */
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

/* [p, e) (blanks trimmed) is a tag pair: [Name "value"], a name of letters, digits and '_'. */
static bool is_tag_pair(const char *p, const char *e)
{
    if (e - p < 5 || *p != '[' || e[-1] != ']')
        return false;
    const char *q = p + 1, *name = q;
    while (q < e && (*q == '_' || (*q >= '0' && *q <= '9') || ((*q | 32) >= 'a' && (*q | 32) <= 'z')))
        q++;
    if (q == name)
        return false;
    while (q < e && blank_char(*q))
        q++;
    const char *close = e - 1;
    while (close > q && blank_char(close[-1]))
        close--;
    return q < close - 1 && *q == '"' && close[-1] == '"';
}

static struct line_kind classify(const char *b, const char *e)
{
    struct line_kind k = {true, false, false};
    while (e > b && blank_char(e[-1]))
        e--;
    const char *p = b;
    while (p < e && blank_char(*p))
        p++;
    if (p == e)
        return k;
    k.blank = false;
    k.tag = is_tag_pair(p, e);
    k.result = ends_with_marker(b, e, true);
    return k;
}

/* ---- The state before a shard's first line: its previous non-blank line, read backwards ---- */

/* The byte at offset `at` of fd through a small window (read backwards), -1 on error. */
struct back {
    int fd;
    long long lo;            /* offset of win[0] */
    size_t n;
    char win[4096];
};

static int byte_at(struct back *b, long long at)
{
    if (at < b->lo || at >= b->lo + (long long)b->n) {
        long long lo = at + 1 - (long long)sizeof b->win;
        if (lo < 0)
            lo = 0;
        ssize_t got = pread(b->fd, b->win, sizeof b->win, lo);
        if (got <= 0)
            return -1;
        b->lo = lo;
        b->n = (size_t)got;
        if (at >= lo + got)
            return -1;
    }
    return (unsigned char)b->win[at - b->lo];
}

static bool state_before(pgn_split *s, long long p)
{
    struct back b = {s->fd, 0, 0, {0}};
    long long q = p - 1;
    int c;
    while (q >= 0 && (c = byte_at(&b, q)) >= 0 && (c == '\n' || blank_char((char)c)))
        q--;
    s->have_prev = q >= 0;
    s->prev_tag = s->prev_result = false;
    if (!s->have_prev)
        return true;
    long long start = q;
    while (start > 0 && (c = byte_at(&b, start - 1)) >= 0 && c != '\n')
        start--;
    /* classified as reading forward does; a line this long is no tag pair, only its tail counts */
    char line[8192] = "";
    long long from = q + 1 - start > (long long)sizeof line ? q + 1 - (long long)sizeof line : start;
    size_t n = 0;
    for (long long k = from; k <= q; k++)
        if ((c = byte_at(&b, k)) >= 0)
            line[n++] = (char)c;
    struct line_kind kind = classify(line, line + n);
    s->prev_tag = from == start && kind.tag;
    s->prev_result = from == start ? kind.result : ends_with_marker(line, line + n, false);
    return true;
}

/* ---- Reading forward ------------------------------------------------------------------------- */

/* floor(size * k / n) without overflow (n and k at most a million). */
static long long range_point(long long size, long long k, long long n)
{
    return size / n * k + size % n * k / n;
}

bool pgn_split_open(pgn_split *s, int fd, int shard, int nshards)
{
    memset(s, 0, sizeof *s);
    s->fd = fd;
    s->end = -1;
    s->line = 1;
    s->over_offset = -1;
    s->max_game = PGN_SPLIT_MAX_GAME;
    if (nshards <= 1)
        return true;
    struct stat st;
    if (fstat(fd, &st) != 0)
        return false;
    if (!S_ISREG(st.st_mode)) {
        errno = ESPIPE;
        return false;
    }
    long long size = st.st_size, from = range_point(size, shard, nshards);
    s->end = range_point(size, shard + 1, nshards);
    if (from == 0)
        return true;
    /* the first line that starts at or after `from` */
    struct back b = {fd, 0, 0, {0}};
    long long p = from;
    if (byte_at(&b, p - 1) != '\n') {
        int c;
        while ((c = byte_at(&b, p)) >= 0 && c != '\n')
            p++;
        p++;
    }
    if (lseek(fd, p, SEEK_SET) < 0 || !state_before(s, p))
        return false;
    s->base = p;
    s->line = 0;
    return true;
}

void pgn_split_close(pgn_split *s)
{
    free(s->buf);
    s->buf = NULL;
}

/* The unread text: buf[head ..], len bytes (indexes below count from head). */
static char *text_of(pgn_split *s)
{
    return s->buf + s->head;
}

/* Forgets the first k bytes (no copy: the head moves; fill() compacts). */
static void drop(pgn_split *s, size_t k)
{
    const char *t = text_of(s);
    if (s->line > 0)
        for (const char *p = t; (p = memchr(p, '\n', (size_t)(t + k - p))) != NULL; p++)
            s->line++;
    s->head += k;
    s->len -= k;
    s->scan -= k < s->scan ? k : s->scan;
    s->base += (long long)k;
}

/* Reads another block; false at the end of input or on an error (s->error). */
static bool fill(pgn_split *s)
{
    if (s->eof)
        return false;
    if (s->head) { /* compact: what is kept is one game at most */
        memmove(s->buf, s->buf + s->head, s->len);
        s->head = 0;
    }
    if (s->cap - s->len < BLOCK) {
        size_t cap = s->cap ? s->cap * 2 : 2 * BLOCK;
        while (cap - s->len < BLOCK)
            cap *= 2;
        char *b = realloc(s->buf, cap);
        if (!b) {
            s->error = ENOMEM;
            return false;
        }
        s->buf = b;
        s->cap = cap;
    }
    ssize_t got;
    do
        got = read(s->fd, s->buf + s->len, BLOCK);
    while (got < 0 && errno == EINTR);
    if (got < 0) {
        s->error = errno;
        return false;
    }
    if (got == 0)
        s->eof = true;
    s->len += (size_t)got;
    return got > 0;
}

/* Hands out buf[0 .. n) as a game (dropped at the next call). */
static int hand_out(pgn_split *s, size_t n, const char **text, size_t *len, long long *offset, long long *line)
{
    *text = text_of(s);
    *len = n;
    *offset = s->base;
    *line = s->line;
    s->pending = n;
    return PGN_SPLIT_GAME;
}

/* A game over the cap was skipped: say where it began. */
static int too_large(pgn_split *s, long long *offset, long long *line)
{
    *offset = s->over_offset;
    *line = s->over_line;
    s->over_offset = -1;
    return PGN_SPLIT_TOO_LARGE;
}

int pgn_split_next(pgn_split *s, const char **text, size_t *len, long long *offset, long long *line)
{
    if (s->pending) {
        drop(s, s->pending);
        s->pending = 0;
    }
    for (;;) {
        if (s->stop)
            return s->over_offset >= 0 ? too_large(s, offset, line) : PGN_SPLIT_END;
        char *t = text_of(s);
        char *nl = s->scan < s->len ? memchr(t + s->scan, '\n', s->len - s->scan) : NULL;
        if (!nl && !s->eof && s->len - s->scan <= s->max_game) {
            if (!fill(s) && s->error)
                return PGN_SPLIT_ERROR;
            continue;
        }
        if (!nl && s->scan < s->len && !s->eof) { /* one line past the cap: skip to its end */
            if (s->started && s->over_offset < 0)
                s->over_offset = s->base, s->over_line = s->line;
            drop(s, s->len);
            s->in_long_line = true;
            continue;
        }
        if (s->in_long_line) { /* the rest of that line: no tag pair; its end may be a marker */
            size_t e = nl ? (size_t)(nl - t) : s->len;
            const char *end = t + e;
            while (end > t && blank_char(end[-1]))
                end--;
            s->have_prev = true;
            s->prev_tag = false;
            s->prev_result = ends_with_marker(t, end, false);
            drop(s, nl ? e + 1 : s->len);
            s->in_long_line = false;
            continue;
        }
        if (!nl && s->scan >= s->len) { /* the end of input: the last game */
            s->stop = true;
            if (s->over_offset >= 0)
                continue;
            if (s->started && s->len > 0 && !classify(t, t + s->len).blank)
                return hand_out(s, s->len, text, len, offset, line);
            continue;
        }
        size_t b = s->scan, e = nl ? (size_t)(nl - t) : s->len, next = nl ? e + 1 : s->len;
        struct line_kind k = classify(t + b, t + e);
        if (k.blank) {
            s->scan = next;
            continue;
        }
        bool start = !s->have_prev || s->prev_result || (k.tag && !s->prev_tag);
        s->have_prev = true;
        s->prev_tag = k.tag;
        s->prev_result = k.result;
        bool ours = s->end < 0 || s->base + (long long)b < s->end;
        if (start && s->started) {
            /* the current game is buf[0 .. b); this line opens the next one, which is this shard's
             * when it begins inside the range */
            s->scan = next;
            s->started = ours;
            s->stop = !ours;
            if (s->over_offset >= 0) {
                drop(s, b);
                return too_large(s, offset, line);
            }
            return hand_out(s, b, text, len, offset, line);
        }
        if (start) {
            if (!ours)
                return PGN_SPLIT_END;
            drop(s, b);
            s->started = true;
            s->scan = next - b;
            continue;
        }
        if (!s->started) { /* a line of a game that began before the range */
            drop(s, next);
            continue;
        }
        s->scan = next;
        if (s->scan > s->max_game) { /* too large: forget its text, remember where it began */
            if (s->over_offset < 0)
                s->over_offset = s->base, s->over_line = s->line;
            drop(s, s->scan);
        }
    }
}
