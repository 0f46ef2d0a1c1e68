/* Answers as students type them (answer_text.h), for scripts: arbiter.answer_text, answer_key,
 * answer_word, answer_squares and answer_moves (a line of moves, the engine's reader). Both the
 * quiz and the puzzle runtimes read answers this way. */
#include <string.h>

#include <lauxlib.h>

#include "answer_text.h"
#include "binding.h"

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

/* arbiter.answer_moves(text) -> {"Qb8+", "Nxb8", "Rd8#"} for "1. Qb8+ Nxb8 2. Rd8#": the moves of
 * a line without their numbers (arb_line_next), as the text has them */
static int l_answer_moves(lua_State *L)
{
    size_t n;
    const char *at = check_answer_text(L, &n), *move;
    lua_newtable(L);
    for (lua_Integer i = 1; (move = arb_line_next(&at, &n, NULL)) != NULL; i++) {
        lua_pushlstring(L, move, n);
        lua_rawseti(L, -2, i);
    }
    return 1;
}

const luaL_Reg arbl_answer_fns[] = {
    {"answer_text", l_answer_text}, {"answer_key", l_answer_key}, {"answer_word", l_answer_word},
    {"answer_squares", l_answer_squares}, {"answer_moves", l_answer_moves}, {NULL, NULL},
};
