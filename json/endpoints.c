/* The position endpoints as functions of the request body: read the fields, call the engine,
 * return the answer or the API error. arbiterd's handlers and the CLI's --json both go through
 * here, so both say exactly the same thing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"

json_t *aj_endpoint_analyze(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    aj_position p;
    if (!aj_parse_position(body, lim, &p, e))
        return NULL;
    json_t *o = aj_analyze_json(&p, lang);
    aj_position_free(&p);
    return o;
}

/* A required string field. */
static bool req_string(json_t *body, const char *key, const char **out, aj_error *e)
{
    *out = NULL;
    if (!aj_opt_string(body, key, out, e))
        return false;
    return *out ? true : aj_fail(e, AJ_E_MISSING_FIELD, key);
}

json_t *aj_endpoint_move(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    const char *move, *then = NULL;
    aj_position p;
    if (!req_string(body, "move", &move, e) || !aj_opt_string(body, "then", &then, e) ||
        !aj_parse_position_unjudged(body, lim, &p, e))
        return NULL;
    int before = p.game.nplies;
    json_t *o = aj_move_json(&p, move, lang);
    /* "then": "analyze": the position after a legal move (played into the record), analysed */
    if (then && json_is_true(json_object_get(o, "legal")) && p.game.nplies == before + 1) {
        arb_game_first_ending(&p.game, p.game.nplies, &p.ending);
        json_object_set_new_nocheck(o, "analysis", aj_analyze_json(&p, lang));
    }
    aj_position_free(&p);
    return o;
}

json_t *aj_endpoint_castling(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    aj_position p;
    if (!aj_parse_position(body, lim, &p, e))
        return NULL;
    json_t *o = aj_castling_json(&p, lang);
    aj_position_free(&p);
    return o;
}

json_t *aj_endpoint_validate(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    (void)lim;
    const char *fen;
    arb_variant variant;
    if (!req_string(body, "fen", &fen, e) || !aj_parse_variant(body, &variant, e))
        return NULL;
    return aj_validate_json(fen, variant, lang);
}

/* "white" / "black" as a colour, -1 when absent. */
static bool opt_color(json_t *body, const char *key, int *out, aj_error *e)
{
    const char *s = NULL;
    *out = -1;
    if (!aj_opt_string(body, key, &s, e))
        return false;
    if (!s)
        return true;
    if (strcmp(s, "white") == 0)
        *out = ARB_WHITE;
    else if (strcmp(s, "black") == 0)
        *out = ARB_BLACK;
    else
        return aj_fail(e, AJ_E_INVALID_FIELD, key);
    return true;
}

bool aj_read_move(const arb_position *pos, const arb_game *history, const char *text, const char *field,
                  arb_move *m, aj_error *e)
{
    arb_reason rs[AJ_ERROR_MORE_REASONS + 1];
    int n = arb_explain_text(pos, history, text, m, rs, AJ_ERROR_MORE_REASONS + 1);
    if (n == 0)
        return true;
    unsigned code = rs[0].code;
    bool malformed = code == ARB_R_san_malformed || code == ARB_R_uci_malformed || code == ARB_R_ambiguous ||
                     code == ARB_R_san_spelling;
    aj_fail(e, malformed ? AJ_E_INVALID_MOVE : AJ_E_ILLEGAL_MOVE, field);
    e->has_reason = true;
    e->reason = rs[0];
    for (int i = 1; i < n && i <= AJ_ERROR_MORE_REASONS; i++)
        e->more[e->nmore++] = rs[i];
    return false;
}

/* "standard", "rapid" or "blitz" (NULL: keep *tc); false for another name. */
static bool time_control_of(const char *name, arb_time_control *tc)
{
    if (!name)
        return true;
    if (strcmp(name, "standard") == 0)
        *tc = ARB_TC_STANDARD;
    else if (strcmp(name, "rapid") == 0)
        *tc = ARB_TC_RAPID;
    else if (strcmp(name, "blitz") == 0)
        *tc = ARB_TC_BLITZ;
    else
        return false;
    return true;
}

/* The extension {"illegal_move": {"offender", "count", "time_control"?, "limit"?}}: the
 * offender has just completed its count-th illegal move (FIDE 7.5.5). Its own time_control,
 * when given, wins over the body's top-level one (t). */
