/* Rule-annotated games (arb_game_annotate, arb_pgn_annotate): every hand-made game of
 * tests/data/pgn/annotate-events.pgn gives the events its Expect tag lists, in ply order, and the
 * result, termination and mis-scoring its Expect* tags say; then the details a row cannot show
 * (parameters, explanations, the reuse of one annotation, a game that cannot be read). */
#include <stdio.h>
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    fclose(f);
    if (s)
        s[n] = '\0';
    *len = (size_t)n;
    return s;
}

/* "4 checkmate; 4 result_tag_mismatch" */
static void events_text(const arb_annotation *a, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < a->nevents && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%d %s", i ? "; " : "", a->events[i].ply,
                              arb_reason_name(a->events[i].why.code));
}

static void test_expectations(void)
{
    size_t len;
    char *text = slurp(harness_data_path("pgn/annotate-events.pgn"), &len);
    harness_begin("annotate.data");
    CHECK(text != NULL);
    if (!text)
        return;
    arb_pgn_options opts = {true, false, true};
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, &opts);
    arb_annotation a;
    arb_annotation_init(&a); /* one annotation for every game: reused */
    int games = 0;
    while (arb_pgn_next(&r)) {
        arb_pgn_game g;
        arb_pgn_error err;
        arb_status st = arb_pgn_read(&r, &g, &err);
        const char *event = arb_pgn_tag_value(&g, "Event");
        char name[160];
        snprintf(name, sizeof name, "annotate.game.%s", event ? event : "?");
        harness_begin(name);
        games++;
        CHECK_INT(arb_pgn_annotate(&g, st == ARB_OK ? NULL : &err, &a), ARB_OK);
        char got[1024];
        events_text(&a, got, sizeof got);
        CHECK_STR(got, arb_pgn_tag_value(&g, "Expect"));
        CHECK_STR(arb_result_string(a.result), arb_pgn_tag_value(&g, "ExpectResult"));
        CHECK_STR(arb_termination_name(a.termination), arb_pgn_tag_value(&g, "ExpectTermination"));
        CHECK_STR(a.tag_disagrees ? "true" : "false", arb_pgn_tag_value(&g, "ExpectMisScored"));
        /* events stand in ply order */
        for (int i = 1; i < a.nevents; i++)
            CHECK(a.events[i - 1].ply <= a.events[i].ply);
        arb_pgn_game_free(&g);
    }
    harness_begin("annotate.data.count");
    CHECK_INT(games, 25);
    arb_annotation_free(&a);
    free(text);
}

/* Annotates the first game of a PGN text. */
static arb_status annotate_text(const char *pgn, arb_pgn_game *g, arb_annotation *a)
{
    arb_pgn_options opts = {true, false, true};
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, pgn, strlen(pgn), &opts);
    arb_pgn_error err;
    arb_status st = arb_pgn_read(&r, g, &err);
    return arb_pgn_annotate(g, st == ARB_OK ? NULL : &err, a);
}

static const arb_annotation_event *event_of(const arb_annotation *a, arb_reason_code code)
{
    for (int i = 0; i < a->nevents; i++)
        if (a->events[i].why.code == code)
            return &a->events[i];
    return NULL;
}

