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
/* Fifteen queens on the a-file, first rank and long diagonal, aimed at their own king on a1. */
/* A king walled in by its own rook and pawns: it cannot move. */
#define TOUCH_17 "k7/8/8/8/8/8/6PP/6RK w - - 0 1"
#define EXPLAIN_76 "Q6Q/Q5Q1/Q4Q2/Q3Q3/Q2Qpp2/p1p2k2/pr2ppp1/KnnQQQQQ w - - 0 1"

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

/* Lists that were cut before issue 20 §1 at a capacity below their worst case; each now holds
 * every reason (the counts below are this engine's; each was above the old capacity). */
static void test_long_lists(void)
{
    arb_position pos;
    arb_reason r[ARB_VALIDATE_MAX];
    arb_move m;
    harness_begin("extremes.lists.explain_text_76");
    /* Fifteen queens aimed at a1, where their own king stands, through 6 black pawns: each
     * queen's blockers and own_piece_on_target, 76 reasons (64 held before). */
    CHECK_INT(arb_position_from_fen(&pos, EXPLAIN_76, ARB_STANDARD, NULL), ARB_OK);
    int n = arb_explain_text(&pos, NULL, "Qa1", &m, r, ARB_EXPLAIN_MAX);
    CHECK_INT(n, 76);
    CHECK(n <= ARB_EXPLAIN_MAX);
    CHECK_STR(arb_reason_name(r[n - 1].code), "illegal_move");

    harness_begin("extremes.lists.validate_200");
    /* One invalid castling right per letter: 200 (64 held before). */
    char fen[ARB_FEN_MAX_INPUT + 1];
    int len = snprintf(fen, sizeof fen, "4k3/8/8/8/8/8/8/4K3 w ");
    for (int i = 0; i < 200; i++)
        fen[len++] = 'K';
    snprintf(fen + len, sizeof fen - (size_t)len, " - 0 1");
    n = arb_validate(fen, ARB_STANDARD, r, ARB_VALIDATE_MAX);
    CHECK_INT(n, 200);
    CHECK_STR(arb_reason_name(r[199].code), "invalid_castling_rights");

    harness_begin("extremes.lists.touch_16");
    /* Fifteen empty squares and a king that cannot move touched: a touch_empty_square each,
     * touch_cannot_move, then touch_none_movable (8 held before). */
    CHECK_INT(arb_position_from_fen(&pos, TOUCH_17, ARB_STANDARD, NULL), ARB_OK);
    static arb_touch_result tr;
    arb_touch t = arb_touch_none();
    static const char *const touched[] = {"a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2",
                                          "a3", "b3", "c3", "h1"};
    for (int i = 0; i < ARB_TOUCH_MAX; i++)
        t.squares[t.count++] = (uint8_t)arb_square_parse(touched[i]);
    CHECK_INT(arb_touch_obligation(&pos, &t, &tr), ARB_OK);
    CHECK_INT(tr.nreasons, 17);
    CHECK_STR(arb_reason_name(tr.reasons[14].code), "touch_empty_square");
    CHECK_STR(arb_reason_name(tr.reasons[15].code), "touch_cannot_move");
    CHECK_STR(arb_reason_name(tr.reasons[16].code), "touch_none_movable");
    CHECK(tr.any);

    harness_begin("extremes.lists.wrong_claim_keeps_its_penalty");
    /* Knights out and back ten times with castling rights, then the rooks step out and back: the
     * start board again, without the rights. A threefold claim now is wrong; its reasons end with
     * the two-minute penalty (before, the eleven near repetitions crowded it out at 12). */
    arb_game g;
    arb_position start;
    arb_position_start(&start);
    CHECK_INT(arb_game_init(&g, &start), ARB_OK);
    const char *knights[] = {"Nf3", "Nf6", "Ng1", "Ng8"}, *rooks[] = {"Nf3", "Nf6", "Rg1", "Rg8", "Rh1", "Rh8", "Ng1", "Ng8"};
    for (int i = 0; i < 40; i++)
        CHECK_INT(arb_game_play_text(&g, knights[i % 4], NULL), ARB_OK);
    for (int i = 0; i < 8; i++)
        CHECK_INT(arb_game_play_text(&g, rooks[i], NULL), ARB_OK);
    arb_outcome o;
    CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE, &o), ARB_OK);
    CHECK(!o.claim_valid && o.nreasons >= 2 && o.nreasons <= ARB_OUTCOME_MAX_REASONS);
    CHECK_STR(arb_reason_name(o.reasons[o.nreasons - 1].code), "claim_penalty_time");

    harness_begin("extremes.lists.threefold_with_move_long_record");
    /* The declared move's position repeated 16 times and more (the fifth ended the game, the
     * record goes on): the list holds 16 repetitions, the last the declared one, each a ply
     * of the record or the one after it (before, the 16th was read from an unset slot). */
    for (int extra = 0; extra < 40; extra++) {
        arb_game_play_text(&g, knights[extra % 4], NULL);
        arb_move nf3;
        if (arb_parse_move(arb_game_current(&g), arb_game_current(&g)->side == ARB_WHITE ? "Nf3" : "Nf6", &nf3, NULL) != ARB_OK)
            continue;
        CHECK_INT(arb_game_claim(&g, ARB_CLAIM_THREEFOLD, nf3, &o), ARB_OK);
        CHECK(o.nreasons <= ARB_OUTCOME_MAX_REASONS);
        for (int i = 0; i < o.nreasons; i++)
            if (o.reasons[i].code == ARB_R_repetition_at)
                CHECK_MSG(o.reasons[i].m >= 0 && o.reasons[i].m <= g.nplies + 1 && o.reasons[i].n >= 1,
                          "repetition at ply %d, move %d", (int)o.reasons[i].m, (int)o.reasons[i].n);
        CHECK_MSG(o.reasons[o.nreasons - 1].code != ARB_R_repetition_at || o.reasons[o.nreasons - 1].m == g.nplies + 1,
                  "the declared occurrence listed last");
    }
    arb_game_free(&g);
}

