/* The puzzle runtime (lua/puzzles.h): every bundled puzzle script loads and verifies clean, each
 * kind judges a right and a wrong answer in every language (the wrong one explained by the
 * engine), the mate file's lines join in the same form, and the checker's findings on broken
 * puzzles name the field and the line. */
#define _DEFAULT_SOURCE /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"
#include "arbiter.h"
#include "lessons.h"
#include "puzzles.h"

static int reports;
static char all_reports[16384];

static void report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    (void)ud;
    char text[1024];
    reports++;
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    size_t n = strlen(all_reports);
    snprintf(all_reports + n, sizeof all_reports - n, "%s\n", text);
}

static bool has_code(const arbl_result *r, const char *code)
{
    for (int i = 0; i < r->nexplanations; i++)
        if (strcmp(r->explanations[i].code, code) == 0)
            return true;
    return false;
}

static const char *puzzles_dir(void)
{
    static char dir[1024];
    const char *d = getenv("ARB_LESSONS_DIR");
    snprintf(dir, sizeof dir, "%s/puzzles", d ? d : "lessons");
    return dir;
}

/* One right and one wrong answer per kind, with a code the wrong one's explanations carry. */
static const struct {
    const char *id, *kind, *right, *wrong, *code;
} cases[] = {
    {"helpmate-03-smothered", "helpmate", "Rg8 Nf7#", "h6 Nf7+", "helpmate_not_mate"},
    {"only-move-02-block", "only-move", "Ng1", "Kg1", "leaves_king_in_check"},
    {"illegal-01-pinned-knight", "illegal", "b", "a", "move_is_legal"},
    {"illegal-01-pinned-knight", "illegal", "Nd5", "Kf2", "move_is_legal"}, /* the move itself */
    {"retro-02-knight-uncovers-rook", "retro", "h5g3", "f5g3", "retro_before_illegal"},
    {"retro-03-double-step", "retro", "d7d5", "d6d5", "retro_other"},
    {"retro-04-pawn-check", "retro", "f6e5xb", "e4e5", "retro_not_legal"}, /* the capture the prompt explains */
    {"count-03-promotion", "count", "9", "5", "legal_moves_count"},
    {"count-03-promotion", "count", "\xdb\xb9", "abc", "not_a_number"}, /* Persian 9 */
    {"stalemate-03-rook", "stalemate", "Rh1#", "Rg7", "stalemate"},
    {"stalemate-05-find-it", "stalemate", "Qd6", "Qd8+", "not_stalemate"},
    {"stalemate-06-desperado", "stalemate", "Rg2+", "Rh7", "desperado_no_check"}, /* the coach's judge */
    {"count-06-seeded", "count", "13", "12", "legal_moves_count"},                /* a seeded generator */
    {"chess960-01-king-on-b1", "chess960", "b1a1", "O-O", "castling_into_attack"},
    {"chess960-02-king-stays", "chess960", "O-O", "Rf1", "not_castling"},
};

