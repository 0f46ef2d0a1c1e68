/* Game rules over a record: same position and repetitions (9.2.3, 9.6.1), the 50/75-move rules
 * (9.3, 9.6.2), material that cannot mate (5.2.2, 6.9), claims (9.5) and game outcomes. */
#include <string.h>

#include "arbiter/movegen.h"
#include "arbiter/notation.h"
#include "arbiter/rules.h"
#include "dead_internal.h"
#include "internal.h"

/* ---- Same position ---------------------------------------------------------------------- */

bool arb_ep_capture_legal(const arb_position *pos)
{
    int ep = pos->ep_square;
    arb_color us = (arb_color)pos->side;
    if (ep >= 64 || !(arb_pawn_attacks[!us][ep] & arb_pieces(pos, us, ARB_PAWN)))
        return false; /* no pawn of the side to move stands beside the pawn that advanced */
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (ARB_MOVE_KIND(moves[i]) == ARB_MOVE_EN_PASSANT)
            return true;
    return false;
}

/* splitmix64 finaliser: spreads the bits of each component */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

uint64_t arb_repetition_key(const arb_position *pos)
{
    /* its own hash, independent of the Polyglot key: colours, piece types, side, rights and
     * the en passant file only when that capture is legal */
    uint64_t k = mix(pos->side);
    for (int c = 0; c < 2; c++)
        k = mix(k ^ pos->by_color[c]);
    for (int t = ARB_PAWN; t <= ARB_KING; t++)
        k = mix(k ^ pos->by_type[t]);
    uint64_t rights = 0;
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++)
            rights = rights << 8 | pos->castle_rook[c][s];
    k = mix(k ^ rights);
    return mix(k ^ (arb_ep_capture_legal(pos) ? 0x100u + pos->ep_square : 0u));
}

static bool same_board(const arb_position *a, const arb_position *b)
{
    return a->side == b->side && memcmp(a->board, b->board, sizeof a->board) == 0;
}

static bool same_castling(const arb_position *a, const arb_position *b)
{
    return memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0;
}

/* The en passant square when an en passant capture is legal, else ARB_NO_SQUARE. */
static int legal_ep(const arb_position *p)
{
    return arb_ep_capture_legal(p) ? p->ep_square : ARB_NO_SQUARE;
}

bool arb_same_position(const arb_position *a, const arb_position *b)
{
    return same_board(a, b) && same_castling(a, b) && legal_ep(a) == legal_ep(b);
}

/* Positions of the record at indexes <= last that are the same as p, newest first scanning only
 * the stretch since the last capture or pawn move of p (nothing earlier can match). */
static int find_matches(const arb_game *g, const arb_position *p, int last, int *plies, int cap)
{
    int oldest = last - (int)p->halfmove_clock;
    if (oldest < 0)
        oldest = 0;
    int n = 0;
    for (int i = last; i >= oldest; i--) {
        const arb_position *q = &g->positions[i];
        /* cheap exact filters first; the en passant test (move generation) comes last */
        if (q->side != p->side || q->by_color[0] != p->by_color[0] || q->by_color[1] != p->by_color[1])
            continue;
        if (!arb_same_position(p, q))
            continue;
        if (n < cap)
            plies[n] = i;
        n++;
    }
    /* oldest first */
    int m = n < cap ? n : cap;
    for (int i = 0; i < m / 2; i++) {
        int t = plies[i];
        plies[i] = plies[m - 1 - i];
        plies[m - 1 - i] = t;
    }
    return n;
}

int arb_game_occurrences(const arb_game *g, int ply, int *plies, int cap)
{
    if (ply < 0 || ply > g->nplies)
        return 0;
    return find_matches(g, &g->positions[ply], ply, plies, cap);
}

/* ---- Material --------------------------------------------------------------------------- */

#define LIGHT_SQUARES 0x55AA55AA55AA55AAULL

static bool bishops_one_color(arb_bitboard b)
{
    return (b & LIGHT_SQUARES) == 0 || (b & ~LIGHT_SQUARES) == 0;
}

/* arb_insufficient_material (with its explanation) lives in dead_material.c. */

