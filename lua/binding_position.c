/* The position class of the `arbiter` module: arbiter.position/start/chess960/validate and the
 * methods of an immutable position userdata (fen, turn, legal_moves, play, status, touch, ...).
 * Each method checks its arguments, makes one engine call and pushes the result. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

arb_position *arbl_check_pos(lua_State *L, int arg)
{
    return luaL_checkudata(L, arg, ARBL_POSITION_MT);
}

arb_position *arbl_push_position(lua_State *L, const arb_position *pos)
{
    arb_position *p = lua_newuserdatauv(L, sizeof *p, 0);
    *p = *pos;
    luaL_setmetatable(L, ARBL_POSITION_MT);
    return p;
}

const arb_position *arbl_to_position(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, ARBL_POSITION_MT);
}

arb_variant arbl_opt_variant(lua_State *L, int arg)
{
    static const char *const names[] = {"standard", "chess960", NULL};
    return (arb_variant)luaL_checkoption(L, arg, "standard", names);
}

/* arbiter.position([fen [, variant]]) -> position | nil, explanation */
static int l_position(lua_State *L)
{
    const char *fen = luaL_optstring(L, 1, ARB_START_FEN);
    arb_variant v = arbl_opt_variant(L, 2);
    arb_position pos;
    arb_reason why;
    if (arb_position_from_fen(&pos, fen, v, &why) != ARB_OK) {
        lua_pushnil(L);
        arbl_push_reason(L, &why);
        return 2;
    }
    arbl_push_position(L, &pos);
    return 1;
}

static int l_start(lua_State *L)
{
    arb_position pos;
    arb_position_start(&pos);
    arbl_push_position(L, &pos);
    return 1;
}

/* arbiter.chess960(n) -> the start position numbered n (0..959; 518 is the standard one) */
static int l_chess960(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    arb_position pos;
    luaL_argcheck(L, n >= 0 && n <= 959 && arb_position_chess960(&pos, (int)n) == ARB_OK, 1,
                  "Chess960 positions are numbered 0 to 959");
    arbl_push_position(L, &pos);
    return 1;
}

/* arbiter.validate(fen [, variant]) -> valid, problems (explanations): one call to arb_validate,
 * which lists every problem (syntax, castling rights, en passant square, board). */
