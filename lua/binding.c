/* The `arbiter` Lua module: positions, moves, games, explanations, Chess960 starts and a seeded
 * RNG. Glue only: each function checks its arguments, makes one engine call and pushes the
 * result; no chess rule lives here. Positions and games are immutable userdata. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "answer_text.h"
#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

#define POS_MT "arbiter.position"
#define GAME_MT "arbiter.game"
#define RNG_MT "arbiter.random"

static const char piece_letters[] = " PNBRQK";

/* ---- helpers: squares, colours, pieces ---- */

static int check_square(lua_State *L, int arg)
{
    const char *s = luaL_checkstring(L, arg);
    int sq = arb_square_parse(s);
    if (sq == ARB_NO_SQUARE || strlen(s) != 2)
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not a square (a1..h8)", s));
    return sq;
}

static void push_square(lua_State *L, int sq)
{
    char name[3];
    arb_square_name(sq, name);
    lua_pushstring(L, name);
}

static void push_squares(lua_State *L, arb_bitboard bb)
{
    lua_newtable(L);
    int i = 1;
    for (int sq = 0; sq < 64; sq++)
        if (bb >> sq & 1) {
            push_square(L, sq);
            lua_rawseti(L, -2, i++);
        }
}

static arb_color check_color(lua_State *L, int arg)
{
    static const char *const names[] = {"white", "black", NULL};
    return (arb_color)luaL_checkoption(L, arg, NULL, names);
}

static const char *color_name(arb_color c)
{
    return c == ARB_WHITE ? "white" : "black";
}

/* "P" for a white pawn, "n" for a black knight (FEN letters). */
static void push_piece(lua_State *L, arb_piece p)
{
    char s[2] = {piece_letters[ARB_PIECE_TYPE(p)], 0};
    if (ARB_PIECE_COLOR(p) == ARB_BLACK)
        s[0] = (char)(s[0] - 'A' + 'a');
    lua_pushstring(L, s);
}

static const char *lang_of(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    return sb ? sb->lang : "en";
}

/* ---- explanations ---- */

void arbl_push_reason(lua_State *L, const arb_reason *r)
{
    char text[1024];
    arb_reason_render(r, arbl_lang_tag(L), text, sizeof text);
    unsigned params = arb_reason_params(r->code);
    const char *article = arb_reason_article(r->code);
    lua_createtable(L, 0, 5);
    lua_pushstring(L, arb_reason_name(r->code));
    lua_setfield(L, -2, "code");
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
    lua_createtable(L, r->nsquares, 0);
    for (int i = 0; i < r->nsquares; i++) {
        push_square(L, r->squares[i]);
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
        push_piece(L, r->piece);
        lua_setfield(L, -2, "piece");
    }
    if (params & ARB_P_BY) {
        push_piece(L, r->by);
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

/* ---- positions ---- */

static arb_position *check_pos(lua_State *L, int arg)
{
    return luaL_checkudata(L, arg, POS_MT);
}

arb_position *arbl_push_position(lua_State *L, const arb_position *pos)
{
    arb_position *p = lua_newuserdatauv(L, sizeof *p, 0);
    *p = *pos;
    luaL_setmetatable(L, POS_MT);
    return p;
}

const arb_position *arbl_to_position(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, POS_MT);
}

static arb_variant opt_variant(lua_State *L, int arg)
{
    static const char *const names[] = {"standard", "chess960", NULL};
    return (arb_variant)luaL_checkoption(L, arg, "standard", names);
}

/* arbiter.position([fen [, variant]]) -> position | nil, explanation */
static int l_position(lua_State *L)
{
    const char *fen = luaL_optstring(L, 1, ARB_START_FEN);
    arb_variant v = opt_variant(L, 2);
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
    arb_variant v = opt_variant(L, 2);
    arb_reason problems[ARB_EXPLAIN_MAX];
    int n = arb_validate(fen, v, problems, ARB_EXPLAIN_MAX);
    if (n > ARB_EXPLAIN_MAX)
        n = ARB_EXPLAIN_MAX;
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
    arb_position_fen(check_pos(L, 1), fen, sizeof fen);
    lua_pushstring(L, fen);
    return 1;
}

static int pos_turn(lua_State *L)
{
    lua_pushstring(L, color_name((arb_color)check_pos(L, 1)->side));
    return 1;
}

static int pos_variant(lua_State *L)
{
    lua_pushstring(L, check_pos(L, 1)->variant == ARB_CHESS960 ? "chess960" : "standard");
    return 1;
}

static int pos_in_check(lua_State *L)
{
    lua_pushboolean(L, arb_in_check(check_pos(L, 1)));
    return 1;
}

static int pos_checkers(lua_State *L)
{
    push_squares(L, arb_checkers(check_pos(L, 1)));
    return 1;
}

static const char *const kind_names[] = {"normal", "double_push", "en_passant", "castle",
                                         "promotion", "promotion", "promotion", "promotion"};

/* A move as a table: uci, san, from, to, piece, color, kind, captured, promotion, castle. */
static void push_move(lua_State *L, const arb_position *pos, arb_move m)
{
    char uci[ARB_MOVE_TEXT_MAX], san[ARB_MOVE_TEXT_MAX];
    int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m), kind = ARB_MOVE_KIND(m);
    arb_move_uci(pos, m, uci, sizeof uci);
    arb_move_san(pos, m, san, sizeof san);
    lua_createtable(L, 0, 10);
    lua_pushstring(L, uci);
    lua_setfield(L, -2, "uci");
    lua_pushstring(L, san);
    lua_setfield(L, -2, "san");
    push_square(L, from);
    lua_setfield(L, -2, "from");
    push_square(L, to);
    lua_setfield(L, -2, "to");
    lua_pushlstring(L, &piece_letters[ARB_PIECE_TYPE(pos->board[from])], 1);
    lua_setfield(L, -2, "piece");
    lua_pushstring(L, color_name((arb_color)pos->side));
    lua_setfield(L, -2, "color");
    lua_pushstring(L, kind_names[kind & 7]);
    lua_setfield(L, -2, "kind");
    if (kind == ARB_MOVE_EN_PASSANT) {
        lua_pushliteral(L, "P");
        lua_setfield(L, -2, "captured");
    } else if (kind != ARB_MOVE_CASTLE && pos->board[to]) {
        lua_pushlstring(L, &piece_letters[ARB_PIECE_TYPE(pos->board[to])], 1);
        lua_setfield(L, -2, "captured");
    }
    if (ARB_MOVE_IS_PROMO(m)) {
        lua_pushlstring(L, &piece_letters[ARB_MOVE_PROMO_TYPE(m)], 1);
        lua_setfield(L, -2, "promotion");
    }
    if (kind == ARB_MOVE_CASTLE) {
        lua_pushstring(L, to == pos->castle_rook[pos->side][ARB_KINGSIDE] ? "kingside" : "queenside");
        lua_setfield(L, -2, "castle");
    }
}

