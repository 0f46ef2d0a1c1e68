/* Reading a game record for explanations: whether it leads to the position asked about, and
 * the SAN and move number of one of its moves. */
#include <string.h>

#include "arbiter/notation.h"
#include "explain_internal.h"

const arb_game *arb_explain_history(const arb_game *g, const arb_position *pos)
{
    if (!g || !g->positions || !g->moves || g->nplies < 0 || g->nplies > g->cap)
        return NULL;
    const arb_position *cur = arb_game_current(g);
    if (cur->side != pos->side || cur->ep_square != pos->ep_square ||
        memcmp(cur->board, pos->board, sizeof pos->board) != 0 ||
        memcmp(cur->castle_rook, pos->castle_rook, sizeof pos->castle_rook) != 0)
        return NULL;
    return g;
}

void arb_explain_history_move(const arb_game *g, int ply, arb_reason *r)
{
    arb_move_san(&g->positions[ply], g->moves[ply], r->move, sizeof r->move);
    r->n = g->positions[ply].fullmove_number;
}
