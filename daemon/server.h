/* The server as handlers may read it (settings, limits, lesson sets, metrics and the gauges
 * health reports) and its life: start, drain, stop. libmicrohttpd's types stay opaque here; the
 * request and route types are request.h's. */
#ifndef AD_SERVER_H
#define AD_SERVER_H

#include <stdatomic.h>
#include <stdint.h>

#include "arbiter_json.h"
#include "clients.h"
#include "config.h"
#include "edge.h"
#include "lesson_set.h"
#include "metrics.h"
#include "request.h"
#include "work_queue.h"

struct MHD_Daemon;

typedef struct ad_server {
    ad_config cfg;
    struct MHD_Daemon *mhd;
    struct MHD_Daemon *probe_mhd;   /* the probe listener (probe-listen), or NULL */
    unsigned port;              /* bound port */
    unsigned probe_port;        /* the probe listener's bound port, or 0 */
    aj_limits limits;
    ad_metrics metrics;
    ad_lessons lessons;
    atomic_long inflight;       /* requests that are in (bodies complete) and not yet finished */
    atomic_long connections;    /* open on the main listener */
    atomic_long probe_connections; /* open on the probe listener */
    atomic_bool draining;       /* SIGTERM came: health answers 503 "draining" (not ready) */
    atomic_bool stopping;       /* the socket is closed: new requests get 503 shutting_down */
    ad_edge edge;               /* per-connection state, request deadlines, stall detection */
    ad_clients clients;         /* client addresses and their unfinished uploads */
    ad_work_queue work;         /* the work threads: searches and scripts, and the requests waiting */
    /* The router (routes.h ad_route_find), set by the server at start, so that POST /v1/batch
     * routes its sub-requests without calling back into the router that lists its route. */
    int (*route_find)(const char *method, const char *path, ad_request *r, char *allow, size_t allowcap);
} ad_server;

/* Starts listening (or takes the socket-activated one) and the polling threads. */
bool ad_server_start(ad_server *s);
/* Stops being ready: /v1/health answers 503 "draining" while every request is still served, so
 * a balancer's health check takes the instance out before its socket closes. */
void ad_server_begin_drain(ad_server *s);
/* Stops accepting, waits for in-flight requests (up to drain_timeout), then stops. */
void ad_server_drain_and_stop(ad_server *s);
/* The port actually bound (for --listen HOST:0), and the probe listener's (0: none). */
unsigned ad_server_port(const ad_server *s);
unsigned ad_server_probe_port(const ad_server *s);

#endif
