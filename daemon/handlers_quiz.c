/* Quiz endpoints: GET /v1/quizzes (the generators), POST /v1/quizzes (a batch of questions,
 * deterministic from generator, seed and index) and POST /v1/quizzes/answer (grading from the
 * question id alone). The generators are the quiz book of the lesson set (lessons.h), reloaded
 * with it on SIGHUP: each request holds the set it started with, whose book is read-only, and
 * every generate or grade call runs in its own Lua sandbox. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handlers_quiz.h"
#include "log.h"
#include "quiz_json.h"
#include "reply.h"
#include "routes.h"
#include "server.h"

/* The limits json/fields.c states (and docs/openapi.json with it) are the ones enforced here. */
_Static_assert(AD_QUIZ_MAX_COUNT == AJ_QUIZ_MAX_COUNT, "quiz count: fields table and handler agree");
_Static_assert(ARBL_QUIZ_SEED_MAX == (unsigned long long)AJ_INT53_MAX, "seed and index: 2^53 - 1");
_Static_assert(ARBL_ANSWER_MAX == AJ_ANSWER_MAX, "answer length: fields table and runtimes agree");

/* Replies with an API error carrying a detail line. */
static void reply_detail(ad_request *r, aj_code code, const char *field, long long limit, const char *detail)
{
    aj_error e;
    aj_fail(&e, code, field);
    e.limit = limit;
    snprintf(e.detail, sizeof e.detail, "%.159s", detail ? detail : "");
    ad_reply_error(r, &e);
}

/* 422 budget_exceeded for a quiz script that ran out of a budget: the message says it was the
 * quiz's script and, when known, which budget and its size (limit); the detail is the runtime's
 * (the script's line). Not the search's generic message: no search ran. */
static void reply_budget(ad_request *r, const arbl_book *book, arbl_budget budget, bool grading, const char *detail)
{
    aj_error e;
    aj_fail(&e, AJ_E_BUDGET_EXCEEDED, NULL);
    snprintf(e.detail, sizeof e.detail, "%.159s", detail ? detail : "");
    const arbl_limits *lim = book ? arbl_book_limits(book) : NULL;
    const char *doing = grading ? "grading the answer" : "making the questions";
    char message[200];
    if (lim && budget == ARBL_BUDGET_DEADLINE)
        e.limit = lim->deadline_ms ? lim->deadline_ms : ARBL_DEFAULT_DEADLINE_MS;
    else if (lim && budget == ARBL_BUDGET_INSTRUCTIONS)
        e.limit = lim->instructions ? (long long)lim->instructions : (long long)ARBL_DEFAULT_INSTRUCTIONS;
    else if (lim && budget == ARBL_BUDGET_MEMORY)
        e.limit = lim->memory ? (long long)lim->memory : (long long)ARBL_DEFAULT_MEMORY;
    if (e.limit >= 0)
        snprintf(message, sizeof message, "The quiz's script ran out of its %s budget (%lld%s) while %s.",
                 arbl_budget_name(budget), e.limit,
                 budget == ARBL_BUDGET_DEADLINE ? " ms" : budget == ARBL_BUDGET_MEMORY ? " bytes" : "", doing);
    else
        snprintf(message, sizeof message, "The quiz's script ran out of its budget while %s: the detail names it.",
                 doing);
    json_t *root = aj_error_json(&e, r->lang);
    json_object_set_new(json_object_get(root, "error"), "message", json_string(message));
    ad_reply_json(r, aj_code_status(AJ_E_BUDGET_EXCEEDED), root);
}

