/* Rule-annotated games as JSON (POST /v1/games/annotate; `arbiter annotate --json` prints one
 * element of "games" per line): each game's events with ply, move, explanation and supporting
 * explanations, the result the Laws give against the Result tag, the lenient reading's warnings;
 * a game that cannot be read is an object with its error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"

/* {"number", "side", "san"} of the move that led to position `ply` (null at the start); for the
 * illegal move after the record's end, "san" is null and "text" is the move as written. */
static json_t *move_of(const arb_game *g, int ply, const char *illegal)
{
    if (ply == 0)
        return json_null();
    if (ply > g->nplies) {
        const arb_position *cur = arb_game_current(g);
        return json_pack("{s:I, s:s, s:n, s:s}", "number", (json_int_t)cur->fullmove_number, "side",
                         aj_color_name((arb_color)cur->side), "san", "text", illegal ? illegal : "");
    }
    const arb_position *before = &g->positions[ply - 1];
    char san[ARB_MOVE_TEXT_MAX];
    arb_move_san(before, g->moves[ply - 1], san, sizeof san);
    return json_pack("{s:I, s:s, s:s}", "number", (json_int_t)before->fullmove_number, "side",
                     aj_color_name((arb_color)before->side), "san", san);
}

static json_t *located(int line, int column, const arb_reason *why, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "line", json_integer(line));
    json_object_set_new_nocheck(o, "column", json_integer(column));
    json_object_set_new_nocheck(o, "explanation", aj_reason_json(why, lang));
    return o;
}

json_t *aj_annotation_events_json(const arb_game *g, const arb_annotation *a, const char *illegal, const char *lang)
{
    json_t *events = json_array();
    for (int i = 0; i < a->nevents; i++) {
        const arb_annotation_event *e = &a->events[i];
        json_t *o = aj_reason_json(&e->why, lang);
        json_object_set_new_nocheck(o, "ply", json_integer(e->ply));
        json_object_set_new_nocheck(o, "move", move_of(g, e->ply, illegal));
        json_object_set_new_nocheck(o, "explanations",
                                    aj_reasons_json(arb_annotation_reasons(a, e), e->count, e->count, lang));
        json_array_append_new(events, o);
    }
    return events;
}

static json_t *tags_json(const arb_pgn_game *g)
{
    json_t *tags = json_object();
    for (int i = 0; i < g->ntags; i++)
        json_object_set_new(tags, g->tags[i].name, json_string(g->tags[i].value));
    return tags;
}

static json_t *nullable_string(const char *s)
{
    return s ? json_string(s) : json_null();
}

void aj_annotate_count(aj_annotate_summary *s, const arb_annotation *a, bool readable)
{
    s->games++;
    if (!readable) {
        s->unreadable++;
        return;
    }
    s->mis_scored += a->tag_disagrees;
    for (int i = 0; i < a->nevents; i++)
        if (a->events[i].why.code < ARB_REASON_COUNT)
            s->events[a->events[i].why.code]++;
}

json_t *aj_annotated_game_json(const aj_annotate_game *in, const arb_annotation *a, const char *lang)
{
    const arb_pgn_game *g = in->game;
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "game", json_integer(in->number));
    json_object_set_new_nocheck(o, "offset", json_integer(in->offset));
    if (in->line > 0)
        json_object_set_new_nocheck(o, "line", json_integer(in->line));
    if (in->error && !in->annotated) {
        json_t *why = located(in->error->line, in->error->column, &in->error->why, lang);
        if (in->error->has_detail)
            json_object_set_new_nocheck(why, "detail", aj_reason_json(&in->error->detail, lang));
        json_object_set_new_nocheck(o, "error", why);
        return o;
    }
    const arb_game *r = &g->record;
    const char *tag = arb_pgn_tag_value(g, "Result");
    json_object_set_new_nocheck(o, "tags", tags_json(g));
    json_object_set_new_nocheck(o, "result_tag", nullable_string(tag ? tag : strcmp(g->result, "*") ? g->result : NULL));
    json_object_set_new_nocheck(o, "result", json_string(arb_result_string(a->result)));
    const char *term = arb_termination_name(a->termination);
    json_object_set_new_nocheck(o, "termination", json_string(term ? term : "none"));
    json_object_set_new_nocheck(o, "basis", json_string(arb_result_basis_name(a->basis)));
    json_object_set_new_nocheck(o, "mis_scored", json_boolean(a->tag_disagrees));
    json_object_set_new_nocheck(o, "plies", json_integer(r->nplies));
    json_object_set_new_nocheck(o, "end_ply", a->end_ply >= 0 ? json_integer(a->end_ply) : json_null());
    json_object_set_new_nocheck(o, "flagged", a->flagged >= 0 ? json_string(aj_color_name((arb_color)a->flagged))
                                                              : json_null());
    json_object_set_new_nocheck(o, "start", aj_fen_json(&r->positions[0]));
    const char *illegal = in->error ? in->error->why.found : NULL;
    json_object_set_new_nocheck(o, "events", aj_annotation_events_json(r, a, illegal, lang));
    json_t *warnings = json_array();
    if (in->converted > 0) {
        arb_reason w = arb_reason_make(ARB_R_pgn_encoding_converted);
        w.n = in->converted > INT32_MAX ? INT32_MAX : (int32_t)in->converted;
        json_array_append_new(warnings, located(g->line, 1, &w, lang));
    }
    for (int i = 0; i < g->nwarnings && i < ARB_PGN_MAX_WARNINGS; i++)
        json_array_append_new(warnings, located(g->warnings[i].line, g->warnings[i].column, &g->warnings[i].why, lang));
    json_object_set_new_nocheck(o, "warnings", warnings);
    if (g->nwarnings > ARB_PGN_MAX_WARNINGS)
        json_object_set_new_nocheck(o, "more_warnings", json_integer(g->nwarnings - ARB_PGN_MAX_WARNINGS));
    return o;
}