static void test_bundled(void)
{
    harness_begin("puzzles.bundled.load");
    arbl_book *box = arbl_book_new(&arbl_puzzles, NULL);
    reports = 0;
    all_reports[0] = 0;
    int n = arbl_book_load_dir(box, puzzles_dir(), NULL, NULL, report, NULL);
    CHECK_MSG(reports == 0, "load reported: %s", all_reports);
    CHECK_MSG(n >= 30, "%d puzzle scripts", n);
    int kinds = 0;
    static const char *const all[] = {"helpmate", "only-move", "illegal", "retro", "count", "stalemate", "chess960", NULL};
    for (int k = 0; all[k]; k++)
        for (int i = 0; i < n; i++)
            if (strcmp(((const arbl_puzzle *)arbl_book_at(box, i))->kind, all[k]) == 0) {
                kinds++;
                break;
            }
    CHECK_MSG(kinds >= 6, "%d kinds", kinds);
    for (int i = 0; i < n; i++) {
        const arbl_puzzle *p = arbl_book_at(box, i);
        for (int l = 0; l < ARBL_NLANGS; l++)
            CHECK_MSG(p->prompt.lang[l] && *p->prompt.lang[l] && p->success.lang[l] && *p->success.lang[l] &&
                          p->source.lang[l] && *p->source.lang[l],
                      "%s: text and source in %s", p->id, arbl_langs[l]);
        CHECK_MSG(p->chunk && p->fen, "%s", p->id);
        /* the position shown can arise in a game (issue 22) */
        arb_reason why[4];
        arb_variant v = p->variant && strcmp(p->variant, "chess960") == 0 ? ARB_CHESS960 : ARB_STANDARD;
        int np = p->fen ? arb_validate(p->fen, v, why, 4) : 0;
        CHECK_MSG(np == 0, "%s: the position cannot arise (%s): %s", p->id, np > 0 ? arb_reason_name(why[0].code) : "",
                  p->fen);
    }
    harness_begin("puzzles.bundled.mates_arise");
    {
        char path[600];
        snprintf(path, sizeof path, "%s/puzzles.txt", puzzles_dir());
        FILE *f = fopen(path, "r");
        CHECK_MSG(f != NULL, "cannot open %s", path);
        char line[1024];
        int mates = 0;
        while (f && fgets(line, sizeof line, f)) {
            char *a = strchr(line, '|'), *b = a ? strchr(a + 1, '|') : NULL, *c = b ? strchr(b + 1, '|') : NULL;
            if (line[0] == '#' || !c)
                continue;
            *c = '\0';
            char *fen = b + 1;
            while (*fen == ' ')
                fen++;
            for (char *e = c - 1; e > fen && *e == ' '; e--)
                *e = '\0';
            arb_reason why[4];
            int np = arb_validate(fen, ARB_STANDARD, why, 4);
            CHECK_MSG(np == 0, "puzzles.txt: %.*s cannot arise (%s): %s", (int)(a - line), line,
                      np > 0 ? arb_reason_name(why[0].code) : "", fen);
            mates++;
        }
        if (f)
            fclose(f);
        CHECK_MSG(mates >= 50, "%d mates read", mates);
    }

    arbl_result *r = malloc(sizeof *r);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        harness_begin(cases[c].id);
        const arbl_puzzle *p = arbl_book_find(box, cases[c].id);
        CHECK_MSG(p && strcmp(p->kind, cases[c].kind) == 0, "%s is a %s puzzle", cases[c].id, cases[c].kind);
        if (!p)
            continue;
        for (int l = 0; l < ARBL_NLANGS; l++) {
            CHECK_MSG(arbl_puzzle_answer(box, p, cases[c].right, arbl_langs[l], r) && r->correct,
                      "%s: '%s' right in %s: %s %s", p->id, cases[c].right, arbl_langs[l], r->error, r->feedback);
            CHECK_STR(r->feedback, p->success.lang[l]);
            CHECK_MSG(arbl_puzzle_answer(box, p, cases[c].wrong, arbl_langs[l], r) && !r->correct,
                      "%s: '%s' wrong in %s", p->id, cases[c].wrong, arbl_langs[l]);
            CHECK_MSG(has_code(r, cases[c].code), "%s: '%s' explained by %s (first: %s)", p->id, cases[c].wrong,
                      cases[c].code, r->nexplanations ? r->explanations[0].code : "none");
            CHECK_MSG(r->nexplanations > 0 && strcmp(r->feedback, r->explanations[0].text) == 0, "%s feedback", p->id);
        }
    }
    harness_begin("puzzles.answer_too_long");
    char big[ARBL_ANSWER_MAX + 10];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    CHECK(!arbl_puzzle_answer(box, arbl_book_at(box, 0), big, "en", r));

    harness_begin("puzzles.mate_lines");
    arbl_text src = {.lang = {"Morphy v Duke Karl, Paris 1858: 16.Qb8+", "مورفی در برابر دوک کارل، پاریس ۱۸۵۸: 16.Qb8+"}};
    CHECK(arbl_puzzle_add_mate(box, "m2-test", 2, "8/8/8/8/8/8/8/K6k w - - 0 1", true, "Qb8+", &src, "p.txt"));
    CHECK(!arbl_puzzle_add_mate(box, "m2-test", 2, "8/8/8/8/8/8/8/K6k w - - 0 1", true, "Qb8+", &src, "p.txt"));
    CHECK(!arbl_puzzle_add_mate(box, "only-move-02-block", 1, "8/8/8/8/8/8/8/K6k w - - 0 1", true, "x", &src, "p"));
    const arbl_puzzle *m = arbl_book_find(box, "m2-test");
    CHECK(m && strcmp(m->kind, "mate") == 0 && m->n == 2 && !m->chunk && strcmp(m->answer_type, "line") == 0);
    if (m) {
        CHECK_STR(m->prompt.lang[0], "White to move: mate in 2.");
        CHECK_STR(m->prompt.lang[1], "نوبت سفید است: مات در دو حرکت."); /* small counts in words */
        /* the source in each language given, as prose (the move isolated in Persian), else English */
        CHECK_STR(arbl_text_get(&m->source, "fa"), "مورفی در برابر دوک کارل، پاریس ۱۸۵۸: \u2066""16.Qb8+\u2069");
        CHECK_STR(arbl_text_get(&m->source, "ar"), "Morphy v Duke Karl, Paris 1858: 16.Qb8+");
        CHECK(!arbl_puzzle_answer(box, m, "Qb8+", "en", r));  /* the solver's, not a script's */
    }
    free(r);
    arbl_book_free(box);
}

