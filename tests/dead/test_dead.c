/* Golden tests: insufficient material, per-side unwinnability with witnesses and proofs, dead
 * positions, bad arguments and budgets, and the explanations in every language. */
#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "harness.h"

static arb_position fen(const char *text)
{
    arb_position pos;
    arb_status st = arb_position_from_fen(&pos, text, ARB_STANDARD, NULL);
    CHECK_MSG(st == ARB_OK, "FEN rejected: %s", text);
    return pos;
}

/* A witness replays legally and ends with the winner's opponent checkmated. */
static bool witness_ok(const arb_position *pos, const arb_unwinnable_result *r)
{
    arb_position p = *pos;
    for (int i = 0; i < r->witness_len; i++) {
        if (!arb_is_legal(&p, r->witness[i]))
            return false;
        arb_position_play(&p, r->witness[i]);
    }
    return p.side != r->winner && arb_in_check(&p) && arb_count_legal_moves(&p) == 0;
}

static arb_unwinnable_result side(const char *text, arb_color c, uint64_t budget)
{
    arb_position pos = fen(text);
    arb_unwinnable_result r;
    CHECK_INT(arb_unwinnable(&pos, c, budget, &r), ARB_OK);
    if (r.verdict == ARB_WIN_POSSIBLE)
        CHECK_MSG(witness_ok(&pos, &r), "witness of %s does not mate", text);
    return r;
}

static void check_rendered(const arb_reason *r)
{
    static const char *const langs[] = {"en", "fa", "ar"};
    for (int i = 0; i < 3; i++) {
        char text[1024];
        size_t n = arb_reason_render(r, langs[i], text, sizeof text);
        CHECK(n > 10 && n < sizeof text);
        CHECK_MSG(!strchr(text, '{'), "unexpanded parameter in %s: %s", langs[i], text);
    }
}

static void test_material(void)
{
    arb_reason why;
    arb_position p;
    harness_begin("dead.material.bare_kings");
    p = fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
    CHECK(arb_insufficient_material(&p, &why));
    CHECK_STR(arb_reason_name(why.code), "material_kings_only");
    harness_begin("dead.material.knight");
    p = fen("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1");
    CHECK(arb_insufficient_material(&p, &why));
    CHECK_STR(arb_reason_name(why.code), "material_lone_minor");
    CHECK_INT(why.squares[0], ARB_SQ(6, 0));
    CHECK_INT(why.piece, ARB_PIECE(ARB_WHITE, ARB_KNIGHT));
    check_rendered(&why);
    harness_begin("dead.material.bishop");
    p = fen("8/8/4k3/8/8/3K4/8/2b5 w - - 0 1");
    CHECK(arb_insufficient_material(&p, &why));
    harness_begin("dead.material.bishops_one_color");
    p = fen("8/1b6/5k2/8/8/3K4/B7/2B5 w - - 0 1"); /* b7, a2, c1: all light? */
    CHECK(!arb_insufficient_material(&p, &why));     /* c1 is dark, b7 and a2 light */
    p = fen("8/1b6/5k2/8/8/3K4/B7/5B2 w - - 0 1");   /* b7, a2, f1: all light */
    CHECK(arb_insufficient_material(&p, &why));
    CHECK_STR(arb_reason_name(why.code), "material_bishops_one_color");
    CHECK_INT(why.n, 3);
    CHECK_INT(why.nsquares, 3);
    check_rendered(&why);
    harness_begin("dead.material.sufficient");
    p = fen("8/8/4k3/8/8/3K4/8/2b2N2 w - - 0 1"); /* bishop against knight */
    CHECK(!arb_insufficient_material(&p, NULL));
    p = fen("8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1"); /* two knights */
    CHECK(!arb_insufficient_material(&p, NULL));
    p = fen("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1");
    CHECK(!arb_insufficient_material(&p, NULL));
    p = fen(ARB_START_FEN);
    CHECK(!arb_insufficient_material(&p, NULL));
    CHECK(!arb_insufficient_material(NULL, NULL));
}

