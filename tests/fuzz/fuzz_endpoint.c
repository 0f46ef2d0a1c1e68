/* Fuzz target: one JSON endpoint of arbiterd, request body to answer, through the daemon's own
 * route table and handler (json/ parsing, the engine, the Lua lesson and quiz runtime, the
 * bundled lessons, quizzes and puzzles) without the HTTP layer. Built once per endpoint with
 * FUZZ_ROUTE, e.g. "/v1/move"; a route with "{line}" in it ("/v1/lessons/{line}/answer") takes
 * the input's first line for that part and the rest as the body.
 *
 * Invariants: every input gets an answer; it is a JSON object; errors have the documented shape
 * ({"error": {"code", "message"}} with the status of their code); nothing answers 500; and the
 * same request answered twice gives the same bytes, what lets any instance behind a balancer
 * answer any request (a repeated lesson answer comes from the answer cache). */
#include <string.h>

#include "fuzz.h"
#include "log.h"
#include "reply.h"
#include "routes.h"
#include "scratch.h"
#include "server.h"

#ifndef FUZZ_ROUTE
#error "FUZZ_ROUTE names the endpoint"
#endif
#ifndef FUZZ_LESSONS
#error "FUZZ_LESSONS names the lessons directory"
#endif

static ad_server *server(void)
{
    static ad_server srv;
    static bool ready;
    if (ready)
        return &srv;
    ad_scratch_install();
    ad_log_init(AD_LOG_WARN); /* the lesson loads are not news */
    ad_config_defaults(&srv.cfg);
    srv.cfg.perft_max_nodes = 20000; /* a search per input stays short; the budget path is fuzzed */
    srv.limits.max_moves = (int)srv.cfg.max_moves;
    srv.limits.max_depth = (int)srv.cfg.max_json_depth;
    const char *dir = getenv("ARB_FUZZ_LESSONS");
    /* The scripts' memory and instruction budgets as the daemon's defaults, but a wall clock of a
     * minute: on a loaded machine (and 20x slower under the sanitizers) the 500 ms default runs
     * out for one call and not the next, which is the machine, not the input (the campaign's one
     * finding: corpus/endpoint-quiz_answer/regress-time-budget). A slow input is caught by
     * libFuzzer's -timeout. */
    ad_script_limits slow_clock = {0, 0, 60000};
    ad_lessons_init(&srv.lessons, dir ? dir : FUZZ_LESSONS, &slow_clock);
    srv.lessons.quiz_limits = slow_clock;
    srv.lessons.cache_entries = (size_t)srv.cfg.lesson_cache_entries;
    srv.lessons.cache_bytes = (size_t)srv.cfg.lesson_cache_bytes;
    ad_load_failures failed;
    FUZZ_ASSERT(ad_lessons_reload(&srv.lessons, &failed) >= 0);
    ready = true;
    return &srv;
}

/* The request path for this input; *body and *len are what is left of it. False: not a path. */
static bool route_path(const uint8_t **body, size_t *len, char *path, size_t cap)
{
    static const char route[] = FUZZ_ROUTE;
    const char *hole = strstr(route, "{line}");
    if (!hole) {
        snprintf(path, cap, "%s", route);
        return true;
    }
    const uint8_t *nl = memchr(*body, '\n', *len);
    size_t n = nl ? (size_t)(nl - *body) : *len;
    if (n == 0 || n > AD_PARAM_MAX * 2 || memchr(*body, '\0', n))
        return false;
    snprintf(path, cap, "%.*s%.*s%s", (int)(hole - route), route, (int)n, (const char *)*body, hole + 6);
    *body += nl ? n + 1 : n;
    *len -= nl ? n + 1 : n;
    return true;
}

/* The documented shape: a JSON object; an error is {"error": {"code", "message", ...}} with the
 * status of its code; nothing answers 500. */
static void check_answer(int status, const char *text, size_t len)
{
    json_error_t jerr;
    json_t *o = json_loadb(text, len, 0, &jerr);
    FUZZ_ASSERT(o && json_is_object(o));
    if (status >= 400) {
        json_t *err = json_object_get(o, "error");
        const char *code = json_string_value(json_object_get(err, "code"));
        FUZZ_ASSERT(code && json_is_string(json_object_get(err, "message")));
        int want = 0;
        for (int c = 1; c < AJ_CODE_COUNT; c++)
            if (strcmp(aj_code_name((aj_code)c), code) == 0)
                want = aj_code_status((aj_code)c);
        FUZZ_ASSERT(want == status);
        if (status == 500)
            fprintf(stderr, "500: %.*s\n", (int)(len < 600 ? len : 600), text);
        FUZZ_ASSERT(status != 500);
    }
    json_decref(o);
}

/* Runs the handler on the body as server.c does (parse, language, lesson set, scratch window)
 * and returns the answer's bytes (malloc'd) with its status; NULL if the path is no JSON route. */
static char *answer(ad_server *s, const char *path, const uint8_t *data, size_t size, int *status, size_t *len)
{
    ad_request r = {.srv = s, .lang = "en", .route_index = AD_MAX_ROUTES};
    int slot = ad_route_find("POST", path, &r, r.allow, sizeof r.allow);
    if (slot < 0 || !(r.route->flags & AD_BODY_JSON))
        return NULL;
    bool scratch = r.route->flags & AD_SCRATCH;
    if (scratch)
        ad_scratch_begin();
    if (r.route->flags & AD_LESSON_SET)
        r.set = ad_lessons_acquire(&s->lessons);
    aj_error e;
    const char *lang = NULL;
    r.body = size ? aj_parse_body((const char *)data, size, (int)s->cfg.max_json_depth, &e) : json_object();
    if (!r.body || !aj_opt_string(r.body, "lang", &lang, &e)) {
        ad_reply_error(&r, &e);
    } else {
        if (aj_lang_pick(lang))
            r.lang = aj_lang_pick(lang);
        r.route->handler(&r);
    }
    if (r.set)
        ad_lessons_release(&s->lessons, r.set);
    FUZZ_ASSERT(r.status >= 200 && (r.out || r.text));
    FUZZ_ASSERT(strcmp(r.content_type, "application/json") == 0);
    char *text;
    if (r.out) {
        text = aj_dumps(r.out, len);
        json_decref(r.out);
    } else { /* a reply kept as bytes (the lesson answer cache) */
        text = malloc(r.text_len ? r.text_len : 1);
        FUZZ_ASSERT(text);
        memcpy(text, r.text, r.text_len);
        *len = r.text_len;
        if (!r.text_static)
            free(r.text);
    }
    FUZZ_ASSERT(text);
    if (r.body)
        json_decref(r.body);
    if (scratch)
        ad_scratch_end();
    *status = r.status;
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ad_server *s = server();
    char path[AD_PARAM_MAX * 2 + 64];
    if (!route_path(&data, &size, path, sizeof path))
        return 0;
    int status1 = 0, status2 = 0;
    size_t len1 = 0, len2 = 0;
    char *first = answer(s, path, data, size, &status1, &len1);
    if (!first)
        return 0;
    char *again = answer(s, path, data, size, &status2, &len2);
    FUZZ_ASSERT(again);
    check_answer(status1, first, len1);
    FUZZ_ASSERT(status1 == status2 && len1 == len2 && memcmp(first, again, len1) == 0);
    if (getenv("ARB_FUZZ_VERBOSE")) /* to see what a corpus reaches: replay_NAME -m 0 DIR */
        printf("%s %d %.160s\n", path, status1, first);
    free(first);
    free(again);
    return 0;
}
