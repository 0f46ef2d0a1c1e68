/* Helpers of the `arbiter` Lua module shared with the lesson runtime. */
#ifndef ARBL_BINDING_H
#define ARBL_BINDING_H

#include <lua.h>

#include "arbiter.h"

/* Pushes an explanation table {code, text, squares, rule, params} rendered in the sandbox's
 * language. */
void arbl_push_reason(lua_State *L, const arb_reason *r);

/* The sandbox's language tag with its digit choice ("fa", "fa-u-nu-latn"), for rendering. */
const char *arbl_lang_tag(lua_State *L);

/* Adds render(), digits(), set_digits() and plural() to the module table on top (binding_text.c). */
void arbl_open_text(lua_State *L);

/* Pushes a copy of pos as an immutable position userdata; returns it. */
arb_position *arbl_push_position(lua_State *L, const arb_position *pos);

/* The position at idx, or NULL if it is not one. */
const arb_position *arbl_to_position(lua_State *L, int idx);

#endif
