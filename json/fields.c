/* Strict input: the one table of the request fields each endpoint reads, with their types and
 * the limits the server enforces. The daemon checks every body against it (unknown names with the
 * nearest known one, types, enumerations, ranges, required fields, fields that exclude or need
 * each other), and docs/openapi.json's request schemas and docs/api.md's fields table are
 * generated from it (fields_schema.c, scripts/gen-openapi), so neither can drift. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arbiter_json.h"

#define NONE (-1)

/* The values of the enumerated strings. */
static const char *const variants[] = {"standard", "chess960", NULL};
static const char *const digit_names[] = {"latin", "native", "default", NULL};
static const char *const colors[] = {"white", "black", NULL};
static const char *const claims[] = {"threefold", "fifty_moves", NULL};
static const char *const time_controls[] = {"standard", "rapid", "blitz", NULL};
static const char *const promotion_pieces[] = {"N", "B", "R", "Q", "n", "b", "r", "q", NULL};

/* A move of `moves` as the puzzle answer reads it (ARB_MOVE_TEXT_MAX - 1 characters at most). */
static const aj_field puzzle_move = {"moves[]", AJ_T_STRING, NULL, 1, ARB_MOVE_TEXT_MAX - 1, 0, NULL, "A move."};

/* The position input {variant, fen, moves} (docs/api.md "Position input"). */
#define VARIANT {"variant", AJ_T_STRING, variants, 0, NONE, 0, NULL, "standard (the default) or chess960."}
#define POSITION                                                                                                    \
    VARIANT,                                                                                                       \
    {"fen", AJ_T_STRING, NULL, 0, NONE, 0, NULL,                                                                   \
     "FEN, X-FEN or Shredder-FEN, or startpos; the start position when absent."},                                  \
    {"moves", AJ_T_ARRAY, NULL, 0, 1000, AJ_F_MAX_SETTING | AJ_F_MOVE_LIST, NULL,                                    \
     "SAN or UCI moves, mixed, played from fen: the history that repetitions, the move rules and castling "        \
     "reasons use (at most max-moves, 1000 by default)."}

/* Every body may carry these, and every query string. */
static const aj_field common_fields[] = {
    {"lang", AJ_T_STRING, NULL, 0, NONE, 0, NULL,
     "Language of rendered text: en, fa or ar, read by its primary subtag (fa-IR is fa; fa-u-nu-latn also asks for "
     "Latin digits); any other value falls back to en. ?lang= wins over the body's, and both over "
     "Accept-Language."},
    {"digits", AJ_T_STRING, digit_names, 0, NONE, 0, NULL,
     "Digits of numbers in rendered texts: native (Persian in fa, Arabic-Indic in ar), latin, or default (the "
     "language's own: Persian in fa, Latin in en and ar). Squares, moves, FENs and codes are always Latin."},
    {NULL},
};
const aj_field *const aj_common_fields = common_fields;

static const aj_field illegal_move_fields[] = {
    {"offender", AJ_T_STRING, colors, 0, NONE, AJ_F_REQUIRED, NULL, "Who has just completed an illegal move."},
    {"count", AJ_T_INTEGER, NULL, 1, 9, 0, NULL, "Which illegal move of the offender this is (1 when absent)."},
    {"time_control", AJ_T_STRING, time_controls, 0, NONE, 0, NULL,
     "Wins over the top-level time_control for this penalty."},
    {"limit", AJ_T_INTEGER, NULL, 0, 9, 0, NULL,
     "The illegal move that ends the game; 0 (or absent) is FIDE's, the second (7.5.5)."},
    {NULL},
};
static const aj_field touched_fields[] = {
    {"square", AJ_T_STRING, NULL, 2, 2, AJ_F_REQUIRED | AJ_F_SQUARE, NULL, "A touched piece's square."},
    {NULL},
};
static const aj_field touched_item = {"touched[]", AJ_T_OBJECT, NULL, 0, NONE, 0, touched_fields, "A touched piece."};
static const aj_field promotion_fields[] = {
    {"square", AJ_T_STRING, NULL, 2, 2, AJ_F_REQUIRED | AJ_F_SQUARE, NULL, "Where the promotion piece was put."},
    {"piece", AJ_T_STRING, promotion_pieces, 0, NONE, AJ_F_REQUIRED, NULL, "The piece put there (either case)."},
    {NULL},
};

