/* The search slots (perft, dead, quiz batches, puzzle answers): at most `slots` run at once;
 * a request that finds them taken waits, suspended (no thread is held), in a bounded FIFO
 * queue until a slot frees or its deadline passes (then 503 + Retry-After). A slot that frees
 * goes straight to the oldest waiter. Wait times and queue length feed /metrics. */
#ifndef AD_HEAVY_QUEUE_H
#define AD_HEAVY_QUEUE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <microhttpd.h>

typedef struct ad_heavy_waiter {
    struct MHD_Connection *conn;
    uint64_t since_us, deadline_us;
    bool granted;                   /* a slot was handed over: run */
    bool expired;                   /* the deadline passed first: 503 */
    struct ad_heavy_waiter *next;
} ad_heavy_waiter;

typedef struct ad_heavy_queue {
    pthread_mutex_t lock;
    long slots, busy;               /* slots in all, and taken */
    long max_waiting, waiting;      /* queue bound (0: no queue, refuse at once), and length */
    long wait_ms;                   /* deadline of a waiter */
    ad_heavy_waiter *head, *tail;
    pthread_t watchdog;
    bool watchdog_running, stopping;
    atomic_ulong waited, timeouts;  /* requests that waited, and those whose deadline passed */
    atomic_ulong wait_us_sum, wait_us_max;
    atomic_ulong wait_buckets[8];   /* waits <= 1, 5, 25, 100, 250, 1000, 5000 ms, +Inf */
} ad_heavy_queue;

bool ad_heavy_init(ad_heavy_queue *q, long slots, long max_waiting, long wait_ms);
/* Resumes every waiter as expired and stops the watchdog (before MHD_stop_daemon). */
void ad_heavy_shutdown(ad_heavy_queue *q);

typedef enum { AD_HEAVY_RUN, AD_HEAVY_WAIT, AD_HEAVY_FULL } ad_heavy_verdict;

/* Takes a slot (RUN), or queues w for conn and suspends the connection (WAIT: it resumes with
 * w->granted or w->expired set), or neither when the queue is full (FULL). */
ad_heavy_verdict ad_heavy_acquire(ad_heavy_queue *q, ad_heavy_waiter *w, struct MHD_Connection *conn,
                                  uint64_t now_us);
/* Frees a slot: hands it to the oldest waiter (resuming it) or marks it free. */
void ad_heavy_release(ad_heavy_queue *q);
/* A waiting request that ends without running (its connection closed): out of the queue, or
 * its handed-over slot freed. */
void ad_heavy_cancel(ad_heavy_queue *q, ad_heavy_waiter *w);
/* Records how long w waited (when it ran or expired). */
void ad_heavy_observe_wait(ad_heavy_queue *q, const ad_heavy_waiter *w, uint64_t now_us);

/* Prometheus text of the queue (appended by metrics rendering): slots busy, length, waits. */
int ad_heavy_render(ad_heavy_queue *q, char *buf, size_t cap);

#endif