bool arb_material_can_mate(const arb_position *pos, arb_color color)
{
    const arb_bitboard *t = pos->by_type;
    arb_bitboard kings = t[ARB_KING];
    arb_bitboard own = pos->by_color[color] & ~kings, opp = pos->by_color[!color] & ~kings;
    if (own == 0)
        return false;
    if (own & (t[ARB_PAWN] | t[ARB_ROOK] | t[ARB_QUEEN]))
        return true;
    arb_bitboard own_b = own & t[ARB_BISHOP], own_n = own & t[ARB_KNIGHT];
    if (opp == 0) /* against a bare king: one knight, or bishops of one colour, cannot mate */
        return !((own_b == 0 && popcount(own_n) == 1) || (own_n == 0 && bishops_one_color(own_b)));
    if (own_n == 0 && (opp & ~t[ARB_BISHOP]) == 0 && bishops_one_color(own_b | opp))
        return false; /* every bishop on one colour: no king can be boxed in */
    return true;
}

/* UNWINNABILITY HOOK (FIDE 6.9 flag fall, 7.5.5 second illegal move): the search of
 * arbiter/dead.h. Only a proof (ARB_WIN_IMPOSSIBLE) says "cannot mate"; a witness or an
 * exhausted budget (unknown) both say "can mate", so a loss is never turned into a draw on a
 * guess. Every flag-fall and illegal-move verdict goes through here. */
bool arb_rules_can_mate_result(const arb_position *pos, arb_color color, arb_unwinnable_result *res)
{
    arb_status st = arb_unwinnable(pos, color, ARB_RULES_UNWINNABLE_BUDGET, res);
    if (!arb_material_can_mate(pos, color))
        return false; /* material alone proves it (the search agrees and explains) */
    return st != ARB_OK || res->verdict != ARB_WIN_IMPOSSIBLE;
}

bool arb_rules_can_mate(const arb_position *pos, arb_color color)
{
    arb_unwinnable_result res;
    return arb_rules_can_mate_result(pos, color, &res);
}

/* DEAD-POSITION HOOK (5.2.2 beyond material): true only when the search of arbiter/dead.h
 * proves that neither side can mate (static proofs only, see ARB_RULES_DEAD_BUDGET; unknown is
 * "not dead"). res receives both sides' proofs. legal: pos's number of legal moves.
 * child_unproven (bit per colour): a legal move of pos leads to a position where that colour was
 * not proven unable to mate (so no proof after every move holds for it; dead.c).
 * *unproven (bit per colour) receives the colours this position was not proven for. */
static bool dead_beyond_material(const arb_position *pos, int legal, unsigned child_unproven, arb_dead_result *res,
                                 unsigned *unproven)
{
    /* Runs on every position of a game, and only a proof of deadness matters here: the static
     * proofs decide that, while the helpmate search only finds witnesses of life (milliseconds
     * from a full board). So: a budget that skips the search, and stop at the first side not
     * proven unable to mate. */
    memset(res, 0, sizeof *res);
    arb_dead_limits limits = {ARB_RULES_DEAD_BUDGET, 0, NULL};
    for (int c = 0; c < 2; c++) {
        arb_unwinnable_result *side = &res->side[c];
        if (dead_unwinnable_known(pos, (arb_color)c, &limits, legal, child_unproven >> c & 1u, side) != ARB_OK)
            return false;
        if (side->verdict != ARB_WIN_IMPOSSIBLE) {
            *unproven |= 1u << c;
            return false;
        }
        res->nodes += side->nodes;
    }
    res->verdict = ARB_DEAD_DEAD;
    return true;
}

/* ---- Names ---------------------------------------------------------------------------- */

static const char *const term_names[ARB_TERM_COUNT] = {
    "none", "checkmate", "stalemate", "dead_position", "insufficient_material",
    "fivefold_repetition", "seventyfive_moves", "threefold_claim", "fifty_moves_claim",
    "time_forfeit", "time_forfeit_draw", "resignation", "agreement", "illegal_moves",
};

const char *arb_termination_name(arb_termination t)
{
    return (unsigned)t < ARB_TERM_COUNT ? term_names[t] : NULL;
}

const char *arb_result_string(arb_result r)
{
    switch (r) {
    case ARB_RESULT_WHITE_WINS:
        return "1-0";
    case ARB_RESULT_BLACK_WINS:
        return "0-1";
    case ARB_RESULT_DRAW:
        return "1/2-1/2";
    default:
        return "*";
    }
}

/* ---- Outcome helpers --------------------------------------------------------------------- */

static void outcome_clear(arb_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->ply = -1;
}

static arb_reason *add_reason(arb_outcome *out, arb_reason_code code)
{
    /* Never full (ARB_OUTCOME_MAX_REASONS, rules.h, says why); if it were, the spare last slot
     * would take the reason and it would be dropped rather than written past the array. */
    arb_reason *r = &out->reasons[out->nreasons < ARB_OUTCOME_MAX_REASONS ? out->nreasons++ : ARB_OUTCOME_MAX_REASONS];
    *r = arb_reason_make(code);
    return r;
}

