/* Golden tests: repetition (9.2.3 with and without a legal en passant, castling rights),
 * threefold/fifty claims now and with a move, wrong claims (9.5), automatic endings (5.1, 5.2,
 * 9.6), flag fall (6.9), resignation, agreement, and that every code has a template. */
#include "catalog.h"
#include "rules_util.h"

#define SHUFFLE "Nf3 Nf6 Ng1 Ng8"

static void test_threefold(void)
{
    arb_game g;
    arb_outcome o;
    int plies[8];
    harness_begin("rules.threefold.claim_now");
    if (game_from(&g, "startpos", SHUFFLE " " SHUFFLE)) {
        CHECK_INT(arb_game_occurrences(&g, 8, plies, 8), 3);
        CHECK_INT(plies[0], 0);
        CHECK_INT(plies[1], 4);
        CHECK_INT(plies[2], 8);
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(o.claim_made && o.claim_valid);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_THREEFOLD_CLAIM);
        CHECK_INT(o.reasons[0].code, ARB_R_threefold_now);
        CHECK_INT(o.reasons[0].n, 3);
        CHECK_INT(o.nreasons, 4);
        CHECK_INT(o.reasons[3].code, ARB_R_repetition_at);
        CHECK_INT(o.reasons[3].m, 8);
        CHECK_INT(o.reasons[3].n, 5); /* ply 8 is move 5 */
        CHECK_STR(arb_termination_name(o.termination), "threefold_claim");
        arb_game_free(&g);
    }

    harness_begin("rules.threefold.claim_with_move");
    if (game_from(&g, "startpos", SHUFFLE " Nf3 Nf6 Ng1")) {
        arb_move ng8 = move_in(arb_game_current(&g), "Ng8");
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ng8, &o), ARB_OK);
        CHECK(o.claim_valid);
        CHECK_INT(o.reasons[0].code, ARB_R_threefold_with_move);
        CHECK_STR(o.reasons[0].move, "Ng8");
        CHECK_INT(o.reasons[3].m, 8); /* the intended position, ply 8 */
        /* the same claim without the move is wrong: the current position occurred twice */
        harness_begin("rules.threefold.wrong_claim_now");
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(o.claim_made && !o.claim_valid);
        CHECK_INT(o.result, ARB_RESULT_NONE);
        CHECK_INT(o.termination, ARB_TERM_NONE);
        CHECK_INT(o.reasons[0].code, ARB_R_threefold_wrong);
        CHECK_INT(o.reasons[0].n, 2);
        const arb_reason *pen = find_reason(o.reasons, o.nreasons, ARB_R_claim_penalty_time);
        CHECK(pen && pen->n == 2);
        /* App. A.3 (rapid; blitz through App. B): a wrong claim costs one minute, not two */
        harness_begin("rules.claim.penalty_by_time_control");
        static const arb_time_control fast[] = {ARB_TC_RAPID, ARB_TC_BLITZ};
        for (int i = 0; i < 2; i++) {
            CHECK_INT(arb_game_claim_in(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, fast[i], &o), ARB_OK);
            CHECK(!o.claim_valid);
            CHECK(find_reason(o.reasons, o.nreasons, ARB_R_claim_penalty_time) == NULL);
            pen = find_reason(o.reasons, o.nreasons, ARB_R_claim_penalty_time_rapid);
            CHECK(pen && pen->n == 1);
            CHECK_STR(arb_reason_article(ARB_R_claim_penalty_time_rapid), "9.5.3, A.3");
        }
        CHECK_INT(arb_game_claim_in(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, ARB_TC_STANDARD, &o), ARB_OK);
        pen = find_reason(o.reasons, o.nreasons, ARB_R_claim_penalty_time);
        CHECK(pen && pen->n == 2);
        CHECK_INT(arb_game_claim_in(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, (arb_time_control)7, &o), ARB_ERR_RANGE);
        arb_event tev = arb_event_none();
        CHECK_INT(tev.time_control, ARB_TC_STANDARD);
        tev.claim = ARB_CLAIM_FIFTY_MOVES;
        tev.time_control = ARB_TC_BLITZ;
        CHECK_INT(arb_game_outcome(&g, &tev, &o), ARB_OK);
        pen = find_reason(o.reasons, o.nreasons, ARB_R_claim_penalty_time_rapid);
        CHECK(pen && pen->n == 1);
        harness_begin("rules.threefold.wrong_claim_with_move");
        arb_move nh6 = move_in(arb_game_current(&g), "Nh5");
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, nh6, &o), ARB_OK);
        CHECK(!o.claim_valid);
        CHECK_INT(o.reasons[0].code, ARB_R_threefold_wrong_with_move);
        CHECK_INT(o.reasons[0].n, 1);
        const arb_reason *must = find_reason(o.reasons, o.nreasons, ARB_R_claim_move_must_be_played);
        CHECK(must && strcmp(must->move, "Nh5") == 0);
        harness_begin("rules.claim.illegal_intended_move");
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MAKE_MOVE(ARB_SQ(4, 7), ARB_SQ(4, 3), 0), &o), ARB_ERR_ILLEGAL);
        arb_game_free(&g);
    }
}