static void reply_quiz_error(ad_request *r, const arbl_book *book, arbl_quiz_error qe, arbl_budget budget,
                             const char *field, const char *message)
{
    bool grading = strcmp(field, "id") == 0;
    switch (qe) {
    case ARBL_QUIZ_UNKNOWN: reply_detail(r, AJ_E_NOT_FOUND, field, -1, message); break;
    case ARBL_QUIZ_BAD_ID:
    case ARBL_QUIZ_BAD_PARAM: reply_detail(r, AJ_E_INVALID_FIELD, field, -1, message); break;
    case ARBL_QUIZ_BAD_ANSWER: reply_detail(r, AJ_E_INVALID_FIELD, "answer", ARBL_ANSWER_MAX, message); break;
    case ARBL_QUIZ_BUDGET:
        atomic_fetch_add_explicit(&r->srv->metrics.quiz_failures, 1, memory_order_relaxed);
        reply_budget(r, book, budget, grading, message);
        ad_log(AD_LOG_WARN, "quiz: %s", message);
        break;
    default:
        atomic_fetch_add_explicit(&r->srv->metrics.quiz_failures, 1, memory_order_relaxed);
        if (budget != ARBL_BUDGET_NONE)
            reply_budget(r, book, budget, grading, message);
        else
            reply_detail(r, AJ_E_INTERNAL, NULL, -1, message);
        ad_log(AD_LOG_WARN, "quiz: %s", message);
    }
}

/* The quiz book of the set the request holds, or NULL (no quizzes). */
static const arbl_book *book_of(const ad_lesson_set *set)
{
    return set ? set->books[AD_QUIZZES] : NULL;
}

static void list_quizzes(ad_request *r, const arbl_book *book)
{
    json_t *list = json_array();
    for (int i = 0; book && i < arbl_book_count(book); i++)
        json_array_append_new(list, aj_quiz_json(arbl_book_at(book, i), r->lang));
    ad_reply_json(r, 200, json_pack("{s:o}", "quizzes", list));
}

struct batch {
    json_t *list;
    const char *generator;
    uint64_t seed;
};

static bool collect(void *ud, const arbl_question *q)
{
    struct batch *b = ud;
    return json_array_append_new(b->list, aj_question_json(q, b->generator, b->seed)) == 0;
}

