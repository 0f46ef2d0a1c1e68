/* The connection guard: every open connection's state (its request clock, the request in
 * progress), a thread that closes connections whose request is not complete by its deadline
 * (slow clients), and the stall check behind the systemd watchdog and health. */
#ifndef AD_EDGE_H
#define AD_EDGE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct req_ctx;

/* One open connection (MHD's socket context). The polling thread that owns the connection
 * writes req, req_t0 and uri_len; the guard thread reads only the atomics and fd. */
typedef struct ad_conn {
    struct ad_conn *prev, *next;
    int fd;
    atomic_uint_least64_t deadline_us;  /* request must be complete by then; 0: no deadline */
    atomic_uint_least64_t busy_since_us;/* a handler runs for this connection since; 0: none */
    atomic_bool cut;                    /* the guard has shut the socket down */
    _Atomic(const char *) busy_route;   /* the route of that handler (for the stall log) */
    uint64_t req_t0;                    /* when the request line arrived (on_uri) */
    size_t uri_len;                     /* its raw length, query included */
    struct req_ctx *req;                /* the request in progress, or NULL */
} ad_conn;

typedef struct ad_edge {
    pthread_mutex_t lock;               /* the list of connections */
    ad_conn *head;
    pthread_t thread;
    atomic_bool running, stop;
    uint64_t request_us, stall_us;      /* the deadline and the stall limit; 0: off */
    atomic_ulong deadline_cuts;         /* connections closed at their deadline */
    atomic_long stalled;                /* handlers running longer than the stall limit now */
} ad_edge;

uint64_t ad_now_us(void);

/* Starts the guard thread (request_ms: whole-request deadline, stall_ms: stall limit; 0 = off). */
bool ad_edge_start(ad_edge *e, uint64_t request_ms, uint64_t stall_ms);
/* Stops the guard thread; call after every connection is closed. */
void ad_edge_stop(ad_edge *e);

/* A new connection (fd) enters the list with its first request's clock started. */
ad_conn *ad_edge_open(ad_edge *e, int fd);
/* The connection leaves the list (before libmicrohttpd closes its socket); frees it. */
void ad_edge_close(ad_edge *e, ad_conn *c);
/* The request clock: restart it for the next request, or stop it (body complete). */
void ad_edge_restart_clock(ad_edge *e, ad_conn *c);
void ad_edge_stop_clock(ad_conn *c);
/* True when the connection's request is past its deadline. */
bool ad_edge_overdue(const ad_conn *c);
/* A handler begins or ends on this connection (stall detection). */
void ad_edge_busy(ad_conn *c, const char *route);
void ad_edge_idle(ad_conn *c);
/* Handlers running longer than the stall limit at the guard's last look. */
long ad_edge_stalled(ad_edge *e);

#endif