/* A broken puzzle, written to a file: the check finds `expect` in its reports. */
static void expect_problem(const char *name, const char *source, const char *expect)
{
    harness_begin(name);
    char path[] = "/tmp/arbiter-puzzle-XXXXXX.lua";
    int fd = mkstemps(path, 4);
    if (fd < 0) {
        CHECK(false);
        return;
    }
    FILE *f = fdopen(fd, "w");
    fputs(source, f);
    fclose(f);
    reports = 0;
    all_reports[0] = 0;
    int errors = arbl_book_check_file(&arbl_puzzles, path, NULL, report, NULL);
    CHECK_MSG(errors > 0, "%s: no error", name);
    CHECK_MSG(strstr(all_reports, expect) != NULL, "%s: '%s' not in:\n%s", name, expect, all_reports);
    unlink(path);
}

#define TEXTS                                                                                                          \
    "  prompt = { en = \"p\", fa = \"p\", ar = \"p\" },\n  success = { en = \"s\", fa = \"s\", ar = \"s\" },\n"

static void test_checker(void)
{
    expect_problem("checker.unknown_field",
                   "return puzzle {\n  id = \"x\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  answer = 3,\n  sorce = \"a\",\n}\n",
                   ":6: error: puzzle{...}: unknown field 'sorce' (did you mean 'source'?)");
    expect_problem("checker.unknown_kind",
                   "return puzzle {\n  id = \"x\", kind = \"helpmat\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  answer = 3, source = \"s\", n = 1 }\n",
                   "(did you mean 'helpmate'?)");
    expect_problem("checker.missing_translation",
                   "return puzzle {\n  id = \"x\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n"
                   "  prompt = { en = \"p\", fa = \"p\" },\n  success = { en = \"s\", fa = \"s\", ar = \"s\" },\n"
                   "  answer = 3, source = \"s\" }\n",
                   ":3: error: the prompt has no 'ar' translation");
    expect_problem("checker.count_wrong",
                   "return puzzle {\n  id = \"x\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  answer = 4, source = \"s\" }\n",
                   "the engine counts 3 legal moves, not 4");
    expect_problem("checker.wrong_judged_right",
                   "return puzzle {\n  id = \"x\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  answer = 3, wrong = { [\"3\"] = true }, source = \"s\" }\n",
                   "the wrong answer '3' is judged right");
    expect_problem("checker.not_only_move",
                   "return puzzle {\n  id = \"x\", kind = \"only-move\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  answer = \"Ka2\", source = \"s\" }\n",
                   "the side to move has 3 legal moves, not exactly one");
    expect_problem("checker.two_illegal",
                   "return puzzle {\n  id = \"x\", kind = \"illegal\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  choices = { \"Ka2\", \"Ka3\", \"Kh1\" }, answer = \"b\", source = \"s\" }\n",
                   "2 of the listed moves are illegal: exactly one must be");
    expect_problem("checker.retro_invalid",
                   "return puzzle {\n  id = \"x\", kind = \"retro\", fen = \"4R2k/8/8/8/8/8/1B6/K7 b - - 0 1\",\n" TEXTS
                   "  answer = \"c1b2\", source = \"s\" }\n",
                   "the answer 'c1b2' is judged wrong by the engine");
    expect_problem("checker.no_stalemate_trap",
                   "return puzzle {\n  id = \"x\", kind = \"stalemate\", goal = \"mate\", fen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\",\n"
                   TEXTS "  answer = \"Ra8#\", source = \"s\" }\n",
                   "no legal move stalemates here");
    expect_problem("checker.chess960_flag",
                   "return puzzle {\n  id = \"x\", kind = \"chess960\", castle = \"queenside\", fen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\",\n"
                   TEXTS "  answer = \"Kd1\", source = \"s\" }\n",
                   "a chess960 puzzle needs chess960 = true");
    expect_problem("checker.judge_error_line",
                   "return puzzle {\n  id = \"x\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n" TEXTS
                   "  judge = function(ctx, answer)\n    return nil + 1\n  end,\n  answer = 3, source = \"s\" }\n",
                   "judging '3' failed");
    expect_problem("checker.not_a_puzzle", "return { id = \"x\" }\n", "the file must return puzzle{...}");
}

