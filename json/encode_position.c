/* Answers about a position and its record: analyze (status with the automatic endings, claims,
 * castling, why), move (legal with the position after it, or every reason it is not),
 * castling (every failing condition per colour and side) and validate (every problem). */
#include <string.h>

#include "arbiter_json.h"

const char *aj_status_of(const arb_outcome *ending)
{
    switch (ending->termination) {
    case ARB_TERM_CHECKMATE:
    case ARB_TERM_STALEMATE:
    case ARB_TERM_INSUFFICIENT_MATERIAL:
    case ARB_TERM_DEAD_POSITION:
    case ARB_TERM_FIVEFOLD_REPETITION:
    case ARB_TERM_SEVENTYFIVE_MOVES:
        return arb_termination_name(ending->termination);
    default:
        return "ongoing";
    }
}

/* Why the current position is what it is: check / mate / stalemate (arb_explain_status), then
 * the automatic ending's own reasons (mate and stalemate already named first). */
static json_t *status_explanations(const arb_position *pos, const arb_outcome *ending, const char *lang)
{
    arb_reason rs[ARB_EXPLAIN_MAX];
    int n = arb_explain_status(pos, rs, ARB_EXPLAIN_MAX);
    json_t *a = aj_reasons_json(rs, n, ARB_EXPLAIN_MAX, lang);
    int skip = ending->termination == ARB_TERM_CHECKMATE || ending->termination == ARB_TERM_STALEMATE ? 1 : 0;
    for (int i = skip; i < ending->nreasons && i < ARB_OUTCOME_MAX_REASONS; i++)
        json_array_append_new(a, aj_reason_json(&ending->reasons[i], lang));
    return a;
}

json_t *aj_analyze_json(const aj_position *p, const char *lang)
{
    const arb_position *pos = aj_current(p);
    const arb_outcome ending = p->ending; /* decided while the record was read */
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "fen", aj_fen_json(pos));
    json_object_set_new_nocheck(o, "turn", json_string(aj_color_name((arb_color)pos->side)));
    arb_bitboard checkers = arb_checkers(pos);
    json_object_set_new_nocheck(o, "check", json_boolean(checkers != 0));
    json_t *cs = json_array();
    for (arb_bitboard b = checkers; b; b &= b - 1)
        json_array_append_new(cs, aj_square_json(__builtin_ctzll(b)));
    json_object_set_new_nocheck(o, "checkers", cs);
    json_object_set_new_nocheck(o, "legal_moves", aj_legal_moves_raw(pos));
    json_object_set_new_nocheck(o, "status", json_string(aj_status_of(&ending)));
    json_object_set_new_nocheck(o, "result", json_string(arb_result_string(ending.result)));
    json_object_set_new_nocheck(o, "plies", json_integer(p->game.nplies));
    /* where the game ended (the record's last position: no move may follow an ending) */
    json_object_set_new_nocheck(o, "ply", ending.termination != ARB_TERM_NONE ? json_integer(ending.ply) : json_null());
    json_object_set_new_nocheck(o, "claims", aj_claims_json(&p->game, &ending, lang));
    json_object_set_new_nocheck(o, "castling", aj_castling_json(p, lang));
    json_object_set_new_nocheck(o, "explanations", status_explanations(pos, &ending, lang));
    return o;
}

json_t *aj_game_over_json(const arb_outcome *ending, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "ply", json_integer(ending->ply));
    json_object_set_new_nocheck(o, "status", json_string(aj_status_of(ending)));
    json_object_set_new_nocheck(o, "result", json_string(arb_result_string(ending->result)));
    json_object_set_new_nocheck(o, "explanations",
                                aj_reasons_json(ending->reasons, ending->nreasons, ARB_OUTCOME_MAX_REASONS, lang));
    return o;
}

void aj_set_game_over(json_t *o, const aj_position *p, const char *lang)
{
    if (p->ending.termination != ARB_TERM_NONE)
        json_object_set_new_nocheck(o, "game_over", aj_game_over_json(&p->ending, lang));
}

