/* The library a script sees, bounded in time: every C function a script can reach runs behind
 * a guard that checks the run's deadline on entry, and the few library functions whose single
 * call could loop for long (move, insert, remove, sort, rep, patterns, load) are replaced by
 * versions that check the clock inside their loops or refuse work they cannot finish in time.
 * Installed into each script's state by script_libs.c; it calls the sandbox (sandbox.c) for the
 * deadline and the piecewise loader. */
#ifndef ARBL_BOUNDED_H
#define ARBL_BOUNDED_H

#include <stdbool.h>

#include <lua.h>

/* Whether f is a guarded function: a guard of an allowed library function, a bounded
 * replacement, the closure guard, or one of the sandbox's own (they check the deadline on entry). */
bool arbl_is_guarded(lua_CFunction f);

/* The guard for C closures (upvalue 1), called through lua_call. */
int arbl_guard_call(lua_State *L);

/* Builds the allowed libraries (base, string, table, math, utf8: every function behind the
 * deadline check, the long-running ones replaced) and the string metatable into a fresh state.
 * Run under lua_pcall. */
int arbl_bounded_install(lua_State *L);

/* Loop steps (element moves, comparisons) between two clock checks. */
#define ARBL_CLOCK_EVERY 256

/* Pattern functions refuse subjects longer than this and patterns whose worst-case
 * backtracking over the subject would pass ARBL_PATTERN_COST. */
#define ARBL_PATTERN_SUBJECT_MAX (64u << 10)
#define ARBL_PATTERN_MAX 256u
#define ARBL_PATTERN_COST 20000000.0

/* The text tostring gives values that have no __tostring: "table: #3", "arbiter.game: #1":
 * the same value gets the same number within a run, and no memory address is shown. Pushes it. */
void arbl_push_safe_name(lua_State *L, int idx);

#endif