static int pos_legal_moves(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = check_pos(L, 1);
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_move(L, pos, moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int pos_legal_count(lua_State *L)
{
    lua_pushinteger(L, arb_count_legal_moves(check_pos(L, 1)));
    return 1;
}

/* Reads a move argument: SAN/UCI text or a move table (its uci field). */
static arb_status parse_arg(lua_State *L, const arb_position *pos, int arg, arb_move *m, arb_reason *why)
{
    const char *text;
    if (lua_istable(L, arg)) {
        lua_getfield(L, arg, "uci");
        text = lua_tostring(L, -1);
        luaL_argcheck(L, text != NULL, arg, "a move table needs its 'uci' field");
        lua_replace(L, arg);
    } else {
        text = luaL_checkstring(L, arg);
    }
    return arb_parse_move(pos, text, m, why);
}

/* pos:parse(move) -> move table | nil, explanation */
static int pos_parse(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    arb_move m;
    arb_reason why;
    if (parse_arg(L, pos, 2, &m, &why) != ARB_OK) {
        lua_pushnil(L);
        arbl_push_reason(L, &why);
        return 2;
    }
    push_move(L, pos, m);
    return 1;
}

/* pos:play(move) -> the position after it | nil, explanation */
static int pos_play(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    arb_move m;
    arb_reason why;
    if (parse_arg(L, pos, 2, &m, &why) != ARB_OK) {
        lua_pushnil(L);
        arbl_push_reason(L, &why);
        return 2;
    }
    arb_position *after = arbl_push_position(L, pos);
    arb_position_play(after, m);
    return 1;
}

static int pos_piece_at(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    arb_piece p = pos->board[check_square(L, 2)];
    if (!p)
        return 0;
    push_piece(L, p);
    return 1;
}

static int pos_pieces(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    lua_newtable(L);
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq]) {
            push_piece(L, pos->board[sq]);
            char name[3];
            arb_square_name(sq, name);
            lua_setfield(L, -2, name);
        }
    return 1;
}

static int pos_king(lua_State *L)
{
    push_square(L, check_pos(L, 1)->king_square[check_color(L, 2)]);
    return 1;
}

static int pos_attackers(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    int sq = check_square(L, 2);
    arb_color by = check_color(L, 3);
    push_squares(L, arb_attackers(pos, sq, by, arb_occupied(pos)));
    return 1;
}

static int pos_pinned(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    push_squares(L, arb_pinned(pos, check_color(L, 2), NULL));
    return 1;
}

/* Largest perft depth a script may ask for (the call cannot be interrupted). */
#define PERFT_MAX_DEPTH 3

static int pos_perft(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = check_pos(L, 1);
    lua_Integer d = luaL_checkinteger(L, 2);
    luaL_argcheck(L, d >= 0 && d <= PERFT_MAX_DEPTH, 2, "perft depth must be 0 to 3 in scripts");
    lua_pushinteger(L, (lua_Integer)arb_perft(pos, (int)d));
    return 1;
}