static void test_fivefold(void)
{
    arb_game g;
    arb_outcome o;
    harness_begin("rules.fivefold.automatic");
    if (game_from(&g, "startpos", SHUFFLE " " SHUFFLE " " SHUFFLE " " SHUFFLE)) {
        CHECK_INT(arb_game_automatic_ending(&g, 15, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_NONE);
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_FIVEFOLD_REPETITION);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.ply, 16);
        CHECK_INT(o.reasons[0].code, ARB_R_fivefold_repetition);
        CHECK_INT(o.reasons[0].n, 5);
        CHECK_INT(o.nreasons, 6);
        for (int i = 0; i < 5; i++)
            CHECK_INT(o.reasons[1 + i].m, 4 * i);
        arb_game_free(&g);
    }
    harness_begin("rules.fivefold.moves_after_end");
    if (game_from(&g, "startpos", SHUFFLE " " SHUFFLE " " SHUFFLE " " SHUFFLE " e4")) {
        arb_event ev = arb_event_none();
        ev.resign = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_FIVEFOLD_REPETITION);
        CHECK_INT(o.ply, 16);
        const arb_reason *after = find_reason(o.reasons, o.nreasons, ARB_R_moves_after_end);
        CHECK(after && after->n == 1);
        CHECK(find_reason(o.reasons, o.nreasons, ARB_R_event_after_end) != NULL);
        arb_game_free(&g);
    }
}

/* The same pieces recur; the first time an en passant capture was (or was not) legal. */
static void test_en_passant(void)
{
    const char *line = "e4 Kh3 Kd1 Kh4 Ke1 Kh3 Kd1 Kh4 Ke1";
    arb_game g;
    arb_outcome o;
    int plies[8];

    harness_begin("rules.repetition.ep_legal_breaks_repetition");
    if (game_from(&g, "8/8/8/8/5p1k/8/4P3/4K3 w - - 0 1", line)) {
        CHECK(arb_ep_capture_legal(&g.positions[1]));
        CHECK(!arb_same_position(&g.positions[1], &g.positions[5]));
        CHECK(arb_repetition_key(&g.positions[1]) != arb_repetition_key(&g.positions[5]));
        CHECK_INT(arb_game_occurrences(&g, 9, plies, 8), 2);
        CHECK_INT(plies[0], 5);
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(!o.claim_valid);
        const arb_reason *d = find_reason(o.reasons, o.nreasons, ARB_R_repetition_differs_ep);
        CHECK(d && d->m == 1 && d->nsquares == 1 && d->squares[0] == ARB_SQ(4, 2));
        arb_game_free(&g);
    }

    harness_begin("rules.repetition.ep_square_but_pinned");
    /* after e4 the pawn on f4 could take en passant, but fxe3 would open the fourth rank
     * from the rook on a4 to the king on h4: illegal, so the position is the same as later */
    if (game_from(&g, "8/8/8/8/R4p1k/8/4P3/4K3 w - - 0 1", line)) {
        CHECK_INT(g.positions[1].ep_square, ARB_SQ(4, 2));
        /* a black pawn stands beside e4 (Polyglot would count the ep file), yet no capture */
        CHECK(g.positions[1].board[ARB_SQ(5, 3)] == ARB_PIECE(ARB_BLACK, ARB_PAWN));
        CHECK(!arb_ep_capture_legal(&g.positions[1]));
        CHECK(arb_same_position(&g.positions[1], &g.positions[5]));
        CHECK(arb_repetition_key(&g.positions[1]) == arb_repetition_key(&g.positions[5]));
        CHECK_INT(arb_game_occurrences(&g, 9, plies, 8), 3);
        CHECK_INT(plies[0], 1);
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(o.claim_valid);
        arb_game_free(&g);
    }

    harness_begin("rules.repetition.no_ep_square");
    if (game_from(&g, "8/8/8/4P3/5p1k/8/8/4K3 b - - 0 1", "Kh3 Kd1 Kh4 Ke1 Kh3 Kd1 Kh4 Ke1")) {
        CHECK_INT(arb_game_occurrences(&g, 8, plies, 8), 3);
        arb_game_free(&g);
    }
}

