/* A record that ends (arb_game_play_record): the first automatic ending of a record is its end,
 * the move after it is refused with move_after_end and the ply, and the position's own state at
 * the end is reported, not refused. One row per kind of ending, then the incremental cases. */
#include "rules_util.h"

#define SHUFFLE "Nf3 Nf6 Ng1 Ng8 "
#define FIVEFOLD SHUFFLE SHUFFLE SHUFFLE SHUFFLE

/* Splits a line of moves into texts (in buf); returns how many. */
static int split(char *buf, const char **texts, int cap)
{
    int n = 0;
    for (char *t = strtok(buf, " "); t && n < cap; t = strtok(NULL, " "))
        texts[n++] = t;
    return n;
}

static const struct row {
    const char *name, *fen, *moves;
    int failed;                   /* -1: every move played */
    bool after_end;
    arb_termination ending;       /* of the last position kept (or the one that came first) */
    int ply;                      /* where it ended, -1: the game goes on */
} rows[] = {
    {"checkmate_then_a_legal_looking_move", "startpos", "f3 e5 g4 Qh4# Ke2", 4, true, ARB_TERM_CHECKMATE, 4},
    {"checkmate_then_an_illegal_move", "startpos", "f3 e5 g4 Qh4# Kf2", 4, true, ARB_TERM_CHECKMATE, 4},
    {"stops_exactly_at_mate", "startpos", "f3 e5 g4 Qh4#", -1, false, ARB_TERM_CHECKMATE, 4},
    {"stalemate", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7 Kh7", 1, true, ARB_TERM_STALEMATE, 1},
    {"seventyfive_moves", "4k3/8/8/8/8/8/8/R3K3 w Q - 149 90", "Kd1 Kd8", 1, true, ARB_TERM_SEVENTYFIVE_MOVES, 1},
    {"mate_on_the_seventyfifth_move_is_mate", "7k/8/6K1/8/8/8/8/R7 w - - 149 90", "Ra8#", -1, false,
     ARB_TERM_CHECKMATE, 1},
    {"bare_kings", "4k3/8/8/8/8/8/8/3rK3 w - - 0 1", "Kxd1 Ke7", 1, true, ARB_TERM_INSUFFICIENT_MATERIAL, 1},
    {"bare_kings_then_several_moves", "4k3/8/8/8/8/8/8/3rK3 w - - 0 1", "Kxd1 Ke7 Kc2 Kd6 Kb3", 1, true,
     ARB_TERM_INSUFFICIENT_MATERIAL, 1},
    {"a_dead_start", "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1", "Kd2", 0, true,
     ARB_TERM_DEAD_POSITION, 0},
    {"a_bare_king_diagram_is_over_at_ply_0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", -1, false,
     ARB_TERM_INSUFFICIENT_MATERIAL, 0},
    {"a_mate_diagram_is_over_at_ply_0", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "", -1,
     false, ARB_TERM_CHECKMATE, 0},
    {"fivefold", "startpos", FIVEFOLD "Nc3", 16, true, ARB_TERM_FIVEFOLD_REPETITION, 16},
    {"fivefold_then_an_illegal_move", "startpos", FIVEFOLD "Ke2", 16, true, ARB_TERM_FIVEFOLD_REPETITION, 16},
    {"claimable_threefold_goes_on", "startpos", SHUFFLE SHUFFLE "Nf3", -1, false, ARB_TERM_NONE, -1},
    {"an_illegal_move_in_a_game_that_goes_on", "startpos", "e4 e5 Ke3", 2, false, ARB_TERM_NONE, -1},
    {"a_malformed_move", "startpos", "e4 zz9", 1, false, ARB_TERM_NONE, -1},
};

static void test_rows(void)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct row *r = &rows[i];
        char name[96];
        snprintf(name, sizeof name, "rules.record.%s", r->name);
        harness_begin(name);
        arb_game g;
        if (!game_from(&g, r->fen, ""))
            continue;
        char buf[512];
        const char *texts[64];
        snprintf(buf, sizeof buf, "%s", r->moves);
        int n = split(buf, texts, 64);
        arb_record_result res;
        arb_status st = arb_game_play_record(&g, texts, n, &res);
        CHECK_INT(st, res.status);
        CHECK_INT(res.failed, r->failed);
        CHECK_INT(res.after_end, r->after_end);
        CHECK_INT(res.ending.termination, r->ending);
        CHECK_INT(res.ending.ply, r->ply);
        if (r->failed < 0) {
            CHECK_INT(st, ARB_OK);
            CHECK_INT(g.nplies, n);
        } else {
            CHECK(st != ARB_OK);
            CHECK_INT(g.nplies, r->failed); /* the moves before the refused one stay played */
        }
        if (r->after_end) {
            CHECK_INT(st, ARB_ERR_ILLEGAL);
            CHECK_INT(res.why.code, ARB_R_move_after_end);
            CHECK_INT(res.why.n, r->ply);
            CHECK_STR(res.why.move, texts[r->failed]);
            CHECK(res.ending.nreasons > 0);
        } else if (r->failed >= 0) {
            CHECK(res.why.code != ARB_R_move_after_end);
        }
        arb_game_free(&g);
    }
}

