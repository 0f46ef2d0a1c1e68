/* Check, checkmate and stalemate, explained: the checkers, and why every defence fails (each
 * king square, each capture of the checker, each square between), or for stalemate why each
 * piece of the side to move has no legal move. */
#include "arbiter/movegen.h"
#include "explain_internal.h"

arb_state arb_position_state(const arb_position *pos)
{
    if (!pos || pos->king_square[pos->side & 1] == ARB_NO_SQUARE || pos->king_square[!(pos->side & 1)] == ARB_NO_SQUARE)
        return ARB_STATE_ONGOING;
    bool check = arb_in_check(pos);
    if (arb_count_legal_moves(pos))
        return check ? ARB_STATE_CHECK : ARB_STATE_ONGOING;
    return check ? ARB_STATE_CHECKMATE : ARB_STATE_STALEMATE;
}

const char *arb_state_name(arb_state state)
{
    switch (state) {
    case ARB_STATE_CHECK: return "check";
    case ARB_STATE_CHECKMATE: return "checkmate";
    case ARB_STATE_STALEMATE: return "stalemate";
    default: return "ongoing";
    }
}

/* The enemy piece the king would face after a move by the piece on from (used where a move
 * that looks like a defence turns out illegal); ARB_NO_SQUARE if none. */
static int exposer(const arb_position *pos, arb_move m)
{
    arb_color us = (arb_color)pos->side;
    arb_position after = *pos;
    arb_position_play(&after, m);
    arb_bitboard att = arb_attackers(&after, after.king_square[us], (arb_color)!us, arb_occupied(&after));
    return att ? lsb(att) : ARB_NO_SQUARE;
}

/* A defence by the piece on sq moving to `to` fails: say whether it is pinned or what it exposes. */
static void defence_fails(struct rlist *l, const arb_position *pos, int sq, int to, arb_move m,
                          arb_reason_code pinned_code, arb_reason_code exposes_code)
{
    int pinner = arb_pinner_of(pos, sq);
    int a = pinner != ARB_NO_SQUARE ? pinner : exposer(pos, m);
    if (a == ARB_NO_SQUARE)
        return; /* the defence works: not called for mates */
    arb_reason *r = rl_add(l, pinner != ARB_NO_SQUARE ? pinned_code : exposes_code);
    r->piece = pos->board[sq];
    r->by = pos->board[a];
    rl_add_squares(r, sq, to, a);
}

static void flights(struct rlist *l, const arb_position *pos, int skip)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    int ks = pos->king_square[us];
    arb_bitboard occ = arb_occupied(pos);
    for (arb_bitboard sqs = arb_king_attacks[ks]; sqs;) {
        int s = pop_lsb(&sqs);
        if (s == skip)
            continue;
        arb_piece p = pos->board[s];
        arb_reason *r;
        if (p && ARB_PIECE_COLOR(p) == us) {
            r = rl_add(l, ARB_R_flight_own_piece);
            r->by = p;
            arb_reason_add_square(r, s);
            continue;
        }
        arb_bitboard direct = arb_attackers(pos, s, them, occ);
        arb_bitboard through = arb_attackers(pos, s, them, occ & ~sq_bb(ks));
        if (!through)
            continue; /* a free square: not a mate or stalemate */
        int a = lsb(direct ? direct : through);
        r = rl_add(l, direct ? ARB_R_flight_attacked : ARB_R_flight_on_check_line);
        r->by = pos->board[a];
        rl_add_squares(r, s, a, -1);
    }
}

static arb_move capture_move(const arb_position *pos, int from, int to)
{
    int last = pos->side == ARB_WHITE ? 7 : 0;
    bool promo = ARB_PIECE_TYPE(pos->board[from]) == ARB_PAWN && ARB_RANK(to) == last;
    return ARB_MAKE_MOVE(from, to, promo ? ARB_MOVE_PROMO_Q : ARB_MOVE_NORMAL);
}

