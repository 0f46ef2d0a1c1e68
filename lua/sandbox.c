/* The Lua sandbox: allow-listed libraries, read-only globals and library tables, a capped
 * allocator, an instruction budget and a wall-clock deadline checked from a count hook that
 * pcall cannot swallow, and bounded replacements for the string functions that can run long
 * inside C (pattern matching, rep). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "arbiter/message.h"
#include "sandbox.h"

/* Instructions between two hook calls while the run is healthy. */
#define HOOK_STEP 1000

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

const char *arbl_budget_name(arbl_budget b)
{
    switch (b) {
    case ARBL_BUDGET_MEMORY: return "memory";
    case ARBL_BUDGET_INSTRUCTIONS: return "instruction";
    case ARBL_BUDGET_DEADLINE: return "time";
    case ARBL_BUDGET_STOPPED: return "stopped";
    default: return "none";
    }
}

/* ---- allocator: every byte the state holds is counted against the memory budget ---- */

#define ARENA_CHUNK (64u << 10)

static size_t size_class(size_t n)
{
    return (n + 15) / 16 - 1; /* 1..16 -> 0, 17..32 -> 1, ... */
}

/* A small block of class c: from its free list, else from the current chunk. */
static void *small_alloc(arbl_sandbox *sb, size_t c)
{
    void *p = sb->free_list[c];
    if (p) {
        sb->free_list[c] = *(void **)p;
        return p;
    }
    size_t size = (c + 1) * 16;
    if ((size_t)(sb->bump_end - sb->bump) < size) {
        if (sb->arena_bytes + ARENA_CHUNK > 2 * sb->limits.memory)
            return NULL;
        char *chunk = malloc(ARENA_CHUNK);
        if (!chunk)
            return NULL;
        *(void **)chunk = sb->chunks;
        sb->chunks = chunk;
        sb->arena_bytes += ARENA_CHUNK;
        sb->bump = chunk + 16;
        sb->bump_end = chunk + ARENA_CHUNK;
    }
    p = sb->bump;
    sb->bump += size;
    return p;
}

static void small_free(arbl_sandbox *sb, void *p, size_t c)
{
    *(void **)p = sb->free_list[c];
    sb->free_list[c] = p;
}

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    arbl_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (ptr) {
            if (old <= ARBL_SMALL_MAX)
                small_free(sb, ptr, size_class(old));
            else
                free(ptr);
        }
        sb->used -= old;
        return NULL;
    }
    if (nsize > old && sb->used - old + nsize > sb->limits.memory)
        return NULL; /* Lua collects and retries, or raises a memory error */
    void *p;
    if (old > ARBL_SMALL_MAX && nsize > ARBL_SMALL_MAX) {
        p = realloc(ptr, nsize);
        if (!p)
            return NULL; /* Lua 5.4 copes with any failed reallocation, shrinking included */
    } else if (ptr && old && nsize <= ARBL_SMALL_MAX && size_class(old) == size_class(nsize) &&
               old <= ARBL_SMALL_MAX) {
        p = ptr;
    } else {
        p = nsize <= ARBL_SMALL_MAX ? small_alloc(sb, size_class(nsize)) : malloc(nsize);
        if (!p)
            return NULL;
        if (ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (old <= ARBL_SMALL_MAX)
                small_free(sb, ptr, size_class(old));
            else
                free(ptr);
        }
    }
    sb->used = sb->used - old + nsize;
    if (sb->used > sb->peak)
        sb->peak = sb->used;
    return p;
}

static void release_chunks(arbl_sandbox *sb)
{
    while (sb->chunks) {
        void *next = *(void **)sb->chunks;
        free(sb->chunks);
        sb->chunks = next;
    }
    sb->arena_bytes = 0;
}

arbl_sandbox *arbl_sandbox_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

bool arbl_sandbox_charge(lua_State *L, long delta)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb)
        return true;
    if (delta < 0) {
        sb->used -= (size_t)-delta;
        return true;
    }
    if (sb->used + (size_t)delta > sb->limits.memory)
        return false;
    sb->used += (size_t)delta;
    return true;
}

/* ---- the hook: counts instructions, watches the clock; once killed it errors every time ---- */

