/* The lesson set's Lua loaders: the lesson registry of lua/ (every file run, checked by the
 * linter, compiled once) and the quiz book of DIR/quizzes (every generator run and made to
 * generate once); files that fail their check are logged and counted, and a file that was
 * served by the set before keeps its last good version (a reload never takes it offline). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../lua/lessons.h"
#include "../lua/puzzles.h"
#include "../lua/quizzes.h"
#include "lessons.h"
#include "log.h"

struct load_report {
    int failures;      /* files with at least one error */
    char last[1024];   /* the last file that had an error (reports come file by file) */
};

static void report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    struct load_report *c = ud;
    bool error = strcmp(level, "error") == 0;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    ad_log(error ? AD_LOG_WARN : AD_LOG_DEBUG, "lesson %s%s", text, error ? " (the lesson is not served)" : "");
    if (error && strcmp(c->last, path) != 0) {
        c->failures++;
        snprintf(c->last, sizeof c->last, "%s", path);
    }
}

/* Whether path names a file that is still there (a deleted file's lesson goes away). */
static bool still_there(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The lessons of the set being replaced whose file failed this time: served again from their
 * compiled chunk. Returns how many were kept. */
static int keep_last_good(const ad_lessons *l, arbl_registry *reg, struct load_report *c)
{
    const ad_lesson_set *old = l->current;
    const arbl_registry *prev = old ? old->runtime : NULL;
    int kept = 0;
    for (int i = 0; prev && i < arbl_registry_count(prev); i++) {
        const arbl_lesson *was = arbl_registry_at(prev, i);
        bool reloaded = false;
        for (int j = 0; j < arbl_registry_count(reg) && !reloaded; j++)
            reloaded = strcmp(arbl_registry_at(reg, j)->path, was->path) == 0;
        if (reloaded || !still_there(was->path))
            continue;
        if (arbl_registry_keep(reg, was, report, c)) {
            kept++;
            ad_log(AD_LOG_WARN, "lesson %s: the file fails; still serving lesson '%s' as loaded in generation %lu",
                   was->path, was->id, old->generation);
        }
    }
    return kept;
}

bool ad_lessons_lua_load(const ad_lessons *l, ad_lesson_set *set)
{
    arbl_limits limits = {l->limits.memory, l->limits.instructions, l->limits.deadline_ms, l->cancel};
    arbl_registry *reg = arbl_registry_new(&limits);
    if (!reg)
        return false;
    struct load_report c = {0};
    int added = arbl_registry_load_dir(reg, l->dir, report, &c);
    if (added < 0) {
        arbl_registry_free(reg);
        return false;
    }
    set->stale = keep_last_good(l, reg, &c);
    set->runtime = reg;
    set->count = arbl_registry_count(reg);
    set->failures = c.failures;
    return true;
}

void ad_lessons_lua_unload(ad_lesson_set *set)
{
    arbl_registry_free(set->runtime);
    set->runtime = NULL;
}

static void quiz_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    struct load_report *c = ud;
    bool error = strcmp(level, "error") == 0;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    ad_log(error ? AD_LOG_WARN : AD_LOG_DEBUG, "quiz %s%s", text, error ? " (the generator is not served)" : "");
    if (error && strcmp(c->last, path) != 0) {
        c->failures++;
        snprintf(c->last, sizeof c->last, "%s", path);
    }
}

/* The generators of the set being replaced whose file failed this time (see keep_last_good). */
static int keep_last_good_quizzes(const ad_lessons *l, arbl_quizbook *book, struct load_report *c)
{
    const ad_lesson_set *old = l->current;
    const arbl_quizbook *prev = old ? old->quizzes : NULL;
    int kept = 0;
    for (int i = 0; prev && i < arbl_quizbook_count(prev); i++) {
        const arbl_quiz *was = arbl_quizbook_at(prev, i);
        bool reloaded = false;
        for (int j = 0; j < arbl_quizbook_count(book) && !reloaded; j++)
            reloaded = strcmp(arbl_quizbook_at(book, j)->path, was->path) == 0;
        if (reloaded || !still_there(was->path))
            continue;
        if (arbl_quizbook_keep(book, was, quiz_report, c)) {
            kept++;
            ad_log(AD_LOG_WARN, "quiz %s: the file fails; still serving generator '%s' as loaded in generation %lu",
                   was->path, was->id, old->generation);
        }
    }
    return kept;
}

