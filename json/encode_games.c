/* Whole games and the solver as JSON: POST /v1/pgn (games replayed from PGN text: their tags and
 * moves, the lenient reading's warnings, every draw that could be claimed and every automatic
 * ending, the outcome the Laws give, refusals with line and column) and POST /v1/mate (the
 * mate-in-N solver: keys, cooks, a main line, the budget). `arbiter pgn` and `arbiter mate`
 * print these answers (--json) or a text made from them. */
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"

static json_t *located(int line, int column, const arb_reason *why, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "line", json_integer(line));
    json_object_set_new_nocheck(o, "column", json_integer(column));
    json_object_set_new_nocheck(o, "explanation", aj_reason_json(why, lang));
    return o;
}

/* The move that led to position `ply` of the record: {"number", "side", "san"}, null at the start. */
static json_t *move_before(const arb_game *g, int ply)
{
    if (ply == 0)
        return json_null();
    const arb_position *before = &g->positions[ply - 1];
    char san[ARB_MOVE_TEXT_MAX];
    arb_move_san(before, g->moves[ply - 1], san, sizeof san);
    return json_pack("{s:I, s:s, s:s}", "number", (json_int_t)before->fullmove_number, "side",
                     aj_color_name((arb_color)before->side), "san", san);
}

static json_t *event(const arb_game *g, int ply, const char *kind, const arb_outcome *why, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "ply", json_integer(ply));
    json_object_set_new_nocheck(o, "after", move_before(g, ply));
    json_object_set_new_nocheck(o, "kind", json_string(kind));
    json_object_set_new_nocheck(o, "explanations",
                                aj_reasons_json(why->reasons, why->nreasons, ARB_OUTCOME_MAX_REASONS, lang));
    return o;
}

/* Every draw the player to move could have claimed before each move (now, or with the move
 * played; the fifty-move rule once per stretch), and the automatic endings, ply by ply. A PGN is
 * a record of what was played: an ending inside it is reported (went_on: moves followed), not
 * refused. */
static json_t *events_json(const arb_game *g, const char *lang)
{
    json_t *a = json_array();
    bool fifty_open = false;
    for (int ply = 0; ply <= g->nplies; ply++) {
        arb_outcome out;
        arb_game_automatic_ending(g, ply, &out);
        if (out.termination != ARB_TERM_NONE) {
            json_t *e = event(g, ply, "ending", &out, lang);
            json_object_set_new_nocheck(e, "termination", json_string(arb_termination_name(out.termination)));
            json_object_set_new_nocheck(e, "result", json_string(arb_result_string(out.result)));
            json_object_set_new_nocheck(e, "went_on", json_boolean(ply < g->nplies));
            json_array_append_new(a, e);
            continue;
        }
        if (ply == g->nplies)
            break;
        arb_game prefix = *g; /* the record up to this ply: the claims of the player to move */
        prefix.nplies = ply;
        for (int kind = ARB_CLAIM_THREEFOLD; kind <= ARB_CLAIM_FIFTY_MOVES; kind++) {
            arb_outcome now, with;
            arb_game_claim(&prefix, (arb_claim_kind)kind, ARB_MOVE_NONE, &now);
            arb_game_claim(&prefix, (arb_claim_kind)kind, g->moves[ply], &with);
            const arb_outcome *c = now.claim_valid ? &now : with.claim_valid ? &with : NULL;
            if (kind == ARB_CLAIM_FIFTY_MOVES) {
                bool first = c && !fifty_open; /* report the first ply of each stretch only */
                fifty_open = c != NULL;
                if (!first)
                    continue;
            }
            if (!c)
                continue;
            json_t *e = event(g, ply, "claim", c, lang);
            json_object_set_new_nocheck(e, "claim", json_string(kind == ARB_CLAIM_THREEFOLD ? "threefold" : "fifty_moves"));
            json_object_set_new_nocheck(e, "by", json_string(aj_color_name((arb_color)g->positions[ply].side)));
            json_object_set_new_nocheck(e, "with_move", json_boolean(c == &with));
            json_array_append_new(a, e);
        }
    }
    return a;
}