static json_t *illegal_move_answer(json_t *spec, const aj_position *p, arb_time_control t, const char *lang,
                                   aj_error *e)
{
    static const char *const f = "illegal_move";
    if (!json_is_object(spec))
        return aj_fail(e, AJ_E_INVALID_FIELD, f), NULL;
    int offender;
    long long count = 1, limit = 0;
    const char *tc = NULL;
    if (!opt_color(spec, "offender", &offender, e) || !aj_opt_int(spec, "count", &count, e) ||
        !aj_opt_string(spec, "time_control", &tc, e) || !aj_opt_int(spec, "limit", &limit, e)) {
        e->field = f;
        return NULL;
    }
    if (offender < 0)
        return aj_fail(e, AJ_E_MISSING_FIELD, "illegal_move.offender"), NULL;
    if (!time_control_of(tc, &t))
        return aj_fail(e, AJ_E_INVALID_FIELD, "illegal_move.time_control"), NULL;
    if (count < 1 || count > 9 || limit < 0 || limit > 9) {
        aj_fail(e, AJ_E_OUT_OF_RANGE, count < 1 || count > 9 ? "illegal_move.count" : "illegal_move.limit");
        e->limit = 9;
        return NULL;
    }
    arb_illegal_policy policy = arb_illegal_policy_fide(t);
    policy.limit = (int)limit;
    arb_outcome out;
    int extra = 0;
    if (arb_illegal_move_penalty(aj_current(p), (arb_color)offender, (int)count, &policy, &out, &extra) != ARB_OK)
        return aj_fail(e, AJ_E_INVALID_FIELD, f), NULL;
    if (out.termination != ARB_TERM_NONE) /* the game ends where the record does */
        out.ply = p->game.nplies;
    json_t *o = aj_outcome_json(&out, lang);
    json_object_set_new_nocheck(o, "extra_seconds", json_integer(extra));
    return o;
}

json_t *aj_endpoint_outcome(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    const char *claim = NULL, *with_move = NULL, *tc = NULL;
    arb_event ev = arb_event_none();
    bool agree = false;
    if (!aj_opt_string(body, "claim", &claim, e) || !aj_opt_string(body, "with_move", &with_move, e) ||
        !opt_color(body, "flag", &ev.flag, e) || !opt_color(body, "resign", &ev.resign, e) ||
        !aj_opt_bool(body, "agree_draw", &agree, e) || !aj_opt_string(body, "time_control", &tc, e))
        return NULL;
    ev.agree_draw = agree;
    /* the penalties of a wrong claim and of an illegal move (two minutes, or one: App. A.3) */
    if (!time_control_of(tc, &ev.time_control))
        return aj_fail(e, AJ_E_INVALID_FIELD, "time_control"), NULL;
    if (claim) {
        if (strcmp(claim, "threefold") == 0)
            ev.claim = ARB_CLAIM_THREEFOLD;
        else if (strcmp(claim, "fifty_moves") == 0)
            ev.claim = ARB_CLAIM_FIFTY_MOVES;
        else {
            aj_fail(e, AJ_E_INVALID_FIELD, "claim");
            snprintf(e->detail, sizeof e->detail, "claim is threefold or fifty_moves");
            return NULL;
        }
    }
    if (with_move && !claim)
        return aj_fail(e, AJ_E_MISSING_FIELD, "claim"), NULL;
    json_t *illegal = json_object_get(body, "illegal_move");
    if (illegal && json_is_null(illegal))
        illegal = NULL;
    /* At most one event: which field is the second one given. */
    const char *names[5] = {"claim", "flag", "resign", "agree_draw", "illegal_move"};
    bool given[5] = {claim != NULL, ev.flag >= 0, ev.resign >= 0, agree, illegal != NULL};
    int events = 0;
    for (int i = 0; i < 5; i++)
        if (given[i] && ++events == 2)
            return aj_fail(e, AJ_E_CONFLICTING_FIELDS, names[i]), NULL;

    aj_position p;
    if (!aj_parse_position(body, lim, &p, e))
        return NULL;
    json_t *o = NULL;
    if (illegal) {
        o = illegal_move_answer(illegal, &p, ev.time_control, lang, e);
    } else if (!with_move || aj_read_move(aj_current(&p), &p.game, with_move, "with_move", &ev.claim_move, e)) {
        arb_outcome out;
        if (arb_game_outcome(&p.game, &ev, &out) == ARB_OK)
            o = aj_outcome_json(&out, lang);
        else
            aj_fail(e, AJ_E_INTERNAL, NULL);
    }
    aj_position_free(&p);
    return o;
}