static bool valid_utf8(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int len = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : (*p & 0xF8) == 0xF0 ? 4 : 0;
        if (!len)
            return false;
        for (int i = 1; i < len; i++)
            if ((p[i] & 0xC0) != 0x80)
                return false;
        p += len;
    }
    return true;
}

/* The offending text a reason quotes is a cut copy of the input (found[24]): cut at a character
 * boundary, so the sentence stays UTF-8 (JSON refused the sentence before, and answered without
 * its text). */
static void test_found_cut(void)
{
    harness_begin("extremes.found_cut_at_a_character");
    arb_position pos;
    arb_position_start(&pos);
    const char *texts[] = {"ééééééééééééééé", "Nééééééééééééééé", "e4ééééééééééé", "一二三四五六七八九十"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        arb_reason r[ARB_EXPLAIN_MAX];
        arb_move m;
        int n = arb_explain_text(&pos, NULL, texts[i], &m, r, ARB_EXPLAIN_MAX);
        CHECK(n >= 1 && n <= ARB_EXPLAIN_MAX);
        for (int k = 0; k < n && k < ARB_EXPLAIN_MAX; k++) {
            char text[ARB_REASON_TEXT_MAX];
            CHECK_MSG(valid_utf8(r[k].found), "found of '%s' cut inside a character", texts[i]);
            for (const char *const *lang = arb_languages(); *lang; lang++) {
                arb_reason_render(&r[k], *lang, text, sizeof text);
                CHECK_MSG(valid_utf8(text), "the sentence for '%s' is not UTF-8", texts[i]);
            }
        }
    }
    const char *fens[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 11ééééééééééééé",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1ééééééééééééé"};
    for (size_t i = 0; i < 2; i++) {
        arb_reason why;
        CHECK(arb_position_from_fen(&pos, fens[i], ARB_STANDARD, &why) != ARB_OK);
        CHECK_MSG(valid_utf8(why.found), "FEN found cut inside a character: %s", why.found);
    }
}

/* Every explanation's sentence fits ARB_REASON_TEXT_MAX bytes whatever its parameters: each
 * code in each language and digit style, with every piece and colour, the longest found text
 * and move, 32 squares, and numbers of every plural category up to the largest. */
static void test_render_bound(void)
{
    harness_begin("extremes.render_bound");
    static const int32_t numbers[] = {0, 1, 2, 3, 5, 11, 12, 100, 101, 102, 1000000, 2147483647};
    size_t longest = 0;
    char text[4 * ARB_REASON_TEXT_MAX];
    for (unsigned code = 0; code < ARB_REASON_COUNT; code++) {
        arb_reason r = arb_reason_make((arb_reason_code)code);
        for (int i = 0; i < ARB_REASON_MAX_SQUARES; i++)
            arb_reason_add_square(&r, 63 - i);
        memset(r.found, 'W', sizeof r.found - 1);
        r.found[sizeof r.found - 1] = '\0';
        snprintf(r.move, sizeof r.move, "Qa1xb2=Q#");
        r.offset = 2147483647;
        for (const char *const *lang = arb_languages(); *lang; lang++)
            for (int digits = ARB_DIGITS_LATIN; digits <= ARB_DIGITS_NATIVE; digits++)
                for (int piece = 0; piece < 16; piece++)
                    for (int k = 0; k < 12; k++) {
                        r.piece = (arb_piece)piece;
                        r.by = (arb_piece)(15 - piece);
                        r.side = (uint8_t)(piece & 1);
                        r.field = (uint8_t)(piece % 6);
                        r.n = numbers[k];
                        r.m = numbers[(k + piece) % 12];
                        size_t len = arb_reason_render_digits(&r, *lang, (arb_digits)digits, text, sizeof text);
                        if (len > longest)
                            longest = len;
                        if (len >= ARB_REASON_TEXT_MAX)
                            CHECK_MSG(false, "%s in %s: %zu bytes", arb_reason_name(code), *lang, len);
                    }
    }
    printf("longest explanation: %zu bytes (bound %d)\n", longest, ARB_REASON_TEXT_MAX);
    CHECK(longest > 0 && longest < ARB_REASON_TEXT_MAX);
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
    test_long_lists();
    test_render_bound();
    test_found_cut();
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
