/* Squares, colours, pieces and moves as scripts see them: the names ("e4", "white", "N"), move
 * tables (uci, san, from, to, piece, ...) and the move arguments the other binding files read
 * (SAN/UCI text or a move table). Shared by every class of the `arbiter` module. */
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"

const char arbl_piece_letters[] = " PNBRQK";

int arbl_check_square(lua_State *L, int arg)
{
    const char *s = luaL_checkstring(L, arg);
    int sq = arb_square_parse(s);
    if (sq == ARB_NO_SQUARE || strlen(s) != 2)
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not a square (a1..h8)", s));
    return sq;
}

void arbl_push_square(lua_State *L, int sq)
{
    char name[3];
    arb_square_name(sq, name);
    lua_pushstring(L, name);
}

void arbl_push_squares(lua_State *L, arb_bitboard bb)
{
    lua_newtable(L);
    int i = 1;
    for (int sq = 0; sq < 64; sq++)
        if (bb >> sq & 1) {
            arbl_push_square(L, sq);
            lua_rawseti(L, -2, i++);
        }
}

arb_color arbl_check_color(lua_State *L, int arg)
{
    static const char *const names[] = {"white", "black", NULL};
    return (arb_color)luaL_checkoption(L, arg, NULL, names);
}

const char *arbl_color_name(arb_color c)
{
    return c == ARB_WHITE ? "white" : "black";
}

/* "P" for a white pawn, "n" for a black knight (FEN letters). */
void arbl_push_piece(lua_State *L, arb_piece p)
{
    char s[2] = {arbl_piece_letters[ARB_PIECE_TYPE(p)], 0};
    if (ARB_PIECE_COLOR(p) == ARB_BLACK)
        s[0] = (char)(s[0] - 'A' + 'a');
    lua_pushstring(L, s);
}

static const char *const kind_names[] = {"normal", "double_push", "en_passant", "castle",
                                         "promotion", "promotion", "promotion", "promotion"};

/* A move as a table: uci, san, from, to, piece, color, kind, captured, promotion, castle. */
void arbl_push_move(lua_State *L, const arb_position *pos, arb_move m)
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
    arbl_push_square(L, from);
    lua_setfield(L, -2, "from");
    arbl_push_square(L, to);
    lua_setfield(L, -2, "to");
    lua_pushlstring(L, &arbl_piece_letters[ARB_PIECE_TYPE(pos->board[from])], 1);
    lua_setfield(L, -2, "piece");
    lua_pushstring(L, arbl_color_name((arb_color)pos->side));
    lua_setfield(L, -2, "color");
    lua_pushstring(L, kind_names[kind & 7]);
    lua_setfield(L, -2, "kind");
    if (kind == ARB_MOVE_EN_PASSANT) {
        lua_pushliteral(L, "P");
        lua_setfield(L, -2, "captured");
    } else if (kind != ARB_MOVE_CASTLE && pos->board[to]) {
        lua_pushlstring(L, &arbl_piece_letters[ARB_PIECE_TYPE(pos->board[to])], 1);
        lua_setfield(L, -2, "captured");
    }
    if (ARB_MOVE_IS_PROMO(m)) {
        lua_pushlstring(L, &arbl_piece_letters[ARB_MOVE_PROMO_TYPE(m)], 1);
        lua_setfield(L, -2, "promotion");
    }
    if (kind == ARB_MOVE_CASTLE) {
        lua_pushstring(L, to == pos->castle_rook[pos->side][ARB_KINGSIDE] ? "kingside" : "queenside");
        lua_setfield(L, -2, "castle");
    }
}

/* Reads a move argument: SAN/UCI text or a move table (its uci field). */
arb_status arbl_parse_move(lua_State *L, const arb_position *pos, int arg, arb_move *m, arb_reason *why)
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