static arb_result win_for(arb_color c)
{
    return c == ARB_WHITE ? ARB_RESULT_WHITE_WINS : ARB_RESULT_BLACK_WINS;
}

static arb_piece king_of(arb_color c)
{
    return ARB_PIECE(c, ARB_KING);
}

/* One repetition_at per listed ply; a ply past the record's end is `declared`, the position
 * the declared move would make (not in the record, so never read from it). */
static void add_repetitions(arb_outcome *out, const arb_game *g, const int *plies, int n, const arb_position *declared)
{
    for (int i = 0; i < n; i++) {
        arb_reason *r = add_reason(out, ARB_R_repetition_at);
        const arb_position *at = plies[i] <= g->nplies ? &g->positions[plies[i]] : declared;
        r->n = at ? (int32_t)at->fullmove_number : 0;
        r->m = plies[i];
    }
}

/* Appends a reason made elsewhere (the material or dead-position proofs). */
static arb_reason *add_reason_copy(arb_outcome *out, const arb_reason *why)
{
    arb_reason *r = add_reason(out, why->code);
    *r = *why;
    return r;
}

/* The proof that `color` cannot mate, from the unwinnability search (skipping what the
 * headline reason already says), cited as the verdict it supports. */
static void add_proof(arb_outcome *out, const arb_unwinnable_result *res, arb_reason_code verdict)
{
    for (int i = 0; i < res->nreasons; i++)
        if (res->reasons[i].code != ARB_R_cannot_mate_bare_king)
            arb_reason_cite_verdict(add_reason_copy(out, &res->reasons[i]), 1, verdict);
}

#define MAX_OCC 16

/* arb_game_automatic_ending with what dead_beyond_material knows and learns (child_unproven,
 * *unproven: bits per colour, see there). */
static arb_status automatic_ending(const arb_game *g, int ply, unsigned child_unproven, arb_outcome *out,
                                   unsigned *unproven)
{
    outcome_clear(out);
    if (ply < 0 || ply > g->nplies)
        return ARB_ERR_RANGE;
    const arb_position *pos = &g->positions[ply];
    arb_color us = (arb_color)pos->side;
    arb_reason why;
    arb_dead_result dead;
    int legal = arb_count_legal_moves(pos);
    if (legal == 0) {
        bool mate = arb_in_check(pos);
        out->result = mate ? win_for((arb_color)!us) : ARB_RESULT_DRAW;
        out->termination = mate ? ARB_TERM_CHECKMATE : ARB_TERM_STALEMATE;
        arb_reason *r = add_reason(out, mate ? ARB_R_checkmate : ARB_R_stalemate);
        r->piece = king_of(us);
        arb_reason_add_square(r, pos->king_square[us]);
        if (mate && pos->halfmove_clock >= 150)
            add_reason(out, ARB_R_seventyfive_but_mate)->n = pos->halfmove_clock / 2;
    } else if (arb_insufficient_material(pos, &why)) {
        out->result = ARB_RESULT_DRAW;
        out->termination = ARB_TERM_INSUFFICIENT_MATERIAL;
        add_reason(out, ARB_R_insufficient_material);
        add_reason_copy(out, &why);
    } else if (dead_beyond_material(pos, legal, child_unproven, &dead, unproven)) {
        out->result = ARB_RESULT_DRAW;
        out->termination = ARB_TERM_DEAD_POSITION;
        add_reason(out, ARB_R_dead_position);
        add_proof(out, &dead.side[ARB_WHITE], ARB_R_dead_position);
        add_proof(out, &dead.side[ARB_BLACK], ARB_R_dead_position);
    } else {
        int plies[MAX_OCC];
        int n = find_matches(g, pos, ply, plies, MAX_OCC);
        if (n >= 5) {
            out->result = ARB_RESULT_DRAW;
            out->termination = ARB_TERM_FIVEFOLD_REPETITION;
            add_reason(out, ARB_R_fivefold_repetition)->n = n;
            add_repetitions(out, g, plies, n < MAX_OCC ? n : MAX_OCC, NULL);
        } else if (pos->halfmove_clock >= 150) {
            out->result = ARB_RESULT_DRAW;
            out->termination = ARB_TERM_SEVENTYFIVE_MOVES;
            add_reason(out, ARB_R_seventyfive_moves)->n = pos->halfmove_clock / 2;
        }
    }
    if (out->termination != ARB_TERM_NONE)
        out->ply = ply;
    return ARB_OK;
}

