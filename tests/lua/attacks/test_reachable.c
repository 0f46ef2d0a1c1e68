/* Every C function a script can reach is guarded, and the list of them is the reviewed one
 * (reachable.txt): the state a lesson answer and a quiz run in is walked from the registry (the
 * globals, the binding's classes), the string metatable and what the iterator factories return;
 * every one must be behind the deadline check ("guarded"), except the binding's own functions
 * ("host": engine calls with their own limits), and every one must be in the list with the
 * reason its single call is bounded, so that a library upgrade or a new binding function cannot
 * slip in without review.
 * Usage: test_lua_reachable reachable.txt [--print] */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounded.h"
#include "harness.h"
#include "sandbox.h"
#include "script_libs.h"

extern const char *const arbl_prelude_text;
extern const size_t arbl_prelude_len;
extern const char *const arbl_quiz_prelude_text;
extern const size_t arbl_quiz_prelude_len;
extern const char *const arbl_common_text;
extern const size_t arbl_common_len;
extern const char *const arbl_library_text;
extern const size_t arbl_library_len;

#define MAX_FOUND 1024
static char *found[MAX_FOUND];
static int nfound;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int noted;          /* stack index of the table of C functions already found */
static bool with_upvalues; /* second pass: also what Lua closures (the preludes) captured */

static void note_function(lua_State *L, int idx, const char *path)
{
    lua_pushvalue(L, idx);
    if (lua_rawget(L, noted) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, noted);
    bool guarded = arbl_is_guarded(lua_tocfunction(L, idx));
    char entry[600];
    snprintf(entry, sizeof entry, "%s %s", path, guarded ? "guarded" : "host");
    if (nfound < MAX_FOUND)
        found[nfound++] = strdup(entry);
}

/* Sorted string form of the keys of the table at t (for a walk in the same order every run). */
static int sorted_keys(lua_State *L, int t, char keys[][96], int max)
{
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, t) && n < max) {
        if (lua_type(L, -2) == LUA_TSTRING)
            snprintf(keys[n++], 96, "%s", lua_tostring(L, -2));
        else if (lua_isinteger(L, -2))
            snprintf(keys[n++], 96, "[%lld]", (long long)lua_tointeger(L, -2));
        lua_pop(L, 1);
    }
    qsort(keys, (size_t)n, 96, (int (*)(const void *, const void *))strcmp);
    return n;
}

static void walk(lua_State *L, int idx, const char *path, int visited, int depth);

static void walk_table(lua_State *L, int t, const char *path, int visited, int depth)
{
    static char keys[8][512][96];
    if (depth >= 8)
        return;
    int n = sorted_keys(L, t, keys[depth], 512);
    for (int i = 0; i < n; i++) {
        const char *k = keys[depth][i];
        if (k[0] == '[')
            lua_rawgeti(L, t, atoll(k + 1));
        else
            lua_getfield(L, t, k);
        char sub[512];
        snprintf(sub, sizeof sub, "%s.%s", path, k);
        bool gc = strcmp(k, "__gc") == 0; /* run by the collector, never by a script */
        if (!gc)
            walk(L, lua_gettop(L), sub, visited, depth + 1);
        lua_pop(L, 1);
    }
    if (lua_getmetatable(L, t)) {
        char sub[512];
        snprintf(sub, sizeof sub, "%s<mt>", path);
        walk(L, lua_gettop(L), sub, visited, depth + 1);
        lua_pop(L, 1);
    }
}

