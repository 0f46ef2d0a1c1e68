/* The work queue (work_queue.h): per-address lanes of waiting jobs in a ring served in turn,
 * worker threads that take the next runnable job (a search only while a search slot is free), and
 * a watchdog that ends the jobs whose wait ran out. One mutex guards it all; it is taken once when
 * a job comes, once when it starts and once when it ends, never while a job runs. */
#define _GNU_SOURCE /* gettid for a thread's own priority */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "work_queue.h"

/* Work threads yield the cores to the polling threads (health probes, cheap endpoints): a script
 * runs to a wall-clock budget whatever its share of the CPU, a probe must not wait for it. */
#define WORK_NICE 10

struct ad_lane {
    struct ad_lane *next, *prev;    /* the ring */
    ad_addr addr;
    ad_job *head, *tail;            /* its jobs, oldest first */
    long count;
};

static uint64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static bool same_addr(const ad_addr *x, const ad_addr *y)
{
    return x->len == y->len && memcmp(x->bytes, y->bytes, x->len) == 0;
}

static struct ad_lane *find_lane(ad_work_queue *q, const ad_addr *a)
{
    struct ad_lane *l = q->lanes;
    if (l)
        do {
            if (same_addr(&l->addr, a))
                return l;
            l = l->next;
        } while (l != q->lanes);
    return NULL;
}

/* A new lane takes the next turn (an address that had nothing waiting goes before those that have
 * had their turns; each address gets this once per burst, like a new flow in fair queueing). */
static struct ad_lane *add_lane(ad_work_queue *q, const ad_addr *a)
{
    struct ad_lane *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->addr = *a;
    if (!q->lanes) {
        l->next = l->prev = l;
        q->lanes = l;
    } else {
        l->next = q->lanes;
        l->prev = q->lanes->prev;
        l->prev->next = l;
        q->lanes->prev = l;
        q->lanes = l;
    }
    return l;
}

/* Frees an empty lane; the turn passes to the one after it. */
static void drop_lane(ad_work_queue *q, struct ad_lane *l)
{
    if (l->next == l) {
        q->lanes = NULL;
    } else {
        l->prev->next = l->next;
        l->next->prev = l->prev;
        if (q->lanes == l)
            q->lanes = l->next;
    }
    free(l);
}

/* Takes j (after prev, or the head) out of lane l. */
static void unlink_job(ad_work_queue *q, struct ad_lane *l, ad_job *prev, ad_job *j)
{
    if (prev)
        prev->next = j->next;
    else
        l->head = j->next;
    if (l->tail == j)
        l->tail = prev;
    j->next = NULL;
    l->count--;
    q->waiting--;
    q->waiting_searches -= j->search;
}

/* The next job to run: the oldest runnable job of the lane whose turn it is (searches only while
 * a slot is free); that lane's turn is then over. NULL if none can run. */
static ad_job *pick(ad_work_queue *q)
{
    struct ad_lane *start = q->lanes, *l = start;
    if (!l)
        return NULL;
    do {
        ad_job *prev = NULL;
        for (ad_job *j = l->head; j; prev = j, j = j->next) {
            if (j->search && q->searches >= q->search_slots)
                continue;
            unlink_job(q, l, prev, j);
            struct ad_lane *after = l->next;
            if (l->count == 0)
                drop_lane(q, l); /* the turn passes to `after` (or there are no lanes left) */
            else
                q->lanes = after;
            q->running++;
            if (j->search)
                q->searches++;
            return j;
        }
        l = l->next;
    } while (l != start);
    return NULL;
}

