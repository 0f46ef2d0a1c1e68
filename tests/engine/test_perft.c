/* Perft against published node counts (tests/data/perft-*.epd, sources in tests/data/README.md),
 * plus a FEN round trip of every position. Default run: each depth up to a node budget;
 * --deep: every published depth. Lines: FEN ;D1 n ;D2 n ... [;ID chess960-number]
 * [;REJECT code] — the last is ours: a published FEN that is not a legal position (e.g. a
 * castling right without its king), which the engine must refuse with that code. */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

static uint64_t budget = 2000000;


static bool in_list(const arb_move *moves, int n, arb_move m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* The masked generator and arb_is_legal agree with the full list: per moving piece, for every
 * from-to pair of the side to move (plus each legal move with its kind changed), and every legal
 * move's SAN parses back to it. At the root and after each root move. */
static void check_masked(const arb_position *pos, int depth)
{
    arb_move all[ARB_MAX_MOVES], some[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, all);
    arb_bitboard ours = pos->by_color[pos->side];
    for (arb_bitboard b = ours; b; b &= b - 1) {
        int from = __builtin_ctzll(b);
        int k = arb_legal_moves_between(pos, 1ull << from, ~0ull, some), want = 0;
        for (int i = 0; i < n; i++)
            want += ARB_MOVE_FROM(all[i]) == from;
        CHECK_INT(k, want);
        for (int i = 0; i < k; i++)
            CHECK(ARB_MOVE_FROM(some[i]) == from && in_list(all, n, some[i]));
        if (depth == 0)
            for (int to = 0; to < 64; to++) {
                arb_move m = ARB_MAKE_MOVE(from, to, ARB_MOVE_NORMAL);
                CHECK(arb_is_legal(pos, m) == in_list(all, n, m));
            }
    }
    for (int i = 0; i < n; i++) {
        CHECK(arb_is_legal(pos, all[i]));
        for (int kind = 0; kind < 8; kind++) {
            arb_move m = ARB_MAKE_MOVE(ARB_MOVE_FROM(all[i]), ARB_MOVE_TO(all[i]), kind);
            CHECK(arb_is_legal(pos, m) == in_list(all, n, m));
        }
        char san[16];
        arb_move back = ARB_MOVE_NONE;
        arb_move_san(pos, all[i], san, sizeof san);
        CHECK_MSG(arb_parse_san(pos, san, &back, NULL) == ARB_OK && back == all[i], "SAN %s", san);
        /* UCI both ways: as written (e1g1 for a standard castling) and as the king taking its
         * rook, which arb_parse_uci also accepts; a promotion without its letter is refused */
        char uci[8];
        back = ARB_MOVE_NONE;
        arb_move_uci(pos, all[i], uci, sizeof uci);
        CHECK_MSG(arb_parse_uci(pos, uci, &back, NULL) == ARB_OK && back == all[i], "UCI %s", uci);
        if (ARB_MOVE_KIND(all[i]) == ARB_MOVE_CASTLE) {
            arb_square_name(ARB_MOVE_FROM(all[i]), uci);
            arb_square_name(ARB_MOVE_TO(all[i]), uci + 2);
            uci[4] = '\0';
            back = ARB_MOVE_NONE;
            CHECK_MSG(arb_parse_uci(pos, uci, &back, NULL) == ARB_OK && back == all[i], "UCI %s", uci);
        }
        if (ARB_MOVE_IS_PROMO(all[i])) {
            uci[4] = '\0';
            CHECK_MSG(arb_parse_uci(pos, uci, &back, NULL) == ARB_ERR_ILLEGAL, "UCI %s without promotion", uci);
        }
        if (depth == 0) {
            arb_position child = *pos;
            arb_position_play(&child, all[i]);
            check_masked(&child, 1);
        }
    }
}

static void run_line(const char *file, int lineno, char *line, arb_variant variant)
{
    char *semi = strchr(line, ';');
    if (!semi)
        return;
    *semi = '\0';
    char name[160];
    snprintf(name, sizeof name, "perft.%s:%d", file, lineno);
    harness_begin(name);
    arb_position pos;
    arb_reason why;
    arb_status st = arb_position_from_fen(&pos, line, variant, &why);
    const char *reject = strstr(semi + 1, "REJECT ");
    if (reject) {
        char code[48] = "";
        sscanf(reject + 7, "%47s", code);
        CHECK_MSG(st != ARB_OK, "accepted, expected %s: %s", code, line);
        if (st != ARB_OK)
            CHECK_STR(arb_reason_name(why.code), code);
        return;
    }
    CHECK_MSG(st == ARB_OK, "FEN rejected (%s): %s", arb_reason_name(why.code), line);
    if (st != ARB_OK)
        return;

    /* Round trip: the canonical FEN parses back to the same position. */
    char fen[ARB_FEN_MAX], fen2[ARB_FEN_MAX];
    arb_position again;
    arb_position_fen(&pos, fen, sizeof fen);
    CHECK_INT(arb_position_from_fen(&again, fen, variant, NULL), ARB_OK);
    arb_position_fen(&again, fen2, sizeof fen2);
    CHECK_STR(fen2, fen);
    CHECK(again.key == pos.key);
    check_masked(&pos, 0);

    for (char *p = semi + 1; p && *p;) {
        while (*p == ' ' || *p == ';')
            p++;
        if (p[0] == 'D' && p[1] >= '1' && p[1] <= '9') {
            int depth = (int)strtol(p + 1, &p, 10);
            unsigned long long want = strtoull(p, &p, 10);
            if (want <= budget) {
                uint64_t got = arb_perft(&pos, depth);
                CHECK_MSG(got == want, "%s depth %d: %llu nodes, published %llu", fen, depth,
                          (unsigned long long)got, want);
            }
        } else if (strncmp(p, "ID", 2) == 0) {
            int n = (int)strtol(p + 2, &p, 10);
            arb_position start;
            CHECK_INT(arb_position_chess960(&start, n), ARB_OK);
            char sfen[ARB_FEN_MAX];
            arb_position_fen(&start, sfen, sizeof sfen);
            CHECK_MSG(start.key == pos.key, "Chess960 #%d is %s, the table says %s", n, sfen, fen);
        } else {
            p = strchr(p, ';');
        }
    }
}

static int run_file(const char *file, arb_variant variant)
{
    FILE *f = fopen(harness_data_path(file), "r");
    harness_begin(file);
    CHECK_MSG(f != NULL, "cannot open %s", harness_data_path(file));
    if (!f)
        return 0;
    char line[1024];
    int lineno = 0, positions = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        run_line(file, lineno, line, variant);
        positions++;
    }
    fclose(f);
    return positions;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--deep") == 0)
        budget = 1000000000; /* every published depth up to a billion nodes (minutes, not days) */
    int standard = run_file("perft-standard.epd", ARB_STANDARD);
    int fischer = run_file("perft-chess960.epd", ARB_CHESS960);
    harness_begin("perft.coverage");
    CHECK_MSG(standard >= 6, "%d standard positions", standard);
    CHECK_MSG(fischer >= 100, "%d Chess960 positions", fischer);
    printf("%d standard and %d Chess960 positions, node budget %llu per depth\n", standard, fischer,
           (unsigned long long)budget);

    /* The budget on perft's cost (its interior nodes, perft(depth - 1)): the published start
     * counts within it, a refusal past it, and the divide adding up. */
    harness_begin("perft.budgeted");
    {
        arb_position pos;
        arb_position_start(&pos);
        static arb_perft_result r;
        CHECK_INT(arb_perft_budgeted(&pos, 3, false, 400, &r), ARB_OK); /* perft(2) = 400 interior nodes */
        CHECK(r.nodes == 8902 && r.interior == 400);
        CHECK_INT(arb_perft_budgeted(&pos, 3, false, 399, &r), ARB_ERR_LIMIT);
        CHECK_INT(arb_perft_budgeted(&pos, 9, false, 100000, &r), ARB_ERR_LIMIT);
        CHECK_MSG(r.interior < 1000000, "refused after measuring %llu interior nodes", (unsigned long long)r.interior);
        CHECK_INT(arb_perft_budgeted(&pos, 2, true, 0, &r), ARB_OK);
        CHECK(r.divided && r.nmoves == 20 && r.nodes == 400);
        CHECK_INT(arb_perft_budgeted(&pos, -1, false, 0, &r), ARB_ERR_RANGE);
    }
    return harness_finish();
}