/* Pushes a termination name, "ongoing" for none. */
static void push_termination(lua_State *L, arb_termination t)
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
    const arb_position *pos = check_pos(L, 1);
    arb_game g;
    arb_outcome out;
    if (arb_game_init(&g, pos) != ARB_OK)
        return luaL_error(L, "out of memory");
    arb_status st = arb_game_automatic_ending(&g, 0, &out);
    arb_game_free(&g);
    push_termination(L, st == ARB_OK ? out.termination : ARB_TERM_NONE);
    return 1;
}

static int pos_insufficient_material(lua_State *L)
{
    lua_pushboolean(L, arb_insufficient_material(check_pos(L, 1), NULL));
    return 1;
}

/* pos:can_mate(color) -> whether color could still checkmate by some series of legal moves
 * (FIDE 6.9; the engine's unwinnability hook). */
static int pos_can_mate(lua_State *L)
{
    lua_pushboolean(L, arb_rules_can_mate(check_pos(L, 1), check_color(L, 2)));
    return 1;
}

static void push_reasons(lua_State *L, const arb_reason *r, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        arbl_push_reason(L, &r[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

/* pos:touch({"g1", "e8", ...} [, promotion]) -> {any, moves = {move tables}, explanations}:
 * the moves the side to move may choose from after touching these squares in order (FIDE
 * 4.3-4.5). promotion is "e8=Q" style: a promotion piece put on that square (4.4.4). */
static int pos_touch(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    arb_touch t = arb_touch_none();
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n >= 0 && n <= ARB_TOUCH_MAX, 2, "too many touched squares");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 2, i);
        t.squares[t.count++] = (uint8_t)check_square(L, lua_gettop(L));
        lua_pop(L, 1);
    }
    if (!lua_isnoneornil(L, 3)) {
        const char *promo = luaL_checkstring(L, 3);
        char sq[3] = {promo[0], promo[0] ? promo[1] : 0, 0};
        const char *letter = strchr(promo, '=');
        const char *type = letter && letter[1] ? strchr(piece_letters + 1, letter[1]) : NULL;
        t.promo_square = arb_square_parse(sq);
        luaL_argcheck(L, t.promo_square != ARB_NO_SQUARE && type, 3, "promotion must look like e8=Q");
        t.promo_type = (arb_piece_type)(type - piece_letters);
    }
    arb_touch_result *out = lua_newuserdatauv(L, sizeof *out, 0); /* large: keep it off the C stack */
    if (arb_touch_obligation(pos, &t, out) != ARB_OK)
        return luaL_argerror(L, 2, "bad touched squares");
    lua_createtable(L, 0, 3);
    lua_pushboolean(L, out->any);
    lua_setfield(L, -2, "any");
    lua_createtable(L, out->nmoves, 0);
    for (int i = 0; i < out->nmoves; i++) {
        push_move(L, pos, out->moves[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "moves");
    push_reasons(L, out->reasons, out->nreasons);
    lua_setfield(L, -2, "explanations");
    return 1;
}

static int pos_halfmove(lua_State *L)
{
    lua_pushinteger(L, check_pos(L, 1)->halfmove_clock);
    return 1;
}

static int pos_fullmove(lua_State *L)
{
    lua_pushinteger(L, check_pos(L, 1)->fullmove_number);
    return 1;
}

static int pos_ep_square(lua_State *L)
{
    const arb_position *pos = check_pos(L, 1);
    if (pos->ep_square == ARB_NO_SQUARE)
        return 0;
    push_square(L, pos->ep_square);
    return 1;
}

/* pos:castling_rook(color, side) -> the square of the rook that color may still castle with on
 * that side, or nil when the right is gone. */
static int pos_castling_rook(lua_State *L)
{
    static const char *const sides[] = {"kingside", "queenside", NULL};
    const arb_position *pos = check_pos(L, 1);
    arb_color c = check_color(L, 2);
    int side = luaL_checkoption(L, 3, NULL, sides);
    if (pos->castle_rook[c][side] == ARB_NO_SQUARE)
        return 0;
    push_square(L, pos->castle_rook[c][side]);
    return 1;
}

static int pos_key(lua_State *L)
{
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)check_pos(L, 1)->key);
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
    arb_position_fen(check_pos(L, 1), a, sizeof a);
    arb_position_fen(check_pos(L, 2), b, sizeof b);
    lua_pushboolean(L, strcmp(a, b) == 0);
    return 1;
}

static int pos_ep_capture_legal(lua_State *L);

static const luaL_Reg pos_methods[] = {
    {"fen", pos_fen}, {"turn", pos_turn}, {"variant", pos_variant}, {"in_check", pos_in_check},
    {"checkers", pos_checkers}, {"legal_moves", pos_legal_moves}, {"legal_count", pos_legal_count},
    {"parse", pos_parse}, {"play", pos_play}, {"piece_at", pos_piece_at}, {"pieces", pos_pieces},
    {"king", pos_king}, {"attackers", pos_attackers}, {"pinned", pos_pinned}, {"perft", pos_perft},
    {"status", pos_status}, {"halfmove_clock", pos_halfmove}, {"fullmove_number", pos_fullmove},
    {"ep_square", pos_ep_square}, {"castling_rook", pos_castling_rook}, {"key", pos_key},
    {"insufficient_material", pos_insufficient_material}, {"can_mate", pos_can_mate}, {"touch", pos_touch},
    {"ep_capture_legal", pos_ep_capture_legal},
    {NULL, NULL},
};

