/* Script files for the lesson and quiz loaders: a folder's *.lua files in name order, reading a
 * file with a size cap, compiled chunks as bytes, and the small string helpers both use. */
#ifndef ARBL_SCRIPTS_H
#define ARBL_SCRIPTS_H

#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

#include "sandbox.h"

/* Calls load(ctx, path) for each non-hidden *.lua file in dir, sorted by name, and returns the
 * sum of what the calls returned; -1 if dir cannot be opened or memory runs out. */
int arbl_each_script(const char *dir, int (*load)(void *ctx, const char *path), void *ctx);

/* The whole file as a NUL-terminated string of at most max bytes (*len without the NUL), or
 * NULL with why in err. */
char *arbl_read_file(const char *path, size_t max, size_t *len, char *err, size_t errcap);

/* A growing byte buffer for lua_dump (arbl_bytes_writer is its lua_Writer). */
struct arbl_bytes {
    unsigned char *data;
    size_t len, cap;
    bool failed;
};
int arbl_bytes_writer(lua_State *L, const void *p, size_t n, void *ud);

/* Compiles a trusted text chunk of the host (a prelude) once, in a scratch sandbox, and returns
 * its bytes (malloc'd, *out_len set), stripped of debug information when strip; NULL on failure
 * (callers then load the text each time). */
unsigned char *arbl_compile_text(const arbl_limits *limits, const char *text, size_t len, const char *name,
                                 bool strip, size_t *out_len);

/* Runs a lesson or quiz file's chunk (compiled bytes, or its text when bytes is NULL; dump, when
 * not NULL, keeps the compiled bytes) and leaves the table it returns, which must carry the
 * marker of `kind` ("lesson": lesson{...}, "quiz": quiz{...}); false with why in err. */
bool arbl_run_script(arbl_sandbox *sb, const char *name, const unsigned char *bytes, size_t len, const char *text,
                     size_t text_len, struct arbl_bytes *dump, const char *kind, char *err, size_t errcap);

/* With the runtime table of a prelude alone on the stack, runs a checker chunk (text, named name)
 * on it and the shared lint helpers (lint_util.lua), leaving what the checker returns in its
 * place; false with why in err (the sandbox stays open). Only loading and checking need it. */
bool arbl_load_checker(arbl_sandbox *sb, const char *text, size_t len, const char *name, char *err, size_t errcap);

/* The trusted Lua of one runtime (lessons, quizzes or puzzles): its prelude and its checker. */
typedef struct arbl_runtime {
    const char *prelude_name;     /* chunk name, "=quiz_prelude" */
    const char *prelude_label;    /* in errors: "quiz prelude" */
    const char *prelude_text;
    size_t prelude_len;
    const char *checker_name;     /* "=quiz_checker" */
    const char *checker_text;
    size_t checker_len;
} arbl_runtime;

/* Opens sb and runs the runtime's prelude in it (the host's compiled bytecode when not NULL,
 * else its text), leaving the runtime table at index 1; with checker, the checker is loaded on
 * it and the constructors record the coach's lines. The sandbox is then locked. All the runs of
 * one sandbox share one time budget. False with why in err, sb closed. */
bool arbl_runtime_open(arbl_sandbox *sb, const arbl_runtime *rt, const unsigned char *bytecode, size_t bytecode_len,
                       const arbl_limits *limits, const char *lang, bool checker, char *err, size_t errcap);

/* Reads the explanation table at stack index t (code, rule, text, squares, params: plain
 * strings, as the preludes copy them) into *e. */
struct arbl_explanation;
void arbl_read_explanation(lua_State *L, int t, struct arbl_explanation *e);

/* The offset of the first byte of s that is not well-formed UTF-8 (a NUL counts), -1 if none. */
long arbl_utf8_problem(const char *s, size_t len);

/* Looks through the plain tables under t (a lesson or quiz as its file returned it) for a string
 * that is not valid UTF-8 or holds a NUL; true with its path and the problem in where
 * ("steps[2].prompt.fa: not valid UTF-8 at byte 4"). */
bool arbl_find_bad_text(lua_State *L, int t, char *where, size_t cap);

/* Pushes frame(level), the trusted preludes' view of the call stack (never a global: the host
 * passes it to a prelude chunk as its argument): the short source name and current line of the
 * function `level` calls up from frame's caller (level 1 = that caller), or nil when there is no
 * such Lua frame or the frame below it was tail-called (`return lesson{...}`: the coach's line
 * is gone). Lets constructors record the line of the coach's `step{...}` and checkers name the
 * coach's line instead of a prelude's. */
void arbl_push_frame_fn(lua_State *L);

/* strdup that accepts NULL; the file name part of a path; a bounded, always terminated copy
 * that stays valid UTF-8 (cut at a character, ending in "…" when cut: false then). */
char *arbl_dup(const char *s);
/* arbl_dup for texts users read: malformed UTF-8 becomes U+FFFD (a JSON string must be valid). */
char *arbl_dup_text(const char *s);
/* arbl_dup_text for prose in lang (a lesson's prompt, a puzzle's success text): in a
 * right-to-left language its moves and other Latin runs are isolated (arb_message_isolate). */
char *arbl_dup_prose(const char *lang, const char *s);
/* arbl_copy_str for prose in lang, isolated the same way (as it is when that would not fit). */
void arbl_copy_prose(char *dst, size_t cap, const char *lang, const char *src);
const char *arbl_base_name(const char *path);
bool arbl_copy_str(char *dst, size_t cap, const char *src);
/* qsort comparator for arrays of structs whose first member is a NUL-terminated key: key/value
 * pairs read from a Lua table come in hash order, which changes from run to run. */
int arbl_cmp_key(const void *a, const void *b);

#endif
