/* Properties of the explanations checked against the move generator: a move is explained as
 * legal exactly when it is legal, castling is "allowed" exactly when the castling move is
 * legal, positions reached by legal play validate, and malformed input never crashes. */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

static const struct {
    const char *fen;
    arb_variant variant;
} positions[] = {
    {ARB_START_FEN, ARB_STANDARD},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ARB_STANDARD},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ARB_STANDARD},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", ARB_STANDARD},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", ARB_STANDARD},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", ARB_STANDARD},
    {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", ARB_STANDARD},
    {"4k3/8/8/8/1b6/2N5/8/r3K3 w - - 0 1", ARB_STANDARD},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ARB_STANDARD},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", ARB_CHESS960},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", ARB_CHESS960},
    {"1r1k2r1/8/8/8/8/8/8/1R1K2R1 w GBgb - 0 1", ARB_CHESS960},
    {"4k3/8/8/8/8/8/8/rRK5 w B - 0 1", ARB_CHESS960},
    /* Issue 12: attacked squares named that the king or the castled rook shields. */
    {"4k3/8/8/8/8/8/8/r3K2R w K - 0 1", ARB_STANDARD},
    {"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", ARB_STANDARD},
    {"1k6/8/8/8/8/8/8/rK5R w K - 0 81", ARB_CHESS960},
    {"4k3/8/8/8/8/8/8/rR3K2 w B - 0 1", ARB_CHESS960},
};

/* Is (from, to, promo) one of the legal moves, as a user would write it? */
static bool listed(const arb_position *pos, const arb_move *moves, int n, int from, int to, arb_piece_type promo)
{
    for (int i = 0; i < n; i++) {
        arb_move m = moves[i];
        if (ARB_MOVE_FROM(m) != from)
            continue;
        if (ARB_MOVE_KIND(m) == ARB_MOVE_CASTLE) {
            int back = ARB_RANK(from);
            int kto = ARB_SQ(ARB_MOVE_TO(m) > from ? 6 : 2, back);
            bool ok = ARB_MOVE_TO(m) == to || (pos->variant == ARB_STANDARD && to == kto);
            if (ok && promo == ARB_NO_TYPE)
                return true;
            continue;
        }
        if (ARB_MOVE_TO(m) != to)
            continue;
        arb_piece_type p = ARB_MOVE_IS_PROMO(m) ? ARB_MOVE_PROMO_TYPE(m) : ARB_NO_TYPE;
        if (p == promo)
            return true;
    }
    return false;
}

/* The squares of a castling reason are true of the board: a square the king crosses is
 * attacked before castling, the square it lands on after castling (king and rook moved). */
static void check_castling_squares(const arb_position *pos, int side, const arb_reason *r, int k, const char *where)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    int ks = pos->king_square[us], rs = pos->castle_rook[us][side];
    int kto = ARB_SQ(side == ARB_KINGSIDE ? 6 : 2, ARB_RANK(ks)), rto = kto + (side == ARB_KINGSIDE ? -1 : 1);
    arb_bitboard occ = arb_occupied(pos), after = occ;
    if (rs != ARB_NO_SQUARE)
        after = (occ & ~(1ull << ks) & ~(1ull << rs)) | (1ull << kto) | (1ull << rto);
    for (int i = 0; i < k && i < ARB_EXPLAIN_MAX; i++) {
        bool crossing = r[i].code == ARB_R_castling_through_attack;
        bool landing = r[i].code == ARB_R_castling_into_attack || r[i].code == ARB_R_castling_attack_uncovered;
        if (!crossing && !landing)
            continue;
        int sq = r[i].squares[0], by = r[i].squares[1];
        arb_bitboard att = arb_attackers(pos, sq, them, crossing ? occ : after);
        CHECK_MSG(att & (1ull << by), "%s: %s names %d attacked by %d, which is not true %s castling", where,
                  arb_reason_name(r[i].code), sq, by, crossing ? "before" : "after");
        CHECK_MSG(!landing || sq == kto, "%s: %s names %d, not where the king lands", where, arb_reason_name(r[i].code), sq);
    }
}

