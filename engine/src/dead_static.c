/* The semi-static proof of unwinnability: a fixpoint over-approximating, for every piece, the
 * squares it can ever reach, then a check that no square the losing king can reach can be a
 * mating square. Sound by construction: every rule only ever adds squares a real game could
 * reach; the assumptions it makes (pawns that stay on their file, pieces that never move) are
 * re-checked against the fixpoint and dropped when they could fail. */
#include "dead_internal.h"
#include "arbiter/movegen.h"

#define ALL_SQUARES (~0ull)
#define NOT_A (~FILE_A_BB)
#define NOT_H (~FILE_H_BB)

static int msb(arb_bitboard b) { return 63 - __builtin_clzll(b); }
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

/* Every knight jump from any square of b at once: one or two files over, then two or one
 * ranks (the masks drop what would wrap around the board's edge). */
static arb_bitboard knight_step(arb_bitboard b)
{
    arb_bitboard l1 = (b >> 1) & 0x7F7F7F7F7F7F7F7Full, l2 = (b >> 2) & 0x3F3F3F3F3F3F3F3Full;
    arb_bitboard r1 = (b << 1) & 0xFEFEFEFEFEFEFEFEull, r2 = (b << 2) & 0xFCFCFCFCFCFCFCFCull;
    arb_bitboard h1 = l1 | r1, h2 = l2 | r2;
    return (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
}

static arb_bitboard pawn_attacks_bb(arb_color c, arb_bitboard b)
{
    if (c == ARB_WHITE)
        return ((b & NOT_H) << 9) | ((b & NOT_A) << 7);
    return ((b & NOT_H) >> 7) | ((b & NOT_A) >> 9);
}

struct piece {
    uint8_t sq, color, type;
    bool stays;           /* assumed: never captures, so never leaves its file (pawns only) */
    bool kept;            /* assumed: never captured (pawns only) */
    bool order_bound;     /* its bound needs more than an enemy pawn ahead that never moves off */
    bool final;           /* assumed: only the enemy king can capture it, and that capture ends
                           * the game (its side is left without a legal move) */
    arb_bitboard reach;
    arb_bitboard bound;   /* squares a pawn that stays may occupy */
};

struct analysis {
    arb_color winner;
    bool plain_order;             /* bounds from enemy pawns only (to tell when the rest mattered) */
    int n;
    struct piece p[64];
    arb_bitboard orig_occ, orig_color[2];
    arb_bitboard ep_reach[2];     /* the root en passant square, as reached by the pawn that passed */
    bool castling[2];             /* the root's castling rights, per side */
    const arb_position *root;
    /* Derived each round. */
    bool vacate[64];
    arb_bitboard empty, passable[2], reach_nk[2], perm_att[2];
    /* Squares where a man of each colour may ever capture: a piece's reach, a pawn's diagonal
     * steps from its reach unless it stays on its file (pushes never capture); capture_nk
     * leaves out the king, kreach is the king's reach. */
    arb_bitboard capture[2], capture_nk[2], kreach[2];
    arb_bitboard final_sq[2];     /* squares of the men assumed `final`, per colour */
    arb_bitboard fixed;           /* squares of the men that never vacate them */
};

/* Squares a piece of this type on these squares attacks (sliders: one step, which is enough
 * because a slider attacking from afar could also have stepped next to the square). */
static arb_bitboard attack_step(arb_piece_type t, arb_color c, arb_bitboard b)
{
    switch (t) {
    case ARB_PAWN: return b == ALL_SQUARES ? ALL_SQUARES : pawn_attacks_bb(c, b); /* promoted: anything */
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
        a->capture_nk[c] = a->kreach[c] = a->final_sq[c] = 0;
        a->perm_att[c] = 0;
    }
    a->fixed = 0;
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        if (p->type == ARB_KING)
            a->kreach[p->color] |= p->reach;
        else if (p->type != ARB_PAWN || p->reach == ALL_SQUARES)
            a->capture_nk[p->color] |= p->reach;
        else if (!p->stays)
            a->capture_nk[p->color] |= pawn_attacks_bb((arb_color)p->color, p->reach);
        if (p->type != ARB_KING)
            a->reach_nk[p->color] |= p->reach;
        if (p->final)
            a->final_sq[p->color] |= sq_bb(p->sq);
    }
    for (int c = 0; c < 2; c++)
        a->capture[c] = a->capture_nk[c] | a->kreach[c];
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        arb_bitboard at = sq_bb(p->sq);
        /* the pawn that just passed the root en passant square is captured from behind it */
        arb_bitboard taken_at = at | (p->type == ARB_PAWN ? a->ep_reach[p->color] & (north(at) | south(at)) : 0);
        /* a `final` man is taken only as the last move of the game: it never leaves before */
        arb_bitboard takers = p->final ? a->capture_nk[!p->color] : a->capture[!p->color];
        bool v = (p->reach & ~at) || (takers & taken_at);
        a->vacate[i] = v;
        if (v) {
            a->empty |= at;
            a->passable[p->color] |= at;
        } else {
            a->fixed |= at;
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
    case ARB_KING: {
        /* the king may capture a `final` man, but that ends the game: it goes no further */
        arb_bitboard stop = a->final_sq[!c];
        ok &= ~a->perm_att[!c];
        do { prev = r; r |= king_step(r & ~stop) & ok & ~stop; } while (r != prev);
        r |= king_step(r & ~stop) & ok & stop;
        break;
    }
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
            if (p->stays)
                push &= p->bound;
            r |= push;
            if (!p->stays)
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

/* The squares a pawn that stays on its file may occupy: the ranks between the pawns of its file
 * that it can never pass. Why this is sound: let P stay on its file (never captures) and let Q
 * be another pawn of that file that never captures and is never captured. While P is on the
 * board, neither can jump over the other: a push lands on an empty square and a double step
 * also needs the square it passes empty, so P stays on the side of Q it started on.
 *  - Q an enemy pawn ahead of P (they move towards each other): Q cannot promote without
 *    passing P, so while P lives Q is a pawn on the file, strictly ahead of P, and no further
 *    back than where it started: P stays short of Q's starting square.
 *  - Q an own pawn ahead of P (same direction): while Q is a pawn on the file P stays short of
 *    it, so short of the furthest square Q can ever reach; if Q can promote it leaves the
 *    file and P is not bounded by it.
 * Enemy pawns behind P never matter (they move away), nor do own pawns behind it.
 * Q's reach only grows during the fixpoint, so these bounds only widen. */
static void set_bounds(struct analysis *a)
{
    /* The pawns that can bound others (never captured, never capturing), by file: at most six
     * fit on one file. Indexing them first keeps this linear, not quadratic, in the men. */
    int onfile[8][6], count[8] = {0};
    for (int j = 0; j < a->n; j++) {
        const struct piece *q = &a->p[j];
        int f = ARB_FILE(q->sq);
        if (q->type == ARB_PAWN && q->stays && q->kept && count[f] < 6)
            onfile[f][count[f]++] = j;
    }
    for (int i = 0; i < a->n; i++) {
        struct piece *p = &a->p[i];
        if (p->type != ARB_PAWN || !p->stays)
            continue;
        int file = ARB_FILE(p->sq);
        bool white = p->color == ARB_WHITE;
        /* Relative ranks: 0 is the pawn's own first rank, 7 its promotion rank. */
        int rank = white ? ARB_RANK(p->sq) : 7 - ARB_RANK(p->sq);
        int hi = 7, hi_plain = 7; /* hi_plain: only enemy pawns that never leave, for a kept P */
        for (int k = 0; k < count[file]; k++) {
            int j = onfile[file][k];
            const struct piece *q = &a->p[j];
            if (j == i)
                continue;
            int qr = white ? ARB_RANK(q->sq) : 7 - ARB_RANK(q->sq);
            if (qr <= rank)
                continue; /* behind P */
            int limit;
            if (q->color != p->color) {
                limit = qr - 1;
                if (p->kept && limit < hi_plain)
                    hi_plain = limit;
            } else {
                arb_bitboard promo = white ? RANK_8_BB : RANK_1_BB;
                if (q->reach & promo)
                    continue;
                arb_bitboard on_file = q->reach & (FILE_A_BB << file);
                int far = white ? ARB_RANK(msb(on_file)) : 7 - ARB_RANK(lsb(on_file));
                limit = far - 1;
            }
            if (limit < hi)
                hi = limit;
        }
        p->order_bound = hi < hi_plain;
        if (a->plain_order)
            hi = hi_plain;
        arb_bitboard b = 0;
        for (int r = rank; r <= hi; r++)
            b |= sq_bb(ARB_SQ(file, white ? r : 7 - r));
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
        set_bounds(a);
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

/* Whether a king standing on `to` after leaving `from` can be checked by a slider of `side`
 * through `from` (a discovered check): the two are on a line that side has sliders for (a pawn
 * that may promote counts as both) and no man that never leaves its square stands between. */
static bool open_line(const struct analysis *a, arb_color side, int to, int from)
{
    int df = ARB_FILE(to) - ARB_FILE(from), dr = ARB_RANK(to) - ARB_RANK(from);
    bool diag = df == dr || df == -dr, orth = df == 0 || dr == 0;
    if (!diag && !orth)
        return false;
    bool have = false;
    for (int i = 0; i < a->n && !have; i++) {
        const struct piece *p = &a->p[i];
        if (p->color != side)
            continue;
        if (p->type == ARB_QUEEN || (p->type == ARB_PAWN && p->reach == ALL_SQUARES))
            have = true;
        else if (p->type == ARB_BISHOP)
            have = diag;
        else if (p->type == ARB_ROOK)
            have = orth;
    }
    return have && !(arb_between[to][from] & a->fixed);
}

/* Whether all the men of colour c but its king never leave their squares. */
static bool men_frozen(const struct analysis *a, arb_color c)
{
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        if (p->color == c && p->type != ARB_KING && p->reach != sq_bb(p->sq))
            return false;
    }
    return true;
}

/* Checks the `final` assumption of man i against the saturated analysis: it never moves, no
 * enemy man but the king can ever capture it, and if the enemy king takes it, its side c has no
 * legal move left (and, when c is the loser, the capture cannot be a check): the game ends on
 * that capture, stalemate, so no later position exists.
 * Why: take the first move of a game that breaks an assumption of the analysis. Before it every
 * man stays within its reach. If it is the enemy king taking this man on x (coming from y, next
 * to x), then in the position P' after it: every other man of c never moves in the analysis, so
 * by the closure of its reach it has no legal move in P' either (the only changes, x now holding
 * the enemy king and y empty, are within what the fixpoint already allowed: y counts as
 * possibly empty, x is not empty); c's king stands on some w of its reach not next to x (else
 * it guarded x) and may only step to squares of its reach (closed under king steps onto squares
 * no fixed enemy man attacks) that are not next to the enemy king on x; when none exists for
 * every such w, c has no legal move: the game is over. A king move gives check only by
 * discovery, through y; with no open line from any such w through any such y, P' is no mate.
 * So the capture is the game's last move, and P' itself lies within the reaches. */
static bool final_holds(const struct analysis *a, int i)
{
    const struct piece *x = &a->p[i];
    arb_color c = (arb_color)x->color;
    arb_bitboard at = sq_bb(x->sq);
    if (x->reach != at || (a->capture_nk[!c] & at))
        return false;
    if (!(a->kreach[!c] & at))
        return true; /* never captured at all */
    if (a->castling[c] || !men_frozen(a, c))
        return false;
    arb_bitboard near = arb_king_attacks[x->sq] | at;
    arb_bitboard kc = a->kreach[c];
    for (arb_bitboard ws = kc & ~near; ws;) {
        int w = pop_lsb(&ws);
        if (king_step(sq_bb(w)) & kc & ~near)
            return false;
        if (c != a->winner) {
            for (arb_bitboard ys = arb_king_attacks[x->sq] & a->kreach[!c]; ys;)
                if (open_line(a, !c, w, pop_lsb(&ys)))
                    return false;
        }
    }
    return true;
}

/* Drops the pawn assumptions (stays, kept) that the fixpoint contradicts; returns whether any.
 * When none is dropped, every assumption agrees with the reaches it produced: by induction over
 * any game, the first move that broke an assumption or left a reach would be one the closed
 * rules allow, so there is none. */
static bool drop_broken_locks(struct analysis *a)
{
    bool dropped = false;
    for (int i = 0; i < a->n; i++) {
        struct piece *p = &a->p[i];
        if (p->type != ARB_PAWN)
            continue;
        arb_color c = (arb_color)p->color;
        if (p->stays && (pawn_attacks_bb(c, p->reach) & a->reach_nk[!c])) {
            p->stays = false;
            dropped = true;
        }
        arb_bitboard passed = a->ep_reach[c] & (north(sq_bb(p->sq)) | south(sq_bb(p->sq)));
        arb_bitboard takers = p->final ? a->capture_nk[!c] : a->capture[!c];
        if (p->kept && ((p->reach | passed) & takers)) {
            p->kept = false;
            dropped = true;
        }
    }
    for (int i = 0; i < a->n; i++) {
        if (a->p[i].final && !final_holds(a, i)) {
            a->p[i].final = false;
            dropped = true;
        }
    }
    return dropped;
}

/* Whether no man of colour c but its king has a pseudo-legal move in pos (no en passant). */
static bool root_men_stuck(const arb_position *pos, arb_color c)
{
    arb_bitboard own = pos->by_color[c], enemy = pos->by_color[!c], occ = own | enemy;
    arb_bitboard pawns = own & pos->by_type[ARB_PAWN];
    arb_bitboard push = c == ARB_WHITE ? north(pawns) : south(pawns);
    if ((push & ~occ) || (pawn_attacks_bb(c, pawns) & enemy))
        return false;
    if (knight_step(own & pos->by_type[ARB_KNIGHT]) & ~own)
        return false;
    arb_bitboard queens = own & pos->by_type[ARB_QUEEN];
    if (diag_step((own & pos->by_type[ARB_BISHOP]) | queens) & ~own)
        return false;
    return !(ortho_step((own & pos->by_type[ARB_ROOK]) | queens) & ~own);
}

/* Every square reachable from b by `step` through ok. */
static arb_bitboard flood(arb_bitboard b, arb_bitboard (*step)(arb_bitboard), arb_bitboard ok)
{
    arb_bitboard prev;
    do {
        prev = b;
        b |= step(b) & ok;
    } while (b != prev);
    return b;
}

/* The fixpoint's first round and its hopeless() test, for all the men of one colour and kind at
 * once: most positions of a game (open ones) end there, and a tenth of the work decides them.
 * Why it is the same round: at its start every reach is its man's square, so no man vacates
 * (nothing can capture onto an occupied square of its own colour), every pawn stays and is kept,
 * the passable squares of a colour are those it does not occupy and the fixed men's attacks are
 * every man's; a pawn's bound (set_bounds) ends no sooner than the first occupied square ahead,
 * where its pushes stop anyway. Each grow() is a closure under steps onto a fixed set of squares,
 * and the closure of a union of starts is the union of their closures; hopeless() is a union of
 * such sets. So when this says hopeless and some man grew, saturate() returns false after its
 * first round as well: no proof. False says nothing (the full analysis decides). */
static bool first_round_hopeless(const arb_position *pos, arb_color winner)
{
    const arb_bitboard *t = pos->by_type;
    arb_bitboard occ = pos->by_color[0] | pos->by_color[1];
    arb_bitboard perm_att[2], final_sq[2];
    for (int c = 0; c < 2; c++) {
        arb_bitboard own = pos->by_color[c];
        perm_att[c] = pawn_attacks_bb((arb_color)c, own & t[ARB_PAWN]) | knight_step(own & t[ARB_KNIGHT]) |
                      diag_step(own & t[ARB_BISHOP]) | ortho_step(own & t[ARB_ROOK]) |
                      king_step(own & (t[ARB_QUEEN] | t[ARB_KING]));
        bool castling = pos->castle_rook[c][0] != ARB_NO_SQUARE || pos->castle_rook[c][1] != ARB_NO_SQUARE;
        bool frozen = !castling && pos->ep_square >= 64 && root_men_stuck(pos, (arb_color)c);
        final_sq[c] = frozen ? own & ~t[ARB_KING] : 0;
    }
    bool grew = false;
    arb_bitboard region = 0, cover = 0, other_att = 0;
    for (int c = 0; c < 2; c++) {
        arb_bitboard own = pos->by_color[c], ok = ~own;
        arb_bitboard n0 = own & t[ARB_KNIGHT], b0 = own & t[ARB_BISHOP], r0 = own & t[ARB_ROOK];
        arb_bitboard q0 = own & t[ARB_QUEEN], p0 = own & t[ARB_PAWN], k0 = own & t[ARB_KING];
        arb_bitboard n = flood(n0, knight_step, ok), b = flood(b0, diag_step, ok), r = flood(r0, ortho_step, ok);
        arb_bitboard q = flood(q0, king_step, ok);
        arb_bitboard p = flood(p0, c == ARB_WHITE ? north : south, ~occ);
        bool promotes = p & (c == ARB_WHITE ? RANK_8_BB : RANK_1_BB); /* that pawn's reach: everything */
        /* the king (grow): not onto a square a fixed enemy man attacks; taking a `final` man ends it */
        arb_bitboard stop = final_sq[!c], kok = ok & ~perm_att[!c], k = k0, prev;
        do {
            prev = k;
            k |= king_step(k & ~stop) & kok & ~stop;
        } while (k != prev);
        k |= king_step(k & ~stop) & kok & stop;
        grew = grew || n != n0 || b != b0 || r != r0 || q != q0 || p != p0 || k != k0;
        if (c == (int)winner) {
            arb_bitboard pa = promotes ? ALL_SQUARES : pawn_attacks_bb((arb_color)c, p);
            arb_bitboard others = pa | knight_step(n) | ortho_step(r) | king_step(q);
            other_att = others;
            cover |= others | diag_step(b) | king_step(k);
        } else {
            region = k;
            cover |= promotes ? ALL_SQUARES : n | b | r | q | p;
        }
    }
    return grew && cover == ALL_SQUARES && (other_att & region);
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
    a->root = pos;
    bool frozen[2];
    for (int c = 0; c < 2; c++) {
        a->castling[c] = pos->castle_rook[c][0] != ARB_NO_SQUARE || pos->castle_rook[c][1] != ARB_NO_SQUARE;
        /* `final` is worth assuming only for a side none of whose men but the king can move now
         * (a cheap test; the fixpoint checks the real condition) */
        frozen[c] = !a->castling[c] && pos->ep_square >= 64 && root_men_stuck(pos, (arb_color)c);
    }
    arb_bitboard occ = a->orig_occ;
    while (occ) {
        int sq = pop_lsb(&occ);
        arb_piece pc = pos->board[sq];
        struct piece *p = &a->p[a->n++];
        p->sq = (uint8_t)sq;
        p->color = ARB_PIECE_COLOR(pc);
        p->type = ARB_PIECE_TYPE(pc);
        p->stays = p->kept = p->type == ARB_PAWN;
        p->order_bound = false;
        p->final = p->type != ARB_KING && frozen[p->color];
        p->reach = sq_bb(sq);
        p->bound = 0;
    }
    do {
        if (!saturate(a))
            return false;
    } while (drop_broken_locks(a));
    return true;
}

/* Whether the loser's men (not its king) can stand on every square of `need` at once: each man
 * stands on one square of its reach, so this is a matching of squares to distinct men (Kuhn's
 * augmenting paths; `need` is a king's neighbourhood, at most 8 squares). */
static bool blockable(const struct analysis *a, arb_color loser, arb_bitboard need)
{
    int nsq = 0;
    uint64_t men[8];              /* per needed square: the men that can stand there */
    for (arb_bitboard b = need; b; nsq++) {
        if (nsq == 8)
            return true;          /* not a king's neighbourhood: claim nothing */
        arb_bitboard at = sq_bb(pop_lsb(&b));
        men[nsq] = 0;
        for (int i = 0; i < a->n; i++)
            if (a->p[i].color == loser && a->p[i].type != ARB_KING && (a->p[i].reach & at))
                men[nsq] |= 1ull << i;
        if (!men[nsq])
            return false;
    }
    int owner[64];                /* man index -> square index, or -1 */
    for (int i = 0; i < a->n; i++)
        owner[i] = -1;
    for (int s = 0; s < nsq; s++) {
        /* Breadth-first search for an augmenting path from square s. */
        int from_sq[64], queue[8], head = 0, tail = 0;
        uint64_t tried = 0;
        int found = -1;
        queue[tail++] = s;
        while (head < tail && found < 0) {
            int q = queue[head++];
            for (uint64_t m = men[q] & ~tried; m; m &= m - 1) {
                int man = __builtin_ctzll(m);
                tried |= 1ull << man;
                from_sq[man] = q;
                if (owner[man] < 0) {
                    found = man;
                    break;
                }
                if (tail < 8)
                    queue[tail++] = owner[man];
            }
        }
        if (found < 0)
            return false;
        /* Flip the path back to s. */
        for (int man = found;;) {
            int q = from_sq[man];
            int prev = -1;
            for (int i = 0; i < a->n; i++)
                if (owner[i] == q)
                    prev = i;
            owner[man] = q;
            if (q == s)
                break;
            man = prev;
        }
    }
    return true;
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

/* Whether the game can end in a mate with the loser's king on its root square k0 without a move
 * of the loser before it: the root is that mate, or the winner mates in one from it. */
static bool mate_without_loser_move(const arb_position *root, arb_color winner)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(root, moves);
    if (root->side != winner)
        return n == 0 && arb_in_check(root);
    for (int i = 0; i < n; i++) {
        arb_position p = *root;
        arb_position_play(&p, moves[i]);
        if (arb_in_check(&p) && arb_count_legal_moves(&p) == 0)
            return true;
    }
    return false;
}

/* The last-move (tempo) test for a mate on k, when no man of the loser but its king ever moves
 * and nobody may castle. True when no such mate can happen.
 * Why: a mate M on k after the loser's first move follows a move of the loser, which can only
 * be its king stepping from some o' next to k (o' in its region) to k; from the position P0
 * before that step, with the king on o', comes P1 (winner to move) and the mating move m.
 * In M, o' is attacked by the winner (the king could otherwise step back: no loser man can have
 * moved onto it). If no winner man but the king can ever attack o' (att holds every square
 * any of them could ever attack), the winner's king stands in M on some K next to o' but not
 * next to k. If m was not a move of that king, it stood on K in P0 already, next to the loser's
 * king on o': impossible. So m is the king's step from some K' (next to K, not next to k) to K,
 * and it checks: only by discovery, along a line from k through K' with no fixed man between.
 * Mates without a loser move first (the root itself, or the winner's mate in one from it) put
 * the king on its root square: that square is tested by playing them out. */
static bool tempo_rules_out(const struct analysis *a, int k, arb_bitboard region, arb_bitboard wk_region,
                            arb_bitboard att, int *root_check)
{
    arb_color winner = a->winner;
    if (k == a->root->king_square[!winner]) {
        if (*root_check < 0)
            *root_check = mate_without_loser_move(a->root, winner);
        if (*root_check)
            return false;
    }
    arb_bitboard not_next = ~arb_king_attacks[k] & ~sq_bb(k);
    for (arb_bitboard os = arb_king_attacks[k] & region; os;) {
        int o = pop_lsb(&os);
        if (att & sq_bb(o))
            return false;
        arb_bitboard kings = arb_king_attacks[o] & wk_region & not_next;
        for (arb_bitboard ks = king_step(kings) & wk_region & not_next; ks;)
            if (open_line(a, winner, k, pop_lsb(&ks)))
                return false;
    }
    return true;
}

/* The final test on a saturated analysis: true when no square the loser's king can reach can be
 * a mating square. *candidates: whether some square could at least be attacked; *refined: how
 * many squares only the finer test (king placement, blockers one per square) ruled out. */
static bool no_mate(const struct analysis *a, arb_color winner, bool *any_candidate, int *refined_out,
                    int *tempo_out)
{
    arb_color loser = !winner;
    int lk = find_king(a, loser), wk = find_king(a, winner);
    if (lk < 0 || wk < 0)
        return false;
    /* A king stands on the square of a `final` man only after taking it, the game's last move:
     * the loser's king there is not mated (the winner is to move), the winner's king there
     * gives no mate (final_holds): leave those squares out. */
    arb_bitboard region = a->p[lk].reach & ~a->final_sq[winner];
    arb_bitboard att = 0, loser_occ = 0, other_att = 0, bishop_reach = 0;
    int nbishops = 0;
    for (int i = 0; i < a->n; i++) {
        const struct piece *p = &a->p[i];
        if (p->type == ARB_KING)
            continue;
        if (p->color == winner) {
            arb_bitboard pa = attack_step((arb_piece_type)p->type, winner, p->reach);
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
    arb_bitboard king_cover = king_step(a->p[wk].reach);
    arb_bitboard covered = loser_occ | att | king_cover;
    arb_bitboard candidates = region & att;
    /* only bishops of one colour can ever attack the region: the finer test applies */
    bool bishops_only = !(other_att & region) && nbishops > 0 &&
                        (!(bishop_reach & DEAD_DARK_SQUARES) || !(bishop_reach & ~DEAD_DARK_SQUARES));
    arb_bitboard mating = 0, wk_region = a->p[wk].reach & ~a->final_sq[loser];
    int refined = 0, tempo = 0; /* candidates only the finer tests below rule out */
    bool tempo_applies = !a->castling[0] && !a->castling[1] && men_frozen(a, loser);
    int root_check = -1;
    for (arb_bitboard b = candidates; b;) {
        int k = pop_lsb(&b);
        arb_bitboard flights = arb_king_attacks[k] & region;
        if ((flights & ~covered) != 0)
            continue;
        /* The finer test: in a mate on k the winner's king stands on one square w of its reach,
         * not next to k, and guards only the squares next to w; every flight square it does
         * not guard and no other winner piece can attack must hold a loser's man, each man on
         * one square of its reach (a matching). Sound: these are properties of any mate. */
        /* Only where the king stands next to a flight square no other piece attacks does its
         * square matter (more guarded squares only make a mate easier): try it far away once,
         * then on each such square. */
        arb_bitboard allowed = wk_region & ~arb_king_attacks[k] & ~sq_bb(k);
        arb_bitboard near = allowed & king_step(flights & ~att);
        bool possible = false, far = allowed & ~near;
        for (arb_bitboard ws = near; !possible && (far || ws);) {
            arb_bitboard kc = 0;
            if (far)
                far = false;
            else
                kc = arb_king_attacks[pop_lsb(&ws)];
            if (flights & ~(loser_occ | att | kc))
                continue;
            arb_bitboard need = flights & ~att & ~kc;
            if (need && !blockable(a, loser, need))
                continue;
            if (bishops_only && bishop_mate_impossible(a, winner, k, region, kc, nbishops))
                continue;
            possible = true;
        }
        if (possible && tempo_applies && tempo_rules_out(a, k, region, wk_region, att, &root_check)) {
            possible = false;
            tempo++;
        }
        if (possible)
            mating |= sq_bb(k);
        else
            refined++;
    }
    *any_candidate = candidates != 0;
    *refined_out = refined - tempo;
    *tempo_out = tempo;
    return mating == 0;
}

int dead_static_cannot_mate(const arb_position *pos, arb_color winner, arb_reason *why)
{
    if (pos->variant == ARB_CHESS960) {
        for (int c = 0; c < 2; c++)
            for (int s = 0; s < 2; s++)
                if (pos->castle_rook[c][s] != ARB_NO_SQUARE)
                    return 0;
    }
    if (first_round_hopeless(pos, winner))
        return 0;
    struct analysis a;
    a.plain_order = false;
    bool any_candidate = false;
    int refined = 0, tempo = 0;
    if (!analyse(&a, pos, winner) || !no_mate(&a, winner, &any_candidate, &refined, &tempo))
        return 0;
    if (!why)
        return 1;
    arb_color loser = !winner;
    int n = 0;
    why[n] = arb_reason_make(any_candidate ? ARB_R_cannot_mate_no_mating_square : ARB_R_cannot_mate_locked);
    why[n].piece = ARB_PIECE(loser, ARB_KING);
    why[n].n = popcount(a.p[find_king(&a, loser)].reach);
    /* The pawns that never move: the walls of the structure. */
    for (int i = 0; i < a.n && why[n].nsquares < ARB_REASON_MAX_SQUARES; i++)
        if (a.p[i].type == ARB_PAWN && !a.vacate[i])
            arb_reason_add_square(&why[n], a.p[i].sq);
    n++;
    /* Whether the proof needed pawns kept behind own pawns or behind pawns that may be
     * captured: the same analysis without that must fail (run only to explain a proof). */
    int held = 0;
    for (int i = 0; i < a.n; i++)
        held += a.p[i].order_bound;
    if (held) {
        struct analysis plain;
        plain.plain_order = true;
        bool c2;
        int r2, t2;
        if (!analyse(&plain, pos, winner) || !no_mate(&plain, winner, &c2, &r2, &t2)) {
            why[n] = arb_reason_make(ARB_R_cannot_mate_pawns_keep_order);
            why[n].n = held;
            for (int i = 0; i < a.n && why[n].nsquares < ARB_REASON_MAX_SQUARES; i++)
                if (a.p[i].order_bound)
                    arb_reason_add_square(&why[n], a.p[i].sq);
            n++;
        }
    }
    if (refined) {
        why[n] = arb_reason_make(ARB_R_cannot_mate_flights_never_covered);
        why[n].piece = ARB_PIECE(loser, ARB_KING);
        why[n].n = refined;
        n++;
    }
    if (tempo) {
        why[n] = arb_reason_make(ARB_R_cannot_mate_wrong_tempo);
        why[n].piece = ARB_PIECE(loser, ARB_KING);
        why[n].n = tempo;
        n++;
    }
    /* The men only a king could take, and only as the game's last move. */
    int finals = 0;
    arb_reason fin = arb_reason_make(ARB_R_cannot_mate_king_capture_ends_game);
    for (int i = 0; i < a.n; i++) {
        const struct piece *p = &a.p[i];
        if (p->final && (a.kreach[!p->color] & sq_bb(p->sq))) {
            finals++;
            if (fin.nsquares < ARB_REASON_MAX_SQUARES)
                arb_reason_add_square(&fin, p->sq);
        }
    }
    if (finals) {
        fin.n = finals;
        why[n++] = fin;
    }
    return n;
}
