/* Random play for quiz generators: arbiter.random(seed) (a deterministic RNG, xoshiro256**
 * seeded through splitmix64: the same seed gives the same questions) and arbiter.random_game. */
#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

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
    luaL_setmetatable(L, ARBL_RANDOM_MT);
    return 1;
}

/* rng:int(lo, hi) -> a whole number in [lo, hi], uniformly (rejection sampling) */
static int rng_int(lua_State *L)
{
    rng *r = luaL_checkudata(L, 1, ARBL_RANDOM_MT);
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
    rng *r = luaL_checkudata(L, 1, ARBL_RANDOM_MT);
    lua_pushnumber(L, (double)(rng_next(r) >> 11) * 0x1.0p-53);
    return 1;
}

const luaL_Reg arbl_random_methods[] = {
    {"int", rng_int}, {"float", rng_float}, {NULL, NULL},
};
/* arbiter.random_game(rng, plies [, start]) -> a game of up to plies uniformly random legal
 * moves from start (default: the standard start); it stops early when no move is legal. */
static int l_random_game(lua_State *L)
{
    arbl_sandbox_check(L);
    rng *r = luaL_checkudata(L, 1, ARBL_RANDOM_MT);
    lua_Integer plies = luaL_checkinteger(L, 2);
    luaL_argcheck(L, plies >= 0 && plies <= ARBL_GAME_MAX_PLIES, 2, "plies must be 0 to 1000");
    arb_position start;
    const arb_position *p = lua_isnoneornil(L, 3) ? NULL : arbl_check_pos(L, 3);
    if (p)
        start = *p;
    else
        arb_position_start(&start);
    arbl_game *lg = arbl_new_game(L, &start, (int)plies);
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

const luaL_Reg arbl_random_fns[] = {
    {"random", l_random}, {"random_game", l_random_game}, {NULL, NULL},
};