static void observe_wait(ad_work_queue *q, const ad_job *j, uint64_t now, bool timed_out)
{
    static const uint64_t bounds_ms[7] = {1, 5, 25, 100, 250, 1000, 5000};
    uint64_t us = now > j->since_us ? now - j->since_us : 0;
    atomic_fetch_add(&q->waited, 1);
    if (timed_out)
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

static void *work(void *arg)
{
    ad_work_queue *q = arg;
#ifdef __linux__
    setpriority(PRIO_PROCESS, (id_t)gettid(), WORK_NICE); /* Linux: a thread's own nice value */
#endif
    pthread_mutex_lock(&q->lock);
    for (;;) {
        ad_job *j;
        while (!(j = pick(q)) && !q->stopping)
            pthread_cond_wait(&q->ready, &q->lock);
        if (!j)
            break; /* stopping, and nothing left that can run */
        pthread_mutex_unlock(&q->lock);
        if (j->waited)
            observe_wait(q, j, mono_us(), false);
        j->run(j);
        /* Its thread and slot are free before the request goes back: a client that sends the
         * next search as soon as it has this answer finds the slot free. */
        pthread_mutex_lock(&q->lock);
        q->running--;
        if (j->search) {
            q->searches--;
            if (q->waiting) /* a search waiting in another lane may run now */
                pthread_cond_broadcast(&q->ready);
        }
        pthread_mutex_unlock(&q->lock);
        j->resume(j); /* j belongs to its request again */
        pthread_mutex_lock(&q->lock);
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

/* Takes the jobs whose wait ran out (all of them when stopping) out of the queue (lock held). */
static ad_job *take_expired(ad_work_queue *q, uint64_t now, bool all)
{
    ad_job *out = NULL;
    struct ad_lane *l = q->lanes;
    long lanes = 0;
    if (l)
        do
            lanes++;
        while ((l = l->next) != q->lanes);
    while (lanes-- > 0) {
        l = q->lanes;
        ad_job *prev = NULL, *j = l->head;
        while (j) {
            ad_job *next = j->next;
            if (all || j->deadline_us <= now) {
                unlink_job(q, l, prev, j);
                j->next = out;
                out = j;
            } else {
                prev = j;
            }
            j = next;
        }
        if (l->count == 0)
            drop_lane(q, l); /* q->lanes moves on to the next lane */
        else
            q->lanes = l->next;
    }
    return out;
}

static void cancel_all(ad_work_queue *q, ad_job *list, ad_job_end why)
{
    uint64_t now = mono_us();
    while (list) {
        ad_job *next = list->next; /* list belongs to its request again once resumed */
        observe_wait(q, list, now, why == AD_JOB_TIMED_OUT);
        list->cancel(list, why);
        list->resume(list);
        list = next;
    }
}

static void *watchdog(void *arg)
{
    ad_work_queue *q = arg;
    for (;;) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&q->lock);
        bool stop = q->stopping;
        ad_job *expired = q->waiting ? take_expired(q, mono_us(), false) : NULL;
        pthread_mutex_unlock(&q->lock);
        cancel_all(q, expired, AD_JOB_TIMED_OUT);
        if (stop)
            return NULL;
    }
}

bool ad_work_start(ad_work_queue *q, int threads, long search_slots, long max_waiting, long wait_ms)
{
    memset(q, 0, sizeof *q);
    q->search_slots = search_slots > 0 ? search_slots : 1;
    q->max_waiting = max_waiting;
    q->wait_ms = wait_ms;
    q->workers = calloc((size_t)(threads > 0 ? threads : 1), sizeof *q->workers);
    if (!q->workers || pthread_mutex_init(&q->lock, NULL) != 0 || pthread_cond_init(&q->ready, NULL) != 0) {
        free(q->workers);
        return false;
    }
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&q->workers[q->threads], NULL, work, q) != 0)
            break;
        q->threads++;
    }
    if (q->threads == threads && pthread_create(&q->watchdog, NULL, watchdog, q) == 0)
        q->watchdog_running = true;
    if (!q->watchdog_running) {
        ad_work_stop(q);
        return false;
    }
    return true;
}

void ad_work_stop(ad_work_queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->stopping = true;
    ad_job *all = take_expired(q, 0, true);
    pthread_cond_broadcast(&q->ready);
    pthread_mutex_unlock(&q->lock);
    cancel_all(q, all, AD_JOB_STOPPING);
    for (int i = 0; i < q->threads; i++)
        pthread_join(q->workers[i], NULL);
    if (q->watchdog_running)
        pthread_join(q->watchdog, NULL);
    q->threads = 0;
    q->watchdog_running = false;
    free(q->workers);
    q->workers = NULL;
    pthread_cond_destroy(&q->ready);
    pthread_mutex_destroy(&q->lock);
}