void ad_quizzes_lua_load(const ad_lessons *l, ad_lesson_set *set)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/quizzes", l->dir);
    struct stat st;
    if (stat(dir, &st) != 0 && errno == ENOENT) {
        ad_log(AD_LOG_WARN, "no quiz directory %s: no quizzes served", dir);
        return;
    }
    arbl_limits limits = {l->quiz_limits.memory, l->quiz_limits.instructions, l->quiz_limits.deadline_ms,
                          l->cancel};
    arbl_quizbook *book = arbl_quizbook_new(&limits);
    if (!book) {
        ad_log(AD_LOG_ERROR, "quizzes: out of memory: no quizzes served");
        set->quiz_failures = 1;
        return;
    }
    struct load_report c = {0};
    if (arbl_quizbook_load_dir(book, dir, quiz_report, &c) < 0) {
        ad_log(AD_LOG_WARN, "quiz directory %s cannot be read: no quizzes served", dir);
        arbl_quizbook_free(book);
        set->quiz_failures = 1;
        return;
    }
    set->quiz_stale = keep_last_good_quizzes(l, book, &c);
    set->quizzes = book;
    set->quiz_count = arbl_quizbook_count(book);
    set->quiz_failures = c.failures;
}

void ad_quizzes_lua_unload(ad_lesson_set *set)
{
    arbl_quizbook_free(set->quizzes);
    set->quizzes = NULL;
}

static void puzzle_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    struct load_report *c = ud;
    bool error = strcmp(level, "error") == 0;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    ad_log(error ? AD_LOG_WARN : AD_LOG_DEBUG, "puzzle %s%s", text, error ? " (the puzzle is not served)" : "");
    if (error && strcmp(c->last, path) != 0) {
        c->failures++;
        snprintf(c->last, sizeof c->last, "%s", path);
    }
}

/* The puzzle scripts of the set being replaced whose file failed this time (see keep_last_good). */
static int keep_last_good_puzzles(const ad_lessons *l, arbl_puzzlebox *box, struct load_report *c)
{
    const ad_lesson_set *old = l->current;
    const arbl_puzzlebox *prev = old ? old->puzzle_box : NULL;
    int kept = 0;
    for (int i = 0; prev && i < arbl_puzzlebox_count(prev); i++) {
        const arbl_puzzle *was = arbl_puzzlebox_at(prev, i);
        bool reloaded = !was->chunk; /* a mate-file line: read again from the file */
        for (int j = 0; j < arbl_puzzlebox_count(box) && !reloaded; j++)
            reloaded = strcmp(arbl_puzzlebox_at(box, j)->path, was->path) == 0;
        if (reloaded || !still_there(was->path))
            continue;
        if (arbl_puzzlebox_keep(box, was, puzzle_report, c)) {
            kept++;
            ad_log(AD_LOG_WARN, "puzzle %s: the file fails; still serving puzzle '%s' as loaded in generation %lu",
                   was->path, was->id, old->generation);
        }
    }
    return kept;
}

