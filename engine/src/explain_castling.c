/* Why castling is not allowed: the conditions lost for good (3.8.2.1: king or rook moved or
 * captured, right absent) and those that only prevent it now (3.8.2.2: check, attacked
 * squares, pieces in the way), every one that fails. Standard chess and Chess960 alike. */
#include "explain_internal.h"

/* Why the right is gone: from the history when it shows the move that lost it, else from the
 * board. Returns the rook square to judge the temporary conditions with, or ARB_NO_SQUARE. */
static int lost_right(struct rlist *l, const arb_position *pos, const arb_game *hist, arb_color color, int side)
{
    arb_piece king = ARB_PIECE(color, ARB_KING), rook = ARB_PIECE(color, ARB_ROOK);
    int back = color == ARB_WHITE ? 0 : 7, ks = pos->king_square[color];
    arb_reason *r;
    for (int ply = 0; hist && ply < hist->nplies; ply++) {
        const arb_position *b = &hist->positions[ply];
        int rs = b->castle_rook[color][side];
        if (rs == ARB_NO_SQUARE || hist->positions[ply + 1].castle_rook[color][side] != ARB_NO_SQUARE)
            continue;
        arb_move m = hist->moves[ply];
        int mf = ARB_MOVE_FROM(m), mt = ARB_MOVE_TO(m);
        if (b->side == color && ARB_MOVE_KIND(m) == ARB_MOVE_CASTLE) {
            r = rl_add(l, ARB_R_castling_already_castled);
            r->piece = king;
        } else if (b->side == color && mf == b->king_square[color]) {
            r = rl_add(l, ARB_R_castling_king_moved);
            r->piece = king;
            rl_add_squares(r, mf, mt, -1);
        } else if (b->side == color) {
            r = rl_add(l, ARB_R_castling_rook_moved);
            r->piece = rook;
            rl_add_squares(r, mf, mt, -1);
        } else {
            r = rl_add(l, ARB_R_castling_rook_captured);
            r->piece = rook;
            r->by = b->board[mf];
            arb_reason_add_square(r, rs);
        }
        r->side = (uint8_t)side;
        arb_explain_history_move(hist, ply, r);
        goto board_rook;
    }
    r = rl_add(l, ARB_R_castling_right_lost);
    r->piece = king;
    r->side = (uint8_t)side;
    if (pos->variant == ARB_STANDARD) {
        int home = ARB_SQ(4, back), corner = ARB_SQ(side == ARB_KINGSIDE ? 7 : 0, back);
        if (ks != home) {
            r = rl_add(l, ARB_R_castling_king_displaced);
            r->piece = king;
            r->side = (uint8_t)side;
            rl_add_squares(r, home, ks, -1);
        }
        if (pos->board[corner] != rook) {
            r = rl_add(l, ARB_R_castling_no_rook);
            r->piece = rook;
            r->side = (uint8_t)side;
            arb_reason_add_square(r, corner);
        }
    } else if (ARB_RANK(ks) == back) {
        bool any = false;
        for (int f = side == ARB_KINGSIDE ? ARB_FILE(ks) + 1 : 0; f < (side == ARB_KINGSIDE ? 8 : ARB_FILE(ks)); f++)
            any |= pos->board[ARB_SQ(f, back)] == rook;
        if (!any) {
            r = rl_add(l, ARB_R_castling960_no_rook);
            r->piece = rook;
            r->side = (uint8_t)side;
        }
    }
board_rook:
    /* Standard chess with king and rook back home: the temporary conditions still say something. */
    if (pos->variant == ARB_STANDARD && ks == ARB_SQ(4, back)) {
        int corner = ARB_SQ(side == ARB_KINGSIDE ? 7 : 0, back);
        if (pos->board[corner] == rook)
            return corner;
    }
    return ARB_NO_SQUARE;
}

