/* Perft: the number of leaf nodes of the legal move tree, the move generator's oracle. */
#ifndef ARBITER_PERFT_H
#define ARBITER_PERFT_H

#include "arbiter/position.h"

ARB_API uint64_t arb_perft(const arb_position *pos, int depth);

/* Perft below each legal move: fills moves[] and counts[] (ARB_MAX_MOVES each) and returns
 * the number of moves. */
ARB_API int arb_perft_divide(const arb_position *pos, int depth, arb_move *moves, uint64_t *counts);

#endif
