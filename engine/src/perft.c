/* Perft: counts leaf nodes of the legal move tree; the last ply only counts moves (bulk counting);
 * and the same within a budget on its cost (what the API and the CLI run). */
#include "arbiter/movegen.h"
#include "arbiter/perft.h"

static uint64_t perft(const arb_position *pos, int depth)
{
    if (depth == 1)
        return (uint64_t)arb_count_legal_moves(pos);
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        arb_position child = *pos;
        arb_position_play(&child, moves[i]);
        total += perft(&child, depth - 1);
    }
    return total;
}

uint64_t arb_perft(const arb_position *pos, int depth)
{
    return depth <= 0 ? 1 : perft(pos, depth);
}

int arb_perft_divide(const arb_position *pos, int depth, arb_move *moves, uint64_t *counts)
{
    int n = arb_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        arb_position child = *pos;
        arb_position_play(&child, moves[i]);
        counts[i] = depth <= 1 ? 1 : perft(&child, depth - 1);
    }
    return n;
}

arb_status arb_perft_budgeted(const arb_position *pos, int depth, bool divide, uint64_t max_interior,
                              arb_perft_result *out)
{
    out->nodes = 0;
    out->nmoves = 0;
    out->interior = 0;
    out->divided = false;
    if (depth < 0)
        return ARB_ERR_RANGE;
    /* perft(k) costs about perft(k - 1) move generations: grow k while the last one fits. */
    if (max_interior > 0) {
        uint64_t prev = 1;
        for (int k = 1; k < depth; k++) {
            /* Refuse without searching when the branching so far says perft(k) is far over. */
            if (k > 1 && out->interior > 0 && out->interior / prev * out->interior > 4 * max_interior)
                return ARB_ERR_LIMIT;
            prev = k > 1 ? out->interior : 1;
            out->interior = arb_perft(pos, k);
            if (out->interior > max_interior)
                return ARB_ERR_LIMIT;
        }
    }
    if (divide && depth > 0) {
        out->divided = true;
        out->nmoves = arb_perft_divide(pos, depth, out->moves, out->counts);
        for (int i = 0; i < out->nmoves; i++)
            out->nodes += out->counts[i];
    } else {
        out->nodes = arb_perft(pos, depth);
    }
    return ARB_OK;
}
