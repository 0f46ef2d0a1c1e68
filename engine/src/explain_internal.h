/* Internal helpers shared by the explanation units: a bounded list of reasons that keeps
 * counting past its capacity, and reading the game history behind a position. */
#ifndef ARB_EXPLAIN_INTERNAL_H
#define ARB_EXPLAIN_INTERNAL_H

#include "arbiter/explain.h"
#include "internal.h"

struct rlist {
    arb_reason *out;
    int cap, n;
    arb_reason scratch; /* where reasons past cap are written (then dropped) */
};

static inline struct rlist rlist_make(arb_reason *out, int cap)
{
    struct rlist l;
    l.out = out;
    l.cap = (out && cap > 0) ? cap : 0;
    l.n = 0;
    return l;
}

/* A fresh reason of this code at the end of the list. */
static inline arb_reason *rl_add(struct rlist *l, arb_reason_code code)
{
    arb_reason *r = l->n < l->cap ? &l->out[l->n] : &l->scratch;
    l->n++;
    *r = arb_reason_make(code);
    return r;
}

static inline void rl_copy(struct rlist *l, const arb_reason *src)
{
    arb_reason *r = l->n < l->cap ? &l->out[l->n] : &l->scratch;
    l->n++;
    *r = *src;
}

/* Room left, for handing the tail of the list to another explain call. */
static inline arb_reason *rl_tail(struct rlist *l, int *room)
{
    *room = l->cap > l->n ? l->cap - l->n : 0;
    return *room ? l->out + l->n : NULL;
}

static inline void rl_add_squares(arb_reason *r, int a, int b, int c)
{
    arb_reason_add_square(r, a);
    arb_reason_add_square(r, b);
    arb_reason_add_square(r, c);
}

/* The history if it really leads to pos (same board, side, rights and en passant), else NULL. */
const arb_game *arb_explain_history(const arb_game *history, const arb_position *pos);

/* Fills r->move with the SAN of ply `ply` of the game and r->n with its move number. */
void arb_explain_history_move(const arb_game *g, int ply, arb_reason *r);

#endif
