/* UCI and SAN: output (minimal disambiguation, checks, promotions, castling) and lenient input
 * with its three error kinds (malformed, illegal, ambiguous). */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

static arb_position at(const char *fen, arb_variant v)
{
    arb_position pos;
    arb_reason why;
    if (arb_position_from_fen(&pos, fen, v, &why) != ARB_OK) {
        printf("bad test FEN %s: %s\n", fen, arb_reason_name(why.code));
        exit(1);
    }
    return pos;
}

/* Text in, expected UCI and SAN out. */
static void accepts(const char *name, const char *fen, arb_variant v, const char *text, const char *uci,
                    const char *san)
{
    harness_begin(name);
    arb_position pos = at(fen, v);
    arb_move m;
    arb_reason why;
    arb_status st = arb_parse_move(&pos, text, &m, &why);
    CHECK_MSG(st == ARB_OK, "'%s' rejected: %s", text, arb_reason_name(why.code));
    if (st != ARB_OK)
        return;
    char buf[ARB_MOVE_TEXT_MAX];
    arb_move_uci(&pos, m, buf, sizeof buf);
    CHECK_STR(buf, uci);
    arb_move_san(&pos, m, buf, sizeof buf);
    CHECK_STR(buf, san);
}

static void rejects(const char *name, const char *fen, const char *text, arb_status want, const char *code,
                    int nsquares)
{
    harness_begin(name);
    arb_position pos = at(fen, ARB_STANDARD);
    arb_move m;
    arb_reason why;
    CHECK_INT(arb_parse_move(&pos, text, &m, &why), want);
    CHECK_STR(arb_reason_name(why.code), code);
    if (nsquares >= 0)
        CHECK_INT(why.nsquares, nsquares);
}

#define START ARB_START_FEN
#define KIWI "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

/* Every legal move's SAN and UCI must parse back to the same move, in many positions. */
static void round_trip_all(const char *name, const char *fen, arb_variant v)
{
    harness_begin(name);
    arb_position pos = at(fen, v);
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(&pos, moves), ok = 0;
    for (int i = 0; i < n; i++) {
        char san[ARB_MOVE_TEXT_MAX], uci[ARB_MOVE_TEXT_MAX];
        arb_move a, b;
        arb_move_san(&pos, moves[i], san, sizeof san);
        arb_move_uci(&pos, moves[i], uci, sizeof uci);
        ok += arb_parse_san(&pos, san, &a, NULL) == ARB_OK && a == moves[i] &&
              arb_parse_uci(&pos, uci, &b, NULL) == ARB_OK && b == moves[i];
    }
    CHECK_INT(ok, n);
}

