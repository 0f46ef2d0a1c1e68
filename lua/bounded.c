/* The library a script sees, bounded in time. An instruction hook cannot see inside a C
 * function, so the proof is made per C function instead: every C function of the libraries a
 * script can reach checks the run's deadline on entry (a guard), and each falls in one of three
 * kinds (tests/lua/attacks/reachable.txt gives each one's reason; test_reachable walks the
 * state and fails on a function that is unguarded or not in that list):
 *   - constant or linear work in its arguments, which the memory budget bounds (string.upper,
 *     math.*, utf8.len, select, ...): the entry check is enough;
 *   - loops whose length an argument or a metamethod chooses, with no memory to pay for it
 *     (table.move/insert/remove, string.rep of "", table.sort): replaced here by versions that
 *     check the clock inside the loop;
 *   - the pattern matcher and the parser, which allocate nothing and call nothing: the matcher
 *     is refused work above a proven bound, the parser is fed in pieces with a check between.
 * Functions a C function returns (the iterators of gmatch, codes, ipairs, pairs) are guarded
 * too, and so are C functions called from C (metamethods, load readers, sort comparators),
 * because every C function value a script can hold is a guarded one. The guards are plain C
 * functions (no closure to allocate per state): one per allowed library function, calling the
 * original, read once per process from a state with Lua's libraries. The binding's functions are
 * host code, bounded by the engine's limits (perft depth, solver nodes, plies) and listed too. */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "bounded.h"
#include "sandbox.h"

/* ---- the allowed library: every function a script may call, by library ---- */

/* X(library, name): G the base library, S the string metatable's metamethods. math.random and
 * randomseed, string.dump and the base functions that reach outside (print, dofile, ...) are
 * not listed and so never exist in a script's state. */
#define LIBRARY(X)                                                                                        \
    X(G, assert) X(G, error) X(G, getmetatable) X(G, ipairs) X(G, load) X(G, next) X(G, pairs)           \
    X(G, pcall) X(G, rawequal) X(G, rawget) X(G, rawlen) X(G, select) X(G, setmetatable) X(G, tonumber) \
    X(G, tostring) X(G, type) X(G, xpcall)                                                               \
    X(string, byte) X(string, char) X(string, find) X(string, format) X(string, gmatch) X(string, gsub)  \
    X(string, len) X(string, lower) X(string, match) X(string, pack) X(string, packsize) X(string, rep)  \
    X(string, reverse) X(string, sub) X(string, unpack) X(string, upper)                                 \
    X(table, concat) X(table, insert) X(table, move) X(table, pack) X(table, remove) X(table, sort)      \
    X(table, unpack)                                                                                     \
    X(math, abs) X(math, acos) X(math, asin) X(math, atan) X(math, ceil) X(math, cos) X(math, deg)       \
    X(math, exp) X(math, floor) X(math, fmod) X(math, log) X(math, max) X(math, min) X(math, modf)       \
    X(math, rad) X(math, sin) X(math, sqrt) X(math, tan) X(math, tointeger) X(math, type) X(math, ult)  \
    X(math, atan2) X(math, cosh) X(math, frexp) X(math, ldexp) X(math, log10) X(math, pow) X(math, sinh) \
    X(math, tanh)                                                                                        \
    X(utf8, char) X(utf8, codepoint) X(utf8, codes) X(utf8, len) X(utf8, offset)                         \
    X(S, __add) X(S, __sub) X(S, __mul) X(S, __div) X(S, __mod) X(S, __pow) X(S, __unm) X(S, __idiv)

enum {
#define X(lib, name) F_##lib##_##name,
    LIBRARY(X)
#undef X
    F_ipairs_step, F_codes_step, F_codes_lax_step, /* iterators the factories return */
    F_COUNT
};

static const char *const lib_of[F_COUNT] = {
#define X(lib, name) #lib,
    LIBRARY(X)
#undef X
};
static const char *const name_of[F_COUNT] = {
#define X(lib, name) #name,
    LIBRARY(X)
#undef X
};

/* The functions of Lua's own libraries, read once (they are the same in every state). */
static lua_CFunction original[F_COUNT];
static pthread_once_t originals_once = PTHREAD_ONCE_INIT;

