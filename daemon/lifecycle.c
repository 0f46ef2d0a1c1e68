/* One request's life (lifecycle.h), kept as one state per request:
 *
 *   headers in ── admit ──► RECEIVING ── body complete ──► ready ──┬─ a cheap route: run here ──► REPLIED
 *                  │            │                                  └─ ARMED ─► QUEUED ─► DONE ─► REPLIED
 *                  │            └─ body over max-body ─► DISCARDING
 *                  ├─ refused, body within bounds ─► DISCARDING ── body read and dropped ──► REPLIED
 *                  └─ refused, and the connection must close ─► REPLIED (an early answer)
 *   libmicrohttpd's own parser refuses it, in any state ─► REFUSED
 *
 * An answer queued in the first call is "early": libmicrohttpd then drops the rest of the request
 * and closes the connection. That is right when the body's end is unknown (framing), too large to
 * read, or the client must go away (overload); any other refusal waits for the end of the body
 * (read and dropped, at most max-body) so that the connection stays open for the next request.
 *
 * A search or a script runs on a work thread (work_queue.h) while its connection is suspended: it
 * waits in the queue, runs, and the work thread (or the queue, answering 503 when the wait runs out)
 * makes the answer and resumes the connection; one suspension, one bound, one 503. It goes through
 * ARMED first, one round without an answer, so that when libmicrohttpd resumes the connection it
 * does not read the socket first: a client that half-closed after its request (shutdown(SHUT_WR))
 * would be read as gone, and its answer dropped.
 *
 * What a request holds (an upload of its address, a place among the requests in flight) is
 * released in request_end, whichever way it ends: its completion, the connection's close, a
 * refusal. Per-connection state (edge.c) outlives every request on the connection, so a
 * request that libmicrohttpd drops without its completion callback is finished when the
 * connection closes: nothing a client sends leaves state behind. Bodies still arriving never
 * count against max-inflight, which is for requests that are in: they count per address
 * (clients.h), so a client that trickles uploads cannot take the slots of ready requests. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <unistd.h>

#include "framing.h"
#include "lifecycle.h"
#include "log.h"
#include "refusals.h"
#include "reply.h"
#include "routes.h"
#include "scratch.h"
#include "send.h"
#include "target.h"

/* How long a body may take when its address already has its share of uploads in progress. */
#define AD_UPLOAD_GRACE_MS 2000u

enum req_state {
    RQ_RECEIVING,   /* admitted: the body (if any) is arriving */
    RQ_DISCARDING,  /* the answer is decided; the body is read and dropped (bounded) */
    RQ_ARMED,       /* in, to run on a work thread: one round without an answer before suspending */
    RQ_QUEUED,      /* suspended, in the work queue or running there; the queue sets RQ_DONE */
    RQ_DONE,        /* the answer is made: send it */
    RQ_REPLIED,     /* the answer is queued */
    RQ_REFUSED,     /* libmicrohttpd's parser refused it (refusals.c answered) */
};

/* What a request holds, released in request_end. */
enum {
    HOLD_UPLOAD = 1 << 0,   /* an unfinished upload of its address (clients.h) */
    HOLD_INFLIGHT = 1 << 1, /* a place among the requests in flight (max-inflight) */
};

/* Per-request state, made on the first access-handler call (headers read) and freed on
 * completion, or when the connection closes if libmicrohttpd never completed the request. */
struct req_ctx {
    ad_request req;
    struct MHD_Connection *conn;
    ad_conn *cc;
    atomic_int state;          /* enum req_state; a work thread sets RQ_DONE */
    unsigned holds;
    bool over_share;           /* its address had max-uploads-per-ip bodies arriving already */
    uint64_t t0;
    size_t uri_len;
    ad_job job;                /* its turn in the work queue (searches, scripts) */
    char *body;
    size_t len, cap, discarded;
    char path[160];
    char method[12];
    long bytes;
};

static ad_conn *conn_state(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci ? ci->socket_context : NULL;
}

static int state_of(struct req_ctx *c)
{
    return atomic_load_explicit(&c->state, memory_order_acquire);
}

