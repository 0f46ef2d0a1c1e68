/* Service endpoints: health, Prometheus metrics and the OpenAPI document (embedded at build
 * time from docs/openapi.json). */
#include "arbiter.h"
#include "reply.h"
#include "routes.h"

extern const char ad_openapi_json[];
extern const unsigned long ad_openapi_json_len;

static void h_health(ad_request *r)
{
    ad_lesson_set *set = ad_lessons_acquire(&r->srv->lessons);
    json_t *o = json_object();
    json_object_set_new(o, "status", json_string(atomic_load(&r->srv->draining) ? "draining" : "ok"));
    json_object_set_new(o, "version", json_string(arb_version()));
    json_object_set_new(o, "lessons", json_integer(set ? set->count : 0));
    json_object_set_new(o, "lessons_generation", json_integer(set ? (json_int_t)set->generation : 0));
    ad_lessons_release(&r->srv->lessons, set);
    ad_reply_json(r, 200, o);
}

static void h_metrics(ad_request *r)
{
    ad_server *s = r->srv;
    ad_lesson_set *set = ad_lessons_acquire(&s->lessons);
    size_t len = 0, cache_entries = 0, cache_bytes = 0;
    ad_answer_cache_stats(set ? set->answers : NULL, &cache_entries, &cache_bytes);
    char *text = ad_metrics_render(&s->metrics, ad_route_label, atomic_load(&s->inflight), (long)atomic_load(&s->heavy),
                                   atomic_load(&s->connections), set ? (unsigned long)set->count : 0,
                                   cache_entries, cache_bytes, &len);
    ad_lessons_release(&s->lessons, set);
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
    {"GET", "/v1/health", h_health, AD_ALWAYS},
    {"GET", "/metrics", h_metrics, AD_ALWAYS},
    {"GET", "/v1/openapi.json", h_openapi, 0},
    {NULL, NULL, NULL, 0},
};
