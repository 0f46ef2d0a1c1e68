/* The game record: moves and positions, grown on the heap (never in the move generator). */
#include <stdlib.h>

#include "arbiter/game.h"
#include "arbiter/movegen.h"
#include "arbiter/notation.h"

arb_status arb_game_init(arb_game *g, const arb_position *start)
{
    g->nplies = 0;
    g->cap = 64;
    g->moves = malloc(sizeof *g->moves * (size_t)g->cap);
    g->positions = malloc(sizeof *g->positions * (size_t)(g->cap + 1));
    if (!g->moves || !g->positions) {
        arb_game_free(g);
        return ARB_ERR_LIMIT;
    }
    g->positions[0] = *start;
    return ARB_OK;
}

void arb_game_free(arb_game *g)
{
    free(g->moves);
    free(g->positions);
    g->moves = NULL;
    g->positions = NULL;
    g->nplies = g->cap = 0;
}

static bool grow(arb_game *g)
{
    int cap = g->cap * 2 > ARB_GAME_MAX_PLIES ? ARB_GAME_MAX_PLIES : g->cap * 2;
    arb_move *moves = realloc(g->moves, sizeof *moves * (size_t)cap);
    if (!moves)
        return false;
    g->moves = moves;
    arb_position *positions = realloc(g->positions, sizeof *positions * (size_t)(cap + 1));
    if (!positions)
        return false;
    g->positions = positions;
    g->cap = cap;
    return true;
}

/* Appends a move known to be legal in the current position. */
static arb_status append(arb_game *g, arb_move move)
{
    if (g->nplies >= ARB_GAME_MAX_PLIES || (g->nplies == g->cap && !grow(g)))
        return ARB_ERR_LIMIT;
    g->moves[g->nplies] = move;
    g->positions[g->nplies + 1] = g->positions[g->nplies];
    arb_position_play(&g->positions[g->nplies + 1], move);
    g->nplies++;
    return ARB_OK;
}

arb_status arb_game_play(arb_game *g, arb_move move)
{
    if (g->nplies >= ARB_GAME_MAX_PLIES)
        return ARB_ERR_LIMIT;
    if (!arb_is_legal(arb_game_current(g), move))
        return ARB_ERR_ILLEGAL;
    return append(g, move);
}

arb_status arb_game_play_text(arb_game *g, const char *text, arb_reason *why)
{
    if (g->nplies >= ARB_GAME_MAX_PLIES)
        return ARB_ERR_LIMIT;
    arb_move m;
    arb_status st = arb_parse_move(arb_game_current(g), text, &m, why);
    return st == ARB_OK ? append(g, m) : st;
}

arb_status arb_game_play_texts(arb_game *g, const char *const *texts, int count, int *failed_index,
                               arb_reason *why)
{
    for (int i = 0; i < count; i++) {
        arb_status st = arb_game_play_text(g, texts[i], why);
        if (st != ARB_OK) {
            if (failed_index)
                *failed_index = i;
            return st;
        }
    }
    return ARB_OK;
}
