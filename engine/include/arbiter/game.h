/* A game record: a start position and the legal moves played from it, with every position
 * along the way. History answers what a FEN cannot (repetitions, when a right was lost). */
#ifndef ARBITER_GAME_H
#define ARBITER_GAME_H

#include "arbiter/position.h"

/* The longest record accepted (the 75-move rule ends any real game far sooner). */
#define ARB_GAME_MAX_PLIES 12000

typedef struct arb_game {
    int nplies;                 /* moves played */
    int cap;                    /* allocated plies */
    arb_move *moves;            /* moves[i] was played in positions[i] */
    arb_position *positions;    /* positions[0] is the start, positions[nplies] the current one */
} arb_game;

/* Starts a record at `start` (copied). Returns ARB_ERR_LIMIT if memory is short. */
ARB_API arb_status arb_game_init(arb_game *g, const arb_position *start);
ARB_API void arb_game_free(arb_game *g);

/* Plays a move that must be legal in the current position: ARB_ERR_ILLEGAL if it is not,
 * ARB_ERR_LIMIT past ARB_GAME_MAX_PLIES or out of memory; the record is unchanged then. */
ARB_API arb_status arb_game_play(arb_game *g, arb_move move);

/* Parses one move (SAN or UCI) and plays it: the status of arb_parse_move (why filled) or of
 * arb_game_play. Cheaper than the two calls: the parsed move is legal by construction. */
ARB_API arb_status arb_game_play_text(arb_game *g, const char *text, arb_reason *why);

/* Parses (SAN or UCI) and plays each text move in turn. On failure returns the status of the
 * first move that failed, its index in *failed_index and why in *why; the moves before it stay
 * played. */
ARB_API arb_status arb_game_play_texts(arb_game *g, const char *const *texts, int count, int *failed_index,
                                       arb_reason *why);

static inline const arb_position *arb_game_current(const arb_game *g)
{
    return &g->positions[g->nplies];
}

#endif
