/* The HTTP side of arbiterd: libmicrohttpd with its own polling threads (epoll, a thread pool),
 * per-request state from the first access-handler call to completion, limits checked before any
 * handler runs, body collection with a cap, dispatch through the route tables, logs and metrics.
 * Per-connection state (edge.c) outlives every request on the connection, so a request that
 * libmicrohttpd drops without its completion callback is still finished when the connection
 * closes: nothing a client sends leaves state behind. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "framing.h"
#include "log.h"
#include "refusals.h"
#include "reply.h"
#include "routes.h"
#include "sd.h"
#include "scratch.h"
#include "script_pool.h"
#include "server.h"

/* Per-request state, made on the first access-handler call (headers read) and freed on
 * completion, or when the connection closes if libmicrohttpd never completed the request. */
struct req_ctx {
    ad_request req;
    ad_conn *cc;
    uint64_t t0;
    size_t uri_len;
    bool started, replied, heavy_held;
    bool queued;                /* waited (or waits) for a search slot: waiter is in use */
    ad_heavy_waiter waiter;
    bool offloaded;            /* the handler runs (or ran) on a script thread */
    atomic_bool handled;       /* set by the script thread once the reply is built */
    bool too_large;
    bool refused;              /* libmicrohttpd's parser refused it (refusals.c answered) */
    char *body;
    size_t len, cap, discarded;
    char path[160];
    char method[12];
    long bytes;
};

static uint64_t now_us(void)
{
    return ad_now_us();
}

static ad_conn *conn_state(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci ? ci->socket_context : NULL;
}

/* The request line has arrived: note when, and its raw length. Nothing is allocated or counted
 * here: libmicrohttpd may still drop the request (e.g. too many query arguments for its pool)
 * without calling the access handler or the completion callback. */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    ad_conn *cc = conn_state(conn);
    if (cc) {
        cc->req_t0 = now_us();
        cc->uri_len = strlen(uri);
    }
    return NULL;
}

/* The first access-handler call: from here on the completion callback (or the connection's
 * close) finishes the request, so it is counted in flight. */
static struct req_ctx *request_begin(ad_server *s, struct MHD_Connection *conn)
{
    struct req_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->cc = conn_state(conn);
    c->t0 = c->cc && c->cc->req_t0 ? c->cc->req_t0 : now_us();
    c->uri_len = c->cc ? c->cc->uri_len : 0;
    if (c->cc)
        c->cc->req = c;
    c->req.srv = s;
    c->req.conn = conn;
    c->req.route_index = AD_MAX_ROUTES;
    c->req.lang = "en";
    atomic_fetch_add_explicit(&s->inflight, 1, memory_order_relaxed);
    return c;
}

static void request_end(ad_server *s, struct req_ctx *c, bool completed)
{
    uint64_t us = now_us() - c->t0;
    int status = c->replied ? c->req.status : 0;
    ad_metrics_observe(&s->metrics, c->req.route_index, status, us);
    if (ad_log_level() >= AD_LOG_INFO) /* ad_log escapes what the client wrote (path, method) */
        ad_log(AD_LOG_INFO, "%s %s %d %lluus %ldB%s", c->method[0] ? c->method : "-", c->path[0] ? c->path : "-",
               status, (unsigned long long)us, c->bytes > 0 ? c->bytes : 0,
               c->refused ? " (refused by the HTTP parser)" : completed ? "" : " (aborted)");
    if (c->cc) {
        c->cc->req = NULL;
        c->cc->req_t0 = 0;
        ad_edge_idle(c->cc);
    }
    if (c->heavy_held) {
        atomic_fetch_sub_explicit(&s->heavy, 1, memory_order_relaxed);
        ad_heavy_release(&s->heavy_queue);
    } else if (c->queued) {
        ad_heavy_cancel(&s->heavy_queue, &c->waiter);
    }
    if (c->req.out)
        json_decref(c->req.out);
    if (c->req.body)
        json_decref(c->req.body);
    if (c->req.query)
        json_decref(c->req.query);
    if (c->req.text && !c->req.text_static)
        free(c->req.text);
    free(c->body);
    free(c);
    atomic_fetch_sub_explicit(&s->inflight, 1, memory_order_release);
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
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
        cc->req->refused = cc->req->replied = true;
        cc->req->req.status = status;
        cc->req->bytes = (long)bytes;
        return;
    }
    uint64_t us = cc && cc->req_t0 ? now_us() - cc->req_t0 : 0;
    ad_metrics_observe(&refusing_server->metrics, AD_MAX_ROUTES, status, us);
    if (ad_log_level() >= AD_LOG_INFO)
        ad_log(AD_LOG_INFO, "- - %d %lluus %zuB (refused by the HTTP parser)", status, (unsigned long long)us, bytes);
}

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    ad_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = ci ? ad_edge_open(&s->edge, ci->connect_fd) : NULL;
        atomic_fetch_add_explicit(&s->connections, 1, memory_order_relaxed);
        return;
    }
    ad_conn *cc = *socket_context;
    if (cc) {
        if (cc->req) /* libmicrohttpd closed the connection without completing its request */
            request_end(s, cc->req, false);
        ad_edge_close(&s->edge, cc);
        *socket_context = NULL;
    }
    atomic_fetch_sub_explicit(&s->connections, 1, memory_order_relaxed);
}