static void set_state(struct req_ctx *c, enum req_state st)
{
    atomic_store_explicit(&c->state, (int)st, memory_order_release);
}

/* The request line has arrived: note when, and its raw length. Nothing is allocated or counted
 * here: libmicrohttpd may still drop the request (e.g. too many query arguments for its pool)
 * without calling the access handler or the completion callback. */
void *ad_on_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
    ad_server *s = cls;
    ad_conn *cc = conn_state(conn);
    if (cc) {
        if (!uri) /* "GET " with nothing after it: libmicrohttpd passes no target */
            uri = "";
        cc->req_t0 = ad_now_us();
        cc->uri = uri;
        cc->uri_len = strlen(uri);
        cc->target_problem = ad_target_problem(uri, cc->uri_len);
        ad_edge_answer(cc, &s->edge.timeout_answer); /* a request has begun: 408 if not in by its deadline */
    }
    return NULL;
}

/* The first access-handler call: from here on the completion callback (or the connection's
 * close) finishes the request. */
static struct req_ctx *request_begin(ad_server *s, struct MHD_Connection *conn)
{
    struct req_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->conn = conn;
    c->cc = conn_state(conn);
    c->t0 = c->cc && c->cc->req_t0 ? c->cc->req_t0 : ad_now_us();
    c->uri_len = c->cc ? c->cc->uri_len : 0;
    if (c->cc)
        c->cc->req = c;
    c->req.srv = s;
    c->req.route_index = AD_MAX_ROUTES;
    c->req.lang = "en";
    atomic_init(&c->state, RQ_RECEIVING);
    return c;
}

static void hold_inflight(struct req_ctx *c)
{
    atomic_fetch_add_explicit(&c->req.srv->inflight, 1, memory_order_relaxed);
    c->holds |= HOLD_INFLIGHT;
}

static void release_upload(struct req_ctx *c)
{
    if (c->holds & HOLD_UPLOAD) {
        ad_clients_upload_end(&c->req.srv->clients, &c->cc->addr);
        c->holds &= ~(unsigned)HOLD_UPLOAD;
    }
}

static void request_end(ad_server *s, struct req_ctx *c, bool completed)
{
    uint64_t us = ad_now_us() - c->t0;
    int st = state_of(c);
    int status = st == RQ_REPLIED || st == RQ_REFUSED ? c->req.status : 0;
    bool cut = c->cc && ad_edge_cut(c->cc);
    const ad_wire_answer *guard = cut ? atomic_load(&c->cc->answer) : NULL;
    if (!status && guard) /* the guard answered it at its deadline */
        status = guard->status;
    ad_metrics_observe(&s->metrics, c->req.route_index, status, us);
    if (ad_log_level() >= AD_LOG_INFO) /* ad_log escapes what the client wrote (path, method) */
        ad_log(AD_LOG_INFO, "%s %s %d %lluus %ldB%s id=%s", c->method[0] ? c->method : "-",
               c->path[0] ? c->path : "-", status, (unsigned long long)us, c->bytes > 0 ? c->bytes : 0,
               st == RQ_REFUSED ? " (refused by the HTTP parser)"
               : cut            ? " (cut at its deadline)"
               : completed      ? ""
                                : " (aborted)",
               c->req.request_id[0] ? c->req.request_id : "-");
    release_upload(c);
    if (c->cc) {
        c->cc->req = NULL;
        c->cc->req_t0 = 0;
        c->cc->uri = NULL;
        c->cc->target_problem = NULL;
        ad_edge_idle(c->cc);
    }
    if (c->req.out)
        json_decref(c->req.out);
    if (c->req.body)
        json_decref(c->req.body);
    if (c->req.query)
        json_decref(c->req.query);
    if (c->req.text && !c->req.text_static)
        free(c->req.text);
    bool inflight = c->holds & HOLD_INFLIGHT;
    free(c->body);
    free(c);
    if (inflight)
        atomic_fetch_sub_explicit(&s->inflight, 1, memory_order_release);
}