/* The conditions of 3.8.2.2 for king on ks and rook on rs. */
static void now_prevented(struct rlist *l, const arb_position *pos, arb_color color, int side, int ks, int rs)
{
    arb_color them = (arb_color)!color;
    arb_bitboard occ = arb_occupied(pos);
    int kto = castle_king_to(color, side), rto = castle_rook_to(color, side);
    arb_reason *r;
    arb_bitboard checkers = arb_attackers(pos, ks, them, occ);
    if (checkers) {
        r = rl_add(l, ARB_R_castling_in_check);
        r->piece = ARB_PIECE(color, ARB_KING);
        r->side = (uint8_t)side;
        r->by = pos->board[lsb(checkers)];
        r->n = popcount(checkers);
        for (arb_bitboard b = checkers; b;)
            arb_reason_add_square(r, pop_lsb(&b));
    }
    arb_bitboard movers = sq_bb(ks) | sq_bb(rs);
    arb_bitboard king_path = arb_between[ks][kto] | sq_bb(kto);
    arb_bitboard blocked = (king_path | arb_between[rs][rto] | sq_bb(rto)) & ~movers & occ;
    while (blocked) {
        int s = pop_lsb(&blocked);
        r = rl_add(l, ARB_R_castling_path_blocked);
        r->side = (uint8_t)side;
        r->by = pos->board[s];
        arb_reason_add_square(r, s);
        /* 3.8.2.2 speaks of the squares between king and rook; in Chess960 the squares that
         * must be empty are those both pieces cross or land on (Guidelines II.3.2.7's notes) */
        if (pos->variant != ARB_STANDARD)
            arb_reason_cite(r, "II.3.2.7");
    }
    /* Every square named must be true of the board: the squares the king crosses are judged
     * on the board before castling (with the king still home, a line through its square is a
     * check, which castling_in_check says), the square it lands on after castling (king and
     * rook on their new squares: the rook may now shield it, or no longer shield it). */
    arb_bitboard crossed = arb_between[ks][kto];
    while (crossed) {
        int s = kto > ks ? lsb(crossed) : 63 - __builtin_clzll(crossed);
        crossed &= ~sq_bb(s);
        arb_bitboard att = arb_attackers(pos, s, them, occ);
        if (!att)
            continue;
        r = rl_add(l, ARB_R_castling_through_attack);
        r->side = (uint8_t)side;
        r->by = pos->board[lsb(att)];
        rl_add_squares(r, s, lsb(att), -1);
    }
    if (kto == ks && checkers)
        return; /* the king already stands on its castled square: castling_in_check says it */
    arb_bitboard occ_after = (occ & ~movers) | sq_bb(kto) | sq_bb(rto);
    arb_bitboard att = arb_attackers(pos, kto, them, occ_after);
    if (!att)
        return;
    int a = lsb(att);
    /* Not attacked before castling, through the rook's square: the rook was shielding it. */
    bool uncovered = !(arb_attackers(pos, kto, them, occ) & sq_bb(a)) && (arb_between[a][kto] & sq_bb(rs));
    r = rl_add(l, uncovered ? ARB_R_castling_attack_uncovered : ARB_R_castling_into_attack);
    r->side = (uint8_t)side;
    r->by = pos->board[a];
    rl_add_squares(r, kto, a, uncovered ? rs : -1);
}

int arb_explain_castling(const arb_position *pos, const arb_game *history, arb_color color, int side,
                         arb_reason *out, int cap)
{
    if (!pos || (color != ARB_WHITE && color != ARB_BLACK) || (side != ARB_KINGSIDE && side != ARB_QUEENSIDE))
        return -1;
    struct rlist l = rlist_make(out, cap);
    int ks = pos->king_square[color];
    if (ks == ARB_NO_SQUARE || pos->board[ks] != ARB_PIECE(color, ARB_KING)) {
        arb_reason *r = rl_add(&l, ARB_R_castling_right_lost);
        r->piece = ARB_PIECE(color, ARB_KING);
        r->side = (uint8_t)side;
        return l.n;
    }
    int rs = pos->castle_rook[color][side];
    if (rs == ARB_NO_SQUARE)
        rs = lost_right(&l, pos, arb_explain_history(history, pos), color, side);
    if (rs != ARB_NO_SQUARE)
        now_prevented(&l, pos, color, side, ks, rs);
    return l.n;
}

bool arb_castling_reason_permanent(unsigned code)
{
    switch (code) {
    case ARB_R_castling_king_moved:
    case ARB_R_castling_already_castled:
    case ARB_R_castling_rook_moved:
    case ARB_R_castling_rook_captured:
    case ARB_R_castling_right_lost:
    case ARB_R_castling_king_displaced:
    case ARB_R_castling_no_rook:
    case ARB_R_castling960_no_rook:
        return true;
    default:
        return false;
    }
}