static void test_castling_rights(void)
{
    arb_game g;
    arb_outcome o;
    int plies[8];
    harness_begin("rules.repetition.castling_rights_differ");
    if (game_from(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ra2 Ra7 Ra1 Ra8 Ra2 Ra7 Ra1 Ra8")) {
        /* ply 4 and ply 0 have the same board but the queenside rights are gone */
        CHECK(!arb_same_position(&g.positions[0], &g.positions[4]));
        CHECK_INT(arb_game_occurrences(&g, 8, plies, 8), 2);
        CHECK_INT(plies[0], 4);
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(!o.claim_valid);
        const arb_reason *d = find_reason(o.reasons, o.nreasons, ARB_R_repetition_differs_castling);
        CHECK(d && d->m == 0);
        arb_game_free(&g);
    }
}

static void test_fifty(void)
{
    arb_game g;
    arb_outcome o;
    harness_begin("rules.fifty.wrong_now_valid_with_move");
    if (game_from(&g, "8/8/8/4k3/8/8/P7/R3K3 w - - 99 80", NULL)) {
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_FIFTY_MOVES, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(!o.claim_valid);
        CHECK_INT(o.reasons[0].code, ARB_R_fifty_wrong);
        /* 99 half-moves, White to move: Black has made 50 of them, White 49 (the review's row 10) */
        CHECK_INT(o.reasons[0].n, 49);
        CHECK_INT(o.reasons[0].m, 50);
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_FIFTY_MOVES, move_in(arb_game_current(&g), "Rb1"), &o), ARB_OK);
        CHECK(o.claim_valid);
        CHECK_INT(o.termination, ARB_TERM_FIFTY_MOVES_CLAIM);
        CHECK_INT(o.reasons[0].code, ARB_R_fifty_with_move);
        CHECK_INT(o.reasons[0].n, 50);
        CHECK_STR(o.reasons[0].move, "Rb1");
        harness_begin("rules.fifty.pawn_move_resets");
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_FIFTY_MOVES, move_in(arb_game_current(&g), "a3"), &o), ARB_OK);
        CHECK(!o.claim_valid);
        CHECK_INT(o.reasons[0].code, ARB_R_fifty_wrong_with_move);
        CHECK(o.reasons[0].n == 0 && o.reasons[0].m == 0);
        CHECK(find_reason(o.reasons, o.nreasons, ARB_R_fifty_move_resets) != NULL);
        arb_game_free(&g);
    }
    harness_begin("rules.fifty.claim_now");
    if (game_from(&g, "8/8/8/4k3/8/8/P7/R3K3 w - - 99 80", "Rb1")) {
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_FIFTY_MOVES, ARB_MOVE_NONE, &o), ARB_OK);
        CHECK(o.claim_valid);
        CHECK_INT(o.reasons[0].code, ARB_R_fifty_now);
        arb_event ev = arb_event_none();
        ev.claim = ARB_CLAIM_FIFTY_MOVES;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_FIFTY_MOVES_CLAIM);
        CHECK_INT(o.ply, 1);
        arb_game_free(&g);
    }
}

static void test_seventyfive(void)
{
    arb_game g;
    arb_outcome o;
    harness_begin("rules.seventyfive.automatic");
    if (game_from(&g, "7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Rb1")) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_SEVENTYFIVE_MOVES);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.reasons[0].n, 75);
        arb_game_free(&g);
    }
    harness_begin("rules.seventyfive.mate_on_75th_move");
    if (game_from(&g, "7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8#")) {
        CHECK_INT(arb_game_current(&g)->halfmove_clock, 150);
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_CHECKMATE);
        CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
        CHECK(find_reason(o.reasons, o.nreasons, ARB_R_seventyfive_but_mate) != NULL);
        arb_game_free(&g);
    }
}

static void test_endings(void)
{
    arb_game g;
    arb_outcome o;
    harness_begin("rules.checkmate");
    if (game_from(&g, "startpos", "f3 e5 g4 Qh4#")) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_CHECKMATE);
        CHECK_INT(o.result, ARB_RESULT_BLACK_WINS);
        CHECK_INT(o.ply, 4);
        CHECK_INT(o.reasons[0].code, ARB_R_checkmate);
        CHECK_INT(o.reasons[0].squares[0], ARB_E1);
        CHECK_STR(arb_result_string(o.result), "0-1");
        arb_game_free(&g);
    }
    harness_begin("rules.stalemate");
    if (game_from(&g, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL)) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_STALEMATE);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.reasons[0].squares[0], ARB_H8);
        arb_game_free(&g);
    }
    harness_begin("rules.insufficient.capture_leaves_kings");
    if (game_from(&g, "8/8/8/3k4/8/8/3r4/3K4 w - - 0 1", "Kxd2")) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_INSUFFICIENT_MATERIAL);
        CHECK_INT(o.ply, 1);
        CHECK_INT(o.reasons[1].code, ARB_R_material_kings_only);
        arb_game_free(&g);
    }
    static const struct {
        const char *fen;
        bool insufficient, white_can, black_can;
    } mat[] = {
        {"8/8/8/4k3/8/8/8/4KN2 w - - 0 1", true, false, false},     /* K+N v K */
        {"8/8/8/4k3/8/8/8/4KB2 w - - 0 1", true, false, false},     /* K+B v K */
        {"8/8/8/3bk3/8/8/8/4KB2 w - - 0 1", true, false, false},    /* f1, d5: both light */
        {"8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1", false, true, true},    /* f1 light, c5 dark */
        {"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", false, true, false},    /* two knights */
        {"8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1", false, true, true},    /* K+N v K+R */
        {"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false, true, false},    /* a pawn */
    };
    for (size_t i = 0; i < sizeof mat / sizeof mat[0]; i++) {
        harness_begin("rules.material.table");
        arb_position pos;
        CHECK_INT(arb_position_from_fen(&pos, mat[i].fen, ARB_STANDARD, NULL), ARB_OK);
        CHECK_MSG(arb_insufficient_material(&pos, NULL) == mat[i].insufficient, "insufficient %s", mat[i].fen);
        CHECK_MSG(arb_material_can_mate(&pos, ARB_WHITE) == mat[i].white_can, "white can mate %s", mat[i].fen);
        CHECK_MSG(arb_material_can_mate(&pos, ARB_BLACK) == mat[i].black_can, "black can mate %s", mat[i].fen);
    }
}