json_t *aj_move_json(aj_position *p, const char *text, const char *lang)
{
    arb_game *g = &p->game;
    int ply = g->nplies;
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "move", json_string(text));
    arb_outcome ending;
    memset(&ending, 0, sizeof ending);
    arb_position before, after;
    arb_move m = ARB_MOVE_NONE;
    /* Parsing is the same as arb_explain_text's first step: play the text, and ask for the
     * explanations only when it is not a legal move. */
    if (arb_game_play_text(g, text, NULL) == ARB_OK) {
        before = g->positions[ply];
        after = g->positions[ply + 1];
        m = g->moves[ply];
        if (p->unjudged) /* both positions at once: cheaper than one after the other */
            arb_game_automatic_endings(g, ply, &p->ending, &ending);
        else
            arb_game_automatic_ending(g, g->nplies, &ending);
        p->unjudged = false;
    } else {
        if (p->unjudged) /* a record without moves: its ending is its position's */
            arb_game_automatic_ending(g, ply, &p->ending);
        p->unjudged = false;
        arb_reason rs[ARB_EXPLAIN_MAX];
        int n = arb_explain_text(aj_current(p), g, text, &m, rs, ARB_EXPLAIN_MAX);
        if (n != 0) {
            json_object_set_new_nocheck(o, "legal", json_false());
            json_t *reasons = aj_reasons_json(rs, n, ARB_EXPLAIN_MAX, lang);
            /* the rules of movement first; then, when the game had ended, that no move follows */
            if (p->ending.termination != ARB_TERM_NONE) {
                arb_reason refused = arb_move_after_end(&p->ending, text);
                json_array_append_new(reasons, aj_reason_json(&refused, lang));
            }
            json_object_set_new_nocheck(o, "reasons", reasons);
            aj_set_game_over(o, p, lang);
            return o;
        }
        /* legal, but the record is full (ARB_GAME_MAX_PLIES): judge the position alone */
        before = after = *aj_current(p);
        arb_position_play(&after, m);
        arb_game one;
        if (arb_game_init(&one, &after) == ARB_OK) {
            arb_game_automatic_ending(&one, 0, &ending);
            arb_game_free(&one);
        }
    }
    json_object_set_new_nocheck(o, "legal", json_true());
    aj_move_pair_set(o, &before, m);
    json_object_set_new_nocheck(o, "fen_after", aj_fen_json(&after));
    json_object_set_new_nocheck(o, "status_after", json_string(aj_status_of(&ending)));
    json_object_set_new_nocheck(o, "result_after", json_string(arb_result_string(ending.result)));
    json_object_set_new_nocheck(o, "check_after", json_boolean(arb_in_check(&after)));
    aj_set_game_over(o, p, lang);
    return o;
}

static json_t *castling_side_json(const aj_position *p, arb_color c, int side, const char *lang)
{
    arb_reason rs[ARB_EXPLAIN_MAX];
    int n = arb_explain_castling(aj_current(p), &p->game, c, side, rs, ARB_EXPLAIN_MAX);
    json_t *reasons = json_array();
    for (int i = 0; i < n && i < ARB_EXPLAIN_MAX; i++) {
        json_t *r = aj_reason_json(&rs[i], lang);
        json_object_set_new_nocheck(r, "permanent", json_boolean(arb_castling_reason_permanent(rs[i].code)));
        json_array_append_new(reasons, r);
    }
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "allowed", json_boolean(n == 0));
    json_object_set_new_nocheck(o, "reasons", reasons);
    return o;
}

json_t *aj_castling_json(const aj_position *p, const char *lang)
{
    json_t *o = json_object();
    for (int c = ARB_WHITE; c <= ARB_BLACK; c++) {
        json_t *sides = json_object();
        json_object_set_new_nocheck(sides, "kingside", castling_side_json(p, (arb_color)c, ARB_KINGSIDE, lang));
        json_object_set_new_nocheck(sides, "queenside", castling_side_json(p, (arb_color)c, ARB_QUEENSIDE, lang));
        json_object_set_new_nocheck(o, aj_color_name((arb_color)c), sides);
    }
    return o;
}

json_t *aj_validate_json(const char *fen, arb_variant variant, const char *lang)
{
    arb_reason rs[ARB_VALIDATE_MAX];
    int n = arb_validate(fen, variant, rs, ARB_VALIDATE_MAX);
    json_t *o = json_object();
    arb_position pos;
    bool valid = n == 0 && arb_position_from_fen(&pos, fen, variant, NULL) == ARB_OK;
    json_object_set_new_nocheck(o, "valid", json_boolean(valid));
    if (valid)
        json_object_set_new_nocheck(o, "fen", aj_fen_json(&pos));
    json_object_set_new_nocheck(o, "problems", aj_reasons_json(rs, n, ARB_VALIDATE_MAX, lang));
    int w = arb_fen_warnings(fen, variant, rs, ARB_EXPLAIN_MAX);
    json_object_set_new_nocheck(o, "warnings", aj_reasons_json(rs, w, ARB_EXPLAIN_MAX, lang));
    return o;
}
