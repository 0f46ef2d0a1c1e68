/* Script files for the book (book.c): a folder's *.lua files in name order, reading a file with
 * a size cap, compiled chunks as bytes, checks of the texts a script hands back, and small string
 * helpers. */
#ifndef ARBL_SCRIPTS_H
#define ARBL_SCRIPTS_H

#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

#include "sandbox.h"

/* The paths ("dir/name.lua") of the non-hidden *.lua files in dir, sorted by name (*count of
 * them); NULL if dir cannot be opened or memory runs out. Free with arbl_free_scripts. */
char **arbl_list_scripts(const char *dir, size_t *count);
void arbl_free_scripts(char **paths, size_t count);

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
