/* Service endpoints: health, Prometheus metrics and the OpenAPI document (embedded at build
 * time from docs/openapi.json). */
#include "arbiter.h"
#include "reply.h"
#include "routes.h"

extern const char ad_openapi_json[];
extern const unsigned long ad_openapi_json_len;

static void h_health(ad_request *r)
{
    const ad_lesson_set *set = r->set;
    json_t *o = json_object();
    json_object_set_new(o, "status", json_string(atomic_load(&r->srv->draining) ? "draining" : "ok"));
    json_object_set_new(o, "version", json_string(arb_version()));
    json_object_set_new(o, "lessons", json_integer(set ? set->count : 0));
    json_object_set_new(o, "lessons_generation", json_integer(set ? (json_int_t)set->generation : 0));
    json_object_set_new(o, "quizzes", json_integer(set ? set->quiz_count : 0));
    json_object_set_new(o, "puzzles", json_integer(set ? set->puzzles.count : 0));
    ad_reply_json(r, 200, o);
}

static void h_metrics(ad_request *r)
{
    ad_server *s = r->srv;
    const ad_lesson_set *set = r->set;
    ad_metrics_gauges g = {
        .inflight = atomic_load(&s->inflight),
        .searches = (long)atomic_load(&s->heavy),
        .connections = atomic_load(&s->connections),
        .lessons = set ? (unsigned long)set->count : 0,
        .quizzes = set ? (unsigned long)set->quiz_count : 0,
        .puzzles = set ? (unsigned long)set->puzzles.count : 0,
        .lessons_stale = set ? (unsigned long)set->stale : 0,
        .quizzes_stale = set ? (unsigned long)set->quiz_stale : 0,
    };
    ad_answer_cache_stats(set ? set->answers : NULL, &g.cache_entries, &g.cache_bytes);
    size_t len = 0;
    char *text = ad_metrics_render(&s->metrics, ad_route_label, &g, &len);
    if (!text) {
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    ad_reply_text(r, 200, "text/plain; version=0.0.4; charset=utf-8", text, len, false);
}

static void h_openapi(ad_request *r)
{
    ad_reply_text(r, 200, "application/json", (char *)ad_openapi_json, ad_openapi_json_len, true);
}

const ad_route ad_core_routes[] = {
    {"GET", "/v1/health", h_health, AD_ALWAYS | AD_LESSON_SET},
    {"GET", "/metrics", h_metrics, AD_ALWAYS | AD_LESSON_SET},
    {"GET", "/v1/openapi.json", h_openapi, 0},
    {NULL, NULL, NULL, 0},
};
