/* The mate file's one reader (solver.h, arb_mate_line_read): a line "id | N | FEN | keys |
 * source" into a puzzle, or what is wrong with it; the daemon and the CLI read the file through
 * it (lessons/puzzles/README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/solver.h"

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Copies s[0..n) trimmed into dst; false if it does not fit cap. */
static bool take(char *dst, size_t cap, const char *s, size_t n)
{
    while (n && blank(*s))
        s++, n--;
    while (n && blank(s[n - 1]))
        n--;
    if (n >= cap)
        return false;
    memcpy(dst, s, n);
    dst[n] = 0;
    return true;
}

arb_mate_line_status arb_mate_line_read(const char *line, arb_mate_puzzle *out, arb_reason *why)
{
    memset(out, 0, sizeof *out);
    const char *p = line;
    while (blank(*p))
        p++;
    if (!*p || *p == '#')
        return ARB_MATE_LINE_BLANK;
    /* four or five fields; the source, the last, is the rest of the line (it may hold a '|') */
    const char *field[5];
    size_t len[5];
    int nf = 0;
    for (const char *at = line; nf < 5; nf++) {
        const char *bar = nf < 4 ? strchr(at, '|') : NULL;
        field[nf] = at;
        len[nf] = bar ? (size_t)(bar - at) : strlen(at);
        if (!bar) {
            nf++;
            break;
        }
        at = bar + 1;
    }
    char fen[ARB_FEN_MAX_INPUT + 1];
    if (nf < 4)
        return ARB_MATE_LINE_FIELDS;
    if (!take(out->id, sizeof out->id, field[0], len[0]))
        return ARB_MATE_LINE_TOO_LONG;
    if (!out->id[0])
        return ARB_MATE_LINE_FIELDS;
    if (!take(out->n_text, sizeof out->n_text, field[1], len[1]) || !take(fen, sizeof fen, field[2], len[2]) ||
        !take(out->keys, sizeof out->keys, field[3], len[3]) ||
        (nf == 5 && !take(out->source, sizeof out->source, field[4], len[4])))
        return ARB_MATE_LINE_TOO_LONG;
    char *end;
    long n = strtol(out->n_text, &end, 10);
    if (end == out->n_text || *end || n < 1 || n > ARB_MATE_FILE_MAX_N)
        return ARB_MATE_LINE_N;
    out->n = (int)n;
    arb_reason ignored;
    if (arb_position_from_fen(&out->pos, fen, ARB_STANDARD, why ? why : &ignored) != ARB_OK)
        return ARB_MATE_LINE_FEN;
    arb_position_fen(&out->pos, out->fen, sizeof out->fen);
    return ARB_MATE_LINE_PUZZLE;
}