static void sb_hook(lua_State *L, lua_Debug *ar)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb->killed) {
        sb->instructions += HOOK_STEP;
        if (sb->instructions > sb->limits.instructions)
            sb->killed = ARBL_BUDGET_INSTRUCTIONS;
        else if (now_ns() > sb->deadline_ns)
            sb->killed = ARBL_BUDGET_DEADLINE;
        else {
            if (ar && lua_getinfo(L, "l", ar) && ar->currentline > 0)
                sb->last_line = ar->currentline;
            return;
        }
        /* From now on fire on every instruction: a pcall that catches this error returns into
         * code that is stopped again at once. */
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
    }
    (void)ar;
    if (sb->killed == ARBL_BUDGET_INSTRUCTIONS)
        luaL_error(L, "instruction budget (%d instructions) ran out", (int)sb->limits.instructions);
    else if (sb->killed == ARBL_BUDGET_DEADLINE)
        luaL_error(L, "time budget (%d ms) ran out", (int)sb->limits.deadline_ms);
    else
        luaL_error(L, "the script was stopped");
}

void arbl_sandbox_arm(arbl_sandbox *sb)
{
    sb->instructions = 0;
    sb->deadline_ns = now_ns() + (int64_t)sb->limits.deadline_ms * 1000000;
    if (!sb->killed)
        lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, HOOK_STEP);
}

/* ---- bounded string functions ---- */

/* Deadline check usable from C functions (they run outside the count hook). */
static void check_clock(lua_State *L);

int arbl_sandbox_refuse(lua_State *L, const char *what)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (sb)
        sb->memory_refused = true;
    return luaL_error(L, "memory budget (%d bytes) ran out: %s", sb ? (int)sb->limits.memory : 0, what);
}

void arbl_sandbox_check(lua_State *L)
{
    check_clock(L);
}

static void check_clock(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb)
        return;
    if (!sb->killed && now_ns() > sb->deadline_ns) {
        sb->killed = ARBL_BUDGET_DEADLINE;
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
    }
    if (sb->killed)
        sb_hook(L, NULL);
}

/* An upper bound on the steps Lua's backtracking matcher may take: every repetition item
 * (*, +, -, %b, back-reference) may try each subject position for every choice of the items
 * before it; '?' doubles; an unanchored pattern is tried at every start. */
static double pattern_cost(const char *p, size_t plen, size_t n, bool anchored_ok)
{
    double positions = (double)n + 1, cost = 1;
    size_t i = 0;
    if (anchored_ok && plen > 0 && p[0] == '^')
        i = 1;
    else
        cost = positions;
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
                cost *= positions;
            i += d == 'b' ? 3 : 1;
        } else if (c == '*' || c == '+' || c == '-') {
            cost *= positions;
        } else if (c == '?') {
            cost *= 2;
        }
        if (cost > 1e300)
            break;
    }
    return cost;
}

static bool has_specials(const char *p, size_t len)
{
    return strpbrk(p, "^$*+?.([%-") != NULL || strlen(p) != len;
}

/* Shared guard of find/match/gmatch/gsub: argument 1 subject, 2 pattern. */
static void guard_pattern(lua_State *L, bool may_be_plain, bool anchored_ok)
{
    size_t n, plen;
    const char *s = luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &plen);
    (void)s;
    check_clock(L);
    if (plen > ARBL_PATTERN_MAX)
        luaL_error(L, "pattern longer than %d bytes (sandbox limit)", (int)ARBL_PATTERN_MAX);
    bool plain = may_be_plain && (lua_toboolean(L, 4) || !has_specials(p, plen));
    if (plain)
        return; /* plain search: at most subject x pattern byte comparisons */
    if (n > ARBL_PATTERN_SUBJECT_MAX)
        luaL_error(L, "pattern matching on a string longer than %d bytes (sandbox limit)",
                   (int)ARBL_PATTERN_SUBJECT_MAX);
    if (pattern_cost(p, plen, n, anchored_ok) > ARBL_PATTERN_COST)
        luaL_error(L, "pattern '%s' could backtrack too long on a %d-byte string (sandbox limit)", p,
                   (int)n);
}

