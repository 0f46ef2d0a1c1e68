/* Legal move generation for standard chess and Chess960. No heap: callers own the buffer. */
#ifndef ARBITER_MOVEGEN_H
#define ARBITER_MOVEGEN_H

#include "arbiter/position.h"

/* Writes every legal move into moves[ARB_MAX_MOVES] and returns how many. */
ARB_API int arb_legal_moves(const arb_position *pos, arb_move *moves);

/* The number of legal moves, without listing them (faster). */
ARB_API int arb_count_legal_moves(const arb_position *pos);

/* Whether a move (e.g. one built from user input) is among the legal moves. */
ARB_API bool arb_is_legal(const arb_position *pos, arb_move move);

#endif
