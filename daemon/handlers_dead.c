/* POST /v1/dead: json/'s aj_endpoint_dead (dead position and unwinnability per colour, with a
 * per-request node budget); a heavy (search) route. */
#include <string.h>

#include "reply.h"
#include "routes.h"
#include "server.h"

static void h_dead(ad_request *r)
{
    aj_error e;
    json_t *o = aj_endpoint_dead(r->body, &r->srv->limits, r->lang, &e);
    if (!o) {
        ad_reply_error(r, &e);
        return;
    }
    json_t *dead = json_object_get(o, "dead");
    if (json_is_string(dead) && strcmp(json_string_value(dead), "unknown") == 0)
        atomic_fetch_add_explicit(&r->srv->metrics.budget_exhausted, 1, memory_order_relaxed);
    ad_reply_json(r, 200, o);
}

const ad_route ad_dead_routes[] = {
    {"POST", "/v1/dead", h_dead, AD_BODY_JSON | AD_HEAVY},
    {NULL, NULL, NULL, 0},
};
