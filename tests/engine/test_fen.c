/* FEN, X-FEN and Shredder-FEN: canonical output, round trips, Chess960 start positions, and
 * malformed input rejected with the right code, field and offset. */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

static void round_trip(const char *name, const char *fen, arb_variant v, const char *canonical)
{
    arb_position pos, again;
    arb_reason why;
    char out[ARB_FEN_MAX], out2[ARB_FEN_MAX];
    harness_begin(name);
    arb_status st = arb_position_from_fen(&pos, fen, v, &why);
    CHECK_MSG(st == ARB_OK, "'%s' rejected: %s", fen, arb_reason_name(why.code));
    if (st != ARB_OK)
        return;
    arb_position_fen(&pos, out, sizeof out);
    CHECK_STR(out, canonical);
    CHECK_INT(arb_position_from_fen(&again, out, v, NULL), ARB_OK);
    arb_position_fen(&again, out2, sizeof out2);
    CHECK_STR(out2, out);
    CHECK(again.key == pos.key);
}

struct bad {
    const char *name, *fen;
    arb_reason_code code;
    int field, offset;
    arb_variant variant;
};

/* Each malformed FEN with the code, field (0 board .. 5 fullmove, -1: not checked) and 0-based
 * offset (-1: not checked) the parser must report. */