static void test_incremental(void)
{
    arb_game g;
    arb_record_result res;
    harness_begin("rules.record.more_moves_after_a_mate_are_refused");
    if (game_from(&g, "startpos", "")) {
        const char *mate[] = {"f3", "e5", "g4", "Qh4#"}, *more[] = {"a3"};
        CHECK_INT(arb_game_play_record(&g, mate, 4, &res), ARB_OK);
        CHECK_INT(res.ending.termination, ARB_TERM_CHECKMATE);
        CHECK_INT(arb_game_play_record(&g, more, 1, &res), ARB_ERR_ILLEGAL);
        CHECK(res.after_end && res.failed == 0 && res.why.n == 4);
        CHECK_INT(g.nplies, 4);
        arb_game_free(&g);
    }
    harness_begin("rules.record.counts_from_where_it_goes_on");
    if (game_from(&g, "startpos", "e4 e5")) {
        const char *more[] = {"Nf3", "Ke7", "Bc4", "Kxe6"};
        CHECK_INT(arb_game_play_record(&g, more, 4, &res), ARB_ERR_ILLEGAL);
        CHECK(!res.after_end && res.failed == 3);
        CHECK_INT(g.nplies, 5);
        arb_game_free(&g);
    }
    harness_begin("rules.record.move_after_end_text");
    arb_outcome o = {0};
    o.ply = 7;
    arb_reason r = arb_move_after_end(&o, "Qxf7+abcdefghijk");
    CHECK_INT(r.code, ARB_R_move_after_end);
    CHECK_INT(r.n, 7);
    CHECK_INT(strlen(r.move), sizeof r.move - 1);
    char text[256];
    arb_reason_render(&r, "en", text, sizeof text);
    CHECK_MSG(strstr(text, "ply 7") != NULL, "%s", text);
}

/* arb_game_outcome finds the same end (it calls the same search for the first ending). */
static void test_outcome_agrees(void)
{
    harness_begin("rules.record.outcome_agrees");
    arb_game g;
    if (game_from(&g, "4k3/8/8/8/8/8/8/3rK3 w - - 0 1", "Kxd1 Ke7 Kc2 Kd6")) {
        arb_outcome o;
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_INSUFFICIENT_MATERIAL);
        CHECK_INT(o.ply, 1);
        CHECK(find_reason(o.reasons, o.nreasons, ARB_R_moves_after_end) != NULL);
        arb_game_free(&g);
    }
}

int main(void)
{
    test_rows();
    test_incremental();
    test_outcome_agrees();
    return harness_finish();
}
