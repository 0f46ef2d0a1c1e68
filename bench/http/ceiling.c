/* http_ceiling: the fastest answer libmicrohttpd gives on this machine, for bench/http/run.sh.
 * The same MHD set-up as arbiterd (internal polling thread(s), epoll) reading the request body
 * and sending a constant JSON reply: no JSON parsing, no chess. Whatever arbiterd does on top
 * costs time, so arbiterd's requests/s can only approach this one's; the bench prints it so the
 * ratio to the reference servers has its upper bound beside it. (MHD_USE_TURBO measured 3-10%
 * more here on this constant reply and no difference on arbiterd's requests: left out of both.)
 * Usage: http_ceiling PORT [THREADS]   (loopback only; runs until killed) */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char reply[] = "{\"move\":\"Bb5\",\"legal\":true,\"uci\":\"f1b5\",\"san\":\"Bb5\"}";

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *data, size_t *size, void **state)
{
    (void)cls, (void)url, (void)method, (void)version, (void)data;
    static int seen;
    if (*state == NULL) { /* the headers: ask for the body */
        *state = &seen;
        return MHD_YES;
    }
    if (*size) { /* a piece of the body: consumed */
        *size = 0;
        return MHD_YES;
    }
    struct MHD_Response *r = MHD_create_response_from_buffer(sizeof reply - 1, (void *)reply,
                                                             MHD_RESPMEM_PERSISTENT);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", "application/json");
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: http_ceiling PORT [THREADS]\n");
        return 2;
    }
    int port = atoi(argv[1]);
    unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 1;
    if (port <= 0 || port > 65535) {
        fprintf(stderr, "http_ceiling: bad port %s\n", argv[1]);
        return 2;
    }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_BLOCK, &set, NULL); /* before the threads start: they inherit it */
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    struct MHD_Daemon *d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)port,
                                            NULL, NULL, on_request, NULL,
                                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                                            MHD_OPTION_THREAD_POOL_SIZE, threads > 1 ? threads : 0u,
                                            MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "http_ceiling: libmicrohttpd could not start on port %d\n", port);
        return 1;
    }
    int sig;
    sigwait(&set, &sig);
    MHD_stop_daemon(d);
    return 0;
}
