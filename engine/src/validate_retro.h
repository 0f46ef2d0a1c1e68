/* Retrograde validation rules shared by validate.c (see validate_retro.c). */
#ifndef ARB_VALIDATE_RETRO_H
#define ARB_VALIDATE_RETRO_H

#include <stdlib.h>

#include "explain_internal.h"

/* Appends what the board says no game can have led to: pawns needing more captures than the
 * opponent has lost, pieces walled off from every square they can have started or been
 * promoted on, promotions the walls require beyond the missing pawns (only where the plain
 * count, coarse_promotions_ok[color], did not already refuse), promotions with no capture in
 * the game. promoted[color]: the pieces beyond the starting set that the plain count finds. */
void arb_retro_problems(struct rlist *l, const arb_position *pos, bool coarse_promotions_ok[2], const int promoted[2]);

#endif