static int l_validate(lua_State *L)
{
    arbl_sandbox_check(L);
    const char *fen = luaL_checkstring(L, 1);
    arb_variant v = arbl_opt_variant(L, 2);
    arb_reason problems[ARB_VALIDATE_MAX]; /* holds every problem: never cut (explain.h) */
    int n = arb_validate(fen, v, problems, ARB_VALIDATE_MAX);
    if (n > ARB_VALIDATE_MAX)
        n = ARB_VALIDATE_MAX;
    lua_pushboolean(L, n == 0);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        arbl_push_reason(L, &problems[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 2;
}

static int pos_fen(lua_State *L)
{
    char fen[ARB_FEN_MAX];
    arb_position_fen(arbl_check_pos(L, 1), fen, sizeof fen);
    lua_pushstring(L, fen);
    return 1;
}

static int pos_turn(lua_State *L)
{
    lua_pushstring(L, arbl_color_name((arb_color)arbl_check_pos(L, 1)->side));
    return 1;
}

static int pos_variant(lua_State *L)
{
    lua_pushstring(L, arbl_check_pos(L, 1)->variant == ARB_CHESS960 ? "chess960" : "standard");
    return 1;
}

static int pos_in_check(lua_State *L)
{
    lua_pushboolean(L, arb_in_check(arbl_check_pos(L, 1)));
    return 1;
}

static int pos_checkers(lua_State *L)
{
    arbl_push_squares(L, arb_checkers(arbl_check_pos(L, 1)));
    return 1;
}

static int pos_legal_moves(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        arbl_push_move(L, pos, moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int pos_legal_count(lua_State *L)
{
    lua_pushinteger(L, arb_count_legal_moves(arbl_check_pos(L, 1)));
    return 1;
}

/* The move argument of pos:parse and pos:play: true with *m, or false with nil and the
 * explanation pushed (the method returns those two). */
static bool move_arg(lua_State *L, const arb_position *pos, arb_move *m)
{
    arb_reason why;
    if (arbl_parse_move(L, pos, 2, m, &why) == ARB_OK)
        return true;
    lua_pushnil(L);
    arbl_push_reason(L, &why);
    return false;
}

/* pos:parse(move) -> move table | nil, explanation */
static int pos_parse(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_move m;
    if (!move_arg(L, pos, &m))
        return 2;
    arbl_push_move(L, pos, m);
    return 1;
}

/* pos:play(move) -> the position after it | nil, explanation */
static int pos_play(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_move m;
    if (!move_arg(L, pos, &m))
        return 2;
    arb_position *after = arbl_push_position(L, pos);
    arb_position_play(after, m);
    return 1;
}

static int pos_piece_at(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_piece p = pos->board[arbl_check_square(L, 2)];
    if (!p)
        return 0;
    arbl_push_piece(L, p);
    return 1;
}

static int pos_pieces(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    lua_newtable(L);
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq]) {
            arbl_push_piece(L, pos->board[sq]);
            char name[3];
            arb_square_name(sq, name);
            lua_setfield(L, -2, name);
        }
    return 1;
}

static int pos_king(lua_State *L)
{
    arbl_push_square(L, arbl_check_pos(L, 1)->king_square[arbl_check_color(L, 2)]);
    return 1;
}

static int pos_attackers(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    int sq = arbl_check_square(L, 2);
    arb_color by = arbl_check_color(L, 3);
    arbl_push_squares(L, arb_attackers(pos, sq, by, arb_occupied(pos)));
    return 1;
}

static int pos_pinned(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    arbl_push_squares(L, arb_pinned(pos, arbl_check_color(L, 2), NULL));
    return 1;
}

/* Largest perft depth a script may ask for (the call cannot be interrupted). */
#define PERFT_MAX_DEPTH 3

static int pos_perft(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    lua_Integer d = luaL_checkinteger(L, 2);
    luaL_argcheck(L, d >= 0 && d <= PERFT_MAX_DEPTH, 2, "perft depth must be 0 to 3 in scripts");
    lua_pushinteger(L, (lua_Integer)arb_perft(pos, (int)d));
    return 1;
}

/* Pushes a termination name, "ongoing" for none. */
void arbl_push_termination(lua_State *L, arb_termination t)
{
    if (t == ARB_TERM_NONE)
        lua_pushliteral(L, "ongoing");
    else
        lua_pushstring(L, arb_termination_name(t));
}

/* pos:status() -> "ongoing", or how the game ends here on its own: "checkmate", "stalemate",
 * "insufficient_material", "dead_position", "seventyfive_moves" (the position alone: no
 * history, so no repetition; use game:status() for that). */
static int pos_status(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_game g;
    arb_outcome out;
    if (arb_game_init(&g, pos) != ARB_OK)
        return luaL_error(L, "out of memory");
    arb_status st = arb_game_automatic_ending(&g, 0, &out);
    arb_game_free(&g);
    arbl_push_termination(L, st == ARB_OK ? out.termination : ARB_TERM_NONE);
    return 1;
}

static int pos_insufficient_material(lua_State *L)
{
    lua_pushboolean(L, arb_insufficient_material(arbl_check_pos(L, 1), NULL));
    return 1;
}

/* pos:can_mate(color) -> whether color could still checkmate by some series of legal moves
 * (FIDE 6.9; the engine's unwinnability hook). */
static int pos_can_mate(lua_State *L)
{
    lua_pushboolean(L, arb_rules_can_mate(arbl_check_pos(L, 1), arbl_check_color(L, 2)));
    return 1;
}

/* pos:touch({"g1", "e8", ...} [, promotion]) -> {any, moves = {move tables}, explanations}:
 * the moves the side to move may choose from after touching these squares in order (FIDE
 * 4.3-4.5). promotion is "e8=Q" style: a promotion piece put on that square (4.4.4). */
static int pos_touch(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    arb_touch t = arb_touch_none();
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n >= 0 && n <= ARB_TOUCH_MAX, 2, "too many touched squares");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 2, i);
        t.squares[t.count++] = (uint8_t)arbl_check_square(L, lua_gettop(L));
        lua_pop(L, 1);
    }
    if (!lua_isnoneornil(L, 3)) {
        const char *promo = luaL_checkstring(L, 3);
        char sq[3] = {promo[0], promo[0] ? promo[1] : 0, 0};
        const char *letter = strchr(promo, '=');
        const char *type = letter && letter[1] ? strchr(arbl_piece_letters + 1, letter[1]) : NULL;
        t.promo_square = arb_square_parse(sq);
        luaL_argcheck(L, t.promo_square != ARB_NO_SQUARE && type, 3, "promotion must look like e8=Q");
        t.promo_type = (arb_piece_type)(type - arbl_piece_letters);
    }
    arb_touch_result *out = lua_newuserdatauv(L, sizeof *out, 0); /* large: keep it off the C stack */
    if (arb_touch_obligation(pos, &t, out) != ARB_OK)
        return luaL_argerror(L, 2, "bad touched squares");
    lua_createtable(L, 0, 3);
    lua_pushboolean(L, out->any);
    lua_setfield(L, -2, "any");
    lua_createtable(L, out->nmoves, 0);
    for (int i = 0; i < out->nmoves; i++) {
        arbl_push_move(L, pos, out->moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "moves");
    arbl_push_reasons(L, out->reasons, out->nreasons);
    lua_setfield(L, -2, "explanations");
    return 1;
}

static int pos_halfmove(lua_State *L)
{
    lua_pushinteger(L, arbl_check_pos(L, 1)->halfmove_clock);
    return 1;
}

static int pos_fullmove(lua_State *L)
{
    lua_pushinteger(L, arbl_check_pos(L, 1)->fullmove_number);
    return 1;
}