/* ---- games: a start position and the moves played, immutable ---- */

/* Longest game a script may build (each step copies the record). */
#define GAME_MAX_PLIES 1000

typedef struct lgame {
    arb_game g;
    long charged;
} lgame;

static lgame *check_game(lua_State *L, int arg)
{
    lgame *lg = luaL_checkudata(L, arg, GAME_MT);
    luaL_argcheck(L, lg->g.positions != NULL, arg, "game was freed");
    return lg;
}

static int game_gc(lua_State *L)
{
    lgame *lg = luaL_checkudata(L, 1, GAME_MT);
    if (lg->g.positions) {
        arb_game_free(&lg->g);
        arbl_sandbox_charge(L, -lg->charged);
        lg->charged = 0;
    }
    return 0;
}

/* Pushes an empty game userdata started at pos, its memory charged to the sandbox. */
static lgame *new_game(lua_State *L, const arb_position *start, int plies)
{
    lgame *lg = lua_newuserdatauv(L, sizeof *lg, 0);
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
    luaL_setmetatable(L, GAME_MT);
    return lg;
}

/* When the record ended automatically before its last move (docs/api.md "Records that end":
 * no move follows an ending), at a position from index `from` on: pushes nil, move_after_end
 * for the move after it (text[k - from]: its index in the list at arg) and that index. */
static bool ended_before(lua_State *L, const arb_game *g, int from, int arg, bool next_failed)
{
    arb_outcome out;
    int k = arb_game_first_ending(g, from, &out);
    if (k < 0 || (k == g->nplies && !next_failed))
        return false;
    lua_geti(L, arg, k - from + 1);
    const char *text = lua_tostring(L, -1);
    arb_reason why = arb_reason_make(ARB_R_move_after_end);
    why.n = k;
    snprintf(why.move, sizeof why.move, "%.11s", text ? text : "");
    lua_pop(L, 1);
    lua_pushnil(L);
    arbl_push_reason(L, &why);
    lua_pushinteger(L, k - from + 1);
    return true;
}

/* Plays the text moves of the table at arg onto lg; on failure pushes nil, explanation, index
 * (a move after an automatic ending fails with move_after_end, as the HTTP API refuses it). */
static bool play_list(lua_State *L, lgame *lg, int arg)
{
    lua_Integer n = luaL_len(L, arg);
    luaL_argcheck(L, n + lg->g.nplies <= GAME_MAX_PLIES, arg, "too many moves for a script game");
    int from = lg->g.nplies; /* the record up to here has been checked */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, arg, i);
        const char *text = lua_tostring(L, -1);
        if (!text && lua_istable(L, -1)) {
            lua_getfield(L, -1, "uci");
            text = lua_tostring(L, -1);
            lua_remove(L, -2);
        }
        luaL_argcheck(L, text != NULL, arg, "moves must be SAN/UCI text or move tables");
        arb_reason why;
        int failed = 0;
        arb_status st = arb_game_play_texts(&lg->g, &text, 1, &failed, &why);
        lua_pop(L, 1);
        if (st != ARB_OK && st != ARB_ERR_LIMIT && ended_before(L, &lg->g, from, arg, true))
            return false;
        if (st != ARB_OK) {
            if (st == ARB_ERR_LIMIT)
                luaL_error(L, "game too long");
            lua_pushnil(L);
            arbl_push_reason(L, &why);
            lua_pushinteger(L, i);
            return false;
        }
    }
    return !ended_before(L, &lg->g, from, arg, false);
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
        if (arb_position_from_fen(&start, luaL_checkstring(L, 1), opt_variant(L, 3), &why) != ARB_OK) {
            lua_pushnil(L);
            arbl_push_reason(L, &why);
            return 2;
        }
    }
    int nmoves = lua_istable(L, 2) ? (int)luaL_len(L, 2) : 0;
    if (!lua_isnoneornil(L, 2))
        luaL_checktype(L, 2, LUA_TTABLE);
    luaL_argcheck(L, nmoves <= GAME_MAX_PLIES, 2, "too many moves for a script game");
    lgame *lg = new_game(L, &start, nmoves);
    if (nmoves && !play_list(L, lg, 2))
        return 3;
    return 1;
}

/* game:play(move) -> a new game one move longer | nil, explanation */
static int game_play(lua_State *L)
{
    arbl_sandbox_check(L);
    lgame *old = check_game(L, 1);
    luaL_checkany(L, 2);
    luaL_argcheck(L, old->g.nplies < GAME_MAX_PLIES, 1, "too many moves for a script game");
    lgame *lg = new_game(L, &old->g.positions[0], old->g.nplies + 1);
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
    lua_pushinteger(L, check_game(L, 1)->g.nplies);
    return 1;
}

