/* A record that ends: moves played from a start stop at the first automatic ending (checkmate,
 * stalemate, dead position, fivefold repetition, 75 moves), and a move after it is refused with
 * move_after_end. The one place this rule lives (docs/api.md "Records that end"); the JSON layer,
 * the Lua binding, the puzzle handler and the CLI call it. */
#include <stdio.h>
#include <string.h>

#include "arbiter/rules.h"

arb_reason arb_move_after_end(const arb_outcome *ending, const char *move)
{
    arb_reason r = arb_reason_make(ARB_R_move_after_end);
    r.n = ending ? ending->ply : 0;
    snprintf(r.move, sizeof r.move, "%.*s", (int)sizeof r.move - 1, move ? move : "");
    return r;
}

/* Refuses the move after the ending found at position k (texts[k - from]) and cuts the record
 * there. */
static arb_status refuse_after_end(arb_game *g, int from, int k, const arb_outcome *ending, const char *const *texts,
                                   arb_record_result *out)
{
    out->status = ARB_ERR_ILLEGAL;
    out->failed = k - from;
    out->after_end = true;
    out->ending = *ending;
    out->why = arb_move_after_end(ending, texts[k - from]);
    g->nplies = k;
    return out->status;
}

arb_status arb_game_play_record(arb_game *g, const char *const *texts, int count, arb_record_result *out)
{
    memset(out, 0, sizeof *out);
    out->failed = -1;
    out->ending.ply = -1;
    int from = g->nplies;
    arb_outcome ending;
    for (int i = 0; i < count; i++) {
        arb_reason why = arb_reason_make(ARB_R_illegal_move); /* the parser's, unless the record is full */
        arb_status st = arb_game_play_text(g, texts[i], &why);
        if (st == ARB_OK)
            continue;
        /* no move after an ending, legal or not: the ending is what refuses it */
        int k = arb_game_first_ending(g, from, &ending);
        if (k >= 0)
            return refuse_after_end(g, from, k, &ending, texts, out);
        out->status = st;
        out->failed = i;
        out->why = why;
        return st;
    }
    /* Seen once over the whole record (the dead-position proofs are the costly part). */
    int k = arb_game_first_ending(g, from, &ending);
    if (k >= 0 && k < g->nplies)
        return refuse_after_end(g, from, k, &ending, texts, out);
    if (k == g->nplies)
        out->ending = ending;
    return ARB_OK;
}
