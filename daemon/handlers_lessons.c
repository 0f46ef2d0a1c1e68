/* Lesson endpoints over the Lua lesson runtime (lua/lessons.h): list, one lesson with its
 * steps, and judging an answer. Each request holds the lesson set it started with, so a reload
 * (SIGHUP) never changes a request in flight; every answer runs in its own sandbox, and the
 * set's answer cache (lesson_cache.h) keeps the reply bodies of answers that ran. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lua/lessons.h"
#include "quiz_json.h"
#include "reply.h"
#include "routes.h"
#include "server.h"

static const char *const kind_names[] = {
    [ARBL_STEP_MOVE] = "move",
    [ARBL_STEP_CHOICE] = "choice",
    [ARBL_STEP_TRUE_FALSE] = "true_false",
    [ARBL_STEP_SQUARES] = "which_squares",
    [ARBL_STEP_TEXT] = "text",
};

static json_t *strings_json(char **list, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(list[i] ? list[i] : ""));
    return a;
}

static json_t *text_json(const arbl_text *t, const char *lang)
{
    return json_string(arbl_text_get(t, lang));
}

/* {"squares": [...], "arrows": [["e1", "g1"], ...]} */
static json_t *diagram_json(const arbl_diagram *d)
{
    json_t *o = json_object();
    json_object_set_new(o, "squares", strings_json(d->squares, d->nsquares));
    json_t *arrows = json_array();
    for (int i = 0; i < d->narrows; i++)
        json_array_append_new(arrows, json_pack("[ss]", d->arrow_from[i], d->arrow_to[i]));
    json_object_set_new(o, "arrows", arrows);
    return o;
}

/* The list entry: id, title, level, tags, steps (how many), rules. */
static json_t *summary_json(const arbl_lesson *l, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", json_string(l->id));
    json_object_set_new(o, "title", text_json(&l->title, lang));
    json_object_set_new(o, "level", json_string(l->level ? l->level : ""));
    json_object_set_new(o, "tags", strings_json(l->tags, l->ntags));
    json_object_set_new(o, "steps", json_integer(l->nsteps));
    json_object_set_new(o, "rules", strings_json(l->rules, l->nrules));
    return o;
}

static json_t *step_json(const arbl_step *s, int n, const char *lang)
{
    json_t *o = json_object();
    json_object_set_new(o, "n", json_integer(n));
    json_object_set_new(o, "kind", json_string(kind_names[s->kind]));
    json_object_set_new(o, "fen", json_string(s->fen ? s->fen : ARB_START_FEN));
    json_object_set_new(o, "variant", json_string(s->variant ? s->variant : "standard"));
    if (s->nmoves > 0 && s->start_fen) { /* the step's history: the moves (UCI) from start_fen to fen */
        json_object_set_new(o, "start_fen", json_string(s->start_fen));
        json_object_set_new(o, "moves", strings_json(s->moves, s->nmoves));
    }
    json_object_set_new(o, "prompt", text_json(&s->prompt, lang));
    json_t *hints = json_array();
    for (int i = 0; i < s->nhints; i++)
        json_array_append_new(hints, text_json(&s->hints[i], lang));
    json_object_set_new(o, "hints", hints);
    if (s->kind == ARBL_STEP_TEXT)
        json_object_set_new(o, "text", text_json(&s->text, lang));
    if (s->diagram.present)
        json_object_set_new(o, "diagram", diagram_json(&s->diagram));
    if (s->kind == ARBL_STEP_CHOICE) {
        json_t *choices = json_array();
        for (int i = 0; i < s->nchoices; i++) {
            json_t *c = json_object();
            json_object_set_new(c, "id", json_string(s->choices[i].id ? s->choices[i].id : ""));
            json_object_set_new(c, "text", text_json(&s->choices[i].text, lang));
            json_array_append_new(choices, c);
        }
        json_object_set_new(o, "choices", choices);
    }
    return o;
}

/* The lesson named by the first path parameter, or a 404 reply (NULL). */
static const arbl_lesson *lesson_or_404(ad_request *r, ad_lesson_set *set)
{
    const arbl_lesson *l = set && set->books[AD_LESSONS] ? arbl_book_find(set->books[AD_LESSONS], r->params[0]) : NULL;
    if (!l) {
        aj_error e;
        aj_fail(&e, AJ_E_NOT_FOUND, "id");
        snprintf(e.detail, sizeof e.detail, "no lesson '%.100s'", r->params[0]);
        ad_reply_error(r, &e);
    }
    return l;
}

