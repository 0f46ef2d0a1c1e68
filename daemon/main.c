/* arbiterd: settings, signals and lifecycle. SIGTERM/SIGINT drain (health 503 at once, the
 * socket closed after drain-grace) and exit 0, SIGHUP reloads the lessons directory (lessons,
 * quizzes, puzzles); systemd is told READY/RELOADING/STOPPING and pinged for its watchdog while
 * no polling thread is stalled (edge.h). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "scratch.h"
#include "sd.h"
#include "server.h"

/* Loads the lessons directory into a new set and counts what it refused. */
static void load(ad_server *s)
{
    ad_load_failures failed;
    ad_lessons_reload(&s->lessons, &failed);
    atomic_fetch_add(&s->metrics.lesson_failures, (unsigned long)failed.lessons);
    atomic_fetch_add(&s->metrics.quiz_failures, (unsigned long)failed.quizzes);
    atomic_fetch_add(&s->metrics.puzzle_failures, (unsigned long)failed.puzzles);
}

/* Each connection needs a descriptor; beyond them the listener, epoll and lesson files. Raises
 * the soft limit up to the hard one if needed, and says so if even that is too small. */
static void ensure_fd_limit(long max_connections)
{
    struct rlimit rl;
    rlim_t need = (rlim_t)max_connections + 64;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= need)
        return;
    rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= need ? need : rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < need)
        ad_log(AD_LOG_WARN, "open-file limit %llu is below max-connections + 64 (%llu): connections past it wait "
                            "(raise LimitNOFILE or ulimit -n)", (unsigned long long)rl.rlim_cur, (unsigned long long)need);
}

static void reload(ad_server *s)
{
    ad_sd_notify("RELOADING=1");
    load(s);
    atomic_fetch_add(&s->metrics.reloads, 1);
    ad_sd_notify("READY=1");
}

static uint64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The drain's first phase: not ready (health 503 "draining") but still serving everything, for
 * drain-grace seconds, so load balancers notice and stop sending before the socket closes. A
 * second SIGTERM/SIGINT cuts it short. */
static void drain_grace(ad_server *s, const sigset_t *set, struct timespec wait, bool watchdog)
{
    ad_server_begin_drain(s);
    if (s->cfg.drain_grace <= 0)
        return;
    ad_log(AD_LOG_WARN, "not ready: serving %ld s more before closing the socket", s->cfg.drain_grace);
    uint64_t end = monotonic_ms() + (uint64_t)s->cfg.drain_grace * 1000u;
    while (monotonic_ms() < end) {
        int sig = sigtimedwait(set, NULL, &wait);
        if (sig == SIGTERM || sig == SIGINT)
            break;
        if (sig == SIGHUP)
            reload(s);
        if (watchdog)
            ad_sd_notify("WATCHDOG=1");
    }
}

int main(int argc, char **argv)
{
    static ad_server srv; /* large (metrics); lives for the whole process */
    ad_scratch_install(); /* before any jansson value exists */
    int r = ad_config_load(&srv.cfg, argc, argv);
    if (r != 0)
        return r > 0 ? 0 : 2;
    ad_log_init((int)srv.cfg.log_level);
    if (srv.cfg.threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        srv.cfg.threads = n > 0 ? n : 1;
    }

    /* Signals are taken synchronously by this thread; the server threads inherit the mask. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);

    ad_script_limits limits = {(size_t)srv.cfg.lesson_memory, (uint64_t)srv.cfg.lesson_instructions,
                               (uint32_t)srv.cfg.lesson_time_ms};
    ad_lessons_init(&srv.lessons, srv.cfg.lessons, &limits);
    srv.lessons.quiz_limits = (ad_script_limits){(size_t)srv.cfg.quiz_memory, (uint64_t)srv.cfg.quiz_instructions,
                                                 (uint32_t)srv.cfg.quiz_time_ms};
    srv.lessons.cache_entries = (size_t)srv.cfg.lesson_cache_entries;
    srv.lessons.cache_bytes = (size_t)srv.cfg.lesson_cache_bytes;
    ensure_fd_limit(srv.cfg.max_connections);
    load(&srv);
    if (!ad_server_start(&srv)) {
        ad_lessons_free(&srv.lessons);
        return 1;
    }
    ad_log(AD_LOG_WARN, "listening on port %u, %ld threads%s%s", ad_server_port(&srv), srv.cfg.threads,
           srv.cfg.config_path[0] ? ", config " : "", srv.cfg.config_path);
    if (srv.probe_port)
        ad_log(AD_LOG_WARN, "probes (health, metrics) also on port %u", srv.probe_port);
    if (srv.cfg.print_port) {
        printf("%u\n", ad_server_port(&srv));
        fflush(stdout);
    }
    ad_sd_notify("READY=1\nSTATUS=serving");

    uint64_t watchdog = ad_sd_watchdog_usec();
    struct timespec wait = {1, 0};
    if (watchdog && watchdog / 2 < 1000000u)
        wait = (struct timespec){0, (long)(watchdog / 2 * 1000u)};
    for (;;) {
        int sig = sigtimedwait(&set, NULL, &wait);
        if (sig == SIGHUP) {
            ad_log(AD_LOG_WARN, "SIGHUP: reloading lessons, quizzes and puzzles");
            reload(&srv);
        } else if (sig == SIGTERM || sig == SIGINT) {
            ad_log(AD_LOG_WARN, "%s: draining %ld requests in flight", sig == SIGTERM ? "SIGTERM" : "SIGINT",
                   atomic_load(&srv.inflight));
            break;
        }
        if (watchdog && ad_edge_stalled(&srv.edge) == 0) /* a hung polling thread gets us restarted */
            ad_sd_notify("WATCHDOG=1");
    }
    ad_sd_notify("STOPPING=1\nSTATUS=draining");
    drain_grace(&srv, &set, wait, watchdog != 0);
    ad_server_drain_and_stop(&srv);
    ad_lessons_free(&srv.lessons);
    ad_log(AD_LOG_WARN, "stopped");
    return 0;
}
