/* The lesson set's Lua loader: one book (lua/book.h) per kind of content, loaded from its folder of
 * the lessons directory on several threads and by one deadline for the whole reload; files that
 * fail their check are logged and counted, and a file the set served before keeps its last good
 * version (the book's policy: a reload never takes it offline). Also the dry run. */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../lua/lessons.h"
#include "../lua/puzzles.h"
#include "../lua/quizzes.h"
#include "lesson_set.h"
#include "log.h"

/* Every kind as the daemon loads it: its folder and the words its log lines use. */
static const struct kind_dir {
    const arbl_kind *kind;
    const char *subdir;         /* NULL: the lessons directory itself */
    const char *noun;           /* "lesson DIR/x.lua:3: ..." */
    const char *item;           /* "still serving generator 'x'" */
    const char *not_served;
    bool quiz_limits;           /* run with the quiz budgets (else the lessons') */
} kinds[AD_KINDS] = {
    [AD_LESSONS] = {&arbl_lessons, NULL, "lesson", "lesson", "(the lesson is not served)", false},
    [AD_QUIZZES] = {&arbl_quizzes, "quizzes", "quiz", "generator", "(the generator is not served)", true},
    /* the scripts run with the lesson budgets: a puzzle answer is a lesson-sized run */
    [AD_PUZZLES] = {&arbl_puzzles, "puzzles", "puzzle", "puzzle", "(the puzzle is not served)", false},
};

/* A whole reload ends by this many files' check budgets (each the kind's multiple of one run's),
 * however many files fail slowly: start-up and SIGHUP stay bounded. */
#define RELOAD_FILES 8

static void report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    const struct kind_dir *k = ud;
    bool error = strcmp(level, "error") == 0;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    ad_log(error ? AD_LOG_WARN : AD_LOG_DEBUG, "%s %s%s%s", k->noun, text, error ? " " : "", error ? k->not_served : "");
}

static arbl_limits limits_of(const ad_script_limits *s, const atomic_bool *cancel)
{
    return (arbl_limits){s->memory, s->instructions, s->deadline_ms, cancel};
}

