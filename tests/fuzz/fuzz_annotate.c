/* Fuzz target: rule-annotated games (arb_pgn_annotate) over arbitrary bytes, read as
 * `arbiter annotate` reads them (leniently, the main line, comments kept for the clocks) and
 * strictly with variations, one annotation reused from game to game as the CLI does.
 *
 * Invariants: every game the reader accepts, or stops at a move, is annotated; events come in
 * ply order within 0 .. plies + 1 (the illegal move's ply is the one after the record's last),
 * each event's explanations lie inside the annotation's reasons; the result is one of the four;
 * result_tag_mismatch stands iff the tag disagrees; every event renders a non-empty text in every
 * language of the catalogs; annotating the same game again gives the same events. */
#include <string.h>

#include "arbiter.h"
#include "fuzz.h"

static void check(const arb_pgn_game *g, const arb_annotation *a)
{
    int plies = g->record.nplies;
    FUZZ_ASSERT(a->result >= ARB_RESULT_NONE && a->result <= ARB_RESULT_DRAW);
    FUZZ_ASSERT(a->nevents >= 0 && a->nevents <= a->events_cap);
    FUZZ_ASSERT(a->nreasons >= 0 && a->nreasons <= a->reasons_cap);
    FUZZ_ASSERT(a->end_ply >= -1 && a->end_ply <= plies + 1);
    FUZZ_ASSERT(a->illegal_ply == -1 || a->illegal_ply == plies + 1);
    bool mismatch = false;
    for (int i = 0; i < a->nevents; i++) {
        const arb_annotation_event *e = &a->events[i];
        FUZZ_ASSERT(e->ply >= 0 && e->ply <= plies + 1);
        FUZZ_ASSERT(i == 0 || a->events[i - 1].ply <= e->ply);
        FUZZ_ASSERT(e->why.code > 0 && e->why.code < ARB_REASON_COUNT);
        FUZZ_ASSERT(e->first >= 0 && e->count >= 0 && e->first + e->count <= a->nreasons);
        mismatch |= e->why.code == ARB_R_result_tag_mismatch;
        for (const char *const *lang = arb_languages(); *lang; lang++) {
            char text[ARB_REASON_TEXT_MAX];
            FUZZ_ASSERT(arb_reason_render(&e->why, *lang, text, sizeof text) > 0 && text[0]);
            for (int k = 0; k < e->count; k++) {
                const arb_reason *r = &arb_annotation_reasons(a, e)[k];
                FUZZ_ASSERT(r->code > 0 && r->code < ARB_REASON_COUNT);
                FUZZ_ASSERT(arb_reason_render(r, *lang, text, sizeof text) > 0);
            }
        }
    }
    FUZZ_ASSERT(mismatch == a->tag_disagrees);
}

static bool same_events(const arb_annotation *a, const arb_annotation *b)
{
    if (a->nevents != b->nevents || a->result != b->result || a->termination != b->termination ||
        a->basis != b->basis || a->tag_disagrees != b->tag_disagrees)
        return false;
    for (int i = 0; i < a->nevents; i++)
        if (a->events[i].ply != b->events[i].ply || a->events[i].why.code != b->events[i].why.code ||
            a->events[i].count != b->events[i].count)
            return false;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    arb_annotation a, again;
    arb_annotation_init(&a);
    arb_annotation_init(&again);
    for (int mode = 0; mode < 2; mode++) {
        arb_pgn_options opts = {mode == 0, false, mode == 0}; /* as arbiter annotate; then strict */
        arb_pgn_reader r;
        arb_pgn_reader_init(&r, (const char *)data, size, &opts);
        int games = 0;
        while (arb_pgn_next(&r) && games++ < 32) {
            size_t before = r.pos;
            arb_pgn_game g;
            arb_pgn_error err;
            arb_status st = arb_pgn_read(&r, &g, &err);
            FUZZ_ASSERT(r.pos > before);
            const arb_pgn_error *stopped = st == ARB_OK ? NULL : &err;
            bool at_a_move = st != ARB_OK && (err.why.code == ARB_R_pgn_illegal_move || err.why.code == ARB_R_pgn_bad_move);
            arb_status ast = arb_pgn_annotate(&g, stopped, &a);
            if (st == ARB_OK || at_a_move) {
                FUZZ_ASSERT(ast == ARB_OK);
                check(&g, &a);
                FUZZ_ASSERT(arb_pgn_annotate(&g, stopped, &again) == ARB_OK && same_events(&a, &again));
            } else {
                FUZZ_ASSERT(ast == ARB_ERR_RANGE);
            }
            arb_pgn_game_free(&g);
        }
    }
    arb_annotation_free(&a);
    arb_annotation_free(&again);
    return 0;
}
