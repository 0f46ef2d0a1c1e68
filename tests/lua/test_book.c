/* The book (lua/book.h) with a fourth kind of content: a drill (tests/lua/data/drill) is one kind
 * table here, a prelude and a checker, and gets the whole lifecycle: a folder loaded on two
 * threads, a file refused with its line, the check in every language, finding and answering in a
 * fresh sandbox, the last good version kept on reload, and one deadline for a whole load. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "book.h"
#include "harness.h"
#include "scripts.h"

/* ---- the fourth kind: its item, its description, its table ---- */

typedef struct drill {
    ARBL_ENTRY;
    arbl_text title;
} drill;

static bool read_drill(lua_State *L, int t, void *item, char *err, size_t errcap)
{
    drill *d = item;
    lua_getfield(L, t, "id");
    d->id = arbl_dup(lua_tostring(L, -1));
    lua_pop(L, 1);
    arbl_text_field(L, t, "title", &d->title);
    if (!d->id)
        snprintf(err, errcap, "a drill needs an id");
    return d->id != NULL;
}

static void free_drill(void *item)
{
    arbl_text_free(&((drill *)item)->title);
}

static const char *prelude_text, *checker_text;
static size_t prelude_len, checker_len;

static const arbl_kind drills = {
    .name = "drill", .noun = "drill",
    .prelude = {"=drill_prelude", &prelude_text, &prelude_len},
    .checker = {"=drill_checker", &checker_text, &checker_len},
    .check = {.instructions = 4, .deadline = 4, .memory = 2},
    .item_size = sizeof(drill), .read = read_drill, .free_item = free_drill,
};

/* Kinds whose runtime is broken, one way each (book.failures_say_why): a prelude that returns no
 * table, one that returns a table only to a checker (an answer's runtime fails), a checker that
 * returns no table. Every such failure must say why: the reports and the daemon's 500 quote it. */
static const char *no_table_text = "return 42", *answerless_text, *bad_checker_text = "return 7";
static size_t no_table_len = 9, answerless_len, bad_checker_len = 8;

static const arbl_kind no_table_drills = {
    .name = "drill", .noun = "drill",
    .prelude = {"=drill_prelude", &no_table_text, &no_table_len},
    .checker = {"=drill_checker", &checker_text, &checker_len},
    .check = {.instructions = 4, .deadline = 4, .memory = 2},
    .item_size = sizeof(drill), .read = read_drill, .free_item = free_drill,
};

static const arbl_kind answerless_drills = {
    .name = "drill", .noun = "drill",
    .prelude = {"=drill_prelude", &answerless_text, &answerless_len},
    .checker = {"=drill_checker", &checker_text, &checker_len},
    .check = {.instructions = 4, .deadline = 4, .memory = 2},
    .item_size = sizeof(drill), .read = read_drill, .free_item = free_drill,
};

static const arbl_kind bad_checker_drills = {
    .name = "drill", .noun = "drill",
    .prelude = {"=drill_prelude", &prelude_text, &prelude_len},
    .checker = {"=drill_checker", &bad_checker_text, &bad_checker_len},
    .check = {.instructions = 4, .deadline = 4, .memory = 2},
    .item_size = sizeof(drill), .read = read_drill, .free_item = free_drill,
};

/* ---- the test ---- */

static char reports[8192];

static void report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    (void)ud;
    size_t n = strlen(reports);
    arbl_format_report(reports + n, sizeof reports - n - 1, arbl_base_name(path), line, level, step, message);
    n = strlen(reports);
    snprintf(reports + n, sizeof reports - n, "\n");
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void copy(const char *from, const char *to)
{
    char err[256];
    size_t len;
    char *text = arbl_read_file(from, 1u << 16, &len, err, sizeof err);
    FILE *f = text ? fopen(to, "wb") : NULL;
    if (f) {
        fwrite(text, 1, len, f);
        fclose(f);
    }
    free(text);
}

