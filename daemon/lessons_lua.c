/* The lesson set's loader when Lua is linked in: the lesson registry of lua/ (every file run,
 * checked by the linter, compiled once); lessons that fail their check are logged, not served. */
#include <stdio.h>
#include <string.h>

#include "../lua/lessons.h"
#include "lessons.h"
#include "log.h"

struct load_report {
    int failures;      /* files with at least one error */
    char last[1024];   /* the last file that had an error (reports come file by file) */
};

static void report(void *ud, const char *path, const char *level, int step, const char *message)
{
    struct load_report *c = ud;
    bool error = strcmp(level, "error") == 0;
    char where[32] = "";
    if (step > 0)
        snprintf(where, sizeof where, " step %d", step);
    ad_log(error ? AD_LOG_WARN : AD_LOG_DEBUG, "lesson %s%s: %s: %s%s", path, where, level, message,
           error ? " (the lesson is not served)" : "");
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
