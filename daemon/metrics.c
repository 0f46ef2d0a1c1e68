/* arbiterd metrics: relaxed atomic counters (no locks in the request path) and their rendering
 * in the Prometheus text format 0.0.4. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

static const int statuses[AD_METRIC_STATUSES] = {200, 204, 400, 404, 405, 413, 414, 415,
                                                 422, 429, 431, 500, 503, 408, 505, 0};
#define OTHER_STATUS (AD_METRIC_STATUSES - 1)
/* Upper bounds in microseconds; the last is +Inf. */
static const uint64_t bounds_us[AD_METRIC_BUCKETS - 1] = {50, 100, 250, 500, 1000, 2500, 5000,
                                                          10000, 25000, 50000, 100000, 500000, 2500000};

static int status_slot(int status)
{
    for (int i = 0; i < AD_METRIC_STATUSES && statuses[i]; i++)
        if (statuses[i] == status)
            return i;
    return OTHER_STATUS;
}

void ad_metrics_observe(ad_metrics *m, int route, int status, uint64_t us)
{
    if (route < 0 || route > AD_MAX_ROUTES)
        route = AD_MAX_ROUTES;
    atomic_fetch_add_explicit(&m->requests[route][status_slot(status)], 1, memory_order_relaxed);
    int b = 0;
    while (b < AD_METRIC_BUCKETS - 1 && us > bounds_us[b])
        b++;
    atomic_fetch_add_explicit(&m->latency[route][b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&m->latency_us_sum[route], us, memory_order_relaxed);
}

struct buf {
    char *p;
    size_t len, cap;
    int failed;
};

static void put(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct buf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
            return;
        }
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap * 2 + (size_t)n;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
}

static unsigned long get(atomic_ulong *a)
{
    return atomic_load_explicit(a, memory_order_relaxed);
}

/* Fills method and pattern of slot r; false for an unused slot. */
static bool slot_label(bool (*label)(int, const char **, const char **), int r, const char **method,
                       const char **pattern)
{
    if (r == AD_MAX_ROUTES) {
        *method = "";
        *pattern = "unmatched";
        return true;
    }
    return label && label(r, method, pattern);
}