/* ?level= and ?tag= (the fields table's "GET /v1/lessons"): whether the lesson is one asked for. */
static bool listed(const ad_request *r, const arbl_lesson *l)
{
    const char *level = ad_query(r, "level"), *tag = ad_query(r, "tag");
    if (level && (!l->level || strcmp(l->level, level) != 0))
        return false;
    for (int i = 0; tag && i < l->ntags; i++)
        if (strcmp(l->tags[i], tag) == 0)
            return true;
    return !tag;
}

static void h_list(ad_request *r)
{
    const ad_lesson_set *set = r->set;
    json_t *a = json_array();
    int n = set && set->books[AD_LESSONS] ? arbl_book_count(set->books[AD_LESSONS]) : 0;
    for (int i = 0; i < n; i++) /* in the order of the files' names, filtered */
        if (listed(r, arbl_book_at(set->books[AD_LESSONS], i)))
            json_array_append_new(a, summary_json(arbl_book_at(set->books[AD_LESSONS], i), r->lang));
    ad_reply_json(r, 200, a);
}

/* A lesson with its steps (GET /v1/lessons/{id}, and the coach preview). */
static json_t *lesson_json(const arbl_lesson *l, const char *lang)
{
    json_t *o = summary_json(l, lang);
    json_t *steps = json_array();
    for (int i = 0; i < l->nsteps; i++)
        json_array_append_new(steps, step_json(&l->steps[i], i + 1, lang));
    json_object_set_new(o, "steps", steps);
    return o;
}

static void h_get(ad_request *r)
{
    const arbl_lesson *l = lesson_or_404(r, r->set);
    if (l)
        ad_reply_json(r, 200, lesson_json(l, r->lang));
}

/* The step number of the path: 1..nsteps, else 0. */
static int step_number(const char *text, int nsteps)
{
    if (!*text || strlen(text) > 6)
        return 0;
    int n = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        n = n * 10 + (*p - '0');
    }
    return n >= 1 && n <= nsteps ? n : 0;
}

/* The size of the budget that ran out, as the runtime applies it (0 in the settings: default). */
static long long budget_limit(const ad_script_limits *lim, arbl_budget b)
{
    switch (b) {
    case ARBL_BUDGET_MEMORY:
        return lim->memory ? (long long)lim->memory : (long long)ARBL_DEFAULT_MEMORY;
    case ARBL_BUDGET_INSTRUCTIONS:
        return lim->instructions ? (long long)lim->instructions : (long long)ARBL_DEFAULT_INSTRUCTIONS;
    case ARBL_BUDGET_DEADLINE:
        return lim->deadline_ms ? (long long)lim->deadline_ms : (long long)ARBL_DEFAULT_DEADLINE_MS;
    default:
        return -1;
    }
}

/* The line of the lesson file the error message names ("<file>:<line>:" or "line <n>"), or 0. */
static int script_line(const char *msg, const char *file)
{
    size_t n = strlen(file);
    for (const char *p = msg; (p = strstr(p, file)); p += n)
        if (p[n] == ':' && p[n + 1] >= '0' && p[n + 1] <= '9')
            return atoi(p + n + 1);
    const char *p = strstr(msg, "line ");
    return p && p[5] >= '0' && p[5] <= '9' ? atoi(p + 5) : 0;
}

/* 500 lesson_script_failed naming the lesson, the step, the script line and the budget. */
static void reply_script_failure(ad_request *r, const arbl_lesson *l, int step, const arbl_result *res)
{
    atomic_fetch_add_explicit(&r->srv->metrics.lesson_failures, 1, memory_order_relaxed);
    const char *slash = strrchr(l->path ? l->path : "", '/');
    const char *file = slash ? slash + 1 : (l->path ? l->path : "");
    int line = script_line(res->error, file);
    aj_error e;
    aj_fail(&e, AJ_E_LESSON_SCRIPT, NULL);
    e.limit = budget_limit(&r->srv->lessons.limits, res->budget);
    json_t *root = aj_error_json(&e, r->lang);
    json_t *err = json_object_get(root, "error");
    char message[400], at[96] = "", budget[96] = "";
    if (line)
        snprintf(at, sizeof at, " at line %d of %.64s", line, file);
    if (res->budget != ARBL_BUDGET_NONE)
        snprintf(budget, sizeof budget, ": its %s budget (%lld%s) ran out", arbl_budget_name(res->budget), e.limit,
                 res->budget == ARBL_BUDGET_DEADLINE ? " ms" : res->budget == ARBL_BUDGET_MEMORY ? " bytes" : "");
    snprintf(message, sizeof message, "The script of lesson '%.64s' failed on step %d%s%s.", l->id, step, at,
             budget);
    json_object_set_new(err, "message", json_string(message));
    json_object_set_new(err, "detail", json_string(res->error));
    json_object_set_new(err, "lesson", json_string(l->id));
    json_object_set_new(err, "step", json_integer(step));
    json_object_set_new(err, "file", json_string(file));
    json_object_set_new(err, "line", line ? json_integer(line) : json_null());
    json_object_set_new(err, "budget", res->budget != ARBL_BUDGET_NONE ? json_string(arbl_budget_name(res->budget))
                                                                       : json_null());
    ad_reply_json(r, aj_code_status(AJ_E_LESSON_SCRIPT), root);
}

