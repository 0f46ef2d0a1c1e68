/* Mate-in-N solver: an AND/OR proof search (attacker: some move; defender: every move) with
 * checks-first ordering, a refutation killer per ply, a per-call transposition table and a node
 * budget. Also checks a user's line against it and explains wrong moves with reasons. */
#include <stdlib.h>
#include <string.h>

#include "arbiter/movegen.h"
#include "arbiter/notation.h"
#include "arbiter/solver.h"
#include "internal.h"

enum { NO = 0, YES = 1, UNKNOWN = 2 };

/* One entry per attacker-to-move position: mate proven within mate_le moves (0: not proven),
 * no mate within fail_ge moves (0: nothing known), and the move that proved mate_le. */
struct tt_entry {
    uint64_t key;
    arb_move move;
    uint8_t mate_le, fail_ge;
};

/* Table entries: none for mate in 1 (nothing repeats), small for mate in 2, then the full
 * table. Clearing 32k entries cost more than solving a mate in 1 (quiz generators call this
 * for every candidate position). */
#define TT_ENTRIES_MAX (1u << 15)
#define TT_ENTRIES_N2 (1u << 11)
#define MAX_PLY (2 * ARB_MATE_MAX_N + 2)

struct search {
    uint64_t nodes, budget;
    bool out;                       /* the budget ran out: every result from now on is UNKNOWN */
    struct tt_entry *tt;            /* NULL: search without a table */
    uint64_t tt_mask;
    arb_move killer[MAX_PLY];       /* the last defence that refuted an attacker move, per ply */
};

static void search_init(struct search *s, uint64_t budget, int n)
{
    memset(s, 0, sizeof *s);
    s->budget = budget ? budget : ARB_MATE_DEFAULT_BUDGET;
    unsigned entries = n <= 1 ? 0 : n == 2 ? TT_ENTRIES_N2 : TT_ENTRIES_MAX;
    s->tt = entries ? calloc(entries, sizeof *s->tt) : NULL;
    s->tt_mask = entries ? entries - 1 : 0;
}

static void search_free(struct search *s)
{
    free(s->tt);
    s->tt = NULL;
}

/* Plays a move into child, counting it against the budget; false when the budget is spent. */
static bool play(struct search *s, const arb_position *pos, arb_move m, arb_position *child)
{
    if (s->out || ++s->nodes > s->budget) {
        s->out = true;
        return false;
    }
    *child = *pos;
    arb_position_play(child, m);
    return true;
}

static struct tt_entry *tt_slot(struct search *s, uint64_t key)
{
    /* The Polyglot key's low bits cluster: mix before masking (as dead_search.c does). */
    return s->tt ? &s->tt[((key * 0x9E3779B97F4A7C15ull) >> 32) & s->tt_mask] : NULL;
}

static void tt_store(struct search *s, uint64_t key, int d, int result, arb_move move)
{
    struct tt_entry *e = tt_slot(s, key);
    if (!e || s->out)
        return;
    if (e->key != key)
        *e = (struct tt_entry){key, ARB_MOVE_NONE, 0, 0};
    if (result == YES && (e->mate_le == 0 || d < e->mate_le)) {
        e->mate_le = (uint8_t)d;
        e->move = move;
    } else if (result == NO && d > e->fail_ge) {
        e->fail_ge = (uint8_t)d;
    }
}

static bool is_capture(const arb_position *pos, arb_move m)
{
    return pos->board[ARB_MOVE_TO(m)] != 0 || ARB_MOVE_KIND(m) == ARB_MOVE_EN_PASSANT || ARB_MOVE_IS_PROMO(m);
}

static int defend(struct search *s, const arb_position *pos, int d, int ply, arb_move *refutation);

/* Whether a move can give check, without playing it: exact for ordinary moves (the moved
 * piece attacks the king from its new square, or a slider of ours is uncovered), always true
 * for castling, en passant and promotions (they are played to find out). With one move left
 * the attacker only plays checks, and most moves are not. */
