/* The reloadable lesson set: load lessons, quiz generators and puzzles into a fresh set, swap it
 * in under a mutex, reference-count the old one away. With Lua each kind is a book of lua/
 * (lesson_set_lua.c); without it, a listing of the lessons and the mate file alone. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson_set.h"
#include "log.h"

#ifndef AD_HAVE_LUA
static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

static bool list_lua_files(const ad_lessons *l, ad_lesson_set *set)
{
    const char *dir = l->dir;
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    int cap = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !has_suffix(e->d_name, ".lua"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) {
            set->counts[AD_LESSONS].failures++;
            ad_log(AD_LOG_WARN, "lesson %s: cannot be read", path);
            continue;
        }
        fclose(f);
        if (set->counts[AD_LESSONS].served == cap) {
            cap = cap ? cap * 2 : 16;
            char **names = realloc(set->names, sizeof *names * (size_t)cap);
            if (!names)
                break;
            set->names = names;
        }
        set->names[set->counts[AD_LESSONS].served] = strdup(e->d_name);
        if (set->names[set->counts[AD_LESSONS].served])
            set->counts[AD_LESSONS].served++;
    }
    closedir(d);
    ad_puzzles_read(l->dir, &set->puzzles);
    set->counts[AD_PUZZLES].served = set->puzzles.count;
    return true;
}

static void free_names(ad_lesson_set *set)
{
    for (int i = 0; i < set->counts[AD_LESSONS].served; i++)
        free(set->names[i]);
    free(set->names);
}

#endif

void ad_lessons_init(ad_lessons *l, const char *dir, const ad_script_limits *limits)
{
    memset(l, 0, sizeof *l);
    pthread_mutex_init(&l->lock, NULL);
    snprintf(l->dir, sizeof l->dir, "%s", dir);
    if (limits)
        l->limits = *limits;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    l->threads = cores < 1 ? 1 : cores > 8 ? 8 : (int)cores;
#ifdef AD_HAVE_LUA
    l->load = ad_lessons_lua_load;
    l->unload = ad_lessons_lua_unload;
#else
    l->load = list_lua_files;
    l->unload = free_names;
#endif
}

static void set_free(ad_lessons *l, ad_lesson_set *set)
{
    ad_answer_cache_free(set->answers);
    l->unload(set);
    ad_puzzles_clear(&set->puzzles);
    free(set);
}

int ad_lessons_reload(ad_lessons *l, ad_load_failures *failed)
{
    if (failed)
        *failed = (ad_load_failures){0, 0, 0};
    ad_lesson_set *set = calloc(1, sizeof *set);
    if (!set)
        return -1;
    atomic_init(&set->refs, 1); /* the reference held by l->current */
    bool loaded = l->load(l, set);
    /* SIGTERM during the load stopped its scripts: the set is not whole, so it is not served (the
     * process is on its way out; its drain serves the set it had). */
    if (loaded && l->cancel && atomic_load(l->cancel)) {
        ad_log(AD_LOG_WARN, "lessons: the reload was stopped; keeping %s",
               l->current ? "the loaded lessons" : "no lessons");
        set_free(l, set);
        return -1;
    }
    if (!loaded) {
        ad_log(AD_LOG_WARN, "lessons: cannot read directory %s; keeping %s", l->dir,
               l->current ? "the loaded lessons" : "no lessons");
        set_free(l, set);
        pthread_mutex_lock(&l->lock);
        if (!l->current) { /* start with an empty set so requests always have one */
            ad_lesson_set *empty = calloc(1, sizeof *empty);
            if (empty) {
                atomic_init(&empty->refs, 1);
                empty->generation = ++l->generation;
                empty->unreadable = true;
                l->current = empty;
            }
        }
        pthread_mutex_unlock(&l->lock);
        return -1;
    }
    set->answers = ad_answer_cache_new(l->cache_entries, l->cache_bytes);
    /* Publishing under the lock orders every write above before any request's read of the set. */
    pthread_mutex_lock(&l->lock);
    set->generation = ++l->generation;
    ad_lesson_set *old = l->current;
    l->current = set;
    pthread_mutex_unlock(&l->lock);
    const ad_book_counts *c = set->counts;
    ad_log(AD_LOG_INFO, "lessons: generation %lu, %d loaded, %d failed, from %s", set->generation,
           c[AD_LESSONS].served, c[AD_LESSONS].failures, l->dir);
    if (c[AD_LESSONS].stale || c[AD_QUIZZES].stale || c[AD_PUZZLES].stale)
        ad_log(AD_LOG_WARN, "lessons: generation %lu serves %d lessons, %d quiz generators and %d puzzles as last "
               "loaded (their files fail; fix them and reload)", set->generation, c[AD_LESSONS].stale,
               c[AD_QUIZZES].stale, c[AD_PUZZLES].stale);
    ad_log(AD_LOG_INFO, "quizzes: generation %lu, %d loaded, %d failed; puzzles: %d loaded, %d skipped; "
           "puzzle scripts: %d loaded, %d failed", set->generation, c[AD_QUIZZES].served, c[AD_QUIZZES].failures,
           set->puzzles.count, set->puzzles.failures, c[AD_PUZZLES].served - set->puzzles.count,
           c[AD_PUZZLES].failures);
    if (failed)
        *failed = (ad_load_failures){c[AD_LESSONS].failures, c[AD_QUIZZES].failures,
                                     set->puzzles.failures + c[AD_PUZZLES].failures};
    if (old)
        ad_lessons_release(l, old);
    return set->counts[AD_LESSONS].failures;
}

ad_lesson_set *ad_lessons_acquire(ad_lessons *l)
{
    pthread_mutex_lock(&l->lock);
    ad_lesson_set *set = l->current;
    if (set)
        atomic_fetch_add_explicit(&set->refs, 1, memory_order_relaxed);
    pthread_mutex_unlock(&l->lock);
    return set;
}

void ad_lessons_release(ad_lessons *l, ad_lesson_set *set)
{
    if (set && atomic_fetch_sub_explicit(&set->refs, 1, memory_order_acq_rel) == 1)
        set_free(l, set);
}

void ad_lessons_free(ad_lessons *l)
{
    if (l->current)
        ad_lessons_release(l, l->current);
    l->current = NULL;
    pthread_mutex_destroy(&l->lock);
}
