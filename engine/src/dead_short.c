/* The shortest helpmate a learner can be shown as an example: plain iterative deepening over
 * every legal move (both sides cooperating, the winner's last move mating), each depth searched
 * in full, so the first line found is a shortest one. A small transposition table remembers
 * "no helpmate within k plies from here" (the same position is reached by many move orders), and
 * the winner's last move is tried only when it gives check. Bounded by a node budget: a position
 * whose shortest mate is long ends with no line (the caller then says only that one exists). */
#include <stdlib.h>
#include <string.h>

#include "dead_internal.h"
#include "arbiter/movegen.h"

struct short_entry {
    uint64_t key;
    uint32_t none; /* bit k: no helpmate of exactly k plies from key */
};

struct short_search {
    arb_color winner;
    uint64_t budget, nodes;
    struct short_entry *tt;
    uint64_t mask;
    arb_move *line;
};

/* A helpmate by the winner in exactly `left` plies from p into line[ply...]. */
static bool helpmate(struct short_search *s, const arb_position *p, int left, int ply)
{
    if (s->nodes >= s->budget)
        return false;
    struct short_entry *e = s->tt ? &s->tt[(p->key * 0x9E3779B97F4A7C15ull >> 17) & s->mask] : NULL;
    if (e && e->key == p->key && (e->none >> left & 1u))
        return false;
    s->nodes++;
    arb_move moves[ARB_MAX_MOVES];
    /* none: the game ended before the last ply (a mate or stalemate on the way) */
    int n = arb_legal_moves(p, moves);
    for (int i = 0; i < n && s->nodes < s->budget; i++) {
        arb_position c = *p;
        arb_position_play(&c, moves[i]);
        s->line[ply] = moves[i];
        if (left == 1) { /* the winner's last move: a check that leaves no legal move */
            if (arb_in_check(&c) && arb_count_legal_moves(&c) == 0)
                return true;
            continue;
        }
        /* a capture may leave too little to mate with */
        if (dead_material_cannot_mate(&c, s->winner, NULL))
            continue;
        if (helpmate(s, &c, left - 1, ply + 1))
            return true;
    }
    /* only a search that ran to its end proves there is none */
    if (e && s->nodes < s->budget) {
        if (e->key != p->key)
            *e = (struct short_entry){p->key, 0};
        e->none |= 1u << left;
    }
    return false;
}

int dead_shortest_helpmate(const arb_position *pos, arb_color winner, int max_plies, uint64_t budget,
                           size_t memory, arb_move *line, uint64_t *nodes)
{
    struct short_search s = {winner, budget, 0, NULL, 0, line};
    /* a table of at most DEAD_SHORT_TABLE entries, fewer under a memory cap; none is also fine */
    uint64_t size = DEAD_SHORT_TABLE;
    while (memory && size > 64 && size * sizeof *s.tt > memory / 2)
        size >>= 1;
    if (!memory || size * sizeof *s.tt <= memory / 2) {
        s.tt = calloc(size, sizeof *s.tt);
        s.mask = size - 1;
    }
    int found = 0;
    /* the last ply is the winner's: odd lengths when the winner is to move, even otherwise */
    for (int plies = pos->side == winner ? 1 : 2; plies <= max_plies && s.nodes < s.budget; plies += 2)
        if (helpmate(&s, pos, plies, 0)) {
            found = plies;
            break;
        }
    free(s.tt);
    *nodes = s.nodes;
    return found;
}