/* The folder of kind k in dir: false (with a log line) when it is not there, or cannot be read. */
static bool kind_folder(const struct kind_dir *k, const char *dir, char *path, size_t cap, int *failures)
{
    snprintf(path, cap, "%s%s%s", dir, k->subdir ? "/" : "", k->subdir ? k->subdir : "");
    struct stat st;
    if (!k->subdir || stat(path, &st) == 0)
        return true;
    if (errno == ENOENT) {
        if (k->kind == &arbl_quizzes)
            ad_log(AD_LOG_WARN, "no quiz directory %s: no quizzes served", path);
        return false;
    }
    ad_log(AD_LOG_WARN, "%s directory %s cannot be read: none served", k->noun, path);
    *failures = 1;
    return false;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

bool ad_lessons_lua_load(const ad_lessons *l, ad_lesson_set *set)
{
    const ad_lesson_set *old = l->current;
    uint32_t file_ms = (l->limits.deadline_ms ? l->limits.deadline_ms : ARBL_DEFAULT_DEADLINE_MS) *
                       arbl_lessons.check.deadline;
    /* one budget for the whole reload: RELOAD_FILES files' check budgets of the load threads'
     * processor time, and ten times that of wall clock however busy the machine is */
    _Atomic int64_t cpu_used = 0;
    int64_t budget_ns = (int64_t)file_ms * RELOAD_FILES * 1000000;
    arbl_load how = {.threads = l->threads, .end_ns = now_ns() + 10 * budget_ns, .cpu_ns = budget_ns,
                     .cpu_used = &cpu_used};
    for (int i = 0; i < AD_KINDS; i++) {
        const struct kind_dir *k = &kinds[i];
        arbl_limits limits = limits_of(k->quiz_limits ? &l->quiz_limits : &l->limits, l->cancel);
        char dir[1024];
        bool there = kind_folder(k, l->dir, dir, sizeof dir, &set->counts[i].failures);
        if (i == AD_PUZZLES)
            ad_puzzles_read(l->dir, &set->puzzles);
        if (!there && i != AD_PUZZLES)
            continue;
        arbl_book *book = arbl_book_new(k->kind, &limits);
        if (!book) {
            ad_log(AD_LOG_ERROR, "%s: out of memory: none served", k->noun);
            set->counts[i].failures = 1;
            continue;
        }
        for (int p = 0; i == AD_PUZZLES && p < set->puzzles.count; p++) {
            const ad_puzzle *m = &set->puzzles.items[p];
            char path[1024];
            snprintf(path, sizeof path, "%s/puzzles/puzzles.txt", l->dir);
            arbl_text source = {{0}};
            for (int lg = 0; lg < ARBL_NLANGS; lg++) /* each language's, English where it has none */
                source.lang[lg] = (char *)ad_puzzle_source(&set->puzzles, p, arbl_langs[lg]);
            arbl_puzzle_add_mate(book, m->id, m->n, m->fen, m->pos.side == ARB_WHITE, m->keys, &source, path);
        }
        if (there && arbl_book_load_dir(book, dir, old ? old->books[i] : NULL, &how, report, (void *)k) < 0) {
            if (i == AD_LESSONS) {
                arbl_book_free(book);
                return false; /* the lessons directory itself: the reload fails */
            }
            ad_log(AD_LOG_WARN, "%s directory %s cannot be read: none served", k->noun, dir);
            set->counts[i].failures = 1;
        }
        for (int j = 0; j < arbl_book_count(book); j++) {
            const arbl_entry *e = arbl_book_at(book, j);
            if (e->stale)
                ad_log(AD_LOG_WARN, "%s %s: the file fails; still serving %s '%s' as loaded in generation %lu", k->noun,
                       e->path, k->item, e->id, old->generation);
        }
        set->books[i] = book;
        set->counts[i].served = arbl_book_count(book);
        set->counts[i].failures += arbl_book_failures(book);
        set->counts[i].stale = arbl_book_stale(book);
    }
    return true;
}

void ad_lessons_lua_unload(ad_lesson_set *set)
{
    for (int i = 0; i < AD_KINDS; i++) {
        arbl_book_free(set->books[i]);
        set->books[i] = NULL;
    }
}

/* ---- the dry run (--check-lessons) ---- */

static void dry_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    (void)ud;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    fprintf(stderr, "%s\n", text);
}

int ad_lessons_lua_check(const char *dir, const ad_script_limits *lesson_limits, const ad_script_limits *quiz_limits)
{
    int passed[AD_KINDS] = {0}, failed[AD_KINDS] = {0};
    for (int i = 0; i < AD_KINDS; i++) {
        const struct kind_dir *k = &kinds[i];
        char path[1024];
        snprintf(path, sizeof path, "%s%s%s", dir, k->subdir ? "/" : "", k->subdir ? k->subdir : "");
        struct stat st;
        if (k->subdir && stat(path, &st) != 0)
            continue; /* no quizzes, no puzzles: nothing to check */
        arbl_limits limits = limits_of(k->quiz_limits ? quiz_limits : lesson_limits, NULL);
        arbl_book *book = arbl_book_new(k->kind, &limits);
        passed[i] = book ? arbl_book_load_dir(book, path, NULL, NULL, dry_report, NULL) : -1;
        failed[i] = book ? arbl_book_failures(book) : 0;
        arbl_book_free(book);
        if (passed[i] < 0) {
            fprintf(stderr, "arbiterd: cannot read the %s directory %s\n", k->noun, path);
            return -1;
        }
    }
    printf("%s: %d lessons pass, %d fail; %d quiz generators pass, %d fail; %d puzzle scripts pass, %d fail\n", dir,
           passed[AD_LESSONS], failed[AD_LESSONS], passed[AD_QUIZZES], failed[AD_QUIZZES], passed[AD_PUZZLES],
           failed[AD_PUZZLES]);
    return failed[AD_LESSONS] + failed[AD_QUIZZES] + failed[AD_PUZZLES];
}