static void test_flag(void)
{
    arb_game g;
    arb_outcome o;
    arb_event ev = arb_event_none();
    harness_begin("rules.flag.knight_v_king_draw");
    if (game_from(&g, "8/8/8/4k3/8/8/8/4KN2 w - - 0 1", NULL)) {
        /* K+N v K is dead anyway: the record already ended (insufficient material) */
        ev.flag = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_INSUFFICIENT_MATERIAL);
        arb_game_free(&g);
    }
    harness_begin("rules.flag.opponent_bare_king_draw");
    if (game_from(&g, "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", NULL)) {
        ev.flag = ARB_WHITE; /* White's flag falls; Black has a bare king */
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_TIME_FORFEIT_DRAW);
        CHECK_INT(o.reasons[0].code, ARB_R_time_forfeit_draw);
        CHECK_INT(o.reasons[1].code, ARB_R_cannot_mate_bare_king);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[1].piece), ARB_BLACK);
        ev.flag = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
        CHECK_INT(o.termination, ARB_TERM_TIME_FORFEIT);
        arb_game_free(&g);
    }
    harness_begin("rules.flag.knight_v_king_only_knight_side_flags");
    if (game_from(&g, "8/8/8/4k3/8/8/8/4KN2 w - - 0 1", NULL)) {
        /* 6.9 alone (without the 5.2.2 ending): Black cannot mate a lone knight's side */
        CHECK(!arb_rules_can_mate(arb_game_current(&g), ARB_BLACK));
        CHECK(!arb_rules_can_mate(arb_game_current(&g), ARB_WHITE));
        arb_game_free(&g);
    }
    harness_begin("rules.flag.knight_v_rook_loss");
    /* K+N v K+R, Black's flag falls: White can mate with Black's "help" (e.g. Black king in a
     * corner boxed in by its own rook), so Black loses. The unwinnability search supplies the
     * witness: legal moves from here ending in checkmate of Black. */
    if (game_from(&g, "8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1", NULL)) {
        ev.flag = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
        CHECK_INT(o.termination, ARB_TERM_TIME_FORFEIT);
        CHECK_INT(o.reasons[0].code, ARB_R_time_forfeit);
        CHECK_INT(o.nreasons, 2);
        CHECK_INT(o.reasons[1].code, ARB_R_can_mate);
        arb_unwinnable_result *unw = malloc(sizeof *unw);
        if (unw) {
            CHECK(arb_rules_can_mate_result(arb_game_current(&g), ARB_WHITE, unw));
            CHECK_INT(unw->verdict, ARB_WIN_POSSIBLE);
            CHECK(unw->witness_len > 0);
            CHECK_INT(o.reasons[1].n, unw->witness_len);
            arb_position p = *arb_game_current(&g);
            bool legal = true;
            for (int i = 0; i < unw->witness_len && legal; i++) {
                arb_move moves[ARB_MAX_MOVES];
                int n = arb_legal_moves(&p, moves);
                legal = false;
                for (int j = 0; j < n; j++)
                    legal |= moves[j] == unw->witness[i];
                arb_position_play(&p, unw->witness[i]);
            }
            CHECK_MSG(legal, "witness move is legal");
            CHECK_INT(p.side, ARB_BLACK);
            CHECK(arb_in_check(&p));
            CHECK_INT(arb_count_legal_moves(&p), 0);
            free(unw);
        }
        ev.flag = ARB_WHITE;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_BLACK_WINS);
        arb_game_free(&g);
    }
}

/* Locked pawns (a CHA test vector): White's bishops can never reach the black king, Black's
 * light-squared bishop can mate (a helpmate in 7 plies). */
#define WALL_ONE_SIDE "8/1p3k2/pPp3p1/P1Pp1pPp/2bP1P1P/4BK2/7B/8 b - - 0 1"
/* A wall no king can cross and no capture can open; every light square of rank 5 holds a
 * black pawn and every dark square of rank 4 a white one: neither bishop crosses. */
