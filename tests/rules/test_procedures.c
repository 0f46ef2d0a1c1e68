/* Arbiter procedures: touch-move (FIDE 4.3.1-4.3.3, 4.4.1-4.4.4, 4.5) and the penalties for
 * completed illegal moves (7.5.5, limit configurable, rapid/blitz one minute). */
#include "rules_util.h"

static arb_touch touch(const char *a, const char *b, const char *c)
{
    arb_touch t = arb_touch_none();
    const char *sq[3] = {a, b, c};
    for (int i = 0; i < 3 && sq[i]; i++)
        t.squares[t.count++] = (uint8_t)arb_square_parse(sq[i]);
    return t;
}

static bool has_move(const arb_touch_result *r, const arb_position *pos, const char *uci)
{
    for (int i = 0; i < r->nmoves; i++) {
        char b[ARB_MOVE_TEXT_MAX];
        arb_move_uci(pos, r->moves[i], b, sizeof b);
        if (strcmp(b, uci) == 0)
            return true;
    }
    return false;
}

static void run(arb_position *pos, const char *fen, arb_touch t, arb_touch_result *r)
{
    CHECK_INT(arb_position_from_fen(pos, fen, ARB_STANDARD, NULL), ARB_OK);
    CHECK_INT(arb_touch_obligation(pos, &t, r), ARB_OK);
}

#define AFTER_E4_D5 "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
#define CASTLES "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"