static void test_flag_fall(void)
{
    arb_unwinnable_result r;
    harness_begin("dead.unwinnable.knight_v_king");
    r = side("8/8/4k3/8/8/3K4/8/6N1 b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    /* against a bare king: not the "nothing but queens to block with" sentence */
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_knight_v_bare_king");
    CHECK_INT(r.reasons[0].squares[0], 6);
    check_rendered(&r.reasons[0]);
    r = side("8/8/4k3/8/8/3K4/8/q5N1 b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_knight_v_queens");
    r = side("8/8/4k3/8/8/3K4/8/6N1 b - - 0 1", ARB_BLACK, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_bare_king");

    harness_begin("dead.unwinnable.lone_bishop");
    /* one bishop has its own sentence ("only the bishop on c1"), two keep the plural one */
    r = side("8/8/4k3/8/8/3K4/8/2B5 b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    /* against a bare king: no "a piece standing there captures the bishop" (2026-12 Arabic M14) */
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_bishop_v_bare_king");
    CHECK_INT(r.reasons[0].nsquares, 1);
    CHECK_INT(r.reasons[0].squares[0], 2);
    check_rendered(&r.reasons[0]);
    r = side("8/8/4k3/8/8/3K4/q7/2B5 b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_lone_bishop"); /* a queen to block with */
    r = side("8/8/4k3/8/8/3K4/8/2B2B2 b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE); /* bishops of both colours */
    r = side("8/8/4k3/8/8/3KB3/8/2B5 b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_bishops_one_color");
    CHECK_INT(r.reasons[0].n, 2);

    harness_begin("dead.unwinnable.knight_v_rook");
    /* The knight's side can mate: the rook helps to box its own king in. */
    r = side("7r/8/8/3k4/8/8/2N5/K7 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK(r.witness_len > 0);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "can_mate");
    check_rendered(&r.reasons[0]);
    r = side("7r/8/8/3k4/8/8/2N5/K7 w - - 0 1", ARB_BLACK, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);

    harness_begin("dead.unwinnable.knight_v_queen");
    r = side("7q/8/8/3k4/8/8/2N5/K7 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    r = side("7q/8/8/3k4/8/8/2N5/K7 w - - 0 1", ARB_BLACK, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);

    harness_begin("dead.unwinnable.bishop_v_pawn");
    /* K+B v K+P: the pawn may promote to a blocker, so a helpmate exists. */
    r = side("8/8/8/8/8/1k6/p7/K1B5 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
}

static void test_dead_positions(void)
{
    arb_position p;
    arb_dead_result d;
    harness_begin("dead.position.same_color_bishops");
    p = fen("8/8/2b1k3/8/8/3K4/8/2B5 w - - 0 1"); /* c6 light, c1 dark: alive? */
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_ALIVE);
    p = fen("8/8/3bk3/8/8/3K4/8/2B5 w - - 0 1"); /* d6 and c1: both dark */
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_DEAD);
    CHECK_STR(arb_reason_name(d.reason.code), "material_bishops_one_color");

    harness_begin("dead.position.locked_pawns");
    p = fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_DEAD);
    CHECK_STR(arb_reason_name(d.reason.code), "dead_position");
    CHECK_STR(arb_reason_name(d.side[ARB_WHITE].reasons[0].code), "cannot_mate_locked");
    CHECK_INT(d.side[ARB_WHITE].reasons[0].n, 24);
    CHECK_INT(d.side[ARB_WHITE].reasons[0].nsquares, 8);
    check_rendered(&d.side[ARB_WHITE].reasons[0]);

    harness_begin("dead.position.locked_but_capture");
    /* The same wall with a white knight: it can reach the black king. */
    p = fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K1N1 w - - 0 1");
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_ALIVE);
    CHECK_INT(d.side[ARB_WHITE].verdict, ARB_WIN_POSSIBLE);

    harness_begin("dead.position.start");
    p = fen(ARB_START_FEN);
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_ALIVE);
    CHECK_INT(d.side[ARB_WHITE].verdict, ARB_WIN_POSSIBLE);
    CHECK_INT(d.side[ARB_BLACK].verdict, ARB_WIN_POSSIBLE);
    check_rendered(&d.reason);

    /* The witness is shown to learners as an example: the shortest, not the first found (issue 24
     * §3, trial row 19: "for example in 78 plies, ending with d1=Q#" from the start position). */
    harness_begin("dead.witness.shortest_example");
    p = fen(ARB_START_FEN);
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.side[ARB_BLACK].witness_len, 4); /* 1.f3 e5 2.g4 Qh4# (or another of four plies) */
    CHECK_INT(d.side[ARB_WHITE].witness_len, 5); /* 1.e4 f6 2.d4 g5 3.Qh5# */
    {
        arb_position q = p;
        for (int i = 0; i < d.side[ARB_BLACK].witness_len; i++) {
            CHECK(arb_is_legal(&q, d.side[ARB_BLACK].witness[i]));
            arb_position_play(&q, d.side[ARB_BLACK].witness[i]);
        }
        CHECK(arb_in_check(&q) && arb_count_legal_moves(&q) == 0 && q.side == ARB_WHITE);
    }

    harness_begin("dead.position.already_mate");
    p = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"); /* fool's mate */
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.side[ARB_BLACK].verdict, ARB_WIN_POSSIBLE);
    CHECK_INT(d.side[ARB_BLACK].witness_len, 0);
    CHECK_STR(arb_reason_name(d.side[ARB_BLACK].reasons[0].code), "already_checkmated");
    CHECK_INT(d.side[ARB_WHITE].verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(d.side[ARB_WHITE].reasons[0].code), "cannot_mate_checkmated");
    CHECK_INT(d.verdict, ARB_DEAD_ALIVE); /* not a dead position: it is mate, and says so first */
    CHECK_STR(arb_reason_name(d.reason.code), "checkmate");
    CHECK_INT(d.reason.squares[0], 4); /* the mated king, e1 */

    harness_begin("dead.position.stalemate");
    p = fen("k7/8/1QK5/8/8/8/8/8 b - - 0 1");
    CHECK_INT(arb_dead_position(&p, 0, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_DEAD);
    CHECK_STR(arb_reason_name(d.side[ARB_WHITE].reasons[0].code), "cannot_mate_stalemate");
    CHECK_STR(arb_reason_name(d.reason.code), "stalemate");
}

/* The static proof's finer rules, each on a position it alone decides (budget 1: no search). */
static void test_static_rules(void)
{
    arb_unwinnable_result r;
    harness_begin("dead.static.pawns_keep_order");
    /* White's a2..g2 pawns can never pass the black pawns on a5..g5 (which the white king may
     * capture) nor their own pawns on a6..g6: no pawn promotes, the black king stays on rank 8. */
    const char *order = "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1";
    r = side(order, ARB_WHITE, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_INT(r.nreasons, 2);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_locked");
    CHECK_INT(r.reasons[0].n, 8);
    CHECK_STR(arb_reason_name(r.reasons[1].code), "cannot_mate_pawns_keep_order");
    CHECK_INT(r.reasons[1].n, 8);
    CHECK_INT(r.reasons[1].nsquares, 8);
    CHECK_INT(r.reasons[1].squares[0], ARB_SQ(0, 1)); /* a2 */
    CHECK_INT(r.reasons[1].squares[4], ARB_SQ(0, 4)); /* a5 */
    check_rendered(&r.reasons[1]);

    harness_begin("dead.static.blockers_one_square_each");
    /* Black's pawns reach a3..g3 and attack rank 2, but on b3 (say) the white king's flight
     * squares a2, a3 and a4 could only be filled by the one white a-pawn: never mate. */
    r = side(order, ARB_BLACK, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_INT(r.nreasons, 3);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_no_mating_square");
    CHECK_INT(r.reasons[0].n, 40);
    CHECK_STR(arb_reason_name(r.reasons[2].code), "cannot_mate_flights_never_covered");
    CHECK_INT(r.reasons[2].n, 4);
    CHECK_INT(r.reasons[2].piece, ARB_PIECE(ARB_WHITE, ARB_KING));
    check_rendered(&r.reasons[2]);

    harness_begin("dead.static.king_placement");
    /* Knights trapped among locked pawns; White's dark bishop and king alone can cover the
     * black king's flights on no square: the king guards only the squares next to it. */
    r = side("k7/1p6/1Pp5/n1P5/N1p5/1pP5/1P6/K1B5 w - - 0 1", ARB_WHITE, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_INT(r.nreasons, 2);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_no_mating_square");
    CHECK_STR(arb_reason_name(r.reasons[1].code), "cannot_mate_flights_never_covered");
    CHECK_INT(r.reasons[1].n, 20);

    harness_begin("dead.search.deep_enumeration");
    /* Locked pawns with a free bishop and both kings roaming: no static proof, but enumerating
     * every reachable position (thousands) finds no mate for either side. */
    r = side("1k6/1P5p/BP3p2/1P6/6K1/8/5P1P/8 w - - 0 1", ARB_WHITE, 1);
    CHECK_INT(r.verdict, ARB_WIN_UNKNOWN);
    r = side("1k6/1P5p/BP3p2/1P6/6K1/8/5P1P/8 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_exhausted");
    CHECK(r.reasons[0].n > 1000);

    harness_begin("dead.search.offer_heavy_pieces_to_the_knight");
    /* A lone knight against three queens and a pawn: White mates only once the queens are gone
     * and the pawn has become a blocker, so the loser offering its queens to the knight is what
     * the search tries first (without that ordering it took 2.2 million positions). */
    r = side("7k/7p/8/8/8/6q1/5q2/4q1NK b - - 0 1", ARB_WHITE, 100000);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE); /* side() replays the witness */
}

/* The reason of code `name` among r's, or NULL. */
static const arb_reason *find_reason(const arb_unwinnable_result *r, const char *name)
{
    for (int i = 0; i < r->nreasons; i++)
        if (!strcmp(arb_reason_name(r->reasons[i].code), name))
            return &r->reasons[i];
    return NULL;
}

static void test_tempo(void)
{
    arb_unwinnable_result r;
    const arb_reason *why;
    harness_begin("dead.static.king_capture_ends_game");
    /* The white king shuttles h3-h4 behind locked pawns. Black's king could take g2 only while
     * White's king stands on h4 (h5 only while it stands on h3), and White would then have no
     * legal move: the game ends, so g2 (and the f3 pawn it guards) never go and the f-pawns
     * never run. Was a 1000-ply walk of an exhaustive enumeration; now a static proof. */
    r = side("1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1", ARB_BLACK, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "cannot_mate_no_mating_square");
    CHECK_INT(r.reasons[0].n, 2);
    why = find_reason(&r, "cannot_mate_king_capture_ends_game");
    CHECK(why != NULL);
    if (why) {
        CHECK_INT(why->n, 2);
        CHECK_INT(why->nsquares, 2);
        CHECK_INT(why->squares[0], ARB_SQ(6, 1)); /* g2 */
        CHECK_INT(why->squares[1], ARB_SQ(7, 4)); /* h5 */
        check_rendered(why);
    }
    /* The same for a bishop: White's king takes c8 only while Black's stands on a8, stalemate. */
    r = side("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1", ARB_WHITE, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    why = find_reason(&r, "cannot_mate_king_capture_ends_game");
    CHECK(why != NULL);
    if (why) {
        CHECK_INT(why->nsquares, 1);
        CHECK_INT(why->squares[0], ARB_SQ(2, 7)); /* c8 */
    }
    arb_position pos = fen("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1");
    arb_dead_result d;
    CHECK_INT(arb_dead_position(&pos, 1, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_DEAD);

    harness_begin("dead.static.king_capture_not_final");
    /* Without Black's f5 pawn, White's king on h4 can still go to g4 after Kxg2: the capture
     * does not end the game, Black takes f3 and promotes: Black can mate. */
    r = side("8/8/3b3p/7P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1", ARB_BLACK, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    /* With f5 there, the capture stalemates White and the position is dead. */
    r = side("8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1", ARB_BLACK, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);

    harness_begin("dead.static.wrong_tempo");
    /* Black's king shuttles a5-a6. A mate on a5 needs a6 covered, and only White's king (from
     * a7) can cover it: it would have to stand there while Black's king left a6, or arrive
     * with a discovered check that the b6 pawn blocks. */
    r = side("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1", ARB_WHITE, 1);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
    why = find_reason(&r, "cannot_mate_wrong_tempo");
    CHECK(why != NULL);
    if (why) {
        CHECK_INT(why->n, 1);
        CHECK_INT(why->piece, ARB_PIECE(ARB_BLACK, ARB_KING));
        check_rendered(why);
    }
    why = find_reason(&r, "cannot_mate_king_capture_ends_game");
    CHECK(why != NULL);
    if (why)
        CHECK_INT(why->n, 2); /* a4 and b7 */
    pos = fen("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1");
    CHECK_INT(arb_dead_position(&pos, 1, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_DEAD);

    harness_begin("dead.witness.shortest");
    /* Arabic review M16: K+R v K with Rh8# at once was explained by a 5-ply line ending Rc8#; a
     * teacher shows the shortest mate, and the proof lines cite the dead-position article */
    pos = fen("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    CHECK_INT(arb_dead_position(&pos, 0, &d), ARB_OK);
    CHECK_INT(d.side[ARB_WHITE].witness_len, 1);
    why = &d.side[ARB_WHITE].reasons[0];
    CHECK_STR(arb_reason_name(why->code), "can_mate");
    CHECK_STR(why->move, "Rh8#");
    CHECK_STR(arb_reason_citation(why), "5.2.2");
    CHECK_STR(arb_reason_citation(&d.side[ARB_BLACK].reasons[0]), "5.2.2");
    r = side("k7/8/1K6/8/8/8/8/7R b - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.witness_len, 2); /* Kb8 Rh8# */
    CHECK_STR(arb_reason_citation(&r.reasons[0]), "6.9"); /* asked alone: can White mate (flag fall) */

    harness_begin("dead.witness.example_or_none");
    /* Issue 24 defect 19, Arabic M16: a text gives a line as its example only when it is short
     * (can_mate's m, the example's length); a long one is not named (m = 0, the text says a
     * helpmate exists), while the witness itself is kept whole for apps (n, witness_len). */
    r = side("k7/8/1K6/8/8/8/8/7R w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.reasons[0].m, 1);
    CHECK_INT(r.reasons[0].n, 1);
    r = side(ARB_START_FEN, ARB_BLACK, 0);
    CHECK_INT(r.witness_len, 4);
    CHECK_INT(r.reasons[0].m, 4);
    /* K+Q v K: the search walks the kings for 21 plies; too long to be an example */
    r = side("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK(r.witness_len > 12);
    CHECK_INT(r.reasons[0].n, r.witness_len);
    CHECK_INT(r.reasons[0].m, 0);
    /* K+P v K: no mate without a promotion first, so none of 12 plies exists */
    r = side("8/8/8/4k3/8/8/P7/K7 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK(r.witness_len > 12);
    CHECK_INT(r.reasons[0].m, 0);
    {
        char text[512];
        arb_reason_render(&r.reasons[0], "en", text, sizeof text);
        CHECK_STR(text, "White can still checkmate: with the opponent's help, some series of legal moves ends "
                        "in checkmate (a helpmate).");
    }

    harness_begin("dead.static.tempo_mate_in_one");
    /* Black's men are frozen, but White mates at once (Bd4#): the root square of the king is
     * never ruled out by the last-move test. */
    r = side("7k/5K1p/7P/8/8/4B3/8/8 w - - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK_INT(r.witness_len, 1);
}

static void test_arguments(void)
{
    arb_position p = fen(ARB_START_FEN);
    arb_unwinnable_result r;
    arb_dead_result d;
    harness_begin("dead.args");
    CHECK_INT(arb_unwinnable(NULL, ARB_WHITE, 0, &r), ARB_ERR_RANGE);
    CHECK_INT(r.verdict, ARB_WIN_UNKNOWN);
    CHECK_INT(arb_unwinnable(&p, (arb_color)2, 0, &r), ARB_ERR_RANGE);
    CHECK_INT(arb_unwinnable(&p, ARB_WHITE, 0, NULL), ARB_ERR_RANGE);
    CHECK_INT(arb_dead_position(NULL, 0, &d), ARB_ERR_RANGE);
    CHECK_INT(arb_dead_position(&p, 0, NULL), ARB_ERR_RANGE);

    harness_begin("dead.budget");
    /* Two knights against a king: a helpmate exists but is not found in 20 positions. */
    arb_position q = fen("8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1");
    CHECK_INT(arb_unwinnable(&q, ARB_WHITE, 20, &r), ARB_OK);
    CHECK_INT(r.verdict, ARB_WIN_UNKNOWN);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "search_budget_spent");
    CHECK(r.nodes <= 21);
    CHECK_INT(arb_unwinnable(&q, ARB_WHITE, 0, &r), ARB_OK);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK(witness_ok(&q, &r));
}

/* A stop that fires on its n-th question. */
struct stop_after {
    int asked, fire_at;
};

static bool stop_after_n(void *ctx)
{
    struct stop_after *s = ctx;
    return ++s->asked >= s->fire_at;
}

/* The search steers pieces to corners, which is not symmetric: a real game's final position
 * (lichess, from D3-Chess's tests/lichess-30K-games.txt) whose Black side the position's own
 * search left undecided at the default budget; the image with the files reversed decides it,
 * and the witness, mapped back, mates here (side() replays it). */
static void test_images(void)
{
    harness_begin("dead.images");
    arb_unwinnable_result r = side("8/8/k2K4/5N2/3P2P1/P1P1P3/1P6/n6r w - - 0 50", ARB_BLACK, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK(r.witness_len > 0);
    /* Colours swapped (and the board turned): the same verdict for the other colour. */
    r = side("N6R/1p6/p1p1p3/3p2p1/5n2/K2k4/8/8 b - - 0 50", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    /* With castling rights there is no file image; the colour image still applies. */
    r = side("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", ARB_BLACK, 0);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    r = side("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", ARB_WHITE, 0);
    CHECK_INT(r.verdict, ARB_WIN_IMPOSSIBLE);
}

static void test_stop(void)
{
    harness_begin("dead.stop");
    /* A CHA test vector whose helpmate for White takes some tens of thousands of positions. */
    arb_position q = fen("3k4/2b5/1b4B1/8/8/6p1/6Pp/7K w - - 0 1");
    arb_unwinnable_result r;
    struct stop_after at_once = {0, 1};
    arb_search_stop stop = {stop_after_n, &at_once};
    CHECK_INT(arb_unwinnable_within(&q, ARB_WHITE, &(arb_dead_limits){0, 0, &stop}, &r), ARB_OK);
    CHECK_INT(r.verdict, ARB_WIN_UNKNOWN);
    CHECK_INT(at_once.asked, 1);
    CHECK(r.nodes <= ARB_DEAD_STOP_EVERY + 1);
    CHECK_STR(arb_reason_name(r.reasons[0].code), "search_budget_spent");
    /* A stop that never fires changes nothing; proofs that need no search ignore it. */
    struct stop_after never = {0, 1 << 30};
    stop.ctx = &never;
    CHECK_INT(arb_unwinnable_within(&q, ARB_WHITE, &(arb_dead_limits){0, 0, &stop}, &r), ARB_OK);
    CHECK_INT(r.verdict, ARB_WIN_POSSIBLE);
    CHECK(witness_ok(&q, &r));
    CHECK(never.asked >= 1);
    arb_dead_result d;
    at_once.asked = 0;
    stop.ctx = &at_once;
    arb_position locked = fen("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
    CHECK_INT(arb_dead_position_within(&locked, &(arb_dead_limits){0, 0, &stop}, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_DEAD);
    CHECK_INT(arb_dead_position_within(&q, &(arb_dead_limits){0, 0, &stop}, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_UNKNOWN);
    CHECK(d.nodes <= 2 * (ARB_DEAD_STOP_EVERY + 1));
    CHECK_INT(arb_dead_position_within(&q, NULL, &d), ARB_OK);
    CHECK_INT(d.verdict, ARB_DEAD_ALIVE);
}


/* A memory cap makes the search's tables smaller (a script's search gets what its budget has
 * left): never a wrong verdict, ARB_ERR_LIMIT when even the stack does not fit, and the process
 * grows by no more than the cap, where the same search uncapped takes tens of MiB (the peak
 * measured, which shows the measure can tell). */
static void test_memory_cap(void)
{
    harness_begin("dead.memory_cap");
    arb_position hard = fen("k7/1b6/2b2B2/3b4/4b3/1p3b2/pP4b1/K6b b - - 1 1"); /* White spends the budget */
    arb_unwinnable_result r;
    CHECK_INT(arb_unwinnable_within(&hard, ARB_WHITE, &(arb_dead_limits){0, 64u << 10, NULL}, &r), ARB_ERR_LIMIT);
    CHECK_INT(r.verdict, ARB_WIN_UNKNOWN);
    static const struct {
        const char *fen;
        arb_color c;
        arb_win_verdict want;
    } known[] = {
        {"3k4/2b5/1b4B1/8/8/6p1/6Pp/7K w - - 0 1", ARB_WHITE, ARB_WIN_POSSIBLE},
        {"4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1", ARB_WHITE, ARB_WIN_IMPOSSIBLE},
        {"8/8/k2K4/5N2/3P2P1/P1P1P3/1P6/n6r w - - 0 50", ARB_BLACK, ARB_WIN_POSSIBLE},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        arb_position p = fen(known[i].fen);
        for (size_t cap = 256u << 10; cap <= (4u << 20); cap *= 4) {
            CHECK_INT(arb_unwinnable_within(&p, known[i].c, &(arb_dead_limits){0, cap, NULL}, &r), ARB_OK);
            CHECK_MSG(r.verdict == known[i].want || r.verdict == ARB_WIN_UNKNOWN, "%s with %zu bytes: verdict %d",
                      known[i].fen, cap, (int)r.verdict);
            if (r.verdict == ARB_WIN_POSSIBLE)
                CHECK(witness_ok(&p, &r));
        }
    }
    size_t cap = 4u << 20;
    harness_reset_peak();
    long before = harness_peak_kib();
    CHECK_INT(arb_unwinnable_within(&hard, ARB_WHITE, &(arb_dead_limits){ARB_DEAD_MAX_BUDGET, cap, NULL}, &r), ARB_OK);
    long capped = harness_peak_kib() - before;
    CHECK(r.verdict != ARB_WIN_POSSIBLE || witness_ok(&hard, &r));
    harness_reset_peak();
    before = harness_peak_kib();
    CHECK_INT(arb_unwinnable_within(&hard, ARB_WHITE, &(arb_dead_limits){ARB_DEAD_MAX_BUDGET, 0, NULL}, &r), ARB_OK);
    long uncapped = harness_peak_kib() - before;
    if (before >= 0) {
        CHECK_MSG(capped <= HARNESS_RSS_FOR((long)(cap >> 10)), "a search capped at %zu KiB grew the process by %ld KiB",
                  cap >> 10, capped);
        CHECK_MSG(uncapped > 4 * (long)(cap >> 10), "the uncapped search grew it by %ld KiB only", uncapped);
    }
}

int main(void)
{
    test_material();
    test_flag_fall();
    test_dead_positions();
    test_static_rules();
    test_tempo();
    test_arguments();
    test_stop();
    test_memory_cap();
    test_images();
    return harness_finish();
}
