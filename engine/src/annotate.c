/* Rule events of a game record, ply by ply (arb_game_annotate): checks, the first automatic
 * ending and the plies recorded after it, the first ply each draw claim is available, the first
 * illegal move. The result an arbiter records is annotate_result.c's. Nothing is allocated per
 * ply: the events go into the annotation's buffers, which grow geometrically and are reused. */
#include <stdlib.h>
#include <string.h>

#include "annotate_internal.h"
#include "arbiter/explain.h"
#include "arbiter/notation.h"
#include "internal.h"

/* ---- The annotation's storage -------------------------------------------------------------- */

void ann_reset(arb_annotation *a)
{
    a->result = ARB_RESULT_NONE;
    a->termination = ARB_TERM_NONE;
    a->basis = ARB_BASIS_NONE;
    a->tag = -1;
    a->tag_disagrees = false;
    a->end_ply = a->flagged = a->illegal_ply = -1;
    a->nevents = a->nreasons = 0;
}

void arb_annotation_init(arb_annotation *a)
{
    memset(a, 0, sizeof *a);
    ann_reset(a);
}

void arb_annotation_free(arb_annotation *a)
{
    free(a->events);
    free(a->reasons);
    arb_annotation_init(a);
}

/* Room for one more element of an array of `size`-byte elements (doubling); false when short. */
static bool room(void **items, int *cap, int n, size_t size)
{
    if (n < *cap)
        return true;
    int ncap = *cap ? *cap * 2 : 16;
    void *p = realloc(*items, size * (size_t)ncap);
    if (!p)
        return false;
    *items = p;
    *cap = ncap;
    return true;
}

void ann_event(struct ann *a, int ply, const arb_reason *why)
{
    arb_annotation *o = a->out;
    if (!room((void **)&o->events, &o->events_cap, o->nevents, sizeof *o->events)) {
        a->short_of_memory = true;
        return;
    }
    arb_annotation_event *e = &o->events[o->nevents++];
    e->ply = ply;
    e->why = *why;
    e->first = o->nreasons;
    e->count = 0;
}

void ann_explain(struct ann *a, const arb_reason *r)
{
    arb_annotation *o = a->out;
    if (o->nevents == 0 || !room((void **)&o->reasons, &o->reasons_cap, o->nreasons, sizeof *o->reasons)) {
        a->short_of_memory = true;
        return;
    }
    o->reasons[o->nreasons++] = *r;
    o->events[o->nevents - 1].count++;
}

/* ---- Events ---------------------------------------------------------------------------------- */

int ann_occurrences(const arb_game *g, int ply)
{
    int plies[1];
    return arb_game_occurrences(g, ply, plies, 1);
}

static arb_piece king_of(arb_color c)
{
    return ARB_PIECE(c, ARB_KING);
}

/* The SAN of the move that led to position `ply` (ply >= 1). */
static void san_before(const arb_game *g, int ply, char *buf, size_t cap)
{
    arb_move_san(&g->positions[ply - 1], g->moves[ply - 1], buf, cap);
}

/* The checks on the side to move at `ply`: one check per checker, then double_check. Check events
 * stand at every ply but a mate's (its checks are its explanations). */
static int checks_of(const arb_position *pos, arb_reason *out, int cap)
{
    arb_reason all[ARB_EXPLAIN_MAX];
    int n = arb_explain_status(pos, all, ARB_EXPLAIN_MAX), k = 0;
    for (int i = 0; i < n && i < ARB_EXPLAIN_MAX && k < cap; i++)
        if (all[i].code == ARB_R_check || all[i].code == ARB_R_double_check)
            out[k++] = all[i];
    return k;
}

static void check_event(struct ann *a, int ply)
{
    arb_reason checks[4];
    int n = checks_of(&a->g->positions[ply], checks, 4);
    if (n == 0)
        return;
    /* one checker: the event is its check; two: double_check, with each check as why */
    ann_event(a, ply, &checks[n - 1]);
    for (int i = 0; i < n - 1; i++)
        ann_explain(a, &checks[i]);
}

static void repetitions(struct ann *a, int ply)
{
    int plies[3];
    int n = arb_game_occurrences(a->g, ply, plies, 3);
    for (int i = 0; i < n && i < 3; i++) {
        arb_reason r = arb_reason_make(ARB_R_repetition_at);
        r.n = (int32_t)a->g->positions[plies[i]].fullmove_number;
        r.m = plies[i];
        ann_explain(a, &r);
    }
}

/* The draws the player to move could claim without writing a move (9.2.2, 9.3.2), at the first
 * ply each becomes available; the player who made the move could have claimed it written down. */
