/* libarbiter: the chess rules engine of Arbiter. One include for the whole public API. */
#ifndef ARBITER_H
#define ARBITER_H

#include "arbiter/types.h"
#include "arbiter/reason.h"
#include "arbiter/position.h"
#include "arbiter/movegen.h"
#include "arbiter/notation.h"
#include "arbiter/perft.h"
#include "arbiter/game.h"
#include "arbiter/dead.h"
#include "arbiter/rules.h"
#include "arbiter/procedures.h"
#include "arbiter/pgn.h"
#include "arbiter/explain.h"
#include "arbiter/solver.h"
#include "arbiter/annotate.h"

ARB_API const char *arb_version(void);

#endif
