/* Answers over the game rules: the draws that may be claimed (with why), an outcome (result,
 * termination, why) and a touch-move obligation (the moves allowed, the binding piece, why). */
#include "arbiter_json.h"

static const char *claim_name(arb_claim_kind k)
{
    return k == ARB_CLAIM_THREEFOLD ? "threefold" : "fifty_moves";
}

json_t *aj_claims_json(const arb_game *g, const arb_outcome *ending, const char *lang)
{
    arb_claim_kind kinds[ARB_MAX_CLAIMS];
    arb_move moves[ARB_MAX_CLAIMS];
    int n = arb_game_claims_given_ending(g, ending, kinds, moves, ARB_MAX_CLAIMS);
    json_t *a = json_array();
    for (int i = 0; i < n && i < ARB_MAX_CLAIMS; i++) {
        arb_outcome why;
        if (arb_game_claim(g, kinds[i], moves[i], &why) != ARB_OK)
            continue;
        json_t *c = json_object();
        json_object_set_new_nocheck(c, "claim", json_string(claim_name(kinds[i])));
        json_object_set_new_nocheck(c, "with_move", moves[i] == ARB_MOVE_NONE ? json_null()
                                                    : aj_move_pair_json(arb_game_current(g), moves[i]));
        json_object_set_new_nocheck(c, "explanations",
                                    aj_reasons_json(why.reasons, why.nreasons, ARB_OUTCOME_MAX_REASONS, lang));
        json_array_append_new(a, c);
    }
    return a;
}

json_t *aj_outcome_json(const arb_outcome *out, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "result", json_string(arb_result_string(out->result)));
    const char *term = arb_termination_name(out->termination);
    json_object_set_new_nocheck(o, "termination", json_string(term ? term : "none"));
    json_object_set_new_nocheck(o, "ply", out->ply >= 0 ? json_integer(out->ply) : json_null());
    json_object_set_new_nocheck(o, "claim_valid", out->claim_made ? json_boolean(out->claim_valid) : json_null());
    json_object_set_new_nocheck(o, "explanations",
                                aj_reasons_json(out->reasons, out->nreasons, ARB_OUTCOME_MAX_REASONS, lang));
    return o;
}

json_t *aj_touch_json(const arb_position *pos, const arb_touch_result *t, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "any", json_boolean(t->any));
    json_t *moves = json_array();
    for (int i = 0; i < t->nmoves && i < ARB_MAX_MOVES; i++)
        json_array_append_new(moves, aj_move_pair_json(pos, t->moves[i]));
    json_object_set_new_nocheck(o, "moves", moves);
    if (t->binding_square >= 0 && t->binding_square < 64) {
        json_t *b = json_object();
        json_object_set_new_nocheck(b, "square", aj_square_json(t->binding_square));
        json_object_set_new_nocheck(b, "piece", aj_piece_json(pos->board[t->binding_square]));
        json_object_set_new_nocheck(o, "binding", b);
    } else {
        json_object_set_new_nocheck(o, "binding", json_null());
    }
    json_object_set_new_nocheck(o, "explanations",
                                aj_reasons_json(t->reasons, t->nreasons, ARB_TOUCH_MAX_REASONS, lang));
    return o;
}
