/* An explanation as scripts see it: a table {code, text, squares, rule, params}, its text
 * rendered in the sandbox's language, the parameters the engine's projection of the reason (the
 * one JSON writes too), named as in the catalogs. Used by every binding file that answers with
 * explanations. */
#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"

void arbl_push_reason(lua_State *L, const arb_reason *r)
{
    char text[ARB_REASON_TEXT_MAX];
    arb_reason_render(r, arbl_lang_tag(L), text, sizeof text);
    const char *article = arb_reason_citation(r);
    lua_createtable(L, 0, 5);
    lua_pushstring(L, arb_reason_name(r->code));
    lua_setfield(L, -2, "code");
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
    lua_createtable(L, r->nsquares, 0);
    for (int i = 0; i < r->nsquares; i++) {
        arbl_push_square(L, r->squares[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "squares");
    if (*article)
        lua_pushfstring(L, "FIDE %s", article);
    else
        lua_pushliteral(L, "");
    lua_setfield(L, -2, "rule");
    /* the engine's projection (arb_reason_param_list), in the scripts' form: a piece as its FEN
     * letter ("n": a black knight), numbers and the FEN field's index as integers */
    arb_param list[ARB_REASON_MAX_PARAMS];
    int n = arb_reason_param_list(r, list);
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        switch (list[i].kind) {
        case ARB_PARAM_PIECE:
            arbl_push_piece(L, list[i].piece);
            break;
        case ARB_PARAM_NUMBER:
        case ARB_PARAM_FIELD:
            lua_pushinteger(L, list[i].number);
            break;
        case ARB_PARAM_TEXT:
        case ARB_PARAM_SIDE:
            lua_pushlstring(L, list[i].text, list[i].len);
            break;
        }
        lua_setfield(L, -2, list[i].name);
    }
    lua_setfield(L, -2, "params");
}

void arbl_push_reasons(lua_State *L, const arb_reason *r, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        arbl_push_reason(L, &r[i]);
        lua_rawseti(L, -2, i + 1);
    }
}
