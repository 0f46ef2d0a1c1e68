/* What the files of the `arbiter` Lua module share (binding.c assembles the module from them, as
 * Lua's linit.c does its libraries): the class names, each file's table of module functions and
 * methods, and the conversions between engine values and Lua values every class uses. */
#ifndef ARBL_BINDING_H
#define ARBL_BINDING_H

#include <lauxlib.h>
#include <lua.h>

#include "arbiter.h"

/* Metatable names of the module's userdata (also what tostring and error messages show). */
#define ARBL_POSITION_MT "arbiter.position"
#define ARBL_GAME_MT "arbiter.game"
#define ARBL_RANDOM_MT "arbiter.random"

/* Opens the module: pushes its table (the classes' metatables are registered too). */
int luaopen_arbiter(lua_State *L);

/* Each file's functions of the module table (arbiter.position, arbiter.game, ...). */
extern const luaL_Reg arbl_position_fns[];  /* binding_position.c */
extern const luaL_Reg arbl_game_fns[];      /* binding_game.c */
extern const luaL_Reg arbl_random_fns[];    /* binding_random.c */
extern const luaL_Reg arbl_explain_fns[];   /* binding_explain.c: also methods of positions */
extern const luaL_Reg arbl_mate_fns[];      /* binding_mate.c */
extern const luaL_Reg arbl_dead_fns[];      /* binding_dead.c */
extern const luaL_Reg arbl_answer_fns[];    /* binding_answer.c */
extern const luaL_Reg arbl_text_fns[];      /* binding_text.c: render, digits, set_digits, plural */
extern const luaL_Reg arbl_annotate_fns[];  /* binding_annotate.c */

/* The classes' methods (their metatables' __index) and metamethods. */
extern const luaL_Reg arbl_position_methods[], arbl_position_meta[];
extern const luaL_Reg arbl_game_methods[], arbl_game_meta[];
extern const luaL_Reg arbl_random_methods[];

/* ---- squares, colours, pieces and moves (binding_move.c) ---- */

/* " PNBRQK": a piece type's letter (index ARB_PAWN..ARB_KING). */
extern const char arbl_piece_letters[];

/* The square named at arg ("e4"), or an argument error. */
int arbl_check_square(lua_State *L, int arg);
void arbl_push_square(lua_State *L, int sq);
/* Pushes the squares of bb as a list, a1 first. */
void arbl_push_squares(lua_State *L, arb_bitboard bb);
/* "white" or "black" at arg, or an argument error. */
arb_color arbl_check_color(lua_State *L, int arg);
const char *arbl_color_name(arb_color c);
/* "P" for a white pawn, "n" for a black knight (FEN letters). */
void arbl_push_piece(lua_State *L, arb_piece p);
/* Pushes m, a legal move in pos, as a move table (uci, san, from, to, piece, color, kind, ...). */
void arbl_push_move(lua_State *L, const arb_position *pos, arb_move m);
/* Reads the move argument at arg (SAN/UCI text or a move table) in pos. */
arb_status arbl_parse_move(lua_State *L, const arb_position *pos, int arg, arb_move *m, arb_reason *why);

/* ---- explanations (binding_reason.c) ---- */

/* Pushes an explanation table {code, text, squares, rule, params} rendered in the sandbox's
 * language. */
void arbl_push_reason(lua_State *L, const arb_reason *r);
/* Pushes the n explanations at r as a list. */
void arbl_push_reasons(lua_State *L, const arb_reason *r, int n);

/* The sandbox's language tag with its digit choice ("fa", "fa-u-nu-latn"), for rendering
 * (binding_text.c). */
const char *arbl_lang_tag(lua_State *L);

/* ---- positions (binding_position.c) ---- */

/* The position at arg, or an argument error. */
arb_position *arbl_check_pos(lua_State *L, int arg);
/* Pushes a copy of pos as an immutable position userdata; returns it. */
arb_position *arbl_push_position(lua_State *L, const arb_position *pos);
/* The position at idx, or NULL if it is not one. */
const arb_position *arbl_to_position(lua_State *L, int idx);
/* The optional variant name at arg ("standard", "chess960"). */
arb_variant arbl_opt_variant(lua_State *L, int arg);
/* Pushes a termination name, "ongoing" for none. */
void arbl_push_termination(lua_State *L, arb_termination t);

/* ---- games (binding_game.c) ---- */

/* Longest game a script may build (each step copies the record). */
#define ARBL_GAME_MAX_PLIES 1000

/* A game userdata: the engine's record and the bytes charged to the sandbox for it. */
typedef struct arbl_game {
    arb_game g;
    long charged;
} arbl_game;

/* The game at arg (not yet freed), or an argument error. */
arbl_game *arbl_check_game(lua_State *L, int arg);
/* Pushes an empty game userdata started at start, room for plies moves charged to the sandbox
 * (a memory-budget error when it does not fit). */
arbl_game *arbl_new_game(lua_State *L, const arb_position *start, int plies);

#endif
