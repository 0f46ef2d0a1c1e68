/* The module's functions that explain: why a move is illegal (explain, explain_move), why
 * castling is not allowed (castling), why the side to move is in check, mated or stalemated
 * (state, explain_status). Each is also a position method (pos:explain(...)). */
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

/* The optional game at arg (the history that led to the position), or NULL. */
static const arb_game *opt_history(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? NULL : &arbl_check_game(L, arg)->g;
}

/* Pushes at most ARB_EXPLAIN_MAX reasons (n as the engine returned it). */
static void push_reason_list(lua_State *L, const arb_reason *r, int n)
{
    arbl_push_reasons(L, r, n > ARB_EXPLAIN_MAX ? ARB_EXPLAIN_MAX : (n < 0 ? 0 : n));
}

/* arbiter.explain(pos, text [, game]) / pos:explain(text [, game]) -> move table, {} when the
 * move (SAN or UCI) is legal | nil, explanations (most fundamental first; arb_explain_text). */
static int l_explain(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    const char *text = luaL_checkstring(L, 2);
    const arb_game *history = opt_history(L, 3);
    arb_reason why[ARB_EXPLAIN_MAX];
    arb_move m = ARB_MOVE_NONE;
    int n = arb_explain_text(pos, history, text, &m, why, ARB_EXPLAIN_MAX);
    if (n == 0) {
        arbl_push_move(L, pos, m);
        lua_newtable(L);
        return 2;
    }
    lua_pushnil(L);
    push_reason_list(L, why, n);
    return 2;
}

/* arbiter.explain_move(pos, from, to [, promotion [, game]]) / pos:explain_move(...) ->
 * explanations of why from -> to is illegal ({} when it is legal; arb_explain_move).
 * promotion is a piece letter (Q, R, B, N). */
static int l_explain_move(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    int from = arbl_check_square(L, 2), to = arbl_check_square(L, 3);
    arb_piece_type promo = ARB_NO_TYPE;
    if (!lua_isnoneornil(L, 4)) {
        const char *letter = luaL_checkstring(L, 4);
        const char *type = strlen(letter) == 1 ? strchr(arbl_piece_letters + 1, letter[0] & ~0x20) : NULL;
        luaL_argcheck(L, type != NULL, 4, "promotion must be a piece letter (Q, R, B, N)");
        promo = (arb_piece_type)(type - arbl_piece_letters);
    }
    const arb_game *history = opt_history(L, 5);
    arb_reason why[ARB_EXPLAIN_MAX];
    int n = arb_explain_move(pos, history, from, to, promo, why, ARB_EXPLAIN_MAX);
    if (n < 0)
        return luaL_argerror(L, 4, "not a move");
    push_reason_list(L, why, n);
    return 1;
}

/* arbiter.castling(pos, color, side [, game]) / pos:castling(...) -> allowed, explanations:
 * every condition that fails (arb_explain_castling), each with `permanent` (3.8.2.1: lost for
 * good) or not (3.8.2.2: only now). */
static int l_castling(lua_State *L)
{
    static const char *const sides[] = {"kingside", "queenside", NULL};
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_color color = arbl_check_color(L, 2);
    int side = luaL_checkoption(L, 3, NULL, sides) == 0 ? ARB_KINGSIDE : ARB_QUEENSIDE;
    const arb_game *history = opt_history(L, 4);
    arb_reason why[ARB_EXPLAIN_MAX];
    int n = arb_explain_castling(pos, history, color, side, why, ARB_EXPLAIN_MAX);
    if (n > ARB_EXPLAIN_MAX)
        n = ARB_EXPLAIN_MAX;
    lua_pushboolean(L, n == 0);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        arbl_push_reason(L, &why[i]);
        lua_pushboolean(L, arb_castling_reason_permanent(why[i].code));
        lua_setfield(L, -2, "permanent");
        lua_rawseti(L, -2, i + 1);
    }
    return 2;
}

/* arbiter.state(pos) / pos:state() -> "ongoing", "check", "checkmate" or "stalemate" */
static int l_state(lua_State *L)
{
    lua_pushstring(L, arb_state_name(arb_position_state(arbl_check_pos(L, 1))));
    return 1;
}

/* arbiter.explain_status(pos) / pos:explain_status() -> state, explanations: the checks, and for
 * mate and stalemate why every flight, capture and block fails (arb_explain_status). */
static int l_explain_status(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_reason why[ARB_EXPLAIN_MAX];
    int n = arb_explain_status(pos, why, ARB_EXPLAIN_MAX);
    lua_pushstring(L, arb_state_name(arb_position_state(pos)));
    push_reason_list(L, why, n);
    return 2;
}

/* Also methods of positions (pos:explain(...)). */
const luaL_Reg arbl_explain_fns[] = {
    {"explain", l_explain}, {"explain_move", l_explain_move}, {"castling", l_castling},
    {"state", l_state}, {"explain_status", l_explain_status}, {NULL, NULL},
};