static void test_details(void)
{
    arb_annotation a;
    arb_annotation_init(&a);
    arb_pgn_game g;

    harness_begin("annotate.threefold.params");
    annotate_text("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *", &g, &a);
    const arb_annotation_event *e = event_of(&a, ARB_R_threefold_available);
    CHECK(e != NULL);
    if (e) {
        CHECK_INT(e->why.m, 1);                      /* one ply was played after it */
        CHECK_INT(ARB_PIECE_COLOR(e->why.piece), ARB_WHITE); /* White, to move, may claim */
        CHECK_INT(e->count, 4);                      /* the written-move form, three plies */
        const arb_reason *x = arb_annotation_reasons(&a, e);
        CHECK_INT(x[0].code, ARB_R_threefold_with_move);
        CHECK_STR(x[0].move, "Ng8");
        CHECK_INT(x[1].m, 0);
        CHECK_INT(x[2].m, 4);
        CHECK_INT(x[3].m, 8);
    }
    CHECK_INT(a.basis, ARB_BASIS_NONE);
    arb_pgn_game_free(&g);

    harness_begin("annotate.dead.proof");
    annotate_text("[FEN \"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/3n4/4K3 w - - 0 1\"]\n\n1. Kxd2 *", &g, &a);
    e = event_of(&a, ARB_R_dead_position);
    CHECK(e != NULL && e->ply == 1 && e->count >= 2);
    CHECK_INT(a.end_ply, 1);
    CHECK_INT(a.basis, ARB_BASIS_BOARD);
    arb_pgn_game_free(&g);

    harness_begin("annotate.time_forfeit.proof");
    annotate_text("[FEN \"8/8/4k3/8/8/2K5/8/7q w - - 0 60\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1-0",
                  &g, &a);
    e = event_of(&a, ARB_R_time_forfeit_draw);
    CHECK(e != NULL && e->ply == 0);
    if (e) {
        CHECK_INT(ARB_PIECE_COLOR(e->why.piece), ARB_BLACK); /* Black ran out of time */
        CHECK(e->count >= 1 && arb_annotation_reasons(&a, e)[0].code == ARB_R_cannot_mate_bare_king);
    }
    CHECK_INT(a.flagged, ARB_BLACK);
    e = event_of(&a, ARB_R_result_tag_mismatch);
    CHECK(e != NULL && e->why.n == ARB_RESULT_DRAW && e->why.m == ARB_RESULT_WHITE_WINS);
    arb_pgn_game_free(&g);

    harness_begin("annotate.illegal.move_after_end_last");
    annotate_text("1. f3 e5 2. g4 Qh4# 3. Ke2 0-1", &g, &a);
    e = &a.events[a.nevents - 1];
    CHECK_INT(a.illegal_ply, 5);
    CHECK_INT(e->ply, 5);
    CHECK(e->count >= 1 && arb_annotation_reasons(&a, e)[e->count - 1].code == ARB_R_move_after_end);
    arb_pgn_game_free(&g);

    harness_begin("annotate.unreadable");
    const char *bad = "[White \"x]\n\n1. e4 *";
    arb_pgn_options opts = {true, false, false};
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, bad, strlen(bad), &opts);
    arb_pgn_error err;
    CHECK(arb_pgn_read(&r, &g, &err) != ARB_OK);
    CHECK_INT(arb_pgn_annotate(&g, &err, &a), ARB_ERR_RANGE);
    CHECK_INT(a.nevents, 0);
    arb_pgn_game_free(&g);

    harness_begin("annotate.record_alone");
    /* arb_game_annotate on a bare record: no tags, so no result beyond the board */
    arb_position start;
    arb_position_start(&start);
    arb_game rec;
    arb_game_init(&rec, &start);
    const char *moves[] = {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"};
    for (int i = 0; i < 7; i++) {
        arb_reason why;
        arb_game_play_text(&rec, moves[i], &why);
    }
    CHECK_INT(arb_game_annotate(&rec, NULL, &a), ARB_OK);
    CHECK_INT(a.nevents, 1);
    CHECK_INT(a.events[0].why.code, ARB_R_checkmate);
    CHECK_INT(a.result, ARB_RESULT_WHITE_WINS);
    CHECK_INT(a.tag, -1);
    CHECK(!a.tag_disagrees);
    arb_game_free(&rec);

    harness_begin("annotate.result_parse");
    CHECK_INT(arb_result_parse("1-0"), ARB_RESULT_WHITE_WINS);
    CHECK_INT(arb_result_parse("1/2-1/2"), ARB_RESULT_DRAW);
    CHECK_INT(arb_result_parse("*"), ARB_RESULT_NONE);
    CHECK_INT(arb_result_parse("1/2"), -1);
    CHECK_INT(arb_result_parse(NULL), -1);
    arb_annotation_free(&a);
}

int main(void)
{
    test_expectations();
    test_details();
    return harness_finish();
}
