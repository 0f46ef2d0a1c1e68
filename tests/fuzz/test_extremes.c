/* The extreme-position family through every engine entry point (issue 20 §1): the review's
 * 263-move board refused with the limit named, the parser's limit of 16 pieces a side exact,
 * and hill climbs toward the most legal moves in ten shapes of board, every board they visit
 * checked for move-list bounds and every final one driven through the whole engine. With
 * --print, climbs longer and prints the densest board of each shape (the first lines of
 * tests/data/extreme-positions.txt were made so). */
#include <stdlib.h>
#include <string.h>

#include "extreme.h"
#include "harness.h"

/* QQQQQQrk/...: 26 white queens, 263 legal moves; it overflowed every 256-move buffer. */
#define REVIEW_263 "QQQQQQrk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1"

static void test_parser_limit(void)
{
    harness_begin("extremes.review_263_refused");
    arb_position pos;
    arb_reason why;
    for (int v = 0; v < 2; v++) {
        CHECK_INT(arb_position_from_fen(&pos, REVIEW_263, (arb_variant)v, &why), ARB_ERR_ILLEGAL);
        CHECK_STR(arb_reason_name(why.code), "too_many_pieces");
        CHECK_INT(why.n, 27);
        CHECK_INT(why.piece, ARB_PIECE(ARB_WHITE, ARB_NO_TYPE));
        char text[512];
        arb_reason_render(&why, "en", text, sizeof text);
        CHECK_MSG(strstr(text, "27 pieces") && strstr(text, "16"), "the limit named: %s", text);
    }
    /* Validation lists it once, among the board's other problems. */
    arb_reason r[ARB_EXPLAIN_MAX];
    int n = arb_validate(REVIEW_263, ARB_STANDARD, r, ARB_EXPLAIN_MAX), seen = 0;
    for (int i = 0; i < n && i < ARB_EXPLAIN_MAX; i++)
        seen += r[i].code == ARB_R_too_many_pieces;
    CHECK_INT(seen, 1);

    harness_begin("extremes.sixteen_accepted_seventeen_refused");
    /* 16 a side is the limit: accepted; one more of either colour is refused. */
    const char *sixteen = ARB_START_FEN;
    CHECK_INT(arb_position_from_fen(&pos, sixteen, ARB_STANDARD, &why), ARB_OK);
    CHECK(arb_count_legal_moves(&pos) <= ARB_MAX_MOVES);
    const char *white17 = "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CHECK_INT(arb_position_from_fen(&pos, white17, ARB_STANDARD, &why), ARB_ERR_ILLEGAL);
    CHECK_STR(arb_reason_name(why.code), "too_many_pieces");
    CHECK_INT(why.n, 17);
    const char *black17 = "rnbqkbnr/pppppppp/8/4q3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    CHECK_INT(arb_position_from_fen(&pos, black17, ARB_STANDARD, &why), ARB_ERR_ILLEGAL);
    CHECK_STR(arb_reason_name(why.code), "too_many_pieces");
    CHECK_INT(why.piece, ARB_PIECE(ARB_BLACK, ARB_NO_TYPE));
}

/* The shared family file: each board accepted with its count and driven, or refused with the
 * code and piece count given; the review's board still has its 263 moves when counted unchecked
 * (counting writes no list). */
static void test_family_file(const char *path)
{
    FILE *f = fopen(path, "r");
    harness_begin("extremes.family_file");
    CHECK_MSG(f != NULL, "cannot read %s", path);
    if (!f)
        return;
    char line[512];
    int lines = 0;
    while (fgets(line, sizeof line, f)) {
        char name[64], variant[16], fen[256], answer[64];
        if (line[0] == '#' || sscanf(line, "%63[^ ] | %15[^ ] | %255[^|] | %63[^\n]", name, variant, fen, answer) != 4)
            continue;
        fen[strcspn(fen, "|")] = '\0';
        for (size_t n = strlen(fen); n && fen[n - 1] == ' ';)
            fen[--n] = '\0';
        char tname[96];
        snprintf(tname, sizeof tname, "extremes.file.%s", name);
        harness_begin(tname);
        lines++;
        arb_variant v = strcmp(variant, "chess960") == 0 ? ARB_CHESS960 : ARB_STANDARD;
        arb_position pos;
        arb_reason why;
        arb_status st = arb_position_from_fen(&pos, fen, v, &why);
        char code[48];
        int n = 0;
        if (sscanf(answer, "refused %47s %d", code, &n) == 2) {
            CHECK_INT(st, ARB_ERR_ILLEGAL);
            CHECK_STR(arb_reason_name(why.code), code);
            CHECK_INT(why.n, n);
            if (strcmp(name, "review_263") == 0) {
                CHECK_INT(arb_position_from_fen_unchecked(&pos, fen, v, NULL), ARB_OK);
                CHECK_INT(arb_count_legal_moves(&pos), 263);
            }
            continue;
        }
        CHECK_MSG(st == ARB_OK, "%s refused: %s", fen, arb_reason_name(why.code));
        if (st != ARB_OK)
            continue;
        CHECK_INT(arb_count_legal_moves(&pos), atoi(answer));
        const char *broken = ext_drive(&pos, 8);
        CHECK_MSG(!broken, "%s: %s", fen, broken ? broken : "");
    }
    fclose(f);
    harness_begin("extremes.family_file");
    CHECK_MSG(lines >= 15, "%d boards in the family file", lines);
}

