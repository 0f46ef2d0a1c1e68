/* Touch-move (FIDE 4.3-4.5): from the pieces touched, in order, the moves the player may still
 * choose from, with the clause that decides it. */
#include <string.h>

#include "arbiter/movegen.h"
#include "arbiter/procedures.h"

arb_touch arb_touch_none(void)
{
    arb_touch t;
    memset(&t, 0, sizeof t);
    t.promo_square = ARB_NO_SQUARE;
    t.promo_type = ARB_NO_TYPE;
    return t;
}

struct ctx {
    const arb_position *pos;
    arb_move legal[ARB_MAX_MOVES];
    int nlegal;
    arb_move no_castle; /* castling forbidden by 4.4.2, or ARB_MOVE_NONE */
    arb_touch_result *out;
};

static arb_reason *add(struct ctx *c, arb_reason_code code, int sq)
{
    arb_touch_result *o = c->out;
    arb_reason *r = &o->reasons[o->nreasons < ARB_TOUCH_MAX_REASONS ? o->nreasons++ : ARB_TOUCH_MAX_REASONS];
    *r = arb_reason_make(code);
    if (sq != ARB_NO_SQUARE) {
        r->piece = c->pos->board[sq];
        arb_reason_add_square(r, sq);
    }
    return r;
}

/* The square of the piece a move captures, or ARB_NO_SQUARE. */
static int captured_square(const arb_position *pos, arb_move m)
{
    int to = ARB_MOVE_TO(m);
    if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLE)
        return ARB_NO_SQUARE;
    if (ARB_MOVE_KIND(m) == ARB_MOVE_EN_PASSANT)
        return pos->side == ARB_WHITE ? to - 8 : to + 8;
    return pos->board[to] ? to : ARB_NO_SQUARE;
}

/* Collects the legal moves matching: from == `from` (unless NO_SQUARE) and capturing `victim`
 * (unless NO_SQUARE). Returns how many; writes them to the result when `keep`. */
static int collect(struct ctx *c, int from, int victim, bool keep)
{
    int n = 0;
    for (int i = 0; i < c->nlegal; i++) {
        arb_move m = c->legal[i];
        if (m == c->no_castle)
            continue;
        if (from != ARB_NO_SQUARE && ARB_MOVE_FROM(m) != from)
            continue;
        if (victim != ARB_NO_SQUARE && captured_square(c->pos, m) != victim)
            continue;
        if (keep)
            c->out->moves[c->out->nmoves++] = m;
        n++;
    }
    return n;
}

static bool bind(struct ctx *c, int from, int victim)
{
    if (collect(c, from, victim, false) == 0)
        return false;
    c->out->nmoves = 0;
    collect(c, from, victim, true);
    c->out->binding_square = from != ARB_NO_SQUARE ? from : victim;
    return true;
}

static void any_move(struct ctx *c)
{
    c->out->any = true;
    c->out->binding_square = ARB_NO_SQUARE;
    c->out->nmoves = 0;
    collect(c, ARB_NO_SQUARE, ARB_NO_SQUARE, true);
}

/* The castling side a rook on sq stands for (relative to the king), or -1 if not on its rank. */
static int rook_side(const arb_position *pos, int sq)
{
    int k = pos->king_square[pos->side];
    if (ARB_RANK(sq) != ARB_RANK(k) || ARB_PIECE_TYPE(pos->board[sq]) != ARB_ROOK)
        return -1;
    return ARB_FILE(sq) > ARB_FILE(k) ? ARB_KINGSIDE : ARB_QUEENSIDE;
}

static bool is_own_king(const arb_position *pos, int sq)
{
    return pos->board[sq] == ARB_PIECE(pos->side, ARB_KING);
}

/* 4.3: the general rule over the touched pieces in order. */
static void general(struct ctx *c, const int *seq, int n)
{
    const arb_position *pos = c->pos;
    int own = ARB_NO_SQUARE, opp = ARB_NO_SQUARE;
    for (int i = 0; i < n; i++) {
        bool mine = ARB_PIECE_COLOR(pos->board[seq[i]]) == pos->side;
        if (mine && own == ARB_NO_SQUARE)
            own = seq[i];
        if (!mine && opp == ARB_NO_SQUARE)
            opp = seq[i];
    }
    if (own != ARB_NO_SQUARE && opp != ARB_NO_SQUARE) { /* 4.3.3 */
        if (bind(c, own, opp)) {
            arb_reason *r = add(c, ARB_R_touch_capture_with, own);
            r->by = pos->board[opp];
            arb_reason_add_square(r, opp);
            return;
        }
        arb_reason *r = add(c, ARB_R_touch_capture_with_illegal, own);
        r->by = pos->board[opp];
        arb_reason_add_square(r, opp);
    }
    for (int i = 0; i < n; i++) {
        int sq = seq[i];
        bool mine = ARB_PIECE_COLOR(pos->board[sq]) == pos->side;
        if (mine ? bind(c, sq, ARB_NO_SQUARE) : bind(c, ARB_NO_SQUARE, sq)) {
            add(c, mine ? ARB_R_touch_move_piece : ARB_R_touch_capture_piece, sq);
            return;
        }
        add(c, mine ? ARB_R_touch_cannot_move : ARB_R_touch_cannot_be_captured, sq);
    }
    if (n > 0) /* only empty squares touched: touch_empty_square said it; no "touched pieces" */
        add(c, ARB_R_touch_none_movable, ARB_NO_SQUARE);
    any_move(c);
}