static json_t *game_json(const arb_pgn_game *g, int number, const char *lang)
{
    json_t *o = json_object(), *tags = json_object(), *moves = json_array(), *warnings = json_array();
    json_object_set_new_nocheck(o, "game", json_integer(number));
    json_object_set_new_nocheck(o, "line", json_integer(g->line));
    for (int i = 0; i < g->ntags; i++)
        json_object_set_new(tags, g->tags[i].name, json_string(g->tags[i].value));
    json_object_set_new_nocheck(o, "tags", tags);
    const arb_game *r = &g->record;
    json_object_set_new_nocheck(o, "start", aj_fen_json(&r->positions[0]));
    for (int i = 0; i < r->nplies; i++)
        json_array_append_new(moves, aj_move_pair_json(&r->positions[i], r->moves[i]));
    json_object_set_new_nocheck(o, "moves", moves);
    json_object_set_new_nocheck(o, "plies", json_integer(r->nplies));
    json_object_set_new_nocheck(o, "movetext_result", json_string(g->result));
    for (int i = 0; i < g->nwarnings && i < ARB_PGN_MAX_WARNINGS; i++)
        json_array_append_new(warnings, located(g->warnings[i].line, g->warnings[i].column, &g->warnings[i].why, lang));
    json_object_set_new_nocheck(o, "warnings", warnings);
    json_object_set_new_nocheck(o, "more_warnings", json_integer(g->nwarnings > ARB_PGN_MAX_WARNINGS
                                                                 ? g->nwarnings - ARB_PGN_MAX_WARNINGS : 0));
    json_object_set_new_nocheck(o, "events", events_json(r, lang));
    arb_outcome out;
    arb_game_outcome(r, NULL, &out);
    json_object_set_new_nocheck(o, "outcome", aj_outcome_json(&out, lang));
    /* the movetext's result against the Laws' (an automatic ending only: a resignation is not on the board) */
    bool differs = out.termination != ARB_TERM_NONE && strcmp(g->result, "*") != 0 &&
                   strcmp(g->result, arb_result_string(out.result)) != 0;
    json_object_set_new_nocheck(o, "result_differs", json_boolean(differs));
    return o;
}

json_t *aj_pgn_json(const char *text, size_t len, const arb_pgn_options *opts, const char *lang)
{
    json_t *games = json_array();
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, opts);
    int n = 0, refused = 0;
    while (arb_pgn_next(&r)) {
        arb_pgn_game *g = malloc(sizeof *g);
        if (!g)
            break;
        arb_pgn_error err;
        n++;
        if (arb_pgn_read(&r, g, &err) == ARB_OK) {
            json_array_append_new(games, game_json(g, n, lang));
        } else {
            refused++;
            json_t *why = located(err.line, err.column, &err.why, lang);
            if (err.has_detail)
                json_object_set_new_nocheck(why, "detail", aj_reason_json(&err.detail, lang));
            json_array_append_new(games, json_pack("{s:i, s:o}", "game", n, "refused", why));
        }
        arb_pgn_game_free(g);
        free(g);
    }
    return json_pack("{s:o, s:i, s:i}", "games", games, "count", n, "refused", refused);
}

json_t *aj_endpoint_pgn(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    (void)lim;
    const char *pgn = NULL;
    bool strict = false, skip = false;
    if (!aj_opt_string(body, "pgn", &pgn, e) || !aj_opt_bool(body, "strict", &strict, e) ||
        !aj_opt_bool(body, "skip_variations", &skip, e))
        return NULL;
    if (!pgn)
        return aj_fail(e, AJ_E_MISSING_FIELD, "pgn"), NULL;
    arb_pgn_options opts = {skip, false, !strict};
    return aj_pgn_json(pgn, json_string_length(json_object_get(body, "pgn")), &opts, lang);
}

/* A line of moves from pos as [{"uci", "san"}]. */
static json_t *line_json(const arb_position *pos, const arb_move *moves, int n)
{
    json_t *a = json_array();
    arb_position p = *pos;
    for (int i = 0; i < n; i++) {
        json_array_append_new(a, aj_move_pair_json(&p, moves[i]));
        arb_position_play(&p, moves[i]);
    }
    return a;
}

