/* The semi-static proof of unwinnability: a fixpoint over-approximating, for every piece, the
 * squares it can ever reach, then a check that no square the losing king can reach can be a
 * mating square. Sound by construction: every rule only ever adds squares a real game could
 * reach; the assumptions it makes (pawns that stay on their file, pieces that never move) are
 * re-checked against the fixpoint and dropped when they could fail. */
#include "dead_internal.h"

#define ALL_SQUARES (~0ull)
#define NOT_A (~FILE_A_BB)
#define NOT_H (~FILE_H_BB)

static arb_bitboard north(arb_bitboard b) { return b << 8; }
static arb_bitboard south(arb_bitboard b) { return b >> 8; }

static arb_bitboard ortho_step(arb_bitboard b)
{
    return (b << 8) | (b >> 8) | ((b & NOT_H) << 1) | ((b & NOT_A) >> 1);
}

static arb_bitboard diag_step(arb_bitboard b)
{
    return ((b & NOT_H) << 9) | ((b & NOT_A) << 7) | ((b & NOT_H) >> 7) | ((b & NOT_A) >> 9);
}

static arb_bitboard king_step(arb_bitboard b)
{
    return ortho_step(b) | diag_step(b);
}

static arb_bitboard knight_step(arb_bitboard b)
{
    arb_bitboard out = 0;
    while (b)
        out |= arb_knight_attacks[pop_lsb(&b)];
    return out;
}

static arb_bitboard pawn_attacks_bb(arb_color c, arb_bitboard b)
{
    if (c == ARB_WHITE)
        return ((b & NOT_H) << 9) | ((b & NOT_A) << 7);
    return ((b & NOT_H) >> 7) | ((b & NOT_A) >> 9);
}

struct piece {
    uint8_t sq, color, type;
    bool file_locked;     /* assumed: never captures, never captured (pawns only) */
    arb_bitboard reach;
    arb_bitboard bound;   /* squares a file-locked pawn may occupy */
};

struct analysis {
    arb_color winner;
    int n;
    struct piece p[64];
    arb_bitboard orig_occ, orig_color[2];
    arb_bitboard ep_reach[2];     /* the root en passant square, as reached by the pawn that passed */
    /* Derived each round. */
    bool vacate[64];
    arb_bitboard empty, passable[2], reach_nk[2], reach_any[2], perm_att[2];
};

/* Squares a piece of this type on these squares attacks (sliders: one step, which is enough
 * because a slider attacking from afar could also have stepped next to the square). */
static arb_bitboard attack_step(arb_piece_type t, arb_color c, arb_bitboard b)
{
    switch (t) {
    case ARB_PAWN: return pawn_attacks_bb(c, b);
    case ARB_KNIGHT: return knight_step(b);
    case ARB_BISHOP: return diag_step(b);
    case ARB_ROOK: return ortho_step(b);
    default: return king_step(b);
    }
}

static void derive(struct analysis *a)
{
    a->empty = ~a->orig_occ;
    a->passable[0] = ~a->orig_color[0];
    a->passable[1] = ~a->orig_color[1];
    for (int c = 0; c < 2; c++) {
        a->reach_nk[c] = a->ep_reach[c];
        a->reach_any[c] = 0;
        a->perm_att[c] = 0;
    }
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        a->reach_any[p->color] |= p->reach;
        if (p->type != ARB_KING)
            a->reach_nk[p->color] |= p->reach;
    }
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        arb_bitboard at = sq_bb(p->sq);
        bool v = (p->reach & ~at) || (a->reach_any[!p->color] & at);
        a->vacate[i] = v;
        if (v) {
            a->empty |= at;
            a->passable[p->color] |= at;
        } else {
            a->perm_att[p->color] |= attack_step((arb_piece_type)p->type, (arb_color)p->color, at);
        }
    }
}

/* Grows one piece's reach under the current derived sets; returns whether it grew. */
static bool grow(struct analysis *a, struct piece *p)
{
    arb_bitboard old = p->reach, r = old, prev;
    arb_color c = (arb_color)p->color;
    arb_bitboard ok = a->passable[c];
    switch (p->type) {
    case ARB_KING:
        ok &= ~a->perm_att[!c];
        do { prev = r; r |= king_step(r) & ok; } while (r != prev);
        break;
    case ARB_KNIGHT:
        do { prev = r; r |= knight_step(r) & ok; } while (r != prev);
        break;
    case ARB_BISHOP:
        do { prev = r; r |= diag_step(r) & ok; } while (r != prev);
        break;
    case ARB_ROOK:
        do { prev = r; r |= ortho_step(r) & ok; } while (r != prev);
        break;
    case ARB_QUEEN:
        do { prev = r; r |= king_step(r) & ok; } while (r != prev);
        break;
    case ARB_PAWN: {
        if (r == ALL_SQUARES)
            break;
        arb_bitboard promo = c == ARB_WHITE ? RANK_8_BB : RANK_1_BB;
        do {
            prev = r;
            arb_bitboard push = (c == ARB_WHITE ? north(r) : south(r)) & a->empty;
            if (p->file_locked)
                push &= p->bound;
            r |= push;
            if (!p->file_locked)
                r |= pawn_attacks_bb(c, r) & a->reach_nk[!c];
        } while (r != prev);
        if (r & promo)
            r = ALL_SQUARES; /* it may promote to anything, and go anywhere */
        break;
    }
    default:
        break;
    }
    p->reach = r;
    return r != old;
}