void ad_on_completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    ad_server *s = cls;
    struct req_ctx *c = *con_cls;
    ad_conn *cc = conn_state(conn);
    if (cc) /* the next request on this connection starts its clock now */
        ad_edge_restart_clock(&s->edge, cc);
    if (!c)
        return;
    *con_cls = NULL;
    request_end(s, c, toe == MHD_REQUEST_TERMINATED_COMPLETED_OK);
}

/* Request ids made here: a per-process random start, then a counter through a 64-bit mix, so ids
 * are unique within the process and unlikely to repeat across processes. */
static uint64_t id_seed;
static atomic_uint_least64_t id_counter;

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* The client's X-Request-Id when it is a token of at most 64 bytes (letters, digits and
 * "-._~:+/=@"), else one made here (16 hex digits). */
static void request_id(ad_request *r, const char *given)
{
    size_t n = given ? strspn(given, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:+/=@") : 0;
    if (n > 0 && n <= 64 && given[n] == '\0') {
        memcpy(r->request_id, given, n + 1);
        return;
    }
    uint64_t k = atomic_fetch_add_explicit(&id_counter, 1, memory_order_relaxed);
    uint64_t v = mix64(id_seed + k);
    for (int i = 15; i >= 0; i--, v >>= 4) /* "%016llx" without printf: this runs on every request */
        r->request_id[i] = "0123456789abcdef"[v & 15];
    r->request_id[16] = '\0';
}

/* libmicrohttpd's parser refused the connection's request and refusals.c answered it (bytes) or
 * not (0); the library closes the connection next. A request arbiterd already holds (its
 * body was being read) is finished by that close with this status; one it never saw is logged
 * and counted here, unrouted. */
static ad_server *refusing_server; /* set once before the daemons start */

static bool holds_request(struct MHD_Connection *conn)
{
    ad_conn *cc = conn_state(conn);
    return cc && cc->req;
}

static void on_refused(struct MHD_Connection *conn, int status, size_t bytes)
{
    ad_conn *cc = conn_state(conn);
    if (cc && cc->req) {
        set_state(cc->req, RQ_REFUSED);
        cc->req->req.status = status;
        cc->req->bytes = (long)bytes;
        return;
    }
    if (cc) {
        /* libmicrohttpd 0.9.75 sends its answer and closes, except for a request line with more
         * query arguments than its pool holds, where it waits for more of the request: if the
         * connection is still open in a second, the guard writes the answer and closes it. */
        ad_edge_answer(cc, ad_refusal_answer(status));
        ad_edge_shorten_deadline(cc, 1000000u);
    }
    uint64_t us = cc && cc->req_t0 ? ad_now_us() - cc->req_t0 : 0;
    ad_metrics_observe(&refusing_server->metrics, AD_MAX_ROUTES, status, us);
    if (ad_log_level() >= AD_LOG_INFO)
        ad_log(AD_LOG_INFO, "- - %d %lluus %zuB (refused by the HTTP parser)", status, (unsigned long long)us, bytes);
}

bool ad_lifecycle_init(ad_server *s)
{
    refusing_server = s;
    unsigned char seed[8];
    if (getrandom(seed, sizeof seed, GRND_NONBLOCK) == (ssize_t)sizeof seed)
        memcpy(&id_seed, seed, sizeof id_seed);
    else
        id_seed = mix64((uint64_t)getpid() << 32 ^ ad_now_us());
    return ad_refusals_init(&s->cfg, (ad_refusal_hooks){holds_request, on_refused});
}

void ad_on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                      enum MHD_ConnectionNotificationCode toe)
{
    ad_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *ai = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        ad_conn *cc = ci ? ad_edge_open(&s->edge, ci->connect_fd) : NULL;
        const union MHD_ConnectionInfo *di = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_DAEMON);
        if (cc) {
            cc->addr = ad_addr_of(ai ? ai->client_addr : NULL);
            cc->probe = s->probe_mhd && di && di->daemon == s->probe_mhd;
        }
        *socket_context = cc;
        atomic_fetch_add_explicit(cc && cc->probe ? &s->probe_connections : &s->connections, 1, memory_order_relaxed);
        return;
    }
    ad_conn *cc = *socket_context;
    bool probe = cc && cc->probe;
    if (cc) {
        if (cc->req) /* libmicrohttpd closed the connection without completing its request */
            request_end(s, cc->req, false);
        ad_edge_close(&s->edge, cc);
        *socket_context = NULL;
    }
    atomic_fetch_sub_explicit(probe ? &s->probe_connections : &s->connections, 1, memory_order_relaxed);
}