static void walk(lua_State *L, int idx, const char *path, int visited, int depth)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if (t == LUA_TFUNCTION && lua_iscfunction(L, idx)) {
        note_function(L, idx, path);
    } else if (t == LUA_TFUNCTION && with_upvalues) { /* a Lua closure (prelude): what it captured */
        lua_pushvalue(L, idx);
        if (lua_rawget(L, visited) != LUA_TNIL) {
            lua_pop(L, 1);
            return;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, idx);
        lua_pushboolean(L, 1);
        lua_rawset(L, visited);
        for (int i = 1;; i++) {
            const char *name = lua_getupvalue(L, idx, i);
            if (!name)
                break;
            char sub[512];
            snprintf(sub, sizeof sub, "%s^%s", path, *name ? name : "?");
            walk(L, lua_gettop(L), sub, visited, depth + 1);
            lua_pop(L, 1);
        }
    } else if (t == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, visited) != LUA_TNIL) {
            lua_pop(L, 1);
            return;
        }
        lua_pop(L, 1);
        lua_pushvalue(L, idx);
        lua_pushboolean(L, 1);
        lua_rawset(L, visited);
        walk_table(L, idx, path, visited, depth);
    } else if (t == LUA_TUSERDATA && lua_getmetatable(L, idx)) {
        char sub[512];
        snprintf(sub, sizeof sub, "%s<mt>", path);
        walk(L, lua_gettop(L), sub, visited, depth + 1);
        lua_pop(L, 1);
    }
}

/* Calls the global function `name` of the script state with a sample argument and walks what it
 * returns (iterators made by C). */
static void walk_returned(lua_State *L, const char *code, const char *path, int visited)
{
    int base = lua_gettop(L);
    if (luaL_loadstring(L, code) != LUA_OK || lua_pcall(L, 0, LUA_MULTRET, 0) != LUA_OK) {
        harness_begin("reachable.factories");
        CHECK_MSG(false, "%s: %s", code, lua_tostring(L, -1));
        lua_pop(L, 1);
        return;
    }
    for (int i = base + 1; i <= lua_gettop(L); i++)
        walk(L, i, path, visited, 0);
    lua_settop(L, base);
}

static void walk_state(const char *prelude, size_t len, const char *name, bool library)
{
    arbl_sandbox sb;
    arbl_limits lim = {.memory = 8u << 20};
    harness_begin("reachable.open");
    CHECK(arbl_sandbox_open(&sb, &lim, "en", arbl_open_script_libs));
    lua_State *L = sb.L;
    char err[256];
    arbl_sandbox_arm(&sb);
    /* as the book opens a runtime: the shared chunk, then the prelude with (no frame, its table) */
    CHECK(luaL_loadbufferx(L, arbl_common_text, arbl_common_len, "=common", "t") == LUA_OK &&
          arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err) == LUA_OK);
    if (library) { /* the kinds that hand scripts a library build on library.lua too */
        CHECK(luaL_loadbufferx(L, arbl_library_text, arbl_library_len, "=library", "t") == LUA_OK);
        lua_pushnil(L);
        lua_pushvalue(L, 1);
        CHECK(arbl_sandbox_pcall(&sb, 2, 1, err, sizeof err) == LUA_OK);
        lua_settop(L, 1);
    }
    CHECK(luaL_loadbufferx(L, prelude, len, name, "t") == LUA_OK);
    lua_pushnil(L);
    lua_pushvalue(L, 1);
    CHECK(arbl_sandbox_pcall(&sb, 2, 1, err, sizeof err) == LUA_OK);
    lua_settop(L, 0);
    arbl_sandbox_lock(&sb);
    lua_newtable(L);
    noted = lua_gettop(L);
    int visited = 0;
    for (int pass = 0; pass < 2; pass++) { /* tables first: a function is named where a script finds it */
        with_upvalues = pass == 1;
        lua_settop(L, noted);
        lua_newtable(L);
        visited = lua_gettop(L);
        walk(L, LUA_REGISTRYINDEX, "registry", visited, 0);
        lua_pushliteral(L, "");
        lua_getmetatable(L, -1);
        walk(L, -1, "\"\"<mt>", visited, 0);
        lua_pop(L, 2);
    }
    /* the factories, called the way a script calls them (through the locked globals) */
    walk_returned(L, "return pairs({})", "pairs()", visited);
    walk_returned(L, "return ipairs({})", "ipairs()", visited);
    walk_returned(L, "return string.gmatch('a', 'a')", "gmatch()", visited);
    walk_returned(L, "return utf8.codes('a')", "codes()", visited);
    walk_returned(L, "return pairs(string)", "pairs(view)", visited);
    arbl_sandbox_close(&sb);
}

/* The name a script knows a function by: the globals and the read-only views left out
 * ("registry.[2]<mt>.__index.string<mt>.__index.upper" is "string.upper"). */