static void read_originals(void)
{
    lua_State *L = luaL_newstate();
    if (!L)
        return;
    luaL_openlibs(L);
    for (int i = 0; i < F_COUNT && name_of[i]; i++) {
        if (strcmp(lib_of[i], "S") == 0) {
            lua_pushliteral(L, "");
            lua_getmetatable(L, -1);
        } else if (strcmp(lib_of[i], "G") == 0) {
            lua_pushglobaltable(L);
        } else {
            lua_getglobal(L, lib_of[i]);
        }
        lua_getfield(L, -1, name_of[i]);
        original[i] = lua_tocfunction(L, -1);
        lua_settop(L, 0);
    }
    if (luaL_dostring(L, "return ipairs({}), utf8.codes(''), utf8.codes('', true)") == LUA_OK && lua_gettop(L) >= 7) {
        original[F_ipairs_step] = lua_tocfunction(L, 1);
        original[F_codes_step] = lua_tocfunction(L, 4);
        original[F_codes_lax_step] = lua_tocfunction(L, 7);
    }
    lua_close(L);
}

/* The guards: check the deadline, then run the original. */
#define GUARD(id)                                                                                          \
    static int guard_##id(lua_State *L)                                                                    \
    {                                                                                                      \
        arbl_sandbox_check(L);                                                                             \
        return original[id](L);                                                                            \
    }
#define X(lib, name) GUARD(F_##lib##_##name)
LIBRARY(X)
#undef X
GUARD(F_ipairs_step)
GUARD(F_codes_step)
GUARD(F_codes_lax_step)

static const lua_CFunction guard_of[F_COUNT] = {
#define X(lib, name) guard_F_##lib##_##name,
    LIBRARY(X)
#undef X
    guard_F_ipairs_step, guard_F_codes_step, guard_F_codes_lax_step,
};

