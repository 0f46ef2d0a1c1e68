/* Internal helpers shared by the engine's units: board edits, Zobrist keys, small queries. */
#ifndef ARB_INTERNAL_H
#define ARB_INTERNAL_H

#include "arbiter/position.h"
#include "tables.h"

/* Polyglot Random64 (781 values): 768 piece-square, 4 castling, 8 en passant files, 1 turn. */
extern const uint64_t arb_polyglot_random[781];

static inline uint64_t zobrist_piece(arb_piece p, int sq)
{
    /* Polyglot kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11. */
    int kind = 2 * (ARB_PIECE_TYPE(p) - 1) + (ARB_PIECE_COLOR(p) == ARB_WHITE);
    return arb_polyglot_random[64 * kind + sq];
}

#define ZOBRIST_CASTLE(i) arb_polyglot_random[768 + (i)]
#define ZOBRIST_EP(file) arb_polyglot_random[772 + (file)]
#define ZOBRIST_TURN arb_polyglot_random[780]

/* A move as typed on a Persian or Arabic keyboard: Persian (U+06F0–06F9) and Arabic-Indic
 * (U+0660–0669) digits become 0–9 («e۴» is e4); everything else is copied. out gets at most
 * cap-1 bytes and a NUL; returns out. */
static inline const char *fold_native_digits(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    for (; in && *in && n + 1 < cap; in++) {
        unsigned char a = (unsigned char)in[0], b = (unsigned char)in[1];
        if ((a == 0xDB && b >= 0xB0 && b <= 0xB9) || (a == 0xD9 && b >= 0xA0 && b <= 0xA9)) {
            out[n++] = (char)('0' + (a == 0xDB ? b - 0xB0 : b - 0xA0));
            in++;
        } else {
            out[n++] = (char)a;
        }
    }
    if (cap)
        out[n] = '\0';
    return out;
}

struct arb_reason;
/* The reasons of r[0..n) whose found text is the folded input (fold_native_digits) get the input
 * as it was typed back: «e۵» is echoed «e۵», not e5 (notation.c). */
void arb_found_as_typed(struct arb_reason *r, int n, const char *folded, const char *typed);

/* r cites article instead of its code's own (reason.h: the context decides). */
void arb_reason_cite(struct arb_reason *r, const char *article);
/* The lines of r[0..n) that prove a side cannot (or can) mate, cited as the article of the
 * verdict they support (verdict: its code, e.g. ARB_R_resignation_draw); flag fall's 6.9 stays. */
void arb_reason_cite_verdict(struct arb_reason *r, int n, unsigned verdict);

static inline void put_piece(arb_position *pos, arb_piece p, int sq)
{
    pos->board[sq] = p;
    pos->by_color[ARB_PIECE_COLOR(p)] |= sq_bb(sq);
    pos->by_type[ARB_PIECE_TYPE(p)] |= sq_bb(sq);
    pos->key ^= zobrist_piece(p, sq);
}

static inline void remove_piece(arb_position *pos, int sq)
{
    arb_piece p = pos->board[sq];
    pos->board[sq] = 0;
    pos->by_color[ARB_PIECE_COLOR(p)] &= ~sq_bb(sq);
    pos->by_type[ARB_PIECE_TYPE(p)] &= ~sq_bb(sq);
    pos->key ^= zobrist_piece(p, sq);
}

/* The key part for castling rights and for en passant (Polyglot: only when a pawn of the side
 * to move stands ready to capture). */
uint64_t arb_castle_key(const arb_position *pos);
uint64_t arb_ep_key(const arb_position *pos);
uint64_t arb_compute_key(const arb_position *pos);

/* Where king and rook end up when castling on a side. */
static inline int castle_king_to(arb_color c, int side)
{
    return ARB_SQ(side == ARB_KINGSIDE ? 6 : 2, c == ARB_WHITE ? 0 : 7);
}

static inline int castle_rook_to(arb_color c, int side)
{
    return ARB_SQ(side == ARB_KINGSIDE ? 5 : 3, c == ARB_WHITE ? 0 : 7);
}

/* Bounded string copy that always terminates, cut at a character boundary (dst may be NULL when
 * cap is 0). */
size_t arb_strlcpy(char *dst, const char *src, size_t cap);
/* The longest prefix of s[0..n) that ends at a character boundary (a reason's found text is a
 * cut copy of the input, and a cut inside a UTF-8 sequence would make its sentence invalid). */
size_t arb_utf8_cut(const char *s, size_t n);
/* The characters (UTF-8 sequences) in text[0..bytes): a reason's offset, counted in bytes while
 * a text is read, is given to readers in characters («در نویسهٔ ۵»). text has at least bytes. */
int arb_utf8_chars(const char *text, int bytes);
/* Copies the one character at s (its whole UTF-8 sequence, at most cap - 1 bytes) into out. */
void arb_utf8_char_copy(char *out, size_t cap, const char *s);
/* arb_position_from_fen_unchecked with offsets in bytes (validate.c maps them itself). */
arb_status arb_fen_parse_bytes(arb_position *pos, const char *fen, arb_variant variant, arb_reason *why);

#endif
