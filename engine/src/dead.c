/* Dead positions and unwinnability: runs the proofs and the helpmate search in order of cost
 * and turns the outcome into a verdict with its explanation. */
#include <string.h>

#include "dead_internal.h"
#include "internal.h"
#include "tables.h"
#include "arbiter/rules.h"
#include "arbiter/movegen.h"
#include "arbiter/notation.h"

/* Forced moves are followed at most this far before the static analysis. */
#define FORCED_PLIES 64
/* Nodes of the first, shallow search, and of each iterative-deepening round. */
#define QUICK_LIMIT 3000u
#define ROUND_LIMIT 10000u
#define MAX_ROUNDS 400
/* Nodes of each mirror image's deepening turn. */
#define IMAGE_SHARE 150000u
/* The longest line a text gives as its example of a mate (see shorten()). */
#define SHOWN_PLIES 12

static void add_reason(arb_unwinnable_result *r, const arb_reason *why)
{
    if (r->nreasons < ARB_DEAD_MAX_REASONS)
        r->reasons[r->nreasons++] = *why;
}

static void set_impossible(arb_unwinnable_result *r, const arb_reason *why)
{
    r->verdict = ARB_WIN_IMPOSSIBLE;
    r->witness_len = 0;
    add_reason(r, why);
}

static arb_reason side_reason(arb_reason_code code, arb_color c, int n)
{
    arb_reason why = arb_reason_make(code);
    why.piece = ARB_PIECE(c, ARB_KING);
    why.n = n;
    return why;
}

/* Records a witness and the can_mate reason naming its length and last move. */
static void set_possible(arb_unwinnable_result *r, const arb_position *pos, const arb_move *moves, int len)
{
    r->verdict = ARB_WIN_POSSIBLE;
    r->witness_len = len;
    if (len > 0)
        memcpy(r->witness, moves, sizeof(arb_move) * (size_t)len);
    arb_reason why = side_reason(ARB_R_can_mate, r->winner, len);
    why.m = len <= SHOWN_PLIES ? len : 0; /* the example a text gives: none when too long */
    arb_position p = *pos;
    for (int i = 0; i < len; i++) {
        if (i == len - 1)
            arb_move_san(&p, moves[i], why.move, sizeof why.move);
        arb_position_play(&p, moves[i]);
    }
    if (len == 0) {
        why = arb_reason_make(ARB_R_already_checkmated);
        why.piece = ARB_PIECE(!r->winner, ARB_KING);
        arb_reason_add_square(&why, pos->king_square[!r->winner]);
    }
    add_reason(r, &why);
}

/* Plays the only legal move while there is exactly one; returns how many were played and sets
 * *legal to the number of legal moves where it stopped (on entry: p's number, or -1 when not
 * counted yet). Counting is cheaper than listing, and most positions have more than one move:
 * the list is made only for a forced one. */
static int follow_forced(arb_position *p, int *legal)
{
    int n = 0;
    arb_move moves[ARB_MAX_MOVES];
    if (*legal < 0)
        *legal = arb_count_legal_moves(p);
    while (*legal == 1 && n < FORCED_PLIES) {
        arb_legal_moves(p, moves);
        arb_position_play(p, moves[0]);
        n++;
        *legal = arb_count_legal_moves(p);
    }
    return n;
}

/* Outcome of a position with `legal` legal moves, for `winner`: false while there are some;
 * otherwise a mate of the loser, or over. */
static bool game_over(const arb_position *p, int legal, arb_color winner, bool *mated_loser, arb_reason *why)
{
    if (legal != 0)
        return false;
    bool check = arb_in_check(p);
    *mated_loser = check && p->side != winner;
    if (!*mated_loser) {
        *why = arb_reason_make(check ? ARB_R_cannot_mate_checkmated : ARB_R_cannot_mate_stalemate);
        why->piece = ARB_PIECE(p->side, ARB_KING);
        arb_reason_add_square(why, p->king_square[p->side]);
    }
    return true;
}

/* The static proof after following forced moves: how many reasons it wrote to why[] (room for
 * DEAD_STATIC_REASONS), 0 for no proof. legal: pos's number of legal moves, or -1. */
static int static_proof(const arb_position *pos, int legal, arb_color winner, arb_reason *why, int *forced)
{
    arb_position p = *pos;
    *forced = follow_forced(&p, &legal);
    bool mated = false;
    if (game_over(&p, legal, winner, &mated, why))
        return !mated;
    if (dead_material_cannot_mate(&p, winner, why))
        return 1;
    return dead_static_cannot_mate(&p, winner, why);
}

