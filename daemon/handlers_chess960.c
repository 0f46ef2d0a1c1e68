/* GET /v1/chess960/{n}: the FEN of Chess960 start position n (0..959, Scharnagl numbering;
 * 518 is the standard array), so a client can set up a numbered start without its own tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "reply.h"
#include "routes.h"

static void h_start(ad_request *r)
{
    const char *text = r->params[0];
    char *end = NULL;
    long n = strtol(text, &end, 10);
    arb_position pos;
    if (!*text || *end || strlen(text) > 3 || text[0] == '-' || text[0] == '+' ||
        arb_position_chess960(&pos, (int)n) != ARB_OK) {
        aj_error e;
        aj_fail(&e, AJ_E_NOT_FOUND, "n");
        snprintf(e.detail, sizeof e.detail, "Chess960 start positions are numbered 0 to 959");
        ad_reply_error(r, &e);
        return;
    }
    char fen[128];
    arb_position_fen(&pos, fen, sizeof fen);
    json_t *o = json_object();
    json_object_set_new(o, "n", json_integer(n));
    json_object_set_new(o, "variant", json_string("chess960"));
    json_object_set_new(o, "fen", json_string(fen));
    ad_reply_json(r, 200, o);
}

const ad_route ad_chess960_routes[] = {
    {"GET", "/v1/chess960/{n}", h_start, 0},
    {NULL, NULL, NULL, 0},
};