static enum MHD_Result add_header_size(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    size_t *sum = cls;
    *sum += strlen(key) + (value ? strlen(value) : 0) + 4;
    return MHD_YES;
}

static bool is_json_type(const char *ct)
{
    static const char json[] = "application/json";
    size_t n = sizeof json - 1;
    if (strncasecmp(ct, json, n) == 0 && (ct[n] == '\0' || ct[n] == ';' || ct[n] == ' '))
        return true;
    /* application/<anything>+json */
    const char *semi = strchr(ct, ';');
    size_t len = semi ? (size_t)(semi - ct) : strlen(ct);
    while (len && ct[len - 1] == ' ')
        len--;
    return strncasecmp(ct, "application/", 12) == 0 && len > 17 && strncasecmp(ct + len - 5, "+json", 5) == 0;
}

/* The language before the body is read: ?lang=, then Accept-Language. */
static const char *header_lang(struct MHD_Connection *conn)
{
    const char *q = aj_lang_pick(MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "lang"));
    if (q)
        return q;
    const char *h = aj_lang_pick(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_LANGUAGE));
    const char *lang = h ? h : "en";
    /* ?digits=latin|native: a bad value is refused once the body is read (prepare_body) */
    const char *d = aj_lang_digits(lang, MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "digits"));
    return d ? d : lang;
}

static enum MHD_Result send_reply(struct req_ctx *c)
{
    set_state(c, RQ_REPLIED);
    c->bytes = ad_send(c->conn, &c->req);
    return c->bytes >= 0 ? MHD_YES : MHD_NO;
}

/* An error answer made now (the request's own metrics and log follow at its end). */
static void make_error(struct req_ctx *c, aj_code code, const char *field, long long limit, const char *detail)
{
    aj_error e;
    aj_fail(&e, code, field);
    e.limit = limit;
    if (detail)
        snprintf(e.detail, sizeof e.detail, "%s", detail);
    if (code == AJ_E_OVERLOADED)
        atomic_fetch_add_explicit(&c->req.srv->metrics.overload_rejections, 1, memory_order_relaxed);
    ad_reply_error(&c->req, &e);
}

static enum MHD_Result fail(struct req_ctx *c, aj_code code, const char *field, long long limit)
{
    make_error(c, code, field, limit, NULL);
    return send_reply(c);
}

/* Collects the query parameters (the first of a repeated name) into a JSON object. */
static enum MHD_Result collect_query(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    if (!json_object_get(cls, key))
        json_object_set_new(cls, key, value ? json_string(value) : json_string(""));
    return MHD_YES;
}

/* Whether the request says a body follows: a Content-Length above 0, or Transfer-Encoding. */
static bool has_body(struct MHD_Connection *conn, unsigned long long *length)
{
    const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    *length = cl ? strtoull(cl, NULL, 10) : 0;
    return *length > 0 || MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
}

/* A refusal found in the headers: answered now when the connection must close anyway (early:
 * libmicrohttpd drops the rest), else once the body (within max-body) is read and dropped. */
static enum MHD_Result refuse(struct req_ctx *c, bool early)
{
    if (early)
        return send_reply(c);
    set_state(c, RQ_DISCARDING);
    return MHD_YES;
}

/* s into out (cap bytes), cut to fit: what snprintf(out, cap, "%s", s) does, without printf's
 * cost on every request. */
static void copy_cut(char *out, size_t cap, const char *s)
{
    size_t n = strnlen(s, cap - 1);
    memcpy(out, s, n);
    out[n] = '\0';
}