static int forward(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static int bounded_find(lua_State *L)
{
    guard_pattern(L, true, true);
    return forward(L);
}

static int bounded_match(lua_State *L)
{
    guard_pattern(L, false, true);
    return forward(L);
}

static int bounded_gmatch(lua_State *L)
{
    guard_pattern(L, false, true);
    return forward(L);
}

static int bounded_gsub(lua_State *L)
{
    guard_pattern(L, false, true);
    return forward(L);
}

/* string.rep: refuses results larger than the memory left, before any byte is copied. */
static int bounded_rep(lua_State *L)
{
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    check_clock(L);
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (n > 0) {
        double need = (double)l * (double)n + (double)lsep * (double)(n - 1);
        double left = (double)sb->limits.memory - (double)sb->used;
        if (need > left) {
            char needed[64];
            snprintf(needed, sizeof needed, "string.rep would need %.0f bytes", need);
            return arbl_sandbox_refuse(L, needed);
        }
    }
    return forward(L);
}

/* ---- read-only views ---- */

static int ro_newindex(lua_State *L)
{
    const char *what = lua_tostring(L, lua_upvalueindex(1));
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "%s is read-only: cannot assign '%s' (use a local variable)", what,
                          lua_tostring(L, 2));
    return luaL_error(L, "%s is read-only", what);
}

static int ro_next(lua_State *L)
{
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1)))
        return 2;
    return 0;
}

static int ro_pairs(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, ro_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Pushes an empty table that reads through to the table at idx and refuses writes. */
static void push_readonly(lua_State *L, int idx, const char *what)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, what);
    lua_pushcclosure(L, ro_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, idx);
    lua_pushcclosure(L, ro_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* load(chunk [, chunkname [, mode [, env]]]) with the mode forced to text. */
static int text_load(lua_State *L)
{
    lua_settop(L, 4);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}

/* setmetatable refusing finalizers: Lua runs __gc with debug hooks switched off, so a
 * finalizer could loop beyond every budget. (A __gc added to the metatable later is never
 * called: objects are marked for finalization when the metatable is set.) */
static int no_gc_setmetatable(lua_State *L)
{
    if (lua_istable(L, 2) && lua_getfield(L, 2, "__gc") != LUA_TNIL)
        return luaL_error(L, "__gc metamethods are not allowed in scripts");
    lua_settop(L, 2);
    return forward(L);
}

/* ---- building the state ---- */

static const char *const base_denied[] = {
    "dofile", "loadfile", "collectgarbage", "print", "rawset", "warn", "require", NULL,
};

static void set_nil(lua_State *L, int t, const char *const *names)
{
    for (; *names; names++) {
        lua_pushnil(L);
        lua_setfield(L, t, *names);
    }
}

static void wrap(lua_State *L, int lib, const char *name, lua_CFunction f)
{
    lua_getfield(L, lib, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, lib, name);
}

static int open_libs(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base}, {LUA_STRLIBNAME, luaopen_string}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}, {"arbiter", luaopen_arbiter},
        {NULL, NULL},
    };
    for (const luaL_Reg *lib = libs; lib->name; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    /* luaL_requiref records modules in the registry's _LOADED table; drop it. */
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);

    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    set_nil(L, g, base_denied);
    wrap(L, g, "load", text_load);
    wrap(L, g, "setmetatable", no_gc_setmetatable);

    lua_getfield(L, g, LUA_STRLIBNAME);
    int s = lua_gettop(L);
    lua_pushnil(L);
    lua_setfield(L, s, "dump");
    wrap(L, s, "find", bounded_find);
    wrap(L, s, "match", bounded_match);
    wrap(L, s, "gmatch", bounded_gmatch);
    wrap(L, s, "gsub", bounded_gsub);
    wrap(L, s, "rep", bounded_rep);
    lua_pop(L, 1);

    lua_getfield(L, g, LUA_MATHLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 2);

    /* Strings share one metatable: hide it from getmetatable so it cannot be changed. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    return 0;
}

bool arbl_sandbox_open(arbl_sandbox *sb, const arbl_limits *limits, const char *lang)
{
    memset(sb, 0, sizeof *sb);
    sb->limits.memory = limits && limits->memory ? limits->memory : ARBL_DEFAULT_MEMORY;
    sb->limits.instructions = limits && limits->instructions ? limits->instructions : ARBL_DEFAULT_INSTRUCTIONS;
    sb->limits.deadline_ms = limits && limits->deadline_ms ? limits->deadline_ms : ARBL_DEFAULT_DEADLINE_MS;
    /* lang may be a tag with a digit choice ("fa-u-nu-latn"): Lua sees the language, texts are
     * rendered with the whole tag. */
    const char *base = arb_language_base(lang);
    snprintf(sb->lang, sizeof sb->lang, "%s", base ? base : lang && *lang ? lang : "en");
    const char *tag = base ? arb_language_tag(lang, ARB_DIGITS_DEFAULT) : NULL;
    snprintf(sb->tag, sizeof sb->tag, "%s", tag ? tag : sb->lang);
    sb->L = lua_newstate(sb_alloc, sb);
    if (!sb->L) {
        release_chunks(sb);
        return false;
    }
    arbl_sandbox_arm(sb);
    lua_pushcfunction(sb->L, open_libs);
    if (lua_pcall(sb->L, 0, 0, 0) != LUA_OK) {
        lua_close(sb->L);
        sb->L = NULL;
        release_chunks(sb);
        return false;
    }
    return true;
}