/* Every legal move leads to a position proved unwinnable statically. */
static bool proof_after_every_move(const arb_position *pos, arb_color winner)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        arb_position c = *pos;
        arb_position_play(&c, moves[i]);
        arb_reason why[DEAD_STATIC_REASONS];
        int forced;
        if (!static_proof(&c, -1, winner, why, &forced))
            return false;
    }
    return n > 0;
}

/* Maps a witness found in a mirror image back to the position (in place) and replays it: true
 * when every move is legal and the last one mates. */
static bool image_witness(const arb_position *pos, arb_color winner, int kind, arb_move *moves, int len)
{
    arb_position p = *pos;
    for (int i = 0; i < len; i++) {
        moves[i] = dead_image_move(moves[i], kind);
        if (!arb_is_legal(&p, moves[i]))
            return false;
        arb_position_play(&p, moves[i]);
    }
    return p.side != winner && arb_in_check(&p) && arb_count_legal_moves(&p) == 0;
}

/* A witness is shown to learners as "for example, in N plies, ending with ...": the one the
 * search walks into can be a 78-ply helpmate where a 4-ply one exists (the start position:
 * 1.f3 e5 2.g4 Qh4#), or a 21-ply walk of the kings where K+Q v K mates in 9. A witness is
 * replaced by the shortest helpmate of at most SHOWN_PLIES plies when dead_short.c finds one
 * within SHORTEST_NODES positions; a text gives a line as its example only when it is that short
 * (can_mate's m: the example's length, 0 for none), else it says only that a helpmate exists.
 * The witness (the JSON's, the CLI's) is the line the text names, or the search's whole line.
 * Positions whose moves the shortening lists (printed from shorten() over the cases below): the
 * start position's 4-ply mate for Black 3,636, White's 5-ply one 4,047; K+Q v K's 9-ply one
 * 36,111 and K+R v K's 11-ply one 912,939, so endings are not searched (SHORTEN_PIECES). */
#define SHORTEST_NODES 12000u
/* A long witness is shortened only with this many pieces: where few are left the shortest mate
 * is often long (a promotion first) or costs more positions than the budget, and the search of
 * every ending for nothing would make /v1/dead and flag fall slower. */
#define SHORTEN_PIECES 10

/* A witness a shorter one may replace: not already the shortest possible (one ply when the winner
 * is to move, two otherwise); a long one only on a full enough board (SHORTEN_PIECES). A short one
 * always: the review's K+R v K with Rh8# at once was explained by a 5-ply line ending Rc8#, and
 * the search below its length costs a few hundred positions there. */
static bool worth_shortening(const arb_position *pos, arb_color winner, int len)
{
    int shortest = pos->side == winner ? 1 : 2;
    if (len <= shortest)
        return false;
    return len <= SHOWN_PLIES || popcount(pos->by_color[0] | pos->by_color[1]) >= SHORTEN_PIECES;
}

static void shorten(const arb_position *pos, arb_color winner, size_t memory, arb_move *witness, int *len)
{
    arb_move line[SHOWN_PLIES];
    uint64_t nodes = 0;
    int max = *len - 1 < SHOWN_PLIES ? *len - 1 : SHOWN_PLIES;
    int found = dead_shortest_helpmate(pos, winner, max, SHORTEST_NODES, memory, line, &nodes);
    if (found > 0) {
        memcpy(witness, line, sizeof *line * (size_t)found);
        *len = found;
    }
}

/* The verdict from the search's outcome; an undecided search may still be settled by a static
 * proof after every legal move (not when the caller knows a move after which there is none:
 * child_unproven, dead_unwinnable_known). */
static void conclude(arb_unwinnable_result *res, const arb_position *pos, arb_color winner,
                     enum dead_search_outcome out, const arb_move *witness, int len, uint64_t nodes,
                     uint64_t stored, bool child_unproven)
{
    arb_reason why;
    if (out == SEARCH_MATE) {
        set_possible(res, pos, witness, len);
    } else if (out == SEARCH_NO_MATE) {
        why = side_reason(ARB_R_cannot_mate_exhausted, winner, (int)stored);
        set_impossible(res, &why);
    } else if (!child_unproven && proof_after_every_move(pos, winner)) {
        why = side_reason(ARB_R_cannot_mate_after_every_move, winner, arb_count_legal_moves(pos));
        set_impossible(res, &why);
    } else {
        why = side_reason(ARB_R_search_budget_spent, winner, (int)nodes);
        add_reason(res, &why);
    }
    res->nodes = nodes;
}