static void claim_events(struct ann *a, int ply)
{
    const arb_game *g = a->g;
    const arb_position *pos = &g->positions[ply];
    int after = g->nplies - ply;
    if (ann_occurrences(g, ply) == 3) {
        arb_reason r = arb_reason_make(ARB_R_threefold_available);
        r.piece = king_of((arb_color)pos->side);
        r.n = 3;
        r.m = after;
        ann_event(a, ply, &r);
        arb_reason with = arb_reason_make(ARB_R_threefold_with_move);
        with.n = 3;
        san_before(g, ply, with.move, sizeof with.move);
        ann_explain(a, &with);
        repetitions(a, ply);
    }
    if (pos->halfmove_clock >= 100 && (ply == 0 || g->positions[ply - 1].halfmove_clock < 100)) {
        arb_reason r = arb_reason_make(ARB_R_fifty_moves_available);
        r.piece = king_of((arb_color)pos->side);
        r.n = pos->halfmove_clock / 2;
        r.m = after;
        ann_event(a, ply, &r);
        if (ply > 0) {
            arb_reason with = arb_reason_make(ARB_R_fifty_with_move);
            with.n = r.n;
            san_before(g, ply, with.move, sizeof with.move);
            ann_explain(a, &with);
        }
    }
}

/* The record's first automatic ending: its first reason is the event, the rest explain it (a
 * mate's checks as well). */
static void ending_event(struct ann *a)
{
    const arb_outcome *e = &a->ending;
    if (e->nreasons == 0)
        return;
    ann_event(a, a->end, &e->reasons[0]);
    if (e->termination == ARB_TERM_CHECKMATE) {
        arb_reason checks[4];
        int n = checks_of(&a->g->positions[a->end], checks, 4);
        for (int i = 0; i < n; i++)
            ann_explain(a, &checks[i]);
    }
    for (int i = 1; i < e->nreasons && i < ARB_OUTCOME_MAX_REASONS; i++)
        ann_explain(a, &e->reasons[i]);
}

/* The move recorded after the record's last ply that cannot be played: why, most fundamental
 * first, and that the game had already ended if it had. */
static void illegal_event(struct ann *a, const char *text)
{
    const arb_game *g = a->g;
    arb_reason why[ARB_EXPLAIN_MAX];
    arb_move m;
    int n = arb_explain_text(arb_game_current(g), g, text, &m, why, ARB_EXPLAIN_MAX);
    if (n <= 0) { /* read as legal here: the reader's own refusal stands */
        why[0] = arb_reason_make(ARB_R_illegal_move);
        arb_strlcpy(why[0].found, text, sizeof why[0].found);
        n = 1;
    }
    a->out->illegal_ply = g->nplies + 1;
    ann_event(a, g->nplies + 1, &why[0]);
    for (int i = 1; i < n && i < ARB_EXPLAIN_MAX; i++)
        ann_explain(a, &why[i]);
    if (a->end >= 0) {
        arb_reason after = arb_move_after_end(&a->ending, text);
        ann_explain(a, &after);
    }
}

arb_annotate_info arb_annotate_info_none(void)
{
    arb_annotate_info i = {NULL, NULL, false, -1, NULL};
    return i;
}

arb_status arb_game_annotate(const arb_game *g, const arb_annotate_info *info, arb_annotation *out)
{
    arb_annotate_info none = arb_annotate_info_none();
    struct ann a = {out, g, info ? info : &none, -1, {0}, false};
    ann_reset(out);
    if (!g || !g->positions)
        return ARB_ERR_RANGE;
    a.end = arb_game_first_ending(g, 0, &a.ending);
    int last = a.end >= 0 ? a.end : g->nplies;
    for (int ply = 0; ply <= last; ply++) {
        if (ply == a.end) { /* a check stands beside any ending but mate (a dead position, 9.6.2) */
            if (a.ending.termination != ARB_TERM_CHECKMATE)
                check_event(&a, ply);
            ending_event(&a);
            break;
        }
        check_event(&a, ply);
        claim_events(&a, ply);
    }
    ann_result(&a); /* its events stand at the end, before the plies recorded after it */
    const char *illegal = a.info->illegal_move;
    if (a.end >= 0 && (a.end < g->nplies || illegal)) {
        arb_reason r = arb_reason_make(ARB_R_moves_after_end);
        r.n = g->nplies - a.end + (illegal != NULL);
        ann_event(&a, a.end + 1, &r);
    }
    if (illegal)
        illegal_event(&a, illegal);
    return a.short_of_memory ? ARB_ERR_LIMIT : ARB_OK;
}
