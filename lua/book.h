/* A book of scripts: the one lifecycle of every kind of content (lessons, quiz generators,
 * puzzles): load a folder, run and check each file (lint, describe, verify, in every language),
 * compile it once, keep the last good version of a file that fails on reload, list and find, and
 * open a fresh sandbox with the kind's prelude to answer. A kind (lessons.h, quizzes.h,
 * puzzles.h) is one arbl_kind table plus its prelude and checker; it adds only what is its own.
 * A loaded book is read-only and safe to share between threads. */
#ifndef ARBL_BOOK_H
#define ARBL_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "runtime.h"
#include "sandbox.h"

/* What the book keeps of every item, whatever its kind: the first member of each kind's item
 * (ARBL_ENTRY), readable by its own names (lesson->id) and as a whole (&lesson->entry). */
typedef struct arbl_entry {
    char *id;
    char *path;                 /* the file (a mate-file puzzle: the mate file) */
    unsigned char *chunk;       /* compiled by the host from the file's text; NULL: not a script */
    size_t chunk_len;
    bool stale;                 /* kept from an earlier book: its file now fails */
} arbl_entry;

#define ARBL_ENTRY                                                                                                     \
    union {                                                                                                            \
        arbl_entry entry;                                                                                              \
        struct {                                                                                                       \
            char *id;                                                                                                  \
            char *path;                                                                                                \
            unsigned char *chunk;                                                                                      \
            size_t chunk_len;                                                                                          \
            bool stale;                                                                                                \
        };                                                                                                             \
    }

typedef struct arbl_book arbl_book;

/* Largest script file read (a larger text is refused as a file would be). */
#define ARBL_SCRIPT_MAX (256u << 10)

/* Where a file is at while it is checked: what the kind's hooks are given. */
typedef struct arbl_source {
    const char *path;           /* reported, and kept as the item's path */
    const char *name;           /* its chunk name (the base name of path) */
    const char *text;           /* the file's text; NULL when keeping an earlier version */
    size_t len;
} arbl_source;

/* A chunk of the host's Lua: its chunk name ("=quiz_prelude") and its embedded text. */
typedef struct arbl_lua_text {
    const char *name;
    const char *const *text;
    const size_t *len;
} arbl_lua_text;

/* One kind of content. The runtime table its prelude returns (index 1 of every sandbox) has
 * what the kind answers with; its checker adds lint(item, text, name) -> problems, describe(item)
 * -> a plain table, and may add id_line(item, text), verify(item, text, name) -> problems and
 * check_language(item, text, name) -> problems (run again under each other language). */
typedef struct arbl_kind {
    const char *name;           /* the constructor: "lesson" for lesson{...} (marked is_lesson) */
    const char *noun;           /* reports: "another <noun> already has the id" */
    arbl_lua_text prelude, checker;
    bool library;               /* its prelude builds on library.lua too (texts, read-only views) */
    /* Loading runs the script many times (its examples, a first question): budgets times these. */
    struct {
        unsigned instructions, deadline, memory;
    } check;
    size_t item_size;           /* sizeof the kind's item, whose first member is ARBL_ENTRY */
    /* Reads describe()'s table (stack index t) into item (zeroed); false with why in err. */
    bool (*read)(lua_State *L, int t, void *item, char *err, size_t errcap);
    /* Optional, after a file passed every check: a check the host makes (the quizzes' first
     * question); sb is the file's checker state. Reports its problems; false if the file fails. */
    bool (*verify)(const arbl_book *book, arbl_sandbox *sb, const void *item, const arbl_source *src,
                   arbl_report_fn report, void *ud);
    /* Optional: a number the checker's check_language gets as its fourth argument (the quizzes:
     * the seed of the first question, so that every language checks the same question). */
    lua_Integer (*language_arg)(const void *item);
    void (*free_item)(void *item);
    /* Optional: what the kind keeps per book (read once from its prelude), and its release. */
    void *(*open)(const arbl_book *book);
    void (*close)(void *data);
} arbl_kind;

arbl_book *arbl_book_new(const arbl_kind *kind, const arbl_limits *limits);
void arbl_book_free(arbl_book *book);
const arbl_kind *arbl_book_kind(const arbl_book *book);
const arbl_limits *arbl_book_limits(const arbl_book *book);
void *arbl_book_data(const arbl_book *book);