ad_work_verdict ad_work_submit(ad_work_queue *q, ad_job *j, uint64_t now_us)
{
    ad_job *shed = NULL;
    pthread_mutex_lock(&q->lock);
    /* It starts at once if a worker is free for it (and a slot, for a search): then it never
     * counts as waiting for the queue's bound. */
    bool at_once = q->running + q->waiting < q->threads &&
                   (!j->search || q->searches + q->waiting_searches < q->search_slots);
    struct ad_lane *mine = find_lane(q, &j->addr);
    if (q->stopping || (!at_once && q->max_waiting <= 0)) {
        pthread_mutex_unlock(&q->lock);
        return AD_WORK_FULL;
    }
    if (!at_once && q->waiting >= q->max_waiting) {
        /* Full: the address with the most waiting gives up its newest job, unless that would
         * leave it with fewer than this one's address. */
        struct ad_lane *most = q->lanes, *l = q->lanes;
        do
            if (l->count > most->count)
                most = l;
        while ((l = l->next) != q->lanes);
        if (most->count <= (mine ? mine->count : 0) + 1) {
            pthread_mutex_unlock(&q->lock);
            return AD_WORK_FULL;
        }
        ad_job *prev = NULL;
        for (shed = most->head; shed->next; prev = shed, shed = shed->next)
            ;
        unlink_job(q, most, prev, shed); /* most keeps at least one: it had more than this address + 1 */
    }
    if (!mine && !(mine = add_lane(q, &j->addr))) {
        pthread_mutex_unlock(&q->lock);
        if (shed) { /* cannot happen with a lane freed just before, but never lose a job */
            shed->cancel(shed, AD_JOB_SHED);
            shed->resume(shed);
        }
        return AD_WORK_FULL;
    }
    j->since_us = now_us;
    j->deadline_us = now_us + (uint64_t)q->wait_ms * 1000u;
    j->waited = !at_once;
    j->next = NULL;
    if (mine->tail)
        mine->tail->next = j;
    else
        mine->head = j;
    mine->tail = j;
    mine->count++;
    q->waiting++;
    q->waiting_searches += j->search;
    pthread_cond_signal(&q->ready);
    pthread_mutex_unlock(&q->lock);
    if (shed) {
        atomic_fetch_add(&q->shed, 1);
        observe_wait(q, shed, now_us, false);
        shed->cancel(shed, AD_JOB_SHED);
        shed->resume(shed);
    }
    return AD_WORK_QUEUED;
}

long ad_work_searches(ad_work_queue *q)
{
    pthread_mutex_lock(&q->lock);
    long n = q->searches;
    pthread_mutex_unlock(&q->lock);
    return n;
}

int ad_work_render(ad_work_queue *q, char *buf, size_t cap)
{
    static const char *const le[8] = {"0.001", "0.005", "0.025", "0.1", "0.25", "1", "5", "+Inf"};
    pthread_mutex_lock(&q->lock);
    long searches = q->searches, waiting = q->waiting, running = q->running;
    pthread_mutex_unlock(&q->lock);
    size_t n = 0;
    int k = snprintf(buf, cap,
                     "# HELP arbiterd_heavy_queue_length Requests (searches, scripts) waiting for a work thread.\n"
                     "# TYPE arbiterd_heavy_queue_length gauge\narbiterd_heavy_queue_length %ld\n"
                     "# HELP arbiterd_heavy_slots_busy Search slots taken.\n"
                     "# TYPE arbiterd_heavy_slots_busy gauge\narbiterd_heavy_slots_busy %ld\n"
                     "# HELP arbiterd_work_threads_busy Work threads running a request.\n"
                     "# TYPE arbiterd_work_threads_busy gauge\narbiterd_work_threads_busy %ld\n"
                     "# HELP arbiterd_heavy_queue_timeouts_total Requests that waited past heavy-wait-ms (503).\n"
                     "# TYPE arbiterd_heavy_queue_timeouts_total counter\narbiterd_heavy_queue_timeouts_total %lu\n"
                     "# HELP arbiterd_heavy_queue_shed_total Requests given up (503) to another address's when the queue was full.\n"
                     "# TYPE arbiterd_heavy_queue_shed_total counter\narbiterd_heavy_queue_shed_total %lu\n"
                     "# HELP arbiterd_heavy_queue_wait_max_seconds Longest wait for a work thread so far.\n"
                     "# TYPE arbiterd_heavy_queue_wait_max_seconds gauge\narbiterd_heavy_queue_wait_max_seconds %.6f\n"
                     "# HELP arbiterd_heavy_queue_wait_seconds Time requests waited for a work thread.\n"
                     "# TYPE arbiterd_heavy_queue_wait_seconds histogram\n",
                     waiting, searches, running, atomic_load(&q->timeouts), atomic_load(&q->shed),
                     (double)atomic_load(&q->wait_us_max) / 1e6);
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
