/* The game class of the `arbiter` module: arbiter.game (a start position and the moves played,
 * immutable, its record's memory charged to the sandbox), the methods of a game (play, moves,
 * status, claim, outcome, ...) and arbiter.illegal_move_penalty, which answers with an outcome. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

arbl_game *arbl_check_game(lua_State *L, int arg)
{
    arbl_game *lg = luaL_checkudata(L, arg, ARBL_GAME_MT);
    luaL_argcheck(L, lg->g.positions != NULL, arg, "game was freed");
    return lg;
}

static int game_gc(lua_State *L)
{
    arbl_game *lg = luaL_checkudata(L, 1, ARBL_GAME_MT);
    if (lg->g.positions) {
        arb_game_free(&lg->g);
        arbl_sandbox_charge(L, -lg->charged);
        lg->charged = 0;
    }
    return 0;
}

/* Pushes an empty game userdata started at pos, its memory charged to the sandbox. */
arbl_game *arbl_new_game(lua_State *L, const arb_position *start, int plies)
{
    arbl_game *lg = lua_newuserdatauv(L, sizeof *lg, 0);
    memset(lg, 0, sizeof *lg);
    long need = (long)(sizeof(arb_position) + sizeof(arb_move)) * (plies + 65);
    /* Lua's collector does not see the records' C memory: collect before giving up. */
    if (!arbl_sandbox_charge(L, need)) {
        lua_gc(L, LUA_GCCOLLECT);
        if (!arbl_sandbox_charge(L, need))
            arbl_sandbox_refuse(L, "a game record does not fit");
    }
    lg->charged = need;
    if (arb_game_init(&lg->g, start) != ARB_OK) {
        arbl_sandbox_charge(L, -need);
        lg->charged = 0;
        luaL_error(L, "out of memory building a game");
    }
    luaL_setmetatable(L, ARBL_GAME_MT);
    return lg;
}

/* Plays the text moves of the table at arg onto lg as a record that ends (arb_game_play_record:
 * a move after an automatic ending fails with move_after_end, as the HTTP API refuses it); on
 * failure pushes nil, explanation, index. */
static bool play_list(lua_State *L, arbl_game *lg, int arg)
{
    lua_Integer n = luaL_len(L, arg);
    luaL_argcheck(L, n + lg->g.nplies <= ARBL_GAME_MAX_PLIES, arg, "too many moves for a script game");
    luaL_checkstack(L, (int)n + 1, "too many moves for a script game");
    const char **texts = lua_newuserdatauv(L, sizeof *texts * (size_t)(n ? n : 1), 0);
    int base = lua_gettop(L);
    for (lua_Integer i = 1; i <= n; i++) { /* each text stays on the stack while it is read */
        lua_geti(L, arg, i);
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "uci");
            lua_remove(L, -2);
        }
        texts[i - 1] = lua_tostring(L, -1);
        luaL_argcheck(L, texts[i - 1] != NULL, arg, "moves must be SAN/UCI text or move tables");
    }
    arb_record_result rec;
    arb_status st = arb_game_play_record(&lg->g, texts, (int)n, &rec);
    lua_settop(L, base - 1);
    if (st == ARB_OK)
        return true;
    if (st == ARB_ERR_LIMIT && !rec.after_end)
        luaL_error(L, "game too long");
    lua_pushnil(L);
    arbl_push_reason(L, &rec.why);
    lua_pushinteger(L, rec.failed + 1);
    return false;
}

/* arbiter.game([start [, moves [, variant]]]) -> game | nil, explanation, failed index.
 * start is a position or a FEN (default: the standard start). */
static int l_game(lua_State *L)
{
    arbl_sandbox_check(L);
    arb_position start;
    const arb_position *p = arbl_to_position(L, 1);
    if (p) {
        start = *p;
    } else if (lua_isnoneornil(L, 1)) {
        arb_position_start(&start);
    } else {
        arb_reason why;
        if (arb_position_from_fen(&start, luaL_checkstring(L, 1), arbl_opt_variant(L, 3), &why) != ARB_OK) {
            lua_pushnil(L);
            arbl_push_reason(L, &why);
            return 2;
        }
    }
    int nmoves = lua_istable(L, 2) ? (int)luaL_len(L, 2) : 0;
    if (!lua_isnoneornil(L, 2))
        luaL_checktype(L, 2, LUA_TTABLE);
    luaL_argcheck(L, nmoves <= ARBL_GAME_MAX_PLIES, 2, "too many moves for a script game");
    arbl_game *lg = arbl_new_game(L, &start, nmoves);
    if (nmoves && !play_list(L, lg, 2))
        return 3;
    return 1;
}