static int check_every_move(const arb_position *pos, const char *where)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves), bad = 0;
    arb_reason r[ARB_EXPLAIN_MAX];
    for (int from = 0; from < 64; from++) {
        for (int to = 0; to < 64; to++) {
            for (int promo = ARB_NO_TYPE; promo <= ARB_KING; promo++) {
                int k = arb_explain_move(pos, NULL, from, to, (arb_piece_type)promo, r, ARB_EXPLAIN_MAX);
                bool legal = listed(pos, moves, n, from, to, (arb_piece_type)promo);
                if ((k == 0) != legal && bad++ < 5)
                    CHECK_MSG(0, "%s: %d->%d promo %d: explain gives %d reasons (%s), legal=%d", where, from, to,
                              promo, k, k > 0 ? arb_reason_name(r[0].code) : "-", legal);
                if (k > ARB_EXPLAIN_MAX && bad++ < 5)
                    CHECK_MSG(0, "%s: %d reasons exceed ARB_EXPLAIN_MAX", where, k);
            }
        }
    }
    /* Castling: allowed exactly when the castling move is legal, for the side to move. */
    for (int side = 0; side < 2; side++) {
        bool legal = false;
        for (int i = 0; i < n; i++)
            if (ARB_MOVE_KIND(moves[i]) == ARB_MOVE_CASTLE && (ARB_MOVE_TO(moves[i]) > ARB_MOVE_FROM(moves[i])) ==
                                                                     (side == ARB_KINGSIDE))
                legal = true;
        int k = arb_explain_castling(pos, NULL, (arb_color)pos->side, side, r, ARB_EXPLAIN_MAX);
        CHECK_MSG((k == 0) == legal, "%s: castling side %d: %d reasons, legal=%d", where, side, k, legal);
        check_castling_squares(pos, side, r, k, where);
    }
    CHECK(bad == 0);
    return bad;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static unsigned next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

/* Random legal games: every position validates, its state matches the move count, mates and
 * stalemates are explained, and sampled moves agree with the generator. */
static void random_games(void)
{
    harness_begin("explain.random_games");
    int mates = 0, stalemates = 0, positions_seen = 0;
    for (int game = 0; game < 60; game++) {
        arb_position pos;
        if (game % 3 == 2)
            arb_position_chess960(&pos, (int)(next_random() % 960));
        else
            arb_position_start(&pos);
        for (int ply = 0; ply < 160; ply++) {
            char fen[ARB_FEN_MAX];
            arb_position_fen(&pos, fen, sizeof fen);
            arb_reason r[ARB_EXPLAIN_MAX];
            int problems = arb_validate(fen, (arb_variant)pos.variant, r, ARB_EXPLAIN_MAX);
            CHECK_MSG(problems == 0, "reached by legal play but %d problems (%s): %s", problems,
                      problems > 0 ? arb_reason_name(r[0].code) : "", fen);
            positions_seen++;
            arb_move moves[ARB_MAX_MOVES];
            int n = arb_legal_moves(&pos, moves);
            arb_state st = arb_position_state(&pos);
            int k = arb_explain_status(&pos, r, ARB_EXPLAIN_MAX);
            if (n == 0) {
                CHECK(st == ARB_STATE_CHECKMATE || st == ARB_STATE_STALEMATE);
                CHECK(k > 0 && k <= ARB_EXPLAIN_MAX);
                CHECK_INT(r[0].code, st == ARB_STATE_CHECKMATE ? ARB_R_checkmate : ARB_R_stalemate);
                mates += st == ARB_STATE_CHECKMATE;
                stalemates += st == ARB_STATE_STALEMATE;
                break;
            }
            CHECK(st == (arb_in_check(&pos) ? ARB_STATE_CHECK : ARB_STATE_ONGOING));
            /* Sampled moves: legal iff explained as legal. */
            for (int s = 0; s < 40; s++) {
                int from = (int)(next_random() % 64), to = (int)(next_random() % 64);
                if (s < n && s < 10) {
                    from = ARB_MOVE_FROM(moves[s]);
                    to = ARB_MOVE_TO(moves[s]);
                }
                int kk = arb_explain_move(&pos, NULL, from, to, ARB_NO_TYPE, r, ARB_EXPLAIN_MAX);
                CHECK_MSG((kk == 0) == listed(&pos, moves, n, from, to, ARB_NO_TYPE), "%s: %d->%d: %d reasons", fen,
                          from, to, kk);
            }
            arb_position_play(&pos, moves[next_random() % (unsigned)n]);
        }
    }
    printf("%d positions from random games, %d mates, %d stalemates\n", positions_seen, mates, stalemates);
}