static const aj_field analyze_fields[] = {POSITION, {NULL}};
static const aj_field move_fields[] = {
    POSITION,
    {"move", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL, "The move asked about: SAN or UCI."},
    {"then", AJ_T_STRING, (const char *const[]){"analyze", NULL}, 0, NONE, 0, NULL,
     "analyze: a legal move's answer also carries `analysis`, what POST /v1/analyze answers for the position after "
     "it (castling, claims, status, legal moves): one round trip per move."},
    {NULL},
};
static const aj_field validate_fields[] = {
    {"fen", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL, "FEN, X-FEN or Shredder-FEN, or startpos."},
    VARIANT,
    {NULL},
};
static const aj_field outcome_fields[] = {
    POSITION,
    {"claim", AJ_T_STRING, claims, 0, NONE, 0, NULL, "A draw claim by the side to move (9.2, 9.3)."},
    {"with_move", AJ_T_STRING, NULL, 0, NONE, 0, NULL,
     "With claim: the move the claimant writes down (SAN or UCI; it must be legal)."},
    {"flag", AJ_T_STRING, colors, 0, NONE, 0, NULL, "That player ran out of time (6.9)."},
    {"resign", AJ_T_STRING, colors, 0, NONE, 0, NULL,
     "That player resigns (5.1.2): a loss, or a draw when the opponent cannot checkmate by any series of legal "
     "moves."},
    {"agree_draw", AJ_T_BOOLEAN, NULL, 0, NONE, 0, NULL,
     "Both players agree to a draw (5.2.3): only once each has made a move."},
    {"illegal_move", AJ_T_OBJECT, NULL, 0, NONE, 0, illegal_move_fields,
     "Extension: the offender has just completed its count-th illegal move and the position is restored (7.5.5)."},
    {"time_control", AJ_T_STRING, time_controls, 0, NONE, 0, NULL,
     "What the penalties are measured in (standard when absent): a wrong claim or an illegal move costs two "
     "minutes in standard play, one in rapid and blitz (App. A.3)."},
    {NULL},
};
static const aj_field touch_fields[] = {
    POSITION,
    {"touched", AJ_T_ARRAY, NULL, 0, ARB_TOUCH_MAX, AJ_F_REQUIRED, &touched_item,
     "The squares touched, in order, own and opponent pieces alike."},
    {"promotion", AJ_T_OBJECT, NULL, 0, NONE, 0, promotion_fields, "A promotion piece was put on a square (4.4.4)."},
    {NULL},
};
static const aj_field perft_fields[] = {
    POSITION,
    {"depth", AJ_T_INTEGER, NULL, 0, 7, AJ_F_REQUIRED | AJ_F_MAX_SETTING, NULL,
     "Plies to count: at most perft-max-depth (7 by default), and a count whose search would pass perft-max-nodes "
     "is 422 budget_exceeded (from the start position that is depth 7)."},
    {"divide", AJ_T_BOOLEAN, NULL, 0, NONE, 0, NULL, "Also count per first move (false when absent)."},
    {NULL},
};
static const aj_field dead_fields[] = {
    POSITION,
    {"budget", AJ_T_INTEGER, NULL, 1, ARB_DEAD_MAX_BUDGET, 0, NULL, "Positions searched per colour (500000 when absent)."},
    {NULL},
};
static const aj_field pgn_fields[] = {
    {"pgn", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL,
     "PGN text: one game or many, as files share them (at most max-body bytes of request)."},
    {"strict", AJ_T_BOOLEAN, NULL, 0, NONE, 0, NULL,
     "Refuse what lenient reading repairs (unescaped quotes in a tag, a FEN tag's impossible castling rights, "
     "counters that are not numbers) instead of reading it with a warning (false when absent)."},
    {"skip_variations", AJ_T_BOOLEAN, NULL, 0, NONE, 0, NULL, "Read variations for their syntax only (false when absent)."},
    {NULL},
};
static const aj_field annotate_fields[] = {
    {"pgn", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL,
     "PGN text: one or more games (tags, movetext, comments with clocks), at most max-body bytes and 100 games."},
    {NULL},
};
static const aj_field mate_fields[] = {
    POSITION,
    {"n", AJ_T_INTEGER, NULL, 1, ARB_MATE_MAX_N, AJ_F_REQUIRED, NULL,
     "Mate in n: moves of the side to move, which must force checkmate against every defence."},
    {"budget", AJ_T_INTEGER, NULL, 1, AJ_MATE_MAX_BUDGET, 0, NULL,
     "Positions the solver may visit (2000000 when absent); when it runs out, mate is \"unknown\"."},
    {NULL},
};
static const aj_field puzzle_answer_fields[] = {
    {"answer", AJ_T_STRING, NULL, 1, AJ_ANSWER_MAX, 0, NULL,
     "One move or a line (SAN or UCI, move numbers allowed), a choice id, squares or a number, as the puzzle's "
     "answer_type says."},
    {"moves", AJ_T_ARRAY, NULL, 1, AJ_PUZZLE_MAX_MOVES, AJ_F_MOVE_LIST, &puzzle_move,
     "The line as a list, attacker first, instead of answer."},
    {NULL},
};
static const aj_field lesson_answer_fields[] = {
    {"answer", AJ_T_STRING, NULL, 0, AJ_ANSWER_MAX, AJ_F_REQUIRED, NULL,
     "A move (SAN or UCI), a choice id, yes or no, or squares, as the step asks."},
    {NULL},
};
#define LESSON_SOURCE                                                                                              \
    {"source", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL,                                                   \
     "The text of a lesson file (Lua), as long as the request body may be (max-body)."}