/* The first call, headers read: every check that needs no body, in the order a client would want
 * them reported. */
static enum MHD_Result admit(struct req_ctx *c, const char *url, const char *method, const char *version)
{
    ad_server *s = c->req.srv;
    ad_request *r = &c->req;
    copy_cut(c->method, sizeof c->method, method);
    copy_cut(c->path, sizeof c->path, url);
    r->method = c->method;
    r->lang = header_lang(c->conn);
    r->lang_by_header = !aj_lang_pick(MHD_lookup_connection_value(c->conn, MHD_GET_ARGUMENT_KIND, "lang"));
    r->on_probe_listener = c->cc && c->cc->probe;
    r->origin = MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND, "Origin");
    r->if_none_match = MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    r->accept_encoding = MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    r->cors_request_headers = MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND, "Access-Control-Request-Headers");
    request_id(r, MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND, "X-Request-Id"));
    unsigned long long length = 0;
    bool body = has_body(c->conn, &length);
    const char *framing = ad_framing_problem(c->conn, method, c->cc ? c->cc->uri : NULL, c->uri_len, version);
    if (framing) { /* the body's end is unknown, or the head is read otherwise by a front end: close */
        r->close = true;
        make_error(c, AJ_E_BAD_REQUEST, NULL, -1, framing);
        return refuse(c, true);
    }
    if (version[0] && strcmp(version, MHD_HTTP_VERSION_1_1) != 0 && strcmp(version, MHD_HTTP_VERSION_1_0) != 0) {
        r->close = true; /* HTTP/1.2 and the like: libmicrohttpd reads them as 1.1; the API says 505 */
        make_error(c, AJ_E_HTTP_VERSION, NULL, -1, NULL);
        return refuse(c, true);
    }
    bool too_large = length > (unsigned long long)s->cfg.max_body;
    if (c->cc && c->cc->target_problem) {
        make_error(c, AJ_E_BAD_REQUEST, NULL, -1, c->cc->target_problem);
        return refuse(c, too_large);
    }
    size_t hsize = 0;
    MHD_get_connection_values(c->conn, MHD_HEADER_KIND, add_header_size, &hsize);
    if ((long)c->uri_len > s->cfg.max_uri) {
        make_error(c, AJ_E_URI_TOO_LONG, NULL, s->cfg.max_uri, NULL);
        return refuse(c, too_large);
    }
    if ((long)hsize > s->cfg.max_headers) {
        make_error(c, AJ_E_HEADERS_TOO_LARGE, NULL, s->cfg.max_headers, NULL);
        return refuse(c, too_large);
    }
    int slot = ad_route_find(method, ad_target_path(url), r, r->allow, sizeof r->allow);
    if (slot == -1 && strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) { /* a CORS preflight, or a plain OPTIONS */
        size_t used = strlen(r->allow);
        snprintf(r->allow + used, sizeof r->allow - used, ", OPTIONS");
        r->preflight = true;
        ad_reply_text(r, 204, "text/plain", (char *)"", 0, true);
        return refuse(c, too_large);
    }
    if (slot < 0) {
        make_error(c, slot == -1 ? AJ_E_METHOD_NOT_ALLOWED : AJ_E_NOT_FOUND, NULL, -1,
                   slot == -1 ? NULL : "no route has this path (GET /v1/openapi.json lists them)");
        return refuse(c, too_large);
    }
    r->route_index = slot;
    bool always = r->route->flags & AD_ALWAYS;
    /* Health still answers (503 "draining") so a balancer polling on a kept-alive connection
     * sees why. */
    if (!always && atomic_load_explicit(&s->stopping, memory_order_relaxed)) {
        make_error(c, AJ_E_SHUTTING_DOWN, NULL, -1, NULL);
        return refuse(c, true);
    }
    if (!always && c->cc && c->cc->probe) {
        make_error(c, AJ_E_NOT_FOUND, NULL, -1, /* the probe listener serves probes only */
                   "the probe listener serves GET /v1/health and GET /metrics only");
        return refuse(c, too_large);
    }
    /* Strict query strings: lang and digits everywhere, and what a GET route's entry of the fields
     * table adds (the list filters), each of its type; anything else is unknown_field. */
    r->query = json_object();
    MHD_get_connection_values(c->conn, MHD_GET_ARGUMENT_KIND, collect_query, r->query);
    aj_error qe;
    if (!aj_check_query(strcmp(method, MHD_HTTP_METHOD_GET) == 0 ? aj_fields_of("GET", r->route->pattern, NULL) : NULL,
                        r->query, &qe)) {
        ad_reply_error(r, &qe);
        return refuse(c, too_large);
    }
    if (r->route->flags & AD_BODY_JSON) {
        const char *ct = MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
        if (ct && !is_json_type(ct)) {
            make_error(c, AJ_E_UNSUPPORTED_MEDIA, NULL, -1, NULL);
            return refuse(c, too_large);
        }
        if (too_large) {
            make_error(c, AJ_E_BODY_TOO_LARGE, NULL, s->cfg.max_body, NULL);
            return refuse(c, true);
        }
    }
    if (body && c->cc) { /* an upload: counted per address, never in flight until it is complete */
        c->holds |= HOLD_UPLOAD;
        if (!ad_clients_upload_begin(&s->clients, &c->cc->addr)) {
            /* Past its address's share: the body must come at once (a whole request usually
             * arrives with its headers), or it is refused with 429. */
            c->over_share = true;
            ad_edge_answer(c->cc, &s->edge.share_answer);
            ad_edge_shorten_deadline(c->cc, AD_UPLOAD_GRACE_MS * 1000u);
        }
        return MHD_YES;
    }
    /* No body: the request is in now. */
    hold_inflight(c);
    if (!always && atomic_load_explicit(&s->inflight, memory_order_relaxed) > s->cfg.max_inflight) {
        make_error(c, AJ_E_OVERLOADED, NULL, s->cfg.max_inflight, NULL);
        return refuse(c, true);
    }
    return MHD_YES;
}