/* The answer of a step that ran: correct, the feedback and its explanations, the next step. */
static json_t *result_json(const arbl_lesson *l, int step, const arbl_result *res)
{
    json_t *o = json_object();
    json_object_set_new(o, "lesson", json_string(l->id));
    json_object_set_new(o, "step", json_integer(step));
    json_object_set_new(o, "correct", json_boolean(res->correct));
    json_t *fb = json_object();
    json_object_set_new(fb, "text", json_string(res->feedback));
    json_t *ex = json_array();
    for (int i = 0; i < res->nexplanations; i++)
        json_array_append_new(ex, aj_explanation_json(&res->explanations[i]));
    json_object_set_new(fb, "explanations", ex);
    json_object_set_new(o, "feedback", fb);
    json_object_set_new(o, "next", res->next > 0 ? json_integer(res->next) : json_null());
    return o;
}

/* The body's "answer": a string of at most ARBL_ANSWER_MAX bytes, else an error reply (NULL). */
static const char *answer_or_reply(ad_request *r)
{
    aj_error e;
    const char *answer = NULL;
    if (!aj_opt_string(r->body, "answer", &answer, &e)) {
        ad_reply_error(r, &e);
        return NULL;
    }
    if (!answer) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "answer");
        return NULL;
    }
    if (strlen(answer) > ARBL_ANSWER_MAX) {
        aj_fail(&e, AJ_E_INVALID_FIELD, "answer");
        e.limit = ARBL_ANSWER_MAX;
        snprintf(e.detail, sizeof e.detail, "the answer is longer than %d bytes", ARBL_ANSWER_MAX);
        ad_reply_error(r, &e);
        return NULL;
    }
    return answer;
}

static void h_answer(ad_request *r)
{
    aj_error e;
    const char *answer = answer_or_reply(r);
    if (!answer)
        return;
    ad_lesson_set *set = r->set;
    const arbl_lesson *l = lesson_or_404(r, set);
    if (!l)
        return;
    int step = step_number(r->params[1], l->nsteps);
    if (!step) {
        aj_fail(&e, AJ_E_NOT_FOUND, "n");
        snprintf(e.detail, sizeof e.detail, "lesson '%.64s' has steps 1 to %d", l->id, l->nsteps);
        ad_reply_error(r, &e);
        return;
    }
    /* Cache key: lesson, step, language and the answer as the runtime reads it. */
    char key[ARBL_ANSWER_MAX + 160], norm[ARBL_ANSWER_MAX + 1];
    size_t klen = 0;
    if (set->answers && arbl_answer_normalize(answer, norm, sizeof norm)) {
        int n = snprintf(key, sizeof key, "%.100s%c%d%c%.23s%c", l->id, 0, step, 0, r->lang, 0);
        size_t alen = strlen(norm);
        if (n > 0 && (size_t)n + alen <= sizeof key) {
            memcpy(key + n, norm, alen);
            klen = (size_t)n + alen;
        }
    }
    if (klen) {
        size_t len;
        char *body = ad_answer_cache_get(set->answers, key, klen, &len);
        if (body) {
            atomic_fetch_add_explicit(&r->srv->metrics.lesson_cache_hits, 1, memory_order_relaxed);
            ad_reply_text(r, 200, "application/json", body, len, false);
            return;
        }
        atomic_fetch_add_explicit(&r->srv->metrics.lesson_cache_misses, 1, memory_order_relaxed);
    }
    arbl_result *res = malloc(sizeof *res);
    if (!res) {
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    if (!arbl_lesson_answer(set->books[AD_LESSONS], l, step, answer, r->lang, res)) {
        reply_script_failure(r, l, step, res); /* failures are never cached */
    } else {
        json_t *o = result_json(l, step, res);
        size_t len = 0;
        char *body = klen ? aj_dumps(o, &len) : NULL;
        if (body) {
            json_decref(o);
            ad_answer_cache_put(set->answers, key, klen, body, len);
            ad_reply_text(r, 200, "application/json", body, len, false);
        } else {
            ad_reply_json(r, 200, o);
        }
    }
    free(res);
}

/* The coach preview: a lesson sent in the request ("source", the text of a lesson file), checked
 * and run like an installed one (same linter, sandbox and budgets), kept nowhere. Served only
 * with --lesson-preview; a search slot each, since checking runs every step's examples. */
#define PREVIEW_NAME "lesson.lua"

static void collect_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    json_t *o = json_object();
    json_object_set_new(o, "line", line > 0 ? json_integer(line) : json_null());
    json_object_set_new(o, "step", step > 0 ? json_integer(step) : json_null());
    json_object_set_new(o, "level", json_string(level));
    json_object_set_new(o, "message", json_string(message ? message : ""));
    json_array_append_new(ud, o);
}