/* touched: [{"square": "g1"}, ...] in the order touched; promotion: {"square", "piece"}. */
static bool parse_touch(json_t *body, arb_touch *t, aj_error *e)
{
    *t = arb_touch_none();
    json_t *a = json_object_get(body, "touched");
    if (!a || json_is_null(a))
        return aj_fail(e, AJ_E_MISSING_FIELD, "touched");
    if (!json_is_array(a))
        return aj_fail(e, AJ_E_INVALID_FIELD, "touched");
    size_t n = json_array_size(a);
    if (n > ARB_TOUCH_MAX) {
        aj_fail(e, AJ_E_OUT_OF_RANGE, "touched");
        e->limit = ARB_TOUCH_MAX;
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *item = json_array_get(a, i);
        json_t *sqv = json_is_object(item) ? json_object_get(item, "square") : NULL;
        int sq = json_is_string(sqv) ? arb_square_parse(json_string_value(sqv)) : ARB_NO_SQUARE;
        if (sq == ARB_NO_SQUARE || sq < 0 || sq > 63 || json_string_length(sqv) != 2) {
            aj_fail(e, AJ_E_INVALID_FIELD, "touched");
            e->index = (int)i;
            return false;
        }
        t->squares[t->count++] = (uint8_t)sq;
    }
    json_t *pr = json_object_get(body, "promotion");
    if (pr && !json_is_null(pr)) {
        json_t *sqv = json_is_object(pr) ? json_object_get(pr, "square") : NULL;
        json_t *pc = json_is_object(pr) ? json_object_get(pr, "piece") : NULL;
        int sq = json_is_string(sqv) && json_string_length(sqv) == 2 ? arb_square_parse(json_string_value(sqv))
                                                                      : ARB_NO_SQUARE;
        const char *letters = "NBRQ", *k = NULL;
        if (json_is_string(pc) && json_string_length(pc) == 1)
            k = strchr(letters, json_string_value(pc)[0] & ~32);
        if (sq == ARB_NO_SQUARE || sq < 0 || sq > 63 || !k || !*k)
            return aj_fail(e, AJ_E_INVALID_FIELD, "promotion");
        t->promo_square = sq;
        t->promo_type = (arb_piece_type)(ARB_KNIGHT + (k - letters));
    }
    return true;
}

json_t *aj_endpoint_touch(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    arb_touch t;
    if (!parse_touch(body, &t, e))
        return NULL;
    aj_position p;
    if (!aj_parse_position(body, lim, &p, e))
        return NULL;
    json_t *o = NULL;
    arb_touch_result *r = malloc(sizeof *r);
    if (!r)
        aj_fail(e, AJ_E_INTERNAL, NULL);
    else if (arb_touch_obligation(aj_current(&p), &t, r) != ARB_OK)
        aj_fail(e, AJ_E_INVALID_FIELD, "touched");
    else if ((o = aj_touch_json(aj_current(&p), r, lang)))
        aj_set_game_over(o, &p, lang); /* the obligation by the rules of movement, and that the game had ended */
    free(r);
    aj_position_free(&p);
    return o;
}

/* Which route each endpoint function answers (for a caller that checks a body as the daemon does). */
static const struct {
    aj_endpoint_fn fn;
    const char *pattern;
} routes[] = {
    {aj_endpoint_analyze, "/v1/analyze"}, {aj_endpoint_move, "/v1/move"}, {aj_endpoint_castling, "/v1/castling"},
    {aj_endpoint_validate, "/v1/validate"}, {aj_endpoint_outcome, "/v1/outcome"}, {aj_endpoint_touch, "/v1/touch"},
    {aj_endpoint_dead, "/v1/dead"}, {aj_endpoint_pgn, "/v1/pgn"}, {aj_endpoint_mate, "/v1/mate"},
};

json_t *aj_endpoint_checked(aj_endpoint_fn fn, json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        const aj_endpoint_fields *ep = routes[i].fn == fn ? aj_fields_of("POST", routes[i].pattern, NULL) : NULL;
        if (ep && !aj_check_body(ep, body, NULL, e))
            return NULL;
    }
    return fn(body, lim, lang, e);
}
