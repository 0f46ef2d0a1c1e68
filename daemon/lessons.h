/* The loaded lesson set (the lessons, quiz generators and puzzles of the lessons directory),
 * swapped atomically on reload (SIGHUP): requests hold a reference to the set they started
 * with, so a reload never drops or changes a request in flight. */
#ifndef AD_LESSONS_H
#define AD_LESSONS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lesson_cache.h"
#include "puzzles.h"

typedef struct ad_lesson_set {
    atomic_int refs;
    unsigned long generation;   /* 1 for the first load, +1 per reload */
    int count;                  /* lessons loaded (and served) */
    int failures;               /* files that failed to load or failed their check */
    int stale;                  /* of count: lessons whose file now fails, served as last loaded */
    char **names;               /* file names of the loaded lessons (listing loader only) */
    void *runtime;              /* the Lua lesson registry (arbl_registry), when Lua is linked in */
    ad_answer_cache *answers;   /* answers given from this set (NULL: caching off); dropped with it */
    /* The quiz generators of DIR/quizzes (an arbl_quizbook, Lua only; NULL: none). Filled before
     * the set is published, read-only afterwards: the book is shared by the requests holding the
     * set, each of which runs its generator in its own sandbox. */
    void *quizzes;
    int quiz_count;             /* generators served */
    int quiz_failures;          /* generator files that failed to load or their check */
    int quiz_stale;             /* of quiz_count: generators whose file now fails, served as last loaded */
    ad_puzzle_list puzzles;     /* DIR/puzzles/puzzles.txt; read-only once published */
    /* Every puzzle served (an arbl_puzzlebox, Lua only; NULL: the mate file alone): the mate file's
     * lines in the same form (kind "mate", judged by the solver), then the puzzle scripts of
     * DIR/puzzles (its .lua files) that pass their check. Read-only once published. */
    void *puzzle_box;
    int puzzle_scripts;         /* scripts served */
    int puzzle_script_failures; /* script files that failed to load or their check */
} ad_lesson_set;

struct ad_lessons;

/* Fills a fresh set from l->dir; returns false only if the directory cannot be read at all.
 * With Lua (AD_HAVE_LUA) the loader is the lesson registry: every file is run and checked, and
 * only the lessons that pass are served. Without it, the *.lua files are only listed. */
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
    ad_script_limits limits;
    ad_script_limits quiz_limits; /* for the quiz book of each set (0 fields: runtime defaults) */
    ad_lesson_loader load;
    ad_lesson_unloader unload;
    unsigned long generation;
    size_t cache_entries;       /* bounds of each set's answer cache (0: no cache) */
    const atomic_bool *cancel;  /* set while loading: the scripts being loaded stop (SIGTERM) */
    size_t cache_bytes;
} ad_lessons;

void ad_lessons_init(ad_lessons *l, const char *dir, const ad_script_limits *limits);
/* What one load refused: lesson files, quiz generator files, puzzle lines (not served). */
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
/* The Lua registry loader (lessons_lua.c). */
bool ad_lessons_lua_load(const ad_lessons *l, ad_lesson_set *set);
void ad_lessons_lua_unload(ad_lesson_set *set);
/* The quiz book of DIR/quizzes into set->quizzes (lessons_lua.c): generators that fail their
 * check are logged and counted in set->quiz_failures; a missing directory leaves no quizzes. */
void ad_quizzes_lua_load(const ad_lessons *l, ad_lesson_set *set);
void ad_quizzes_lua_unload(ad_lesson_set *set);
/* The puzzle box (set->puzzle_box): the mate file's lines (set->puzzles, read before) and the
 * puzzle scripts of DIR/puzzles; scripts that fail their check are logged and counted. */
void ad_puzzles_lua_load(const ad_lessons *l, ad_lesson_set *set);
void ad_puzzles_lua_unload(ad_lesson_set *set);
/* --check-lessons DIR: loads DIR and DIR/quizzes as a reload would, without serving; prints each
 * problem as file:line on stderr and a summary on stdout. Returns the number of files that
 * fail, or -1 if a directory cannot be read. */
int ad_lessons_lua_check(const char *dir, const ad_script_limits *lesson_limits, const ad_script_limits *quiz_limits);
#endif

#endif