/* Appends upload data to the body, up to max_body; beyond it the rest is discarded (up to
 * four times the cap, then the connection is closed) and the answer is 413. */
static bool collect(struct req_ctx *c, const char *data, size_t n)
{
    long max = c->req.srv->cfg.max_body;
    if (state_of(c) == RQ_DISCARDING || c->len + n > (size_t)max) {
        if (state_of(c) != RQ_DISCARDING) {
            make_error(c, AJ_E_BODY_TOO_LARGE, NULL, max, NULL);
            set_state(c, RQ_DISCARDING);
        }
        c->discarded += n;
        return c->discarded <= (size_t)max * 4;
    }
    if (c->len + n > c->cap) {
        size_t cap = c->cap ? c->cap : 1024;
        while (cap < c->len + n)
            cap *= 2;
        char *b = realloc(c->body, cap);
        if (!b)
            return false;
        c->body = b;
        c->cap = cap;
    }
    memcpy(c->body + c->len, data, n);
    c->len += n;
    return true;
}

/* Parses the JSON body and settles the language (?lang= wins, then body "lang", then
 * Accept-Language). Returns false with an error reply made. */
static bool prepare_body(struct req_ctx *c)
{
    ad_request *r = &c->req;
    aj_error e;
    if (c->len == 0) {
        r->body = json_object();
    } else {
        r->body = aj_parse_body(c->body, c->len, (int)r->srv->cfg.max_json_depth, &e);
        if (!r->body) {
            ad_reply_error(r, &e);
            return false;
        }
    }
    /* Strict input: a field the endpoint does not read is refused, never ignored. */
    const aj_endpoint_fields *known = aj_fields_of(r->route->method, r->route->pattern, NULL);
    if (known && !known->by_handler && !aj_check_body(known, r->body, NULL, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    const char *lang = NULL;
    if (!aj_opt_string(r->body, "lang", &lang, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    const char *q = aj_lang_pick(MHD_lookup_connection_value(c->conn, MHD_GET_ARGUMENT_KIND, "lang"));
    const char *b = aj_lang_pick(lang);
    if (q)
        r->lang = q;
    else if (b) {
        r->lang = b;
        r->lang_by_header = false;
    }
    /* "digits": "latin" | "native" (body, else ?digits=) overrides the language's default */
    const char *digits = MHD_lookup_connection_value(c->conn, MHD_GET_ARGUMENT_KIND, "digits");
    if (!aj_opt_string(r->body, "digits", &digits, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    const char *tagged = digits ? aj_lang_digits(r->lang, digits) : r->lang;
    if (!tagged) {
        aj_fail(&e, AJ_E_INVALID_FIELD, "digits");
        ad_reply_error(r, &e);
        return false;
    }
    r->lang = tagged;
    return true;
}

/* Parses the body and runs the route's handler with the lesson set held; the answer is left in
 * the request for send_reply. */
static void run_handler(struct req_ctx *c)
{
    ad_request *r = &c->req;
    ad_server *s = r->srv;
    if (r->route->flags & AD_LESSON_SET)
        r->set = ad_lessons_acquire(&s->lessons);
    if (!(r->route->flags & AD_BODY_JSON) || prepare_body(c))
        r->route->handler(r);
    if (r->route->flags & AD_LESSON_SET) { /* handlers copy what they send: no reference outlives this */
        ad_lessons_release(&s->lessons, r->set);
        r->set = NULL;
    }
}

static struct req_ctx *of_job(ad_job *j)
{
    return (struct req_ctx *)((char *)j - offsetof(struct req_ctx, job));
}

/* On a work thread: the handler of a suspended connection, then back to libmicrohttpd. It
 * counts as busy for the stall limit like a handler on a polling thread: a hung work thread is
 * noticed too. */
static void run_job(ad_job *j)
{
    struct req_ctx *c = of_job(j);
    if (c->cc)
        ad_edge_busy(c->cc, c->req.route->pattern);
    run_handler(c);
    if (c->cc)
        ad_edge_idle(c->cc);
}

/* The answer is made (by run_job or cancel_job): back to libmicrohttpd. */
static void resume_job(ad_job *j)
{
    struct req_ctx *c = of_job(j);
    set_state(c, RQ_DONE);
    MHD_resume_connection(c->conn);
}

/* The work queue ended it without running it: 503. */
static void cancel_job(ad_job *j, ad_job_end why)
{
    struct req_ctx *c = of_job(j);
    ad_server *s = c->req.srv;
    char detail[96];
    if (why == AD_JOB_STOPPING) {
        make_error(c, AJ_E_SHUTTING_DOWN, NULL, -1, NULL);
    } else {
        if (why == AD_JOB_TIMED_OUT)
            snprintf(detail, sizeof detail, "waited %ld ms for a work thread (heavy-wait-ms)", s->work.wait_ms);
        else
            snprintf(detail, sizeof detail, "the work queue is full (heavy-queue %ld) and this client had a fair share",
                     s->work.max_waiting);
        make_error(c, AJ_E_OVERLOADED, NULL, why == AD_JOB_TIMED_OUT ? s->work.wait_ms : s->work.max_waiting, detail);
    }
}

/* On the polling thread: the handler, and the answer sent at once. */
static enum MHD_Result run_here(struct req_ctx *c)
{
    ad_request *r = &c->req;
    if (c->cc)
        ad_edge_busy(c->cc, r->route->pattern);
    bool scratch = r->route->flags & AD_SCRATCH;
    if (scratch)
        ad_scratch_begin();
    run_handler(c);
    if (c->cc)
        ad_edge_idle(c->cc);
    enum MHD_Result ret = send_reply(c);
    if (scratch) { /* the answer is dumped and sent: nothing made in the window may outlive it */
        json_decref(r->body);
        r->body = NULL;
        ad_scratch_end();
    }
    return ret;
}

/* The body is complete: the request is in flight now, and runs here or goes to a work thread. */
static enum MHD_Result ready(struct req_ctx *c)
{
    ad_server *s = c->req.srv;
    if (c->cc)
        ad_edge_stop_clock(c->cc); /* the request is in: its deadline no longer applies */
    release_upload(c);
    if (!(c->holds & HOLD_INFLIGHT)) { /* a request with a body: in flight from now on */
        hold_inflight(c);
        if (!(c->req.route->flags & AD_ALWAYS) &&
            atomic_load_explicit(&s->inflight, memory_order_relaxed) > s->cfg.max_inflight)
            return fail(c, AJ_E_OVERLOADED, NULL, s->cfg.max_inflight);
    }
    if (c->req.route->flags & (AD_HEAVY | AD_SCRIPT)) {
        set_state(c, RQ_ARMED); /* libmicrohttpd calls again at once, without reading the socket */
        return MHD_YES;
    }
    return run_here(c);
}

/* ARMED: into the work queue. Scripts and searches run on a work thread, so a polling thread
 * never waits behind one and the other connections it owns (a keep-alive health probe among
 * them) are served meanwhile. Suspended before it is queued: the queue may resume it at once. */
static enum MHD_Result dispatch(struct req_ctx *c)
{
    ad_server *s = c->req.srv;
    c->job.run = run_job;
    c->job.cancel = cancel_job;
    c->job.resume = resume_job;
    c->job.addr = c->cc ? c->cc->addr : (ad_addr){{0}, 0};
    c->job.search = c->req.route->flags & AD_HEAVY;
    set_state(c, RQ_QUEUED);
    MHD_suspend_connection(c->conn);
    if (ad_work_submit(&s->work, &c->job, ad_now_us()) == AD_WORK_QUEUED)
        return MHD_YES;
    MHD_resume_connection(c->conn);
    /* The limit that was reached: the queue's, or with no queue the slots or threads all busy. */
    char detail[120];
    long limit = s->work.max_waiting;
    if (limit > 0)
        snprintf(detail, sizeof detail, "the work queue is full (heavy-queue %ld)", limit);
    else if (c->job.search)
        snprintf(detail, sizeof detail, "every search slot is busy (max-heavy %ld) and there is no queue",
                 limit = s->work.search_slots);
    else
        snprintf(detail, sizeof detail, "every work thread is busy (script-threads %d) and there is no queue",
                 (int)(limit = s->work.threads));
    make_error(c, AJ_E_OVERLOADED, NULL, limit, detail);
    return send_reply(c);
}

enum MHD_Result ad_on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **con_cls)
{
    ad_server *s = cls;
    struct req_ctx *c = *con_cls;
    ad_conn *cc = c ? c->cc : conn_state(conn);
    if (cc && ad_edge_cut(cc)) /* the guard has answered it at its deadline: close */
        return MHD_NO;
    if (!c) {
        c = request_begin(s, conn);
        if (!c)
            return MHD_NO;
        *con_cls = c;
        return admit(c, url, method, version);
    }
    switch (state_of(c)) {
    case RQ_RECEIVING:
    case RQ_DISCARDING:
        if (c->cc && ad_edge_overdue(c->cc)) { /* a trickled body: answered 408 (or 429) and closed */
            *upload_data_size = 0;
            c->req.status = c->over_share ? 429 : 408;
            c->bytes = (long)ad_edge_cut_now(&s->edge, c->cc);
            set_state(c, RQ_REPLIED);
            return MHD_YES; /* libmicrohttpd reads the end of the stream and closes */
        }
        if (*upload_data_size) {
            bool ok = collect(c, upload_data, *upload_data_size);
            *upload_data_size = 0;
            return ok ? MHD_YES : MHD_NO;
        }
        if (state_of(c) == RQ_DISCARDING) { /* the body is dropped: the decided answer */
            release_upload(c);
            return send_reply(c);
        }
        return ready(c);
    case RQ_ARMED:
        return dispatch(c);
    case RQ_DONE: /* resumed: the work thread (or the queue) has made the answer */
        return send_reply(c);
    case RQ_QUEUED: /* resumed before its answer is made: not yet */
        return MHD_YES;
    default: /* an answer is queued; what follows of the upload is dropped */
        *upload_data_size = 0;
        return MHD_YES;
    }
}