char *ad_metrics_render(ad_metrics *m, const ad_metrics_gauges *g, size_t *len)
{
    bool (*label)(int, const char **, const char **) = m->route_label;
    struct buf b = {malloc(8192), 0, 8192, 0};
    if (!b.p)
        return NULL;
    put(&b, "# HELP arbiterd_requests_total HTTP requests answered, by route pattern and status.\n"
            "# TYPE arbiterd_requests_total counter\n");
    for (int r = 0; r <= AD_MAX_ROUTES; r++) {
        const char *method, *name;
        if (!slot_label(label, r, &method, &name))
            continue;
        for (int s = 0; s < AD_METRIC_STATUSES; s++) {
            unsigned long n = get(&m->requests[r][s]);
            if (n == 0)
                continue;
            if (s == OTHER_STATUS || !statuses[s])
                put(&b, "arbiterd_requests_total{method=\"%s\",route=\"%s\",status=\"other\"} %lu\n", method, name, n);
            else
                put(&b, "arbiterd_requests_total{method=\"%s\",route=\"%s\",status=\"%d\"} %lu\n", method, name, statuses[s], n);
        }
    }
    put(&b, "# HELP arbiterd_request_duration_seconds Time from request line to the reply queued.\n"
            "# TYPE arbiterd_request_duration_seconds histogram\n");
    for (int r = 0; r <= AD_MAX_ROUTES; r++) {
        const char *method, *name;
        if (!slot_label(label, r, &method, &name))
            continue;
        unsigned long cum = 0;
        for (int i = 0; i < AD_METRIC_BUCKETS; i++) {
            cum += get(&m->latency[r][i]);
            if (i < AD_METRIC_BUCKETS - 1)
                put(&b, "arbiterd_request_duration_seconds_bucket{method=\"%s\",route=\"%s\",le=\"%g\"} %lu\n", method, name,
                    (double)bounds_us[i] / 1e6, cum);
            else
                put(&b, "arbiterd_request_duration_seconds_bucket{method=\"%s\",route=\"%s\",le=\"+Inf\"} %lu\n", method, name, cum);
        }
        put(&b, "arbiterd_request_duration_seconds_sum{method=\"%s\",route=\"%s\"} %.6f\n", method, name,
            (double)get(&m->latency_us_sum[r]) / 1e6);
        put(&b, "arbiterd_request_duration_seconds_count{method=\"%s\",route=\"%s\"} %lu\n", method, name, cum);
    }
    put(&b, "# HELP arbiterd_requests_in_flight Requests that are in (body complete) being handled or answered.\n"
            "# TYPE arbiterd_requests_in_flight gauge\narbiterd_requests_in_flight %ld\n", g->inflight);
    put(&b, "# HELP arbiterd_uploads_in_progress Request bodies still arriving (not in flight yet).\n"
            "# TYPE arbiterd_uploads_in_progress gauge\narbiterd_uploads_in_progress %ld\n", g->uploads);
    put(&b, "# HELP arbiterd_uploads_over_share_total Uploads begun while their address had max-uploads-per-ip in progress (given 2 s, then 429).\n"
            "# TYPE arbiterd_uploads_over_share_total counter\narbiterd_uploads_over_share_total %lu\n", g->uploads_over_share);
    put(&b, "# HELP arbiterd_searches_in_flight Searches (perft, dead positions) holding a search slot.\n"
            "# TYPE arbiterd_searches_in_flight gauge\narbiterd_searches_in_flight %ld\n", g->searches);
    put(&b, "# HELP arbiterd_connections Open client connections.\n"
            "# TYPE arbiterd_connections gauge\narbiterd_connections %ld\n", g->connections);
    put(&b, "# HELP arbiterd_request_deadline_closes_total Connections closed because their request was not in by request-timeout.\n"
            "# TYPE arbiterd_request_deadline_closes_total counter\narbiterd_request_deadline_closes_total %lu\n",
        g->deadline_closes);
    put(&b, "# HELP arbiterd_stalled_handlers Requests running longer than stall-timeout-ms (hung polling threads).\n"
            "# TYPE arbiterd_stalled_handlers gauge\narbiterd_stalled_handlers %ld\n", g->stalled);
    put(&b, "# HELP arbiterd_search_budget_exhausted_total Searches stopped or refused by their CPU budget.\n"
            "# TYPE arbiterd_search_budget_exhausted_total counter\narbiterd_search_budget_exhausted_total %lu\n",
        get(&m->budget_exhausted));
    put(&b, "# HELP arbiterd_lesson_failures_total Lesson scripts that failed to load or ran out of budget.\n"
            "# TYPE arbiterd_lesson_failures_total counter\narbiterd_lesson_failures_total %lu\n",
        get(&m->lesson_failures));
    put(&b, "# HELP arbiterd_quiz_failures_total Quiz generators that failed to load or their check, or failed a request.\n"
            "# TYPE arbiterd_quiz_failures_total counter\narbiterd_quiz_failures_total %lu\n",
        get(&m->quiz_failures));
    put(&b, "# HELP arbiterd_puzzle_failures_total Puzzles refused on load: mate-file lines skipped (malformed, duplicate id) and puzzle scripts that fail their check.\n"
            "# TYPE arbiterd_puzzle_failures_total counter\narbiterd_puzzle_failures_total %lu\n",
        get(&m->puzzle_failures));
    put(&b, "# HELP arbiterd_reloads_total Reloads of the lessons directory: lessons, quizzes, puzzles (SIGHUP).\n"
            "# TYPE arbiterd_reloads_total counter\narbiterd_reloads_total %lu\n", get(&m->reloads));
    put(&b, "# HELP arbiterd_overload_rejections_total Requests answered 503 because the server was busy.\n"
            "# TYPE arbiterd_overload_rejections_total counter\narbiterd_overload_rejections_total %lu\n",
        get(&m->overload_rejections));
    put(&b, "# HELP arbiterd_lessons Lessons loaded.\n# TYPE arbiterd_lessons gauge\narbiterd_lessons %lu\n",
        g->lessons);
    put(&b, "# HELP arbiterd_quizzes Quiz generators loaded.\n# TYPE arbiterd_quizzes gauge\narbiterd_quizzes %lu\n",
        g->quizzes);
    put(&b, "# HELP arbiterd_lessons_stale Lessons served as last loaded because their file now fails its check.\n"
            "# TYPE arbiterd_lessons_stale gauge\narbiterd_lessons_stale %lu\n", g->lessons_stale);
    put(&b, "# HELP arbiterd_quizzes_stale Quiz generators served as last loaded because their file now fails.\n"
            "# TYPE arbiterd_quizzes_stale gauge\narbiterd_quizzes_stale %lu\n", g->quizzes_stale);
    put(&b, "# HELP arbiterd_puzzles Puzzles loaded.\n# TYPE arbiterd_puzzles gauge\narbiterd_puzzles %lu\n",
        g->puzzles);
    put(&b, "# HELP arbiterd_lesson_cache_hits_total Lesson answers served from the answer cache.\n"
            "# TYPE arbiterd_lesson_cache_hits_total counter\narbiterd_lesson_cache_hits_total %lu\n",
        get(&m->lesson_cache_hits));
    put(&b, "# HELP arbiterd_lesson_cache_misses_total Lesson answers run because the cache did not hold them.\n"
            "# TYPE arbiterd_lesson_cache_misses_total counter\narbiterd_lesson_cache_misses_total %lu\n",
        get(&m->lesson_cache_misses));
    put(&b, "# HELP arbiterd_lesson_cache_entries Answers held by the current lesson set's cache.\n"
            "# TYPE arbiterd_lesson_cache_entries gauge\narbiterd_lesson_cache_entries %zu\n", g->cache_entries);
    put(&b, "# HELP arbiterd_lesson_cache_bytes Bytes held by the current lesson set's cache.\n"
            "# TYPE arbiterd_lesson_cache_bytes gauge\narbiterd_lesson_cache_bytes %zu\n", g->cache_bytes);
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}