/* The registry holding the request's lesson (errors and warnings appended to reports), or NULL
 * with an error reply when the preview is off or "source" is missing. *lesson is NULL when the
 * lesson failed its check. */
static arbl_book *load_preview(ad_request *r, json_t *reports, const arbl_lesson **lesson)
{
    *lesson = NULL;
    if (!r->srv->cfg.lesson_preview) {
        aj_error e;
        aj_fail(&e, AJ_E_NOT_FOUND, NULL);
        snprintf(e.detail, sizeof e.detail, "the lesson preview is off (arbiterd --lesson-preview)");
        ad_reply_error(r, &e);
        return NULL;
    }
    json_t *source = json_object_get(r->body, "source");
    if (!source) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "source");
        return NULL;
    }
    if (!json_is_string(source)) {
        ad_reply_code(r, AJ_E_INVALID_FIELD, "source");
        return NULL;
    }
    const ad_script_limits *lim = &r->srv->lessons.limits;
    arbl_limits limits = {.memory = lim->memory, .instructions = lim->instructions, .deadline_ms = lim->deadline_ms};
    arbl_book *reg = arbl_book_new(&arbl_lessons, &limits);
    if (!reg) {
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return NULL;
    }
    if (arbl_book_load_buffer(reg, PREVIEW_NAME, json_string_value(source), json_string_length(source),
                                  collect_report, reports))
        *lesson = arbl_book_at(reg, 0);
    return reg;
}

static void h_preview(ad_request *r)
{
    json_t *reports = json_array();
    const arbl_lesson *l;
    arbl_book *reg = load_preview(r, reports, &l);
    if (reg) {
        json_t *o = json_object();
        json_object_set_new(o, "valid", json_boolean(l != NULL));
        json_object_set_new(o, "errors", json_incref(reports));
        json_object_set_new(o, "lesson", l ? lesson_json(l, r->lang) : json_null());
        ad_reply_json(r, 200, o);
    }
    json_decref(reports);
    arbl_book_free(reg);
}

static void h_preview_answer(ad_request *r)
{
    aj_error e;
    long long step = 0;
    const char *answer = answer_or_reply(r);
    if (!answer)
        return;
    if (!aj_opt_int(r->body, "step", &step, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    if (!json_object_get(r->body, "step")) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "step");
        return;
    }
    json_t *reports = json_array();
    const arbl_lesson *l;
    arbl_book *reg = load_preview(r, reports, &l);
    if (reg && !l) {
        aj_fail(&e, AJ_E_INVALID_FIELD, "source");
        json_t *first = json_array_get(reports, 0);
        snprintf(e.detail, sizeof e.detail, "the lesson fails its check: %.120s",
                 first ? json_string_value(json_object_get(first, "message")) : "");
        ad_reply_error(r, &e);
    } else if (reg && (step < 1 || step > l->nsteps)) {
        aj_fail(&e, AJ_E_OUT_OF_RANGE, "step");
        e.limit = l->nsteps;
        ad_reply_error(r, &e);
    } else if (reg) {
        arbl_result *res = malloc(sizeof *res);
        if (!res)
            ad_reply_code(r, AJ_E_INTERNAL, NULL);
        else if (!arbl_lesson_answer(reg, l, (int)step, answer, r->lang, res))
            reply_script_failure(r, l, (int)step, res);
        else
            ad_reply_json(r, 200, result_json(l, (int)step, res));
        free(res);
    }
    json_decref(reports);
    arbl_book_free(reg);
}

const ad_route ad_lesson_routes[] = {
    {"POST", "/v1/lessons/preview", h_preview, AD_BODY_JSON | AD_HEAVY | AD_SCRIPT},
    {"POST", "/v1/lessons/preview/answer", h_preview_answer, AD_BODY_JSON | AD_HEAVY | AD_SCRIPT},
    {"GET", "/v1/lessons", h_list, AD_LESSON_SET | AD_CACHEABLE},
    {"GET", "/v1/lessons/{id}", h_get, AD_LESSON_SET | AD_CACHEABLE},
    {"POST", "/v1/lessons/{id}/steps/{n}/answer", h_answer, AD_BODY_JSON | AD_LESSON_SET | AD_SCRIPT},
    {NULL, NULL, NULL, 0},
};
