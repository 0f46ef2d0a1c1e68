/* The mate solver for quiz and puzzle scripts: arbiter.mate_in (is there a mate in n, its key
 * moves and a line) and arbiter.check_line (does a student's line of moves mate). Each call is
 * bounded by its node budget. */
#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

/* A script's solver budget (nodes): its default, and the most it may ask for. */
#define SCRIPT_MATE_BUDGET 2000000
#define SCRIPT_MATE_MAX_BUDGET 5000000

static uint64_t check_mate_budget(lua_State *L, int arg)
{
    lua_Integer budget = luaL_optinteger(L, arg, SCRIPT_MATE_BUDGET);
    if (budget < 1 || budget > SCRIPT_MATE_MAX_BUDGET)
        luaL_argerror(L, arg, lua_pushfstring(L, "budget must be 1 to %d nodes", SCRIPT_MATE_MAX_BUDGET));
    return (uint64_t)budget;
}

/* arbiter.mate_in(pos, n [, budget]) -> {mate, length, keys = {uci...}, line = {uci...}} |
 * nil, "budget" (the solver's budget ran out before a proof) */
static int l_mate_in(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 3, 2, "scripts may ask for mate in 1 to 3");
    uint64_t budget = check_mate_budget(L, 3);
    arb_mate_result *res = lua_newuserdatauv(L, sizeof *res, 0); /* large: keep it off the C stack */
    arb_status st = arb_mate_in(pos, (int)n, budget, res);
    if (st == ARB_ERR_LIMIT) {
        lua_pushnil(L);
        lua_pushliteral(L, "budget");
        return 2;
    }
    if (st != ARB_OK)
        return luaL_error(L, "the solver refused the position");
    char uci[ARB_MOVE_TEXT_MAX];
    lua_createtable(L, 0, 4);
    lua_pushboolean(L, res->mate);
    lua_setfield(L, -2, "mate");
    lua_pushinteger(L, res->length);
    lua_setfield(L, -2, "length");
    lua_createtable(L, res->nkeys, 0);
    for (int i = 0; i < res->nkeys; i++) {
        arb_move_uci(pos, res->keys[i], uci, sizeof uci);
        lua_pushstring(L, uci);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "keys");
    lua_createtable(L, res->nline, 0);
    arb_position cur = *pos;
    for (int i = 0; i < res->nline; i++) {
        arb_move_uci(&cur, res->line[i], uci, sizeof uci);
        lua_pushstring(L, uci);
        lua_rawseti(L, -2, i + 1);
        arb_position_play(&cur, res->line[i]);
    }
    lua_setfield(L, -2, "line");
    return 1;
}

/* arbiter.check_line(pos, n, {moves...} [, budget]) -> {verdict = "solved" | "correct" |
 * "wrong" | "illegal", index, explanations} | nil, explanation (a move that cannot be read) |
 * nil, "budget". Any winning line is accepted (the solver's arb_mate_check_line). */
static int l_check_line(lua_State *L)
{
    static const char *const verdicts[] = {"solved", "correct", "wrong", "illegal"};
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_argcheck(L, n >= 1 && n <= 3, 2, "scripts may ask for mate in 1 to 3");
    uint64_t budget = check_mate_budget(L, 4);
    lua_Integer count = luaL_len(L, 3);
    luaL_argcheck(L, count >= 0 && count <= 2 * n, 3, "a line has at most 2n moves");
    arb_move moves[2 * 3];
    arb_position cur = *pos;
    for (lua_Integer i = 0; i < count; i++) {
        lua_geti(L, 3, i + 1);
        const char *text = lua_tostring(L, -1);
        luaL_argcheck(L, text != NULL, 3, "moves must be SAN or UCI text");
        arb_reason why;
        if (arb_parse_move(&cur, text, &moves[i], &why) != ARB_OK) {
            lua_pushnil(L);
            arbl_push_reason(L, &why);
            lua_pushinteger(L, i + 1);
            return 3;
        }
        arb_position_play(&cur, moves[i]);
        lua_pop(L, 1);
    }
    arb_line_check *out = lua_newuserdatauv(L, sizeof *out, 0);
    arb_status st = arb_mate_check_line(pos, (int)n, moves, (int)count, budget, out);
    if (st == ARB_ERR_LIMIT) {
        lua_pushnil(L);
        lua_pushliteral(L, "budget");
        return 2;
    }
    if (st != ARB_OK)
        return luaL_error(L, "the solver refused the line");
    lua_createtable(L, 0, 3);
    lua_pushstring(L, verdicts[out->verdict]);
    lua_setfield(L, -2, "verdict");
    lua_pushinteger(L, out->index + 1);
    lua_setfield(L, -2, "index");
    arbl_push_reasons(L, out->reasons, out->nreasons);
    lua_setfield(L, -2, "explanations");
    return 1;
}

const luaL_Reg arbl_mate_fns[] = {
    {"mate_in", l_mate_in}, {"check_line", l_check_line}, {NULL, NULL},
};
