/* POST /v1/pgn (games replayed from PGN text) and POST /v1/mate (the mate-in-N solver): json/'s
 * aj_endpoint_pgn and aj_endpoint_mate, both heavy (search) routes in the queue. */
#include <string.h>

#include "reply.h"
#include "routes.h"
#include "server.h"

static void run(ad_request *r, aj_endpoint_fn fn)
{
    aj_error e;
    json_t *o = fn(r->body, &r->srv->limits, r->lang, &e);
    if (!o) {
        ad_reply_error(r, &e);
        return;
    }
    json_t *mate = json_object_get(o, "mate");
    if (json_is_string(mate) && strcmp(json_string_value(mate), "unknown") == 0)
        atomic_fetch_add_explicit(&r->srv->metrics.budget_exhausted, 1, memory_order_relaxed);
    ad_reply_json(r, 200, o);
}

static void h_pgn(ad_request *r) { run(r, aj_endpoint_pgn); }
static void h_mate(ad_request *r) { run(r, aj_endpoint_mate); }

const ad_route ad_game_routes[] = {
    {"POST", "/v1/pgn", h_pgn, AD_BODY_JSON | AD_HEAVY},
    {"POST", "/v1/mate", h_mate, AD_BODY_JSON | AD_HEAVY},
    {NULL, NULL, NULL, 0},
};
