/* The `arbiter` Lua module: the cases of binding_cases.lua ({name, language, function}), each run
 * in a fresh locked sandbox in its language; a case asserts the engine's answers (exact FENs,
 * squares, counts, codes) and returns "ok". Usage: test_lua_binding binding_cases.lua */
#include <lauxlib.h>
#include <stdlib.h>

#include "harness.h"
#include "sandbox.h"
#include "scripts.h"
#include "script_libs.h"

static const char *text;
static size_t text_len;

/* Opens sb in lang and leaves the cases table at the top; false with why in err. */
static bool open_cases(arbl_sandbox *sb, const char *lang, char *err, size_t cap)
{
    if (!arbl_sandbox_open(sb, NULL, lang, arbl_open_script_libs)) {
        snprintf(err, cap, "no sandbox");
        return false;
    }
    arbl_sandbox_lock(sb);
    int st = arbl_sandbox_load_text(sb, text, text_len, "=binding_cases.lua", err, cap);
    if (st == LUA_OK)
        st = arbl_sandbox_pcall(sb, 0, 1, err, cap);
    if (st == LUA_OK && lua_istable(sb->L, -1))
        return true;
    arbl_sandbox_close(sb);
    return false;
}

/* Case i (1-based): its name and language into name and lang; false when there is none. */
static bool case_at(lua_State *L, int i, char *name, char *lang)
{
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    snprintf(name, 96, "%s", lua_tostring(L, -2) ? lua_tostring(L, -2) : "?");
    snprintf(lang, 16, "%s", lua_tostring(L, -1) ? lua_tostring(L, -1) : "en");
    lua_pop(L, 3);
    return true;
}

static void run_case(int i, const char *name, const char *lang)
{
    harness_begin(name);
    arbl_sandbox sb;
    char err[512] = "";
    bool open = open_cases(&sb, lang, err, sizeof err);
    CHECK_MSG(open, "%s", err);
    if (!open)
        return;
    lua_rawgeti(sb.L, -1, i);
    lua_rawgeti(sb.L, -1, 3);
    int st = arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err);
    CHECK_MSG(st == LUA_OK, "%s", err);
    if (st == LUA_OK)
        CHECK_STR(lua_tostring(sb.L, -1), "ok");
    arbl_sandbox_close(&sb);
}

int main(int argc, char **argv)
{
    char err[512] = "";
    text = argc > 1 ? arbl_read_file(argv[1], 1u << 20, &text_len, err, sizeof err) : NULL;
    harness_begin("binding.cases");
    CHECK_MSG(text != NULL, "usage: test_lua_binding binding_cases.lua (%s)", err);
    arbl_sandbox sb;
    if (!text || !open_cases(&sb, "en", err, sizeof err)) {
        CHECK_MSG(false, "the cases do not load: %s", err);
        return harness_finish();
    }
    char name[96], lang[16];
    int n = 0;
    for (int i = 1; case_at(sb.L, i, name, lang); i++, n++) {
        run_case(i, name, lang);
    }
    arbl_sandbox_close(&sb);
    harness_begin("binding.cases.count");
    CHECK_MSG(n >= 30, "%d cases", n);
    free((char *)text);
    return harness_finish();
}
