/* Mate-in-N solver: published game finishes (solutions from the game scores), no-mate positions,
 * stalemate traps, special-move mates, budget exhaustion, line checking and malformed input. */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

/* Positions reached in famous games (replayed from the published scores, see
 * lessons/puzzles/puzzles.txt for the moves) and constructed ones. */
#define OPERA "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16"        /* Morphy 1858, 16.Qb8+ */
#define IMMORTAL "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21" /* 1851, 21.Nxg7+ */
#define RETI "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9"       /* 1910, 9.Qd8+ */
#define LEGAL "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6" /* 1750, 6.Bxf7+ */
#define LASKER "rn3r2/pbppq1p1/1p2pN2/8/3P2NP/3B1kP1/PPP2P2/R3K2R w KQ - 1 16"  /* 1912, 16.Be2+ */
#define EVERGREEN "1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w - - 0 22"      /* 1852, 22.Bf5+ */
#define STALEMATE_TRAP "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"
#define UNDERPROMOTION "7b/5Ppk/7p/8/8/8/B7/K7 w - - 0 1"
#define EN_PASSANT "8/5K2/7p/R4Ppk/8/4N3/8/4B3 w - g6 0 1"
#define CASTLING "8/8/8/8/4ppp1/4pkp1/8/2N1K2R w K - 0 1"
#define FOOLS "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"

static arb_position pos_of(const char *fen)
{
    arb_position p;
    arb_reason why;
    if (arb_position_from_fen(&p, fen, ARB_STANDARD, &why) != ARB_OK) {
        harness_fail(__FILE__, __LINE__, "bad FEN %s", fen);
        arb_position_start(&p);
    }
    return p;
}

static arb_move san(const arb_position *p, const char *text)
{
    arb_move m = ARB_MOVE_NONE;
    if (arb_parse_san(p, text, &m, NULL) != ARB_OK)
        harness_fail(__FILE__, __LINE__, "bad SAN %s", text);
    return m;
}

/* Parses a space-separated SAN line from pos into moves; returns the count. */
static int line_of(const arb_position *pos, const char *text, arb_move *moves)
{
    arb_position p = *pos;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        moves[n] = san(&p, tok);
        if (moves[n] == ARB_MOVE_NONE)
            break;
        arb_position_play(&p, moves[n++]);
    }
    return n;
}

static const char *san_text(const arb_position *p, arb_move m)
{
    static char buf[ARB_MOVE_TEXT_MAX];
    arb_move_san(p, m, buf, sizeof buf);
    return buf;
}

static bool has_key(const arb_mate_result *r, arb_move m, int len)
{
    for (int i = 0; i < r->nkeys; i++)
        if (r->keys[i] == m)
            return r->key_length[i] == len;
    return false;
}

/* The main line is legal, has the attacker move `length` times and ends in checkmate. */
static void check_main_line(const arb_position *pos, const arb_mate_result *r)
{
    arb_position p = *pos;
    CHECK_INT(r->nline, 2 * r->length - 1);
    for (int i = 0; i < r->nline; i++) {
        CHECK_MSG(arb_is_legal(&p, r->line[i]), "line move %d illegal", i);
        arb_position_play(&p, r->line[i]);
    }
    CHECK(arb_in_check(&p));
    CHECK_INT(arb_count_legal_moves(&p), 0);
}