/* game:play(move) -> a new game one move longer | nil, explanation */
static int game_play(lua_State *L)
{
    arbl_sandbox_check(L);
    arbl_game *old = arbl_check_game(L, 1);
    luaL_checkany(L, 2);
    luaL_argcheck(L, old->g.nplies < ARBL_GAME_MAX_PLIES, 1, "too many moves for a script game");
    arbl_game *lg = arbl_new_game(L, &old->g.positions[0], old->g.nplies + 1);
    for (int i = 0; i < old->g.nplies; i++)
        arb_game_play(&lg->g, old->g.moves[i]);
    lua_createtable(L, 1, 0);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 1);
    if (!play_list(L, lg, lua_gettop(L))) {
        lua_pop(L, 1); /* the index: a single move */
        return 2;
    }
    lua_pop(L, 1);
    return 1;
}

static int game_length(lua_State *L)
{
    lua_pushinteger(L, arbl_check_game(L, 1)->g.nplies);
    return 1;
}

/* game:position([ply]) -> the position after ply moves (default: the current one) */
static int game_position(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    lua_Integer ply = luaL_optinteger(L, 2, lg->g.nplies);
    luaL_argcheck(L, ply >= 0 && ply <= lg->g.nplies, 2, "ply out of range");
    arbl_push_position(L, &lg->g.positions[ply]);
    return 1;
}