arb_status arb_game_automatic_ending(const arb_game *g, int ply, arb_outcome *out)
{
    unsigned unproven = 0;
    return automatic_ending(g, ply, 0, out, &unproven);
}

/* The position after the move first: a colour not proven unable to mate there has no static
 * proof there, so position ply's "proof after every move" for that colour cannot hold and is
 * skipped (a FEN /v1/move judged both positions with four static analyses, now three). */
arb_status arb_game_automatic_endings(const arb_game *g, int ply, arb_outcome *at, arb_outcome *next)
{
    outcome_clear(at);
    outcome_clear(next);
    if (ply < 0 || ply >= g->nplies)
        return ARB_ERR_RANGE;
    unsigned unproven = 0, ignored = 0;
    automatic_ending(g, ply + 1, 0, next, &unproven);
    return automatic_ending(g, ply, unproven, at, &ignored);
}

/* Whether the key of position `ply` was seen at least four times before, in the window where
 * it can repeat (a cheap filter: arb_same_position decides). */
static bool key_seen_four_times(const arb_game *g, int ply)
{
    const arb_position *pos = &g->positions[ply];
    int oldest = ply - (int)pos->halfmove_clock, n = 0;
    for (int i = ply - 1; i >= 0 && i >= oldest; i--)
        if (g->positions[i].key == pos->key && ++n >= 4)
            return true;
    return false;
}

static bool is_dead_ending(arb_termination t)
{
    return t == ARB_TERM_INSUFFICIENT_MATERIAL || t == ARB_TERM_DEAD_POSITION;
}

int arb_game_first_ending(const arb_game *g, int from, arb_outcome *out)
{
    outcome_clear(out);
    if (from < 0 || from > g->nplies)
        return -1;
    /* Mate, stalemate, fivefold and 75 moves are cheap to see at each ply. A position the record's
     * next move is legal in is no mate or stalemate: asking that of the move is cheaper than
     * counting every legal move (the count decides only for a record whose move is not legal). */
    int end = g->nplies;
    for (int ply = from; ply < g->nplies; ply++) {
        const arb_position *pos = &g->positions[ply];
        if (pos->halfmove_clock >= 150 || (!arb_is_legal(pos, g->moves[ply]) && arb_count_legal_moves(pos) == 0) ||
            key_seen_four_times(g, ply)) {
            end = ply;
            break;
        }
    }
    if (arb_game_automatic_ending(g, end, out) != ARB_OK || out->termination == ARB_TERM_NONE)
        return -1;
    if (!is_dead_ending(out->termination))
        return end;
    /* A dead position stays dead whatever is played (so does insufficient material): the first
     * dead position of [from, end] is found by bisection, with the costly proofs log2(n) times. */
    int lo = from, hi = end;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        arb_outcome o;
        if (arb_game_automatic_ending(g, mid, &o) == ARB_OK && is_dead_ending(o.termination))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo != end)
        arb_game_automatic_ending(g, lo, out);
    return lo;
}

/* ---- Claims ----------------------------------------------------------------------------- */

/* For a wrong threefold claim: earlier positions with the same pieces and side to move that
 * differ only in castling rights or a legal en passant capture (9.2.3), the NEAR_MAX most recent
 * (a long record can hold thousands: they would crowd out the penalty that follows). */
#define NEAR_MAX 4
static void explain_near_repetitions(arb_outcome *out, const arb_game *g, const arb_position *p, int last)
{
    int oldest = last - (int)p->halfmove_clock, told = 0;
    for (int i = last; i >= (oldest < 0 ? 0 : oldest) && told < NEAR_MAX; i--) {
        const arb_position *q = &g->positions[i];
        if (q == p || !same_board(p, q) || arb_same_position(p, q))
            continue;
        told++;
        if (!same_castling(p, q)) {
            add_reason(out, ARB_R_repetition_differs_castling)->m = i;
        } else {
            int ep = legal_ep(p) != ARB_NO_SQUARE ? legal_ep(p) : legal_ep(q);
            arb_reason *r = add_reason(out, ARB_R_repetition_differs_ep);
            r->m = i;
            arb_reason_add_square(r, ep);
        }
    }
}