/* Reads a whole-number field in [0, max]; replies and returns false when it is not one. */
static bool uint_field(ad_request *r, const char *key, long long max, bool required, long long *out)
{
    aj_error e;
    json_t *v = json_object_get(r->body, key);
    if (!v) {
        if (required)
            ad_reply_code(r, AJ_E_MISSING_FIELD, key);
        return !required;
    }
    if (!aj_opt_int(r->body, key, out, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    if (*out < 0 || *out > max) {
        char detail[96];
        snprintf(detail, sizeof detail, "%s must be from 0 to %lld", key, max);
        reply_detail(r, AJ_E_OUT_OF_RANGE, key, max, detail);
        return false;
    }
    return true;
}

static void generate_questions(ad_request *r, const arbl_book *book)
{
    aj_error e;
    const char *generator = NULL;
    if (!aj_opt_string(r->body, "generator", &generator, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    const arbl_quiz *quiz = generator && book ? arbl_book_find(book, generator) : NULL;
    /* Strict input: the request's fields and, at the top level, the generator's parameters. */
    const char *param_names[ARBL_QUIZ_MAX_PARAMS + 1] = {NULL};
    for (int i = 0; quiz && i < quiz->nparams && i < ARBL_QUIZ_MAX_PARAMS; i++)
        param_names[i] = quiz->params[i].name;
    if (!aj_check_body(aj_fields_of("POST", "/v1/quizzes", NULL), r->body, param_names, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    if (!generator) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "generator");
        return;
    }
    long long seed = 0, count = 10, index = 0;
    if (!uint_field(r, "seed", (long long)ARBL_QUIZ_SEED_MAX, true, &seed) ||
        !uint_field(r, "count", AD_QUIZ_MAX_COUNT, false, &count) ||
        !uint_field(r, "index", (long long)ARBL_QUIZ_SEED_MAX, false, &index))
        return;
    if (!quiz) {
        char detail[160];
        snprintf(detail, sizeof detail, "no quiz generator '%.48s' (GET /v1/quizzes lists them)", generator);
        reply_detail(r, AJ_E_NOT_FOUND, "generator", -1, detail);
        return;
    }
    /* Parameters: "parameters": {"difficulty": "hard"}, or "difficulty" at the top level. */
    arbl_quiz_args args;
    memset(&args, 0, sizeof args);
    char err[512];
    json_t *params = json_object_get(r->body, "parameters");
    if (params && !json_is_object(params)) {
        ad_reply_code(r, AJ_E_INVALID_FIELD, "parameters");
        return;
    }
    if (params && !aj_check_fields(params, NULL, param_names, "parameters", &e)) {
        ad_reply_error(r, &e);
        return;
    }
    for (int i = 0; i < quiz->nparams; i++) {
        json_t *nested = params ? json_object_get(params, quiz->params[i].name) : NULL;
        json_t *top = json_object_get(r->body, quiz->params[i].name);
        if (nested && top) { /* two values for one parameter: which one was meant is unknown */
            reply_detail(r, AJ_E_CONFLICTING_FIELDS, quiz->params[i].name, -1,
                         "give a parameter in 'parameters' or at the top level, not both");
            return;
        }
        json_t *v = nested ? nested : top;
        if (!v)
            continue;
        if (!json_is_string(v) || !arbl_quiz_args_set(quiz, &args, quiz->params[i].name, json_string_value(v), err,
                                                      sizeof err)) {
            /* named by its path, as every other field is (parameters.difficulty), with its values */
            aj_error pe;
            aj_fail(&pe, AJ_E_INVALID_FIELD, NULL);
            snprintf(pe.path, sizeof pe.path, "%s%.60s", nested ? "parameters." : "", quiz->params[i].name);
            snprintf(pe.detail, sizeof pe.detail, "%.150s", json_is_string(v) ? err : "parameter values are strings");
            const char *values[ARBL_QUIZ_MAX_VALUES + 1] = {NULL};
            for (int k = 0; k < quiz->params[i].nvalues && k < ARBL_QUIZ_MAX_VALUES; k++)
                values[k] = quiz->params[i].values[k];
            pe.values = values;
            ad_reply_error(r, &pe);
            return;
        }
    }
    struct batch b = {json_array(), quiz->id, (uint64_t)seed};
    arbl_quiz_error qe;
    long made = arbl_quiz_generate(book, quiz, (uint64_t)seed, (uint64_t)index, (long)count, &args, r->lang, collect,
                                   &b, &qe, err, sizeof err);
    if (made < 0) {
        json_decref(b.list);
        reply_quiz_error(r, book, qe, ARBL_BUDGET_NONE, "generator", err);
        return;
    }
    ad_reply_json(r, 200, json_pack("{s:s, s:I, s:o}", "generator", quiz->id, "seed", (json_int_t)seed,
                                    "questions", b.list));
}

static void grade_answer(ad_request *r, const arbl_book *book)
{
    aj_error e;
    const char *id = NULL, *answer = NULL;
    if (!aj_opt_string(r->body, "id", &id, &e) || !aj_opt_string(r->body, "answer", &answer, &e)) {
        ad_reply_error(r, &e);
        return;
    }
    if (!id || !answer) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, id ? "answer" : "id");
        return;
    }
    if (!book) {
        reply_detail(r, AJ_E_NOT_FOUND, "id", -1, "no quizzes are loaded");
        return;
    }
    arbl_grade *g = malloc(sizeof *g);
    if (!g) {
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    if (!arbl_quiz_grade(book, id, answer, r->lang, g))
        reply_quiz_error(r, book, g->error, g->budget, "id", g->message);
    else
        ad_reply_json(r, 200, aj_grade_json(id, g));
    free(g);
}

/* The server holds the lesson set (and so its quiz book) for the request (AD_LESSON_SET). */
static void h_list(ad_request *r) { list_quizzes(r, book_of(r->set)); }
static void h_generate(ad_request *r) { generate_questions(r, book_of(r->set)); }
static void h_answer(ad_request *r) { grade_answer(r, book_of(r->set)); }

const ad_route ad_quiz_routes[] = {
    {"GET", "/v1/quizzes", h_list, AD_LESSON_SET | AD_CACHEABLE},
    {"POST", "/v1/quizzes", h_generate, AD_BODY_JSON | AD_HEAVY | AD_LESSON_SET | AD_SCRIPT},
    {"POST", "/v1/quizzes/answer", h_answer, AD_BODY_JSON | AD_LESSON_SET | AD_SCRIPT},
    {NULL, NULL, NULL, 0},
};