#define WALL_DEAD "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"

static void test_beyond_material(void)
{
    arb_game g;
    arb_outcome o;
    arb_event ev = arb_event_none();
    harness_begin("rules.flag.locked_wall_draw");
    if (game_from(&g, WALL_ONE_SIDE, NULL)) {
        /* Black's flag falls: White has two bishops, but they can never reach the black king */
        ev.flag = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_TIME_FORFEIT_DRAW);
        CHECK_INT(o.reasons[0].code, ARB_R_time_forfeit_draw);
        CHECK_INT(o.reasons[1].code, ARB_R_cannot_mate_material);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[1].piece), ARB_WHITE);
        CHECK_INT(o.nreasons, 3);
        CHECK_INT(o.reasons[2].code, ARB_R_cannot_mate_locked);
        CHECK(!arb_rules_can_mate(arb_game_current(&g), ARB_WHITE));
        /* White's flag falls: Black can mate (with White's help), so Black wins */
        ev.flag = ARB_WHITE;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_BLACK_WINS);
        CHECK_INT(o.termination, ARB_TERM_TIME_FORFEIT);
        CHECK_INT(o.reasons[1].code, ARB_R_can_mate);
        CHECK_STR(o.reasons[1].move, "Bf3#");
        arb_game_free(&g);
    }
    harness_begin("rules.dead.locked_wall");
    if (game_from(&g, WALL_DEAD, NULL)) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_DEAD_POSITION);
        CHECK_STR(arb_termination_name(o.termination), "dead_position");
        CHECK_INT(o.reasons[0].code, ARB_R_dead_position);
        CHECK_INT(o.nreasons, 3);
        CHECK_INT(o.reasons[1].code, ARB_R_cannot_mate_locked);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[1].piece), ARB_BLACK); /* the king that cannot be mated */
        CHECK_INT(o.reasons[2].code, ARB_R_cannot_mate_locked);
        for (int i = 0; i < o.nreasons; i++)
            CHECK_STR(arb_reason_citation(&o.reasons[i]), "5.2.2"); /* not flag fall's 6.9 */
        arb_game_free(&g);
    }
    harness_begin("rules.dead.after_capture");
    /* the knight is captured: the game ends at that ply as a dead position */
    if (game_from(&g, "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/4n3/2B1K3 w - - 0 1", "Kxe2 Kd7")) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_DEAD_POSITION);
        CHECK_INT(o.ply, 1);
        CHECK_INT(o.reasons[o.nreasons - 1].code, ARB_R_moves_after_end);
        arb_game_free(&g);
    }
    harness_begin("rules.dead.start_alive");
    if (game_from(&g, "startpos", "e4 e5 Nf3 Nc6")) {
        CHECK_INT(arb_game_outcome(&g, NULL, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_NONE);
        arb_game_free(&g);
    }
}

/* arb_game_automatic_endings against two arb_game_automatic_ending calls: the same outcome,
 * field by field, reason by reason. */
static bool same_outcome(const arb_outcome *a, const arb_outcome *b)
{
    if (a->result != b->result || a->termination != b->termination || a->ply != b->ply || a->nreasons != b->nreasons)
        return false;
    for (int i = 0; i < a->nreasons; i++) {
        const arb_reason *x = &a->reasons[i], *y = &b->reasons[i];
        if (x->code != y->code || x->nsquares != y->nsquares || memcmp(x->squares, y->squares, x->nsquares) ||
            x->piece != y->piece || x->by != y->by || x->n != y->n || x->m != y->m || strcmp(x->move, y->move))
            return false;
    }
    return true;
}

/* Every legal move of pos: the endings before and after it, both ways; returns the moves. */
static int endings_pair_agree(const arb_position *pos, const char *fen)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        arb_game g;
        if (arb_game_init(&g, pos) != ARB_OK || arb_game_play(&g, moves[i]) != ARB_OK) {
            harness_fail(__FILE__, __LINE__, "%s: cannot play move %d", fen, i);
            return n;
        }
        arb_outcome at, next, at1, next1;
        CHECK_INT(arb_game_automatic_endings(&g, 0, &at, &next), ARB_OK);
        arb_game_automatic_ending(&g, 0, &at1);
        arb_game_automatic_ending(&g, 1, &next1);
        CHECK_MSG(same_outcome(&at, &at1), "%s move %d: the ending before the move differs", fen, i);
        CHECK_MSG(same_outcome(&next, &next1), "%s move %d: the ending after the move differs", fen, i);
        arb_game_free(&g);
    }
    return n;
}

/* Positions that are dead only through "a static proof after every legal move" (dead.c): no
 * static proof of their own, one after each move. Test vectors of the Chess Unwinnability
 * Analyzer (M. Ambrona, D3-Chess v2.6.1, tests/test-vector.txt), all labelled "--" (neither side
 * can mate); the line numbers are that file's. */