/* game:moves() -> the moves played, as move tables (uci, san, ...) */
static int game_moves(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    lua_createtable(L, lg->g.nplies, 0);
    for (int i = 0; i < lg->g.nplies; i++) {
        arbl_push_move(L, &lg->g.positions[i], lg->g.moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* Pushes an outcome as {result, termination, ply, claim_made, claim_valid, explanations}. */
static void push_outcome(lua_State *L, const arb_outcome *o)
{
    lua_createtable(L, 0, 6);
    lua_pushstring(L, arb_result_string(o->result));
    lua_setfield(L, -2, "result");
    arbl_push_termination(L, o->termination);
    lua_setfield(L, -2, "termination");
    lua_pushinteger(L, o->ply);
    lua_setfield(L, -2, "ply");
    lua_pushboolean(L, o->claim_made);
    lua_setfield(L, -2, "claim_made");
    lua_pushboolean(L, o->claim_valid);
    lua_setfield(L, -2, "claim_valid");
    arbl_push_reasons(L, o->reasons, o->nreasons);
    lua_setfield(L, -2, "explanations");
}

/* game:occurrences([ply]) -> the plies (0 = start) at which the position at ply (default: the
 * current one) occurred, oldest first: "the same position" of FIDE 9.2.3. */
static int game_occurrences(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    lua_Integer ply = luaL_optinteger(L, 2, lg->g.nplies);
    luaL_argcheck(L, ply >= 0 && ply <= lg->g.nplies, 2, "ply out of range");
    int plies[ARBL_GAME_MAX_PLIES + 1];
    int n = arb_game_occurrences(&lg->g, (int)ply, plies, ARBL_GAME_MAX_PLIES + 1);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n && i <= ARBL_GAME_MAX_PLIES; i++) {
        lua_pushinteger(L, plies[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game:status([ply]) -> like pos:status(), with the history (fivefold repetition too). */
static int game_status(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    lua_Integer ply = luaL_optinteger(L, 2, lg->g.nplies);
    luaL_argcheck(L, ply >= 0 && ply <= lg->g.nplies, 2, "ply out of range");
    arb_outcome out;
    arb_status st = arb_game_automatic_ending(&lg->g, (int)ply, &out);
    arbl_push_termination(L, st == ARB_OK ? out.termination : ARB_TERM_NONE);
    return 1;
}

static arb_claim_kind check_claim(lua_State *L, int arg)
{
    static const char *const kinds[] = {"threefold", "fifty_moves", NULL};
    return luaL_checkoption(L, arg, NULL, kinds) == 0 ? ARB_CLAIM_THREEFOLD : ARB_CLAIM_FIFTY_MOVES;
}

/* game:claim("threefold" | "fifty_moves" [, intended move]) -> outcome | nil, explanation */
static int game_claim(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    arb_claim_kind kind = check_claim(L, 2);
    arb_move m = ARB_MOVE_NONE;
    arb_reason why;
    if (!lua_isnoneornil(L, 3) && arbl_parse_move(L, arb_game_current(&lg->g), 3, &m, &why) != ARB_OK) {
        lua_pushnil(L);
        arbl_push_reason(L, &why);
        return 2;
    }
    arb_outcome out;
    if (arb_game_claim(&lg->g, kind, m, &out) != ARB_OK)
        return luaL_error(L, "the claim could not be examined");
    push_outcome(L, &out);
    return 1;
}

/* game:outcome([event]) -> outcome. event: {flag = color} | {resign = color} |
 * {agree_draw = true} | {claim = "threefold" | "fifty_moves", with_move = move} (one only),
 * with time_control = "standard" | "rapid" | "blitz" (a wrong claim's penalty, App. A.3). */
static int game_outcome(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    arb_event ev = arb_event_none();
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        if (lua_getfield(L, 2, "flag") != LUA_TNIL)
            ev.flag = arbl_check_color(L, lua_gettop(L));
        if (lua_getfield(L, 2, "resign") != LUA_TNIL)
            ev.resign = arbl_check_color(L, lua_gettop(L));
        lua_getfield(L, 2, "agree_draw");
        ev.agree_draw = lua_toboolean(L, -1);
        if (lua_getfield(L, 2, "claim") != LUA_TNIL)
            ev.claim = check_claim(L, lua_gettop(L));
        static const char *const tcs[] = {"standard", "rapid", "blitz", NULL};
        if (lua_getfield(L, 2, "time_control") != LUA_TNIL)
            ev.time_control = (arb_time_control)luaL_checkoption(L, lua_gettop(L), NULL, tcs);
        if (lua_getfield(L, 2, "with_move") != LUA_TNIL) {
            arb_reason why;
            if (arbl_parse_move(L, arb_game_current(&lg->g), lua_gettop(L), &ev.claim_move, &why) != ARB_OK) {
                lua_pushnil(L);
                arbl_push_reason(L, &why);
                return 2;
            }
        }
    }
    arb_outcome out;
    if (arb_game_outcome(&lg->g, &ev, &out) != ARB_OK)
        return luaL_argerror(L, 2, "one event at most, with valid colours");
    push_outcome(L, &out);
    return 1;
}

const luaL_Reg arbl_game_methods[] = {
    {"play", game_play}, {"length", game_length}, {"position", game_position}, {"moves", game_moves},
    {"occurrences", game_occurrences}, {"status", game_status}, {"claim", game_claim}, {"outcome", game_outcome},
    {NULL, NULL},
};
/* arbiter.illegal_move_penalty(pos, offender, count [, time_control [, limit [, options]]]) ->
 * outcome, extra seconds for the opponent (FIDE 7.5.5; the position before the illegal move).
 * options: {unsupervised = bool, opponent_moved = bool} (App. A.5.2: rapid and blitz without an
 * arbiter for each game, where an illegal move nobody claimed in time stands). */
static int l_illegal_move_penalty(lua_State *L)
{
    static const char *const tcs[] = {"standard", "rapid", "blitz", NULL};
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_color offender = arbl_check_color(L, 2);
    lua_Integer count = luaL_checkinteger(L, 3);
    arb_illegal_policy policy = arb_illegal_policy_fide((arb_time_control)luaL_checkoption(L, 4, "standard", tcs));
    policy.limit = (int)luaL_optinteger(L, 5, policy.limit);
    if (!lua_isnoneornil(L, 6)) {
        luaL_checktype(L, 6, LUA_TTABLE);
        lua_pushliteral(L, "unsupervised"); /* raw: no metamethod of the script's runs here */
        lua_rawget(L, 6);
        policy.unsupervised = lua_toboolean(L, -1);
        lua_pushliteral(L, "opponent_moved");
        lua_rawget(L, 6);
        policy.opponent_moved = lua_toboolean(L, -1);
        lua_pop(L, 2);
    }
    luaL_argcheck(L, count >= 1 && count <= 100, 3, "count must be 1 to 100");
    arb_outcome out;
    int extra = 0;
    if (arb_illegal_move_penalty(pos, offender, (int)count, &policy, &out, &extra) != ARB_OK)
        return luaL_argerror(L, 5, "the limit must be at least 1");
    push_outcome(L, &out);
    lua_pushinteger(L, extra);
    return 2;
}

const luaL_Reg arbl_game_fns[] = {
    {"game", l_game}, {"illegal_move_penalty", l_illegal_move_penalty}, {NULL, NULL},
};

const luaL_Reg arbl_game_meta[] = {
    {"__gc", game_gc}, {NULL, NULL},
};
