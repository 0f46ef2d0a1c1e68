/* --json output of the CLI: the same json/ mapping the daemon answers with, so `arbiter moves
 * --json FEN` prints exactly what POST /v1/analyze says about that FEN (perft: /v1/perft,
 * fen: /v1/validate; explain, castling, status, validate, outcome, touch: their endpoints,
 * through json/'s endpoint functions given the body the daemon would get), errors included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"
#include "cli.h"

void cli_print_json(json_t *o)
{
    char *s = aj_dumps(o, NULL);
    if (s)
        puts(s);
    free(s);
    json_decref(o);
}

/* The request body the daemon would get for this FEN and variant. */
static json_t *body_for(const struct cli_opts *o, const char *fen)
{
    return json_pack("{s:s, s:s}", "fen", fen, "variant", o->variant == ARB_CHESS960 ? "chess960" : "standard");
}

/* Parses the position as the daemon does; on failure prints the daemon's error object. */
static const aj_limits cli_limits = {ARB_GAME_MAX_PLIES, 32};

json_t *cli_json_body(const struct cli_opts *o, const char *fen, char **moves, int nmoves)
{
    json_t *body = body_for(o, fen);
    if (body && nmoves > 0) {
        json_t *a = json_array();
        for (int i = 0; i < nmoves; i++)
            json_array_append_new(a, json_string(moves[i]));
        json_object_set_new(body, "moves", a);
    }
    return body;
}

int cli_json_endpoint(const struct cli_opts *o, aj_endpoint_fn fn, json_t *body, const char *ok_field)
{
    if (!body) {
        fprintf(stderr, "arbiter: out of memory\n");
        return 1;
    }
    const char *lang = aj_lang_pick(o->lang);
    aj_error e;
    json_t *out = aj_endpoint_checked(fn, body, &cli_limits, lang ? lang : "en", &e);
    json_decref(body);
    if (!out) {
        cli_print_json(aj_error_json(&e, lang ? lang : "en"));
        return 1;
    }
    int rc = ok_field && !json_is_true(json_object_get(out, ok_field)) ? 1 : 0;
    cli_print_json(out);
    return rc;
}

static bool json_position(const struct cli_opts *o, const char *fen, aj_position *p)
{
    static const aj_limits limits = {1000, 32};
    aj_error e;
    json_t *body = body_for(o, fen);
    bool ok = body && aj_parse_position(body, &limits, p, &e);
    if (body && !ok)
        cli_print_json(aj_error_json(&e, o->lang));
    json_decref(body);
    return ok;
}

int cli_json_perft(const struct cli_opts *o, const char *fen, int depth)
{
    aj_position p;
    if (!json_position(o, fen, &p))
        return 1;
    arb_perft_result *r = malloc(sizeof *r);
    if (!r) {
        aj_position_free(&p);
        return 1;
    }
    arb_perft_budgeted(aj_current(&p), depth, o->divide, 0, r);
    cli_print_json(aj_perft_json(aj_current(&p), depth, r));
    free(r);
    aj_position_free(&p);
    return 0;
}

int cli_json_fen(const struct cli_opts *o, const char *fen)
{
    json_t *v = aj_validate_json(fen, o->variant, o->lang);
    int rc = json_is_true(json_object_get(v, "valid")) ? 0 : 1;
    cli_print_json(v);
    return rc;
}