bool aj_annotate_next(arb_pgn_reader *r, aj_annotate_game *in, arb_pgn_game *g, arb_pgn_error *err,
                      arb_annotation *a)
{
    if (!arb_pgn_next(r))
        return false;
    in->offset = in->offset_base + (long long)r->pos;
    arb_status st = arb_pgn_read(r, g, err);
    in->line = in->lines ? g->line : 0;
    in->game = g;
    in->error = st == ARB_OK ? NULL : err;
    in->annotated = arb_pgn_annotate(g, in->error, a) != ARB_ERR_RANGE;
    return true;
}

json_t *aj_summary_json(const aj_annotate_summary *s)
{
    json_t *events = json_object();
    for (int c = 0; c < ARB_REASON_COUNT; c++)
        if (s->events[c])
            json_object_set_new_nocheck(events, arb_reason_name((unsigned)c), json_integer(s->events[c]));
    return json_pack("{s:I, s:I, s:I, s:o}", "games", (json_int_t)s->games, "unreadable", (json_int_t)s->unreadable,
                     "mis_scored", (json_int_t)s->mis_scored, "events", events);
}

json_t *aj_annotate_json(const char *text, size_t len, const char *lang)
{
    arb_pgn_options opts = {true, false, true}; /* the main line, comments (clocks), lenient */
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, &opts);
    arb_annotation a;
    arb_annotation_init(&a);
    aj_annotate_summary *s = calloc(1, sizeof *s);
    json_t *games = json_array();
    aj_annotate_game in = {0};
    in.lines = true;
    arb_pgn_game g;
    arb_pgn_error err;
    while (s && aj_annotate_next(&r, &in, &g, &err, &a)) {
        in.number++;
        json_array_append_new(games, aj_annotated_game_json(&in, &a, lang));
        aj_annotate_count(s, &a, in.annotated);
        arb_pgn_game_free(&g);
    }
    arb_annotation_free(&a);
    json_t *o = json_pack("{s:o, s:o}", "games", games, "summary", s ? aj_summary_json(s) : json_object());
    free(s);
    return o;
}

/* How many games a PGN text holds (read, not annotated), up to cap + 1. */
static int count_games(const char *text, size_t len, int cap)
{
    arb_pgn_options opts = {true, true, true};
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, &opts);
    int n = 0;
    while (n <= cap && arb_pgn_next(&r)) {
        arb_pgn_game g;
        arb_pgn_error err;
        arb_pgn_read(&r, &g, &err);
        arb_pgn_game_free(&g);
        n++;
    }
    return n;
}

json_t *aj_endpoint_annotate(json_t *body, const aj_limits *lim, const char *lang, aj_error *e)
{
    (void)lim;
    const char *pgn = NULL;
    if (!aj_opt_string(body, "pgn", &pgn, e))
        return NULL;
    if (!pgn)
        return aj_fail(e, AJ_E_MISSING_FIELD, "pgn"), NULL;
    size_t len = json_string_length(json_object_get(body, "pgn"));
    if (count_games(pgn, len, AJ_ANNOTATE_MAX_GAMES) > AJ_ANNOTATE_MAX_GAMES) {
        aj_fail(e, AJ_E_OUT_OF_RANGE, "pgn");
        e->limit = AJ_ANNOTATE_MAX_GAMES;
        snprintf(e->detail, sizeof e->detail, "at most %d games per request (arbiter annotate reads any number)",
                 AJ_ANNOTATE_MAX_GAMES);
        return NULL;
    }
    return aj_annotate_json(pgn, len, lang);
}