static enum MHD_Result add_header_size(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
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
    c->replied = true;
    c->bytes = ad_reply_send(&c->req);
    return c->bytes >= 0 ? MHD_YES : MHD_NO;
}

static enum MHD_Result fail_detail(struct req_ctx *c, aj_code code, const char *field, long long limit,
                                   const char *detail)
{
    aj_error e;
    aj_fail(&e, code, field);
    e.limit = limit;
    if (detail)
        snprintf(e.detail, sizeof e.detail, "%s", detail);
    if (code == AJ_E_OVERLOADED)
        atomic_fetch_add_explicit(&c->req.srv->metrics.overload_rejections, 1, memory_order_relaxed);
    ad_reply_error(&c->req, &e);
    return send_reply(c);
}

static enum MHD_Result fail(struct req_ctx *c, aj_code code, const char *field, long long limit)
{
    return fail_detail(c, code, field, limit, NULL);
}

/* Collects the query parameters (the first of a repeated name) into a JSON object. */
static enum MHD_Result collect_query(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    if (!json_object_get(cls, key))
        json_object_set_new(cls, key, value ? json_string(value) : json_string(""));
    return MHD_YES;
}


/* First call, headers read: every check that needs no body. Returns true when a reply was
 * queued (an error), false to go on. */
static bool check_request(struct req_ctx *c, const char *url, const char *method, const char *version,
                          enum MHD_Result *ret)
{
    ad_server *s = c->req.srv;
    ad_request *r = &c->req;
    r->lang = header_lang(r->conn);
    r->lang_by_header = !aj_lang_pick(MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, "lang"));
    size_t hsize = 0;
    MHD_get_connection_values(r->conn, MHD_HEADER_KIND, add_header_size, &hsize);
    if ((long)c->uri_len > s->cfg.max_uri) {
        *ret = fail(c, AJ_E_URI_TOO_LONG, NULL, s->cfg.max_uri);
        return true;
    }
    if ((long)hsize > s->cfg.max_headers) {
        *ret = fail(c, AJ_E_HEADERS_TOO_LARGE, NULL, s->cfg.max_headers);
        return true;
    }
    const char *framing = ad_framing_problem(r->conn, version);
    if (framing) { /* the body's end is unknown: answer, then close (RFC 9112 §6.3) */
        r->close = true;
        *ret = fail_detail(c, AJ_E_BAD_REQUEST, NULL, -1, framing);
        return true;
    }
    int slot = ad_route_find(method, url, r, r->allow, sizeof r->allow);
    if (slot == -1 && strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) { /* a CORS preflight, or a plain OPTIONS */
        size_t used = strlen(r->allow);
        snprintf(r->allow + used, sizeof r->allow - used, ", OPTIONS");
        r->preflight = true;
        ad_reply_text(r, 204, "text/plain", (char *)"", 0, true);
        *ret = send_reply(c);
        return true;
    }
    if (slot < 0) {
        *ret = fail(c, slot == -1 ? AJ_E_METHOD_NOT_ALLOWED : AJ_E_NOT_FOUND, NULL, -1);
        return true;
    }
    r->route_index = slot;
    /* Health still answers (503 "draining") so a balancer polling on a kept-alive connection
     * sees why. */
    if (!(r->route->flags & AD_ALWAYS) && atomic_load_explicit(&s->stopping, memory_order_relaxed)) {
        *ret = fail(c, AJ_E_SHUTTING_DOWN, NULL, -1);
        return true;
    }
    if (!(r->route->flags & AD_ALWAYS) && s->probe_mhd &&
        MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_DAEMON)->daemon == s->probe_mhd) {
        *ret = fail(c, AJ_E_NOT_FOUND, NULL, -1); /* the probe listener serves probes only */
        return true;
    }
    /* Strict query strings: lang and digits everywhere, and what a GET route's entry of the fields
     * table adds (the list filters), each of its type; anything else is unknown_field. */
    r->query = json_object();
    MHD_get_connection_values(r->conn, MHD_GET_ARGUMENT_KIND, collect_query, r->query);
    aj_error qe;
    if (!aj_check_query(strcmp(method, MHD_HTTP_METHOD_GET) == 0 ? aj_fields_of("GET", r->route->pattern, NULL) : NULL,
                        r->query, &qe)) {
        ad_reply_error(r, &qe);
        *ret = send_reply(c);
        return true;
    }
    if (!(r->route->flags & AD_ALWAYS) &&
        atomic_load_explicit(&s->inflight, memory_order_relaxed) > s->cfg.max_inflight) {
        *ret = fail(c, AJ_E_OVERLOADED, NULL, s->cfg.max_inflight);
        return true;
    }
    if (r->route->flags & AD_BODY_JSON) {
        const char *ct = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
        if (ct && !is_json_type(ct)) {
            *ret = fail(c, AJ_E_UNSUPPORTED_MEDIA, NULL, -1);
            return true;
        }
        const char *cl = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > (unsigned long long)s->cfg.max_body) {
            *ret = fail(c, AJ_E_BODY_TOO_LARGE, NULL, s->cfg.max_body);
            return true;
        }
    }
    return false;
}

