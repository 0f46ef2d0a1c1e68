/* An explanation as scripts see it: a table {code, text, squares, rule, params}, its text
 * rendered in the sandbox's language, the parameters named as in the catalogs. Used by every
 * binding file that answers with explanations. */
#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"

void arbl_push_reason(lua_State *L, const arb_reason *r)
{
    char text[ARB_REASON_TEXT_MAX];
    arb_reason_render(r, arbl_lang_tag(L), text, sizeof text);
    unsigned params = arb_reason_params(r->code);
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
    lua_newtable(L);
    if (params & ARB_P_PIECE) {
        arbl_push_piece(L, r->piece);
        lua_setfield(L, -2, "piece");
    }
    if (params & ARB_P_BY) {
        arbl_push_piece(L, r->by);
        lua_setfield(L, -2, "by");
    }
    if (params & ARB_P_N) {
        lua_pushinteger(L, r->n);
        lua_setfield(L, -2, "n");
    }
    if (params & ARB_P_M) {
        lua_pushinteger(L, r->m);
        lua_setfield(L, -2, "m");
    }
    if (params & ARB_P_FIELD) {
        lua_pushinteger(L, r->field);
        lua_setfield(L, -2, "field");
    }
    if (params & ARB_P_OFFSET) {
        lua_pushinteger(L, r->offset + 1);
        lua_setfield(L, -2, "offset");
    }
    if (params & ARB_P_FOUND) {
        lua_pushstring(L, r->found);
        lua_setfield(L, -2, "found");
    }
    if (params & ARB_P_SIDE) {
        lua_pushstring(L, r->side == ARB_KINGSIDE ? "kingside" : "queenside");
        lua_setfield(L, -2, "side");
    }
    if (params & ARB_P_MOVE) {
        lua_pushstring(L, r->move);
        lua_setfield(L, -2, "move");
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
