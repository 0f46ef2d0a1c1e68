/* Strict input: the one table of the request fields each endpoint accepts (docs/api.md's
 * "Fields" table is checked against it by tests/daemon/test_strict.py), and the check that
 * refuses any other field with unknown_field and the nearest known name. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arbiter_json.h"

#define POSITION "variant", "fen", "moves"

/* Every body may name its language; query strings may only carry these. */
static const char *const common_fields[] = {"lang", "digits", NULL};
const char *const aj_query_fields[] = {"lang", "digits", NULL};

const aj_endpoint_fields aj_fields_table[] = {
    {"POST /v1/analyze", (const char *const[]){POSITION, NULL}, false},
    {"POST /v1/move", (const char *const[]){POSITION, "move", NULL}, false},
    {"POST /v1/castling", (const char *const[]){POSITION, NULL}, false},
    {"POST /v1/validate", (const char *const[]){"fen", "variant", NULL}, false},
    {"POST /v1/outcome", (const char *const[]){POSITION, "claim", "with_move", "flag", "resign", "agree_draw",
                                               "illegal_move", "time_control", NULL}, false},
    {"POST /v1/outcome illegal_move", (const char *const[]){"offender", "count", "time_control", "limit", NULL}, false},
    {"POST /v1/touch", (const char *const[]){POSITION, "touched", "promotion", NULL}, false},
    {"POST /v1/touch touched[]", (const char *const[]){"square", NULL}, false},
    {"POST /v1/touch promotion", (const char *const[]){"square", "piece", NULL}, false},
    {"POST /v1/perft", (const char *const[]){POSITION, "depth", "divide", NULL}, false},
    {"POST /v1/dead", (const char *const[]){POSITION, "budget", NULL}, false},
    {"POST /v1/games/annotate", (const char *const[]){"pgn", NULL}, false},
    {"POST /v1/puzzles/{id}/answer", (const char *const[]){"answer", "moves", NULL}, false},
    {"POST /v1/lessons/{id}/steps/{n}/answer", (const char *const[]){"answer", NULL}, false},
    {"POST /v1/lessons/preview", (const char *const[]){"source", NULL}, false},
    {"POST /v1/lessons/preview/answer", (const char *const[]){"source", "step", "answer", NULL}, false},
    /* and each parameter of the generator (GET /v1/quizzes), so the handler checks */
    {"POST /v1/quizzes", (const char *const[]){"generator", "seed", "count", "index", "parameters", NULL}, true},
    {"POST /v1/quizzes/answer", (const char *const[]){"id", "answer", NULL}, false},
    {NULL, NULL, false},
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
static const char *nearest(const char *name, const char *const *lists[3])
{
    const char *best = NULL;
    int best_d = 99;
    for (int l = 0; l < 3; l++)
        for (const char *const *k = lists[l]; k && *k; k++) {
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

/* unknown_field for `name` (shown as `path` when nested), the known names in three lists. */
static bool unknown(aj_error *e, const char *name, const char *path, const char *const *known,
                    const char *const *more, const char *const *common, const char *what)
{
    const char *const *lists[3] = {known, more, common};
    aj_fail(e, AJ_E_UNKNOWN_FIELD, NULL);
    snprintf(e->path, sizeof e->path, "%s", path);
    e->nearest = nearest(name, lists);
    e->allowed = known;
    e->allowed_more = more;
    e->allowed_common = common;
    snprintf(e->detail, sizeof e->detail, "%s '%.60s' is not one this endpoint reads%s%s%s", what, path,
             e->nearest ? "; did you mean '" : "", e->nearest ? e->nearest : "", e->nearest ? "'?" : "");
    return false;
}

bool aj_unknown_query(aj_error *e, const char *name)
{
    return unknown(e, name, name, aj_query_fields, NULL, NULL, "the query parameter");
}

bool aj_check_fields(json_t *obj, const char *const *known, const char *const *more, const char *prefix, aj_error *e)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        if (in_list(known, key) || in_list(more, key) || (!prefix && in_list(common_fields, key)))
            continue;
        char path[sizeof e->path];
        snprintf(path, sizeof path, "%.40s%s%.50s", prefix ? prefix : "", prefix ? "." : "", key);
        return unknown(e, key, path, known, more, prefix ? NULL : common_fields, "the field");
    }
    return true;
}
