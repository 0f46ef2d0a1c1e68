/* Perft: counts leaf nodes of the legal move tree; the last ply only counts moves (bulk counting). */
#include "arbiter/movegen.h"
#include "arbiter/perft.h"

static uint64_t perft(const arb_position *pos, int depth)
{
    if (depth == 1)
        return (uint64_t)arb_count_legal_moves(pos);
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        arb_position child = *pos;
        arb_position_play(&child, moves[i]);
        total += perft(&child, depth - 1);
    }
    return total;
}

uint64_t arb_perft(const arb_position *pos, int depth)
{
    return depth <= 0 ? 1 : perft(pos, depth);
}

int arb_perft_divide(const arb_position *pos, int depth, arb_move *moves, uint64_t *counts)
{
    int n = arb_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        arb_position child = *pos;
        arb_position_play(&child, moves[i]);
        counts[i] = depth <= 1 ? 1 : perft(&child, depth - 1);
    }
    return n;
}