arb_status arb_unwinnable(const arb_position *pos, arb_color winner, uint64_t budget,
                          arb_unwinnable_result *res)
{
    arb_dead_limits limits = {budget, 0, NULL};
    return arb_unwinnable_within(pos, winner, &limits, res);
}

arb_status arb_unwinnable_within(const arb_position *pos, arb_color winner, const arb_dead_limits *limits,
                                 arb_unwinnable_result *res)
{
    return dead_unwinnable_known(pos, winner, limits, -1, false, res);
}

arb_status dead_unwinnable_known(const arb_position *pos, arb_color winner, const arb_dead_limits *limits,
                                 int legal, bool child_unproven, arb_unwinnable_result *res)
{
    static const arb_dead_limits none = {0, 0, NULL};
    if (!limits)
        limits = &none;
    uint64_t budget = limits->budget;
    if (!res)
        return ARB_ERR_RANGE;
    memset(res, 0, sizeof *res);
    if (!pos || (winner != ARB_WHITE && winner != ARB_BLACK))
        return ARB_ERR_RANGE;
    res->winner = winner;
    if (budget == 0)
        budget = ARB_DEAD_DEFAULT_BUDGET;
    arb_reason why;
    bool mated = false;
    if (legal < 0)
        legal = arb_count_legal_moves(pos);
    if (game_over(pos, legal, winner, &mated, &why)) {
        if (mated)
            set_possible(res, pos, NULL, 0);
        else
            set_impossible(res, &why);
        return ARB_OK;
    }
    if (dead_material_cannot_mate(pos, winner, &why)) {
        set_impossible(res, &why);
        return ARB_OK;
    }
    int forced = 0;
    arb_reason whys[DEAD_STATIC_REASONS];
    int nwhy = static_proof(pos, legal, winner, whys, &forced);
    if (nwhy) {
        set_impossible(res, &whys[0]);
        for (int i = 1; i < nwhy; i++)
            add_reason(res, &whys[i]);
        if (forced) {
            arb_reason f = side_reason(ARB_R_cannot_mate_forced_moves, winner, forced);
            add_reason(res, &f);
        }
        return ARB_OK;
    }
    /* A budget of one node (the automatic check on every ply of a game) ends the search at the
     * root, which game_over has judged already: skip allocating and clearing its tables. */
    if (budget <= 1) {
        conclude(res, pos, winner, SEARCH_UNDECIDED, NULL, 0, 1, 0, child_unproven);
        return ARB_OK;
    }
    /* Allocated only now: the static proofs above are all that most calls need. */
    dead_search *s = dead_search_new(budget, limits->memory, limits->stop);
    if (!s) {
        why = side_reason(ARB_R_search_budget_spent, winner, 0);
        add_reason(res, &why);
        return ARB_ERR_LIMIT;
    }
    arb_move witness[ARB_DEAD_MAX_WITNESS];
    int len = 0;
    enum dead_search_outcome out = dead_search_run(s, pos, winner, 2, QUICK_LIMIT, witness, &len);
    /* The position and its mirror images (dead_image.c), each with its own deepening state. */
    struct root {
        arb_position pos;
        arb_color winner;
        int kind, depth;
        uint64_t limit;
    } roots[4];
    int nroots = 0;
    roots[nroots++] = (struct root){*pos, winner, 0, 2, ROUND_LIMIT};
    for (int kind = 1; kind < 4; kind++)
        if (dead_image(pos, kind, &roots[nroots].pos)) {
            roots[nroots].winner = (kind & DEAD_IMAGE_COLORS) ? (arb_color)!winner : winner;
            roots[nroots].kind = kind;
            roots[nroots].depth = 2;
            roots[nroots++].limit = ROUND_LIMIT;
        }
    /* Then the exhaustive enumeration (proves closed positions; its walk finds some mates) and
     * the guided iterative deepening (finds most mates, each node far cheaper) take turns:
     * neither is spent on what the other decides cheaply. When the position's deepening has not
     * found a mate, its images' get a share: the same search steered to other corners. */
    static const struct { bool enumerate; uint32_t share; int root; } turns[] = {
        {true, 2000, 0}, {false, 100000, 0}, {true, 100000, 0}, {false, 300000, 0},
        {false, IMAGE_SHARE, 1}, {false, IMAGE_SHARE, 2}, {false, IMAGE_SHARE, 3}, {true, 0, 0}, {false, 0, 0},
    };
    for (size_t t = 0; t < sizeof turns / sizeof *turns && out == SEARCH_UNDECIDED && !dead_search_exhausted(s); t++) {
        if (turns[t].root >= nroots)
            continue;
        struct root *r = &roots[turns[t].root];
        uint64_t left = budget - dead_search_nodes(s);
        uint64_t share = turns[t].share && turns[t].share < left ? turns[t].share : left;
        if (turns[t].enumerate) {
            out = dead_enumerate(s, &r->pos, r->winner, share, witness, &len);
            continue;
        }
        uint64_t start = dead_search_nodes(s);
        for (; out == SEARCH_UNDECIDED && r->depth < 2 + MAX_ROUNDS && !dead_search_exhausted(s) &&
               dead_search_nodes(s) - start < share;
             r->depth++) {
            out = dead_search_run(s, &r->pos, r->winner, r->depth, r->limit, witness, &len);
            if (r->depth % 32 == 0)
                r->limit *= 2;
        }
        if (r->kind && out == SEARCH_MATE && !image_witness(pos, winner, r->kind, witness, len))
            out = SEARCH_UNDECIDED;
    }
    uint64_t nodes = dead_search_nodes(s), stored = dead_search_last_stored(s);
    dead_search_free(s); /* before the shortening's table: both count against limits->memory */
    if (out == SEARCH_MATE && worth_shortening(pos, winner, len))
        shorten(pos, winner, limits->memory, witness, &len);
    conclude(res, pos, winner, out, witness, len, nodes, stored, child_unproven);
    return ARB_OK;
}

