/* Service endpoints: health, Prometheus metrics and the OpenAPI document (embedded at build
 * time from docs/openapi.json). */
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "reply.h"
#include "routes.h"
#include "server.h"

extern const char ad_openapi_json[], ad_openapi_json_gz[], ad_openapi_json_gz_etag[];
extern const unsigned long ad_openapi_json_len, ad_openapi_json_gz_len;

/* Health says whether this instance can serve a request now: 503 when every request slot is
 * taken (other routes would answer 503 overloaded), when the main listener has max-connections
 * open (new clients wait in the backlog: a probe on the probe listener must not say "ok" then),
 * or a polling thread is stalled. The load figures let a balancer or an operator see saturation
 * before it is reached. */
static void h_health(ad_request *r)
{
    ad_server *s = r->srv;
    const ad_lesson_set *set = r->set;
    long inflight = atomic_load(&s->inflight) - 1; /* not this probe */
    long stalled = ad_edge_stalled(&s->edge);
    long connections = atomic_load(&s->connections);
    long others = connections - (r->on_probe_listener ? 0 : 1); /* besides this probe's own */
    bool full = inflight >= s->cfg.max_inflight || others >= s->cfg.max_connections;
    bool draining = atomic_load(&s->draining); /* read once: the status and the code agree */
    /* An instance that serves no lesson, quiz or puzzle still answers every rules endpoint, so it
     * stays in the balancer (200), but it says so: "degraded" with why (the trial: "ok" with
     * nothing to teach, when --lessons pointed nowhere). */
    bool empty = !set || (set->counts[AD_LESSONS].served == 0 && set->counts[AD_QUIZZES].served == 0 &&
                          set->counts[AD_PUZZLES].served == 0);
    const char *status = draining ? "draining" : stalled ? "stalled" : full ? "overloaded" : empty ? "degraded" : "ok";
    json_t *o = json_object();
    json_object_set_new(o, "status", json_string(status));
    if (empty)
        json_object_set_new(o, "reason", json_string(!set || set->unreadable ? "lessons_unreadable" : "no_content"));
    json_object_set_new(o, "version", json_string(arb_version()));
    json_object_set_new(o, "lessons", json_integer(set ? set->counts[AD_LESSONS].served : 0));
    json_object_set_new(o, "lessons_generation", json_integer(set ? (json_int_t)set->generation : 0));
    json_object_set_new(o, "quizzes", json_integer(set ? set->counts[AD_QUIZZES].served : 0));
    json_object_set_new(o, "puzzles", json_integer(set ? set->counts[AD_PUZZLES].served : 0));
    json_t *load = json_object();
    json_object_set_new(load, "in_flight", json_integer(inflight > 0 ? inflight : 0));
    json_object_set_new(load, "max_inflight", json_integer(s->cfg.max_inflight));
    json_object_set_new(load, "uploads", json_integer(atomic_load(&s->clients.uploads)));
    json_object_set_new(load, "searches", json_integer(ad_work_searches(&s->work)));
    json_object_set_new(load, "max_searches", json_integer(s->work.search_slots));
    json_object_set_new(load, "connections", json_integer(connections));
    json_object_set_new(load, "max_connections", json_integer(s->cfg.max_connections));
    json_object_set_new(load, "stalled", json_integer(stalled));
    json_object_set_new(o, "load", load);
    /* 503: balancers and readiness probes stop sending */
    ad_reply_json(r, draining || stalled || full ? 503 : 200, o);
}

static void h_metrics(ad_request *r)
{
    ad_server *s = r->srv;
    const ad_lesson_set *set = r->set;
    ad_metrics_gauges g = {
        .inflight = atomic_load(&s->inflight),
        .searches = ad_work_searches(&s->work),
        .connections = atomic_load(&s->connections),
        .uploads = atomic_load(&s->clients.uploads),
        .uploads_over_share = atomic_load(&s->clients.over_share),
        .deadline_closes = atomic_load(&s->edge.deadline_cuts),
        .stalled = ad_edge_stalled(&s->edge),
        .lessons = set ? (unsigned long)set->counts[AD_LESSONS].served : 0,
        .quizzes = set ? (unsigned long)set->counts[AD_QUIZZES].served : 0,
        .puzzles = set ? (unsigned long)(set->counts[AD_PUZZLES].served) : 0,
        .lessons_stale = set ? (unsigned long)set->counts[AD_LESSONS].stale : 0,
        .quizzes_stale = set ? (unsigned long)set->counts[AD_QUIZZES].stale : 0,
    };
    ad_answer_cache_stats(set ? set->answers : NULL, &g.cache_entries, &g.cache_bytes);
    size_t len = 0;
    char *text = ad_metrics_render(&s->metrics, &g, &len);
    char queue[2048]; /* the search queue's own series */
    int qn = text ? ad_work_render(&s->work, queue, sizeof queue) : -1;
    char *all = qn > 0 ? realloc(text, len + (size_t)qn + 1) : NULL;
    if (!all) {
        free(text);
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    text = all;
    memcpy(text + len, queue, (size_t)qn + 1);
    len += (size_t)qn;
    ad_reply_text(r, 200, "text/plain; version=0.0.4; charset=utf-8", text, len, false);
}

static void h_openapi(ad_request *r)
{
    ad_reply_text(r, 200, "application/json", (char *)ad_openapi_json, ad_openapi_json_len, true);
    ad_reply_gzip(r, ad_openapi_json_gz, ad_openapi_json_gz_len, ad_openapi_json_gz_etag);
}

const ad_route ad_core_routes[] = {
    {"GET", "/v1/health", h_health, AD_ALWAYS | AD_LESSON_SET},
    {"GET", "/metrics", h_metrics, AD_ALWAYS | AD_LESSON_SET},
    {"GET", "/v1/openapi.json", h_openapi, AD_CACHEABLE},
    {NULL, NULL, NULL, 0},
};
