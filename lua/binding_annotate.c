/* arbiter.annotate(game [, tags]): a game's rule events ply by ply and the result the Laws give
 * (arb_game_annotate, docs/games.md), for lessons such as "find the ply where this game became a
 * dead draw". Glue only: the engine annotates, this pushes its events as explanation tables. */
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"

#define ANNOTATION_MT "arbiter.annotation"

/* The annotation's C buffers belong to a userdata on the stack, so that an error raised while the
 * events are pushed (the script's memory budget) cannot leak them: its __gc frees them. */
static int annotation_gc(lua_State *L)
{
    arb_annotation_free(luaL_checkudata(L, 1, ANNOTATION_MT));
    return 0;
}

static arb_annotation *new_annotation(lua_State *L)
{
    arb_annotation *a = lua_newuserdatauv(L, sizeof *a, 0);
    arb_annotation_init(a);
    if (luaL_newmetatable(L, ANNOTATION_MT)) {
        lua_pushcfunction(L, annotation_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return a;
}

static const char *opt_string_field(lua_State *L, int arg, const char *name)
{
    if (lua_isnoneornil(L, arg))
        return NULL;
    lua_getfield(L, arg, name);
    const char *s = lua_isnil(L, -1) ? NULL : luaL_checkstring(L, -1);
    lua_pop(L, 1); /* the table holds the string: it stays valid */
    return s;
}

/* arbiter.annotate(game [, {result = "1-0", termination = "time forfeit", flagged = "white",
 * illegal_move = "Ke3"}]) -> {result, termination, basis, mis_scored, end_ply, flagged, events =
 * {explanation + ply, explanations}}. Without tags nothing off the board is known: the result is
 * the board's (or "*"). */
static int l_annotate(lua_State *L)
{
    arbl_game *lg = arbl_check_game(L, 1);
    arb_annotate_info info = arb_annotate_info_none();
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        info.result_tag = opt_string_field(L, 2, "result");
        info.termination_tag = opt_string_field(L, 2, "termination");
        info.illegal_move = opt_string_field(L, 2, "illegal_move");
        if (lua_getfield(L, 2, "flagged") != LUA_TNIL)
            info.clock_zero = arbl_check_color(L, lua_gettop(L));
        lua_pop(L, 1);
        luaL_argcheck(L, !info.result_tag || arb_result_parse(info.result_tag) >= 0, 2,
                      "result must be \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"");
    }
    arb_annotation *ap = new_annotation(L);
    if (arb_game_annotate(&lg->g, &info, ap) != ARB_OK)
        return luaL_error(L, "out of memory annotating the game");
    const arb_annotation a = *ap;
    lua_createtable(L, 0, 7);
    lua_pushstring(L, arb_result_string(a.result));
    lua_setfield(L, -2, "result");
    arbl_push_termination(L, a.termination);
    lua_setfield(L, -2, "termination");
    lua_pushstring(L, arb_result_basis_name(a.basis));
    lua_setfield(L, -2, "basis");
    lua_pushboolean(L, a.tag_disagrees);
    lua_setfield(L, -2, "mis_scored");
    if (a.end_ply >= 0) {
        lua_pushinteger(L, a.end_ply);
        lua_setfield(L, -2, "end_ply");
    }
    if (a.flagged >= 0) {
        lua_pushstring(L, a.flagged == ARB_WHITE ? "white" : "black");
        lua_setfield(L, -2, "flagged");
    }
    lua_createtable(L, a.nevents, 0);
    for (int i = 0; i < a.nevents; i++) {
        const arb_annotation_event *e = &a.events[i];
        arbl_push_reason(L, &e->why);
        lua_pushinteger(L, e->ply);
        lua_setfield(L, -2, "ply");
        arbl_push_reasons(L, arb_annotation_reasons(&a, e), e->count);
        lua_setfield(L, -2, "explanations");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "events");
    return 1; /* the annotation's userdata below is collected with its buffers */
}

const luaL_Reg arbl_annotate_fns[] = {
    {"annotate", l_annotate}, {NULL, NULL},
};