static bool may_check(const arb_position *pos, arb_move m)
{
    int kind = ARB_MOVE_KIND(m);
    if (kind == ARB_MOVE_CASTLE || kind == ARB_MOVE_EN_PASSANT || ARB_MOVE_IS_PROMO(m))
        return true;
    arb_color us = (arb_color)pos->side;
    int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m), ksq = pos->king_square[!us];
    arb_bitboard king = sq_bb(ksq), occ = (arb_occupied(pos) ^ sq_bb(from)) | sq_bb(to);
    switch (ARB_PIECE_TYPE(pos->board[from])) {
    case ARB_PAWN: if (arb_pawn_attacks[us][to] & king) return true; break;
    case ARB_KNIGHT: if (arb_knight_attacks[to] & king) return true; break;
    case ARB_BISHOP: if (bishop_attacks(to, occ) & king) return true; break;
    case ARB_ROOK: if (rook_attacks(to, occ) & king) return true; break;
    case ARB_QUEEN: if (queen_attacks(to, occ) & king) return true; break;
    default: break;
    }
    const arb_bitboard *t = pos->by_type;
    arb_bitboard ours = pos->by_color[us] & ~sq_bb(from);
    return (rook_attacks(ksq, occ) & (t[ARB_ROOK] | t[ARB_QUEEN]) & ours) ||
           (bishop_attacks(ksq, occ) & (t[ARB_BISHOP] | t[ARB_QUEEN]) & ours);
}

/* The attacker (side to move) to mate within d >= 1 moves: YES, NO or UNKNOWN (budget). On YES
 * *best (if not NULL) gets a move that does it. */
static int attack(struct search *s, const arb_position *pos, int d, int ply, arb_move *best)
{
    struct tt_entry *e = tt_slot(s, pos->key);
    arb_move hint = ARB_MOVE_NONE;
    if (e && e->key == pos->key) {
        if (e->mate_le && e->mate_le <= d) {
            if (best)
                *best = e->move;
            return YES;
        }
        if (e->fail_ge >= d)
            return NO;
        hint = e->move;
    }
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    /* Quiet moves are tried after every check: captures (and promotions) first, then the rest. */
    arb_move later[ARB_MAX_MOVES];
    int nlater = 0, ncaptures = 0;
    arb_position child;
    if (hint != ARB_MOVE_NONE) {
        for (int i = 0; i < n; i++)
            if (moves[i] == hint) {
                moves[i] = moves[0];
                moves[0] = hint;
                break;
            }
    }
    for (int i = 0; i < n; i++) {
        arb_move m = moves[i];
        if (d == 1 && !may_check(pos, m))
            continue; /* the last move must mate, so it must check */
        if (!play(s, pos, m, &child))
            return UNKNOWN;
        bool check = arb_in_check(&child);
        if (!check && !(i == 0 && m == hint)) {
            if (d > 1) {
                /* Keep captures ahead of other quiet moves without sorting. */
                if (is_capture(pos, m)) {
                    later[nlater++] = later[ncaptures];
                    later[ncaptures++] = m;
                } else {
                    later[nlater++] = m;
                }
            }
            continue;
        }
        int r = defend(s, &child, d - 1, ply + 1, NULL);
        if (r == UNKNOWN)
            return UNKNOWN;
        if (r == YES) {
            tt_store(s, pos->key, d, YES, m);
            if (best)
                *best = m;
            return YES;
        }
    }
    for (int i = 0; i < nlater; i++) {
        if (!play(s, pos, later[i], &child))
            return UNKNOWN;
        int r = defend(s, &child, d - 1, ply + 1, NULL);
        if (r == UNKNOWN)
            return UNKNOWN;
        if (r == YES) {
            tt_store(s, pos->key, d, YES, later[i]);
            if (best)
                *best = later[i];
            return YES;
        }
    }
    tt_store(s, pos->key, d, NO, ARB_MOVE_NONE);
    return NO;
}

/* The defender to move after an attacker move, the attacker having d >= 0 moves left: YES if
 * it is checkmate or every defence allows mate within d; NO (with a defence that holds in
 * *refutation, NONE for stalemate) otherwise; UNKNOWN when the budget ran out. */
static int defend(struct search *s, const arb_position *pos, int d, int ply, arb_move *refutation)
{
    if (d == 0 && !refutation) /* only "is it mate?" is asked: counting is cheaper than listing */
        return arb_count_legal_moves(pos) == 0 && arb_in_check(pos) ? YES : NO;
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    if (refutation)
        *refutation = ARB_MOVE_NONE;
    if (n == 0)
        return arb_in_check(pos) ? YES : NO;
    if (d == 0) {
        if (refutation)
            *refutation = moves[0];
        return NO;
    }
    /* The killer first, then captures: the defences most likely to hold. */
    int front = 0;
    arb_move killer = ply < MAX_PLY ? s->killer[ply] : ARB_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        if (moves[i] == killer || is_capture(pos, moves[i])) {
            arb_move m = moves[i];
            moves[i] = moves[front];
            moves[front] = m;
            if (m == killer && front > 0) {
                moves[front] = moves[0];
                moves[0] = m;
            }
            front++;
        }
    }
    arb_position child;
    for (int i = 0; i < n; i++) {
        if (!play(s, pos, moves[i], &child))
            return UNKNOWN;
        int r = attack(s, &child, d, ply + 1, NULL);
        if (r == UNKNOWN)
            return UNKNOWN;
        if (r == NO) {
            if (ply < MAX_PLY)
                s->killer[ply] = moves[i];
            if (refutation)
                *refutation = moves[i];
            return NO;
        }
    }
    return YES;
}