/* Appends upload data to the body, up to max_body; beyond it the rest is discarded (up to
 * four times the cap, then the connection is closed) and the reply is 413. */
static bool collect(struct req_ctx *c, const char *data, size_t n)
{
    long max = c->req.srv->cfg.max_body;
    if (c->too_large || c->len + n > (size_t)max) {
        c->too_large = true;
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
 * Accept-Language). Returns false with an error reply queued. */
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
    const char *q = aj_lang_pick(MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, "lang"));
    const char *b = aj_lang_pick(lang);
    if (q)
        r->lang = q;
    else if (b) {
        r->lang = b;
        r->lang_by_header = false;
    }
    /* "digits": "latin" | "native" (body, else ?digits=) overrides the language's default */
    const char *digits = MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, "digits");
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

/* Parses the body and runs the route's handler with the lesson set held; the reply is left in
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
    if (c->heavy_held) { /* the search is over: free its slot now, not when the reply is sent */
        atomic_fetch_sub_explicit(&s->heavy, 1, memory_order_relaxed);
        c->heavy_held = false;
        ad_heavy_release(&s->heavy_queue);
    }
}

/* On a work thread: the handler of a suspended connection, then back to libmicrohttpd. It
 * counts as busy for the stall limit like a handler on a polling thread: a hung work thread is
 * noticed too. */
static void run_offloaded(void *arg)
{
    struct req_ctx *c = arg;
    if (c->cc)
        ad_edge_busy(c->cc, c->req.route->pattern);
    run_handler(c);
    if (c->cc)
        ad_edge_idle(c->cc);
    atomic_store_explicit(&c->handled, true, memory_order_release);
    MHD_resume_connection(c->req.conn);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    ad_server *s = cls;
    struct req_ctx *c = *con_cls;
    if (!c) {
        c = request_begin(s, conn);
        if (!c)
            return MHD_NO;
        *con_cls = c;
    }
    if (c->replied) {
        *upload_data_size = 0; /* an early error is queued; drop the upload */
        return MHD_YES;
    }
    if (!c->started) {
        c->started = true;
        snprintf(c->method, sizeof c->method, "%s", method);
        snprintf(c->path, sizeof c->path, "%s", url);
        c->req.method = c->method;
        enum MHD_Result ret;
        if (check_request(c, url, method, version, &ret))
            return ret;
        return MHD_YES;
    }
    if (c->cc && ad_edge_overdue(c->cc)) { /* a trickled body: refuse it and close */
        *upload_data_size = 0;
        c->req.close = true;
        atomic_fetch_add_explicit(&s->edge.deadline_cuts, 1, memory_order_relaxed);
        return fail(c, AJ_E_REQUEST_TIMEOUT, NULL, s->cfg.request_timeout);
    }
    if (*upload_data_size) {
        bool ok = collect(c, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return ok ? MHD_YES : MHD_NO;
    }
    ad_request *r = &c->req;
    if (c->offloaded) /* resumed: the script thread has built the reply */
        return atomic_load_explicit(&c->handled, memory_order_acquire) ? send_reply(c) : MHD_YES;
    if (c->cc)
        ad_edge_stop_clock(c->cc); /* the request is in: its deadline no longer applies */
    if (c->too_large)
        return fail(c, AJ_E_BODY_TOO_LARGE, NULL, s->cfg.max_body);
    if ((r->route->flags & AD_HEAVY) && !c->heavy_held) {
        /* A search slot: at once, or after waiting suspended (this call comes again on resume). */
        if (!c->queued) {
            ad_heavy_verdict v = ad_heavy_acquire(&s->heavy_queue, &c->waiter, conn, now_us());
            if (v == AD_HEAVY_WAIT) {
                c->queued = true;
                return MHD_YES;
            }
            if (v == AD_HEAVY_FULL)
                return fail(c, AJ_E_OVERLOADED, NULL, s->heavy_cap);
        } else {
            c->queued = false;
            ad_heavy_observe_wait(&s->heavy_queue, &c->waiter, now_us());
            if (!c->waiter.granted)
                return fail(c, AJ_E_OVERLOADED, NULL, s->heavy_cap);
        }
        c->heavy_held = true;
        atomic_fetch_add_explicit(&s->heavy, 1, memory_order_relaxed);
    }
    if ((r->route->flags & (AD_SCRIPT | AD_HEAVY)) && s->scripts) {
        /* Scripts and searches run on a work thread, so a polling thread never waits behind one
         * and the other connections it owns (a keep-alive health probe among them) are served
         * meanwhile. Suspended before it is queued: the work thread may resume it at once. */
        MHD_suspend_connection(conn);
        c->offloaded = true;
        if (ad_script_pool_submit(s->scripts, run_offloaded, c))
            return MHD_YES;
        MHD_resume_connection(conn);
        c->offloaded = false;
        return fail(c, AJ_E_OVERLOADED, NULL, s->cfg.max_inflight);
    }
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

static unsigned bound_port(int fd)
{
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) != 0)
        return 0;
    return ss.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&ss)->sin6_port)
                                    : ntohs(((struct sockaddr_in *)&ss)->sin_port);
}

