/* Search slots with a bounded wait queue (heavy_queue.h): suspended MHD connections in FIFO
 * order, handed a slot as one frees, or resumed as expired by a watchdog past their deadline. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "heavy_queue.h"

static uint64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Removes and returns the waiters past their deadline (called with the lock held). */
static ad_heavy_waiter *take_expired(ad_heavy_queue *q, uint64_t now)
{
    ad_heavy_waiter *out = NULL, **link = &q->head, *prev = NULL;
    while (*link) {
        ad_heavy_waiter *w = *link;
        if (q->stopping || w->deadline_us <= now) {
            *link = w->next;
            if (q->tail == w)
                q->tail = prev;
            q->waiting--;
            w->expired = true;
            w->next = out;
            out = w;
        } else {
            prev = w;
            link = &w->next;
        }
    }
    return out;
}

static void resume_all(ad_heavy_waiter *list)
{
    while (list) {
        ad_heavy_waiter *next = list->next; /* w belongs to its request again once resumed */
        MHD_resume_connection(list->conn);
        list = next;
    }
}

static void *watchdog(void *arg)
{
    ad_heavy_queue *q = arg;
    for (;;) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&q->lock);
        bool stop = q->stopping;
        ad_heavy_waiter *expired = q->head ? take_expired(q, mono_us()) : NULL;
        pthread_mutex_unlock(&q->lock);
        resume_all(expired);
        if (stop)
            return NULL;
    }
}

bool ad_heavy_init(ad_heavy_queue *q, long slots, long max_waiting, long wait_ms)
{
    memset(q, 0, sizeof *q);
    q->slots = slots;
    q->max_waiting = max_waiting;
    q->wait_ms = wait_ms;
    if (pthread_mutex_init(&q->lock, NULL) != 0)
        return false;
    if (max_waiting > 0) {
        if (pthread_create(&q->watchdog, NULL, watchdog, q) != 0)
            return false;
        q->watchdog_running = true;
    }
    return true;
}

void ad_heavy_shutdown(ad_heavy_queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->stopping = true;
    ad_heavy_waiter *all = take_expired(q, 0);
    pthread_mutex_unlock(&q->lock);
    resume_all(all);
    if (q->watchdog_running)
        pthread_join(q->watchdog, NULL);
    q->watchdog_running = false;
}

ad_heavy_verdict ad_heavy_acquire(ad_heavy_queue *q, ad_heavy_waiter *w, struct MHD_Connection *conn,
                                  uint64_t now_us)
{
    ad_heavy_verdict v;
    pthread_mutex_lock(&q->lock);
    if (q->busy < q->slots && !q->head) {
        q->busy++;
        v = AD_HEAVY_RUN;
    } else if (q->stopping || q->waiting >= q->max_waiting) {
        v = AD_HEAVY_FULL;
    } else {
        memset(w, 0, sizeof *w);
        w->conn = conn;
        w->since_us = now_us;
        w->deadline_us = now_us + (uint64_t)q->wait_ms * 1000u;
        if (q->tail)
            q->tail->next = w;
        else
            q->head = w;
        q->tail = w;
        q->waiting++;
        /* suspended under the lock: a release cannot resume it before it is suspended */
        MHD_suspend_connection(conn);
        v = AD_HEAVY_WAIT;
    }
    pthread_mutex_unlock(&q->lock);
    return v;
}

void ad_heavy_release(ad_heavy_queue *q)
{
    pthread_mutex_lock(&q->lock);
    ad_heavy_waiter *w = q->head;
    if (w) { /* the slot passes to the oldest waiter: busy stays */
        q->head = w->next;
        if (!q->head)
            q->tail = NULL;
        q->waiting--;
        w->granted = true;
        w->next = NULL;
    } else if (q->busy > 0) {
        q->busy--;
    }
    pthread_mutex_unlock(&q->lock);
    if (w)
        MHD_resume_connection(w->conn);
}