static char *script_name(const char *path)
{
    char *s = strdup(path), *p; /* "path kind": the kind stays at the end */
    const char *drop[] = {"registry.[2]<mt>.__index.", "registry.", NULL};
    for (int i = 0; drop[i]; i++)
        if (strncmp(s, drop[i], strlen(drop[i])) == 0) {
            memmove(s, s + strlen(drop[i]), strlen(s) - strlen(drop[i]) + 1);
            break;
        }
    while ((p = strstr(s, "<mt>.__index.")))
        memmove(p, p + 12, strlen(p + 12) + 1);
    if (strncmp(s, "[2]", 3) == 0) { /* the global table's own view */
        memmove(s + 2, s + 3, strlen(s + 3) + 1);
        s[0] = '_';
        s[1] = 'G';
    }
    return s;
}

static void free_names(char **all, const char **names)
{
    for (int i = 0; i < nfound; i++)
        free(all[i]);
    free(all);
    free(names);
}

int main(int argc, char **argv)
{
    const char *list = argc > 1 ? argv[1] : "reachable.txt";
    bool print = argc > 2 && strcmp(argv[2], "--print") == 0;
    walk_state(arbl_prelude_text, arbl_prelude_len, "=prelude", false);
    walk_state(arbl_quiz_prelude_text, arbl_quiz_prelude_len, "=quiz_prelude", true);

    /* names a script finds the functions by (and their kind), deduplicated */
    char **all = calloc((size_t)nfound + 1, sizeof *all);
    const char **names = calloc((size_t)nfound + 1, sizeof *names);
    for (int i = 0; i < nfound; i++) {
        all[i] = script_name(found[i]);
        free(found[i]);
    }
    qsort(all, (size_t)nfound, sizeof *all, cmp_str);
    int m = 0;
    for (int i = 0; i < nfound; i++)
        if (m == 0 || strcmp(names[m - 1], all[i]) != 0)
            names[m++] = all[i];
    if (print) {
        for (int i = 0; i < m; i++)
            printf("%s\n", names[i]);
        free_names(all, names);
        return 0;
    }

    for (int i = 0; i < m; i++) {
        harness_begin("reachable.guarded");
        const char *kind = strrchr(names[i], ' ') + 1;
        CHECK_MSG(strcmp(kind, "guarded") == 0 || strncmp(names[i], "arbiter.", 8) == 0,
                  "%s: a C function of the libraries without the deadline check", names[i]);
    }
    /* the reviewed list: "name kind  why its one call is bounded" */
    FILE *f = fopen(list, "r");
    harness_begin("reachable.list");
    CHECK_MSG(f != NULL, "cannot read %s", list);
    if (!f) {
        free_names(all, names);
        return harness_finish();
    }
    char line[512];
    static char listed[MAX_FOUND][160];
    int nlisted = 0;
    while (fgets(line, sizeof line, f) && nlisted < MAX_FOUND) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char name[120], kind[16], why[8] = "";
        int got = sscanf(line, "%119s %15s %7s", name, kind, why);
        CHECK_MSG(got == 3, "%s: a line needs a name, guarded or host, and the reason: %s", list, line);
        snprintf(listed[nlisted], sizeof listed[0], "%s %s", name, kind);
        nlisted++;
    }
    fclose(f);
    for (int i = 0; i < m; i++) {
        bool known = false;
        for (int j = 0; j < nlisted && !known; j++)
            known = strcmp(listed[j], names[i]) == 0;
        harness_begin("reachable.reviewed");
        CHECK_MSG(known, "%s is reachable from scripts but not in %s: review why one call is bounded, then list it",
                  names[i], list);
    }
    for (int j = 0; j < nlisted; j++) {
        bool seen = false;
        for (int i = 0; i < m && !seen; i++)
            seen = strcmp(listed[j], names[i]) == 0;
        harness_begin("reachable.current");
        CHECK_MSG(seen, "%s is listed in %s but no longer reachable: remove it", listed[j], list);
    }
    harness_begin("reachable.count");
    CHECK_MSG(m > 100, "only %d C functions found: the walk is broken", m);
    free_names(all, names);
    return harness_finish();
}