/* The guard for C closures (upvalue 1), called through lua_call: gmatch's iterator. */
int arbl_guard_call(lua_State *L)
{
    arbl_sandbox_check(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* The guarded version of the iterator at idx (a function a library factory returned). */
static void guard_iterator(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_CFunction f = lua_tocfunction(L, idx);
    for (int i = F_ipairs_step; i <= F_codes_lax_step; i++)
        if (f && f == original[i] && !lua_getupvalue(L, idx, 1)) {
            lua_pushcfunction(L, guard_of[i]);
            lua_replace(L, idx);
            return;
        }
    if (f) {
        lua_pushvalue(L, idx);
        lua_pushcclosure(L, arbl_guard_call, 1);
        lua_replace(L, idx);
    }
}

static void clock_every(lua_State *L, lua_Integer i)
{
    if ((i & (ARBL_CLOCK_EVERY - 1)) == 0)
        arbl_sandbox_check(L);
}

/* ---- patterns ---- */

/* An upper bound on the steps Lua's backtracking matcher takes. Each repetition item (*, +,
 * -, %b, back-reference) may be tried at every subject position for each choice of the items
 * before it; '?' doubles; every path of that tree walks at most the pattern's length more; an
 * unanchored pattern is tried at every start. In gmatch a leading '^' is a plain character. */
static double pattern_steps(const char *p, size_t plen, size_t n, bool anchored_ok)
{
    double positions = (double)n + 1, paths = 1;
    size_t i = 0;
    if (anchored_ok && plen > 0 && p[0] == '^')
        i = 1;
    else
        paths = positions;
    for (; i < plen; i++) {
        char c = p[i];
        if (c == '[') { /* a set is one single-character item: skip to its closing ']' */
            i++;
            if (i < plen && p[i] == '^')
                i++;
            if (i < plen && p[i] == ']')
                i++;
            while (i < plen && p[i] != ']')
                i += p[i] == '%' ? 2 : 1;
            continue;
        }
        if (c == '%' && i + 1 < plen) {
            char d = p[i + 1];
            if (d == 'b' || (d >= '1' && d <= '9'))
                paths *= positions;
            i += d == 'b' ? 3 : 1;
        } else if (c == '*' || c == '+' || c == '-') {
            paths *= positions;
        } else if (c == '?') {
            paths *= 2;
        }
        if (paths > 1e300)
            break;
    }
    return paths * ((double)plen + 2);
}

static bool has_specials(const char *p, size_t len)
{
    return strpbrk(p, "^$*+?.([%-") != NULL || strlen(p) != len;
}

/* Shared guard of find/match/gmatch/gsub: argument 1 subject, 2 pattern. */
static void guard_pattern(lua_State *L, bool may_be_plain, bool anchored_ok)
{
    size_t n, plen;
    luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    if (plen > ARBL_PATTERN_MAX)
        luaL_error(L, "pattern longer than %d bytes (sandbox limit)", (int)ARBL_PATTERN_MAX);
    bool plain = may_be_plain && (lua_toboolean(L, 4) || !has_specials(p, plen));
    if (plain) { /* plain search: at most subject x pattern byte comparisons */
        if ((double)n * (double)plen > ARBL_PATTERN_COST)
            luaL_error(L, "searching a %d-byte text for %d bytes could take too long (sandbox limit)", (int)n,
                       (int)plen);
        return;
    }
    if (n > ARBL_PATTERN_SUBJECT_MAX)
        luaL_error(L, "pattern matching on a string longer than %d bytes (sandbox limit)",
                   (int)ARBL_PATTERN_SUBJECT_MAX);
    if (pattern_steps(p, plen, n, anchored_ok) > ARBL_PATTERN_COST)
        luaL_error(L, "pattern '%s' could backtrack too long on a %d-byte string (sandbox limit)", p, (int)n);
}

/* Every replacement below checks the deadline on entry, as the guards do. */

static int bounded_find(lua_State *L)
{
    arbl_sandbox_check(L);
    guard_pattern(L, true, true);
    return original[F_string_find](L);
}

static int bounded_match(lua_State *L)
{
    arbl_sandbox_check(L);
    guard_pattern(L, false, true);
    return original[F_string_match](L);
}

static int bounded_gsub(lua_State *L)
{
    arbl_sandbox_check(L);
    guard_pattern(L, false, true);
    return original[F_string_gsub](L);
}

/* gmatch: the pattern is never anchored; the iterator it returns is guarded too. */
static int bounded_gmatch(lua_State *L)
{
    arbl_sandbox_check(L);
    guard_pattern(L, false, false);
    int n = original[F_string_gmatch](L);
    guard_iterator(L, -n);
    return n;
}

/* utf8.codes, ipairs: the iterator they return is a C function too. */
static int guarded_codes(lua_State *L)
{
    arbl_sandbox_check(L);
    int n = original[F_utf8_codes](L);
    guard_iterator(L, -n);
    return n;
}

static int guarded_ipairs(lua_State *L)
{
    arbl_sandbox_check(L);
    int n = original[F_G_ipairs](L);
    guard_iterator(L, -n);
    return n;
}

/* string.rep: refuses results larger than the memory left before any byte is copied; a result
 * of no bytes (empty string and separator) is made without looping n times. */
static int bounded_rep(lua_State *L)
{
    arbl_sandbox_check(L);
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0 && l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (n > 0) {
        arbl_sandbox *sb = arbl_sandbox_of(L);
        double need = (double)l * (double)n + (double)lsep * (double)(n - 1);
        double left = (double)sb->limits.memory - (double)sb->used;
        if (need > left) {
            char needed[64];
            snprintf(needed, sizeof needed, "string.rep would need %.0f bytes", need);
            return arbl_sandbox_refuse(L, needed);
        }
    }
    return original[F_string_rep](L);
}

/* Lua's %q writes a string's control bytes with one sprintf each, so quoting the largest
 * string the memory budget allows is one library call of 150 ms (500 ms under ASan) that no
 * check sees. A string longer than this is quoted here instead, byte for byte as lstrlib.c's
 * addquoted does, with a deadline check between pieces. */
#define QUOTE_PIECE 4096u

static void push_quoted(lua_State *L, int arg)
{
    size_t len;
    const char *s = lua_tolstring(L, arg, &len);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addchar(&b, '"');
    for (size_t i = 0; i < len; i++) {
        if (i % QUOTE_PIECE == 0)
            arbl_sandbox_check(L);
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\' || c == '\n') {
            luaL_addchar(&b, '\\');
            luaL_addchar(&b, (char)c);
        } else if (iscntrl(c)) {
            char buff[8];
            int n = 0;
            bool digit_next = i + 1 < len && isdigit((unsigned char)s[i + 1]);
            buff[n++] = '\\';
            if (digit_next || c >= 100)
                buff[n++] = (char)('0' + c / 100);
            if (digit_next || c >= 10)
                buff[n++] = (char)('0' + c / 10 % 10);
            buff[n++] = (char)('0' + c % 10);
            luaL_addlstring(&b, buff, (size_t)n);
        } else {
            luaL_addchar(&b, (char)c);
        }
    }
    luaL_addchar(&b, '"');
    luaL_pushresult(&b);
}

/* string.format: %p (an address) is refused, a value with no __tostring is shown by its safe
 * name, not its address, and a long string's %q is quoted here (push_quoted) and given to %s. */
static int safe_format(lua_State *L)
{
    arbl_sandbox_check(L);
    size_t len;
    const char *f = luaL_checklstring(L, 1, &len);
    char *rewritten = NULL; /* the format with such %q made %s: a userdata kept on top meanwhile */
    int arg = 1, nargs = lua_gettop(L);
    for (size_t i = 0; i + 1 < len; i++) {
        if (f[i] != '%')
            continue;
        size_t j = i + 1;
        if (f[j] == '%') {
            i = j;
            continue;
        }
        arg++;
        while (j < len && strchr("-+ #0123456789.", f[j]))
            j++;
        if (j < len && f[j] == 'p')
            return luaL_error(L, "string.format: '%%p' is not available in scripts");
        /* %q takes no modifiers (Lua refuses them), so it is the two bytes "%q" */
        if (j == i + 1 && j < len && f[j] == 'q' && arg <= nargs && lua_type(L, arg) == LUA_TSTRING &&
            lua_rawlen(L, arg) > QUOTE_PIECE) {
            if (!rewritten) {
                rewritten = lua_newuserdatauv(L, len, 0);
                memcpy(rewritten, f, len);
            }
            rewritten[j] = 's';
            push_quoted(L, arg);
            lua_replace(L, arg);
        }
        i = j;
    }
    if (rewritten) {
        lua_pushlstring(L, rewritten, len);
        lua_replace(L, 1);
        lua_pop(L, 1); /* the userdata */
    }
    for (int i = 2, top = lua_gettop(L); i <= top; i++) {
        int t = lua_type(L, i);
        if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
            t == LUA_TLIGHTUSERDATA) {
            if (luaL_getmetafield(L, i, "__tostring") != LUA_TNIL) {
                lua_pop(L, 1);
                continue;
            }
            arbl_push_safe_name(L, i);
            lua_replace(L, i);
        }
    }
    return original[F_string_format](L);
}