static void test_touch(void)
{
    arb_position pos;
    arb_touch_result r;

    harness_begin("touch.4_3_1.own_piece");
    run(&pos, ARB_START_FEN, touch("g1", NULL, NULL), &r);
    CHECK(!r.any);
    CHECK_INT(r.nmoves, 2);
    CHECK(has_move(&r, &pos, "g1f3") && has_move(&r, &pos, "g1h3"));
    CHECK_INT(r.binding_square, ARB_G1);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_move_piece);

    harness_begin("touch.4_3_1.first_that_can_move");
    run(&pos, ARB_START_FEN, touch("a1", "b1", "g1"), &r);
    CHECK_INT(r.nmoves, 2);
    CHECK(has_move(&r, &pos, "b1c3") && has_move(&r, &pos, "b1a3"));
    CHECK_INT(r.nreasons, 2);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_cannot_move);
    CHECK_INT(r.reasons[0].squares[0], ARB_A1);
    CHECK_INT(r.reasons[1].code, ARB_R_touch_move_piece);

    harness_begin("touch.4_3_2.opponent_piece");
    run(&pos, AFTER_E4_D5, touch("a7", "d5", NULL), &r);
    CHECK_INT(r.nmoves, 1);
    CHECK(has_move(&r, &pos, "e4d5"));
    CHECK_INT(r.reasons[0].code, ARB_R_touch_cannot_be_captured);
    CHECK_INT(r.reasons[1].code, ARB_R_touch_capture_piece);
    CHECK_INT(r.binding_square, ARB_SQ(3, 4));

    harness_begin("touch.4_3_2.en_passant_capture");
    run(&pos, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", touch("d5", NULL, NULL), &r);
    CHECK_INT(r.nmoves, 1);
    CHECK(has_move(&r, &pos, "e5d6"));

    harness_begin("touch.4_3_3.capture_with_that_piece");
    run(&pos, "4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1", touch("c3", "d5", NULL), &r);
    CHECK_INT(r.nmoves, 1);
    CHECK(has_move(&r, &pos, "c3d5"));
    CHECK_INT(r.reasons[0].code, ARB_R_touch_capture_with);
    CHECK_INT(r.reasons[0].squares[1], ARB_SQ(3, 4));

    harness_begin("touch.4_3_3.capture_illegal_first_touched_moves");
    run(&pos, AFTER_E4_D5, touch("d1", "d5", NULL), &r);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_capture_with_illegal);
    CHECK_INT(r.reasons[1].code, ARB_R_touch_move_piece);
    CHECK_INT(r.nmoves, 4); /* Qe2 Qf3 Qg4 Qh5 */
    CHECK(has_move(&r, &pos, "d1h5"));

    harness_begin("touch.4_3_3.opponent_first_then_capturable");
    run(&pos, "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1", touch("d5", "a1", NULL), &r);
    /* the rook cannot take d5; d5 was touched first and cannot be captured; the rook moves */
    CHECK_INT(r.reasons[0].code, ARB_R_touch_capture_with_illegal);
    CHECK_INT(r.reasons[1].code, ARB_R_touch_cannot_be_captured);
    CHECK_INT(r.reasons[2].code, ARB_R_touch_move_piece);
    CHECK_INT(r.binding_square, ARB_A1);

    harness_begin("touch.4_4_1.king_then_rook_castles");
    run(&pos, CASTLES, touch("e1", "h1", NULL), &r);
    CHECK_INT(r.nmoves, 1);
    CHECK_INT(ARB_MOVE_KIND(r.moves[0]), ARB_MOVE_CASTLE);
    CHECK(has_move(&r, &pos, "e1g1"));
    CHECK_INT(r.reasons[0].code, ARB_R_touch_must_castle);
    CHECK_INT(r.reasons[0].side, ARB_KINGSIDE);
    run(&pos, CASTLES, touch("e1", "a1", NULL), &r);
    CHECK(r.nmoves == 1 && has_move(&r, &pos, "e1c1"));

    harness_begin("touch.4_4_2.rook_then_king_no_castling");
    run(&pos, CASTLES, touch("h1", "e1", NULL), &r);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_rook_first_no_castle);
    CHECK_INT(r.reasons[0].squares[0], ARB_H1);
    CHECK_INT(r.binding_square, ARB_H1);
    CHECK_INT(r.nmoves, 9); /* h2-h7, xh8, g1, f1 */
    CHECK(!has_move(&r, &pos, "e1g1"));
    harness_begin("touch.4_4_2.rook_cannot_move_king_may_not_castle_that_side");
    run(&pos, "r3k2r/8/8/8/8/8/7P/R3K1NR w KQkq - 0 1", touch("h1", "e1", NULL), &r);
    CHECK_INT(r.binding_square, ARB_E1);
    CHECK(has_move(&r, &pos, "e1c1"));   /* castling on the other side is fine */
    CHECK(!has_move(&r, &pos, "e1g1"));
    CHECK(has_move(&r, &pos, "e1f1"));

    harness_begin("touch.4_4_3.castling_illegal_other_king_move");
    run(&pos, "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", touch("e1", "h1", NULL), &r);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_castle_illegal);
    CHECK_INT(r.binding_square, ARB_E1);
    CHECK_INT(r.nmoves, 3);
    CHECK(has_move(&r, &pos, "e1d1") && has_move(&r, &pos, "e1f2") && has_move(&r, &pos, "e1c1"));

    harness_begin("touch.4_4_3.king_has_no_move_any_move");
    run(&pos, "4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1", touch("e1", "h1", NULL), &r);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_castle_illegal_stuck);
    CHECK(r.any);
    CHECK_INT(r.nmoves, arb_count_legal_moves(&pos));

    harness_begin("touch.4_4_4.promotion_piece_fixed");
    arb_touch t = touch("e7", NULL, NULL);
    t.promo_square = ARB_SQ(4, 7);
    t.promo_type = ARB_KNIGHT;
    run(&pos, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", t, &r);
    CHECK_INT(r.nmoves, 1);
    CHECK(has_move(&r, &pos, "e7e8n"));
    CHECK_INT(r.reasons[r.nreasons - 1].code, ARB_R_touch_promotion_fixed);

    harness_begin("touch.4_5.nothing_movable");
    run(&pos, ARB_START_FEN, touch("a1", "d1", "h8"), &r);
    CHECK(r.any);
    CHECK_INT(r.nmoves, 20);
    CHECK_INT(r.reasons[r.nreasons - 1].code, ARB_R_touch_none_movable);
    CHECK_INT(r.binding_square, ARB_NO_SQUARE);

    harness_begin("touch.empty_square_ignored");
    run(&pos, ARB_START_FEN, touch("e4", "g1", NULL), &r);
    CHECK_INT(r.reasons[0].code, ARB_R_touch_empty_square);
    CHECK_INT(r.nmoves, 2);

    harness_begin("touch.bad_input");
    arb_touch bad = arb_touch_none();
    bad.count = ARB_TOUCH_MAX + 1;
    CHECK_INT(arb_touch_obligation(&pos, &bad, &r), ARB_ERR_RANGE);
    bad.count = 1;
    bad.squares[0] = 64;
    CHECK_INT(arb_touch_obligation(&pos, &bad, &r), ARB_ERR_RANGE);
}

