/* The lesson set's Lua loaders: the lesson registry of lua/ (every file run, checked by the
 * linter, compiled once) and the quiz book of DIR/quizzes (every generator run and made to
 * generate once); files that fail their check are logged, counted and not served. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../lua/lessons.h"
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

bool ad_lessons_lua_load(const ad_lessons *l, ad_lesson_set *set)
{
    arbl_limits limits = {l->limits.memory, l->limits.instructions, l->limits.deadline_ms};
    arbl_registry *reg = arbl_registry_new(&limits);
    if (!reg)
        return false;
    struct load_report c = {0};
    int added = arbl_registry_load_dir(reg, l->dir, report, &c);
    if (added < 0) {
        arbl_registry_free(reg);
        return false;
    }
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

void ad_quizzes_lua_load(const ad_lessons *l, ad_lesson_set *set)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/quizzes", l->dir);
    struct stat st;
    if (stat(dir, &st) != 0 && errno == ENOENT) {
        ad_log(AD_LOG_WARN, "no quiz directory %s: no quizzes served", dir);
        return;
    }
    arbl_limits limits = {l->quiz_limits.memory, l->quiz_limits.instructions, l->quiz_limits.deadline_ms};
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
    set->quizzes = book;
    set->quiz_count = arbl_quizbook_count(book);
    set->quiz_failures = c.failures;
}

void ad_quizzes_lua_unload(ad_lesson_set *set)
{
    arbl_quizbook_free(set->quizzes);
    set->quizzes = NULL;
}
