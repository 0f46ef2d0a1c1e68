/* A request as handlers see it, and the route tables that name the handlers: the route and its
 * path parameters, the parsed body, the language, the lesson set held for it, the request headers
 * its reply depends on, and the reply the handler fills (reply.h makes it; the server sends it).
 * No libmicrohttpd type here: handlers never see the connection, which is what lets the endpoint
 * fuzz targets (tests/fuzz) drive them without a socket. */
#ifndef AD_REQUEST_H
#define AD_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "arbiter_json.h"

struct ad_server;     /* server.h: settings, limits, lesson sets, metrics and gauges */
struct ad_lesson_set; /* lessons.h */
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
    AD_SCRIPT = 1 << 6,         /* runs a lesson or quiz script: handled on a work thread while
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

typedef struct ad_request {
    struct ad_server *srv;      /* settings, limits, lessons, metrics (server.h) */
    const ad_route *route;
    int route_index;            /* metrics index, see routes.h */
    const char *method;
    char params[AD_MAX_PARAMS][AD_PARAM_MAX];
    int nparams;
    json_t *body;               /* parsed body (AD_BODY_JSON routes), else NULL */
    json_t *query;              /* the query parameters, name -> value (checked against the fields table) */
    struct ad_lesson_set *set;  /* the current lesson set (AD_LESSON_SET routes; may be NULL) */
    const char *lang;           /* "en", "fa" or "ar" (with a digits tag: "fa-u-nu-latn") */
    bool lang_by_header;        /* Accept-Language (or its absence) chose the language: Vary */
    bool on_probe_listener;     /* it came on the probe listener (probe-listen) */
    /* Request headers the reply depends on (NULL: absent), read by the server. */
    const char *origin;         /* Origin: the CORS grant */
    const char *if_none_match;  /* If-None-Match: 304 for a matching ETag */
    const char *accept_encoding;/* Accept-Encoding: gzip for large answers */
    const char *cors_request_headers; /* Access-Control-Request-Headers of a preflight */
    char request_id[72];        /* X-Request-Id: the client's when it is a token of at most 64 bytes, else made */
    /* The reply (reply.c fills it; the server sends it). */
    int status;
    json_t *out;                /* JSON reply, or */
    char *text;                 /* a text reply (owned unless text_static) */
    size_t text_len;
    bool text_static;
    const char *content_type;
    const char *etag;           /* a static text's strong ETag (quoted), or NULL */
    const char *gz;             /* a static text's gzip variant (embedded at build time), or NULL */
    size_t gz_len;
    const char *gz_etag;        /* its own strong ETag */
    bool localized;             /* an error whose message is in the request's language (an explanation's
                                 * text): the others are English, said by Content-Language */
    char allow[64];             /* Allow header for 405 */
    bool retry_after;           /* add Retry-After */
    bool close;                 /* add Connection: close (framing errors, deadlines) */
    bool preflight;             /* an OPTIONS preflight: allow[] holds the path's methods */
    const char *headers[AD_MAX_HEADERS][2]; /* more headers (static strings): ad_reply_header */
    char link[320];             /* a list's Link header (rel="next"), see ad_page */
    char total[24];             /* a list's X-Total-Count */
    int nheaders;
} ad_request;

#endif
