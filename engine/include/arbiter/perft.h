/* Perft: the number of leaf nodes of the legal move tree, the move generator's oracle. */
#ifndef ARBITER_PERFT_H
#define ARBITER_PERFT_H

#include "arbiter/movegen.h"
#include "arbiter/position.h"

ARB_API uint64_t arb_perft(const arb_position *pos, int depth);

/* Perft below each legal move: fills moves[] and counts[] (ARB_MAX_MOVES each) and returns
 * the number of moves. */
ARB_API int arb_perft_divide(const arb_position *pos, int depth, arb_move *moves, uint64_t *counts);

/* Perft within a budget on its cost. Bulk-counting perft(depth) costs its interior nodes,
 * perft(depth - 1): measured first, one depth at a time (each bounded the same way, and refused
 * without searching when the branching so far says the next is far over), and ARB_ERR_LIMIT when
 * they exceed max_interior (0: no budget). ARB_ERR_RANGE for a negative depth. */
typedef struct arb_perft_result {
    uint64_t nodes;
    bool divided;            /* divide asked and depth > 0: moves[] and counts[] hold it */
    int nmoves;
    arb_move moves[ARB_MAX_MOVES];
    uint64_t counts[ARB_MAX_MOVES];
    uint64_t interior;       /* interior nodes measured for the budget */
} arb_perft_result;

ARB_API arb_status arb_perft_budgeted(const arb_position *pos, int depth, bool divide, uint64_t max_interior,
                                      arb_perft_result *out);

#endif