static void promotion(struct ctx *c, const arb_touch *t)
{
    arb_touch_result *o = c->out;
    if (t->promo_square >= 64 || t->promo_type < ARB_KNIGHT || t->promo_type > ARB_QUEEN)
        return;
    int kept = 0;
    for (int i = 0; i < o->nmoves; i++) {
        arb_move m = o->moves[i];
        if (ARB_MOVE_IS_PROMO(m) && ARB_MOVE_TO(m) == t->promo_square && ARB_MOVE_PROMO_TYPE(m) == t->promo_type)
            o->moves[kept++] = m;
    }
    if (kept == 0)
        return; /* that promotion is not among the moves allowed: the touch decides nothing */
    o->nmoves = kept;
    o->any = false;
    arb_reason *r = add(c, ARB_R_touch_promotion_fixed, ARB_NO_SQUARE);
    r->piece = ARB_PIECE(c->pos->side, t->promo_type);
    arb_reason_add_square(r, t->promo_square);
}

arb_status arb_touch_obligation(const arb_position *pos, const arb_touch *t, arb_touch_result *out)
{
    memset(out, 0, sizeof *out);
    out->binding_square = ARB_NO_SQUARE;
    if (t->count < 0 || t->count > ARB_TOUCH_MAX)
        return ARB_ERR_RANGE;
    for (int i = 0; i < t->count; i++)
        if (t->squares[i] >= 64)
            return ARB_ERR_RANGE;
    struct ctx c = {.pos = pos, .no_castle = ARB_MOVE_NONE, .out = out};
    c.nlegal = arb_legal_moves(pos, c.legal);

    /* the pieces touched, in order, each once; empty squares are noted and skipped */
    int seq[ARB_TOUCH_MAX], n = 0;
    for (int i = 0; i < t->count; i++) {
        int sq = t->squares[i];
        bool seen = false;
        for (int j = 0; j < n; j++)
            seen |= seq[j] == sq;
        if (seen)
            continue;
        if (!pos->board[sq]) {
            add(&c, ARB_R_touch_empty_square, ARB_NO_SQUARE);
            arb_reason_add_square(&out->reasons[out->nreasons - 1], sq);
            continue;
        }
        seq[n++] = sq;
    }

    if (n >= 2 && is_own_king(pos, seq[0]) && rook_side(pos, seq[1]) >= 0 &&
        ARB_PIECE_COLOR(pos->board[seq[1]]) == pos->side) {
        /* king, then rook: the player castles (4.4.1) or, when that is illegal, moves the king (4.4.3) */
        int side = rook_side(pos, seq[1]);
        arb_move castle = ARB_MAKE_MOVE(seq[0], seq[1], ARB_MOVE_CASTLE);
        bool legal = pos->castle_rook[pos->side][side] == seq[1] && arb_is_legal(pos, castle);
        if (legal) {
            out->moves[out->nmoves++] = castle;
            out->binding_square = seq[0];
            add(&c, ARB_R_touch_must_castle, ARB_NO_SQUARE)->side = (uint8_t)side;
        } else if (bind(&c, seq[0], ARB_NO_SQUARE)) {
            add(&c, ARB_R_touch_castle_illegal, ARB_NO_SQUARE)->side = (uint8_t)side;
        } else {
            add(&c, ARB_R_touch_castle_illegal_stuck, ARB_NO_SQUARE)->side = (uint8_t)side;
            any_move(&c);
        }
    } else {
        if (n >= 2 && rook_side(pos, seq[0]) >= 0 && ARB_PIECE_COLOR(pos->board[seq[0]]) == pos->side) {
            for (int i = 1; i < n; i++) {
                if (!is_own_king(pos, seq[i]))
                    continue;
                /* rook, then king: no castling on that side this move (4.4.2); then 4.3.1 */
                int side = rook_side(pos, seq[0]);
                c.no_castle = ARB_MAKE_MOVE(seq[i], seq[0], ARB_MOVE_CASTLE);
                arb_reason *r = add(&c, ARB_R_touch_rook_first_no_castle, seq[0]);
                r->side = (uint8_t)side;
                break;
            }
        }
        general(&c, seq, n);
    }
    if (t->promo_square != ARB_NO_SQUARE)
        promotion(&c, t);
    return ARB_OK;
}
