/* Warnings about a FEN that reads but is not written the usual way (adjacent digits, castling
 * letters out of order, fullmove 0, missing counters, unusual blanks), or whose halfmove clock
 * says the game has already ended (9.6.2). Lexical: judged on the text, field by field. */
#include <string.h>

#include "explain_internal.h"

enum { F_BOARD, F_SIDE, F_CASTLING, F_EP, F_HALFMOVE, F_FULLMOVE, MAX_TOKENS = 8 };

static bool blank(char c)
{
    return c == ' ' || c == '\t';
}

/* A counter as the parser reads it (digits only, at most 65535), or -1. */
static long counter(const char *t, size_t n)
{
    long v = 0;
    if (n == 0 || n > 5)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return -1;
        v = v * 10 + (t[i] - '0');
    }
    return v <= 65535 ? v : -1;
}

static void digits_adjacent(struct rlist *l, const char *t, int at, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t j = i;
        int sum = 0;
        while (j < n && t[j] >= '1' && t[j] <= '8')
            sum += t[j++] - '0';
        if (j - i >= 2) {
            arb_reason *r = rl_add(l, ARB_R_fen_digits_adjacent);
            r->field = F_BOARD;
            r->offset = at + (int)i;
            size_t k = j - i < sizeof r->found - 1 ? j - i : sizeof r->found - 1;
            memcpy(r->found, t + i, k);
            r->found[k] = '\0';
            r->n = sum;
        }
        i = j > i ? j : i + 1;
    }
}

/* White's rights before black's, kingside before queenside; a file letter (Shredder-FEN,
 * X-FEN) is kingside when it lies beyond its king's file. Needs the board for the kings. */
static void castling_order(struct rlist *l, const char *fen, const char *t, int at, size_t n, arb_variant v)
{
    if (n < 2 || t[0] == '-')
        return;
    arb_position pos;
    if (arb_fen_parse_bytes(&pos, fen, v, NULL) == ARB_ERR_SYNTAX)
        return;
    int last = -1;
    for (size_t i = 0; i < n; i++) {
        char c = t[i], up = (char)(c & ~32);
        int color = c >= 'a' ? 1 : 0, ks = pos.king_square[color], side;
        if (up == 'K')
            side = 0;
        else if (up == 'Q')
            side = 1;
        else if (up >= 'A' && up <= 'H' && ks != ARB_NO_SQUARE)
            side = up - 'A' > ARB_FILE(ks) ? 0 : 1;
        else
            return;
        int key = color * 2 + side;
        if (key < last) {
            arb_reason *r = rl_add(l, ARB_R_fen_castling_order);
            r->field = F_CASTLING;
            r->offset = at;
            size_t k = n < sizeof r->found - 1 ? n : sizeof r->found - 1;
            memcpy(r->found, t, k);
            r->found[k] = '\0';
            return;
        }
        last = key;
    }
}

int arb_fen_warnings(const char *fen, arb_variant variant, arb_reason *out, int cap)
{
    struct rlist l = rlist_make(out, cap);
    if (!fen || strcmp(fen, ARB_START_POS) == 0)
        return 0;
    size_t len = strnlen(fen, ARB_FEN_MAX_INPUT + 1);
    if (len > ARB_FEN_MAX_INPUT)
        return 0;
    int start[MAX_TOKENS];
    size_t size[MAX_TOKENS];
    int nt = 0;
    for (size_t i = 0; i < len;) {
        if (blank(fen[i])) {
            size_t j = i;
            while (j < len && blank(fen[j]))
                j++;
            if (i == 0 || j == len || j - i > 1 || fen[i] == '\t') {
                arb_reason *r = rl_add(&l, ARB_R_fen_extra_space);
                r->offset = (int)i;
                r->field = (uint8_t)(j == len ? (nt > 0 ? nt - 1 : 0) : nt); /* the field it stands before */
                if (r->field > F_FULLMOVE)
                    r->field = F_FULLMOVE;
            }
            i = j;
            continue;
        }
        size_t j = i;
        while (j < len && !blank(fen[j]))
            j++;
        if (nt < MAX_TOKENS) {
            start[nt] = (int)i;
            size[nt++] = j - i;
        }
        i = j;
    }
    if (nt > F_BOARD)
        digits_adjacent(&l, fen + start[F_BOARD], start[F_BOARD], size[F_BOARD]);
    if (nt > F_CASTLING)
        castling_order(&l, fen, fen + start[F_CASTLING], start[F_CASTLING], size[F_CASTLING], variant);
    arb_reason *r;
    long half = nt > F_HALFMOVE ? counter(fen + start[F_HALFMOVE], size[F_HALFMOVE]) : -1;
    if (half >= 150) {
        r = rl_add(&l, ARB_R_fen_game_already_drawn);
        r->field = F_HALFMOVE;
        r->offset = start[F_HALFMOVE];
        r->n = (int32_t)half;
        r->m = (int32_t)(half / 2);
    }
    if (nt > F_FULLMOVE && counter(fen + start[F_FULLMOVE], size[F_FULLMOVE]) == 0) {
        r = rl_add(&l, ARB_R_fen_fullmove_zero);
        r->field = F_FULLMOVE;
        r->offset = start[F_FULLMOVE];
        r->n = 0;
        r->m = 1;
    }
    if (nt == F_HALFMOVE || (nt == F_FULLMOVE && half >= 0)) {
        r = rl_add(&l, nt == F_HALFMOVE ? ARB_R_fen_clocks_missing : ARB_R_fen_fullmove_missing);
        r->field = (uint8_t)nt;
        r->offset = (int)len;
        r->n = nt == F_HALFMOVE ? 0 : 1;
        r->m = 1;
    }
    /* In the order of the text, as a reader meets them; offsets in characters, not bytes. */
    int kept = l.n < l.cap ? l.n : l.cap;
    for (int i = 0; i < kept; i++)
        if (out[i].offset > 0)
            out[i].offset = arb_utf8_chars(fen, out[i].offset);
    for (int i = 1; i < kept; i++)
        for (int j = i; j > 0 && out[j - 1].offset > out[j].offset; j--) {
            arb_reason t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return l.n;
}