json_t *aj_mate_json(const arb_position *pos, int n, long long budget, arb_status st, const arb_mate_result *res,
                     const char *lang)
{
    json_t *o = json_object(), *keys = json_array(), *why = json_array();
    json_object_set_new_nocheck(o, "fen", aj_fen_json(pos));
    json_object_set_new_nocheck(o, "n", json_integer(n));
    bool unknown = st == ARB_ERR_LIMIT;
    json_object_set_new_nocheck(o, "mate", unknown ? json_string("unknown") : json_boolean(res->mate));
    json_object_set_new_nocheck(o, "length", res->mate && !unknown ? json_integer(res->length) : json_null());
    arb_reason r;
    if (unknown) {
        r = arb_reason_make(ARB_R_solver_limit);
        json_array_append_new(why, aj_reason_json(&r, lang));
    } else if (!res->mate) {
        r = arb_reason_make(ARB_R_no_mate_in_n);
        r.n = n;
        json_array_append_new(why, aj_reason_json(&r, lang));
    } else {
        char first[ARB_MOVE_TEXT_MAX];
        arb_move_san(pos, res->line[0], first, sizeof first);
        r = arb_reason_make(ARB_R_forced_mate);
        r.piece = ARB_PIECE(pos->side, ARB_KING);
        r.n = res->length;
        snprintf(r.move, sizeof r.move, "%s", first);
        json_array_append_new(why, aj_reason_json(&r, lang));
        for (int i = 0; i < res->nkeys && i < ARB_MAX_MOVES; i++) {
            json_t *k = aj_move_pair_json(pos, res->keys[i]);
            json_object_set_new_nocheck(k, "length", json_integer(res->key_length[i]));
            json_array_append_new(keys, k);
            if (res->keys[i] == res->line[0])
                continue;
            r = arb_reason_make(ARB_R_cook); /* another first move that forces mate in n */
            arb_move_san(pos, res->keys[i], r.move, sizeof r.move);
            snprintf(r.found, sizeof r.found, "%s", first);
            r.n = res->key_length[i];
            json_array_append_new(why, aj_reason_json(&r, lang));
        }
    }
    json_object_set_new_nocheck(o, "keys", keys);
    json_object_set_new_nocheck(o, "cooks", json_boolean(res->mate && !unknown && res->nkeys > 1));
    json_object_set_new_nocheck(o, "line", res->mate && !unknown ? line_json(pos, res->line, res->nline) : json_array());
    json_object_set_new_nocheck(o, "explanations", why);
    json_object_set_new_nocheck(o, "nodes", json_integer((json_int_t)res->nodes));
    json_object_set_new_nocheck(o, "budget", json_integer(budget));
    return o;
}

json_t *aj_endpoint_mate(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    long long n = 0, budget = AJ_MATE_DEFAULT_BUDGET;
    if (!aj_opt_int(body, "n", &n, e) || !aj_opt_int(body, "budget", &budget, e))
        return NULL;
    if (!json_object_get(body, "n"))
        return aj_fail(e, AJ_E_MISSING_FIELD, "n"), NULL;
    if (n < 1 || n > ARB_MATE_MAX_N || budget < 1 || budget > AJ_MATE_MAX_BUDGET) {
        bool bad_n = n < 1 || n > ARB_MATE_MAX_N;
        aj_fail(e, AJ_E_OUT_OF_RANGE, bad_n ? "n" : "budget");
        e->limit = bad_n ? ARB_MATE_MAX_N : AJ_MATE_MAX_BUDGET;
        return NULL;
    }
    aj_position p;
    if (!aj_parse_position(body, lim, &p, e))
        return NULL;
    json_t *o = NULL;
    arb_mate_result *res = malloc(sizeof *res);
    const arb_position *pos = aj_current(&p);
    arb_status st = res ? arb_mate_in(pos, (int)n, (uint64_t)budget, res) : ARB_ERR_RANGE;
    if (!res || (st != ARB_OK && st != ARB_ERR_LIMIT))
        aj_fail(e, AJ_E_INTERNAL, NULL);
    else if ((o = aj_mate_json(pos, (int)n, budget, st, res, lang)))
        aj_set_game_over(o, &p, lang);
    free(res);
    aj_position_free(&p);
    return o;
}
