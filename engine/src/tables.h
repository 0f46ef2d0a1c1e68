/* Internal: the const attack tables (generated at build time) and the bit tricks over them. */
#ifndef ARB_TABLES_H
#define ARB_TABLES_H

#include "arbiter/types.h"

struct arb_magic {
    arb_bitboard mask, magic;
    unsigned offset, shift;
};

extern const arb_bitboard arb_knight_attacks[64];
extern const arb_bitboard arb_king_attacks[64];
extern const arb_bitboard arb_pawn_attacks[2][64];
/* Squares strictly between two aligned squares (0 when not aligned). */
extern const arb_bitboard arb_between[64][64];
/* The whole line through two aligned squares, both included (0 when not aligned). */
extern const arb_bitboard arb_line[64][64];
extern const struct arb_magic arb_rook_magics[64];
extern const struct arb_magic arb_bishop_magics[64];
extern const arb_bitboard arb_slider_table[];

static inline arb_bitboard rook_attacks(int sq, arb_bitboard occ)
{
    const struct arb_magic *m = &arb_rook_magics[sq];
    return arb_slider_table[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

static inline arb_bitboard bishop_attacks(int sq, arb_bitboard occ)
{
    const struct arb_magic *m = &arb_bishop_magics[sq];
    return arb_slider_table[m->offset + (((occ & m->mask) * m->magic) >> m->shift)];
}

static inline arb_bitboard queen_attacks(int sq, arb_bitboard occ)
{
    return rook_attacks(sq, occ) | bishop_attacks(sq, occ);
}

static inline int lsb(arb_bitboard b)
{
    return __builtin_ctzll(b);
}

static inline int pop_lsb(arb_bitboard *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

static inline int popcount(arb_bitboard b)
{
    return __builtin_popcountll(b);
}

static inline arb_bitboard sq_bb(int sq)
{
    return 1ull << sq;
}

#define RANK_1_BB 0x00000000000000FFull
#define RANK_8_BB 0xFF00000000000000ull
#define FILE_A_BB 0x0101010101010101ull
#define FILE_H_BB 0x8080808080808080ull

#endif