/* A listening socket for cfg.listen. */
static int open_listener(const char *listen_spec)
{
    char host[128], port[8];
    unsigned p;
    if (!ad_config_split_listen(listen_spec, host, sizeof host, &p)) {
        ad_log(AD_LOG_ERROR, "--listen '%s' is not HOST:PORT", listen_spec);
        return -1;
    }
    snprintf(port, sizeof port, "%u", p);
    struct addrinfo hints = {0}, *res;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    int err = getaddrinfo(host, port, &hints, &res);
    if (err) {
        ad_log(AD_LOG_ERROR, "--listen %s: %s", listen_spec, gai_strerror(err));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0)
            continue;
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, 1024) == 0)
            break;
        ad_log(AD_LOG_ERROR, "--listen %s: %s", listen_spec, strerror(errno));
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    return fd;
}

static void mhd_logger(void *cls, const char *fmt, va_list ap)
{
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    size_t n = strlen(line);
    while (n && line[n - 1] == '\n')
        line[--n] = '\0';
    ad_log(AD_LOG_DEBUG, "libmicrohttpd: %s", line);
}

/* The probe listener: one polling thread of its own for health and metrics, so a probe never
 * waits for a search running on the thread that owns its connection. */
static bool start_probe_listener(ad_server *s)
{
    int fd = open_listener(s->cfg.probe_listen);
    if (fd < 0)
        return false;
    s->probe_port = bound_port(fd);
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    s->probe_mhd = MHD_start_daemon(flags, 0, NULL, NULL, on_request, s,
                                    MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
                                    MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
                                    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)s->cfg.timeout,
                                    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)s->cfg.memory_limit,
                                    MHD_OPTION_URI_LOG_CALLBACK, on_uri, s,
                                    MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                                    MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
                                    MHD_OPTION_EXTERNAL_LOGGER, mhd_logger, s,
                                    MHD_OPTION_END);
    if (!s->probe_mhd) {
        ad_log(AD_LOG_ERROR, "libmicrohttpd could not start the probe listener");
        close(fd);
        return false;
    }
    return true;
}