arb_status arb_game_claim(const arb_game *g, arb_claim_kind kind, arb_move intended, arb_outcome *out)
{
    return arb_game_claim_in(g, kind, intended, ARB_TC_STANDARD, out);
}

arb_status arb_game_claim_in(const arb_game *g, arb_claim_kind kind, arb_move intended, arb_time_control tc,
                             arb_outcome *out)
{
    outcome_clear(out);
    if ((kind != ARB_CLAIM_THREEFOLD && kind != ARB_CLAIM_FIFTY_MOVES) ||
        (tc != ARB_TC_STANDARD && tc != ARB_TC_RAPID && tc != ARB_TC_BLITZ))
        return ARB_ERR_RANGE;
    const arb_position *cur = arb_game_current(g);
    arb_position after;
    char san[ARB_MOVE_TEXT_MAX] = "";
    bool with_move = intended != ARB_MOVE_NONE;
    if (with_move) {
        if (!arb_is_legal(cur, intended))
            return ARB_ERR_ILLEGAL;
        arb_move_san(cur, intended, san, sizeof san);
        after = *cur;
        arb_position_play(&after, intended);
    }
    out->claim_made = true;
    if (kind == ARB_CLAIM_THREEFOLD) {
        int plies[MAX_OCC], n, listed;
        const arb_position *p = with_move ? &after : cur;
        if (with_move) {
            /* the intended position is not in the record: compare it with the record (the
             * newest MAX_OCC - 1 matches are listed), then count it once more for its own
             * (about to be made) occurrence, listed last */
            n = find_matches(g, p, g->nplies, plies, MAX_OCC - 1);
            listed = n < MAX_OCC - 1 ? n : MAX_OCC - 1;
            plies[listed++] = g->nplies + 1;
            n++;
        } else {
            n = find_matches(g, p, g->nplies, plies, MAX_OCC);
            listed = n < MAX_OCC ? n : MAX_OCC;
        }
        out->claim_valid = n >= 3;
        arb_reason *r = add_reason(out, out->claim_valid ? (with_move ? ARB_R_threefold_with_move : ARB_R_threefold_now)
                                                         : (with_move ? ARB_R_threefold_wrong_with_move : ARB_R_threefold_wrong));
        r->n = n;
        arb_strlcpy(r->move, san, sizeof r->move);
        add_repetitions(out, g, plies, listed, with_move ? &after : NULL);
        if (!out->claim_valid)
            explain_near_repetitions(out, g, p, g->nplies);
        if (out->claim_valid)
            out->termination = ARB_TERM_THREEFOLD_CLAIM;
    } else {
        int clock = with_move ? after.halfmove_clock : cur->halfmove_clock;
        out->claim_valid = clock >= 100;
        arb_reason *r = add_reason(out, out->claim_valid ? (with_move ? ARB_R_fifty_with_move : ARB_R_fifty_now)
                                                         : (with_move ? ARB_R_fifty_wrong_with_move : ARB_R_fifty_wrong));
        r->n = clock / 2;
        if (!out->claim_valid) {
            /* Each player's own count (9.3: "50 moves by each player"): the last of the `clock`
             * half-moves was made by the side not to move in the position reached, so that side
             * has (clock + 1) / 2 of them and the side to move clock / 2. n: White, m: Black. */
            bool white_to_move = (with_move ? after.side : cur->side) == ARB_WHITE;
            r->n = white_to_move ? clock / 2 : (clock + 1) / 2;
            r->m = white_to_move ? (clock + 1) / 2 : clock / 2;
        }
        arb_strlcpy(r->move, san, sizeof r->move);
        if (!out->claim_valid && with_move && after.halfmove_clock == 0)
            arb_strlcpy(add_reason(out, ARB_R_fifty_move_resets)->move, san, ARB_MOVE_TEXT_MAX);
        if (out->claim_valid)
            out->termination = ARB_TERM_FIFTY_MOVES_CLAIM;
    }
    if (out->claim_valid) {
        out->result = ARB_RESULT_DRAW;
        out->ply = g->nplies;
    } else {
        /* 9.5.3: two minutes; A.3 (rapid, and blitz through Appendix B): one */
        if (tc == ARB_TC_STANDARD)
            add_reason(out, ARB_R_claim_penalty_time)->n = 2;
        else
            add_reason(out, ARB_R_claim_penalty_time_rapid)->n = 1;
        if (with_move)
            arb_strlcpy(add_reason(out, ARB_R_claim_move_must_be_played)->move, san, ARB_MOVE_TEXT_MAX);
    }
    return ARB_OK;
}

