/* Legal move generation for standard chess and Chess960. No heap: callers own the buffer. */
#ifndef ARBITER_MOVEGEN_H
#define ARBITER_MOVEGEN_H

#include "arbiter/position.h"

/* Writes every legal move into moves[ARB_MAX_MOVES] and returns how many. */
ARB_API int arb_legal_moves(const arb_position *pos, arb_move *moves);

/* The number of legal moves, without listing them (faster). */
ARB_API int arb_count_legal_moves(const arb_position *pos);

/* The legal moves of the pieces standing on `from` to the squares in `to` (castling counts as
 * the king moving to its rook's square), in moves[ARB_MAX_MOVES]; returns how many. Cheaper
 * than listing every move when the caller knows which piece or square it means. */
ARB_API int arb_legal_moves_between(const arb_position *pos, arb_bitboard from, arb_bitboard to, arb_move *moves);

/* Whether a move (e.g. one built from user input) is among the legal moves. */
ARB_API bool arb_is_legal(const arb_position *pos, arb_move move);

#endif