bool ad_server_start(ad_server *s)
{
    ad_config *cfg = &s->cfg;
    int fd = ad_sd_listen_fd();
    if (fd >= 0) {
        ad_log(AD_LOG_INFO, "using the socket passed by systemd (fd %d)", fd);
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0)
            fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    } else {
        fd = open_listener(cfg->listen);
        if (fd < 0)
            return false;
    }
    if (ad_route_count() > AD_MAX_ROUTES) {
        ad_log(AD_LOG_ERROR, "more routes than metric slots (%d)", AD_MAX_ROUTES);
        close(fd);
        return false;
    }
    refusing_server = s;
    if (!ad_refusals_init(cfg, (ad_refusal_hooks){holds_request, on_refused})) {
        close(fd);
        return false;
    }
    s->port = bound_port(fd);
    s->limits.max_moves = (int)cfg->max_moves;
    s->limits.max_depth = (int)cfg->max_json_depth;
    s->heavy_cap = cfg->max_heavy ? cfg->max_heavy : (cfg->threads > 1 ? cfg->threads - 1 : 1);
    if (!ad_edge_start(&s->edge, (uint64_t)cfg->request_timeout * 1000u, (uint64_t)cfg->stall_timeout_ms)) {
        close(fd);
        return false;
    }
    if (!ad_heavy_init(&s->heavy_queue, s->heavy_cap, cfg->heavy_queue, cfg->heavy_wait_ms)) {
        ad_log(AD_LOG_ERROR, "cannot start the search queue");
        close(fd);
        return false;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_ALLOW_SUSPEND_RESUME;
    /* Script threads: four per polling thread by default, so that a few scripts that run to their
     * budget share the cores with the others instead of making them wait; a queue of four
     * requests per thread. */
    long script_threads = cfg->script_threads ? cfg->script_threads : 4 * cfg->threads;
    s->scripts = ad_script_pool_start((int)script_threads, (int)(4 * script_threads));
    if (!s->scripts)
        ad_log(AD_LOG_WARN, "no script threads: scripts run on the polling threads");
    s->mhd = MHD_start_daemon(flags, 0, NULL, NULL, on_request, s,
                              MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
                              MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(cfg->threads > 1 ? cfg->threads : 0),
                              MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->max_connections,
                              MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)cfg->max_per_ip,
                              MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->timeout,
                              MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)cfg->memory_limit,
                              MHD_OPTION_URI_LOG_CALLBACK, on_uri, s,
                              MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                              MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
                              MHD_OPTION_EXTERNAL_LOGGER, mhd_logger, s,
                              MHD_OPTION_END);
    if (!s->mhd) {
        ad_log(AD_LOG_ERROR, "libmicrohttpd could not start");
        ad_script_pool_stop(s->scripts);
        s->scripts = NULL;
        ad_edge_stop(&s->edge);
        close(fd);
        return false;
    }
    if (cfg->probe_listen[0] && !start_probe_listener(s)) {
        MHD_stop_daemon(s->mhd);
        s->mhd = NULL;
        ad_edge_stop(&s->edge);
        return false;
    }
    return true;
}

unsigned ad_server_port(const ad_server *s)
{
    return s->port;
}

void ad_server_begin_drain(ad_server *s)
{
    atomic_store(&s->draining, true);
}

unsigned ad_server_probe_port(const ad_server *s)
{
    return s->probe_port;
}

void ad_server_drain_and_stop(ad_server *s)
{
    atomic_store(&s->draining, true);
    atomic_store(&s->stopping, true);
    MHD_socket fd = MHD_quiesce_daemon(s->mhd);
    if (fd != MHD_INVALID_SOCKET)
        close(fd);
    /* Done when no request is in flight and either every connection has closed (answers carry
     * Connection: close now) or none has started a request for 200 ms: a connection accepted
     * just before quiescing may still be sending its request line. */
    uint64_t deadline = now_us() + (uint64_t)s->cfg.drain_timeout * 1000000u, quiet_since = 0;
    long left;
    while (now_us() < deadline) {
        left = atomic_load_explicit(&s->inflight, memory_order_acquire);
        long conns = atomic_load_explicit(&s->connections, memory_order_relaxed);
        if (left == 0 && conns == 0)
            break;
        if (left > 0)
            quiet_since = 0;
        else if (!quiet_since)
            quiet_since = now_us();
        else if (now_us() - quiet_since >= 200000u)
            break;
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    left = atomic_load_explicit(&s->inflight, memory_order_acquire);
    if (left > 0)
        ad_log(AD_LOG_WARN, "drain timeout: %ld requests still in flight are cut", left);
    ad_heavy_shutdown(&s->heavy_queue); /* waiters still queued get 503, none stays suspended */
    /* Scripts are bounded: what is queued finishes and resumes its connection before MHD stops. */
    ad_script_pool_stop(s->scripts);
    s->scripts = NULL;
    MHD_stop_daemon(s->mhd);
    s->mhd = NULL;
    if (s->probe_mhd) /* probes are answered (draining) until the main listener is gone */
        MHD_stop_daemon(s->probe_mhd);
    s->probe_mhd = NULL;
    ad_edge_stop(&s->edge);
}