/* The squares a file-locked pawn may occupy: its file, not beyond the nearest file-locked enemy
 * pawn ahead (pawns on one file cannot pass each other while both stay on it). */
static void set_bounds(struct analysis *a)
{
    for (int i = 0; i < a->n; i++) {
        struct piece *p = &a->p[i];
        if (p->type != ARB_PAWN || !p->file_locked)
            continue;
        int file = ARB_FILE(p->sq), rank = ARB_RANK(p->sq);
        int lo = 0, hi = 7;
        for (int j = 0; j < a->n; j++) {
            const struct piece *q = &a->p[j];
            if (q->type != ARB_PAWN || !q->file_locked || q->color == p->color || ARB_FILE(q->sq) != file)
                continue;
            int qr = ARB_RANK(q->sq);
            if (p->color == ARB_WHITE && qr > rank && qr - 1 < hi)
                hi = qr - 1;
            if (p->color == ARB_BLACK && qr < rank && qr + 1 > lo)
                lo = qr + 1;
        }
        arb_bitboard b = 0;
        for (int r = lo; r <= hi; r++)
            b |= sq_bb(ARB_SQ(file, r));
        p->bound = b;
    }
}

/* Every reach only grows, and so do the sets the final test builds from them. Once the loser's
 * men, the winner's attacks and the winner king's steps cover every square, and a winner piece
 * other than a bishop can attack the loser king's region, that test is bound to find a mating
 * square: no proof, and no need to finish the fixpoint (this is what open positions hit, every
 * ply of every game). */
static bool hopeless(const struct analysis *a)
{
    arb_bitboard region = 0, other_att = 0, cover = 0;
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        if (p->type == ARB_KING) {
            if (p->color == a->winner)
                cover |= king_step(p->reach);
            else
                region = p->reach;
        } else if (p->color == a->winner) {
            arb_bitboard pa = attack_step((arb_piece_type)p->type, a->winner, p->reach);
            cover |= pa;
            if (p->type != ARB_BISHOP)
                other_att |= pa;
        } else {
            cover |= p->reach;
        }
    }
    return cover == ALL_SQUARES && (other_att & region);
}

/* Runs the fixpoint; false when it stopped early because no proof can come of it. */
static bool saturate(struct analysis *a)
{
    bool changed = true;
    while (changed) {
        changed = false;
        derive(a);
        for (int i = 0; i < a->n; i++)
            if (grow(a, &a->p[i]))
                changed = true;
        if (changed && hopeless(a))
            return false;
    }
    derive(a);
    return true;
}

/* Drops file-locked pawns whose assumption the fixpoint contradicts; returns whether any. */
static bool drop_broken_locks(struct analysis *a)
{
    bool dropped = false;
    for (int i = 0; i < a->n; i++) {
        struct piece *p = &a->p[i];
        if (p->type != ARB_PAWN || !p->file_locked)
            continue;
        arb_color c = (arb_color)p->color;
        bool can_capture = (pawn_attacks_bb(c, p->reach) & a->reach_nk[!c]) != 0;
        bool can_be_captured = (p->reach & a->reach_any[!c]) != 0;
        if (can_capture || can_be_captured) {
            p->file_locked = false;
            dropped = true;
        }
    }
    return dropped;
}

/* False when the analysis stopped early: no proof for `winner` can come of it. */
static bool analyse(struct analysis *a, const arb_position *pos, arb_color winner)
{
    a->winner = winner;
    a->n = 0;
    a->orig_occ = arb_occupied(pos);
    a->orig_color[0] = pos->by_color[0];
    a->orig_color[1] = pos->by_color[1];
    a->ep_reach[0] = a->ep_reach[1] = 0;
    if (pos->ep_square < 64)
        a->ep_reach[!pos->side] = sq_bb(pos->ep_square);
    arb_bitboard occ = a->orig_occ;
    while (occ) {
        int sq = pop_lsb(&occ);
        arb_piece pc = pos->board[sq];
        struct piece *p = &a->p[a->n++];
        p->sq = (uint8_t)sq;
        p->color = ARB_PIECE_COLOR(pc);
        p->type = ARB_PIECE_TYPE(pc);
        p->file_locked = p->type == ARB_PAWN;
        p->reach = sq_bb(sq);
        p->bound = 0;
    }
    do {
        set_bounds(a);
        if (!saturate(a))
            return false;
    } while (drop_broken_locks(a));
    return true;
}

/* Loser pieces (not the king) whose reach meets `squares`. */
static int blockers_for(const struct analysis *a, arb_color loser, arb_bitboard squares)
{
    int n = 0;
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        if (p->color == loser && p->type != ARB_KING && (p->reach & squares))
            n++;
    }
    return n;
}