static const aj_field preview_fields[] = {LESSON_SOURCE, {NULL}};
static const aj_field preview_answer_fields[] = {
    LESSON_SOURCE,
    {"step", AJ_T_INTEGER, NULL, 1, AJ_INT53_MAX, AJ_F_REQUIRED, NULL, "The step answered, from 1."},
    {"answer", AJ_T_STRING, NULL, 0, AJ_ANSWER_MAX, AJ_F_REQUIRED, NULL, "As for an installed lesson's step."},
    {NULL},
};
static const aj_field quiz_fields[] = {
    {"generator", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL, "A generator's id (GET /v1/quizzes)."},
    {"seed", AJ_T_INTEGER, NULL, 0, AJ_INT53_MAX, AJ_F_REQUIRED, NULL, "Any seed: the same seed, the same questions."},
    {"count", AJ_T_INTEGER, NULL, 0, AJ_QUIZ_MAX_COUNT, 0, NULL, "How many questions (10 when absent)."},
    {"index", AJ_T_INTEGER, NULL, 0, AJ_INT53_MAX, 0, NULL, "The first question's index (0 when absent)."},
    {"parameters", AJ_T_OBJECT, NULL, 0, NONE, AJ_F_BY_HANDLER, NULL,
     "The generator's parameters (GET /v1/quizzes lists them), e.g. {\"difficulty\": \"hard\"}; each may also be "
     "given at the top level."},
    {NULL},
};
static const aj_field quiz_answer_fields[] = {
    {"id", AJ_T_STRING, NULL, 0, NONE, AJ_F_REQUIRED, NULL, "A question's id (generator:seed:index[:parameters])."},
    {"answer", AJ_T_STRING, NULL, 0, AJ_ANSWER_MAX, AJ_F_REQUIRED, NULL, "A choice id, a move, squares or a number."},
    {NULL},
};

static const aj_field batch_request_fields[] = {
    {"method", AJ_T_STRING, (const char *const[]){"GET", "POST", NULL}, 0, NONE, AJ_F_REQUIRED, NULL,
     "GET or POST, as the route is sent alone."},
    {"path", AJ_T_STRING, NULL, 1, 256, AJ_F_REQUIRED, NULL,
     "The route's path without a query string (\"/v1/move\", \"/v1/lessons/castling\"): a POST that is neither a "
     "search nor a script (analyze, move, castling, validate, outcome, touch) or a GET of one item (a lesson, a "
     "puzzle, a Chess960 start)."},
    {"body", AJ_T_OBJECT, NULL, 0, NONE, AJ_F_BY_HANDLER | AJ_F_ANY_MEMBERS, NULL,
     "The body the route reads ({} when absent; POST only), checked as when it is sent alone."},
    {NULL},
};
static const aj_field batch_item = {"requests[]", AJ_T_OBJECT, NULL, 0, NONE, 0, batch_request_fields,
                                    "One sub-request."};