/* ---- tostring without addresses ---- */

static const char ids_key = 0; /* registry[&ids_key]: weak table value -> number */

void arbl_push_safe_name(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    int top = lua_gettop(L);
    int t = luaL_getmetafield(L, idx, "__name");
    if (t != LUA_TSTRING) {
        if (t != LUA_TNIL)
            lua_pop(L, 1);
        lua_pushstring(L, luaL_typename(L, idx));
    }
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ids_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &ids_key);
    }
    lua_pushvalue(L, idx);
    lua_Integer id;
    if (lua_rawget(L, -2) == LUA_TNUMBER) {
        id = lua_tointeger(L, -1);
    } else {
        arbl_sandbox *sb = arbl_sandbox_of(L);
        id = sb ? ++sb->next_id : 0;
        lua_pushvalue(L, idx);
        lua_pushinteger(L, id);
        lua_rawset(L, -4);
    }
    lua_pushfstring(L, "%s: #%I", lua_tostring(L, top + 1), (LUAI_UACINT)id);
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
}

static int safe_tostring(lua_State *L)
{
    arbl_sandbox_check(L);
    luaL_checkany(L, 1);
    int t = lua_type(L, 1);
    if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
        t == LUA_TLIGHTUSERDATA) {
        if (luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
            arbl_push_safe_name(L, 1);
            return 1;
        }
        lua_pop(L, 1);
    }
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/* ---- base functions ---- */

