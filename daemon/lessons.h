/* The loaded lesson set, swapped atomically on reload (SIGHUP): requests hold a reference to
 * the set they started with, so a reload never drops or changes a request in flight. */
#ifndef AD_LESSONS_H
#define AD_LESSONS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct ad_lesson_set {
    atomic_int refs;
    unsigned long generation;   /* 1 for the first load, +1 per reload */
    int count;                  /* lessons loaded */
    int failures;               /* files that failed to load */
    char **names;               /* file names of the loaded lessons */
    void *runtime;              /* the Lua runtime's data, when it is linked in */
} ad_lesson_set;

/* Fills a fresh set from dir; returns false only if dir cannot be read at all. The Lua lesson
 * runtime installs its own loader; the default one lists the *.lua files without running them. */
typedef bool (*ad_lesson_loader)(const char *dir, ad_lesson_set *set);
typedef void (*ad_lesson_unloader)(ad_lesson_set *set);

typedef struct ad_lessons {
    pthread_mutex_t lock;
    ad_lesson_set *current;
    char dir[512];
    ad_lesson_loader load;
    ad_lesson_unloader unload;
    unsigned long generation;
} ad_lessons;

void ad_lessons_init(ad_lessons *l, const char *dir);
/* Loads a new set and swaps it in; the old one is freed when its last request ends. Returns the
 * new set's failures, or -1 if the directory could not be read (the old set stays). */
int ad_lessons_reload(ad_lessons *l);
ad_lesson_set *ad_lessons_acquire(ad_lessons *l);
void ad_lessons_release(ad_lessons *l, ad_lesson_set *set);
void ad_lessons_free(ad_lessons *l);

#endif