/* game:position([ply]) -> the position after ply moves (default: the current one) */
static int game_position(lua_State *L)
{
    lgame *lg = check_game(L, 1);
    lua_Integer ply = luaL_optinteger(L, 2, lg->g.nplies);
    luaL_argcheck(L, ply >= 0 && ply <= lg->g.nplies, 2, "ply out of range");
    arbl_push_position(L, &lg->g.positions[ply]);
    return 1;
}

/* game:moves() -> the moves played, as move tables (uci, san, ...) */
static int game_moves(lua_State *L)
{
    lgame *lg = check_game(L, 1);
    lua_createtable(L, lg->g.nplies, 0);
    for (int i = 0; i < lg->g.nplies; i++) {
        push_move(L, &lg->g.positions[i], lg->g.moves[i]);
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
    push_termination(L, o->termination);
    lua_setfield(L, -2, "termination");
    lua_pushinteger(L, o->ply);
    lua_setfield(L, -2, "ply");
    lua_pushboolean(L, o->claim_made);
    lua_setfield(L, -2, "claim_made");
    lua_pushboolean(L, o->claim_valid);
    lua_setfield(L, -2, "claim_valid");
    push_reasons(L, o->reasons, o->nreasons);
    lua_setfield(L, -2, "explanations");
}

/* game:occurrences([ply]) -> the plies (0 = start) at which the position at ply (default: the
 * current one) occurred, oldest first: "the same position" of FIDE 9.2.3. */
static int game_occurrences(lua_State *L)
{
    lgame *lg = check_game(L, 1);
    lua_Integer ply = luaL_optinteger(L, 2, lg->g.nplies);
    luaL_argcheck(L, ply >= 0 && ply <= lg->g.nplies, 2, "ply out of range");
    int plies[GAME_MAX_PLIES + 1];
    int n = arb_game_occurrences(&lg->g, (int)ply, plies, GAME_MAX_PLIES + 1);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n && i <= GAME_MAX_PLIES; i++) {
        lua_pushinteger(L, plies[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game:status([ply]) -> like pos:status(), with the history (fivefold repetition too). */
static int game_status(lua_State *L)
{
    lgame *lg = check_game(L, 1);
    lua_Integer ply = luaL_optinteger(L, 2, lg->g.nplies);
    luaL_argcheck(L, ply >= 0 && ply <= lg->g.nplies, 2, "ply out of range");
    arb_outcome out;
    arb_status st = arb_game_automatic_ending(&lg->g, (int)ply, &out);
    push_termination(L, st == ARB_OK ? out.termination : ARB_TERM_NONE);
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
    lgame *lg = check_game(L, 1);
    arb_claim_kind kind = check_claim(L, 2);
    arb_move m = ARB_MOVE_NONE;
    arb_reason why;
    if (!lua_isnoneornil(L, 3) && parse_arg(L, arb_game_current(&lg->g), 3, &m, &why) != ARB_OK) {
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
    lgame *lg = check_game(L, 1);
    arb_event ev = arb_event_none();
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        if (lua_getfield(L, 2, "flag") != LUA_TNIL)
            ev.flag = check_color(L, lua_gettop(L));
        if (lua_getfield(L, 2, "resign") != LUA_TNIL)
            ev.resign = check_color(L, lua_gettop(L));
        lua_getfield(L, 2, "agree_draw");
        ev.agree_draw = lua_toboolean(L, -1);
        if (lua_getfield(L, 2, "claim") != LUA_TNIL)
            ev.claim = check_claim(L, lua_gettop(L));
        static const char *const tcs[] = {"standard", "rapid", "blitz", NULL};
        if (lua_getfield(L, 2, "time_control") != LUA_TNIL)
            ev.time_control = (arb_time_control)luaL_checkoption(L, lua_gettop(L), NULL, tcs);
        if (lua_getfield(L, 2, "with_move") != LUA_TNIL) {
            arb_reason why;
            if (parse_arg(L, arb_game_current(&lg->g), lua_gettop(L), &ev.claim_move, &why) != ARB_OK) {
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

static const luaL_Reg game_methods[] = {
    {"play", game_play}, {"length", game_length}, {"position", game_position}, {"moves", game_moves},
    {"occurrences", game_occurrences}, {"status", game_status}, {"claim", game_claim}, {"outcome", game_outcome},
    {NULL, NULL},
};

/* ---- explanations: why a move is illegal, why castling is not allowed, why check/mate ---- */

/* The optional game at arg (the history that led to the position), or NULL. */
static const arb_game *opt_history(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? NULL : &check_game(L, arg)->g;
}

/* Pushes at most ARB_EXPLAIN_MAX reasons (n as the engine returned it). */
static void push_reason_list(lua_State *L, const arb_reason *r, int n)
{
    push_reasons(L, r, n > ARB_EXPLAIN_MAX ? ARB_EXPLAIN_MAX : (n < 0 ? 0 : n));
}

/* arbiter.explain(pos, text [, game]) / pos:explain(text [, game]) -> move table, {} when the
 * move (SAN or UCI) is legal | nil, explanations (most fundamental first; arb_explain_text). */
static int l_explain(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = check_pos(L, 1);
    const char *text = luaL_checkstring(L, 2);
    const arb_game *history = opt_history(L, 3);
    arb_reason why[ARB_EXPLAIN_MAX];
    arb_move m = ARB_MOVE_NONE;
    int n = arb_explain_text(pos, history, text, &m, why, ARB_EXPLAIN_MAX);
    if (n == 0) {
        push_move(L, pos, m);
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
    const arb_position *pos = check_pos(L, 1);
    int from = check_square(L, 2), to = check_square(L, 3);
    arb_piece_type promo = ARB_NO_TYPE;
    if (!lua_isnoneornil(L, 4)) {
        const char *letter = luaL_checkstring(L, 4);
        const char *type = strlen(letter) == 1 ? strchr(piece_letters + 1, letter[0] & ~0x20) : NULL;
        luaL_argcheck(L, type != NULL, 4, "promotion must be a piece letter (Q, R, B, N)");
        promo = (arb_piece_type)(type - piece_letters);
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
    const arb_position *pos = check_pos(L, 1);
    arb_color color = check_color(L, 2);
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
    lua_pushstring(L, arb_state_name(arb_position_state(check_pos(L, 1))));
    return 1;
}

/* arbiter.explain_status(pos) / pos:explain_status() -> state, explanations: the checks, and for
 * mate and stalemate why every flight, capture and block fails (arb_explain_status). */
static int l_explain_status(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = check_pos(L, 1);
    arb_reason why[ARB_EXPLAIN_MAX];
    int n = arb_explain_status(pos, why, ARB_EXPLAIN_MAX);
    lua_pushstring(L, arb_state_name(arb_position_state(pos)));
    push_reason_list(L, why, n);
    return 2;
}

/* Also methods of positions (pos:explain(...)). */
static const luaL_Reg explain_fns[] = {
    {"explain", l_explain}, {"explain_move", l_explain_move}, {"castling", l_castling},
    {"state", l_state}, {"explain_status", l_explain_status}, {NULL, NULL},
};

/* arbiter.illegal_move_penalty(pos, offender, count [, time_control [, limit]]) ->
 * outcome, extra seconds for the opponent (FIDE 7.5.5; the position before the illegal move). */
static int l_illegal_move_penalty(lua_State *L)
{
    static const char *const tcs[] = {"standard", "rapid", "blitz", NULL};
    const arb_position *pos = check_pos(L, 1);
    arb_color offender = check_color(L, 2);
    lua_Integer count = luaL_checkinteger(L, 3);
    arb_illegal_policy policy = arb_illegal_policy_fide((arb_time_control)luaL_checkoption(L, 4, "standard", tcs));
    policy.limit = (int)luaL_optinteger(L, 5, policy.limit);
    luaL_argcheck(L, count >= 1 && count <= 100, 3, "count must be 1 to 100");
    arb_outcome out;
    int extra = 0;
    if (arb_illegal_move_penalty(pos, offender, (int)count, &policy, &out, &extra) != ARB_OK)
        return luaL_argerror(L, 5, "the limit must be at least 1");
    push_outcome(L, &out);
    lua_pushinteger(L, extra);
    return 2;
}

/* ---- a deterministic RNG: xoshiro256** seeded through splitmix64 ---- */

typedef struct rng {
    uint64_t s[4];
} rng;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(rng *r)
{
    uint64_t result = rotl(r->s[1] * 5, 7) * 9, t = r->s[1] << 17;
    r->s[2] ^= r->s[0];
    r->s[3] ^= r->s[1];
    r->s[1] ^= r->s[2];
    r->s[0] ^= r->s[3];
    r->s[2] ^= t;
    r->s[3] = rotl(r->s[3], 45);
    return result;
}

static int l_random(lua_State *L)
{
    uint64_t seed = (uint64_t)luaL_checkinteger(L, 1);
    rng *r = lua_newuserdatauv(L, sizeof *r, 0);
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
    luaL_setmetatable(L, RNG_MT);
    return 1;
}

/* rng:int(lo, hi) -> a whole number in [lo, hi], uniformly (rejection sampling) */
static int rng_int(lua_State *L)
{
    rng *r = luaL_checkudata(L, 1, RNG_MT);
    lua_Integer lo = luaL_checkinteger(L, 2), hi = luaL_checkinteger(L, 3);
    luaL_argcheck(L, lo <= hi, 3, "empty interval");
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1, x;
    if (span == 0) {
        x = rng_next(r);
    } else {
        uint64_t limit = UINT64_MAX - UINT64_MAX % span;
        do
            x = rng_next(r);
        while (x >= limit);
        x %= span;
    }
    lua_pushinteger(L, (lua_Integer)((uint64_t)lo + x));
    return 1;
}

/* rng:float() -> a number in [0, 1) */
static int rng_float(lua_State *L)
{
    rng *r = luaL_checkudata(L, 1, RNG_MT);
    lua_pushnumber(L, (double)(rng_next(r) >> 11) * 0x1.0p-53);
    return 1;
}

static const luaL_Reg rng_methods[] = {
    {"int", rng_int}, {"float", rng_float}, {NULL, NULL},
};

/* ---- explanations, random play and the mate solver (quiz and puzzle generators) ---- */

/* pos:ep_capture_legal() -> whether the side to move has a legal en passant capture */
static int pos_ep_capture_legal(lua_State *L)
{
    lua_pushboolean(L, arb_ep_capture_legal(check_pos(L, 1)));
    return 1;
}

/* arbiter.random_game(rng, plies [, start]) -> a game of up to plies uniformly random legal
 * moves from start (default: the standard start); it stops early when no move is legal. */
static int l_random_game(lua_State *L)
{
    arbl_sandbox_check(L);
    rng *r = luaL_checkudata(L, 1, RNG_MT);
    lua_Integer plies = luaL_checkinteger(L, 2);
    luaL_argcheck(L, plies >= 0 && plies <= GAME_MAX_PLIES, 2, "plies must be 0 to 1000");
    arb_position start;
    const arb_position *p = lua_isnoneornil(L, 3) ? NULL : check_pos(L, 3);
    if (p)
        start = *p;
    else
        arb_position_start(&start);
    lgame *lg = new_game(L, &start, (int)plies);
    arb_move moves[ARB_MAX_MOVES];
    for (lua_Integer i = 0; i < plies; i++) {
        int n = arb_legal_moves(arb_game_current(&lg->g), moves);
        if (n == 0)
            break;
        arb_game_play(&lg->g, moves[rng_next(r) % (uint64_t)n]);
    }
    arb_outcome out; /* a game goes no further than its automatic ending */
    int end = arb_game_first_ending(&lg->g, 0, &out);
    if (end >= 0)
        lg->g.nplies = end;
    return 1;
}

/* arbiter.mate_in(pos, n [, budget]) -> {mate, length, keys = {uci...}, line = {uci...}} |
 * nil, "budget" (the solver's budget ran out before a proof) */
static int l_mate_in(lua_State *L)
{
    arbl_sandbox_check(L);
    const arb_position *pos = check_pos(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer budget = luaL_optinteger(L, 3, 2000000);
    luaL_argcheck(L, n >= 1 && n <= 3, 2, "scripts may ask for mate in 1 to 3");
    luaL_argcheck(L, budget >= 1 && budget <= 5000000, 3, "budget must be 1 to 5000000 nodes");
    arb_mate_result *res = lua_newuserdatauv(L, sizeof *res, 0); /* large: keep it off the C stack */
    arb_status st = arb_mate_in(pos, (int)n, (uint64_t)budget, res);
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
    const arb_position *pos = check_pos(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer budget = luaL_optinteger(L, 4, 2000000);
    luaL_argcheck(L, n >= 1 && n <= 3, 2, "scripts may ask for mate in 1 to 3");
    luaL_argcheck(L, budget >= 1 && budget <= 5000000, 4, "budget must be 1 to 5000000 nodes");
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
    arb_status st = arb_mate_check_line(pos, (int)n, moves, (int)count, (uint64_t)budget, out);
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
    push_reasons(L, out->reasons, out->nreasons);
    lua_setfield(L, -2, "explanations");
    return 1;
}

/* ---- dead positions (FIDE 5.2.2) and unwinnability (6.9): the data of POST /v1/dead ---- */

/* The optional node budget of a dead-position search: /v1/dead's default is also the most a
 * script may ask (the script's deadline stops the search sooner when it comes first). */
static uint64_t check_dead_budget(lua_State *L, int arg)
{
    lua_Integer budget = luaL_optinteger(L, arg, ARB_DEAD_DEFAULT_BUDGET);
    luaL_argcheck(L, budget >= 1 && budget <= ARB_DEAD_DEFAULT_BUDGET, arg, "budget must be 1 to 2000000 positions");
    return (uint64_t)budget;
}

/* The search stops at the run's deadline (or when the host cancels the run). */
static const arb_search_stop *script_stop(lua_State *L, arb_search_stop *stop)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb)
        return NULL;
    *stop = (arb_search_stop){arbl_sandbox_should_stop, sb};
    return stop;
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
    const arb_position *pos = check_pos(L, 1);
    arb_color color = check_color(L, 2);
    uint64_t budget = check_dead_budget(L, 3);
    arb_unwinnable_result *res = lua_newuserdatauv(L, sizeof *res, 0); /* large: off the C stack */
    arb_search_stop stop;
    arb_status st = arb_unwinnable_until(pos, color, budget, script_stop(L, &stop), res);
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
    push_reasons(L, res->reasons, res->nreasons);
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
    const arb_position *pos = check_pos(L, 1);
    uint64_t budget = check_dead_budget(L, 2);
    arb_dead_result *res = lua_newuserdatauv(L, sizeof *res, 0);
    arb_search_stop stop;
    arb_status st = arb_dead_position_until(pos, budget, script_stop(L, &stop), res);
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
        lua_setfield(L, -3, color_name((arb_color)c));
        if (u->verdict == ARB_WIN_POSSIBLE) {
            push_witness(L, pos, u);
            lua_setfield(L, -2, color_name((arb_color)c));
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
    push_reasons(L, all, n);
    lua_setfield(L, -2, "explanations");
    lua_pushinteger(L, (lua_Integer)res->nodes);
    lua_setfield(L, -2, "nodes");
    return 1;
}

/* ---- module ---- */

static int l_languages(lua_State *L)
{
    const char *const *langs = arb_languages();
    lua_newtable(L);
    for (int i = 0; langs[i]; i++) {
        lua_pushstring(L, langs[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_lang(lua_State *L)
{
    lua_pushstring(L, lang_of(L));
    return 1;
}

/* arbiter.is_square(text) -> whether text names a square */
static int l_is_square(lua_State *L)
{
    const char *s = luaL_checkstring(L, 1);
    lua_pushboolean(L, strlen(s) == 2 && arb_square_parse(s) != ARB_NO_SQUARE);
    return 1;
}

/* ---- answers as students type them (answer_text.h): both runtimes read them this way ---- */

typedef bool (*answer_map)(const char *in, char *out, size_t cap);

/* Longest text the answer readers take from a script (an answer is at most ARBL_ANSWER_MAX
 * bytes): each reads it in a few passes outside the deadline's view, so the size bounds them. */
#define ANSWER_SCRIPT_MAX (16u << 10)

static const char *check_answer_text(lua_State *L, size_t *n)
{
    const char *s = luaL_checklstring(L, 1, n);
    luaL_argcheck(L, *n <= ANSWER_SCRIPT_MAX, 1, "answer too long");
    return s;
}

static int push_mapped(lua_State *L, answer_map map)
{
    size_t n;
    const char *s = check_answer_text(L, &n);
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, 3 * n + 1); /* a malformed byte grows into U+FFFD */
    map(s, p, 3 * n + 1);
    luaL_pushresultsize(&b, strlen(p));
    return 1;
}

/* arbiter.answer_text(text) -> the text with native digits, Arabic punctuation and spaces read */
static int l_answer_text(lua_State *L)
{
    return push_mapped(L, arbl_answer_fold);
}

/* arbiter.answer_key(text) -> what two spellings of one word have in common */
static int l_answer_key(lua_State *L)
{
    return push_mapped(L, arbl_answer_key);
}

/* arbiter.answer_word(text) -> "yes", "no", "none" or nil */
static int l_answer_word(lua_State *L)
{
    size_t n;
    const char *w = arbl_answer_word(check_answer_text(L, &n));
    if (w)
        lua_pushstring(L, w);
    else
        lua_pushnil(L);
    return 1;
}

/* arbiter.answer_squares(text) -> {"c3", "f6"} (a none word: {}), or nil and the bad token */
static int l_answer_squares(lua_State *L)
{
    char squares[ARBL_ANSWER_SQUARES_MAX][3], bad[64];
    size_t len;
    int n = arbl_answer_squares(check_answer_text(L, &len), squares, ARBL_ANSWER_SQUARES_MAX, bad, sizeof bad);
    if (n < 0) {
        lua_pushnil(L);
        lua_pushstring(L, bad);
        return 2;
    }
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, squares[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static const luaL_Reg module_fns[] = {
    {"position", l_position}, {"start", l_start}, {"chess960", l_chess960}, {"validate", l_validate},
    {"game", l_game}, {"random", l_random}, {"languages", l_languages}, {"lang", l_lang},
    {"is_square", l_is_square}, {"illegal_move_penalty", l_illegal_move_penalty},
    {"random_game", l_random_game}, {"mate_in", l_mate_in}, {"check_line", l_check_line},
    {"answer_text", l_answer_text}, {"answer_key", l_answer_key}, {"answer_word", l_answer_word},
    {"answer_squares", l_answer_squares}, {"dead", l_dead}, {"unwinnable", l_unwinnable},
    {NULL, NULL},
};

static void new_class(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction gc)
{
    luaL_newmetatable(L, name);
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
    if (gc) {
        lua_pushcfunction(L, gc);
        lua_setfield(L, -2, "__gc");
    }
}

int luaopen_arbiter(lua_State *L)
{
    new_class(L, POS_MT, pos_methods, NULL);
    lua_pushcfunction(L, pos_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, pos_eq);
    lua_setfield(L, -2, "__eq");
    lua_pop(L, 1);
    new_class(L, GAME_MT, game_methods, game_gc);
    lua_pop(L, 1);
    new_class(L, RNG_MT, rng_methods, NULL);
    lua_pop(L, 1);
    luaL_getmetatable(L, POS_MT);
    lua_getfield(L, -1, "__index");
    luaL_setfuncs(L, explain_fns, 0);
    lua_pop(L, 2);
    luaL_newlib(L, module_fns);
    luaL_setfuncs(L, explain_fns, 0);
    arbl_open_text(L);
    lua_pushstring(L, arb_version());
    lua_setfield(L, -2, "version");
    return 1;
}