void ad_heavy_cancel(ad_heavy_queue *q, ad_heavy_waiter *w)
{
    bool release = false;
    pthread_mutex_lock(&q->lock);
    if (w->granted) {
        release = true;
    } else if (!w->expired) {
        for (ad_heavy_waiter **link = &q->head, *prev = NULL; *link; prev = *link, link = &(*link)->next)
            if (*link == w) {
                *link = w->next;
                if (q->tail == w)
                    q->tail = prev;
                q->waiting--;
                break;
            }
    }
    pthread_mutex_unlock(&q->lock);
    if (release)
        ad_heavy_release(q);
}

void ad_heavy_observe_wait(ad_heavy_queue *q, const ad_heavy_waiter *w, uint64_t now_us)
{
    static const uint64_t bounds_ms[7] = {1, 5, 25, 100, 250, 1000, 5000};
    uint64_t us = now_us > w->since_us ? now_us - w->since_us : 0;
    atomic_fetch_add(&q->waited, 1);
    if (w->expired)
        atomic_fetch_add(&q->timeouts, 1);
    atomic_fetch_add(&q->wait_us_sum, us);
    unsigned long max = atomic_load(&q->wait_us_max);
    while (us > max && !atomic_compare_exchange_weak(&q->wait_us_max, &max, us))
        ;
    int b = 0;
    while (b < 7 && us > bounds_ms[b] * 1000u)
        b++;
    atomic_fetch_add(&q->wait_buckets[b], 1);
}

int ad_heavy_render(ad_heavy_queue *q, char *buf, size_t cap)
{
    static const char *const le[8] = {"0.001", "0.005", "0.025", "0.1", "0.25", "1", "5", "+Inf"};
    pthread_mutex_lock(&q->lock);
    long busy = q->busy, waiting = q->waiting;
    pthread_mutex_unlock(&q->lock);
    size_t n = 0;
    int k = snprintf(buf, cap,
                     "# HELP arbiterd_heavy_queue_length Searches waiting for a slot.\n"
                     "# TYPE arbiterd_heavy_queue_length gauge\narbiterd_heavy_queue_length %ld\n"
                     "# HELP arbiterd_heavy_slots_busy Search slots taken.\n"
                     "# TYPE arbiterd_heavy_slots_busy gauge\narbiterd_heavy_slots_busy %ld\n"
                     "# HELP arbiterd_heavy_queue_timeouts_total Searches that waited past the deadline (503).\n"
                     "# TYPE arbiterd_heavy_queue_timeouts_total counter\narbiterd_heavy_queue_timeouts_total %lu\n"
                     "# HELP arbiterd_heavy_queue_wait_max_seconds Longest wait for a slot so far.\n"
                     "# TYPE arbiterd_heavy_queue_wait_max_seconds gauge\narbiterd_heavy_queue_wait_max_seconds %.6f\n"
                     "# HELP arbiterd_heavy_queue_wait_seconds Time searches waited for a slot.\n"
                     "# TYPE arbiterd_heavy_queue_wait_seconds histogram\n",
                     waiting, busy, atomic_load(&q->timeouts), (double)atomic_load(&q->wait_us_max) / 1e6);
    if (k < 0 || (size_t)k >= cap)
        return -1;
    n = (size_t)k;
    unsigned long cum = 0;
    for (int b = 0; b < 8; b++) {
        cum += atomic_load(&q->wait_buckets[b]);
        k = snprintf(buf + n, cap - n, "arbiterd_heavy_queue_wait_seconds_bucket{le=\"%s\"} %lu\n", le[b], cum);
        if (k < 0 || (size_t)k >= cap - n)
            return -1;
        n += (size_t)k;
    }
    k = snprintf(buf + n, cap - n,
                 "arbiterd_heavy_queue_wait_seconds_sum %.6f\narbiterd_heavy_queue_wait_seconds_count %lu\n",
                 (double)atomic_load(&q->wait_us_sum) / 1e6, atomic_load(&q->waited));
    if (k < 0 || (size_t)k >= cap - n)
        return -1;
    return (int)(n + (size_t)k);
}