/* xpcall's message handler runs where the error was raised: for a budget error that is inside
 * the count hook, where hooks are off. A script's handler therefore runs only for its own
 * errors; once a budget has run out the error goes through unchanged. */
static int script_handler(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (sb && sb->killed) {
        lua_settop(L, 1);
        return 1;
    }
    arbl_sandbox_check(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static int safe_xpcall(lua_State *L)
{
    arbl_sandbox_check(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, script_handler, 1);
    lua_replace(L, 2);
    return original[F_G_xpcall](L);
}

/* pairs: a __pairs metamethod as usual, else the guarded next. */
static int safe_pairs(lua_State *L)
{
    arbl_sandbox_check(L);
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    lua_pushcfunction(L, guard_F_G_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* setmetatable(t, mt) with mt read once, when it is first given. Lua reads two fields of a
 * metatable at times the script does not choose: __gc (a finalizer runs with hooks off, so it
 * could loop beyond every budget) and __mode, at every collection: weak keys make a table an
 * ephemeron, and a chain of them laid out over the table's slots makes the collector's atomic
 * phase quadratic, where no hook runs (2026-12-lua-sandbox-2.md: 9.6-12.4 s per request). Both
 * are refused, and since a field added to mt later would count too, t gets a copy of mt made
 * now, the same copy for every table mt is given to; getmetatable(t) answers mt, as usual.
 * Later changes to mt are not seen (docs/lessons.md). Weak
 * values alone ("v") are harmless: such tables are cleared in one pass. */
static const char copies_key = 0;   /* registry[&copies_key]: mt -> its copy */
static const char originals_key = 0; /* registry[&originals_key]: copy -> mt */

static void push_registry_table(lua_State *L, const char *key)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    }
}

/* Whether the table at mt has a raw __mode with weak keys (as the collector reads it). */
static bool has_weak_keys(lua_State *L, int mt)
{
    lua_pushliteral(L, "__mode");
    bool weak_keys = lua_rawget(L, mt) == LUA_TSTRING && strchr(lua_tostring(L, -1), 'k') != NULL;
    lua_pop(L, 1);
    return weak_keys;
}

/* Pushes the copy of the metatable at mt, made (and checked) on its first use. */
static void push_metatable_copy(lua_State *L, int mt)
{
    push_registry_table(L, &copies_key);
    lua_pushvalue(L, mt);
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &originals_key) == LUA_TTABLE) {
        lua_pushvalue(L, mt); /* one of the copies itself (a script cannot hold one; be safe) */
        bool is_copy = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 2);
        if (is_copy) {
            lua_pop(L, 1);
            lua_pushvalue(L, mt);
            return;
        }
    } else {
        lua_pop(L, 1);
    }
    if (lua_getfield(L, mt, "__gc") != LUA_TNIL) /* as before, even through mt's own __index */
        luaL_error(L, "__gc metamethods are not allowed in scripts");
    lua_pop(L, 1);
    if (has_weak_keys(L, mt))
        luaL_error(L, "weak keys (__mode 'k') are not allowed in scripts");
    lua_newtable(L);
    int copy = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, mt)) {
        clock_every(L, ++n);
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, copy);
    }
    lua_pushvalue(L, mt);
    lua_pushvalue(L, copy);
    lua_rawset(L, copy - 1); /* copies[mt] = copy */
    push_registry_table(L, &originals_key);
    lua_pushvalue(L, copy);
    lua_pushvalue(L, mt);
    lua_rawset(L, -3); /* originals[copy] = mt */
    lua_pop(L, 1);
    lua_remove(L, copy - 1);
}

/* Pushes the metatable of the value at idx as the script knows it: its original for a copy
 * (none: nothing pushed, returns false). */
static bool push_script_metatable(lua_State *L, int idx)
{
    if (!lua_getmetatable(L, idx))
        return false;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &originals_key) == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        if (lua_rawget(L, -2) != LUA_TNIL) {
            lua_replace(L, -3);
            lua_pop(L, 1);
            return true;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return true;
}

