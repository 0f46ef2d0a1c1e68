/* arbiterd metrics: lock-free counters and a latency histogram per route, rendered as
 * Prometheus text at GET /metrics. */
#ifndef AD_METRICS_H
#define AD_METRICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AD_MAX_ROUTES 64            /* route slots; slot AD_MAX_ROUTES is "unmatched" */
#define AD_METRIC_STATUSES 16
#define AD_METRIC_BUCKETS 14

typedef struct ad_metrics {
    atomic_ulong requests[AD_MAX_ROUTES + 1][AD_METRIC_STATUSES];
    atomic_ulong latency[AD_MAX_ROUTES + 1][AD_METRIC_BUCKETS]; /* per bucket, not cumulative */
    atomic_ulong latency_us_sum[AD_MAX_ROUTES + 1];
    atomic_ulong budget_exhausted;   /* searches refused or stopped by their budget */
    atomic_ulong lesson_failures;    /* lesson scripts that failed to load or run */
    atomic_ulong quiz_failures;      /* quiz generators that failed to load or run */
    atomic_ulong puzzle_failures;    /* puzzle lines skipped on load */
    atomic_ulong reloads;            /* SIGHUP reloads done */
    atomic_ulong overload_rejections;/* 503 answers for overload */
    atomic_ulong lesson_cache_hits;  /* lesson answers served from the answer cache */
    atomic_ulong lesson_cache_misses;/* lesson answers the cache did not hold (cache on) */
    /* Names route slot i (false past the last): the router's, set by the server at start, so
     * that the /metrics handler does not call back into the router that lists its routes. */
    bool (*route_label)(int slot, const char **method, const char **pattern);
} ad_metrics;

/* Records one finished request (route slot, HTTP status, microseconds). */
void ad_metrics_observe(ad_metrics *m, int route, int status, uint64_t us);

/* The gauges of one rendering, read by the caller (server state and the current lesson set). */
typedef struct ad_metrics_gauges {
    long inflight, searches, connections;
    long uploads;                             /* request bodies still arriving */
    unsigned long uploads_over_share;         /* uploads begun past max-uploads-per-ip (short deadline) */
    unsigned long deadline_closes;            /* connections cut at their request deadline */
    long stalled;                             /* handlers past the stall limit */
    unsigned long lessons, quizzes, puzzles;  /* served by the current lesson set */
    unsigned long lessons_stale, quizzes_stale; /* of those, served as last loaded: their file now fails */
    size_t cache_entries, cache_bytes;        /* its answer cache */
} ad_metrics_gauges;

/* Renders the Prometheus text exposition, routes named by m->route_label. Returns a malloc'd
 * buffer and its length in *len, or NULL. */
char *ad_metrics_render(ad_metrics *m, const ad_metrics_gauges *g, size_t *len);

#endif
