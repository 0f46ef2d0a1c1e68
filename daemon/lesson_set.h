/* The loaded lesson set: one book per kind of content of the lessons directory (its lessons, the
 * quiz generators of DIR/quizzes, the puzzles of DIR/puzzles and its mate file), swapped
 * atomically on reload (SIGHUP): requests hold a reference to the set they started with, so a
 * reload never drops or changes a request in flight. */
#ifndef AD_LESSON_SET_H
#define AD_LESSON_SET_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lesson_cache.h"
#include "mate_file.h"

/* The kinds of content of a set, in the order they load. */
enum ad_kind { AD_LESSONS, AD_QUIZZES, AD_PUZZLES, AD_KINDS };

/* What one kind's load gave: items served (the puzzles: the mate file's lines and the scripts),
 * files that failed to load or their check, and of the served those whose file now fails (served
 * as last loaded). */
typedef struct ad_book_counts {
    int served, failures, stale;
} ad_book_counts;

struct arbl_book;

typedef struct ad_lesson_set {
    atomic_int refs;
    unsigned long generation;   /* 1 for the first load, +1 per reload */
    /* The books (lua/book.h) of each kind, Lua only (NULL: none). Filled before the set is
     * published, read-only afterwards: each request runs its scripts in its own sandbox. */
    struct arbl_book *books[AD_KINDS];
    ad_book_counts counts[AD_KINDS];
    char **names;               /* without Lua: file names of the lessons listed (counts[AD_LESSONS]) */
    ad_answer_cache *answers;   /* answers given from this set (NULL: caching off); dropped with it */
    ad_puzzle_list puzzles;     /* DIR/puzzles/puzzles.txt; read-only once published */
    bool unreadable;            /* the empty set served because the directory could not be read */
} ad_lesson_set;

struct ad_lessons;

/* Fills a fresh set from l->dir; returns false only if the directory cannot be read at all.
 * With Lua (AD_HAVE_LUA) every file is run and checked, and only what passes is served; without
 * it, the lessons' *.lua files are only listed. */
typedef bool (*ad_lesson_loader)(const struct ad_lessons *l, ad_lesson_set *set);
typedef void (*ad_lesson_unloader)(ad_lesson_set *set);

/* Budgets of one lesson script run (0: the runtime's defaults). */
typedef struct ad_script_limits {
    size_t memory;
    uint64_t instructions;
    uint32_t deadline_ms;
} ad_script_limits;

typedef struct ad_lessons {
    pthread_mutex_t lock;
    ad_lesson_set *current;
    char dir[512];
    ad_script_limits limits;      /* lessons and puzzle scripts */
    ad_script_limits quiz_limits; /* quiz generators (0 fields: runtime defaults) */
    ad_lesson_loader load;
    ad_lesson_unloader unload;
    unsigned long generation;
    size_t cache_entries;       /* bounds of each set's answer cache (0: no cache) */
    const atomic_bool *cancel;  /* set while loading: the scripts being loaded stop (SIGTERM) */
    size_t cache_bytes;
    int threads;                /* files checked at once while loading (ad_lessons_init: the cores) */
} ad_lessons;

void ad_lessons_init(ad_lessons *l, const char *dir, const ad_script_limits *limits);
/* What one load refused: lesson files, quiz generator files, puzzle lines and scripts. */
typedef struct ad_load_failures {
    int lessons, quizzes, puzzles;
} ad_load_failures;

/* Loads a new set (lessons, then quizzes, then puzzles) and swaps it in; the old one is freed
 * when its last request ends. Returns the new set's lesson failures and fills *failed (may be
 * NULL), or returns -1 with *failed zero if the directory could not be read (the old set stays,
 * quizzes and puzzles included). Call from one thread at a time (the main thread). */
int ad_lessons_reload(ad_lessons *l, ad_load_failures *failed);
ad_lesson_set *ad_lessons_acquire(ad_lessons *l);
void ad_lessons_release(ad_lessons *l, ad_lesson_set *set);
void ad_lessons_free(ad_lessons *l);

#ifdef AD_HAVE_LUA
/* The Lua loader (lesson_set_lua.c): one book per kind, each file run and checked; a file that
 * fails its check is logged and counted, and one the set served before keeps its last good
 * version (a reload never takes it offline). The whole load ends by one deadline. */
bool ad_lessons_lua_load(const ad_lessons *l, ad_lesson_set *set);
void ad_lessons_lua_unload(ad_lesson_set *set);
/* --check-lessons DIR: loads every kind as a reload would, without serving; prints each problem
 * as file:line on stderr and a summary on stdout. Returns the number of files that fail, or -1
 * if a directory cannot be read. */
int ad_lessons_lua_check(const char *dir, const ad_script_limits *lesson_limits, const ad_script_limits *quiz_limits);
#endif

#endif
