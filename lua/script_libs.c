/* The libraries of a script's state: the allowed part of Lua's (bounded.c) and the `arbiter`
 * module (binding.c), handed to arbl_sandbox_open by the runtimes. */
#include <lauxlib.h>

#include "binding.h"
#include "bounded.h"
#include "script_libs.h"

int arbl_open_script_libs(lua_State *L)
{
    arbl_bounded_install(L);
    luaL_requiref(L, "arbiter", luaopen_arbiter, 1);
    lua_pop(L, 1);
    /* luaL_requiref records modules in the registry's _LOADED table; drop it. */
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    return 0;
}