/* getmetatable(v): the __metatable field when there is one, else the metatable given. */
static int safe_getmetatable(lua_State *L)
{
    arbl_sandbox_check(L);
    luaL_checkany(L, 1);
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, -2) != LUA_TNIL)
        return 1;
    lua_settop(L, 1);
    push_script_metatable(L, 1);
    return 1;
}

static int safe_setmetatable(lua_State *L)
{
    arbl_sandbox_check(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    if (t == LUA_TNIL)
        lua_pushnil(L);
    else
        push_metatable_copy(L, 2);
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

/* ---- load: text only, parsed in pieces ---- */

/* load(chunk [, chunkname [, mode [, env]]]) with the mode forced to text. */
static int bounded_load(lua_State *L)
{
    arbl_sandbox_check(L);
    size_t len = 0;
    const char *s = lua_tolstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, s ? s : "=(load)");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    lua_settop(L, 4);
    lua_pushnil(L); /* slot 5: the reader's current string */
    if (!s)
        luaL_checktype(L, 1, LUA_TFUNCTION);
    int st = arbl_load_pieces(L, s, s ? len : 0, s ? 0 : 1, 5, ARBL_LOAD_MAX, name);
    if (st != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    return 1;
}

/* ---- table functions with loops a metamethod or an argument makes long ---- */

/* table.move(a1, f, e, t [, a2]): a2[t..] = a1[f..e]; returns a2. */
static int bounded_move(lua_State *L)
{
    arbl_sandbox_check(L);
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3), t = luaL_checkinteger(L, 4);
    int dst = lua_isnoneornil(L, 5) ? 1 : 5;
    luaL_checkany(L, 1);
    luaL_checkany(L, dst);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n, 4, "destination wrap around");
        bool backwards = t > f && t <= e && (dst == 1 || lua_compare(L, 1, dst, LUA_OPEQ));
        for (lua_Integer i = 0; i <= n; i++) {
            lua_Integer k = backwards ? n - i : i;
            clock_every(L, i);
            lua_geti(L, 1, f + k);
            lua_seti(L, dst, t + k);
        }
    }
    lua_pushvalue(L, dst);
    return 1;
}