/* The board and the side to move of a FEN ("6k1/5ppp/... w"), for comparing positions. */
static void board_key(const char *fen, char *out, size_t n)
{
    size_t i = 0;
    int spaces = 0;
    for (; fen[i] && i + 1 < n; i++) {
        if (fen[i] == ' ' && ++spaces == 2)
            break;
        out[i] = fen[i];
    }
    out[i] = '\0';
}

/* No puzzle repeats the position of a lesson's move task (issue 22: a puzzle is new practice,
 * and a student who played the move there knows the answer already; a lesson question about
 * another matter on the same board, such as a count or a claim, does not give it away). */
static void test_not_lesson_positions(void)
{
    harness_begin("puzzles.bundled.not_lesson_positions");
    const char *d = getenv("ARB_LESSONS_DIR");
    arbl_book *reg = arbl_book_new(&arbl_lessons, NULL);
    int nl = arbl_book_load_dir(reg, d ? d : "lessons", NULL, NULL, report, NULL);
    CHECK_MSG(nl > 30, "%d lessons", nl);
    enum { MAXSTEPS = 2048 };
    static char keys[MAXSTEPS][96], where[MAXSTEPS][96];
    int nk = 0;
    for (int i = 0; i < arbl_book_count(reg); i++) {
        const arbl_lesson *l = arbl_book_at(reg, i);
        for (int s = 0; s < l->nsteps && nk < MAXSTEPS; s++) {
            if (!l->steps[s].fen || l->steps[s].kind != ARBL_STEP_MOVE)
                continue;
            board_key(l->steps[s].fen, keys[nk], sizeof keys[nk]);
            snprintf(where[nk], sizeof where[nk], "%s step %d", l->id, s + 1);
            nk++;
        }
    }
    /* the start position and the bare kings are every lesson's backdrop, not a puzzle's */
    char key[96];
    arbl_book *box = arbl_book_new(&arbl_puzzles, NULL);
    int n = arbl_book_load_dir(box, puzzles_dir(), NULL, NULL, report, NULL);
    for (int i = 0; i < n; i++) {
        const arbl_puzzle *p = arbl_book_at(box, i);
        if (!p->fen || strncmp(p->fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 45) == 0)
            continue;
        board_key(p->fen, key, sizeof key);
        for (int k = 0; k < nk; k++)
            CHECK_MSG(strcmp(key, keys[k]) != 0, "puzzle %s shows the position of lesson %s: %s", p->id, where[k], p->fen);
    }
    char path[600], line[1024];
    snprintf(path, sizeof path, "%s/puzzles.txt", puzzles_dir());
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        char *a = strchr(line, '|'), *b = a ? strchr(a + 1, '|') : NULL;
        if (line[0] == '#' || !b)
            continue;
        char *fen = b + 1;
        while (*fen == ' ')
            fen++;
        board_key(fen, key, sizeof key);
        for (int k = 0; k < nk; k++)
            CHECK_MSG(strcmp(key, keys[k]) != 0, "puzzles.txt: %.*s shows the position of lesson %s: %s",
                      (int)(a - line), line, where[k], key);
    }
    if (f)
        fclose(f);
    arbl_book_free(box);
    arbl_book_free(reg);
}

int main(void)
{
    test_bundled();
    test_not_lesson_positions();
    test_checker();
    return harness_finish();
}
