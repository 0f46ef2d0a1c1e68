/* Internal interface between the dead-position units: material theorems (dead_material.c),
 * the semi-static reachability proof (dead_static.c) and the helpmate search (dead_search.c). */
#ifndef ARB_DEAD_INTERNAL_H
#define ARB_DEAD_INTERNAL_H

#include "arbiter/dead.h"
#include "tables.h"

/* Proved from material alone (no pawns involved) that `winner` can never mate: bare king,
 * K+N against K+queens, or same-coloured bishops against no knight, pawn or other-colour bishop.
 * Fills *why when not NULL. Cheap: called at every node of the search. */
bool dead_material_cannot_mate(const arb_position *pos, arb_color winner, arb_reason *why);

/* The semi-static analysis: over-approximates every square each piece can ever reach (pawn
 * files that no capture can open, pawns that cannot pass each other on a file, pieces that can
 * never leave, squares the kings can never enter) and proves that `winner` can never mate when
 * no square the losing king can reach can be attacked, or none can have every flight square
 * covered at once. Returns 0 for no proof, else the number of reasons written to why[] (room
 * for DEAD_STATIC_REASONS; why may be NULL, then it returns 1 for a proof). Castling rights in
 * Chess960 make it answer 0. */
#define DEAD_STATIC_REASONS 5
int dead_static_cannot_mate(const arb_position *pos, arb_color winner, arb_reason *why);

/* arb_unwinnable_within for a caller that knows more of pos (rules.c's automatic endings), with
 * the same verdict and reasons: legal is pos's number of legal moves (-1: not counted yet);
 * child_unproven says that some legal move of pos leads to a position where static_proof finds
 * no proof for winner (arb_unwinnable_within's verdict there was not ARB_WIN_IMPOSSIBLE), so
 * "a static proof after every move" cannot hold and is not tried. */
arb_status dead_unwinnable_known(const arb_position *pos, arb_color winner, const arb_dead_limits *limits,
                                 int legal, bool child_unproven, arb_unwinnable_result *res);

/* The shortest helpmate by `winner` of at most max_plies (<= DEAD_SHORT_MAX_PLIES) plies from
 * pos, into line[]: its length, or 0 when there is none that short or the budget (positions whose
 * moves are listed) ran out first; *nodes gets the positions listed. Its table (at most
 * DEAD_SHORT_TABLE entries of 16 bytes) takes at most half of memory when memory is not 0. */
#define DEAD_SHORT_MAX_PLIES 31
#define DEAD_SHORT_TABLE (1u << 15)
int dead_shortest_helpmate(const arb_position *pos, arb_color winner, int max_plies, uint64_t budget,
                           size_t memory, arb_move *line, uint64_t *nodes);

/* The search: context with its transposition table and explicit stack (no recursion). */
typedef struct dead_search dead_search;

/* stop may be NULL; when it fires, the search's budget counts as spent. memory caps the bytes
 * its tables hold at once (0: no cap): smaller tables, so a hard position ends undecided
 * sooner. NULL when memory is short (or too small for the search's stack). */
dead_search *dead_search_new(uint64_t budget, size_t memory, const arb_search_stop *stop);
void dead_search_free(dead_search *s);

enum dead_search_outcome { SEARCH_MATE, SEARCH_NO_MATE, SEARCH_UNDECIDED };

/* One bounded search for a helpmate by `winner`: max_depth is the nominal depth (rewarded
 * moves cost less), local_limit caps the positions of this call. SEARCH_MATE fills the
 * witness; SEARCH_NO_MATE is a proof (every line ended without reaching the depth limit). */
enum dead_search_outcome dead_search_run(dead_search *s, const arb_position *root, arb_color winner,
                                         int max_depth, uint64_t local_limit,
                                         arb_move *witness, int *witness_len);
/* Exhaustive enumeration of every position reachable from root (each once, in a seen set),
 * pruning those proved unwinnable by material or the static analysis. SEARCH_NO_MATE is a proof;
 * SEARCH_MATE fills the witness (up to ARB_DEAD_MAX_WITNESS plies deep). */
enum dead_search_outcome dead_enumerate(dead_search *s, const arb_position *root, arb_color winner,
                                        uint64_t limit, arb_move *witness, int *witness_len);
/* Positions visited so far, and how many remain in the budget. */
uint64_t dead_search_nodes(const dead_search *s);
bool dead_search_exhausted(const dead_search *s);
/* Distinct positions stored by the last complete search (for the explanation). */
uint64_t dead_search_last_stored(const dead_search *s);

/* Mirror images (dead_image.c): exact symmetries of the rules. DEAD_IMAGE_FILES reverses the
 * files (refused with castling rights), DEAD_IMAGE_COLORS swaps the colours and turns the board
 * (the winner swaps too); kinds combine (1..3). A move maps back with the same kind. */
enum { DEAD_IMAGE_FILES = 1, DEAD_IMAGE_COLORS = 2 };
bool dead_image(const arb_position *pos, int kind, arb_position *out);
arb_move dead_image_move(arb_move m, int kind);

/* Square colour: true for dark squares (a1 is dark). */
static inline bool dead_dark(int sq)
{
    return ((ARB_FILE(sq) + ARB_RANK(sq)) & 1) == 0;
}
#define DEAD_DARK_SQUARES 0xAA55AA55AA55AA55ull

#endif