/* Loads one file after checking it: a file with errors (or a duplicate id) is reported and not
 * added; warnings are reported only. Returns true if the item was added. */
bool arbl_book_load_file(arbl_book *book, const char *path, arbl_report_fn report, void *ud);
/* The same of a file held in memory (a coach's draft); name is what reports and Lua messages
 * call it ("draft.lua" gives "draft.lua:12": a file name, no path). */
bool arbl_book_load_buffer(arbl_book *book, const char *name, const char *text, size_t len, arbl_report_fn report,
                           void *ud);

/* How a folder is loaded: files checked at once, and one bound on the whole load. */
typedef struct arbl_load {
    int threads;                /* files checked at the same time (0 or 1: one after another) */
    int64_t end_ns;             /* CLOCK_MONOTONIC time by which every check must end (0: none): the
                                   wall-clock safety net, ten times cpu_ns when the host sets both */
    int64_t cpu_ns;             /* processor time the load's checks may take together, counted in
                                   *cpu_used by the threads checking files (0 or no cpu_used: none);
                                   a busy machine then delays a load but does not cut it */
    _Atomic int64_t *cpu_used;
    bool english_only;          /* skip the runs under the other languages: for a command that only
                                   reads the book (arbiter quiz generate), and for bytes that passed
                                   every language before (the last good version kept) */
} arbl_load;

/* Loads every non-hidden *.lua file of dir, in name order (reports come in that order, and of
 * two files with one id the first is kept), then keeps the last good version of what prev
 * (may be NULL) served and whose file still exists but now fails (marked stale). Returns how
 * many files were added, -1 if dir cannot be read (nothing kept then). how may be NULL. */
int arbl_book_load_dir(arbl_book *book, const char *dir, const arbl_book *prev, const arbl_load *how,
                       arbl_report_fn report, void *ud);

/* Adds an item the kind built itself (a mate-file line), taking what it owns; false (item freed)
 * if its id is taken or memory runs out. */
bool arbl_book_add(arbl_book *book, void *item);

int arbl_book_count(const arbl_book *book);
const void *arbl_book_at(const arbl_book *book, int i);
const void *arbl_book_find(const arbl_book *book, const char *id);
int arbl_book_failures(const arbl_book *book);  /* files that failed since the book was made */
int arbl_book_stale(const arbl_book *book);     /* items kept from prev */

/* Checks one file as it is loaded, without keeping it. Returns the number of errors (1 if the
 * file cannot be read or run). */
int arbl_book_check_file(const arbl_kind *kind, const char *path, const arbl_limits *limits, arbl_report_fn report,
                         void *ud);
int arbl_book_check_buffer(const arbl_kind *kind, const char *name, const char *text, size_t len,
                           const arbl_limits *limits, arbl_report_fn report, void *ud);

/* Opens sb with the kind's prelude (the runtime table at index 1, globals locked) and runs the
 * item's compiled chunk (its table at index 2), rendering in lang: how every answer, question
 * and grade starts. False with why in err (sb closed). */
bool arbl_book_open(const arbl_book *book, const arbl_entry *item, const char *lang, arbl_sandbox *sb, char *err,
                    size_t errcap);

/* Answers with an item's script in a fresh sandbox (arbl_book_open in lang): rt[fn](item [, step],
 * answer) with the answer read as students type it (arbl_answer_fold; step 0 is not passed), its
 * result {correct, feedback, next, explanations} read into out (the feedback and explanations as
 * prose in lang). who names the item in out->error ("lesson 'castling', step 2"). Returns out->ok:
 * false when the answer is too long, the script failed or a budget ran out (out->budget). */
bool arbl_book_answer(const arbl_book *book, const arbl_entry *item, const char *fn, int step, const char *answer,
                      const char *lang, const char *who, arbl_result *out);

/* The prelude alone (what a kind reads from it once: the mate file's prompts). */
bool arbl_book_open_prelude(const arbl_book *book, const char *lang, arbl_sandbox *sb, char *err, size_t errcap);

/* The same with the kind's checker loaded on the prelude and the given budgets: for a kind's
 * deeper checks (arbiter quiz check). */
bool arbl_book_open_checker(const arbl_book *book, const arbl_entry *item, const arbl_limits *limits,
                            const char *lang, arbl_sandbox *sb, char *err, size_t errcap);

#endif