static const aj_field batch_fields[] = {
    {"requests", AJ_T_ARRAY, NULL, 1, AJ_BATCH_MAX, AJ_F_REQUIRED, &batch_item,
     "The sub-requests, answered in order, each with its own status and body."},
    {NULL},
};

/* The list filters (query parameters of GET routes). */
static const aj_field lesson_list_fields[] = {
    {"level", AJ_T_STRING, (const char *const[]){"beginner", "intermediate", "advanced", NULL}, 0, NONE, 0, NULL,
     "Only the lessons of this level."},
    {"tag", AJ_T_STRING, NULL, 0, NONE, 0, NULL, "Only the lessons with this tag (\"castling\", \"draw\", ...)."},
    {"limit", AJ_T_INTEGER, NULL, 1, AJ_PAGE_MAX, 0, NULL,
     "At most this many items (the whole list when absent), in the list's stable order; the answer's Link "
     "header (rel=\"next\") names the next page, X-Total-Count the length of the filtered list."},
    {"offset", AJ_T_INTEGER, NULL, 0, AJ_PAGE_OFFSET_MAX, 0, NULL,
     "Items of the filtered list to skip first (0 when absent)."},
    {NULL},
};
static const aj_field puzzle_list_fields[] = {
    {"kind", AJ_T_STRING, NULL, 0, NONE, 0, NULL,
     "Only the puzzles of this kind (\"mate\", \"helpmate\", \"retro\", ...: each puzzle's `kind`)."},
    {"variant", AJ_T_STRING, variants, 0, NONE, 0, NULL, "Only the puzzles of this variant."},
    {"limit", AJ_T_INTEGER, NULL, 1, AJ_PAGE_MAX, 0, NULL,
     "At most this many items (the whole list when absent), in the list's stable order; the answer's Link "
     "header (rel=\"next\") names the next page, X-Total-Count the length of the filtered list."},
    {"offset", AJ_T_INTEGER, NULL, 0, AJ_PAGE_OFFSET_MAX, 0, NULL,
     "Items of the filtered list to skip first (0 when absent)."},
    {NULL},
};

/* At most one event per /v1/outcome; with_move only with a claim; a puzzle answer or its moves. */
static const char *const outcome_events[] = {"claim", "flag", "resign", "agree_draw", "illegal_move", NULL};
static const char *const outcome_needs[] = {"with_move", "claim", NULL};
static const char *const answer_or_moves[] = {"answer", "moves", NULL};

const aj_endpoint_fields aj_fields_table[] = {
    {"POST /v1/analyze", analyze_fields, false, NULL, NULL, NULL},
    {"POST /v1/move", move_fields, false, NULL, NULL, NULL},
    {"POST /v1/castling", analyze_fields, false, NULL, NULL, NULL},
    {"POST /v1/validate", validate_fields, false, NULL, NULL, NULL},
    {"POST /v1/outcome", outcome_fields, false, outcome_events, NULL, outcome_needs},
    {"POST /v1/outcome illegal_move", illegal_move_fields, false, NULL, NULL, NULL},
    {"POST /v1/touch", touch_fields, false, NULL, NULL, NULL},
    {"POST /v1/touch touched[]", touched_fields, false, NULL, NULL, NULL},
    {"POST /v1/touch promotion", promotion_fields, false, NULL, NULL, NULL},
    {"POST /v1/perft", perft_fields, false, NULL, NULL, NULL},
    {"POST /v1/dead", dead_fields, false, NULL, NULL, NULL},
    {"POST /v1/pgn", pgn_fields, false, NULL, NULL, NULL},
    {"POST /v1/mate", mate_fields, false, NULL, NULL, NULL},
    {"POST /v1/games/annotate", annotate_fields, false, NULL, NULL, NULL},
    {"POST /v1/puzzles/{id}/answer", puzzle_answer_fields, false, NULL, answer_or_moves, NULL},
    {"POST /v1/lessons/{id}/steps/{n}/answer", lesson_answer_fields, false, NULL, NULL, NULL},
    {"POST /v1/lessons/preview", preview_fields, false, NULL, NULL, NULL},
    {"POST /v1/lessons/preview/answer", preview_answer_fields, false, NULL, NULL, NULL},
    /* and each parameter of the generator (GET /v1/quizzes), which the handler adds */
    {"POST /v1/quizzes", quiz_fields, true, NULL, NULL, NULL},
    {"POST /v1/quizzes/answer", quiz_answer_fields, false, NULL, NULL, NULL},
    {"POST /v1/batch", batch_fields, false, NULL, NULL, NULL},
    {"POST /v1/batch requests[]", batch_request_fields, false, NULL, NULL, NULL},
    /* GET routes: their query parameters besides lang and digits */
    {"GET /v1/lessons", lesson_list_fields, false, NULL, NULL, NULL},
    {"GET /v1/puzzles", puzzle_list_fields, false, NULL, NULL, NULL},
    {NULL, NULL, false, NULL, NULL, NULL},
};