static void malformed(void)
{
    harness_begin("explain.malformed");
    arb_reason r[ARB_EXPLAIN_MAX];
    arb_position pos;
    arb_position_start(&pos);
    CHECK_INT(arb_explain_move(&pos, NULL, -1, 12, ARB_NO_TYPE, r, ARB_EXPLAIN_MAX), -1);
    CHECK_INT(arb_explain_move(&pos, NULL, 12, 64, ARB_NO_TYPE, r, ARB_EXPLAIN_MAX), -1);
    CHECK_INT(arb_explain_move(&pos, NULL, 12, 28, (arb_piece_type)9, r, ARB_EXPLAIN_MAX), -1);
    CHECK_INT(arb_explain_move(NULL, NULL, 12, 28, ARB_NO_TYPE, r, ARB_EXPLAIN_MAX), -1);
    CHECK_INT(arb_explain_castling(&pos, NULL, (arb_color)2, 0, r, ARB_EXPLAIN_MAX), -1);
    CHECK_INT(arb_explain_castling(&pos, NULL, ARB_WHITE, 5, r, ARB_EXPLAIN_MAX), -1);
    /* No buffer: the count only. */
    CHECK_INT(arb_explain_move(&pos, NULL, 0, 56, ARB_NO_TYPE, NULL, 0), 2);
    CHECK_INT(arb_explain_castling(&pos, NULL, ARB_WHITE, ARB_QUEENSIDE, NULL, 0), 3);
    CHECK_INT(arb_explain_castling(&pos, NULL, ARB_WHITE, ARB_QUEENSIDE, r, 1), 3);
    CHECK_INT(r[0].code, ARB_R_castling_path_blocked);
    /* Text moves. */
    CHECK_INT(arb_explain_text(&pos, NULL, NULL, NULL, r, ARB_EXPLAIN_MAX), 1);
    CHECK_INT(r[0].code, ARB_R_san_malformed);
    CHECK_INT(arb_explain_text(&pos, NULL, "", NULL, r, ARB_EXPLAIN_MAX), 1);
    char big[4096];
    memset(big, 'N', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    CHECK_INT(arb_explain_text(&pos, NULL, big, NULL, r, ARB_EXPLAIN_MAX), 1);
    CHECK_INT(r[0].code, ARB_R_san_malformed);
    const char *junk[] = {"\xff\xfe", "e2e4e4", "N", "Nxx", "=Q", "e8=", "O-O-O-O", "exd", "a0a1", "e7e8x", "\t", "++"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        int k = arb_explain_text(&pos, NULL, junk[i], NULL, r, ARB_EXPLAIN_MAX);
        CHECK_MSG(k >= 1 && k <= ARB_EXPLAIN_MAX, "'%s': %d reasons", junk[i], k);
    }
    /* A history that does not lead to the position is ignored. */
    arb_game g;
    arb_game_init(&g, &pos);
    arb_position other;
    arb_reason why;
    arb_position_from_fen(&other, "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", ARB_STANDARD, &why);
    CHECK_INT(arb_explain_castling(&other, &g, ARB_WHITE, ARB_KINGSIDE, r, ARB_EXPLAIN_MAX), 1);
    CHECK_INT(r[0].code, ARB_R_castling_right_lost);
    arb_game_free(&g);
    /* Validation of junk. */
    CHECK_INT(arb_validate(NULL, ARB_STANDARD, r, ARB_EXPLAIN_MAX), 1);
    CHECK_INT(r[0].code, ARB_R_fen_empty);
    CHECK_INT(arb_validate(big, ARB_STANDARD, r, ARB_EXPLAIN_MAX), 1);
    CHECK_INT(r[0].code, ARB_R_fen_too_long);
    CHECK_INT(arb_validate("8/8/8/8/8/8/8/8 w - - 0 1\n", ARB_STANDARD, r, ARB_EXPLAIN_MAX), 1);
    CHECK_INT(r[0].code, ARB_R_fen_bad_character);
    const char *fens[] = {"", " ", "////////", "8/8/8/8/8/8/8/8", "k7/8/8/8/8/8/8/K7 w KQkqKQkq - 0 1",
                          "k7/8/8/8/8/8/8/K7 w - - 99999 1", "k7/8/8/8/8/8/8/K7 w - - 0 1 2 3 4 5 6 7 8 9",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ABCDEFGHabcdefgh a1 0 1",
                          "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK b - - 0 1",
                          "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqkK w - - 0 1"};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        int k = arb_validate(fens[i], ARB_STANDARD, r, ARB_EXPLAIN_MAX);
        CHECK_MSG(k >= 1, "'%s' validated", fens[i]);
        k = arb_validate(fens[i], ARB_CHESS960, r, 2);
        CHECK_MSG(k >= 1, "'%s' validated (960)", fens[i]);
    }
    /* Status of a board without kings is not an error. */
    arb_position empty;
    arb_position_from_fen_unchecked(&empty, "8/8/8/8/8/8/8/8 w - - 0 1", ARB_STANDARD, &why);
    CHECK_INT(arb_explain_status(&empty, r, ARB_EXPLAIN_MAX), 0);
    CHECK_INT(arb_explain_castling(&empty, NULL, ARB_WHITE, 0, r, ARB_EXPLAIN_MAX), 1);
    CHECK(arb_castling_reason_permanent(ARB_R_castling_king_moved));
    CHECK(!arb_castling_reason_permanent(ARB_R_castling_in_check));
    CHECK(!arb_castling_reason_permanent(ARB_R_pinned));
    CHECK_STR(arb_state_name(ARB_STATE_CHECKMATE), "checkmate");
}

int main(void)
{
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        char name[48];
        snprintf(name, sizeof name, "explain.every_move.%zu", i);
        harness_begin(name);
        arb_position pos;
        arb_reason why;
        CHECK_MSG(arb_position_from_fen(&pos, positions[i].fen, positions[i].variant, &why) == ARB_OK, "%s",
                  positions[i].fen);
        check_every_move(&pos, positions[i].fen);
    }
    random_games();
    malformed();
    return harness_finish();
}
