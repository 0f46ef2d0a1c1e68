/* The `arbiter` Lua module, assembled from its files as Lua's linit.c assembles its libraries:
 * positions (binding_position.c), games (binding_game.c), explanations (binding_explain.c),
 * random play (binding_random.c), the mate solver (binding_mate.c), dead positions
 * (binding_dead.c), answers (binding_answer.c) and texts (binding_text.c); squares, pieces and
 * moves as Lua values are in binding_move.c, explanations in binding_reason.c. Glue only: each
 * function checks its arguments, makes one engine call and pushes the result; no chess rule
 * lives here. Positions and games are immutable userdata. */
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

static int l_languages(lua_State *L)
{
    const char *const *langs = arb_languages();
    lua_newtable(L);
    for (int i = 0; langs[i]; i++) {
        lua_pushstring(L, langs[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_lang(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    lua_pushstring(L, sb ? sb->lang : "en");
    return 1;
}

/* arbiter.is_square(text) -> whether text names a square */
static int l_is_square(lua_State *L)
{
    const char *s = luaL_checkstring(L, 1);
    lua_pushboolean(L, strlen(s) == 2 && arb_square_parse(s) != ARB_NO_SQUARE);
    return 1;
}

static const luaL_Reg module_fns[] = {
    {"languages", l_languages}, {"lang", l_lang}, {"is_square", l_is_square}, {NULL, NULL},
};

/* The module table's parts, in this order. */
static const luaL_Reg *const parts[] = {
    arbl_position_fns, arbl_game_fns, arbl_random_fns, module_fns, arbl_mate_fns,
    arbl_answer_fns, arbl_dead_fns, arbl_explain_fns, arbl_text_fns, arbl_annotate_fns, NULL,
};

static void new_class(lua_State *L, const char *name, const luaL_Reg *methods, const luaL_Reg *meta)
{
    luaL_newmetatable(L, name);
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
    if (meta)
        luaL_setfuncs(L, meta, 0);
}

int luaopen_arbiter(lua_State *L)
{
    new_class(L, ARBL_POSITION_MT, arbl_position_methods, arbl_position_meta);
    lua_getfield(L, -1, "__index");
    luaL_setfuncs(L, arbl_explain_fns, 0); /* pos:explain(...) as well as arbiter.explain(pos, ...) */
    lua_pop(L, 2);
    new_class(L, ARBL_GAME_MT, arbl_game_methods, arbl_game_meta);
    lua_pop(L, 1);
    new_class(L, ARBL_RANDOM_MT, arbl_random_methods, NULL);
    lua_pop(L, 1);
    lua_newtable(L);
    for (int i = 0; parts[i]; i++)
        luaL_setfuncs(L, parts[i], 0);
    lua_pushstring(L, arb_version());
    lua_setfield(L, -2, "version");
    return 1;
}
