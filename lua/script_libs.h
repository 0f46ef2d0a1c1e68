/* The libraries of a script's state, as Lua's linit.c chooses a state's libraries: the
 * sandbox (sandbox.c) is handed this installer, so it knows no library itself. */
#ifndef ARBL_SCRIPT_LIBS_H
#define ARBL_SCRIPT_LIBS_H

#include <lua.h>

/* Installs the allowed part of Lua's libraries, every function bounded in time (bounded.c),
 * then the `arbiter` module (binding.c). Run under lua_pcall by arbl_sandbox_open. */
int arbl_open_script_libs(lua_State *L);

#endif
