/* Dead positions (FIDE 5.2.2) and unwinnability per side (6.9, 7.5.5): insufficient material,
 * a helpmate search that finds a witness, and proofs (material, locked structures) that none. */
#ifndef ARBITER_DEAD_H
#define ARBITER_DEAD_H

#include "arbiter/position.h"

/* Longest witness (plies) the search returns; deeper mates are not looked for. */
#define ARB_DEAD_MAX_WITNESS 1000
/* Explanations kept per verdict. */
#define ARB_DEAD_MAX_REASONS 6
/* A budget (positions searched) that decides ordinary games and the CHA vectors: what a
 * search given a budget of 0 uses. */
#define ARB_DEAD_DEFAULT_BUDGET 2000000u
/* The most a request or a script may ask for (about a second of search). POST /v1/dead's own
 * default is smaller (json/arbiter_json.h, AJ_DEAD_DEFAULT_BUDGET); a script's is the engine's. */
#define ARB_DEAD_MAX_BUDGET 2000000u

/* Insufficient material (K v K, K+N v K, K+B v K, bishops all on one colour) is
 * arb_insufficient_material in arbiter/rules.h; the rules hooks (flag fall, second illegal
 * move, automatic dead position) call the functions below: see arb_rules_can_mate. */

typedef enum arb_win_verdict {
    ARB_WIN_UNKNOWN = 0,   /* the budget ran out before a proof either way */
    ARB_WIN_POSSIBLE,      /* a helpmate exists: witness holds one */
    ARB_WIN_IMPOSSIBLE     /* proved: no sequence of legal moves ends in mate by winner */
} arb_win_verdict;

typedef struct arb_unwinnable_result {
    arb_win_verdict verdict;
    arb_color winner;
    /* POSSIBLE: legal moves from the position, the last one checkmating; may be empty when the
     * loser is already checkmated. */
    int witness_len;
    arb_move witness[ARB_DEAD_MAX_WITNESS];
    /* Why (IMPOSSIBLE: the proof; POSSIBLE: can_mate; UNKNOWN: search_budget_spent). */
    int nreasons;
    arb_reason reasons[ARB_DEAD_MAX_REASONS];
    uint64_t nodes;        /* positions the search visited */
} arb_unwinnable_result;

/* Can `winner` checkmate by any sequence of legal moves (both sides cooperating)? budget caps
 * the positions searched (0: ARB_DEAD_DEFAULT_BUDGET). Never a wrong verdict: when neither a
 * witness nor a proof is found in the budget, the verdict is ARB_WIN_UNKNOWN.
 * Returns ARB_OK, ARB_ERR_RANGE for a bad argument, ARB_ERR_LIMIT when memory is short
 * (verdict UNKNOWN). */
ARB_API arb_status arb_unwinnable(const arb_position *pos, arb_color winner, uint64_t budget,
                                  arb_unwinnable_result *result);

/* A way for the caller to stop a search early (a script's deadline, a cancelled request): the
 * search calls should_stop(ctx) every ARB_DEAD_STOP_EVERY positions and, when it returns true,
 * ends as if its budget were spent (verdict UNKNOWN unless a proof or witness is already in). */
typedef struct arb_search_stop {
    bool (*should_stop)(void *ctx);
    void *ctx;
} arb_search_stop;
#define ARB_DEAD_STOP_EVERY 1024u

/* What one search may spend. Its tables (transposition table, the enumeration's seen set, stack
 * and moves) take up to about 60 MiB at their largest; a memory cap makes them smaller, so a
 * hard position ends undecided sooner (never wrongly decided), and a cap too small for the
 * search's stack (about 160 KiB) gives ARB_ERR_LIMIT. The search frees them before returning. */
typedef struct arb_dead_limits {
    uint64_t budget;              /* positions searched per colour (0: ARB_DEAD_DEFAULT_BUDGET) */
    size_t memory;                /* bytes the search's tables may hold at once (0: no cap) */
    const arb_search_stop *stop;  /* NULL: none */
} arb_dead_limits;

/* arb_unwinnable and arb_dead_position within limits (NULL: the defaults, no cap, no stop). */
ARB_API arb_status arb_unwinnable_within(const arb_position *pos, arb_color winner, const arb_dead_limits *limits,
                                         arb_unwinnable_result *result);

typedef enum arb_dead_verdict {
    ARB_DEAD_UNKNOWN = 0,  /* neither side proved able, and not both proved unable */
    ARB_DEAD_ALIVE,        /* some side can mate (see side[] for the witness) */
    ARB_DEAD_DEAD          /* neither side can ever mate: the game is drawn (5.2.2) */
} arb_dead_verdict;

typedef struct arb_dead_result {
    arb_dead_verdict verdict;
    arb_reason reason;                  /* dead_position / alive_position / dead_unknown */
    arb_unwinnable_result side[2];      /* indexed by arb_color: can that colour mate? */
    uint64_t nodes;                     /* both searches together */
} arb_dead_result;

/* Dead position (5.2.2): decides both sides, each with at most `budget` positions. */
ARB_API arb_status arb_dead_position(const arb_position *pos, uint64_t budget, arb_dead_result *result);
ARB_API arb_status arb_dead_position_within(const arb_position *pos, const arb_dead_limits *limits,
                                            arb_dead_result *result);

#endif
