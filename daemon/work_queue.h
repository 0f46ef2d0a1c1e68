/* The work queue: the requests that run off the polling threads (searches and scripts), each on a
 * work thread while its connection is suspended. One queue, one bound, one deadline, one 503:
 * - at most `threads` jobs run at once, and of those at most `search_slots` searches;
 * - waiting jobs are kept per client address and the addresses are served in turn (an address
 *   that had nothing waiting first), so one address with many jobs waiting delays another's next
 *   one by the job running now, not by all of those waiting;
 * - at most `max_waiting` jobs wait; when that is full, the address with the most waiting gives
 *   up its newest one to an address with fewer (a fair share of the queue whoever fills it);
 * - a job waits at most `wait_ms`: past it, or when the queue stops, it ends without running.
 * Jobs belong to their callers (embedded in their request); the queue only links them. */
#ifndef AD_WORK_QUEUE_H
#define AD_WORK_QUEUE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clients.h"

/* Why a job ended without running. */
typedef enum {
    AD_JOB_TIMED_OUT,   /* it waited wait_ms */
    AD_JOB_SHED,        /* the queue was full and its address had the most waiting */
    AD_JOB_STOPPING,    /* the queue is stopping (SIGTERM) */
} ad_job_end;

typedef struct ad_job {
    void (*run)(struct ad_job *);                /* makes the answer, on a work thread */
    void (*cancel)(struct ad_job *, ad_job_end); /* makes the answer instead of run, on whichever
                                                  * thread ended it */
    void (*resume)(struct ad_job *);             /* then gives the request back (its slot or thread
                                                  * already free); j may be freed from here on */
    ad_addr addr;               /* whose turn it takes */
    bool search;                /* needs one of the search slots */
    /* The queue's, while queued. */
    uint64_t since_us, deadline_us;
    bool waited;                /* it could not start when it came: its wait is observed */
    struct ad_job *next;
} ad_job;

typedef enum {
    AD_WORK_QUEUED,     /* it will run, or be cancelled */
    AD_WORK_FULL,       /* neither: the queue is full (or stopping) and this address has its share */
} ad_work_verdict;

struct ad_lane;

typedef struct ad_work_queue {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    int threads;                /* work threads started */
    long search_slots, max_waiting, wait_ms;
    long running, searches;     /* jobs running, and searches among them */
    long waiting;               /* jobs queued, and searches among them */
    long waiting_searches;
    struct ad_lane *lanes;      /* a ring of the addresses with jobs waiting; the next to serve */
    bool stopping;
    pthread_t *workers;
    pthread_t watchdog;
    bool watchdog_running;
    atomic_ulong waited, timeouts, shed; /* jobs that waited; those whose wait ran out; those shed */
    atomic_ulong wait_us_sum, wait_us_max;
    atomic_ulong wait_buckets[8];   /* waits <= 1, 5, 25, 100, 250, 1000, 5000 ms, +Inf */
} ad_work_queue;

/* Starts threads workers (nice 10: they yield the cores to the polling threads) and the watchdog;
 * false (nothing started) on failure. */
bool ad_work_start(ad_work_queue *q, int threads, long search_slots, long max_waiting, long wait_ms);
/* Cancels every waiting job (AD_JOB_STOPPING), lets the running ones finish, and joins the threads. */
void ad_work_stop(ad_work_queue *q);

/* Queues j (its run, cancel, addr and search set). On AD_WORK_FULL nothing of j is called. */
ad_work_verdict ad_work_submit(ad_work_queue *q, ad_job *j, uint64_t now_us);

/* Search slots taken now (health, metrics). */
long ad_work_searches(ad_work_queue *q);

/* Prometheus text of the queue (appended by metrics rendering): slots busy, length, waits. */
int ad_work_render(ad_work_queue *q, char *buf, size_t cap);

#endif
