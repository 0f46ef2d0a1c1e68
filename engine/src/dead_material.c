/* Material alone: insufficient material (5.2.2, declared in rules.h) and the material theorems that prove one side
 * can never mate whatever the other side does (6.9). */
#include "dead_internal.h"
#include "arbiter/rules.h"

static void add_squares(arb_reason *r, arb_bitboard b)
{
    while (b && r->nsquares < ARB_REASON_MAX_SQUARES)
        arb_reason_add_square(r, pop_lsb(&b));
}

bool arb_insufficient_material(const arb_position *pos, arb_reason *why)
{
    if (!pos)
        return false;
    arb_bitboard heavy = pos->by_type[ARB_PAWN] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN];
    if (heavy)
        return false;
    arb_bitboard knights = pos->by_type[ARB_KNIGHT], bishops = pos->by_type[ARB_BISHOP];
    arb_bitboard minors = knights | bishops;
    arb_reason r;
    if (!minors) {
        r = arb_reason_make(ARB_R_material_kings_only);
    } else if (popcount(minors) == 1) {
        int sq = lsb(minors);
        r = arb_reason_make(ARB_R_material_lone_minor);
        r.piece = pos->board[sq];
        arb_reason_add_square(&r, sq);
    } else if (!knights && (!(bishops & DEAD_DARK_SQUARES) || !(bishops & ~DEAD_DARK_SQUARES))) {
        r = arb_reason_make(ARB_R_material_bishops_one_color);
        r.n = popcount(bishops);
        add_squares(&r, bishops);
    } else {
        return false;
    }
    if (why)
        *why = r;
    return true;
}

/* K+N against K and queens only: a knight check on a king leaves the orthogonal neighbour beside
 * the knight's "elbow" uncovered by the mating side's king, and a queen standing there would
 * capture the knight; so the king always has a flight square or the knight is taken. */
static bool knight_v_queens(const arb_position *pos, arb_color winner)
{
    arb_bitboard own = pos->by_color[winner] & ~pos->by_type[ARB_KING];
    arb_bitboard other = pos->by_color[!winner] & ~pos->by_type[ARB_KING];
    return popcount(own) == 1 && (own & pos->by_type[ARB_KNIGHT]) &&
           (other & ~pos->by_type[ARB_QUEEN]) == 0;
}

/* Bishops of one colour (and the king) against no pawns, no knights and no bishops of the other
 * colour: the checked king stands on the bishops' colour; of the two orthogonal neighbours
 * beside the check line, the mating king can cover at most one, and the other is a flight
 * square or holds a rook or queen that captures the checker or blocks the check. */
static bool bishops_one_color(const arb_position *pos, arb_color winner)
{
    arb_bitboard own = pos->by_color[winner] & ~pos->by_type[ARB_KING];
    arb_bitboard bishops = own & pos->by_type[ARB_BISHOP];
    if (!own || own != bishops)
        return false;
    arb_bitboard color = (bishops & DEAD_DARK_SQUARES) ? DEAD_DARK_SQUARES : ~DEAD_DARK_SQUARES;
    if (bishops & ~color)
        return false;
    arb_bitboard other = pos->by_color[!winner];
    if (other & (pos->by_type[ARB_PAWN] | pos->by_type[ARB_KNIGHT]))
        return false;
    return (other & pos->by_type[ARB_BISHOP] & ~color) == 0;
}

bool dead_material_cannot_mate(const arb_position *pos, arb_color winner, arb_reason *why)
{
    arb_bitboard own = pos->by_color[winner] & ~pos->by_type[ARB_KING];
    if (own & pos->by_type[ARB_PAWN])
        return false;
    if (!own) {
        if (why) {
            *why = arb_reason_make(ARB_R_cannot_mate_bare_king);
            why->piece = ARB_PIECE(winner, ARB_KING);
        }
        return true;
    }
    if (pos->by_color[!winner] & pos->by_type[ARB_PAWN])
        return false;
    if (knight_v_queens(pos, winner)) {
        if (why) {
            /* against a bare king "nothing but queens to block with" would be vacuous */
            bool bare = (pos->by_color[!winner] & ~pos->by_type[ARB_KING]) == 0;
            *why = arb_reason_make(bare ? ARB_R_cannot_mate_knight_v_bare_king : ARB_R_cannot_mate_knight_v_queens);
            why->piece = ARB_PIECE(winner, ARB_KNIGHT);
            arb_reason_add_square(why, lsb(own));
        }
        return true;
    }
    if (bishops_one_color(pos, winner)) {
        if (why) {
            /* one bishop has its own sentence: "all of its 1 bishops" misleads */
            bool lone = popcount(own) == 1;
            bool bare = (pos->by_color[!winner] & ~pos->by_type[ARB_KING]) == 0;
            *why = arb_reason_make(!lone ? ARB_R_cannot_mate_bishops_one_color
                                         : bare ? ARB_R_cannot_mate_bishop_v_bare_king : ARB_R_cannot_mate_lone_bishop);
            why->piece = ARB_PIECE(winner, ARB_BISHOP);
            if (!lone)
                why->n = popcount(own);
            add_squares(why, own);
        }
        return true;
    }
    return false;
}
