/* Penalties for completed illegal moves (FIDE 7.5.5; one minute in rapid and blitz, App. A/B):
 * extra time for the opponent, then loss, or a draw when the opponent cannot mate (6.9); in
 * unsupervised rapid and blitz, the illegal move the opponent did not claim in time stands
 * (A.5.2). */
#include <string.h>

#include "arbiter/procedures.h"
#include "internal.h"

arb_illegal_policy arb_illegal_policy_fide(arb_time_control tc)
{
    arb_illegal_policy p = {tc, 2, tc == ARB_TC_STANDARD ? 120 : 60, false, false};
    return p;
}

arb_status arb_illegal_move_penalty(const arb_position *pos, arb_color offender, int count,
                                    const arb_illegal_policy *policy, arb_outcome *out, int *extra_seconds)
{
    arb_illegal_policy fide = arb_illegal_policy_fide(ARB_TC_STANDARD);
    if (!policy)
        policy = &fide;
    int limit = policy->limit == 0 ? 2 : policy->limit;
    int seconds = policy->extra_seconds > 0 ? policy->extra_seconds
                                            : (policy->time_control == ARB_TC_STANDARD ? 120 : 60);
    memset(out, 0, sizeof *out);
    out->ply = -1;
    if (extra_seconds)
        *extra_seconds = 0;
    if (count < 1 || limit < 1 || (offender != ARB_WHITE && offender != ARB_BLACK))
        return ARB_ERR_RANGE;
    arb_color opponent = (arb_color)!offender;
    arb_reason *r = &out->reasons[out->nreasons++];
    if (policy->unsupervised && policy->opponent_moved && policy->time_control != ARB_TC_STANDARD) {
        /* A.5.2: no arbiter intervened and the opponent moved without claiming: it stands */
        *r = arb_reason_make(ARB_R_illegal_move_stands);
    } else if (count < limit) {
        /* the appendix's one minute cites A.3 (a custom number of seconds cites 7.5.5 alone) */
        bool appendix = policy->time_control != ARB_TC_STANDARD && seconds == 60;
        *r = arb_reason_make(appendix ? ARB_R_illegal_move_extra_time_rapid : ARB_R_illegal_move_extra_time);
        r->n = count;
        r->m = seconds / 60 > 0 ? seconds / 60 : 1;
        if (extra_seconds)
            *extra_seconds = seconds;
    } else {
        arb_unwinnable_result unw;
        bool can = arb_rules_can_mate_result(pos, opponent, &unw); /* UNWINNABILITY HOOK: see rules.h */
        *r = arb_reason_make(can ? ARB_R_illegal_moves_loss : ARB_R_illegal_moves_draw);
        r->n = count;
        out->result = can ? (opponent == ARB_WHITE ? ARB_RESULT_WHITE_WINS : ARB_RESULT_BLACK_WINS)
                          : ARB_RESULT_DRAW;
        out->termination = ARB_TERM_ILLEGAL_MOVES;
        if (!can) {
            bool bare = (pos->by_color[opponent] & ~pos->by_type[ARB_KING]) == 0;
            arb_reason *d = &out->reasons[out->nreasons++];
            *d = arb_reason_make(bare ? ARB_R_cannot_mate_bare_king : ARB_R_cannot_mate_material);
            d->piece = ARB_PIECE(opponent, ARB_KING);
        }
        /* the proof (cannot mate) or the witness (can mate), room permitting */
        for (int i = 0; i < unw.nreasons && out->nreasons < ARB_OUTCOME_MAX_REASONS - 1; i++)
            if (unw.reasons[i].code != ARB_R_cannot_mate_bare_king)
                out->reasons[out->nreasons++] = unw.reasons[i];
        /* cited as 7.5.5, the verdict they support (not flag fall's 6.9) */
        arb_reason_cite_verdict(r + 1, out->nreasons - 1, r->code);
    }
    r->piece = ARB_PIECE(offender, ARB_KING);
    r->by = ARB_PIECE(opponent, ARB_KING);
    return ARB_OK;
}
