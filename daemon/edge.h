/* The connection guard: every open connection's state (its request clock, the request in
 * progress), a thread that answers and closes connections whose request is not complete by its
 * deadline (slow clients: 408, or 429 for an upload past its address's share), and the stall
 * check behind the systemd watchdog and health. */
#ifndef AD_EDGE_H
#define AD_EDGE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clients.h"
#include "wire.h"

struct req_ctx;

/* One open connection (MHD's socket context). The polling thread that owns the connection
 * writes req, req_t0 and uri_len; the guard thread reads only the atomics and fd. */
typedef struct ad_conn {
    struct ad_conn *prev, *next;
    int fd;
    ad_addr addr;                       /* the client's address */
    bool probe;                         /* on the probe listener (probe-listen) */
    atomic_uint_least64_t deadline_us;  /* request must be complete by then; 0: no deadline */
    atomic_uint_least64_t busy_since_us;/* a handler runs for this connection since; 0: none */
    atomic_bool cut;                    /* the guard has answered and shut the socket down */
    /* What the guard writes when it cuts the connection at its deadline: NULL for nothing (no
     * request line yet: an idle or preconnected connection), else 408 once a request has begun,
     * 429 for an upload past its address's share, or a parser refusal libmicrohttpd did not send. */
    _Atomic(const ad_wire_answer *) answer;
    atomic_uint_least64_t cut_at_us;    /* when it did (its read side is shut a second later) */
    _Atomic(const char *) busy_route;   /* the route of that handler (for the stall log) */
    uint64_t req_t0;                    /* when the request line arrived (on_uri) */
    const char *uri;                    /* its raw target in libmicrohttpd's buffer, before decoding */
    size_t uri_len;                     /* its raw length, query included */
    const char *target_problem;         /* why that target is refused (target.h), or NULL */
    struct req_ctx *req;                /* the request in progress, or NULL */
} ad_conn;

typedef struct ad_edge {
    pthread_mutex_t lock;               /* the list of connections */
    ad_conn *head;
    pthread_t thread;
    atomic_bool running, stop;
    uint64_t request_us, stall_us;      /* the deadline and the stall limit; 0: off */
    atomic_ulong deadline_cuts;         /* connections closed at their deadline */
    ad_wire_answer timeout_answer;      /* 408, rendered at start */
    ad_wire_answer share_answer;        /* 429, rendered at start */
    atomic_long stalled;                /* handlers running longer than the stall limit now */
} ad_edge;

uint64_t ad_now_us(void);

/* Starts the guard thread (request_ms: whole-request deadline, stall_ms: stall limit; 0 = off;
 * retry_after and upload_share go into the 429 it writes). */
bool ad_edge_start(ad_edge *e, uint64_t request_ms, uint64_t stall_ms, long retry_after, long upload_share);
/* Stops the guard thread; call after every connection is closed. */
void ad_edge_stop(ad_edge *e);

/* A new connection (fd) enters the list with its first request's clock started. */
ad_conn *ad_edge_open(ad_edge *e, int fd);
/* The connection leaves the list (before libmicrohttpd closes its socket); frees it. */
void ad_edge_close(ad_edge *e, ad_conn *c);
/* The request clock: restart it for the next request, or stop it (body complete). */
void ad_edge_restart_clock(ad_edge *e, ad_conn *c);
void ad_edge_stop_clock(ad_conn *c);
/* What the guard answers if the deadline passes now (NULL: nothing). */
void ad_edge_answer(ad_conn *c, const ad_wire_answer *a);
/* Cuts the connection now as the guard does at its deadline (the answer, then the write side shut;
 * the read side a second later); returns the answer's body bytes written (0: none, or cut already).
 * libmicrohttpd 0.9.75 cannot queue an answer while a body is arriving, hence the socket. */
size_t ad_edge_cut_now(ad_edge *e, ad_conn *c);
/* Whether the guard has cut the connection (the access handler then closes it at once). */
bool ad_edge_cut(const ad_conn *c);
/* Brings the request's deadline forward to at most us from now. */
void ad_edge_shorten_deadline(ad_conn *c, uint64_t us);
/* True when the connection's request is past its deadline. */
bool ad_edge_overdue(const ad_conn *c);
/* A handler begins or ends on this connection (stall detection). */
void ad_edge_busy(ad_conn *c, const char *route);
void ad_edge_idle(ad_conn *c);
/* Handlers running longer than the stall limit at the guard's last look. */
long ad_edge_stalled(ad_edge *e);

#endif