int main(void)
{
    accepts("san.pawn_push", START, ARB_STANDARD, "e4", "e2e4", "e4");
    accepts("san.knight", START, ARB_STANDARD, "Nf3", "g1f3", "Nf3");
    accepts("san.long_algebraic", START, ARB_STANDARD, "Ng1-f3", "g1f3", "Nf3");
    accepts("san.over_disambiguated", START, ARB_STANDARD, "Ngf3", "g1f3", "Nf3");
    accepts("san.over_disambiguated_square", START, ARB_STANDARD, "Ng1f3", "g1f3", "Nf3");
    accepts("san.trailing_marks", START, ARB_STANDARD, "e4!?", "e2e4", "e4");
    accepts("san.leading_space", START, ARB_STANDARD, " d4", "d2d4", "d4");
    accepts("uci.push", START, ARB_STANDARD, "e2e4", "e2e4", "e4");
    accepts("uci.knight", START, ARB_STANDARD, "b1c3", "b1c3", "Nc3");

    const char *castle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    accepts("san.castle_short", castle, ARB_STANDARD, "O-O", "e1g1", "O-O");
    accepts("san.castle_short_zeros", castle, ARB_STANDARD, "0-0", "e1g1", "O-O");
    accepts("san.castle_long", castle, ARB_STANDARD, "O-O-O", "e1c1", "O-O-O");
    accepts("san.castle_long_zeros_check", castle, ARB_STANDARD, "0-0-0+", "e1c1", "O-O-O");
    accepts("uci.castle_king_two_squares", castle, ARB_STANDARD, "e1g1", "e1g1", "O-O");
    accepts("uci.castle_king_takes_rook", castle, ARB_STANDARD, "e1h1", "e1g1", "O-O");
    accepts("uci.castle_long_king_takes_rook", castle, ARB_STANDARD, "e1a1", "e1c1", "O-O-O");
    accepts("uci.960_castle_king_takes_rook", castle, ARB_CHESS960, "e1h1", "e1h1", "O-O");
    /* In Chess960 a king that already stands on g1 castles by taking its rook: f1 -> king g1, rook f1. */
    accepts("uci.960_king_stays", "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", ARB_CHESS960, "g1h1", "g1h1", "O-O");
    accepts("san.960_queenside", "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", ARB_CHESS960, "O-O-O", "g1b1", "O-O-O");

    const char *promo = "8/4P1k1/8/8/8/8/1K6/8 w - - 0 1";
    accepts("san.promo_equals", promo, ARB_STANDARD, "e8=Q", "e7e8q", "e8=Q");
    accepts("san.promo_bare", promo, ARB_STANDARD, "e8Q", "e7e8q", "e8=Q");
    accepts("san.promo_slash", promo, ARB_STANDARD, "e8/N", "e7e8n", "e8=N+");
    accepts("san.promo_paren", promo, ARB_STANDARD, "e8(R)", "e7e8r", "e8=R");
    accepts("san.promo_lower", promo, ARB_STANDARD, "e8=b", "e7e8b", "e8=B");
    accepts("uci.promo", promo, ARB_STANDARD, "e7e8n", "e7e8n", "e8=N+");
    accepts("uci.promo_upper", promo, ARB_STANDARD, "e7e8Q", "e7e8q", "e8=Q");
    const char *promo_capture = "3r2k1/4P3/8/8/8/8/1K6/8 w - - 0 1";
    accepts("san.promo_capture", promo_capture, ARB_STANDARD, "exd8=Q+", "e7d8q", "exd8=Q+");

    const char *ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    accepts("san.en_passant_plain", ep, ARB_STANDARD, "exf6", "e5f6", "exf6");
    accepts("san.en_passant_suffix", ep, ARB_STANDARD, "exf6e.p.", "e5f6", "exf6");
    accepts("san.en_passant_suffix_space", ep, ARB_STANDARD, "exf6 e.p.", "e5f6", "exf6");
    accepts("san.en_passant_ep", ep, ARB_STANDARD, "exf6ep", "e5f6", "exf6");

    /* Disambiguation: by file, by rank, by both; pinned pieces do not count as candidates. */
    const char *rooks = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
    accepts("san.disambiguate_file", rooks, ARB_STANDARD, "Raf1", "a1f1", "Raf1");
    accepts("san.disambiguate_file_other", rooks, ARB_STANDARD, "Rhf1", "h1f1", "Rhf1");
    const char *stacked = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    accepts("san.disambiguate_rank", stacked, ARB_STANDARD, "R1a3", "a1a3", "R1a3");
    const char *three_queens = "6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1";
    accepts("san.disambiguate_both", three_queens, ARB_STANDARD, "Qa4d4", "a4d4", "Qa4d4");
    accepts("san.disambiguate_rank_same_file", three_queens, ARB_STANDARD, "Qa4d1", "a4d1", "Q4d1");
    accepts("san.disambiguate_rank_only", three_queens, ARB_STANDARD, "Q1d4", "a1d4", "Q1d4");
    const char *pinned_knight = "4k3/8/8/6N1/1b6/8/3N4/4K3 w - - 0 1";
    accepts("san.pinned_not_ambiguous", pinned_knight, ARB_STANDARD, "Nf3", "g5f3", "Nf3");

    /* Check and mate marks. */
    accepts("san.check_mark", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ARB_STANDARD, "Ra8", "a1a8", "Ra8+");
    accepts("san.mate_mark", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", ARB_STANDARD, "Ra8", "a1a8", "Ra8#");
    accepts("san.fools_mate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", ARB_STANDARD,
            "Qh4", "d8h4", "Qh4#");

    rejects("san.ambiguous_rooks", rooks, "Rf1", ARB_ERR_AMBIGUOUS, "ambiguous", 2);
    rejects("san.ambiguous_queens", three_queens, "Qd1", ARB_ERR_AMBIGUOUS, "ambiguous", 2);
    rejects("san.ambiguous_knights", "4k3/8/8/8/8/8/2N3N1/4K3 w - - 0 1", "Ne3", ARB_ERR_AMBIGUOUS, "ambiguous", 2);
    rejects("san.illegal_no_piece", START, "Nd4", ARB_ERR_ILLEGAL, "no_piece_can_move_there", -1);
    rejects("san.illegal_pawn_push_capture", START, "e5", ARB_ERR_ILLEGAL, "no_piece_can_move_there", -1);
    rejects("san.illegal_castle", START, "O-O", ARB_ERR_ILLEGAL, "no_piece_can_move_there", -1);
    rejects("san.illegal_promotion_missing", promo, "e8", ARB_ERR_ILLEGAL, "no_piece_can_move_there", -1);
    rejects("san.illegal_promotion_to_king", promo, "e8=K", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("uci.illegal", START, "e2e5", ARB_ERR_ILLEGAL, "illegal_move", -1);
    rejects("uci.illegal_castle_standard_960_form", START, "e1h1", ARB_ERR_ILLEGAL, "illegal_move", -1);
    rejects("uci.promotion_on_non_promotion", START, "e2e4q", ARB_ERR_ILLEGAL, "illegal_move", -1);
    rejects("san.malformed_empty", START, "", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_word", START, "hello", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_square", START, "Nf9", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_piece", START, "Xe4", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_lower_piece", START, "nf3", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_pawn_capture_without_file", START, "xe4", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_castle", START, "O-O-O-O", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("san.malformed_only_marks", START, "+#!?", ARB_ERR_SYNTAX, "san_malformed", -1);
    rejects("uci.malformed_null", START, "0000", ARB_ERR_SYNTAX, "san_malformed", -1);

    harness_begin("san.malformed_offset");
    {
        arb_position pos = at(START, ARB_STANDARD);
        arb_move m;
        arb_reason why;
        CHECK_INT(arb_parse_san(&pos, "Nf9", &m, &why), ARB_ERR_SYNTAX);
        CHECK_INT(why.offset, 1);
        CHECK_INT(arb_parse_uci(&pos, "e2x4", &m, &why), ARB_ERR_SYNTAX);
        CHECK_STR(arb_reason_name(why.code), "uci_malformed");
        CHECK_INT(why.offset, 2);
    }

    harness_begin("notation.oversized_and_binary");
    {
        arb_position pos = at(START, ARB_STANDARD);
        char *big = malloc(100001);
        memset(big, 'N', 100000);
        big[100000] = '\0';
        arb_move m;
        arb_reason why;
        CHECK_INT(arb_parse_move(&pos, big, &m, &why), ARB_ERR_SYNTAX);
        free(big);
        CHECK_INT(arb_parse_move(&pos, NULL, &m, &why), ARB_ERR_SYNTAX);
        const char binary[] = {'e', '\x01', '4', '\xff', '\0'};
        CHECK_INT(arb_parse_move(&pos, binary, &m, &why), ARB_ERR_SYNTAX);
        /* Every single byte value as a one-character move. */
        int handled = 0;
        for (int c = 1; c < 256; c++) {
            char s[2] = {(char)c, '\0'};
            handled += arb_parse_move(&pos, s, &m, &why) == ARB_ERR_SYNTAX;
        }
        CHECK_INT(handled, 255);
    }

    /* A line as people write it: the moves without their numbers, whatever the spacing. */
    static const struct {
        const char *name, *text, *moves;
    } lines[] = {
        /* each move with the number written before it: "16." White's, "16..." Black's */
        {"line.numbers", "1. Qb8+ Nxb8 2. Rd8#", "1.Qb8+|Nxb8|2.Rd8#|"},
        {"line.numbers_joined", "16.Qb8+ Kd8 17.Qe7#", "16.Qb8+|Kd8|17.Qe7#|"},
        {"line.black_first", "1... Kd8\n2.Qe7#", "1...Kd8|2.Qe7#|"},
        {"line.ellipsis", "16\xe2\x80\xa6Kd8 17\xe2\x80\xa6 Qe7#", "16...Kd8|17...Qe7#|"},
        {"line.last_number_counts", "1. 2... Qh4#", "2...Qh4#|"},
        {"line.no_numbers", "  e4\te5  ", "e4|e5|"},
        {"line.numbers_alone", "1. 2... 3.", ""},
        {"line.empty", "", ""},
        {"line.digits_without_dot", "12 e4", "12|e4|"},
        {"line.huge_number", "99999999999999999999. e4", "1000000000.e4|"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        harness_begin(lines[i].name);
        char got[128] = "";
        size_t len;
        arb_line_number num;
        for (const char *at = lines[i].text, *m; (m = arb_line_next(&at, &len, &num)) != NULL;) {
            if (num.number >= 0)
                snprintf(got + strlen(got), sizeof got - strlen(got), "%ld%s", num.number, num.black ? "..." : ".");
            snprintf(got + strlen(got), sizeof got - strlen(got), "%.*s|", (int)len, m);
        }
        CHECK_STR(got, lines[i].moves);
    }

    /* The move that led here: taken back, the position before validated, the move explained. */
    static const struct {
        const char *name, *fen, *from, *to;
        arb_piece_type promotion, captured;
        arb_unmove_result want;
        const char *before, *reason;
    } unmoves[] = {
        {"unmove.double_step", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "e2", "e4", ARB_NO_TYPE,
         ARB_NO_TYPE, ARB_UNMOVE_OK, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", NULL},
        {"unmove.no_piece", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "d2", "d4", ARB_NO_TYPE,
         ARB_NO_TYPE, ARB_UNMOVE_NO_PIECE, NULL, NULL},
        {"unmove.from_taken", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "d2", "e4", ARB_NO_TYPE,
         ARB_NO_TYPE, ARB_UNMOVE_FROM_TAKEN, NULL, NULL},
        {"unmove.not_legal", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", "a4", "e4", ARB_NO_TYPE,
         ARB_NO_TYPE, ARB_UNMOVE_NOT_LEGAL, NULL, "illegal_move"},
        {"unmove.before_illegal", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e2", "e4", ARB_NO_TYPE,
         ARB_KING, ARB_UNMOVE_BEFORE_ILLEGAL, NULL, "too_many_kings"},
        /* a single step would not give the en passant square the board shows */
        {"unmove.elsewhere", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "e3", "e4", ARB_NO_TYPE, ARB_NO_TYPE,
         ARB_UNMOVE_ELSEWHERE, NULL, NULL},
        {"unmove.promotion_capture", "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1", "a7", "b8", ARB_QUEEN, ARB_ROOK, ARB_UNMOVE_OK,
         "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", NULL},
    };
    for (size_t i = 0; i < sizeof unmoves / sizeof unmoves[0]; i++) {
        harness_begin(unmoves[i].name);
        arb_position pos = at(unmoves[i].fen, ARB_STANDARD), before;
        arb_move m;
        arb_reason why[ARB_EXPLAIN_MAX];
        int n = -1;
        arb_unmove_result r = arb_unmove(&pos, arb_square_parse(unmoves[i].from), arb_square_parse(unmoves[i].to),
                                         unmoves[i].promotion, unmoves[i].captured, &before, &m, why, ARB_EXPLAIN_MAX, &n);
        CHECK_STR(arb_unmove_result_name(r), arb_unmove_result_name(unmoves[i].want));
        if (unmoves[i].before && r == ARB_UNMOVE_OK) {
            char fen[ARB_FEN_MAX];
            arb_position_fen(&before, fen, sizeof fen);
            CHECK_STR(fen, unmoves[i].before);
        }
        bool named = false;
        for (int k = 0; k < n; k++)
            named |= strcmp(arb_reason_name(why[k].code), unmoves[i].reason ? unmoves[i].reason : "") == 0;
        if (unmoves[i].reason)
            CHECK_MSG(named, "%d reasons, none %s (first %s)", n, unmoves[i].reason, n > 0 ? arb_reason_name(why[0].code) : "-");
    }

    round_trip_all("notation.roundtrip.start", START, ARB_STANDARD);
    round_trip_all("notation.roundtrip.kiwipete", KIWI, ARB_STANDARD);
    round_trip_all("notation.roundtrip.promotions", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                   ARB_STANDARD);
    round_trip_all("notation.roundtrip.black_promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", ARB_STANDARD);
    round_trip_all("notation.roundtrip.960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                   ARB_CHESS960);
    round_trip_all("notation.roundtrip.three_queens", three_queens, ARB_STANDARD);
    return harness_finish();
}