static int lock_libs(lua_State *L)
{
    static const char *const libs[] = {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME,
                                       "arbiter", NULL};
    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    for (const char *const *n = libs; *n; n++) {
        lua_getfield(L, g, *n);
        if (lua_istable(L, -1)) {
            push_readonly(L, -1, *n);
            lua_setfield(L, g, *n);
        }
        lua_pop(L, 1);
    }
    push_readonly(L, g, "the global table");
    lua_pushvalue(L, -1);
    lua_setfield(L, g, LUA_GNAME);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    return 0;
}

void arbl_sandbox_lock(arbl_sandbox *sb)
{
    lua_pushcfunction(sb->L, lock_libs);
    lua_pcall(sb->L, 0, 0, 0);
}

void arbl_sandbox_close(arbl_sandbox *sb)
{
    if (!sb->L)
        return;
    /* Finalizers left by the script run during lua_close: stop them at their first instruction. */
    if (!sb->killed)
        sb->killed = ARBL_BUDGET_STOPPED;
    lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, 1);
    lua_close(sb->L);
    sb->L = NULL;
    release_chunks(sb);
}

/* ---- running ---- */

/* Message handler: prefixes the line of the innermost Lua function ("line N: ") unless the
 * message already carries a position. */
static int msgh(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            char prefix[LUA_IDSIZE + 24];
            snprintf(prefix, sizeof prefix, "%s:%d:", ar.short_src, ar.currentline);
            if (strncmp(msg, prefix, strlen(prefix)) == 0)
                lua_pushstring(L, msg);
            else
                lua_pushfstring(L, "%s %s", prefix, msg);
            return 1;
        }
    }
    lua_pushstring(L, msg);
    return 1;
}

int arbl_sandbox_pcall(arbl_sandbox *sb, int nargs, int nresults, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, msgh);
    lua_insert(L, base);
    arbl_sandbox_arm(sb);
    int st = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    if (st == LUA_OK)
        return st;
    const char *msg = lua_tostring(L, -1);
    sb->stopped_by = ARBL_BUDGET_NONE;
    if (sb->killed == ARBL_BUDGET_INSTRUCTIONS || sb->killed == ARBL_BUDGET_DEADLINE)
        sb->stopped_by = sb->killed;
    else if (st == LUA_ERRMEM || sb->memory_refused)
        sb->stopped_by = ARBL_BUDGET_MEMORY;
    if (st == LUA_ERRMEM)
        snprintf(err, errcap, "line %d (or soon after): memory budget (%zu bytes) ran out", sb->last_line,
                 sb->limits.memory);
    else
        snprintf(err, errcap, "%s", msg ? msg : "error");
    lua_pop(L, 1);
    return st;
}

int arbl_sandbox_load_text(arbl_sandbox *sb, const char *text, size_t len, const char *name, char *err,
                           size_t errcap)
{
    int st = luaL_loadbufferx(sb->L, text, len, name, "t");
    if (st != LUA_OK) {
        const char *msg = lua_tostring(sb->L, -1);
        snprintf(err, errcap, "%s", st == LUA_ERRMEM ? "memory budget ran out while reading the script"
                                                    : (msg ? msg : "cannot load"));
        lua_pop(sb->L, 1);
    }
    return st;
}