static const char *const after_every_move[] = {
    "8/1p6/kPp5/p1P5/2P5/P7/3K4/8 w - - 0 1",          /* line 1012 */
    "k7/Pp6/1P6/8/8/8/6K1/6Q1 w - - 0 1",              /* line 288 */
    "8/8/8/6p1/6P1/4p1PK/4Pp1p/3bRnkr w - - 0 1",      /* line 276 */
    "8/p1p5/2P5/P7/4k3/6p1/6Pp/4b2K b - - 0 1",        /* line 406 */
    "7k/5p1P/5P2/8/5p1p/p1p1pP1P/P1P1P1B1/6KB w - - 0 1", /* line 1780 */
};

/* arb_game_automatic_endings (a FEN /v1/move judges the position and the one after the move
 * with it) skips the position's proof after every move for a colour the position after the
 * move was not proven for: it must give exactly what two arb_game_automatic_ending calls give.
 * A skip that is wrong (taken when the position after the move has a proof) turns the dead
 * positions above into live ones. */
static void test_endings_pair(void)
{
    harness_begin("rules.endings_pair.after_every_move");
    for (size_t i = 0; i < sizeof after_every_move / sizeof *after_every_move; i++) {
        arb_game g;
        if (!game_from(&g, after_every_move[i], NULL))
            continue;
        arb_outcome o;
        arb_game_automatic_ending(&g, 0, &o);
        /* the data is what it claims: dead, and by the proof after every move */
        CHECK_MSG(o.termination == ARB_TERM_DEAD_POSITION, "%s: not dead", after_every_move[i]);
        CHECK_MSG(find_reason(o.reasons, o.nreasons, ARB_R_cannot_mate_after_every_move) != NULL,
                  "%s: not by the proof after every move", after_every_move[i]);
        CHECK(endings_pair_agree(arb_game_current(&g), after_every_move[i]) > 0);
        arb_game_free(&g);
    }

    harness_begin("rules.endings_pair.perft_positions");
    /* published perft positions (open ones: the skip is taken) and every move of each */
    FILE *f = fopen(harness_data_path("perft-standard.epd"), "r");
    CHECK(f != NULL);
    char line[512];
    int positions = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, ";\n")] = 0;
        arb_position pos;
        if (arb_position_from_fen(&pos, line, ARB_STANDARD, NULL) != ARB_OK)
            continue;
        endings_pair_agree(&pos, line);
        positions++;
    }
    if (f)
        fclose(f);
    CHECK(positions > 100);

    harness_begin("rules.endings_pair.statically_dead_and_over");
    static const char *const more[] = {
        WALL_DEAD, WALL_ONE_SIDE, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "4k3/8/8/8/8/8/8/3rK3 w - - 0 1",
        "7k/8/6K1/8/8/8/8/R7 w - - 149 90",
    };
    for (size_t i = 0; i < sizeof more / sizeof *more; i++) {
        arb_position pos;
        CHECK(arb_position_from_fen(&pos, more[i], ARB_STANDARD, NULL) == ARB_OK);
        endings_pair_agree(&pos, more[i]);
    }
    arb_game g;
    if (game_from(&g, "startpos", "e4")) {
        arb_outcome at, next;
        CHECK_INT(arb_game_automatic_endings(&g, 1, &at, &next), ARB_ERR_RANGE); /* no move after ply 1 */
        CHECK_INT(arb_game_automatic_endings(&g, -1, &at, &next), ARB_ERR_RANGE);
        CHECK_INT(arb_game_automatic_endings(&g, 0, &at, &next), ARB_OK);
        CHECK_INT(at.termination, ARB_TERM_NONE);
        CHECK_INT(next.termination, ARB_TERM_NONE);
        arb_game_free(&g);
    }
}