/* ---- Outcome of a record with one event ------------------------------------------------ */

arb_event arb_event_none(void)
{
    arb_event e = {ARB_CLAIM_NONE, ARB_MOVE_NONE, -1, -1, false, ARB_TC_STANDARD};
    return e;
}

bool arb_game_both_moved(const arb_game *g)
{
    /* the full-move number passes 1 once Black has moved, and White moves first */
    return arb_game_current(g)->fullmove_number > 1;
}

/* Why `color` cannot mate (the material part of 6.9), cited as the verdict it supports. */
static void add_cannot_mate(arb_outcome *out, const arb_position *pos, arb_color color,
                            const arb_unwinnable_result *res, arb_reason_code verdict)
{
    bool bare = (pos->by_color[color] & ~pos->by_type[ARB_KING]) == 0;
    arb_reason *r = add_reason(out, bare ? ARB_R_cannot_mate_bare_king : ARB_R_cannot_mate_material);
    r->piece = king_of(color);
    arb_reason_cite_verdict(r, 1, verdict);
    add_proof(out, res, verdict);
}

arb_status arb_game_outcome(const arb_game *g, const arb_event *ev, arb_outcome *out)
{
    arb_event none = arb_event_none();
    if (!ev)
        ev = &none;
    int events = (ev->claim != ARB_CLAIM_NONE) + (ev->flag >= 0) + (ev->resign >= 0) + ev->agree_draw;
    outcome_clear(out);
    if (events > 1 || ev->flag > 1 || ev->resign > 1)
        return ARB_ERR_RANGE;
    int ply = arb_game_first_ending(g, 0, out); /* where the record ended, if it did */
    if (ply >= 0) {
        if (ply < g->nplies) {
            arb_reason *r = add_reason(out, ARB_R_moves_after_end);
            r->n = g->nplies - ply;
        }
        if (events)
            add_reason(out, ARB_R_event_after_end);
        return ARB_OK;
    }
    outcome_clear(out);
    const arb_position *cur = arb_game_current(g);
    if (ev->claim != ARB_CLAIM_NONE)
        return arb_game_claim_in(g, ev->claim, ev->claim_move, ev->time_control, out);
    if (ev->flag >= 0) {
        arb_color loser = (arb_color)ev->flag, winner = (arb_color)!loser;
        arb_unwinnable_result unw;
        bool can = arb_rules_can_mate_result(cur, winner, &unw);
        out->result = can ? win_for(winner) : ARB_RESULT_DRAW;
        out->termination = can ? ARB_TERM_TIME_FORFEIT : ARB_TERM_TIME_FORFEIT_DRAW;
        arb_reason *r = add_reason(out, can ? ARB_R_time_forfeit : ARB_R_time_forfeit_draw);
        r->piece = king_of(loser);
        r->by = king_of(winner);
        if (!can)
            add_cannot_mate(out, cur, winner, &unw, r->code);
        else
            add_proof(out, &unw, r->code); /* can_mate with its witness, or search_budget_spent */
    } else if (ev->resign >= 0) {
        /* 5.1.2 (2023): resigning loses unless the opponent cannot checkmate by any series of
         * legal moves; then it is a draw (decided as for flag fall: a proof, never a guess) */
        arb_color loser = (arb_color)ev->resign, winner = (arb_color)!loser;
        arb_unwinnable_result unw;
        bool can = arb_rules_can_mate_result(cur, winner, &unw);
        out->result = can ? win_for(winner) : ARB_RESULT_DRAW;
        out->termination = ARB_TERM_RESIGNATION;
        arb_reason *r = add_reason(out, can ? ARB_R_resignation : ARB_R_resignation_draw);
        r->piece = king_of(loser);
        if (!can) {
            r->by = king_of(winner);
            add_cannot_mate(out, cur, winner, &unw, r->code);
        }
    } else if (ev->agree_draw) {
        if (arb_game_both_moved(g)) {
            out->result = ARB_RESULT_DRAW;
            out->termination = ARB_TERM_AGREEMENT;
            add_reason(out, ARB_R_agreement);
        } else {
            /* the player who has not moved yet: Black if White has moved, else White */
            arb_color idle = cur->side == ARB_BLACK && cur->fullmove_number == 1 ? ARB_BLACK : ARB_WHITE;
            add_reason(out, ARB_R_agreement_too_early)->piece = king_of(idle);
        }
    }
    if (out->termination != ARB_TERM_NONE)
        out->ply = g->nplies;
    return ARB_OK;
}