static void captures(struct rlist *l, const arb_position *pos, int csq)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    int ks = pos->king_square[us];
    arb_bitboard occ = arb_occupied(pos);
    arb_bitboard takers = arb_attackers(pos, csq, us, occ) & ~sq_bb(ks);
    /* A checking pawn that just advanced two may be taken en passant. */
    int ep = pos->ep_square;
    arb_bitboard ep_takers = 0;
    if (ep != ARB_NO_SQUARE && csq == (us == ARB_WHITE ? ep - 8 : ep + 8))
        ep_takers = arb_pawn_attacks[them][ep] & arb_pieces(pos, us, ARB_PAWN);
    bool king_adjacent = (arb_king_attacks[ks] & sq_bb(csq)) != 0;
    arb_reason *r;
    if (!takers && !ep_takers && !king_adjacent) {
        r = rl_add(l, ARB_R_capture_impossible);
        r->by = pos->board[csq];
        arb_reason_add_square(r, csq);
        return;
    }
    for (arb_bitboard b = takers; b;) {
        int t = pop_lsb(&b);
        defence_fails(l, pos, t, csq, capture_move(pos, t, csq), ARB_R_capture_pinned, ARB_R_capture_exposes_king);
    }
    for (arb_bitboard b = ep_takers; b;) {
        int t = pop_lsb(&b);
        defence_fails(l, pos, t, csq, ARB_MAKE_MOVE(t, ep, ARB_MOVE_EN_PASSANT), ARB_R_capture_pinned,
                      ARB_R_capture_exposes_king);
    }
    if (king_adjacent) {
        arb_bitboard guards = arb_attackers(pos, csq, them, occ & ~sq_bb(ks));
        if (guards) {
            r = rl_add(l, ARB_R_capture_king_defended);
            r->piece = pos->board[csq];
            r->by = pos->board[lsb(guards)];
            rl_add_squares(r, csq, lsb(guards), -1);
        }
    }
}

/* Our pieces (not the king) that can move to the empty square s by their pattern. */
static arb_bitboard reaching(const arb_position *pos, int s)
{
    arb_color us = (arb_color)pos->side;
    arb_bitboard occ = arb_occupied(pos);
    arb_bitboard pawns = arb_pieces(pos, us, ARB_PAWN);
    arb_bitboard r = arb_attackers(pos, s, us, occ) & ~pawns & ~arb_pieces(pos, us, ARB_KING);
    int back = us == ARB_WHITE ? -8 : 8;
    int one = s + back, two = s + 2 * back;
    if (one >= 0 && one < 64) {
        r |= pawns & sq_bb(one);
        int double_rank = us == ARB_WHITE ? 3 : 4;
        if (ARB_RANK(s) == double_rank && !pos->board[one])
            r |= pawns & sq_bb(two);
    }
    return r;
}

static void blocks(struct rlist *l, const arb_position *pos, int csq)
{
    int ks = pos->king_square[pos->side];
    arb_piece checker = pos->board[csq];
    arb_reason *r;
    arb_bitboard between = arb_between[ks][csq];
    if (ARB_PIECE_TYPE(checker) == ARB_KNIGHT || !between) {
        r = rl_add(l, ARB_PIECE_TYPE(checker) == ARB_KNIGHT ? ARB_R_block_impossible_knight
                                                           : ARB_R_block_impossible_adjacent);
        r->by = checker;
        arb_reason_add_square(r, csq);
        return;
    }
    int two_back = pos->side == ARB_WHITE ? 16 : -16;
    /* The squares no piece reaches make one sentence ("no piece can block on b7, c6 or d5"),
     * listed from the king outwards, before the blockers that fail for their own reasons. */
    int unreached[ARB_REASON_MAX_SQUARES], nun = 0;
    for (arb_bitboard b = between; b;) {
        int s = csq > ks ? lsb(b) : 63 - __builtin_clzll(b);
        b &= ~sq_bb(s);
        if (!reaching(pos, s) && nun < ARB_REASON_MAX_SQUARES)
            unreached[nun++] = s;
    }
    if (nun > 0) {
        r = rl_add(l, nun == 1 ? ARB_R_block_nothing_reaches : ARB_R_block_nothing_reaches_any);
        for (int i = 0; i < nun; i++)
            arb_reason_add_square(r, unreached[i]);
        if (nun > 1)
            r->n = nun;
    }
    while (between) {
        int s = csq > ks ? lsb(between) : 63 - __builtin_clzll(between);
        between &= ~sq_bb(s);
        arb_bitboard movers = reaching(pos, s);
        while (movers) {
            int b = pop_lsb(&movers);
            int kind = ARB_MOVE_NORMAL;
            if (ARB_PIECE_TYPE(pos->board[b]) == ARB_PAWN && s - b == two_back)
                kind = ARB_MOVE_DOUBLE_PUSH;
            else if (ARB_PIECE_TYPE(pos->board[b]) == ARB_PAWN && (ARB_RANK(s) == 0 || ARB_RANK(s) == 7))
                kind = ARB_MOVE_PROMO_Q;
            defence_fails(l, pos, b, s, ARB_MAKE_MOVE(b, s, kind), ARB_R_block_pinned, ARB_R_leaves_king_in_check);
        }
    }
}

