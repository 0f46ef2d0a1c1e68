/* Puzzle endpoints (handlers_puzzles.c, routes in routes.h). The puzzles they serve are the
 * list of the current lesson set (lessons.h, puzzles.h): read from <lessons>/puzzles/puzzles.txt
 * at start and again on every SIGHUP reload, held per request, freed with the set. */
#ifndef AD_HANDLERS_PUZZLES_H
#define AD_HANDLERS_PUZZLES_H

/* Solver budget per answer (positions); a line that needs more is 422 budget_exceeded. */
#define AD_PUZZLE_BUDGET 5000000u

#endif