void ad_puzzles_lua_load(const ad_lessons *l, ad_lesson_set *set)
{
    /* The scripts run with the lesson budgets: a puzzle answer is a lesson-sized run. */
    arbl_limits limits = {l->limits.memory, l->limits.instructions, l->limits.deadline_ms, l->cancel};
    arbl_puzzlebox *box = arbl_puzzlebox_new(&limits);
    if (!box) {
        ad_log(AD_LOG_ERROR, "puzzles: out of memory: only the mate file is served");
        set->puzzle_script_failures = 1;
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/puzzles/puzzles.txt", l->dir);
    for (int i = 0; i < set->puzzles.count; i++) {
        const ad_puzzle *p = &set->puzzles.items[i];
        arbl_puzzlebox_add_mate(box, p->id, p->n, p->fen, p->pos.side == ARB_WHITE, p->keys, p->source, path);
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/puzzles", l->dir);
    struct load_report c = {0};
    struct stat st;
    if (stat(dir, &st) == 0 && arbl_puzzlebox_load_dir(box, dir, puzzle_report, &c) < 0) {
        ad_log(AD_LOG_WARN, "puzzle directory %s cannot be read: only the mate file is served", dir);
        c.failures = 1;
    }
    keep_last_good_puzzles(l, box, &c);
    set->puzzle_box = box;
    set->puzzle_scripts = arbl_puzzlebox_count(box) - set->puzzles.count;
    set->puzzle_script_failures = c.failures;
}

void ad_puzzles_lua_unload(ad_lesson_set *set)
{
    arbl_puzzlebox_free(set->puzzle_box);
    set->puzzle_box = NULL;
}

/* ---- the dry run (--check-lessons) ---- */

struct dry_run {
    int failures;
    char last[1024];
};

static void dry_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    struct dry_run *c = ud;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    fprintf(stderr, "%s\n", text);
    if (strcmp(level, "error") == 0 && strcmp(c->last, path) != 0) {
        c->failures++;
        snprintf(c->last, sizeof c->last, "%s", path);
    }
}

int ad_lessons_lua_check(const char *dir, const ad_script_limits *lesson_limits, const ad_script_limits *quiz_limits)
{
    arbl_limits ll = {.memory = lesson_limits->memory, .instructions = lesson_limits->instructions,
                      .deadline_ms = lesson_limits->deadline_ms};
    arbl_limits ql = {.memory = quiz_limits->memory, .instructions = quiz_limits->instructions,
                      .deadline_ms = quiz_limits->deadline_ms};
    arbl_registry *reg = arbl_registry_new(&ll);
    struct dry_run lessons = {0}, quizzes = {0};
    int added = reg ? arbl_registry_load_dir(reg, dir, dry_report, &lessons) : -1;
    arbl_registry_free(reg);
    if (added < 0) {
        fprintf(stderr, "arbiterd: cannot read the lessons directory %s\n", dir);
        return -1;
    }
    char qdir[1024];
    snprintf(qdir, sizeof qdir, "%s/quizzes", dir);
    struct stat st;
    int qadded = 0;
    if (stat(qdir, &st) == 0) {
        arbl_quizbook *book = arbl_quizbook_new(&ql);
        qadded = book ? arbl_quizbook_load_dir(book, qdir, dry_report, &quizzes) : -1;
        arbl_quizbook_free(book);
        if (qadded < 0) {
            fprintf(stderr, "arbiterd: cannot read the quiz directory %s\n", qdir);
            return -1;
        }
    }
    char pdir[1024];
    snprintf(pdir, sizeof pdir, "%s/puzzles", dir);
    struct dry_run puzzles = {0};
    int padded = 0;
    if (stat(pdir, &st) == 0) {
        arbl_puzzlebox *box = arbl_puzzlebox_new(&ll); /* puzzle scripts run with the lesson budgets */
        padded = box ? arbl_puzzlebox_load_dir(box, pdir, dry_report, &puzzles) : -1;
        arbl_puzzlebox_free(box);
        if (padded < 0) {
            fprintf(stderr, "arbiterd: cannot read the puzzle directory %s\n", pdir);
            return -1;
        }
    }
    printf("%s: %d lessons pass, %d fail; %d quiz generators pass, %d fail; %d puzzle scripts pass, %d fail\n", dir,
           added, lessons.failures, qadded, quizzes.failures, padded, puzzles.failures);
    return lessons.failures + quizzes.failures + puzzles.failures;
}