arb_status arb_dead_position(const arb_position *pos, uint64_t budget, arb_dead_result *res)
{
    arb_dead_limits limits = {budget, 0, NULL};
    return arb_dead_position_within(pos, &limits, res);
}

arb_status arb_dead_position_within(const arb_position *pos, const arb_dead_limits *limits, arb_dead_result *res)
{
    if (!res)
        return ARB_ERR_RANGE;
    memset(res, 0, sizeof *res);
    if (!pos)
        return ARB_ERR_RANGE;
    arb_status st = ARB_OK;
    for (int c = 0; c < 2; c++) {
        arb_status s = arb_unwinnable_within(pos, (arb_color)c, limits, &res->side[c]);
        if (s != ARB_OK)
            st = s;
        res->nodes += res->side[c].nodes;
    }
    const arb_unwinnable_result *w = &res->side[ARB_WHITE], *b = &res->side[ARB_BLACK];
    if (w->verdict == ARB_WIN_POSSIBLE || b->verdict == ARB_WIN_POSSIBLE) {
        res->verdict = ARB_DEAD_ALIVE;
        res->reason = arb_reason_make(ARB_R_alive_position);
        res->reason.piece = ARB_PIECE(w->verdict == ARB_WIN_POSSIBLE ? ARB_WHITE : ARB_BLACK, ARB_KING);
    } else if (w->verdict == ARB_WIN_IMPOSSIBLE && b->verdict == ARB_WIN_IMPOSSIBLE) {
        res->verdict = ARB_DEAD_DEAD;
        if (!arb_insufficient_material(pos, &res->reason))
            res->reason = arb_reason_make(ARB_R_dead_position);
    } else {
        res->verdict = ARB_DEAD_UNKNOWN;
        res->reason = arb_reason_make(ARB_R_dead_unknown);
        res->reason.n = (int32_t)(res->nodes > INT32_MAX ? INT32_MAX : res->nodes);
    }
    /* each side's proof supports the verdict on the position (5.2.2), not flag fall's 6.9 */
    for (int c = 0; c < 2; c++)
        arb_reason_cite_verdict(res->side[c].reasons, res->side[c].nreasons, res->reason.code);
    /* A position that is checkmate or stalemate already says that first: the game is over
     * there (docs/api.md "Records that end"), not merely "alive" or "dead". */
    if (arb_count_legal_moves(pos) == 0) {
        res->reason = arb_reason_make(arb_in_check(pos) ? ARB_R_checkmate : ARB_R_stalemate);
        res->reason.piece = ARB_PIECE(pos->side, ARB_KING);
        arb_reason_add_square(&res->reason, pos->king_square[pos->side]);
    }
    return st;
}
