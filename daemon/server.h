/* arbiterd's core types: the server, a request as handlers see it, and route tables.
 * Handlers translate JSON <-> engine calls and answer through reply.c; nothing else. */
#ifndef AD_SERVER_H
#define AD_SERVER_H

#include <stdatomic.h>
#include <stdint.h>

#include <jansson.h>
#include <microhttpd.h>

#include "arbiter_json.h"
#include "config.h"
#include "edge.h"
#include "heavy_queue.h"
#include "lesson_set.h"
#include "metrics.h"

struct ad_request;
typedef void (*ad_handler)(struct ad_request *r);

/* Route flags. */
enum {
    AD_BODY_JSON = 1 << 0,      /* POST body: a JSON object, parsed before the handler runs */
    AD_HEAVY = 1 << 1,          /* a search: counts against max_heavy, may exhaust a budget */
    AD_ALWAYS = 1 << 2,         /* cheap probes (health, metrics): answered even when overloaded */
    AD_SCRATCH = 1 << 3,        /* body, answer and dump fit one callback and keep nothing: jansson
                                 * allocates in the thread's scratch arena (scratch.h) */
    AD_LESSON_SET = 1 << 4,     /* the handler reads r->set: the lesson set (lessons, quizzes,
                                 * puzzles) held for the request, so a reload cannot free it */
    AD_CACHEABLE = 1 << 5,      /* GET of content that changes only on reload: ETag (304 on
                                 * If-None-Match) and Cache-Control */
    AD_SCRIPT = 1 << 6,         /* runs a lesson or quiz script: handled on a script thread while
                                 * the connection is suspended, never on a polling thread */
};

/* One route: method, path pattern ("/v1/lessons/{id}/steps/{n}/answer": {x} matches one
 * segment and is captured in order), handler, flags. Tables end with a NULL method. */
typedef struct ad_route {
    const char *method;
    const char *pattern;
    ad_handler handler;
    unsigned flags;
} ad_route;

#define AD_MAX_PARAMS 4
#define AD_PARAM_MAX 128
#define AD_MAX_HEADERS 6

typedef struct ad_server {
    ad_config cfg;
    struct MHD_Daemon *mhd;
    struct MHD_Daemon *probe_mhd;   /* the probe listener (probe-listen), or NULL */
    unsigned port;              /* bound port */
    unsigned probe_port;        /* the probe listener's bound port, or 0 */
    aj_limits limits;
    long heavy_cap;
    ad_heavy_queue heavy_queue; /* the search slots and the requests waiting for one */
    ad_metrics metrics;
    ad_lessons lessons;
    atomic_long inflight, heavy, connections;
    atomic_bool draining;       /* SIGTERM came: health answers 503 "draining" (not ready) */
    atomic_bool stopping;       /* the socket is closed: new requests get 503 shutting_down */
    ad_edge edge;               /* per-connection state, request deadlines, stall detection */
    struct ad_script_pool *scripts; /* where AD_SCRIPT handlers run (NULL: on the polling thread) */
} ad_server;

/* A request as handlers see it. */
typedef struct ad_request {
    ad_server *srv;
    struct MHD_Connection *conn;
    const ad_route *route;
    int route_index;            /* metrics index, see routes.h */
    const char *method;
    char params[AD_MAX_PARAMS][AD_PARAM_MAX];
    int nparams;
    json_t *body;               /* parsed body (AD_BODY_JSON routes), else NULL */
    struct ad_lesson_set *set;  /* the current lesson set (AD_LESSON_SET routes; may be NULL) */
    const char *lang;           /* "en", "fa" or "ar" */
    /* The reply (reply.c fills it; the server sends it). */
    int status;
    json_t *out;                /* JSON reply, or */
    char *text;                 /* a text reply (owned unless text_static) */
    size_t text_len;
    bool text_static;
    const char *content_type;
    char allow[64];             /* Allow header for 405 */
    bool retry_after;           /* add Retry-After */
    bool close;                 /* add Connection: close (framing errors, deadlines) */
    bool preflight;             /* an OPTIONS preflight: allow[] holds the path's methods */
    bool lang_by_header;        /* Accept-Language (or its absence) chose the language: Vary */
    const char *headers[AD_MAX_HEADERS][2]; /* more headers (static strings): ad_reply_header */
    int nheaders;
} ad_request;

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