const aj_endpoint_fields *aj_fields_of(const char *method, const char *pattern, const char *nested)
{
    size_t lm = strlen(method), lp = strlen(pattern);
    for (const aj_endpoint_fields *f = aj_fields_table; f->endpoint; f++) {
        const char *k = f->endpoint;
        if (strncmp(k, method, lm) || k[lm] != ' ' || strncmp(k + lm + 1, pattern, lp))
            continue;
        const char *rest = k + lm + 1 + lp;
        if (nested ? rest[0] == ' ' && strcmp(rest + 1, nested) == 0 : rest[0] == '\0')
            return f;
    }
    return NULL;
}

const aj_field *aj_field_find(const aj_field *fields, const char *name)
{
    for (; fields && fields->name; fields++)
        if (strcmp(fields->name, name) == 0)
            return fields;
    return NULL;
}

/* Edit distance, case-insensitive ("FEN" is one letter-case away from "fen": distance 0). */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int row[41];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = (a[i - 1] | 32) == (b[j - 1] | 32) ? 0 : 1;
            int best = diag + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static bool in_list(const char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

/* The known name closest to `name`, when it is close enough to be a typo. */
static const char *nearest(const char *name, const aj_field *known, const char *const *more, const aj_field *common)
{
    const char *best = NULL;
    int best_d = 99;
    const aj_field *lists[2] = {known, common};
    for (int l = 0; l < 2; l++)
        for (const aj_field *k = lists[l]; k && k->name; k++) {
            int d = distance(name, k->name);
            if (d < best_d) {
                best_d = d;
                best = k->name;
            }
        }
    for (const char *const *k = more; k && *k; k++) {
        int d = distance(name, *k);
        if (d < best_d) {
            best_d = d;
            best = *k;
        }
    }
    size_t len = strlen(name);
    int allowed = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    return best_d <= allowed ? best : NULL;
}

/* unknown_field for `name` (shown as `path` when nested), with the names that are known. */
static bool unknown(aj_error *e, const char *name, const char *path, const aj_field *known, const char *const *more,
                    const aj_field *common, const char *what)
{
    aj_fail(e, AJ_E_UNKNOWN_FIELD, NULL);
    snprintf(e->path, sizeof e->path, "%s", path);
    e->nearest = nearest(name, known, more, common);
    e->allowed = known;
    e->allowed_more = more;
    e->allowed_common = common;
    snprintf(e->detail, sizeof e->detail, "%s '%.60s' is not one this endpoint reads%s%s%s", what, path,
             e->nearest ? "; did you mean '" : "", e->nearest ? e->nearest : "", e->nearest ? "'?" : "");
    return false;
}

bool aj_unknown_query(aj_error *e, const char *name)
{
    return unknown(e, name, name, common_fields, NULL, NULL, "the query parameter");
}

/* A value given: present, not null, and not false (an event "agree_draw": false is none). */
static bool given(json_t *obj, const char *name)
{
    json_t *v = json_object_get(obj, name);
    return v && !json_is_null(v) && !json_is_false(v);
}

static bool is_square(const char *s)
{
    return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' && s[2] == '\0';
}

/* Writes the path of a member ("illegal_move.count", "touched[].square") into e->path. */
static void set_path(aj_error *e, const char *prefix, const char *name)
{
    snprintf(e->path, sizeof e->path, "%.40s%s%.50s", prefix ? prefix : "", prefix ? "." : "", name);
}

/* out_of_range (too_many_moves for a list of moves) for f: the limit, minimum and maximum. */
static bool out_of_range(aj_error *e, const aj_field *f, const char *prefix, const char *what)
{
    aj_fail(e, (f->flags & AJ_F_MOVE_LIST) ? AJ_E_TOO_MANY_MOVES : AJ_E_OUT_OF_RANGE, NULL);
    set_path(e, prefix, f->name);
    e->limit = f->max;
    e->has_range = true;
    e->minimum = f->min;
    e->maximum = f->max;
    snprintf(e->detail, sizeof e->detail, "%s must be from %lld to %lld%s", e->path, f->min, f->max, what);
    return false;
}

static bool invalid(aj_error *e, const aj_field *f, const char *prefix, const char *detail)
{
    aj_fail(e, AJ_E_INVALID_FIELD, NULL);
    set_path(e, prefix, f->name);
    snprintf(e->detail, sizeof e->detail, "%s %s", e->path, detail);
    return false;
}

static bool check_value(json_t *v, const aj_field *f, const char *prefix, aj_error *e);

/* The items of an array field: objects checked member by member ("touched[].square"), other
 * items by their type (strings when f->members is NULL); the index says which. */
static bool check_items(json_t *v, const aj_field *f, const char *prefix, aj_error *e)
{
    const aj_field *item = f->members;
    char sub[64];
    snprintf(sub, sizeof sub, "%.40s%s%.20s[]", prefix ? prefix : "", prefix ? "." : "", f->name);
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *x = json_array_get(v, i);
        bool ok;
        if (item && item->type == AJ_T_OBJECT && json_is_object(x))
            ok = aj_check_fields(x, item->members, NULL, sub, e);
        else if (item)
            ok = check_value(x, item, prefix, e);
        else
            ok = json_is_string(x) || invalid(e, f, prefix, "lists strings");
        if (!ok) {
            if (!(item && item->type == AJ_T_OBJECT && json_is_object(x)))
                set_path(e, prefix, f->name); /* "moves", index 3: the item itself */
            e->index = (int)i;
            return false;
        }
    }
    return true;
}