/* Shortest mate (1..dmax) for the attacker to move at pos, 0 when none within dmax, -1 when
 * the budget ran out. */
static int shortest(struct search *s, const arb_position *pos, int dmax, arb_move *best)
{
    for (int d = 1; d <= dmax; d++) {
        int r = attack(s, pos, d, 0, best);
        if (r == UNKNOWN)
            return -1;
        if (r == YES)
            return d;
    }
    return 0;
}

/* After an attacker move (defender to move), the shortest d in 1..dmax with every defence
 * mated within d; 0 when none, -1 when the budget ran out. */
static int shortest_after(struct search *s, const arb_position *child, int dmax)
{
    for (int d = 1; d <= dmax; d++) {
        int r = defend(s, child, d - 1, 1, NULL);
        if (r == UNKNOWN)
            return -1;
        if (r == YES)
            return d;
    }
    return 0;
}

/* The defence that puts the mate off longest (the attacker has rem moves left, rem >= 2 and
 * mate within rem is forced); *len gets the attacker's moves left after it. NONE on budget. */
static arb_move longest_defence(struct search *s, const arb_position *pos, int rem, int *len)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    arb_move pick = ARB_MOVE_NONE;
    int worst = 0;
    arb_position child;
    for (int i = 0; i < n; i++) {
        if (!play(s, pos, moves[i], &child))
            return ARB_MOVE_NONE;
        int e = shortest(s, &child, rem - 1, NULL);
        if (e < 0)
            return ARB_MOVE_NONE;
        if (e == 0)
            e = rem; /* cannot happen when mate is forced; keeps the pick well defined */
        if (e > worst) {
            worst = e;
            pick = moves[i];
        }
    }
    *len = worst;
    return pick;
}

static bool main_line(struct search *s, const arb_position *pos, arb_mate_result *res)
{
    arb_position cur = *pos;
    int rem = res->length;
    arb_move m = ARB_MOVE_NONE;
    for (int i = 0; i < res->nkeys; i++)
        if (res->key_length[i] == res->length) {
            m = res->keys[i];
            break;
        }
    res->nline = 0;
    while (m != ARB_MOVE_NONE && res->nline < 2 * ARB_MATE_MAX_N) {
        res->line[res->nline++] = m;
        arb_position_play(&cur, m);
        if (rem <= 1 || arb_count_legal_moves(&cur) == 0)
            break;
        int len = 0;
        arb_move def = longest_defence(s, &cur, rem, &len);
        if (def == ARB_MOVE_NONE)
            return !s->out;
        res->line[res->nline++] = def;
        arb_position_play(&cur, def);
        rem = len;
        m = ARB_MOVE_NONE;
        if (attack(s, &cur, rem, 0, &m) != YES)
            return !s->out;
    }
    return true;
}

arb_status arb_mate_in(const arb_position *pos, int n, uint64_t budget, arb_mate_result *result)
{
    if (!pos || !result)
        return ARB_ERR_RANGE;
    memset(result, 0, offsetof(arb_mate_result, keys));
    result->nline = 0;
    result->nodes = 0;
    if (n < 1 || n > ARB_MATE_MAX_N)
        return ARB_ERR_RANGE;
    struct search s;
    search_init(&s, budget, n);
    arb_status st = ARB_OK;
    int len = shortest(&s, pos, n, NULL);
    if (len > 0) {
        result->mate = true;
        result->length = len;
        arb_move moves[ARB_MAX_MOVES];
        int nm = arb_legal_moves(pos, moves);
        arb_position child;
        for (int i = 0; i < nm && !s.out; i++) {
            if (!play(&s, pos, moves[i], &child))
                break;
            int kl = shortest_after(&s, &child, n);
            if (kl > 0) {
                result->keys[result->nkeys] = moves[i];
                result->key_length[result->nkeys++] = (uint8_t)kl;
            }
        }
        if (!s.out)
            main_line(&s, pos, result);
    }
    if (s.out) {
        uint64_t nodes = s.nodes;
        memset(result, 0, offsetof(arb_mate_result, keys));
        result->nline = 0;
        result->nodes = nodes;
        st = ARB_ERR_LIMIT;
    } else {
        result->nodes = s.nodes;
    }
    search_free(&s);
    return st;
}

