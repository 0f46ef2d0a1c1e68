/* The extreme-position family (issue 20 §1): boards at the limits of what the FEN parser
 * accepts, found by a deterministic hill climb toward the most legal moves, and one driver that
 * takes a position through every engine entry point checking that no list overflows or is cut.
 * Used by the engine test (test_extremes) and the fuzz target (fuzz_extreme). */
#ifndef ARB_TEST_EXTREME_H
#define ARB_TEST_EXTREME_H

#include "arbiter.h"

/* A shape of board: which pieces each side has and where they may stand. */
typedef struct ext_profile {
    const char *name;
    const char *white, *black;  /* piece letters, king first ("KQQQ...", "k") */
    arb_bitboard squares;       /* where any piece may stand */
    arb_bitboard pawn_squares;  /* where pawns may stand (within squares and ranks 2-7) */
    int side;                   /* side to move, whose moves are maximised */
    arb_variant variant;
    const char *fixed;          /* pieces that never move, "Ke1 Ra1 Rh1" (not in white/black) */
    const char *castling;       /* the FEN's castling field */
} ext_profile;

/* The family's shapes: queens round one king, both sides at 16 with queens, pawns on the
 * seventh (most promotions), every piece on light squares (the densest placement: 32 pieces on
 * 32 squares), standard material, and Chess960 castling beside a full queen set. */
extern const ext_profile ext_profiles[];
extern const int ext_nprofiles;

/* The board with the most legal moves for the side to move that `steps` steps of a hill climb
 * from seed found (each step moves one piece to a free square the profile allows and keeps the
 * board if the parser accepts it and it has at least as many moves). Writes its FEN (at least
 * ARB_FEN_MAX bytes) and returns the move count, or -1 if no accepted board was found. Every
 * board visited is also handed to visit (may be NULL) with ctx. */
int ext_climb(const ext_profile *p, uint64_t seed, int steps, char *fen,
              void (*visit)(const arb_position *pos, void *ctx), void *ctx);

/* Takes pos through every engine entry point (move lists, notation both ways, explanations of
 * every from-to pair, castling, status, validation, perft, a game record with claims and
 * outcomes, touch-move, the mate solver, the dead-position search, PGN out and in) with small
 * budgets; `depth` > 0 also plays that many plies and drives the positions reached (0: none).
 * Returns NULL when every invariant held, else a static text naming the first broken one. */
const char *ext_drive(const arb_position *pos, int depth);

/* The largest count the driver saw of each kind of list (to report how close to their
 * capacity they come): moves, explanation reasons, squares in one reason, claims. */
typedef struct ext_peaks {
    int moves, reasons, squares, claims, touch_reasons, outcome_reasons;
} ext_peaks;
extern ext_peaks ext_peak;

#endif