static bool check_value(json_t *v, const aj_field *f, const char *prefix, aj_error *e)
{
    static const char *const type_names[] = {
        [AJ_T_STRING] = "is a string", [AJ_T_INTEGER] = "is an integer", [AJ_T_BOOLEAN] = "is true or false",
        [AJ_T_ARRAY] = "is an array", [AJ_T_OBJECT] = "is an object",
    };
    bool typed = (f->type == AJ_T_STRING && json_is_string(v)) || (f->type == AJ_T_INTEGER && json_is_integer(v)) ||
                 (f->type == AJ_T_BOOLEAN && json_is_boolean(v)) || (f->type == AJ_T_ARRAY && json_is_array(v)) ||
                 (f->type == AJ_T_OBJECT && json_is_object(v));
    if (!typed)
        return invalid(e, f, prefix, type_names[f->type]);
    bool capped = f->max != NONE && !(f->flags & AJ_F_MAX_SETTING); /* a setting's cap is the handler's */
    switch (f->type) {
    case AJ_T_STRING: {
        const char *s = json_string_value(v);
        long long len = (long long)json_string_length(v);
        if (f->values && !in_list(f->values, s)) {
            invalid(e, f, prefix, "is one of the values listed in allowed");
            e->values = f->values;
            return false;
        }
        if ((f->flags & AJ_F_SQUARE) && !is_square(s))
            return invalid(e, f, prefix, "is a square, a1 to h8");
        if (len < f->min || (capped && len > f->max)) {
            invalid(e, f, prefix, "is too long or too short");
            e->limit = f->max;
            snprintf(e->detail, sizeof e->detail, "%s has %lld to %lld bytes", e->path, f->min, f->max);
            return false;
        }
        return true;
    }
    case AJ_T_INTEGER: {
        long long n = json_integer_value(v);
        return (n < f->min || (capped && n > f->max)) ? out_of_range(e, f, prefix, "") : true;
    }
    case AJ_T_ARRAY: {
        long long n = (long long)json_array_size(v);
        if (n < f->min)
            return invalid(e, f, prefix, "is not empty");
        if (capped && n > f->max)
            return out_of_range(e, f, prefix, " items");
        return check_items(v, f, prefix, e);
    }
    case AJ_T_OBJECT:
        if (f->members) {
            char sub[64];
            snprintf(sub, sizeof sub, "%.40s%s%.20s", prefix ? prefix : "", prefix ? "." : "", f->name);
            return aj_check_fields(v, f->members, NULL, sub, e);
        }
        return true;
    default:
        return true;
    }
}