static void test_published(void)
{
    static const struct {
        const char *name, *fen, *key;
        int n;
    } cases[] = {
        {"solver.published.opera_1858", OPERA, "Qb8+", 2},
        {"solver.published.legal_1750", LEGAL, "Bxf7+", 2},
        {"solver.published.immortal_1851", IMMORTAL, "Nxg7+", 3},
        {"solver.published.evergreen_1852", EVERGREEN, "Bf5+", 3},
        {"solver.published.reti_tartakower_1910", RETI, "Qd8+", 3},
        {"solver.published.fools_mate", FOOLS, "Qh4#", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        harness_begin(cases[i].name);
        arb_position p = pos_of(cases[i].fen);
        arb_mate_result r;
        CHECK_INT(arb_mate_in(&p, cases[i].n, 0, &r), ARB_OK);
        CHECK(r.mate);
        CHECK_INT(r.length, cases[i].n);
        CHECK_INT(r.nkeys, 1);
        CHECK_STR(san_text(&p, r.keys[0]), cases[i].key);
        CHECK_INT(r.key_length[0], cases[i].n);
        check_main_line(&p, &r);
        CHECK(r.nodes > 0);
        /* Not in fewer moves. */
        if (cases[i].n > 1) {
            CHECK_INT(arb_mate_in(&p, cases[i].n - 1, 0, &r), ARB_OK);
            CHECK(!r.mate);
            CHECK_INT(r.nkeys, 0);
        }
        /* More moves allowed: same shortest mate. */
        CHECK_INT(arb_mate_in(&p, cases[i].n + 1, 0, &r), ARB_OK);
        CHECK_INT(r.length, cases[i].n);
    }

    /* Lasker v Thomas 1912: the game's 16.Be2+ mates in 3, but 16.Kf1 and 16.O-O mate in 2. */
    harness_begin("solver.published.lasker_thomas_cooks");
    arb_position p = pos_of(LASKER);
    arb_mate_result r;
    CHECK_INT(arb_mate_in(&p, 3, 0, &r), ARB_OK);
    CHECK_INT(r.length, 2);
    CHECK_INT(r.nkeys, 3);
    CHECK(has_key(&r, san(&p, "Kf1"), 2));
    CHECK(has_key(&r, san(&p, "O-O"), 2));
    CHECK(has_key(&r, san(&p, "Be2+"), 3));
    check_main_line(&p, &r);
    CHECK_INT(arb_mate_in(&p, 2, 0, &r), ARB_OK);
    CHECK_INT(r.nkeys, 2);
    CHECK(!has_key(&r, san(&p, "Be2+"), 3));
}

static void test_no_mate(void)
{
    static const struct {
        const char *name, *fen;
        int n;
    } cases[] = {
        {"solver.no_mate.start_3", ARB_START_FEN, 3},
        {"solver.no_mate.bare_kings_8", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 8},
        {"solver.no_mate.krk_far_1", "8/8/3k4/8/8/8/8/R3K3 w - - 0 1", 1},
        {"solver.no_mate.opera_in_1", OPERA, 1},
        {"solver.no_mate.already_mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 2},
        {"solver.no_mate.stalemated", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        harness_begin(cases[i].name);
        arb_position p = pos_of(cases[i].fen);
        arb_mate_result r;
        CHECK_INT(arb_mate_in(&p, cases[i].n, 100000, &r), ARB_OK);
        CHECK(!r.mate);
        CHECK_INT(r.length, 0);
        CHECK_INT(r.nkeys, 0);
        CHECK_INT(r.nline, 0);
        CHECK(r.nodes <= 100000);
    }
}

static void test_stalemate_trap(void)
{
    harness_begin("solver.stalemate.keys_exclude_stalemate");
    arb_position p = pos_of(STALEMATE_TRAP);
    arb_mate_result r;
    CHECK_INT(arb_mate_in(&p, 1, 0, &r), ARB_OK);
    CHECK_INT(r.nkeys, 1);
    CHECK_STR(san_text(&p, r.keys[0]), "Qc8#");
    bool forces = true;
    arb_move ref = 1;
    CHECK_INT(arb_mate_move_forces(&p, san(&p, "Qc7"), 1, 0, &forces, &ref), ARB_OK);
    CHECK(!forces);
    CHECK_INT(ref, ARB_MOVE_NONE);
    /* With two moves Qc7 still fails: stalemate ends the game at once. */
    CHECK_INT(arb_mate_move_forces(&p, san(&p, "Qc7"), 3, 0, &forces, &ref), ARB_OK);
    CHECK(!forces);

    harness_begin("solver.stalemate.line_explained");
    arb_move m = san(&p, "Qc7");
    arb_line_check c;
    CHECK_INT(arb_mate_check_line(&p, 1, &m, 1, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_WRONG);
    CHECK_INT(c.index, 0);
    CHECK_INT(c.refutation, ARB_MOVE_NONE);
    CHECK_INT(c.reasons[0].code, ARB_R_stalemate_not_mate);
    CHECK_STR(c.reasons[0].found, "Qc7");
    char text[256];
    arb_reason_render(&c.reasons[0], "en", text, sizeof text);
    CHECK(strstr(text, "stalemate") != NULL);

    /* Qe4 takes h7 away but gives no check: stalemate. The keys are exactly the real mates. */
    harness_begin("solver.stalemate.keys_are_real_mates");
    p = pos_of("7k/5K2/6Q1/8/8/8/8/8 w - - 0 1");
    CHECK_INT(arb_mate_move_forces(&p, san(&p, "Qe4"), 1, 0, &forces, &ref), ARB_OK);
    CHECK(!forces);
    CHECK_INT(arb_mate_in(&p, 1, 0, &r), ARB_OK);
    CHECK(r.mate);
    CHECK(r.nkeys >= 2);
    arb_move all[ARB_MAX_MOVES];
    int nall = arb_legal_moves(&p, all), mates = 0;
    for (int i = 0; i < nall; i++) {
        arb_position q = p;
        arb_position_play(&q, all[i]);
        bool is_mate = arb_in_check(&q) && arb_count_legal_moves(&q) == 0;
        mates += is_mate;
        CHECK(has_key(&r, all[i], 1) == is_mate);
    }
    CHECK_INT(r.nkeys, mates);
}

static void test_special_moves(void)
{
    static const struct {
        const char *name, *fen, *key, *not_key;
    } cases[] = {
        {"solver.special.underpromotion", UNDERPROMOTION, "f8=N#", "f8=Q"},
        {"solver.special.en_passant", EN_PASSANT, "fxg6#", "Ng4"},
        {"solver.special.castling", CASTLING, "O-O#", "Rh3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        harness_begin(cases[i].name);
        arb_position p = pos_of(cases[i].fen);
        arb_mate_result r;
        CHECK_INT(arb_mate_in(&p, 1, 0, &r), ARB_OK);
        CHECK(r.mate);
        CHECK_INT(r.nkeys, 1);
        CHECK_STR(san_text(&p, r.keys[0]), cases[i].key);
        arb_move wrong = san(&p, cases[i].not_key);
        arb_line_check c;
        CHECK_INT(arb_mate_check_line(&p, 1, &wrong, 1, 0, &c), ARB_OK);
        CHECK_INT(c.verdict, ARB_LINE_WRONG);
        CHECK_INT(c.reasons[0].code, ARB_R_not_checkmate);
        CHECK_STR(c.reasons[0].found, cases[i].not_key);
        CHECK(c.refutation != ARB_MOVE_NONE);
        arb_move right = r.keys[0];
        CHECK_INT(arb_mate_check_line(&p, 1, &right, 1, 0, &c), ARB_OK);
        CHECK_INT(c.verdict, ARB_LINE_SOLVED);
        CHECK_INT(c.reasons[0].code, ARB_R_mate_found);
        CHECK_STR(c.reasons[0].move, cases[i].key);
    }
    /* Without the en passant right (the pawn did not just advance) there is no mate. */
    harness_begin("solver.special.en_passant_needs_the_right");
    arb_position p = pos_of("8/5K2/7p/R4Ppk/8/4N3/8/4B3 w - - 0 1");
    arb_mate_result r;
    CHECK_INT(arb_mate_in(&p, 1, 0, &r), ARB_OK);
    CHECK(!r.mate);
    /* Without the castling right neither. */
    harness_begin("solver.special.castling_needs_the_right");
    p = pos_of("8/8/8/8/4ppp1/4pkp1/8/2N1K2R w - - 0 1");
    CHECK_INT(arb_mate_in(&p, 1, 0, &r), ARB_OK);
    CHECK(!r.mate);
}

static void test_budget(void)
{
    harness_begin("solver.budget.mate_in_unknown");
    arb_position p = pos_of(IMMORTAL);
    arb_mate_result r;
    CHECK_INT(arb_mate_in(&p, 3, 500, &r), ARB_ERR_LIMIT);
    CHECK(!r.mate);
    CHECK_INT(r.nkeys, 0);
    CHECK_INT(r.length, 0);
    CHECK(r.nodes > 500 && r.nodes <= 501);

    harness_begin("solver.budget.move_forces_unknown");
    bool forces = true;
    arb_move ref = 1;
    CHECK_INT(arb_mate_move_forces(&p, san(&p, "Nxg7+"), 3, 50, &forces, &ref), ARB_ERR_LIMIT);
    CHECK(!forces);
    CHECK_INT(ref, ARB_MOVE_NONE);

    harness_begin("solver.budget.line_unknown");
    arb_move m = san(&p, "Nxg7+");
    arb_line_check c;
    CHECK_INT(arb_mate_check_line(&p, 3, &m, 1, 50, &c), ARB_ERR_LIMIT);
    CHECK_INT(c.nreasons, 1);
    CHECK_INT(c.reasons[0].code, ARB_R_solver_limit);

    /* A hostile request (mate in 8 from a busy middlegame) stops at the budget, quickly. */
    harness_begin("solver.budget.deep_request_bounded");
    p = pos_of("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3");
    CHECK_INT(arb_mate_in(&p, 8, 200000, &r), ARB_ERR_LIMIT);
    CHECK(r.nodes <= 200001);
    /* The same with enough budget for mate in 1: Qxf7# is there. */
    CHECK_INT(arb_mate_in(&p, 1, 200000, &r), ARB_OK);
    CHECK(r.mate);
    CHECK_STR(san_text(&p, r.keys[0]), "Qxf7#");
}

static void test_lines(void)
{
    arb_position p = pos_of(OPERA);
    arb_move moves[16];
    arb_line_check c;
    int n;

    harness_begin("solver.line.solved");
    n = line_of(&p, "Qb8+ Nxb8 Rd8#", moves);
    CHECK_INT(arb_mate_check_line(&p, 2, moves, n, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_SOLVED);
    CHECK_INT(c.index, -1);
    CHECK_INT(c.remaining, 0);
    CHECK_INT(c.reasons[0].code, ARB_R_mate_found);
    CHECK_STR(c.reasons[0].move, "Rd8#");
    CHECK_INT(c.ncooks, 0);
    CHECK_INT(c.nduals, 0);

    harness_begin("solver.line.correct_so_far");
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 1, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_CORRECT);
    CHECK_INT(c.remaining, 1);
    arb_position after = p;
    arb_position_play(&after, moves[0]);
    CHECK_STR(san_text(&after, c.reply), "Nxb8"); /* the only legal reply */
    CHECK_INT(c.reasons[0].code, ARB_R_line_continues);
    CHECK_INT(c.reasons[0].n, 1);
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 2, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_CORRECT);
    CHECK_INT(c.reply, ARB_MOVE_NONE);

    harness_begin("solver.line.empty");
    CHECK_INT(arb_mate_check_line(&p, 2, NULL, 0, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_CORRECT);
    CHECK_INT(c.remaining, 2);
    CHECK_INT(arb_mate_check_line(&p, 1, NULL, 0, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_WRONG);
    CHECK_INT(c.reasons[0].code, ARB_R_no_mate_in_n);
    CHECK_INT(c.reasons[0].n, 1);

    harness_begin("solver.line.wrong_attacker_move_refuted");
    n = line_of(&p, "Rxd7", moves);
    CHECK_INT(arb_mate_check_line(&p, 2, moves, n, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_WRONG);
    CHECK_INT(c.index, 0);
    CHECK_INT(c.reasons[0].code, ARB_R_not_mate_in_n);
    CHECK_STR(c.reasons[0].found, "Rxd7");
    CHECK_INT(c.reasons[0].n, 2);
    CHECK(c.refutation != ARB_MOVE_NONE);
    /* The refutation is real: legal after Rxd7, and then White has no mate in 1. */
    after = p;
    arb_position_play(&after, moves[0]);
    CHECK(arb_is_legal(&after, c.refutation));
    CHECK_STR(c.reasons[0].move, san_text(&after, c.refutation));
    arb_position_play(&after, c.refutation);
    arb_mate_result r;
    CHECK_INT(arb_mate_in(&after, 1, 0, &r), ARB_OK);
    CHECK(!r.mate);
    char text[256];
    arb_reason_render(&c.reasons[0], "en", text, sizeof text);
    CHECK(strstr(text, "Rxd7") && strstr(text, c.reasons[0].move));

    harness_begin("solver.line.wrong_second_move");
    n = line_of(&p, "Qb8+ Nxb8 Rd7", moves);
    CHECK_INT(arb_mate_check_line(&p, 2, moves, n, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_WRONG);
    CHECK_INT(c.index, 2);
    CHECK_INT(c.reasons[0].code, ARB_R_not_checkmate);

    harness_begin("solver.line.illegal_attacker_move");
    moves[0] = ARB_MAKE_MOVE(ARB_SQ(0, 2), ARB_SQ(0, 3), ARB_MOVE_NORMAL); /* a3-a4: empty square */
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 1, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_ILLEGAL);
    CHECK_INT(c.index, 0);
    CHECK_INT(c.reasons[0].code, ARB_R_line_illegal_move);
    CHECK_STR(c.reasons[0].found, "a3a4");
    CHECK_INT(c.reasons[0].n, 1);

    harness_begin("solver.line.wrong_side");
    moves[0] = ARB_MAKE_MOVE(ARB_SQ(3, 6), ARB_SQ(1, 5), ARB_MOVE_NORMAL); /* Black's Nd7-b6 */
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 1, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_ILLEGAL);
    CHECK_INT(c.reasons[0].code, ARB_R_wrong_side);
    CHECK_INT(c.reasons[0].squares[0], ARB_SQ(3, 6));
    CHECK_INT(c.reasons[0].piece, ARB_PIECE(ARB_BLACK, ARB_KNIGHT));
    arb_reason_render(&c.reasons[0], "en", text, sizeof text);
    CHECK_STR(text, "The black knight on d7 belongs to the side that is not to move.");

    harness_begin("solver.line.illegal_defender_move");
    n = line_of(&p, "Qb8+", moves);
    moves[1] = ARB_MAKE_MOVE(ARB_SQ(4, 7), ARB_SQ(4, 6), ARB_MOVE_NORMAL); /* Ke7: attacked by Bg5 */
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 2, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_ILLEGAL);
    CHECK_INT(c.index, 1);
    CHECK_INT(c.reasons[0].code, ARB_R_line_illegal_move);
    CHECK_INT(c.reasons[0].n, 2);
    moves[1] = ARB_MOVE_NONE;
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 2, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_ILLEGAL);

    harness_begin("solver.line.after_mate");
    n = line_of(&p, "Qb8+ Nxb8 Rd8#", moves);
    moves[3] = ARB_MAKE_MOVE(ARB_SQ(4, 7), ARB_SQ(4, 6), ARB_MOVE_NORMAL);
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 4, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_ILLEGAL);
    CHECK_INT(c.index, 3);
    CHECK_INT(c.nreasons, 1);
    CHECK_INT(c.reasons[0].code, ARB_R_line_after_mate);

    /* Lasker v Thomas with n = 3: the game's line is accepted (any winning line), the first move
     * has two cooks (Kf1, O-O), and the last move has a dual (O-O-O# besides Kd2#). */
    harness_begin("solver.line.any_winning_line_cooks_duals");
    p = pos_of(LASKER);
    n = line_of(&p, "Be2+ Kg2 Rh2+ Kg1 Kd2#", moves);
    CHECK_INT(n, 5);
    CHECK_INT(arb_mate_check_line(&p, 3, moves, n, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_SOLVED);
    CHECK_INT(c.ncooks, 2);
    CHECK_INT(c.nduals, 2); /* 3.O-O-O (besides 3.Rh2+) and 4.O-O-O# (besides 4.Kd2#) */
    CHECK_INT(c.dual_index, 2);
    CHECK_INT(c.nreasons, 3);
    CHECK_INT(c.reasons[0].code, ARB_R_mate_found);
    CHECK_INT(c.reasons[1].code, ARB_R_cook);
    CHECK_STR(c.reasons[1].found, "Be2+");
    CHECK_INT(c.reasons[1].n, 3);
    CHECK_INT(c.reasons[2].code, ARB_R_dual);
    CHECK_STR(c.reasons[2].found, "Rh2+");
    CHECK_STR(c.reasons[2].move, "O-O-O");
    after = p;
    arb_position_play(&after, moves[0]);
    arb_position_play(&after, moves[1]);
    CHECK_STR(san_text(&after, c.dual_move), "O-O-O");
    bool forces = false;
    CHECK_INT(arb_mate_move_forces(&after, c.dual_move, 2, 0, &forces, NULL), ARB_OK);
    CHECK(forces);
    arb_position_play(&after, moves[2]);
    arb_position_play(&after, moves[3]);
    CHECK_INT(arb_mate_in(&after, 1, 0, &r), ARB_OK);
    CHECK_INT(r.nkeys, 2); /* Kd2# and O-O-O#: the dual at the last move */
    /* With n = 2 the game move is too slow. */
    CHECK_INT(arb_mate_check_line(&p, 2, moves, 1, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_WRONG);
    CHECK_INT(c.reasons[0].code, ARB_R_not_mate_in_n);
    CHECK_INT(c.reasons[0].n, 2);

    /* Black to move: the solver works for either colour. */
    harness_begin("solver.line.black_attacker");
    p = pos_of(FOOLS);
    n = line_of(&p, "Qh4#", moves);
    CHECK_INT(arb_mate_check_line(&p, 1, moves, n, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_SOLVED);
}

static void test_malformed(void)
{
    harness_begin("solver.malformed.range");
    arb_position p = pos_of(OPERA);
    arb_mate_result r;
    arb_line_check c;
    bool forces;
    static const int bad_n[] = {0, -1, ARB_MATE_MAX_N + 1, 1000000};
    for (size_t i = 0; i < sizeof bad_n / sizeof bad_n[0]; i++) {
        CHECK_INT(arb_mate_in(&p, bad_n[i], 0, &r), ARB_ERR_RANGE);
        CHECK(!r.mate);
        CHECK_INT(arb_mate_check_line(&p, bad_n[i], NULL, 0, 0, &c), ARB_ERR_RANGE);
        CHECK_INT(arb_mate_move_forces(&p, san(&p, "Qb8+"), bad_n[i], 0, &forces, NULL), ARB_ERR_RANGE);
    }
    CHECK_INT(arb_mate_in(NULL, 2, 0, &r), ARB_ERR_RANGE);
    CHECK_INT(arb_mate_in(&p, 2, 0, NULL), ARB_ERR_RANGE);
    CHECK_INT(arb_mate_check_line(&p, 2, NULL, 1, 0, &c), ARB_ERR_RANGE);
    CHECK_INT(arb_mate_check_line(&p, 2, NULL, -1, 0, &c), ARB_ERR_RANGE);
    CHECK_INT(arb_mate_check_line(NULL, 2, NULL, 0, 0, &c), ARB_ERR_RANGE);
    CHECK_INT(arb_mate_check_line(&p, 2, NULL, 0, 0, NULL), ARB_ERR_RANGE);
    CHECK_INT(arb_mate_move_forces(&p, san(&p, "Qb8+"), 2, 0, NULL, NULL), ARB_ERR_RANGE);

    harness_begin("solver.malformed.illegal_move");
    CHECK_INT(arb_mate_move_forces(&p, ARB_MOVE_NONE, 2, 0, &forces, NULL), ARB_ERR_ILLEGAL);
    CHECK_INT(arb_mate_move_forces(&p, 0xffff, 2, 0, &forces, NULL), ARB_ERR_ILLEGAL);
    arb_move junk[3] = {0xffff, 0x1234, 0};
    CHECK_INT(arb_mate_check_line(&p, 2, junk, 3, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_ILLEGAL);
    CHECK_INT(c.index, 0);

    harness_begin("solver.malformed.maximum_n_bounded");
    /* Listing every key that mates within 8 is costly; the answer is either right or unknown. */
    arb_status st = arb_mate_in(&p, ARB_MATE_MAX_N, 1000000, &r);
    CHECK(st == ARB_ERR_LIMIT || (st == ARB_OK && r.length == 2 && r.nkeys >= 1));
    CHECK(r.nodes <= 1000001);
}

/* Every solver code renders in every language, with no parameter left unexpanded. */
static void test_messages(void)
{
    harness_begin("solver.messages.all_languages");
    static const arb_reason_code codes[] = {
        ARB_R_mate_found, ARB_R_line_continues, ARB_R_not_mate_in_n, ARB_R_not_checkmate,
        ARB_R_stalemate_not_mate, ARB_R_line_illegal_move, ARB_R_wrong_side, ARB_R_line_after_mate,
        ARB_R_no_mate_in_n, ARB_R_mate_shorter, ARB_R_cook, ARB_R_dual, ARB_R_solver_limit,
    };
    const char *const *langs = arb_languages();
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        arb_reason r = arb_reason_make(codes[i]);
        r.piece = ARB_PIECE(ARB_BLACK, ARB_KNIGHT);
        arb_reason_add_square(&r, ARB_SQ(3, 6));
        r.n = 2;
        r.m = 3;
        snprintf(r.found, sizeof r.found, "Rxd7");
        snprintf(r.move, sizeof r.move, "Qe7");
        for (int l = 0; langs[l]; l++) {
            char text[512];
            arb_reason_render(&r, langs[l], text, sizeof text);
            CHECK_MSG(strlen(text) > 10 && !strchr(text, '{'), "%s/%s: %s", arb_reason_name(codes[i]), langs[l], text);
        }
    }
}

int main(void)
{
    test_published();
    test_no_mate();
    test_stalemate_trap();
    test_special_moves();
    test_budget();
    test_lines();
    test_malformed();
    test_messages();
    /* The mate file's one reader: fields trimmed, a source that holds '|', and each refusal named
     * (a field too long is refused, never cut: a key list cut short would fail the check later). */
    static const struct {
        const char *name, *line;
        arb_mate_line_status want;
        const char *id, *keys, *source;
    } mate_lines[] = {
        {"mate_file.puzzle", " m2-opera | 2 | 4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16 | Qb8+ | Paris 1858\n",
         ARB_MATE_LINE_PUZZLE, "m2-opera", "Qb8+", "Paris 1858"},
        {"mate_file.source_with_bar", "a|1|6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1|Rd8#|x | y", ARB_MATE_LINE_PUZZLE, "a",
         "Rd8#", "x | y"},
        {"mate_file.no_source", "a | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8#", ARB_MATE_LINE_PUZZLE, "a", "Rd8#", ""},
        {"mate_file.comment", "  # a comment | 1 | x", ARB_MATE_LINE_BLANK, "", "", ""},
        {"mate_file.blank", " \t\r\n", ARB_MATE_LINE_BLANK, "", "", ""},
        {"mate_file.fields", "a | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", ARB_MATE_LINE_FIELDS, "", "", ""},
        {"mate_file.no_id", " | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | x", ARB_MATE_LINE_FIELDS, "", "", ""},
        {"mate_file.n", "a | 4 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | x", ARB_MATE_LINE_N, "a", "", ""},
        {"mate_file.n_text", "a | 1x | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | x", ARB_MATE_LINE_N, "a", "", ""},
        {"mate_file.fen", "a | 1 | 4k3/8/8/8/8/8/8/8 w - - 0 1 | Kd2 | x", ARB_MATE_LINE_FEN, "a", "", ""},
    };
    for (size_t i = 0; i < sizeof mate_lines / sizeof mate_lines[0]; i++) {
        harness_begin(mate_lines[i].name);
        arb_mate_puzzle *pz = malloc(sizeof *pz);
        arb_reason why = arb_reason_make(ARB_R_no_mate_in_n);
        arb_mate_line_status st = arb_mate_line_read(mate_lines[i].line, pz, &why);
        CHECK_INT(st, mate_lines[i].want);
        CHECK_STR(pz->id, mate_lines[i].id);
        if (st == ARB_MATE_LINE_PUZZLE) {
            CHECK_STR(pz->keys, mate_lines[i].keys);
            CHECK_STR(pz->source, mate_lines[i].source);
        }
        if (st == ARB_MATE_LINE_FEN)
            CHECK_STR(arb_reason_name(why.code), "missing_king");
        free(pz);
    }
    harness_begin("mate_file.field_too_long");
    {
        char line[1200];
        arb_mate_puzzle *pz = malloc(sizeof *pz);
        /* a source as long as the room holds is kept whole; one byte more is refused */
        snprintf(line, sizeof line, "a | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | %0*d", ARB_MATE_FIELD_MAX - 1, 7);
        CHECK_INT(arb_mate_line_read(line, pz, NULL), ARB_MATE_LINE_PUZZLE);
        CHECK_INT((long)strlen(pz->source), ARB_MATE_FIELD_MAX - 1);
        snprintf(line, sizeof line, "a | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | %0*d", ARB_MATE_FIELD_MAX, 7);
        CHECK_INT(arb_mate_line_read(line, pz, NULL), ARB_MATE_LINE_TOO_LONG);
        CHECK_STR(pz->id, "a");
        free(pz);
    }
    return harness_finish();
}