arb_status arb_mate_move_forces(const arb_position *pos, arb_move move, int n, uint64_t budget, bool *forces,
                                arb_move *refutation)
{
    if (!pos || !forces)
        return ARB_ERR_RANGE;
    *forces = false;
    if (refutation)
        *refutation = ARB_MOVE_NONE;
    if (n < 1 || n > ARB_MATE_MAX_N)
        return ARB_ERR_RANGE;
    if (!arb_is_legal(pos, move))
        return ARB_ERR_ILLEGAL;
    struct search s;
    search_init(&s, budget, n);
    arb_position child;
    int r = UNKNOWN;
    if (play(&s, pos, move, &child))
        r = defend(&s, &child, n - 1, 1, refutation);
    search_free(&s);
    if (r == UNKNOWN) {
        if (refutation)
            *refutation = ARB_MOVE_NONE;
        return ARB_ERR_LIMIT;
    }
    *forces = r == YES;
    return ARB_OK;
}

/* ---- Line checking ------------------------------------------------------------------------ */

static void add_reason(arb_line_check *out, arb_reason r)
{
    if (out->nreasons < ARB_LINE_MAX_REASONS)
        out->reasons[out->nreasons++] = r;
}

static void san_into(const arb_position *pos, arb_move m, char *buf, size_t cap)
{
    arb_move_san(pos, m, buf, cap);
}

/* A move that is not legal here, written as its squares (and promotion letter). */
static void raw_move_text(arb_move m, char *buf)
{
    arb_square_name(ARB_MOVE_FROM(m), buf);
    arb_square_name(ARB_MOVE_TO(m), buf + 2);
    buf[4] = '\0';
    if (ARB_MOVE_IS_PROMO(m)) {
        buf[4] = "nbrq"[ARB_MOVE_KIND(m) - ARB_MOVE_PROMO_N];
        buf[5] = '\0';
    }
}

static void reject_illegal(arb_line_check *out, const arb_position *cur, arb_move m, int index)
{
    out->verdict = ARB_LINE_ILLEGAL;
    out->index = index;
    int from = ARB_MOVE_FROM(m);
    arb_piece p = cur->board[from];
    if (p && ARB_PIECE_COLOR(p) != cur->side) {
        arb_reason r = arb_reason_make(ARB_R_wrong_side);
        r.piece = p;
        arb_reason_add_square(&r, from);
        add_reason(out, r);
        return;
    }
    arb_reason r = arb_reason_make(ARB_R_line_illegal_move);
    raw_move_text(m, r.found);
    r.n = index + 1;
    add_reason(out, r);
}

/* Another legal move than `played` that also forces mate within rem moves, or NONE. At the
 * first move all of them are counted into *count (cooks); later the first one is enough. */
static int alternatives(struct search *s, const arb_position *pos, arb_move played, int rem, bool all,
                        arb_move *first)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves), count = 0;
    arb_position child;
    *first = ARB_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        if (moves[i] == played)
            continue;
        if (!play(s, pos, moves[i], &child))
            return -1;
        int r = defend(s, &child, rem - 1, 1, NULL);
        if (r == UNKNOWN)
            return -1;
        if (r == YES) {
            if (count++ == 0)
                *first = moves[i];
            if (!all)
                break;
        }
    }
    return count;
}