bool aj_check_fields(json_t *obj, const aj_field *known, const char *const *more, const char *prefix, aj_error *e)
{
    const aj_field *common = prefix ? NULL : common_fields;
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        if (aj_field_find(known, key) || in_list(more, key) || aj_field_find(common, key))
            continue;
        char path[sizeof e->path];
        snprintf(path, sizeof path, "%.40s%s%.50s", prefix ? prefix : "", prefix ? "." : "", key);
        return unknown(e, key, path, known, more, common, "the field");
    }
    /* null is read as absent, as the handlers read it */
    for (int l = 0; l < 2; l++)
        for (const aj_field *f = l ? common : known; f && f->name; f++) {
            json_t *x = json_object_get(obj, f->name);
            if (x && !json_is_null(x) && !(f->flags & AJ_F_BY_HANDLER) && !check_value(x, f, prefix, e))
                return false;
        }
    for (const aj_field *f = known; f && f->name; f++)
        if ((f->flags & AJ_F_REQUIRED) && (!json_object_get(obj, f->name) || json_is_null(json_object_get(obj, f->name)))) {
            aj_fail(e, AJ_E_MISSING_FIELD, NULL);
            set_path(e, prefix, f->name);
            return false;
        }
    return true;
}

bool aj_check_body(const aj_endpoint_fields *ep, json_t *obj, const char *const *more, aj_error *e)
{
    if (!aj_check_fields(obj, ep->fields, more, NULL, e))
        return false;
    int events = 0;
    for (const char *const *k = ep->at_most_one; k && *k; k++)
        if (given(obj, *k) && ++events == 2) {
            aj_fail(e, AJ_E_CONFLICTING_FIELDS, *k);
            snprintf(e->detail, sizeof e->detail, "at most one of these fields may be given");
            e->values = ep->at_most_one;
            return false;
        }
    int chosen = 0;
    const char *second = NULL;
    for (const char *const *k = ep->one_of; k && *k; k++)
        if (given(obj, *k) && ++chosen == 2)
            second = *k;
    if (ep->one_of && chosen != 1) {
        aj_fail(e, chosen ? AJ_E_CONFLICTING_FIELDS : AJ_E_MISSING_FIELD, chosen ? second : ep->one_of[0]);
        snprintf(e->detail, sizeof e->detail, "exactly one of these fields is given");
        e->values = ep->one_of;
        return false;
    }
    for (const char *const *k = ep->needs; k && k[0] && k[1]; k += 2)
        if (given(obj, k[0]) && !given(obj, k[1])) {
            aj_fail(e, AJ_E_MISSING_FIELD, k[1]);
            snprintf(e->detail, sizeof e->detail, "%s is given only with %s", k[0], k[1]);
            return false;
        }
    return true;
}

bool aj_check_query(const aj_endpoint_fields *ep, json_t *query, aj_error *e)
{
    /* a query string holds text: an integer field's decimal digits are its number (else the text
     * stays, and the check below says the field is not an integer) */
    for (const aj_field *f = ep ? ep->fields : NULL; f && f->name; f++) {
        const char *v = f->type == AJ_T_INTEGER ? json_string_value(json_object_get(query, f->name)) : NULL;
        size_t n = v ? strspn(v, "0123456789") : 0;
        if (v && n > 0 && n <= 15 && v[n] == '\0')
            json_object_set_new(query, f->name, json_integer(strtoll(v, NULL, 10)));
    }
    if (ep ? aj_check_body(ep, query, NULL, e) : aj_check_fields(query, NULL, NULL, NULL, e))
        return true;
    if (e->code == AJ_E_UNKNOWN_FIELD) { /* said of a query parameter, not of a body field */
        char name[sizeof e->path];
        snprintf(name, sizeof name, "%s", e->path);
        unknown(e, name, name, ep ? ep->fields : NULL, NULL, common_fields, "the query parameter");
    }
    return false;
}