static int pos_ep_square(lua_State *L)
{
    const arb_position *pos = arbl_check_pos(L, 1);
    if (pos->ep_square == ARB_NO_SQUARE)
        return 0;
    arbl_push_square(L, pos->ep_square);
    return 1;
}

/* pos:castling_rook(color, side) -> the square of the rook that color may still castle with on
 * that side, or nil when the right is gone. */
static int pos_castling_rook(lua_State *L)
{
    static const char *const sides[] = {"kingside", "queenside", NULL};
    const arb_position *pos = arbl_check_pos(L, 1);
    arb_color c = arbl_check_color(L, 2);
    int side = luaL_checkoption(L, 3, NULL, sides);
    if (pos->castle_rook[c][side] == ARB_NO_SQUARE)
        return 0;
    arbl_push_square(L, pos->castle_rook[c][side]);
    return 1;
}

static int pos_key(lua_State *L)
{
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)arbl_check_pos(L, 1)->key);
    lua_pushstring(L, hex);
    return 1;
}

static int pos_tostring(lua_State *L)
{
    return pos_fen(L);
}

static int pos_eq(lua_State *L)
{
    char a[ARB_FEN_MAX], b[ARB_FEN_MAX];
    arb_position_fen(arbl_check_pos(L, 1), a, sizeof a);
    arb_position_fen(arbl_check_pos(L, 2), b, sizeof b);
    lua_pushboolean(L, strcmp(a, b) == 0);
    return 1;
}

/* A piece type from its letter at arg (Q, R, B, N, P, K; either case), ARB_NO_TYPE when none. */
static arb_piece_type opt_piece_type(lua_State *L, int arg)
{
    if (lua_isnoneornil(L, arg))
        return ARB_NO_TYPE;
    const char *letter = luaL_checkstring(L, arg);
    const char *type = strlen(letter) == 1 ? strchr(arbl_piece_letters + 1, letter[0] & ~0x20) : NULL;
    luaL_argcheck(L, type != NULL, arg, "a piece letter (Q, R, B, N, P, K)");
    return (arb_piece_type)(type - arbl_piece_letters);
}

/* pos:unmove(from, to [, promotion [, captured]]) -> the position before, the move (a move table
 * in it) | nil, why ("no_piece", "from_taken", "before_illegal", "not_legal", "elsewhere"),
 * explanations [, the move, for "elsewhere"]: the move taken back as the last move of the side
 * not to move (arb_unmove) */
static int pos_unmove(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = arbl_check_pos(L, 1);
    int from = arbl_check_square(L, 2), to = arbl_check_square(L, 3);
    arb_piece_type promotion = opt_piece_type(L, 4), captured = opt_piece_type(L, 5);
    arb_position before;
    arb_move m = ARB_MOVE_NONE;
    arb_reason why[ARB_EXPLAIN_MAX];
    int n = 0;
    arb_unmove_result r = arb_unmove(pos, from, to, promotion, captured, &before, &m, why, ARB_EXPLAIN_MAX, &n);
    if (r == ARB_UNMOVE_OK) {
        arbl_push_position(L, &before);
        arbl_push_move(L, &before, m);
        return 2;
    }
    lua_pushnil(L);
    lua_pushstring(L, arb_unmove_result_name(r));
    arbl_push_reasons(L, why, n);
    if (r != ARB_UNMOVE_ELSEWHERE)
        return 3;
    arbl_push_move(L, &before, m); /* legal there, but it leads elsewhere: which move it was */
    return 4;
}

/* pos:ep_capture_legal() -> whether the side to move has a legal en passant capture */
static int pos_ep_capture_legal(lua_State *L)
{
    lua_pushboolean(L, arb_ep_capture_legal(arbl_check_pos(L, 1)));
    return 1;
}

const luaL_Reg arbl_position_methods[] = {
    {"fen", pos_fen}, {"turn", pos_turn}, {"variant", pos_variant}, {"in_check", pos_in_check},
    {"checkers", pos_checkers}, {"legal_moves", pos_legal_moves}, {"legal_count", pos_legal_count},
    {"parse", pos_parse}, {"play", pos_play}, {"piece_at", pos_piece_at}, {"pieces", pos_pieces},
    {"king", pos_king}, {"attackers", pos_attackers}, {"pinned", pos_pinned}, {"perft", pos_perft},
    {"status", pos_status}, {"halfmove_clock", pos_halfmove}, {"fullmove_number", pos_fullmove},
    {"ep_square", pos_ep_square}, {"castling_rook", pos_castling_rook}, {"key", pos_key},
    {"insufficient_material", pos_insufficient_material}, {"can_mate", pos_can_mate}, {"touch", pos_touch},
    {"ep_capture_legal", pos_ep_capture_legal}, {"unmove", pos_unmove},
    {NULL, NULL},
};

const luaL_Reg arbl_position_fns[] = {
    {"position", l_position}, {"start", l_start}, {"chess960", l_chess960}, {"validate", l_validate},
    {NULL, NULL},
};

const luaL_Reg arbl_position_meta[] = {
    {"__tostring", pos_tostring}, {"__eq", pos_eq}, {NULL, NULL},
};
