/* Which draws the side to move may claim at the end of a record: threefold repetition and the
 * fifty-move rule, now or by declaring a move (FIDE 9.2, 9.3). Lists them; arb_game_claim says why. */
#include "arbiter.h"

/* Positions of one side within a reversible stretch: the 75-move rule ends a game before
 * 150 plies pass without a capture or pawn move, so at most 76 positions of a side count. */
#define WINDOW_MAX 80

static bool claim_valid(const arb_game *g, arb_claim_kind kind, arb_move m)
{
    arb_outcome o;
    return arb_game_claim(g, kind, m, &o) == ARB_OK && o.claim_valid;
}

int arb_game_claims_available(const arb_game *g, arb_claim_kind *kinds, arb_move *moves, int cap)
{
    arb_outcome end;
    if (arb_game_automatic_ending(g, g->nplies, &end) != ARB_OK)
        return 0;
    return arb_game_claims_given_ending(g, &end, kinds, moves, cap);
}

int arb_game_claims_given_ending(const arb_game *g, const arb_outcome *ending, arb_claim_kind *kinds,
                                 arb_move *moves, int cap)
{
    int n = 0;
    if (!g || !ending || ending->termination != ARB_TERM_NONE)
        return 0;
#define ADD(k, m)                                                                                                      \
    do {                                                                                                               \
        if (n < cap) {                                                                                                 \
            kinds[n] = (k);                                                                                            \
            moves[n] = (m);                                                                                            \
        }                                                                                                              \
        n++;                                                                                                           \
    } while (0)
    bool three_now = claim_valid(g, ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE);
    bool fifty_now = claim_valid(g, ARB_CLAIM_FIFTY_MOVES, ARB_MOVE_NONE);
    if (three_now)
        ADD(ARB_CLAIM_THREEFOLD, ARB_MOVE_NONE);
    if (fifty_now)
        ADD(ARB_CLAIM_FIFTY_MOVES, ARB_MOVE_NONE);
    if (three_now && fifty_now)
        return n;

    /* Repetition keys of the earlier positions with the other side to move (those a move of
     * ours can repeat), newest first, as far back as the reversible stretch goes. */
    const arb_position *cur = arb_game_current(g);
    uint64_t keys[WINDOW_MAX];
    int nkeys = 0;
    int oldest = g->nplies + 1 - ((int)cur->halfmove_clock + 1);
    for (int i = g->nplies - 1; i >= 0 && i >= oldest && nkeys < WINDOW_MAX; i -= 2)
        keys[nkeys++] = arb_repetition_key(&g->positions[i]);

    /* A move can only complete a repetition with two earlier occurrences in the window, or
     * reach the fifty-move count from 99 plies. */
    bool three_possible = !three_now && nkeys >= 2, fifty_possible = !fifty_now && cur->halfmove_clock >= 99;
    if (!three_possible && !fifty_possible)
        return n;
    arb_move legal[ARB_MAX_MOVES];
    int nlegal = arb_legal_moves(cur, legal);
    for (int k = 0; k < nlegal; k++) {
        arb_position after = *cur;
        arb_position_play(&after, legal[k]);
        if (!three_now && after.halfmove_clock > 0 && nkeys >= 2) {
            uint64_t key = arb_repetition_key(&after);
            int seen = 0;
            for (int i = 0; i < nkeys && i * 2 + 2 <= (int)after.halfmove_clock; i++)
                seen += keys[i] == key;
            if (seen >= 2 && claim_valid(g, ARB_CLAIM_THREEFOLD, legal[k]))
                ADD(ARB_CLAIM_THREEFOLD, legal[k]);
        }
        if (!fifty_now && after.halfmove_clock >= 100)
            ADD(ARB_CLAIM_FIFTY_MOVES, legal[k]);
    }
#undef ADD
    return n;
}