int main(int argc, char **argv)
{
    char err[256], dir[1024];
    snprintf(dir, sizeof dir, "%s", argc > 1 ? argv[1] : "tests/lua/data/drill");
    char path[1100];
    snprintf(path, sizeof path, "%s/prelude.lua", dir);
    prelude_text = arbl_read_file(path, 1u << 16, &prelude_len, err, sizeof err);
    snprintf(path, sizeof path, "%s/checker.lua", dir);
    checker_text = arbl_read_file(path, 1u << 16, &checker_len, err, sizeof err);
    harness_begin("book.drill.kind");
    CHECK_MSG(prelude_text && checker_text, "the drill's prelude and checker: %s", err);
    if (!prelude_text || !checker_text)
        return harness_finish();

    harness_begin("book.drill.load");
    arbl_book *book = arbl_book_new(&drills, NULL);
    arbl_load two = {.threads = 2};
    char folder[1100];
    snprintf(folder, sizeof folder, "%s/drills", dir);
    reports[0] = 0;
    CHECK_INT(arbl_book_load_dir(book, folder, NULL, &two, report, NULL), 1);
    CHECK_INT(arbl_book_count(book), 1);
    CHECK_INT(arbl_book_failures(book), 2);
    /* in name order, the refused file with its line and the nearest field */
    CHECK_MSG(strstr(reports, "d2-typo.lua:5: error: drill{...}: unknown field 'movee' (did you mean 'move'?)\n") != NULL,
              "reports: %s", reports);
    CHECK_MSG(strstr(reports, "d3-arabic.lua:7: error: in ar: the move Kd2 is not right\n") != NULL, "reports: %s",
              reports);
    CHECK_MSG(strstr(reports, "d2-typo") < strstr(reports, "d3-arabic"), "reports out of order: %s", reports);

    harness_begin("book.drill.answer");
    const drill *d = arbl_book_find(book, "d1-castle");
    CHECK(d != NULL && arbl_book_find(book, "d2-typo") == NULL);
    if (d) {
        CHECK_STR(arbl_text_get(&d->title, "fa"), "قلعهٔ کوچک بروید");
        arbl_result *r = malloc(sizeof *r);
        CHECK(arbl_book_answer(book, &d->entry, "answer", 0, "O-O", "fa", "drill 'd1-castle'", r));
        CHECK(r->ok && r->correct);
        CHECK_STR(r->feedback, "درست است.");
        CHECK(arbl_book_answer(book, &d->entry, "answer", 0, "Ke2", "en", "drill 'd1-castle'", r));
        CHECK(r->ok && !r->correct);
        CHECK(arbl_book_answer(book, &d->entry, "answer", 0, "Kf2", "en", "drill 'd1-castle'", r) && !r->correct);
        CHECK(arbl_book_answer(book, &d->entry, "answer", 0, "Rh9", "en", "drill 'd1-castle'", r) && !r->correct &&
              r->nexplanations >= 1); /* the engine says why */
        free(r);
    }

    harness_begin("book.drill.keep_last_good");
    char tmp[] = "/tmp/arbiter-drills-XXXXXX";
    CHECK(mkdtemp(tmp) != NULL);
    char file[1200], src[1200];
    snprintf(file, sizeof file, "%s/d1-castle.lua", tmp);
    snprintf(src, sizeof src, "%s/d1-castle.lua", folder);
    copy(src, file);
    arbl_book *first = arbl_book_new(&drills, NULL);
    CHECK_INT(arbl_book_load_dir(first, tmp, NULL, NULL, report, NULL), 1);
    FILE *f = fopen(file, "w"); /* the file now fails */
    if (f) {
        fputs("return drill { id = 'd1-castle' ", f);
        fclose(f);
    }
    reports[0] = 0;
    arbl_book *second = arbl_book_new(&drills, NULL);
    CHECK_INT(arbl_book_load_dir(second, tmp, first, NULL, report, NULL), 0);
    CHECK_INT(arbl_book_count(second), 1);
    CHECK_INT(arbl_book_stale(second), 1);
    const drill *kept = arbl_book_at(second, 0);
    CHECK(kept && kept->stale && strcmp(kept->id, "d1-castle") == 0);
    CHECK_MSG(strstr(reports, "d1-castle.lua") != NULL, "the failing file is reported: %s", reports);
    remove(file); /* a deleted file's item goes */
    arbl_book *third = arbl_book_new(&drills, NULL);
    CHECK_INT(arbl_book_load_dir(third, tmp, second, NULL, report, NULL), 0);
    CHECK_INT(arbl_book_count(third), 0);
    rmdir(tmp);

    harness_begin("book.drill.one_deadline");
    arbl_book *late = arbl_book_new(&drills, NULL);
    arbl_load over = {.threads = 1, .end_ns = now_ns() - 1}; /* the whole load's time is up */
    reports[0] = 0;
    CHECK_INT(arbl_book_load_dir(late, folder, NULL, &over, report, NULL), 0);
    CHECK_MSG(strstr(reports, "d1-castle.lua: error: not checked: the load's time budget ran out\n") != NULL,
              "reports: %s", reports);

    harness_begin("book.failures_say_why");
    /* a prelude that returns no table: each file is refused, saying so */
    arbl_book *broken = arbl_book_new(&no_table_drills, NULL);
    reports[0] = 0;
    CHECK_INT(arbl_book_load_dir(broken, folder, NULL, NULL, report, NULL), 0);
    CHECK_MSG(strstr(reports, "d1-castle.lua: error: drill_prelude returned number, not a table\n") != NULL,
              "reports: %s", reports);
    arbl_book_free(broken);
    /* a checker that returns no table */
    broken = arbl_book_new(&bad_checker_drills, NULL);
    reports[0] = 0;
    CHECK_INT(arbl_book_load_dir(broken, folder, NULL, NULL, report, NULL), 0);
    CHECK_MSG(strstr(reports, "d1-castle.lua: error: drill_checker returned number, not a table\n") != NULL,
              "reports: %s", reports);
    arbl_book_free(broken);
    /* a runtime that loads for the check but not for an answer: the answer fails, saying why */
    size_t guard_len = strlen("if (...) == nil then return nil end ");
    char *answerless = malloc(guard_len + prelude_len + 1);
    if (answerless) {
        memcpy(answerless, "if (...) == nil then return nil end ", guard_len);
        memcpy(answerless + guard_len, prelude_text, prelude_len + 1);
        answerless_text = answerless, answerless_len = guard_len + prelude_len;
    }
    broken = arbl_book_new(&answerless_drills, NULL);
    reports[0] = 0;
    CHECK_INT(arbl_book_load_dir(broken, folder, NULL, NULL, report, NULL), 1);
    const drill *d1 = arbl_book_find(broken, "d1-castle");
    CHECK_MSG(d1 != NULL, "reports: %s", reports);
    if (d1) {
        arbl_result *r = malloc(sizeof *r);
        memset(r, 0xA5, sizeof *r); /* what the daemon's malloc may hold */
        CHECK(!arbl_book_answer(broken, &d1->entry, "answer", 0, "O-O", "en", "drill 'd1-castle'", r));
        CHECK(!r->ok && r->budget == ARBL_BUDGET_NONE && r->nexplanations == 0);
        CHECK_STR(r->error, "drill 'd1-castle': drill_prelude returned nil, not a table");
        free(r);
    }
    arbl_book_free(broken);
    free(answerless);
    /* a file that returns no drill{...} */
    char tmp2[] = "/tmp/arbiter-drills-XXXXXX";
    CHECK(mkdtemp(tmp2) != NULL);
    snprintf(file, sizeof file, "%s/d9-number.lua", tmp2);
    f = fopen(file, "w");
    if (f) {
        fputs("-- not a drill\nreturn 42\n", f);
        fclose(f);
    }
    broken = arbl_book_new(&drills, NULL);
    reports[0] = 0;
    CHECK_INT(arbl_book_load_dir(broken, tmp2, NULL, NULL, report, NULL), 0);
    CHECK_MSG(strstr(reports, "d9-number.lua:2: error: the file must return drill{...}\n") != NULL, "reports: %s",
              reports);
    arbl_book_free(broken);
    remove(file);
    rmdir(tmp2);

    arbl_book_free(late);
    arbl_book_free(third);
    arbl_book_free(second);
    arbl_book_free(first);
    arbl_book_free(book);
    free((char *)prelude_text);
    free((char *)checker_text);
    return harness_finish();
}