/* Whether the loser can cover `need` (flight squares that no winner piece can ever attack) with
 * its own men: every square must be reachable by some loser piece, and there must be at least
 * as many such pieces as squares (each stands on one square). */
static bool blockable(const struct analysis *a, arb_color loser, arb_bitboard need)
{
    arb_bitboard can = 0;
    for (int i = 0; i < a->n; i++)
        if (a->p[i].color == loser && a->p[i].type != ARB_KING)
            can |= a->p[i].reach;
    if (need & ~can)
        return false;
    return popcount(need) <= blockers_for(a, loser, need);
}

/* The diagonal neighbours of k on each of its two diagonals (a1-h8 and a8-h1 directions). */
static arb_bitboard diag_line_neighbours(int k, int line)
{
    arb_bitboard b = sq_bb(k);
    if (line == 0)
        return ((b & NOT_H) << 9) | ((b & NOT_A) >> 9);
    return ((b & NOT_A) << 7) | ((b & NOT_H) >> 7);
}

/* When every winner piece that could ever attack the loser king's region is a bishop of one
 * colour (the winner's king aside), a mate on k needs each flight square of the other colour
 * covered by the winner's king or blocked by a loser piece, and, with a single such bishop, the
 * two flight squares on the diagonal the check does not come along also covered by the king or
 * blocked (the checking bishop covers only its own diagonal). True when that is impossible. */
static bool bishop_mate_impossible(const struct analysis *a, arb_color winner, int k, arb_bitboard region,
                                   arb_bitboard king_cover, int nbishops)
{
    arb_color loser = !winner;
    arb_bitboard color = (sq_bb(k) & DEAD_DARK_SQUARES) ? DEAD_DARK_SQUARES : ~DEAD_DARK_SQUARES;
    arb_bitboard flights = arb_king_attacks[k] & region & ~king_cover;
    arb_bitboard other = flights & ~color;
    if (nbishops >= 2)
        return !blockable(a, loser, other);
    for (int line = 0; line < 2; line++) {
        /* the check comes along `line`: the other diagonal's neighbours need cover */
        arb_bitboard need = other | (flights & diag_line_neighbours(k, !line));
        if (blockable(a, loser, need))
            return false;
    }
    return true;
}

static int find_king(const struct analysis *a, arb_color c)
{
    for (int i = 0; i < a->n; i++)
        if (a->p[i].type == ARB_KING && a->p[i].color == c)
            return i;
    return -1;
}

bool dead_static_cannot_mate(const arb_position *pos, arb_color winner, arb_reason *why)
{
    if (pos->variant == ARB_CHESS960) {
        for (int c = 0; c < 2; c++)
            for (int s = 0; s < 2; s++)
                if (pos->castle_rook[c][s] != ARB_NO_SQUARE)
                    return false;
    }
    struct analysis a;
    if (!analyse(&a, pos, winner))
        return false;
    arb_color loser = !winner;
    int lk = find_king(&a, loser), wk = find_king(&a, winner);
    if (lk < 0 || wk < 0)
        return false;
    arb_bitboard region = a.p[lk].reach;
    arb_bitboard att = 0, loser_occ = 0, other_att = 0, bishop_reach = 0;
    int nbishops = 0;
    for (int i = 0; i < a.n; i++) {
        const struct piece *p = &a.p[i];
        if (p->type == ARB_KING)
            continue;
        arb_bitboard pa = attack_step((arb_piece_type)p->type, winner, p->reach);
        if (p->color == winner) {
            att |= pa;
            if (p->type == ARB_BISHOP) {
                if (pa & region) {
                    bishop_reach |= p->reach;
                    nbishops++;
                }
            } else {
                other_att |= pa;
            }
        } else {
            loser_occ |= p->reach;
        }
    }
    arb_bitboard king_cover = king_step(a.p[wk].reach);
    arb_bitboard covered = loser_occ | att | king_cover;
    arb_bitboard candidates = region & att;
    /* only bishops of one colour can ever attack the region: the finer test applies */
    bool bishops_only = !(other_att & region) && nbishops > 0 &&
                        (!(bishop_reach & DEAD_DARK_SQUARES) || !(bishop_reach & ~DEAD_DARK_SQUARES));
    arb_bitboard mating = 0;
    for (arb_bitboard b = candidates; b;) {
        int k = pop_lsb(&b);
        arb_bitboard flights = arb_king_attacks[k] & region;
        if ((flights & ~covered) != 0)
            continue;
        if (bishops_only && bishop_mate_impossible(&a, winner, k, region, king_cover, nbishops))
            continue;
        mating |= sq_bb(k);
    }
    if (mating)
        return false;
    if (why) {
        *why = arb_reason_make(candidates ? ARB_R_cannot_mate_no_mating_square : ARB_R_cannot_mate_locked);
        why->piece = ARB_PIECE(loser, ARB_KING);
        why->n = popcount(region);
        /* The pawns that never move: the walls of the structure. */
        for (int i = 0; i < a.n && why->nsquares < ARB_REASON_MAX_SQUARES; i++)
            if (a.p[i].type == ARB_PAWN && !a.vacate[i])
                arb_reason_add_square(why, a.p[i].sq);
    }
    return true;
}
