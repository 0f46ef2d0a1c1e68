/* Soundness of validation (FIDE 3.10.3): every position reached by legal play validates, with
 * no problem. The positions: every game under tests/data/pgn (each ply of the main line), every
 * perft suite position and its children, and random playouts from the standard start and from
 * Chess960 starts, and playouts that move only knights, bishops and queens (pawns, kings and rooks
 * stay home). `test_reachable [PLAYOUTS]`: playouts per kind (default 2000; the slow suite runs
 * 50000 of each, 150k in all). A refusal prints the FEN and the reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "harness.h"

static long checked, refused;

static void expect_valid(const arb_position *pos, const char *where)
{
    char fen[ARB_FEN_MAX];
    arb_position_fen(pos, fen, sizeof fen);
    arb_reason r[ARB_EXPLAIN_MAX];
    int n = arb_validate(fen, (arb_variant)pos->variant, r, ARB_EXPLAIN_MAX);
    checked++;
    if (n != 0) {
        refused++;
        if (refused <= 20)
            CHECK_MSG(0, "%s: reached by legal play but refused (%s): %s", where, arb_reason_name(r[0].code), fen);
    }
}

static void games_in(const char *file)
{
    FILE *f = fopen(harness_data_path(file), "rb");
    CHECK_MSG(f != NULL, "cannot open %s", file);
    if (!f)
        return;
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    arb_pgn_reader rd;
    arb_pgn_options lenient = {false, false, true};
    arb_pgn_reader_init(&rd, text, len, &lenient);
    int games = 0;
    while (arb_pgn_next(&rd)) {
        arb_pgn_game g;
        arb_pgn_error err;
        if (arb_pgn_read(&rd, &g, &err) == ARB_OK) {
            for (int ply = 0; ply <= g.record.nplies; ply++)
                expect_valid(&g.record.positions[ply], file);
            games++;
        }
        arb_pgn_game_free(&g);
    }
    CHECK_MSG(games > 0, "%s: no game read", file);
}

/* The perft suites also hold constructed positions that no game reaches (they test move
 * generators, not legality). These are refused, each for a reason argued here; every other
 * root validates, and so does every position one move after it.
 * - CPW "position 4" and its mirror: White's pawns a7, b5, c4, e4 beside a2, d2, g2, h2 need at
 *   least 5 captures (a7 came from the b-file or beyond, pushing the others off theirs), but Black
 *   has lost one unit; and Black's b2 pawn needs a capture while White has lost none.
 * - four double checks no single move gives (two bishops on one colour, B6b/.../b6B; pieces whose
 *   lines no one move opens), two en passant squares with no double step behind them, one with
 *   a pawn structure no captures explain, a castling right without its king, and a side not to
 *   move in check: refused before issue 12 too.
 * - r3k2r/8/8/8/8/8/8/R3K2R KQkq, with either side to move: 26 units are gone, so there were
 *   captures, and the unit that made the last one would still stand; but the kings and rooks,
 *   holding every castling right, never moved (issue 22: the last capture leaves its capturer). */
static const char *const unreachable_roots[] = {
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
    "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1",
    "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1",
    "5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1",
    "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1",
    "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1",
    "1r1qk2r/5ppp/Q2p4/6R1/4P1bq/2N5/P1P5/4K1N1 b k - 0 23",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
};

static bool known_unreachable(const char *fen)
{
    for (size_t i = 0; i < sizeof unreachable_roots / sizeof unreachable_roots[0]; i++)
        if (strncmp(fen, unreachable_roots[i], strlen(unreachable_roots[i])) == 0)
            return true;
    return false;
}

static void perft_suite(const char *file, arb_variant v)
{
    FILE *f = fopen(harness_data_path(file), "r");
    CHECK_MSG(f != NULL, "cannot open %s", file);
    if (!f)
        return;
    char line[512];
    int roots = 0;
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (line[0] == '#' || !semi)
            continue;
        *semi = '\0';
        arb_position pos;
        if (known_unreachable(line)) {
            arb_reason r[ARB_EXPLAIN_MAX];
            CHECK_MSG(arb_validate(line, v, r, ARB_EXPLAIN_MAX) > 0, "%s: constructed, yet valid: %s", file, line);
            continue;
        }
        if (arb_position_from_fen(&pos, line, v, NULL) != ARB_OK) {
            CHECK_MSG(0, "%s: does not parse: %s", file, line);
            continue;
        }
        roots++;
        expect_valid(&pos, file);
        arb_move moves[ARB_MAX_MOVES];
        int n = arb_legal_moves(&pos, moves);
        for (int i = 0; i < n; i++) {
            arb_position child = pos;
            arb_position_play(&child, moves[i]);
            expect_valid(&child, file);
        }
    }
    fclose(f);
    CHECK_MSG(roots > 100, "%s: only %d positions", file, roots);
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static unsigned next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