static void stalemated_pieces(struct rlist *l, const arb_position *pos)
{
    arb_color us = (arb_color)pos->side;
    int ks = pos->king_square[us], ep = pos->ep_square;
    arb_bitboard mine = pos->by_color[us] & ~sq_bb(ks);
    arb_reason *r;
    while (mine) {
        int sq = pop_lsb(&mine);
        arb_piece p = pos->board[sq];
        int pinner = arb_pinner_of(pos, sq);
        if (pinner != ARB_NO_SQUARE) {
            r = rl_add(l, ARB_R_stale_pinned);
            r->piece = p;
            r->by = pos->board[pinner];
            rl_add_squares(r, sq, pinner, ks);
        } else if (ARB_PIECE_TYPE(p) == ARB_PAWN) {
            int ahead = sq + (us == ARB_WHITE ? 8 : -8);
            int a = ARB_NO_SQUARE;
            if (ep != ARB_NO_SQUARE && (arb_pawn_attacks[us][sq] & sq_bb(ep)))
                a = exposer(pos, ARB_MAKE_MOVE(sq, ep, ARB_MOVE_EN_PASSANT));
            if (a != ARB_NO_SQUARE) {
                r = rl_add(l, ARB_R_stale_en_passant_exposes);
                r->piece = p;
                r->by = pos->board[a];
                rl_add_squares(r, sq, ep, a);
            } else {
                r = rl_add(l, ARB_R_stale_pawn_blocked);
                r->piece = p;
                r->by = pos->board[ahead];
                rl_add_squares(r, sq, ahead, -1);
            }
        } else {
            r = rl_add(l, ARB_R_stale_no_squares);
            r->piece = p;
            arb_reason_add_square(r, sq);
        }
    }
}

int arb_explain_status(const arb_position *pos, arb_reason *out, int cap)
{
    struct rlist l = rlist_make(out, cap);
    arb_state state = arb_position_state(pos);
    if (state == ARB_STATE_ONGOING)
        return 0;
    arb_color us = (arb_color)pos->side;
    int ks = pos->king_square[us];
    arb_piece king = ARB_PIECE(us, ARB_KING);
    arb_reason *r;
    if (state == ARB_STATE_CHECKMATE || state == ARB_STATE_STALEMATE) {
        r = rl_add(&l, state == ARB_STATE_CHECKMATE ? ARB_R_checkmate : ARB_R_stalemate);
        r->piece = king;
        arb_reason_add_square(r, ks);
    }
    arb_bitboard checkers = arb_checkers(pos);
    for (arb_bitboard b = checkers; b;) {
        int c = pop_lsb(&b);
        r = rl_add(&l, ARB_R_check);
        r->piece = king;
        r->by = pos->board[c];
        rl_add_squares(r, ks, c, -1);
    }
    bool single = checkers && !(checkers & (checkers - 1));
    if (checkers && !single) {
        r = rl_add(&l, ARB_R_double_check);
        r->piece = king;
        r->n = popcount(checkers);
        for (arb_bitboard b = checkers; b;)
            arb_reason_add_square(r, pop_lsb(&b));
    }
    if (state == ARB_STATE_CHECK)
        return l.n;
    flights(&l, pos, single ? lsb(checkers) : ARB_NO_SQUARE);
    if (state == ARB_STATE_STALEMATE) {
        stalemated_pieces(&l, pos);
    } else if (single) {
        captures(&l, pos, lsb(checkers));
        blocks(&l, pos, lsb(checkers));
    }
    return l.n;
}
