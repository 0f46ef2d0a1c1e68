/* Position endpoints: analyze, move, validate, perft. Each parses its fields with json/,
 * makes the engine calls and answers with json/'s shapes; explanations that the engine gains
 * (castling, outcome, dead, touch) join as further handlers and table lines here. */
#include <stdlib.h>

#include "reply.h"
#include "routes.h"

/* Parses the position input or replies with the error; false when replied. */
static bool position_or_reply(ad_request *r, aj_position *p)
{
    aj_error e;
    if (aj_parse_position(r->body, &r->srv->limits, p, &e))
        return true;
    ad_reply_error(r, &e);
    return false;
}

static void h_analyze(ad_request *r)
{
    aj_position p;
    if (!position_or_reply(r, &p))
        return;
    ad_reply_json(r, 200, aj_analyze_json(&p, r->lang));
    aj_position_free(&p);
}

static void h_move(ad_request *r)
{
    aj_error e;
    const char *move = NULL;
    if (!aj_opt_string(r->body, "move", &move, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    if (!move) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "move");
        return;
    }
    aj_position p;
    if (!position_or_reply(r, &p))
        return;
    ad_reply_json(r, 200, aj_move_json(&p, move, r->lang));
    aj_position_free(&p);
}

static void h_validate(ad_request *r)
{
    aj_error e;
    const char *fen = NULL;
    arb_variant variant;
    if (!aj_opt_string(r->body, "fen", &fen, &e) || !aj_parse_variant(r->body, &variant, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    if (!fen) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "fen");
        return;
    }
    ad_reply_json(r, 200, aj_validate_json(fen, variant, r->lang));
}

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
    aj_perft_result *res = malloc(sizeof *res);
    if (!res) {
        aj_position_free(&p);
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    const arb_position *pos = aj_current(&p);
    if (aj_perft(pos, (int)depth, divide, (uint64_t)r->srv->cfg.perft_max_nodes, res) == ARB_ERR_LIMIT) {
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
    {"POST", "/v1/analyze", h_analyze, AD_BODY_JSON},
    {"POST", "/v1/move", h_move, AD_BODY_JSON},
    {"POST", "/v1/validate", h_validate, AD_BODY_JSON},
    {"POST", "/v1/perft", h_perft, AD_BODY_JSON | AD_HEAVY},
    {NULL, NULL, NULL, 0},
};
