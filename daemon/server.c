/* The HTTP side of arbiterd: the listeners (its own, socket-activated, the probe listener),
 * libmicrohttpd with its own polling threads (epoll, a thread pool) running each request's life
 * (lifecycle.c), the work threads, and the drain and stop on SIGTERM. */
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

#include "lifecycle.h"
#include "log.h"
#include "routes.h"
#include "sd.h"
#include "server.h"

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
    s->probe_mhd = MHD_start_daemon(flags, 0, NULL, NULL, ad_on_request, s,
                                    MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
                                    MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
                                    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)s->cfg.timeout,
                                    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)s->cfg.memory_limit,
                                    MHD_OPTION_URI_LOG_CALLBACK, ad_on_uri, s,
                                    MHD_OPTION_NOTIFY_COMPLETED, ad_on_completed, s,
                                    MHD_OPTION_NOTIFY_CONNECTION, ad_on_connection, s,
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
    s->metrics.route_label = ad_route_label;
    s->route_find = ad_route_find;
    if (ad_route_count() > AD_MAX_ROUTES) {
        ad_log(AD_LOG_ERROR, "more routes than metric slots (%d)", AD_MAX_ROUTES);
        close(fd);
        return false;
    }
    if (!ad_lifecycle_init(s)) {
        close(fd);
        return false;
    }
    s->port = bound_port(fd);
    s->limits.max_moves = (int)cfg->max_moves;
    s->limits.max_depth = (int)cfg->max_json_depth;
    ad_clients_init(&s->clients, cfg->max_uploads_per_ip);
    if (!ad_edge_start(&s->edge, (uint64_t)cfg->request_timeout * 1000u, (uint64_t)cfg->stall_timeout_ms,
                       cfg->retry_after, cfg->max_uploads_per_ip)) {
        close(fd);
        return false;
    }
    /* Work threads: four per polling thread by default, so that a few scripts that run to their
     * budget share the cores with the others instead of making them wait; of them, threads - 1
     * (at least 1) may run searches at once. */
    long work_threads = cfg->script_threads ? cfg->script_threads : 4 * cfg->threads; /* resolved: tasks.c */
    long search_slots = cfg->max_heavy ? cfg->max_heavy : (cfg->threads > 1 ? cfg->threads - 1 : 1);
    if (!ad_work_start(&s->work, (int)work_threads, search_slots, cfg->heavy_queue, cfg->heavy_wait_ms)) {
        ad_log(AD_LOG_ERROR, "cannot start %ld work threads", work_threads);
        ad_edge_stop(&s->edge);
        close(fd);
        return false;
    }
    /* A pool only for 2+ polling threads: libmicrohttpd warns of a pool of size 0 ("Zero size,
     * specified for thread pool size, is ignored"), so for one thread the option is left out. */
    struct MHD_OptionItem pool[] = {
        {cfg->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)cfg->threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_ALLOW_SUSPEND_RESUME;
    s->mhd = MHD_start_daemon(flags, 0, NULL, NULL, ad_on_request, s,
                              MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
                              MHD_OPTION_ARRAY, pool,
                              MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->max_connections,
                              MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)cfg->max_per_ip,
                              MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->timeout,
                              MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)cfg->memory_limit,
                              MHD_OPTION_URI_LOG_CALLBACK, ad_on_uri, s,
                              MHD_OPTION_NOTIFY_COMPLETED, ad_on_completed, s,
                              MHD_OPTION_NOTIFY_CONNECTION, ad_on_connection, s,
                              MHD_OPTION_EXTERNAL_LOGGER, mhd_logger, s,
                              MHD_OPTION_END);
    if (!s->mhd) {
        ad_log(AD_LOG_ERROR, "libmicrohttpd could not start");
        ad_work_stop(&s->work);
        ad_edge_stop(&s->edge);
        close(fd);
        return false;
    }
    if (cfg->probe_listen[0] && !start_probe_listener(s)) {
        MHD_stop_daemon(s->mhd);
        s->mhd = NULL;
        ad_work_stop(&s->work);
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

/* Requests in flight and bodies still arriving. */
static long in_progress(ad_server *s)
{
    return atomic_load_explicit(&s->inflight, memory_order_acquire) +
           atomic_load_explicit(&s->clients.uploads, memory_order_relaxed);
}

void ad_server_drain_and_stop(ad_server *s)
{
    atomic_store(&s->draining, true);
    atomic_store(&s->stopping, true);
    /* The listening socket stops listening now (new connections are refused at once) but is
     * closed only after MHD_stop_daemon: a pool worker removes it from its epoll set a little
     * later, and on a closed descriptor that fails and libmicrohttpd 0.9.75 aborts ("Failed to
     * remove listen FD from epoll set", arbiterd died on SIGTERM under load). */
    MHD_socket listen_fd = MHD_quiesce_daemon(s->mhd);
    if (listen_fd != MHD_INVALID_SOCKET)
        shutdown(listen_fd, SHUT_RDWR);
    /* Done when no request is in flight and either every connection has closed (answers carry
     * Connection: close now) or none has started a request for 200 ms: a connection accepted
     * just before quiescing may still be sending its request line. */
    uint64_t deadline = ad_now_us() + (uint64_t)s->cfg.drain_timeout * 1000000u, quiet_since = 0;
    long left;
    while (ad_now_us() < deadline) {
        left = in_progress(s);
        long conns = atomic_load_explicit(&s->connections, memory_order_relaxed);
        if (left == 0 && conns == 0)
            break;
        if (left > 0)
            quiet_since = 0;
        else if (!quiet_since)
            quiet_since = ad_now_us();
        else if (ad_now_us() - quiet_since >= 200000u)
            break;
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    left = in_progress(s);
    if (left > 0)
        ad_log(AD_LOG_WARN, "drain timeout: %ld requests still in progress get 503 or are cut", left);
    /* What still waits in the work queue is answered 503 shutting_down; what runs is bounded by
     * its budget and finishes. Both resume their connections: their answers are sent before
     * libmicrohttpd stops (a search running at the drain timeout used to lose its answer). */
    ad_work_stop(&s->work);
    uint64_t last = ad_now_us() + 2000000u;
    while (atomic_load_explicit(&s->inflight, memory_order_acquire) > 0 && ad_now_us() < last) {
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    MHD_stop_daemon(s->mhd);
    s->mhd = NULL;
    if (listen_fd != MHD_INVALID_SOCKET)
        close(listen_fd);
    if (s->probe_mhd) /* probes are answered (draining) until the main listener is gone */
        MHD_stop_daemon(s->probe_mhd);
    s->probe_mhd = NULL;
    ad_edge_stop(&s->edge);
    ad_clients_free(&s->clients);
}
