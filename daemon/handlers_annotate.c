/* POST /v1/games/annotate: json/'s aj_endpoint_annotate (the rule events of every game of a PGN
 * text and the result the Laws give); a heavy route in the work queue, as each decided game may
 * search whether a side can still mate (6.9, 5.1.2). */
#include "reply.h"
#include "routes.h"
#include "server.h"

static void h_annotate(ad_request *r)
{
    aj_error e;
    json_t *o = aj_endpoint_annotate(r->body, &r->srv->limits, r->lang, &e);
    if (!o) {
        ad_reply_error(r, &e);
        return;
    }
    ad_reply_json(r, 200, o);
}

const ad_route ad_annotate_routes[] = {
    {"POST", "/v1/games/annotate", h_annotate, AD_BODY_JSON | AD_HEAVY},
    {NULL, NULL, NULL, 0},
};
