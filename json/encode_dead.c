/* POST /v1/dead as JSON: the dead-position verdict (FIDE 5.2.2) and each colour's chance to
 * mate (6.9) with a witness line, from the engine's search with a per-request budget. */
#include <stdlib.h>

#include "arbiter_json.h"

static const char *verdict_name(arb_win_verdict v)
{
    switch (v) {
    case ARB_WIN_POSSIBLE:
        return "can_mate";
    case ARB_WIN_IMPOSSIBLE:
        return "cannot_mate";
    default:
        return "unknown";
    }
}

/* The witness as UCI moves played from pos. */
static json_t *witness_json(const arb_position *pos, const arb_unwinnable_result *u)
{
    json_t *a = json_array();
    arb_position p = *pos;
    for (int i = 0; i < u->witness_len; i++) {
        char uci[8];
        arb_move_uci(&p, u->witness[i], uci, sizeof uci);
        json_array_append_new(a, json_string(uci));
        arb_position_play(&p, u->witness[i]);
    }
    return a;
}

json_t *aj_dead_json(const arb_position *pos, const arb_dead_result *d, long long budget, const char *lang)
{
    json_t *o = json_object();
    char fen[ARB_FEN_MAX];
    arb_position_fen(pos, fen, sizeof fen);
    json_object_set_new(o, "fen", json_string(fen));
    if (d->verdict == ARB_DEAD_UNKNOWN)
        json_object_set_new(o, "dead", json_string("unknown"));
    else
        json_object_set_new(o, "dead", json_boolean(d->verdict == ARB_DEAD_DEAD));
    json_t *unw = json_object(), *verdicts = json_object(), *witness = json_object();
    json_t *expl = json_array();
    json_array_append_new(expl, aj_reason_json(&d->reason, lang));
    for (int c = 0; c < 2; c++) {
        const arb_unwinnable_result *u = &d->side[c];
        const char *name = aj_color_name((arb_color)c);
        /* null when undecided: false would read as "can still win" (issue 12) */
        json_object_set_new(unw, name, u->verdict == ARB_WIN_UNKNOWN ? json_null() : json_boolean(u->verdict == ARB_WIN_IMPOSSIBLE));
        json_object_set_new(verdicts, name, json_string(verdict_name(u->verdict)));
        if (u->verdict == ARB_WIN_POSSIBLE)
            json_object_set_new(witness, name, witness_json(pos, u));
        for (int i = 0; i < u->nreasons; i++)
            json_array_append_new(expl, aj_reason_json(&u->reasons[i], lang));
    }
    json_object_set_new(o, "unwinnable", unw);
    json_object_set_new(o, "verdicts", verdicts);
    json_object_set_new(o, "witness", witness);
    json_object_set_new(o, "explanations", expl);
    json_object_set_new(o, "nodes", json_integer((json_int_t)d->nodes));
    json_object_set_new(o, "budget", json_integer((json_int_t)budget));
    return o;
}

json_t *aj_endpoint_dead(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    long long budget = AJ_DEAD_DEFAULT_BUDGET;
    if (!aj_opt_int(body, "budget", &budget, e))
        return NULL;
    if (budget < 1 || budget > ARB_DEAD_MAX_BUDGET) {
        aj_fail(e, AJ_E_OUT_OF_RANGE, "budget");
        e->limit = ARB_DEAD_MAX_BUDGET;
        return NULL;
    }
    aj_position p;
    if (!aj_parse_position(body, lim, &p, e))
        return NULL;
    json_t *o = NULL;
    arb_dead_result *d = malloc(sizeof *d);
    const arb_position *pos = aj_current(&p);
    arb_status st = d ? arb_dead_position(pos, (uint64_t)budget, d) : ARB_ERR_LIMIT;
    if (!d || (st != ARB_OK && st != ARB_ERR_LIMIT))
        aj_fail(e, AJ_E_INTERNAL, NULL);
    else if ((o = aj_dead_json(pos, d, budget, lang)))
        aj_set_game_over(o, &p, lang);
    free(d);
    aj_position_free(&p);
    return o;
}