static const struct bad bad_fens[] = {
    {"empty", "", ARB_R_fen_empty, 0, 0, ARB_STANDARD},
    {"blank", "   ", ARB_R_fen_empty, 0, 0, ARB_STANDARD},
    {"bad_piece_x", "rnbqkbnr/pppppppp/8/8/4x3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_bad_piece, 0, 23, ARB_STANDARD},
    {"bad_piece_tilde", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN~ w KQkq - 0 1", ARB_R_fen_bad_piece, 0, 42, ARB_STANDARD},
    {"bad_piece_utf8", "rnbqkbnr/pppppppp/8/8/\xc3\xa9" "4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_bad_piece, 0, 22, ARB_STANDARD},
    {"digit_zero", "rnbqkbnr/pppppppp/8/8/08/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_bad_digit, 0, 22, ARB_STANDARD},
    {"digit_nine", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_bad_digit, 0, 18, ARB_STANDARD},
    {"rank_nine_squares", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_rank_too_long, 0, 9, ARB_STANDARD},
    {"rank_digit_overflow", "rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_rank_too_long, 0, 18, ARB_STANDARD},
    {"rank_seven_squares", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_rank_too_short, 0, 9, ARB_STANDARD},
    {"rank_empty", "rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_rank_too_short, 0, 9, ARB_STANDARD},
    {"last_rank_short", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", ARB_R_fen_rank_too_short, 0, 35, ARB_STANDARD},
    {"nine_ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_too_many_ranks, 0, 36, ARB_STANDARD},
    {"seven_ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_too_few_ranks, 0, 41, ARB_STANDARD},
    {"trailing_slash", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", ARB_R_fen_too_many_ranks, 0, 43, ARB_STANDARD},
    {"board_only", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ARB_R_fen_missing_field, 1, 43, ARB_STANDARD},
    {"no_castling_field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", ARB_R_fen_missing_field, 2, 45, ARB_STANDARD},
    {"no_ep_field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", ARB_R_fen_missing_field, 3, 50, ARB_STANDARD},
    {"side_x", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ARB_R_fen_bad_side, 1, 44, ARB_STANDARD},
    {"side_upper", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", ARB_R_fen_bad_side, 1, 44, ARB_STANDARD},
    {"side_word", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", ARB_R_fen_bad_side, 1, 44, ARB_STANDARD},
    {"castling_bad_letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", ARB_R_fen_bad_castling, 2, 48, ARB_STANDARD},
    {"castling_dash_then_letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1", ARB_R_fen_bad_castling, 2, 47, ARB_STANDARD},
    {"castling_repeated", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", ARB_R_fen_castling_repeated, 2, 47, ARB_STANDARD},
    {"castling_no_rook_h1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", ARB_R_fen_castling_no_rook, 2, 46, ARB_STANDARD},
    {"castling_no_rook_a8", "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_fen_castling_no_rook, 2, 49, ARB_STANDARD},
    {"castling_king_moved", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", ARB_R_fen_castling_no_king, 2, 46, ARB_STANDARD},
    {"castling_king_off_e1_standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1", ARB_R_fen_castling_no_king, 2, 46, ARB_STANDARD},
    {"castling_file_no_rook", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqC - 0 1", ARB_R_fen_castling_no_rook, 2, 50, ARB_CHESS960},
    {"castling_960_no_outer_rook", "rk6/8/8/8/8/8/8/1K5R w Q - 0 1", ARB_R_fen_castling_no_rook, 2, 23, ARB_CHESS960},
    {"ep_bad_syntax", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", ARB_R_fen_bad_ep, 3, 51, ARB_STANDARD},
    {"ep_word", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq none 0 1", ARB_R_fen_bad_ep, 3, 51, ARB_STANDARD},
    {"ep_upper", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 2", ARB_R_fen_bad_ep, 3, 53, ARB_STANDARD},
    {"ep_wrong_rank", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2", ARB_R_fen_ep_wrong_rank, 3, 53, ARB_STANDARD},
    {"ep_no_pawn", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", ARB_R_fen_ep_no_pawn, 3, 51, ARB_STANDARD},
    {"ep_occupied_origin", "rnbqkbnr/pppppppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2", ARB_R_fen_ep_occupied, 3, 53, ARB_STANDARD},
    {"halfmove_negative", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", ARB_R_fen_bad_number, 4, 53, ARB_STANDARD},
    {"halfmove_letters", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", ARB_R_fen_bad_number, 4, 53, ARB_STANDARD},
    {"halfmove_huge", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", ARB_R_fen_bad_number, 4, 53, ARB_STANDARD},
    {"fullmove_letters", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", ARB_R_fen_bad_number, 5, 55, ARB_STANDARD},
    {"fullmove_decimal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", ARB_R_fen_bad_number, 5, 55, ARB_STANDARD},
    {"extra_field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", ARB_R_fen_extra_field, -1, 57, ARB_STANDARD},
    {"control_char", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", ARB_R_fen_bad_character, 0, 56, ARB_STANDARD},
    {"missing_white_king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", ARB_R_missing_king, -1, -1, ARB_STANDARD},
    {"two_black_kings", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNk w Q - 0 1", ARB_R_too_many_kings, -1, -1, ARB_STANDARD},
    {"empty_board", "8/8/8/8/8/8/8/8 w - - 0 1", ARB_R_missing_king, -1, -1, ARB_STANDARD},
    {"pawn_on_first_rank", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", ARB_R_pawn_on_back_rank, -1, -1, ARB_STANDARD},
    {"pawn_on_eighth_rank", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", ARB_R_pawn_on_back_rank, -1, -1, ARB_STANDARD},
    {"side_not_to_move_in_check", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", ARB_R_opposite_check, -1, -1, ARB_STANDARD},
    {"kings_adjacent", "8/8/8/3kK3/8/8/8/8 w - - 0 1", ARB_R_kings_adjacent, /* a king gives no check */ -1, -1, ARB_STANDARD},
    /* 263 legal moves: overflowed every 256-move buffer (2026-12 sandbox review, §2.2). */
    {"too_many_pieces", "QQQQQQrk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", ARB_R_too_many_pieces, -1, -1, ARB_STANDARD},
    {"too_many_pieces_960", "QQQQQQrk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", ARB_R_too_many_pieces, -1, -1, ARB_CHESS960},
    {"seventeen_pieces", "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ARB_R_too_many_pieces, -1, -1, ARB_STANDARD},
};

static void test_bad_fens(void)
{
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        const struct bad *b = &bad_fens[i];
        char name[96];
        snprintf(name, sizeof name, "fen.reject.%s", b->name);
        harness_begin(name);
        arb_position pos;
        arb_reason why;
        arb_status st = arb_position_from_fen(&pos, b->fen, b->variant, &why);
        CHECK_MSG(st != ARB_OK, "accepted");
        if (st == ARB_OK)
            continue;
        CHECK_STR(arb_reason_name(why.code), arb_reason_name(b->code));
        if (b->field >= 0)
            CHECK_INT(why.field, b->field);
        if (b->offset >= 0)
            CHECK_INT(why.offset, b->offset);
        char text[512];
        for (const char *const *lang = arb_languages(); *lang; lang++)
            CHECK_MSG(arb_reason_render(&why, *lang, text, sizeof text) > 0 && text[0], "no %s text", *lang);
    }
    CHECK_MSG(sizeof bad_fens / sizeof bad_fens[0] >= 40, "at least 40 kinds of malformed FEN");
}

static void test_oversized_and_null(void)
{
    harness_begin("fen.reject.oversized");
    size_t n = 1 << 20;
    char *huge = malloc(n + 1);
    memset(huge, '8', n);
    huge[n] = '\0';
    arb_position pos;
    arb_reason why;
    CHECK_INT(arb_position_from_fen(&pos, huge, ARB_STANDARD, &why), ARB_ERR_SYNTAX);
    CHECK_STR(arb_reason_name(why.code), "fen_too_long");
    free(huge);
    harness_begin("fen.reject.null");
    CHECK_INT(arb_position_from_fen(&pos, NULL, ARB_STANDARD, &why), ARB_ERR_SYNTAX);
    CHECK_INT(arb_position_from_fen(&pos, "8/8/8/8/8/8/8/8 w - -", ARB_STANDARD, NULL), ARB_ERR_ILLEGAL);
}

/* Every prefix and every single-byte corruption of a valid FEN must be handled (status + reason). */
static void test_mutations(void)
{
    harness_begin("fen.fuzz.prefixes_and_bytes");
    const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    char buf[128];
    size_t len = strlen(fen);
    int handled = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        memcpy(buf, fen, cut);
        buf[cut] = '\0';
        arb_position pos;
        arb_reason why = arb_reason_make(ARB_R_fen_empty);
        arb_status st = arb_position_from_fen(&pos, buf, ARB_STANDARD, &why);
        handled += st == ARB_OK || why.code < ARB_REASON_COUNT;
    }
    static const char bytes[] = {'/', ' ', '0', '9', 'K', 'k', 'P', 'x', '-', '\t', '\x7f', '\xff'};
    for (size_t at = 0; at < len; at++)
        for (size_t b = 0; b < sizeof bytes; b++) {
            memcpy(buf, fen, len + 1);
            buf[at] = bytes[b];
            arb_position pos;
            arb_reason why = arb_reason_make(ARB_R_fen_empty);
            arb_status st = arb_position_from_fen(&pos, buf, ARB_STANDARD, &why);
            if (st == ARB_OK) {
                /* Whatever was accepted must be playable and print back to an accepted FEN. */
                char out[ARB_FEN_MAX];
                arb_position again;
                arb_position_fen(&pos, out, sizeof out);
                CHECK_MSG(arb_position_from_fen(&again, out, ARB_STANDARD, NULL) == ARB_OK, "%s", out);
                arb_move moves[ARB_MAX_MOVES];
                CHECK(arb_legal_moves(&pos, moves) >= 0);
            }
            handled += st == ARB_OK || why.code < ARB_REASON_COUNT;
        }
    CHECK_INT(handled, (int)(len + 1 + len * sizeof bytes));
}

static void test_chess960_starts(void)
{
    harness_begin("fen.chess960.numbering");
    arb_position pos;
    char fen[ARB_FEN_MAX];
    CHECK_INT(arb_position_chess960(&pos, 518), ARB_OK);
    arb_position_fen(&pos, fen, sizeof fen);
    CHECK_STR(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK_INT(arb_position_chess960(&pos, 0), ARB_OK);
    arb_position_fen(&pos, fen, sizeof fen);
    CHECK_STR(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    CHECK_INT(arb_position_chess960(&pos, 959), ARB_OK);
    arb_position_fen(&pos, fen, sizeof fen);
    CHECK_STR(fen, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    CHECK_INT(arb_position_chess960(&pos, -1), ARB_ERR_RANGE);
    CHECK_INT(arb_position_chess960(&pos, 960), ARB_ERR_RANGE);

    harness_begin("fen.chess960.all_distinct_and_valid");
    int ok = 0;
    static uint64_t keys[960];
    for (int n = 0; n < 960; n++) {
        arb_position p, q;
        arb_position_chess960(&p, n);
        arb_position_fen(&p, fen, sizeof fen);
        keys[n] = p.key;
        /* King between the rooks, bishops on opposite colours, black mirrors white. */
        int k = p.king_square[ARB_WHITE];
        bool between = p.castle_rook[0][ARB_QUEENSIDE] < k && k < p.castle_rook[0][ARB_KINGSIDE];
        arb_bitboard b = p.by_type[ARB_BISHOP] & p.by_color[ARB_WHITE];
        int b1 = __builtin_ctzll(b), b2 = 63 - __builtin_clzll(b);
        bool colors = (b1 + b2) % 2 == 1;
        bool mirror = true;
        for (int f = 0; f < 8; f++)
            mirror &= ARB_PIECE_TYPE(p.board[f]) == ARB_PIECE_TYPE(p.board[56 + f]);
        ok += between && colors && mirror && arb_position_from_fen(&q, fen, ARB_CHESS960, NULL) == ARB_OK &&
              q.key == p.key && arb_count_legal_moves(&p) >= 18;
    }
    CHECK_INT(ok, 960);
    int dup = 0;
    for (int i = 0; i < 960; i++)
        for (int j = i + 1; j < 960; j++)
            dup += keys[i] == keys[j];
    CHECK_INT(dup, 0);
}

/* A Chess960 position sent as standard chess gets the hint (issue 24 §3, trial row 20). */
static void test_chess960_hint(void)
{
    static const char *const shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    arb_reason hint, rs[ARB_VALIDATE_MAX];
    harness_begin("fen.chess960_hint.shredder_fen_as_standard");
    CHECK(arb_fen_chess960_hint(shredder, ARB_STANDARD, &hint));
    CHECK_INT(hint.code, ARB_R_fen_chess960_hint);
    int n = arb_validate(shredder, ARB_STANDARD, rs, ARB_VALIDATE_MAX);
    CHECK(n > 1 && rs[0].code == ARB_R_fen_chess960_hint && rs[1].code != ARB_R_fen_chess960_hint);
    harness_begin("fen.chess960_hint.setup_without_rights");
    CHECK(arb_fen_chess960_hint("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1", ARB_STANDARD, NULL));
    harness_begin("fen.chess960_hint.not_when_it_is_no_help");
    CHECK(!arb_fen_chess960_hint(shredder, ARB_CHESS960, &hint));         /* already chess960 */
    CHECK(!arb_fen_chess960_hint(ARB_START_FEN, ARB_STANDARD, &hint));    /* valid as it is */
    CHECK(!arb_fen_chess960_hint("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", ARB_STANDARD, &hint)); /* invalid in both */
    CHECK(!arb_fen_chess960_hint("not a fen", ARB_STANDARD, &hint));
    CHECK_INT(arb_validate(shredder, ARB_CHESS960, rs, ARB_VALIDATE_MAX), 0);
}

int main(void)
{
    round_trip("fen.roundtrip.start", ARB_START_FEN, ARB_STANDARD, ARB_START_FEN);
    round_trip("fen.roundtrip.startpos", "startpos", ARB_STANDARD, ARB_START_FEN); /* as UCI writes it */
    round_trip("fen.roundtrip.startpos_960", "startpos", ARB_CHESS960, ARB_START_FEN);
    round_trip("fen.roundtrip.epd_four_fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
               ARB_STANDARD, ARB_START_FEN);
    round_trip("fen.roundtrip.extra_spaces", "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq  -  0  1 ",
               ARB_STANDARD, ARB_START_FEN);
    round_trip("fen.roundtrip.ep", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", ARB_STANDARD,
               "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    round_trip("fen.roundtrip.shredder_standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
               ARB_STANDARD, ARB_START_FEN);
    round_trip("fen.roundtrip.fullmove_zero", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", ARB_STANDARD, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    round_trip("fen.roundtrip.clocks", "4k3/8/8/8/8/8/8/4K3 b - - 99 170", ARB_STANDARD, "4k3/8/8/8/8/8/8/4K3 b - - 99 170");
    round_trip("fen.roundtrip.960_shredder", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
               ARB_CHESS960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /* An inner rook needs its file letter: the a-side right here is the c-file rook, not the a-file one. */
    round_trip("fen.roundtrip.960_inner_rook", "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1", ARB_CHESS960,
               "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1");
    round_trip("fen.roundtrip.960_xfen_letter", "1r2k1r1/8/8/8/8/8/8/R3K1RR w GAg - 0 1", ARB_CHESS960,
               "1r2k1r1/8/8/8/8/8/8/R3K1RR w GQk - 0 1");
    test_bad_fens();
    test_oversized_and_null();
    test_mutations();
    test_chess960_starts();
    test_chess960_hint();
    return harness_finish();
}