/* table.insert(t, [pos,] v) */
static int bounded_insert(lua_State *L)
{
    arbl_sandbox_check(L);
    lua_Integer e = luaL_len(L, 1) + 1; /* first empty slot */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        for (lua_Integer i = e; i > pos; i--) {
            clock_every(L, i);
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/* table.remove(t [, pos]) */
static int bounded_remove(lua_State *L)
{
    arbl_sandbox_check(L);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        clock_every(L, pos);
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.sort(t [, comp]): a heap sort (n log n comparisons whatever the order function does)
 * with a clock check every ARBL_CLOCK_EVERY comparisons; a comparison of two long strings is
 * linear in them, and nothing else would look at the clock. */
struct sorter {
    lua_State *L;
    bool comp;
    lua_Integer steps;
};

static bool less(struct sorter *s, lua_Integer a, lua_Integer b)
{
    lua_State *L = s->L;
    clock_every(L, ++s->steps);
    if (s->comp) {
        lua_pushvalue(L, 2);
        lua_geti(L, 1, a);
        lua_geti(L, 1, b);
        lua_call(L, 2, 1);
    } else {
        lua_geti(L, 1, a);
        lua_geti(L, 1, b);
        lua_pushboolean(L, lua_compare(L, -2, -1, LUA_OPLT));
        lua_remove(L, -2);
        lua_remove(L, -2);
    }
    bool r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
}

static void swap(lua_State *L, lua_Integer a, lua_Integer b)
{
    lua_geti(L, 1, a);
    lua_geti(L, 1, b);
    lua_seti(L, 1, a);
    lua_seti(L, 1, b);
}

static void sift_down(struct sorter *s, lua_Integer root, lua_Integer n)
{
    for (;;) {
        lua_Integer child = 2 * root;
        if (child > n)
            return;
        if (child < n && less(s, child, child + 1))
            child++;
        if (!less(s, root, child))
            return;
        swap(s->L, root, child);
        root = child;
    }
}

static int bounded_sort(lua_State *L)
{
    arbl_sandbox_check(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 1);
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    struct sorter s = {L, !lua_isnoneornil(L, 2), 0};
    if (s.comp)
        luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    for (lua_Integer i = n / 2; i >= 1; i--)
        sift_down(&s, i, n);
    for (lua_Integer end = n; end > 1; end--) {
        swap(L, 1, end);
        sift_down(&s, 1, end - 1);
    }
    return 0;
}

/* ---- installing ---- */

static const struct {
    int id;
    lua_CFunction f;
} replacements[] = {
    {F_string_find, bounded_find},   {F_string_match, bounded_match},   {F_string_gmatch, bounded_gmatch},
    {F_string_gsub, bounded_gsub},   {F_string_rep, bounded_rep},       {F_string_format, safe_format},
    {F_utf8_codes, guarded_codes},   {F_G_ipairs, guarded_ipairs},      {F_table_move, bounded_move},
    {F_table_insert, bounded_insert}, {F_table_remove, bounded_remove}, {F_table_sort, bounded_sort},
    {F_G_load, bounded_load},        {F_G_tostring, safe_tostring},     {F_G_xpcall, safe_xpcall},
    {F_G_setmetatable, safe_setmetatable}, {F_G_getmetatable, safe_getmetatable}, {F_G_pairs, safe_pairs},
};

static lua_CFunction script_function(int id)
{
    for (size_t i = 0; i < sizeof replacements / sizeof replacements[0]; i++)
        if (replacements[i].id == id)
            return replacements[i].f;
    return guard_of[id];
}

bool arbl_is_guarded(lua_CFunction f)
{
    if (!f)
        return false;
    for (int i = 0; i < F_COUNT; i++)
        if (f == guard_of[i])
            return true;
    for (size_t i = 0; i < sizeof replacements / sizeof replacements[0]; i++)
        if (f == replacements[i].f)
            return true;
    return f == arbl_guard_call || arbl_sandbox_owns(f);
}

/* Fills the table at t with the allowed functions of library lib. */
static void fill(lua_State *L, int t, const char *lib)
{
    for (int i = 0; i < F_COUNT && name_of[i]; i++)
        if (original[i] && strcmp(lib_of[i], lib) == 0) {
            lua_pushcfunction(L, script_function(i));
            lua_setfield(L, t, name_of[i]);
        }
}

static void new_library(lua_State *L, int g, const char *name)
{
    lua_newtable(L);
    fill(L, lua_gettop(L), name);
    lua_setfield(L, g, name);
}

int arbl_bounded_install(lua_State *L)
{
    pthread_once(&originals_once, read_originals);
    if (!original[F_G_next])
        return luaL_error(L, "cannot read Lua's libraries");
    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    fill(L, g, "G");
    lua_pushvalue(L, g);
    lua_setfield(L, g, LUA_GNAME);
    lua_pushliteral(L, LUA_VERSION);
    lua_setfield(L, g, "_VERSION");
    new_library(L, g, LUA_STRLIBNAME);
    new_library(L, g, LUA_TABLIBNAME);
    new_library(L, g, LUA_UTF8LIBNAME);
    lua_getfield(L, g, LUA_UTF8LIBNAME);
    lua_pushliteral(L, "[\0-\x7F\xC2-\xFD][\x80-\xBF]*");
    lua_setfield(L, -2, "charpattern");
    lua_pop(L, 1);
    new_library(L, g, LUA_MATHLIBNAME);
    lua_getfield(L, g, LUA_MATHLIBNAME);
    lua_pushnumber(L, 3.141592653589793238462643383279502884);
    lua_setfield(L, -2, "pi");
    lua_pushnumber(L, (lua_Number)HUGE_VAL);
    lua_setfield(L, -2, "huge");
    lua_pushinteger(L, LUA_MAXINTEGER);
    lua_setfield(L, -2, "maxinteger");
    lua_pushinteger(L, LUA_MININTEGER);
    lua_setfield(L, -2, "mininteger");
    lua_pop(L, 1);
    /* Strings share one metatable: its arithmetic, then the string library as __index, hidden
     * from getmetatable so that it cannot be changed. */
    lua_pushliteral(L, "");
    lua_newtable(L);
    fill(L, lua_gettop(L), "S");
    lua_getfield(L, g, LUA_STRLIBNAME);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_settop(L, g - 1);
    return 0;
}