static void test_resign_agree(void)
{
    arb_game g;
    arb_outcome o;
    arb_event ev = arb_event_none();
    harness_begin("rules.resignation");
    if (game_from(&g, "startpos", "e4")) {
        ev.resign = ARB_WHITE;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_BLACK_WINS);
        CHECK_INT(o.termination, ARB_TERM_RESIGNATION);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[0].piece), ARB_WHITE);
        harness_begin("rules.agreement.too_early");
        ev = arb_event_none();
        ev.agree_draw = true;
        CHECK(!arb_game_both_moved(&g));
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_NONE);
        CHECK_INT(o.reasons[0].code, ARB_R_agreement_too_early);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[0].piece), ARB_BLACK);
        arb_game_free(&g);
    }
    /* 5.1.2 (2023): resigning is a draw when the opponent cannot checkmate by any series of
     * legal moves; a bare king against K+Q cannot */
    harness_begin("rules.resignation.opponent_cannot_mate");
    if (game_from(&g, "8/8/4k3/8/8/3QK3/8/8 w - - 0 1", NULL)) {
        ev = arb_event_none();
        ev.resign = ARB_WHITE;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_RESIGNATION);
        CHECK_INT(o.reasons[0].code, ARB_R_resignation_draw);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[0].piece), ARB_WHITE);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[0].by), ARB_BLACK);
        CHECK(find_reason(o.reasons, o.nreasons, ARB_R_cannot_mate_bare_king) != NULL);
        /* the proof cites the verdict it supports (Arabic review L22), the code's own is flag fall's */
        for (int i = 0; i < o.nreasons; i++)
            CHECK_STR(arb_reason_citation(&o.reasons[i]), "5.1.2");
        CHECK_STR(arb_reason_article(ARB_R_cannot_mate_bare_king), "6.9");
        harness_begin("rules.resignation.opponent_can_mate");
        ev.resign = ARB_BLACK; /* White, with the queen, can mate: Black's resignation loses */
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
        CHECK_INT(o.reasons[0].code, ARB_R_resignation);
        CHECK_INT(o.nreasons, 1);
        arb_game_free(&g);
    }
    harness_begin("rules.resignation.knight_v_queen_draw");
    if (game_from(&g, "8/8/4k3/8/8/3K4/8/q5N1 w - - 0 1", NULL)) {
        ev = arb_event_none();
        ev.resign = ARB_BLACK; /* K+N can never mate K+Q (the queen only takes or flees): a draw */
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.reasons[0].code, ARB_R_resignation_draw);
        arb_game_free(&g);
    }
    harness_begin("rules.resignation.knight_v_rook_loss");
    if (game_from(&g, "7r/8/8/3k4/8/8/2N5/K7 w - - 0 1", NULL)) {
        ev = arb_event_none();
        ev.resign = ARB_BLACK; /* the rook can box its own king in: a helpmate exists */
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
        CHECK_INT(o.reasons[0].code, ARB_R_resignation);
        arb_game_free(&g);
    }
    ev = arb_event_none();
    ev.agree_draw = true;
    harness_begin("rules.agreement.valid");
    if (game_from(&g, "startpos", "e4 e5")) {
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.result, ARB_RESULT_DRAW);
        CHECK_INT(o.termination, ARB_TERM_AGREEMENT);
        harness_begin("rules.event.two_at_once");
        ev.resign = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_ERR_RANGE);
        arb_game_free(&g);
    }
    harness_begin("rules.agreement.at_start");
    if (game_from(&g, "startpos", NULL)) {
        ev = arb_event_none();
        ev.agree_draw = true;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_NONE);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[0].piece), ARB_WHITE);
        arb_game_free(&g);
    }
    /* 5.2.3 from a FEN with Black to move: White's move is behind the FEN, Black's is not yet */
    harness_begin("rules.agreement.black_to_move_first");
    if (game_from(&g, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", NULL)) {
        ev = arb_event_none();
        ev.agree_draw = true;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.reasons[0].code, ARB_R_agreement_too_early);
        CHECK_INT(ARB_PIECE_COLOR(o.reasons[0].piece), ARB_BLACK);
        arb_game_free(&g);
    }
    if (game_from(&g, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e5")) {
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_AGREEMENT);
        arb_game_free(&g);
    }
    harness_begin("rules.event.after_checkmate");
    if (game_from(&g, "startpos", "f3 e5 g4 Qh4#")) {
        ev = arb_event_none();
        ev.resign = ARB_BLACK;
        CHECK_INT(arb_game_outcome(&g, &ev, &o), ARB_OK);
        CHECK_INT(o.termination, ARB_TERM_CHECKMATE);
        CHECK(find_reason(o.reasons, o.nreasons, ARB_R_event_after_end) != NULL);
        arb_game_free(&g);
    }
}

static void test_render(void)
{
    arb_game g;
    arb_outcome o;
    char buf[512];
    harness_begin("rules.render.three_languages");
    if (game_from(&g, "startpos", SHUFFLE " Nf3 Nf6 Ng1")) {
        arb_game_claim(&g, ARB_CLAIM_THREEFOLD, move_in(arb_game_current(&g), "Ng8"), &o);
        arb_reason_render(&o.reasons[0], "en", buf, sizeof buf);
        CHECK_STR(buf, "After Ng8 the same position would have appeared 3 times: a claim made with this move "
                       "(written down, not played) is correct.");
        arb_reason_render(&o.reasons[0], "fa", buf, sizeof buf);
        CHECK(strstr(buf, "\xE2\x81\xA6Ng8\xE2\x81\xA9") != NULL && strstr(buf, "پس از") != NULL);
        arb_reason_render(&o.reasons[0], "ar", buf, sizeof buf);
        CHECK(strstr(buf, "\xE2\x81\xA6Ng8\xE2\x81\xA9") != NULL && strstr(buf, "بعد") != NULL);
        arb_game_free(&g);
    }
    /* every rules code has a template in every language that renders completely (the template
     * grammar itself is checked by the catalogs test) */
    harness_begin("rules.catalog.complete");
    for (unsigned code = ARB_R_checkmate; code < ARB_REASON_COUNT; code++) {
        for (const char *const *lang = arb_languages(); *lang; lang++) {
            const char *t = arb_catalog_lookup(arb_catalog_find(*lang), arb_reason_name(code));
            CHECK_MSG(t != NULL, "%s has no %s template", arb_reason_name(code), *lang);
            arb_reason r = arb_reason_make((arb_reason_code)code);
            r.piece = ARB_PIECE(ARB_WHITE, ARB_ROOK);
            r.by = ARB_PIECE(ARB_BLACK, ARB_QUEEN);
            r.n = 2;
            arb_reason_render(&r, *lang, buf, sizeof buf);
            CHECK_MSG(buf[0] && !strchr(buf, '{'), "%s/%s does not render completely: %s", *lang,
                      arb_reason_name(code), buf);
        }
    }
}

