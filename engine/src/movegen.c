/* Legal move generation (standard and Chess960) with check and pin masks. One routine, compiled
 * twice: listing moves into a caller-owned buffer, or only counting them (perft's last ply). */
#include "arbiter/movegen.h"
#include "internal.h"

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* The portable x86-64 baseline has no POPCNT instruction; a clone compiled for it is chosen at
 * load time on CPUs that have it (a quarter of perft's instructions were software popcounts). */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones) && !defined(ARB_NO_CLONES)
#define MULTI_TARGET __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef MULTI_TARGET
#define MULTI_TARGET
#endif

/* The bound every caller's buffer rests on (the proof is at ARB_MAX_MOVES, arbiter/types.h):
 * 15 pieces of at most a queen's 27 moves, the king's 8 steps and 2 castlings. */
_Static_assert((ARB_MAX_SIDE_PIECES - 1) * 27 + 8 + 2 <= ARB_MAX_MOVES, "ARB_MAX_MOVES below the proven bound");

struct gen {
    arb_move *moves;
    int n;
};

static ALWAYS_INLINE void add_targets(struct gen *g, bool listing, int from, arb_bitboard targets)
{
    if (!listing) {
        g->n += popcount(targets);
        return;
    }
    while (targets)
        g->moves[g->n++] = ARB_MAKE_MOVE(from, pop_lsb(&targets), ARB_MOVE_NORMAL);
}

/* Pawn moves given by a destination set and the shift that undoes them. */
static ALWAYS_INLINE void add_pawn_set(struct gen *g, bool listing, arb_bitboard targets, int back, int kind)
{
    if (!listing) {
        g->n += popcount(targets);
        return;
    }
    while (targets) {
        int to = pop_lsb(&targets);
        g->moves[g->n++] = ARB_MAKE_MOVE(to - back, to, kind);
    }
}

static ALWAYS_INLINE void add_promotions(struct gen *g, bool listing, arb_bitboard targets, int back)
{
    if (!listing) {
        g->n += 4 * popcount(targets);
        return;
    }
    while (targets) {
        int to = pop_lsb(&targets);
        for (int k = ARB_MOVE_PROMO_Q; k >= ARB_MOVE_PROMO_N; k--)
            g->moves[g->n++] = ARB_MAKE_MOVE(to - back, to, k);
    }
}

static ALWAYS_INLINE arb_bitboard shift_up(arb_bitboard b, arb_color us)
{
    return us == ARB_WHITE ? b << 8 : b >> 8;
}

/* King destinations not attacked by `them`, seen through our king (so it cannot step back along
 * a check ray). Testing the few candidate squares beats building the whole attack map. */
static ALWAYS_INLINE arb_bitboard safe_king_targets(const arb_position *pos, arb_color them, int ksq,
                                                    arb_bitboard targets, arb_bitboard occ)
{
    arb_bitboard safe = 0, without_king = occ ^ sq_bb(ksq);
    while (targets) {
        int sq = pop_lsb(&targets);
        if (!arb_attackers(pos, sq, them, without_king))
            safe |= sq_bb(sq);
    }
    return safe;
}

static ALWAYS_INLINE void gen_castling(const arb_position *pos, struct gen *g, bool listing, arb_color us,
                                       arb_bitboard occ, arb_bitboard to_mask)
{
    int ksq = pos->king_square[us];
    for (int side = 0; side < 2; side++) {
        int rsq = pos->castle_rook[us][side];
        if (rsq == ARB_NO_SQUARE || !(to_mask & sq_bb(rsq)))
            continue;
        int kto = castle_king_to(us, side), rto = castle_rook_to(us, side);
        arb_bitboard movers = sq_bb(ksq) | sq_bb(rsq);
        arb_bitboard king_path = arb_between[ksq][kto] | sq_bb(kto);
        arb_bitboard must_be_empty = (king_path | arb_between[rsq][rto] | sq_bb(rto)) & ~movers;
        if (must_be_empty & occ)
            continue;
        /* Without king and rook on the board: the rook may have shielded the king's destination. */
        arb_bitboard occ2 = occ ^ movers;
        bool attacked = false;
        while (king_path && !attacked)
            attacked = arb_attackers(pos, pop_lsb(&king_path), (arb_color)!us, occ2) != 0;
        if (attacked)
            continue;
        if (listing)
            g->moves[g->n] = ARB_MAKE_MOVE(ksq, rsq, ARB_MOVE_CASTLE);
        g->n++;
    }
}

static ALWAYS_INLINE void gen_en_passant(const arb_position *pos, struct gen *g, bool listing, arb_color us,
                                         arb_bitboard occ, arb_bitboard from_mask, arb_bitboard to_mask)
{
    int ep = pos->ep_square;
    if (ep == ARB_NO_SQUARE || !(to_mask & sq_bb(ep)))
        return;
    int ksq = pos->king_square[us], capsq = us == ARB_WHITE ? ep - 8 : ep + 8;
    arb_bitboard capturers = arb_pawn_attacks[!us][ep] & arb_pieces(pos, us, ARB_PAWN) & from_mask;
    while (capturers) {
        int from = pop_lsb(&capturers);
        /* Rare enough to test exactly: play it on the occupancy and look at the king. */
        arb_bitboard occ2 = (occ ^ sq_bb(from) ^ sq_bb(capsq)) | sq_bb(ep);
        if (arb_attackers(pos, ksq, (arb_color)!us, occ2) & ~sq_bb(capsq))
            continue;
        if (listing)
            g->moves[g->n] = ARB_MAKE_MOVE(from, ep, ARB_MOVE_EN_PASSANT);
        g->n++;
    }
}

/* The legal moves of the pieces on from_mask to the squares of to_mask (a castling move's
 * square is its rook's): ~0 and ~0 for all of them, the only case perft sees, where the
 * masks fold away. */
static ALWAYS_INLINE int generate(const arb_position *pos, arb_move *moves, bool listing, arb_bitboard from_mask,
                                  arb_bitboard to_mask)
{
    struct gen g = {moves, 0};
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    const arb_bitboard *t = pos->by_type;
    arb_bitboard ours = pos->by_color[us], theirs = pos->by_color[them], occ = ours | theirs;
    int ksq = pos->king_square[us];

    arb_bitboard checkers = arb_attackers(pos, ksq, them, occ);
    if (from_mask & sq_bb(ksq))
        add_targets(&g, listing, ksq,
                    safe_king_targets(pos, them, ksq, arb_king_attacks[ksq] & ~ours & to_mask, occ));
    if (checkers & (checkers - 1))
        return g.n;
    ours &= from_mask; /* from here on, only as the set of movers */
    arb_bitboard target = (checkers ? (arb_between[ksq][lsb(checkers)] | checkers) : ~0ull) & to_mask;
    arb_bitboard pinned = arb_pinned(pos, us, NULL);
    arb_bitboard allowed = ~pos->by_color[us] & target;

    arb_bitboard b = t[ARB_KNIGHT] & ours & ~pinned;
    while (b) {
        int from = pop_lsb(&b);
        add_targets(&g, listing, from, arb_knight_attacks[from] & allowed);
    }
    b = (t[ARB_BISHOP] | t[ARB_QUEEN]) & ours;
    while (b) {
        int from = pop_lsb(&b);
        arb_bitboard a = bishop_attacks(from, occ) & allowed;
        if (pinned & sq_bb(from))
            a &= arb_line[ksq][from];
        add_targets(&g, listing, from, a);
    }
    b = (t[ARB_ROOK] | t[ARB_QUEEN]) & ours;
    while (b) {
        int from = pop_lsb(&b);
        arb_bitboard a = rook_attacks(from, occ) & allowed;
        if (pinned & sq_bb(from))
            a &= arb_line[ksq][from];
        add_targets(&g, listing, from, a);
    }

    /* Pawns: unpinned ones as whole sets, pinned ones one by one along their pin line (skipped
     * when the from-mask holds none: SAN parsing asks for one kind of piece). */
    arb_bitboard pawns = t[ARB_PAWN] & ours, empty = ~occ;
    if (pawns) {
        arb_bitboard last_rank = us == ARB_WHITE ? RANK_8_BB : RANK_1_BB;
        arb_bitboard third_rank = us == ARB_WHITE ? 0x0000000000FF0000ull : 0x0000FF0000000000ull;
        int up = us == ARB_WHITE ? 8 : -8;
        arb_bitboard free_pawns = pawns & ~pinned;
        arb_bitboard single = shift_up(free_pawns, us) & empty;
        arb_bitboard dbl = shift_up(single & third_rank, us) & empty & target;
        single &= target;
        add_pawn_set(&g, listing, single & ~last_rank, up, ARB_MOVE_NORMAL);
        add_promotions(&g, listing, single & last_rank, up);
        add_pawn_set(&g, listing, dbl, 2 * up, ARB_MOVE_DOUBLE_PUSH);
        arb_bitboard west, east; /* captures toward the a-file and toward the h-file */
        if (us == ARB_WHITE) {
            west = ((free_pawns & ~FILE_A_BB) << 7) & theirs & target;
            east = ((free_pawns & ~FILE_H_BB) << 9) & theirs & target;
        } else {
            west = ((free_pawns & ~FILE_A_BB) >> 9) & theirs & target;
            east = ((free_pawns & ~FILE_H_BB) >> 7) & theirs & target;
        }
        int west_back = us == ARB_WHITE ? 7 : -9, east_back = us == ARB_WHITE ? 9 : -7;
        add_pawn_set(&g, listing, west & ~last_rank, west_back, ARB_MOVE_NORMAL);
        add_promotions(&g, listing, west & last_rank, west_back);
        add_pawn_set(&g, listing, east & ~last_rank, east_back, ARB_MOVE_NORMAL);
        add_promotions(&g, listing, east & last_rank, east_back);

        arb_bitboard pinned_pawns = pawns & pinned;
        while (pinned_pawns) {
            int from = pop_lsb(&pinned_pawns);
            arb_bitboard along = arb_line[ksq][from] & target;
            arb_bitboard to = (arb_pawn_attacks[us][from] & theirs & along);
            int one = from + up;
            if (!(occ & sq_bb(one))) {
                to |= sq_bb(one) & along;
                int two = one + up;
                if ((sq_bb(from) & (us == ARB_WHITE ? 0xFF00ull : 0x00FF000000000000ull)) && !(occ & sq_bb(two)) &&
                    (sq_bb(two) & along)) {
                    if (listing)
                        g.moves[g.n] = ARB_MAKE_MOVE(from, two, ARB_MOVE_DOUBLE_PUSH);
                    g.n++;
                }
            }
            while (to) {
                int sq = pop_lsb(&to);
                if (sq_bb(sq) & last_rank) {
                    if (!listing) {
                        g.n += 4;
                        continue;
                    }
                    for (int k = ARB_MOVE_PROMO_Q; k >= ARB_MOVE_PROMO_N; k--)
                        g.moves[g.n++] = ARB_MAKE_MOVE(from, sq, k);
                } else {
                    if (listing)
                        g.moves[g.n] = ARB_MAKE_MOVE(from, sq, ARB_MOVE_NORMAL);
                    g.n++;
                }
            }
        }
    }

    gen_en_passant(pos, &g, listing, us, occ, from_mask, to_mask);
    if (!checkers && (from_mask & sq_bb(ksq)))
        gen_castling(pos, &g, listing, us, occ, to_mask);
    return g.n;
}

MULTI_TARGET int arb_legal_moves(const arb_position *pos, arb_move *moves)
{
    return generate(pos, moves, true, ~0ull, ~0ull);
}

MULTI_TARGET int arb_count_legal_moves(const arb_position *pos)
{
    return generate(pos, NULL, false, ~0ull, ~0ull);
}

int arb_legal_moves_between(const arb_position *pos, arb_bitboard from, arb_bitboard to, arb_move *moves)
{
    return generate(pos, moves, true, from, to);
}

bool arb_is_legal(const arb_position *pos, arb_move move)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = generate(pos, moves, true, sq_bb(ARB_MOVE_FROM(move)), sq_bb(ARB_MOVE_TO(move)));
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}