/* A random game: uniformly random legal moves until the game cannot go on or 300 plies. */
static void playouts(long count, bool chess960)
{
    for (long i = 0; i < count; i++) {
        arb_position pos;
        if (chess960)
            arb_position_chess960(&pos, (int)(next_random() % 960));
        else
            arb_position_start(&pos);
        for (int ply = 0; ply < 300; ply++) {
            expect_valid(&pos, chess960 ? "chess960 playout" : "standard playout");
            arb_move moves[ARB_MAX_MOVES];
            int n = arb_legal_moves(&pos, moves);
            if (n == 0)
                break;
            arb_position_play(&pos, moves[next_random() % (unsigned)n]);
        }
    }
}

/* Playouts that keep the pawns, kings and rooks home: random moves of the knights, bishops and
 * queens only (any legal move when none of theirs is legal), so the walls of unmoved units stay
 * up while captures happen. Every such position is reached by legal play, so no rule may refuse
 * it; the rule that the last capture leaves its capturer on the board meets here the positions
 * closest to its limit (a few mobile units left among walls, the last capturer among them). */
static void playouts_pieces_only(long count)
{
    for (long i = 0; i < count; i++) {
        arb_position pos;
        arb_position_start(&pos);
        for (int ply = 0; ply < 200; ply++) {
            expect_valid(&pos, "pieces-only playout");
            arb_move moves[ARB_MAX_MOVES], pieces[ARB_MAX_MOVES];
            int n = arb_legal_moves(&pos, moves), k = 0;
            if (n == 0)
                break;
            for (int m = 0; m < n; m++) {
                arb_piece_type t = ARB_PIECE_TYPE(pos.board[ARB_MOVE_FROM(moves[m])]);
                if (t == ARB_KNIGHT || t == ARB_BISHOP || t == ARB_QUEEN)
                    pieces[k++] = moves[m];
            }
            arb_position_play(&pos, k ? pieces[next_random() % (unsigned)k] : moves[next_random() % (unsigned)n]);
        }
    }
}

/* tests/data/retrograde-texts.txt: the first problem of each FEN rendered exactly. */
static void retrograde_texts(void)
{
    FILE *f = fopen(harness_data_path("retrograde-texts.txt"), "r");
    CHECK_MSG(f != NULL, "cannot open retrograde-texts.txt");
    if (!f)
        return;
    char line[4096];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        char *a = strstr(line, " | "), *b = a ? strstr(a + 3, " | ") : NULL;
        if (line[0] == '#' || !b)
            continue;
        *a = *b = '\0';
        char *lang = a + 3, *want = b + 3;
        want[strcspn(want, "\n")] = '\0';
        arb_reason r[ARB_EXPLAIN_MAX];
        char got[2048] = "";
        const char *fen = line;
        arb_variant v = ARB_STANDARD;
        if (strncmp(fen, "chess960 ", 9) == 0)
            fen += 9, v = ARB_CHESS960;
        if (arb_validate(fen, v, r, ARB_EXPLAIN_MAX) > 0)
            arb_reason_render(&r[0], lang, got, sizeof got);
        CHECK_MSG(strcmp(got, want) == 0, "%s (%s):\n  got  %s\n  want %s", line, lang, got, want);
        cases++;
    }
    fclose(f);
    CHECK_MSG(cases >= 27, "only %d cases", cases);
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? atol(argv[1]) : 2000;
    if (getenv("REACHABLE_ONLY_PLAYOUTS"))
        goto play;
    harness_begin("retrograde.texts");
    retrograde_texts();
    harness_begin("reachable.pgn_games");
    games_in("pgn/classics.pgn");
    games_in("pgn/constructed.pgn");
    games_in("pgn/malformed.pgn");
    games_in("pgn/lenient.pgn");
    harness_begin("reachable.perft_suites");
    perft_suite("perft-standard.epd", ARB_STANDARD);
    perft_suite("perft-chess960.epd", ARB_CHESS960);
play:
    harness_begin("reachable.playouts");
    playouts(count, false);
    playouts(count, true);
    playouts_pieces_only(count);
    CHECK_INT(refused, 0);
    printf("%ld positions reached by play validated, %ld refused (%ld playouts of each kind)\n", checked, refused,
           count);
    return harness_finish();
}
