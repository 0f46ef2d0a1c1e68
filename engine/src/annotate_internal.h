/* Internal: the state shared by the two halves of arb_game_annotate, the events of the record
 * (annotate.c) and the result an arbiter records (annotate_result.c). */
#ifndef ARB_ANNOTATE_INTERNAL_H
#define ARB_ANNOTATE_INTERNAL_H

#include "arbiter/annotate.h"

struct ann {
    arb_annotation *out;
    const arb_game *g;
    const arb_annotate_info *info;
    int end;               /* the first automatic ending's ply (arb_game_first_ending), -1 */
    arb_outcome ending;    /* that ending */
    bool short_of_memory;  /* an event or explanation did not fit: ARB_ERR_LIMIT */
};

/* Empties an annotation for the next game, keeping its buffers (they are the caller's to free). */
void ann_reset(arb_annotation *a);
/* Appends an event at `ply` (its explanations are the ann_explain calls that follow). */
void ann_event(struct ann *a, int ply, const arb_reason *why);
/* Appends an explanation to the last event. */
void ann_explain(struct ann *a, const arb_reason *r);

/* How many times the position at `ply` has occurred in the record up to it (9.2.2). */
int ann_occurrences(const arb_game *g, int ply);

/* Decides the result (out->result, termination, basis, tag, flagged) and appends the events that
 * explain it at the end of the record: time forfeit, resignation, agreement, result_tag_mismatch. */
void ann_result(struct ann *a);

#endif