/* arb_game_play_text: parse and play in one step, with the same statuses as the two calls. */
static void test_play_text(void)
{
    harness_begin("rules.game.play_text");
    arb_position start;
    arb_position_start(&start);
    arb_game g;
    CHECK(arb_game_init(&g, &start) == ARB_OK);
    arb_reason why;
    CHECK(arb_game_play_text(&g, "e4", &why) == ARB_OK);
    CHECK(arb_game_play_text(&g, "e7e5", &why) == ARB_OK);
    CHECK(arb_game_play_text(&g, "Nf3", &why) == ARB_OK);
    CHECK_INT(g.nplies, 3);
    char fen[ARB_FEN_MAX];
    arb_position_fen(arb_game_current(&g), fen, sizeof fen);
    CHECK_STR(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    CHECK(arb_game_play_text(&g, "Ke6", &why) == ARB_ERR_ILLEGAL);
    CHECK_STR(arb_reason_name(why.code), "no_piece_can_move_there");
    CHECK(arb_game_play_text(&g, "e1e9", &why) == ARB_ERR_SYNTAX);
    CHECK(arb_game_play_text(&g, "Zz9", &why) == ARB_ERR_SYNTAX);
    CHECK_INT(g.nplies, 3); /* failures leave the record as it was */
    arb_game_free(&g);

    harness_begin("rules.game.play_text_limit");
    CHECK(arb_game_init(&g, &start) == ARB_OK);
    static const char *const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    arb_status st = ARB_OK;
    for (int i = 0; i < ARB_GAME_MAX_PLIES && st == ARB_OK; i++)
        st = arb_game_play_text(&g, shuffle[i % 4], &why);
    CHECK(st == ARB_OK);
    CHECK_INT(g.nplies, ARB_GAME_MAX_PLIES);
    CHECK(arb_game_play_text(&g, "Nf3", &why) == ARB_ERR_LIMIT);
    CHECK_INT(g.nplies, ARB_GAME_MAX_PLIES);
    arb_game_free(&g);
}

/* The draws available to claim, with and without the caller's known ending. */
static void test_claims_available(void)
{
    harness_begin("rules.claims.available");
    arb_game g;
    if (!game_from(&g, "startpos", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"))
        return;
    arb_claim_kind kinds[8];
    arb_move moves[8];
    int n = arb_game_claims_available(&g, kinds, moves, 8);
    CHECK_INT(n, 1);
    CHECK(kinds[0] == ARB_CLAIM_THREEFOLD);
    CHECK(moves[0] == move_in(arb_game_current(&g), "Ng8"));
    arb_outcome end;
    CHECK(arb_game_automatic_ending(&g, g.nplies, &end) == ARB_OK);
    arb_claim_kind k2[8];
    arb_move m2[8];
    CHECK_INT(arb_game_claims_given_ending(&g, &end, k2, m2, 8), 1);
    CHECK(k2[0] == kinds[0] && m2[0] == moves[0]);
    end.termination = ARB_TERM_CHECKMATE; /* an ended record has nothing to claim */
    CHECK_INT(arb_game_claims_given_ending(&g, &end, k2, m2, 8), 0);
    CHECK_INT(arb_game_claims_given_ending(&g, NULL, k2, m2, 8), 0);
    arb_game_free(&g);

    harness_begin("rules.claims.none_possible");
    if (!game_from(&g, "startpos", "e4 e5"))
        return;
    CHECK_INT(arb_game_claims_available(&g, kinds, moves, 8), 0);
    arb_game_free(&g);
}

int main(void)
{
    test_claims_available();
    test_play_text();
    test_threefold();
    test_fivefold();
    test_en_passant();
    test_castling_rights();
    test_fifty();
    test_seventyfive();
    test_endings();
    test_flag();
    test_beyond_material();
    test_endings_pair();
    test_resign_agree();
    test_render();
    return harness_finish();
}