static arb_status check_line(struct search *s, const arb_position *pos, int n, const arb_move *moves, int count,
                             arb_line_check *out)
{
    arb_position cur = *pos;
    int rem = n;
    bool mated = false;
    arb_reason notes[2];
    int nnotes = 0;
    arb_status st = ARB_OK;
    for (int i = 0; i < count; i++) {
        arb_move m = moves[i];
        if (mated) {
            out->verdict = ARB_LINE_ILLEGAL;
            out->index = i;
            out->nreasons = 0;
            arb_reason r = arb_reason_make(ARB_R_line_after_mate);
            r.n = i;
            add_reason(out, r);
            goto done;
        }
        if (!arb_is_legal(&cur, m)) {
            reject_illegal(out, &cur, m, i);
            goto done;
        }
        arb_position child;
        if (!play(s, &cur, m, &child))
            return ARB_ERR_LIMIT;
        if (i % 2 == 1) { /* a defender move: any legal one */
            cur = child;
            continue;
        }
        arb_move ref = ARB_MOVE_NONE;
        int r = defend(s, &child, rem - 1, 1, &ref);
        if (r == UNKNOWN)
            return ARB_ERR_LIMIT;
        if (r == NO) {
            out->verdict = ARB_LINE_WRONG;
            out->index = i;
            out->refutation = ref;
            bool stalemate = ref == ARB_MOVE_NONE && arb_count_legal_moves(&child) == 0;
            arb_reason why = arb_reason_make(stalemate ? ARB_R_stalemate_not_mate
                                             : rem == 1 ? ARB_R_not_checkmate
                                                        : ARB_R_not_mate_in_n);
            san_into(&cur, m, why.found, sizeof why.found);
            if (ref != ARB_MOVE_NONE)
                san_into(&child, ref, why.move, sizeof why.move);
            why.n = rem;
            add_reason(out, why);
            if (i == 0) {
                int a = attack(s, &cur, n, 0, NULL);
                if (a == UNKNOWN)
                    return ARB_ERR_LIMIT;
                if (a == NO) {
                    arb_reason none = arb_reason_make(ARB_R_no_mate_in_n);
                    none.n = n;
                    add_reason(out, none);
                }
            }
            goto done;
        }
        /* Correct: note cooks (first move) or duals (later moves). */
        arb_move alt;
        int nalt = alternatives(s, &cur, m, rem, i == 0, &alt);
        if (nalt < 0)
            return ARB_ERR_LIMIT;
        if (nalt > 0 && (i == 0 || out->nduals == 0)) {
            arb_reason note = arb_reason_make(i == 0 ? ARB_R_cook : ARB_R_dual);
            san_into(&cur, alt, note.move, sizeof note.move);
            san_into(&cur, m, note.found, sizeof note.found);
            note.n = rem;
            notes[nnotes++] = note;
        }
        if (nalt > 0 && i == 0)
            out->ncooks = nalt;
        if (nalt > 0 && i > 0 && out->nduals++ == 0) {
            out->dual_index = i;
            out->dual_move = alt;
        }
        if (arb_count_legal_moves(&child) == 0) { /* defend() said YES: this is checkmate */
            mated = true;
            out->verdict = ARB_LINE_SOLVED;
            arb_reason solved = arb_reason_make(ARB_R_mate_found);
            san_into(&cur, m, solved.move, sizeof solved.move);
            add_reason(out, solved);
        }
        cur = child;
        rem--;
    }
    if (mated) {
        out->remaining = 0;
        goto done;
    }
    out->verdict = ARB_LINE_CORRECT;
    out->remaining = rem;
    if (count == 0) {
        int a = attack(s, &cur, n, 0, NULL);
        if (a == UNKNOWN)
            return ARB_ERR_LIMIT;
        if (a == NO) {
            out->verdict = ARB_LINE_WRONG;
            arb_reason none = arb_reason_make(ARB_R_no_mate_in_n);
            none.n = n;
            add_reason(out, none);
            goto done;
        }
    }
    if (count % 2 == 1) { /* the defender to move: suggest its most stubborn defence */
        int len = 0;
        out->reply = longest_defence(s, &cur, rem + 1, &len);
        if (s->out)
            return ARB_ERR_LIMIT;
    }
    arb_reason go = arb_reason_make(ARB_R_line_continues);
    go.n = rem;
    add_reason(out, go);
done:
    for (int k = 0; k < nnotes; k++)
        add_reason(out, notes[k]);
    return st;
}

arb_status arb_mate_check_line(const arb_position *pos, int n, const arb_move *moves, int count, uint64_t budget,
                               arb_line_check *out)
{
    if (!out)
        return ARB_ERR_RANGE;
    memset(out, 0, sizeof *out);
    out->index = -1;
    out->dual_index = -1;
    if (!pos || n < 1 || n > ARB_MATE_MAX_N || count < 0 || (count > 0 && !moves))
        return ARB_ERR_RANGE;
    struct search s;
    search_init(&s, budget, n);
    arb_status st = check_line(&s, pos, n, moves, count, out);
    out->nodes = s.nodes;
    search_free(&s);
    if (st == ARB_ERR_LIMIT) {
        uint64_t nodes = out->nodes;
        memset(out, 0, sizeof *out);
        out->index = -1;
        out->dual_index = -1;
        out->verdict = ARB_LINE_CORRECT;
        out->nodes = nodes;
        out->nreasons = 1;
        out->reasons[0] = arb_reason_make(ARB_R_solver_limit);
    }
    return st;
}
