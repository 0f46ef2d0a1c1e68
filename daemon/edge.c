/* The connection guard (edge.h): a list of open connections and one thread that looks at it
 * every 100 ms. A connection whose request is still not complete at its deadline is answered
 * (408, or 429, written on the socket: libmicrohttpd is only reading it then) and shut down in two
 * steps, shutdown(2) only: the write side at once (the client reads the answer, then the end of
 * the stream), the read side a second later, when libmicrohttpd sees the end of the stream on its
 * own thread and closes the connection the usual way, so no state is freed behind its back.
 * Handlers running longer than the stall limit are counted, for the watchdog and health. */
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "edge.h"
#include "log.h"

uint64_t ad_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* One look at every connection: cut the overdue, count the stalled. */
static void sweep(ad_edge *e)
{
    uint64_t now = ad_now_us();
    long stalled = 0;
    const char *stalled_route = NULL;
    uint64_t longest = 0;
    pthread_mutex_lock(&e->lock);
    for (ad_conn *c = e->head; c; c = c->next) {
        uint64_t deadline = atomic_load_explicit(&c->deadline_us, memory_order_relaxed);
        uint64_t cut_at = atomic_load_explicit(&c->cut_at_us, memory_order_relaxed);
        if (deadline && now > deadline && !atomic_load_explicit(&c->cut, memory_order_relaxed)) {
            ad_edge_cut_now(e, c); /* the fd stays open until ad_edge_close: never a reused one */
        } else if (cut_at && now - cut_at >= 1000000u) {
            shutdown(c->fd, SHUT_RD); /* libmicrohttpd reads the end of the stream and closes */
            atomic_store_explicit(&c->cut_at_us, 0, memory_order_relaxed);
        }
        uint64_t busy = atomic_load_explicit(&c->busy_since_us, memory_order_relaxed);
        if (e->stall_us && busy && now > busy && now - busy > e->stall_us) {
            stalled++;
            if (now - busy > longest) {
                longest = now - busy;
                stalled_route = atomic_load_explicit(&c->busy_route, memory_order_relaxed);
            }
        }
    }
    pthread_mutex_unlock(&e->lock);
    long before = atomic_exchange(&e->stalled, stalled);
    if (stalled && !before)
        ad_log(AD_LOG_ERROR, "a polling thread has been running %s for %llu ms (stall limit %llu ms): "
                             "health answers 503 and the watchdog is not pinged",
               stalled_route ? stalled_route : "a request", (unsigned long long)(longest / 1000),
               (unsigned long long)(e->stall_us / 1000));
    else if (!stalled && before)
        ad_log(AD_LOG_WARN, "no polling thread is stalled any more");
}

static void *guard(void *arg)
{
    ad_edge *e = arg;
    while (!atomic_load(&e->stop)) {
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
        sweep(e);
    }
    return NULL;
}

bool ad_edge_start(ad_edge *e, uint64_t request_ms, uint64_t stall_ms, long retry_after, long upload_share)
{
    pthread_mutex_init(&e->lock, NULL);
    if (!ad_wire_render(&e->timeout_answer, 408, "Request Timeout", AJ_E_REQUEST_TIMEOUT, (long long)(request_ms / 1000u),
                        NULL) ||
        !ad_wire_render(&e->share_answer, 429, "Too Many Requests", AJ_E_TOO_MANY_REQUESTS, upload_share,
                        "too many request bodies still arriving from this address")) {
        ad_log(AD_LOG_ERROR, "cannot render the deadline answers");
        return false;
    }
    e->share_answer.retry_after = retry_after;
    e->request_us = request_ms * 1000u;
    e->stall_us = stall_ms * 1000u;
    atomic_store(&e->stop, false);
    if (pthread_create(&e->thread, NULL, guard, e) != 0) {
        ad_log(AD_LOG_ERROR, "cannot start the connection guard thread");
        return false;
    }
    atomic_store(&e->running, true);
    return true;
}

void ad_edge_stop(ad_edge *e)
{
    if (!atomic_load(&e->running))
        return;
    atomic_store(&e->stop, true);
    pthread_join(e->thread, NULL);
    atomic_store(&e->running, false);
}

ad_conn *ad_edge_open(ad_edge *e, int fd)
{
    ad_conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->fd = fd;
    ad_edge_restart_clock(e, c);
    pthread_mutex_lock(&e->lock);
    c->next = e->head;
    if (e->head)
        e->head->prev = c;
    e->head = c;
    pthread_mutex_unlock(&e->lock);
    return c;
}

void ad_edge_close(ad_edge *e, ad_conn *c)
{
    pthread_mutex_lock(&e->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        e->head = c->next;
    if (c->next)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&e->lock);
    free(c);
}

void ad_edge_restart_clock(ad_edge *e, ad_conn *c)
{
    atomic_store_explicit(&c->answer, NULL, memory_order_relaxed); /* nothing until a request line comes */
    atomic_store_explicit(&c->deadline_us, e->request_us ? ad_now_us() + e->request_us : 0, memory_order_relaxed);
}

void ad_edge_stop_clock(ad_conn *c)
{
    atomic_store_explicit(&c->deadline_us, 0, memory_order_relaxed);
}

void ad_edge_answer(ad_conn *c, const ad_wire_answer *a)
{
    atomic_store_explicit(&c->answer, a, memory_order_relaxed);
}

size_t ad_edge_cut_now(ad_edge *e, ad_conn *c)
{
    if (atomic_exchange(&c->cut, true))
        return 0; /* cut already */
    const ad_wire_answer *answer = atomic_load_explicit(&c->answer, memory_order_relaxed);
    size_t bytes = answer ? ad_wire_write(c->fd, answer) : 0;
    shutdown(c->fd, SHUT_WR);
    atomic_store_explicit(&c->cut_at_us, ad_now_us(), memory_order_relaxed);
    atomic_fetch_add_explicit(&e->deadline_cuts, 1, memory_order_relaxed);
    return bytes;
}

bool ad_edge_cut(const ad_conn *c)
{
    return atomic_load_explicit(&c->cut, memory_order_relaxed);
}

void ad_edge_shorten_deadline(ad_conn *c, uint64_t us)
{
    uint64_t soon = ad_now_us() + us;
    uint64_t deadline = atomic_load_explicit(&c->deadline_us, memory_order_relaxed);
    if (!deadline || soon < deadline)
        atomic_store_explicit(&c->deadline_us, soon, memory_order_relaxed);
}

bool ad_edge_overdue(const ad_conn *c)
{
    uint64_t deadline = atomic_load_explicit(&c->deadline_us, memory_order_relaxed);
    return deadline && ad_now_us() > deadline;
}

void ad_edge_busy(ad_conn *c, const char *route)
{
    atomic_store_explicit(&c->busy_route, route, memory_order_relaxed);
    atomic_store_explicit(&c->busy_since_us, ad_now_us(), memory_order_relaxed);
}

void ad_edge_idle(ad_conn *c)
{
    atomic_store_explicit(&c->busy_since_us, 0, memory_order_relaxed);
}

long ad_edge_stalled(ad_edge *e)
{
    return atomic_load_explicit(&e->stalled, memory_order_relaxed);
}
