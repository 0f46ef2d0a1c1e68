/* Position endpoints: analyze, move, castling, validate, outcome, touch (json/'s endpoint
 * functions: body in, answer or error out) and perft (with the server's search budget). The
 * dead-position search joins as a further handler and table line here. */
#include <stdlib.h>

#include "reply.h"
#include "routes.h"
#include "server.h"

/* Parses the position input or replies with the error; false when replied. */
static bool position_or_reply(ad_request *r, aj_position *p)
{
    aj_error e;
    if (aj_parse_position(r->body, &r->srv->limits, p, &e))
        return true;
    ad_reply_error(r, &e);
    return false;
}

/* The endpoints that json/ maps whole (body -> answer or error). */
static void run(ad_request *r, aj_endpoint_fn fn)
{
    aj_error e;
    json_t *o = fn(r->body, &r->srv->limits, r->lang, &e);
    if (o)
        ad_reply_json(r, 200, o);
    else
        ad_reply_error(r, &e);
}

static void h_analyze(ad_request *r) { run(r, aj_endpoint_analyze); }
static void h_move(ad_request *r) { run(r, aj_endpoint_move); }
static void h_castling(ad_request *r) { run(r, aj_endpoint_castling); }
static void h_validate(ad_request *r) { run(r, aj_endpoint_validate); }
static void h_outcome(ad_request *r) { run(r, aj_endpoint_outcome); }
static void h_touch(ad_request *r) { run(r, aj_endpoint_touch); }

static void h_perft(ad_request *r)
{
    aj_error e;
    long long depth = -1;
    bool divide = false;
    if (!aj_opt_int(r->body, "depth", &depth, &e) || !aj_opt_bool(r->body, "divide", &divide, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    if (!json_object_get(r->body, "depth")) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "depth");
        return;
    }
    long max_depth = r->srv->cfg.perft_max_depth;
    if (depth < 0 || depth > max_depth) {
        aj_fail(&e, AJ_E_OUT_OF_RANGE, "depth");
        e.limit = max_depth;
        ad_reply_error(r, &e);
        return;
    }
    aj_position p;
    if (!position_or_reply(r, &p))
        return;
    arb_perft_result *res = malloc(sizeof *res);
    if (!res) {
        aj_position_free(&p);
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    const arb_position *pos = aj_current(&p);
    if (arb_perft_budgeted(pos, (int)depth, divide, (uint64_t)r->srv->cfg.perft_max_nodes, res) == ARB_ERR_LIMIT) {
        atomic_fetch_add_explicit(&r->srv->metrics.budget_exhausted, 1, memory_order_relaxed);
        aj_fail(&e, AJ_E_BUDGET_EXCEEDED, "depth");
        e.limit = r->srv->cfg.perft_max_nodes;
        ad_reply_error(r, &e);
    } else {
        ad_reply_json(r, 200, aj_perft_json(pos, (int)depth, res));
    }
    free(res);
    aj_position_free(&p);
}

const ad_route ad_position_routes[] = {
    {"POST", "/v1/analyze", h_analyze, AD_BODY_JSON | AD_SCRATCH},
    {"POST", "/v1/move", h_move, AD_BODY_JSON | AD_SCRATCH},
    {"POST", "/v1/castling", h_castling, AD_BODY_JSON | AD_SCRATCH},
    {"POST", "/v1/validate", h_validate, AD_BODY_JSON | AD_SCRATCH},
    {"POST", "/v1/outcome", h_outcome, AD_BODY_JSON | AD_SCRATCH},
    {"POST", "/v1/touch", h_touch, AD_BODY_JSON | AD_SCRATCH},
    {"POST", "/v1/perft", h_perft, AD_BODY_JSON | AD_HEAVY},
    {NULL, NULL, NULL, 0},
};