/* The most board problems a readable FEN has: no king of either colour and a pawn on each of the
 * 16 back-rank squares (validation cut this list at 16 before). */
static void test_board_problems(void)
{
    harness_begin("extremes.board_problems_all_listed");
    const char *fen = "PPPPPPPP/8/8/8/8/8/8/pppppppp w - - 0 1";
    arb_position pos;
    CHECK_INT(arb_position_from_fen_unchecked(&pos, fen, ARB_STANDARD, NULL), ARB_OK);
    arb_reason r[ARB_EXPLAIN_MAX];
    CHECK_INT(arb_position_board_problems(&pos, r, ARB_BOARD_PROBLEMS_MAX), 18);
    int n = arb_validate(fen, ARB_STANDARD, r, ARB_EXPLAIN_MAX), pawns = 0;
    for (int i = 0; i < n && i < ARB_EXPLAIN_MAX; i++)
        pawns += r[i].code == ARB_R_pawn_on_back_rank;
    CHECK_INT(pawns, 16);
    CHECK(n <= ARB_EXPLAIN_MAX);
}

struct visits {
    int boards, worst;
    const char *broken;
};

/* Every board a climb visits: the move list within bounds, listing equal to counting. */
static void visit(const arb_position *pos, void *ctx)
{
    struct visits *v = ctx;
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    v->boards++;
    if (n > v->worst)
        v->worst = n;
    if (!v->broken && (n > ARB_MAX_MOVES || n != arb_count_legal_moves(pos)))
        v->broken = "a move list past its bound, or listing and counting disagree";
}

int main(int argc, char **argv)
{
    bool print = argc > 1 && strcmp(argv[1], "--print") == 0;
    int seeds = print ? 8 : 2, steps = print ? 20000 : 1500;
    test_parser_limit();
    test_board_problems();
    if (!print)
        test_family_file(ARB_EXTREMES);
    for (int i = 0; i < ext_nprofiles; i++) {
        const ext_profile *p = &ext_profiles[i];
        char densest[ARB_FEN_MAX] = "";
        int most = -1;
        for (int seed = 1; seed <= seeds; seed++) {
            char name[96], fen[ARB_FEN_MAX];
            snprintf(name, sizeof name, "extremes.%s.%d", p->name, seed);
            harness_begin(name);
            struct visits v = {0, 0, NULL};
            int best = ext_climb(p, (uint64_t)seed, steps, fen, visit, &v);
            CHECK_MSG(best >= 0, "no board of this shape accepted");
            if (best < 0)
                continue;
            CHECK_MSG(!v.broken, "%s", v.broken ? v.broken : "");
            CHECK_MSG(best <= ARB_MAX_MOVES, "%d moves", best);
            if (print) {
                if (best > most)
                    memcpy(densest, fen, sizeof densest);
                most = best > most ? best : most;
                continue;
            }
            arb_position pos;
            CHECK_INT(arb_position_from_fen(&pos, fen, p->variant, NULL), ARB_OK);
            const char *broken = ext_drive(&pos, seed == 1 ? 24 : 4);
            CHECK_MSG(!broken, "%s: %s", fen, broken ? broken : "");
        }
        if (print && most >= 0)
            printf("%s | %s | %s | %d\n", p->name, p->variant == ARB_CHESS960 ? "chess960" : "standard", densest, most);
    }
    printf("peaks: %d moves (bound %d), %d reasons (%d), %d squares in a reason (%d), %d claims (%d), "
           "%d touch reasons (%d), %d outcome reasons (%d)\n",
           ext_peak.moves, ARB_MAX_MOVES, ext_peak.reasons, ARB_EXPLAIN_MAX, ext_peak.squares,
           ARB_REASON_MAX_SQUARES, ext_peak.claims, ARB_MAX_CLAIMS, ext_peak.touch_reasons,
           ARB_TOUCH_MAX_REASONS, ext_peak.outcome_reasons, ARB_OUTCOME_MAX_REASONS);
    return harness_finish();
}