static void test_illegal(void)
{
    arb_position pos;
    arb_outcome o;
    int extra;
    arb_illegal_policy std = arb_illegal_policy_fide(ARB_TC_STANDARD);
    arb_illegal_policy blitz = arb_illegal_policy_fide(ARB_TC_BLITZ);
    arb_position_from_fen(&pos, ARB_START_FEN, ARB_STANDARD, NULL);

    harness_begin("illegal.first_extra_time_standard");
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_WHITE, 1, &std, &o, &extra), ARB_OK);
    CHECK_INT(extra, 120);
    CHECK_INT(o.result, ARB_RESULT_NONE);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_move_extra_time);
    CHECK_INT(o.reasons[0].m, 2);
    harness_begin("illegal.first_extra_time_blitz");
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 1, &blitz, &o, &extra), ARB_OK);
    CHECK_INT(extra, 60);
    CHECK_INT(o.reasons[0].m, 1);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_move_extra_time_rapid); /* App. A.3, cited */
    CHECK_STR(arb_reason_article(o.reasons[0].code), "7.5.5, A.3");
    arb_illegal_policy custom = blitz;
    custom.extra_seconds = 90; /* a local rule's own number: 7.5.5 alone */
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 1, &custom, &o, &extra), ARB_OK);
    CHECK_INT(extra, 90);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_move_extra_time);
    harness_begin("illegal.unsupervised_stands");
    /* A.5.2: rapid or blitz without an arbiter for the game; the opponent moved without a claim */
    arb_illegal_policy alone = blitz;
    alone.unsupervised = true;
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 1, &alone, &o, &extra), ARB_OK);
    CHECK_INT(extra, 60); /* claimed in time: the usual minute */
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_move_extra_time_rapid);
    alone.opponent_moved = true;
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 2, &alone, &o, &extra), ARB_OK);
    CHECK_INT(extra, 0); /* not even the second one loses: it stands */
    CHECK_INT(o.result, ARB_RESULT_NONE);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_move_stands);
    CHECK_STR(arb_reason_article(o.reasons[0].code), "A.5.2");
    arb_illegal_policy late_std = std;
    late_std.unsupervised = late_std.opponent_moved = true; /* a standard game is always corrected */
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 1, &late_std, &o, &extra), ARB_OK);
    CHECK_INT(extra, 120);
    harness_begin("illegal.second_loses");
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 2, &std, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
    CHECK_INT(o.termination, ARB_TERM_ILLEGAL_MOVES);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_moves_loss);
    CHECK_INT(extra, 0);
    harness_begin("illegal.limit_three");
    arb_illegal_policy three = std;
    three.limit = 3;
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 2, &three, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_NONE);
    CHECK_INT(extra, 120);
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 3, &three, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
    harness_begin("illegal.second_draw_opponent_cannot_mate");
    arb_position_from_fen(&pos, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", ARB_STANDARD, NULL);
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_WHITE, 2, &std, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_DRAW);
    CHECK_INT(o.termination, ARB_TERM_ILLEGAL_MOVES);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_moves_draw);
    CHECK_INT(o.reasons[1].code, ARB_R_cannot_mate_bare_king);
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 2, &std, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
    harness_begin("illegal.second_draw_locked_wall");
    /* White's bishops can never reach the black king behind the pawns: Black's second illegal
     * move is a draw, with the proof; White's is a loss (Black can mate). */
    arb_position_from_fen(&pos, "8/1p3k2/pPp3p1/P1Pp1pPp/2bP1P1P/4BK2/7B/8 b - - 0 1", ARB_STANDARD, NULL);
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 2, &std, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_DRAW);
    CHECK_INT(o.reasons[0].code, ARB_R_illegal_moves_draw);
    CHECK_INT(o.reasons[1].code, ARB_R_cannot_mate_material);
    CHECK_INT(o.nreasons, 3);
    CHECK_INT(o.reasons[2].code, ARB_R_cannot_mate_locked);
    for (int i = 0; i < o.nreasons; i++) /* the proof cites 7.5.5, the verdict it supports (L22) */
        CHECK_STR(arb_reason_citation(&o.reasons[i]), "7.5.5");
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_WHITE, 2, &std, &o, &extra), ARB_OK);
    CHECK_INT(o.result, ARB_RESULT_BLACK_WINS);
    CHECK_INT(o.reasons[1].code, ARB_R_can_mate);
    CHECK_STR(arb_reason_citation(&o.reasons[1]), "7.5.5");
    harness_begin("illegal.bad_input");
    CHECK_INT(arb_illegal_move_penalty(&pos, ARB_BLACK, 0, &std, &o, &extra), ARB_ERR_RANGE);
    CHECK_INT(arb_illegal_move_penalty(&pos, (arb_color)2, 1, &std, &o, &extra), ARB_ERR_RANGE);
}

int main(void)
{
    test_touch();
    test_illegal();
    return harness_finish();
}
