/* Dead positions (FIDE 5.2.2) and unwinnability (6.9) for scripts: arbiter.dead and
 * arbiter.unwinnable, the data of POST /v1/dead. The engine's search stops at the run's deadline
 * and its tables fit in what is left of the script's memory budget. */
#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

/* The optional node budget of a dead-position search: the engine's default when absent, at
 * most what POST /v1/dead accepts (the script's deadline stops the search sooner when it comes
 * first). */
static uint64_t check_dead_budget(lua_State *L, int arg)
{
    lua_Integer budget = luaL_optinteger(L, arg, ARB_DEAD_DEFAULT_BUDGET);
    if (budget < 1 || budget > ARB_DEAD_MAX_BUDGET)
        luaL_argerror(L, arg, lua_pushfstring(L, "budget must be 1 to %d positions", (int)ARB_DEAD_MAX_BUDGET));
    return (uint64_t)budget;
}

/* A script's search stops at the run's deadline (or when the host cancels the run), and its
 * tables take at most the memory the script's budget has left: the engine frees them before
 * returning, so the script and the search together stay within the budget. */
static arb_dead_limits script_limits(lua_State *L, uint64_t budget, arb_search_stop *stop)
{
    arb_dead_limits limits = {budget, 0, NULL};
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (sb) {
        *stop = (arb_search_stop){arbl_sandbox_should_stop, sb};
        limits.stop = stop;
        limits.memory = arbl_sandbox_memory_left(L);
        if (limits.memory == 0)
            limits.memory = 1; /* 0 would mean no cap: the search refuses at once */
    }
    return limits;
}

/* true: cannot mate (proved); false: can (witness); nil: undecided. */
static void push_unwinnable(lua_State *L, arb_win_verdict v)
{
    if (v == ARB_WIN_UNKNOWN)
        lua_pushnil(L);
    else
        lua_pushboolean(L, v == ARB_WIN_IMPOSSIBLE);
}

/* The witness as UCI moves played from pos. */
static void push_witness(lua_State *L, const arb_position *pos, const arb_unwinnable_result *u)
{
    char uci[ARB_MOVE_TEXT_MAX];
    arb_position p = *pos;
    lua_createtable(L, u->witness_len, 0);
    for (int i = 0; i < u->witness_len; i++) {
        arb_move_uci(&p, u->witness[i], uci, sizeof uci);
        lua_pushstring(L, uci);
        lua_rawseti(L, -2, i + 1);
        arb_position_play(&p, u->witness[i]);
    }
}

/* arbiter.unwinnable(pos, color [, budget]) -> {decided, unwinnable = true | false | nil,
 * witness = {uci...} (when false: moves ending in color's checkmate), explanations, nodes} */
static int l_unwinnable(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_color color = arbl_check_color(L, 2);
    uint64_t budget = check_dead_budget(L, 3);
    arb_unwinnable_result *res = lua_newuserdatauv(L, sizeof *res, 0); /* large: off the C stack */
    arb_search_stop stop;
    arb_dead_limits limits = script_limits(L, budget, &stop);
    arb_status st = arb_unwinnable_within(pos, color, &limits, res);
    arbl_sandbox_check(L); /* a search the deadline stopped ends the run */
    if (st != ARB_OK && st != ARB_ERR_LIMIT)
        return luaL_error(L, "the dead-position search refused the position");
    lua_createtable(L, 0, 5);
    lua_pushboolean(L, res->verdict != ARB_WIN_UNKNOWN);
    lua_setfield(L, -2, "decided");
    push_unwinnable(L, res->verdict);
    lua_setfield(L, -2, "unwinnable");
    if (res->verdict == ARB_WIN_POSSIBLE) {
        push_witness(L, pos, res);
        lua_setfield(L, -2, "witness");
    }
    arbl_push_reasons(L, res->reasons, res->nreasons);
    lua_setfield(L, -2, "explanations");
    lua_pushinteger(L, (lua_Integer)res->nodes);
    lua_setfield(L, -2, "nodes");
    return 1;
}

/* arbiter.dead(pos [, budget]) -> {decided, dead = true | false | nil, unwinnable = {white, black}
 * (each true | false | nil), witness = {white = {uci...}, black = ...}, explanations, nodes} */
static int l_dead(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    uint64_t budget = check_dead_budget(L, 2);
    arb_dead_result *res = lua_newuserdatauv(L, sizeof *res, 0);
    arb_search_stop stop;
    arb_dead_limits limits = script_limits(L, budget, &stop);
    arb_status st = arb_dead_position_within(pos, &limits, res);
    arbl_sandbox_check(L);
    if (st != ARB_OK && st != ARB_ERR_LIMIT)
        return luaL_error(L, "the dead-position search refused the position");
    lua_createtable(L, 0, 6);
    lua_pushboolean(L, res->verdict != ARB_DEAD_UNKNOWN);
    lua_setfield(L, -2, "decided");
    if (res->verdict != ARB_DEAD_UNKNOWN) {
        lua_pushboolean(L, res->verdict == ARB_DEAD_DEAD);
        lua_setfield(L, -2, "dead");
    }
    lua_createtable(L, 0, 2);
    lua_createtable(L, 0, 2);
    for (int c = 0; c < 2; c++) {
        const arb_unwinnable_result *u = &res->side[c];
        push_unwinnable(L, u->verdict);
        lua_setfield(L, -3, arbl_color_name((arb_color)c));
        if (u->verdict == ARB_WIN_POSSIBLE) {
            push_witness(L, pos, u);
            lua_setfield(L, -2, arbl_color_name((arb_color)c));
        }
    }
    lua_setfield(L, -3, "witness");
    lua_setfield(L, -2, "unwinnable");
    /* The verdict's explanation first, then each side's, as /v1/dead lists them. */
    arb_reason all[1 + 2 * ARB_DEAD_MAX_REASONS];
    int n = 0;
    all[n++] = res->reason;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < res->side[c].nreasons; i++)
            all[n++] = res->side[c].reasons[i];
    arbl_push_reasons(L, all, n);
    lua_setfield(L, -2, "explanations");
    lua_pushinteger(L, (lua_Integer)res->nodes);
    lua_setfield(L, -2, "nodes");
    return 1;
}

const luaL_Reg arbl_dead_fns[] = {
    {"dead", l_dead}, {"unwinnable", l_unwinnable}, {NULL, NULL},
};
