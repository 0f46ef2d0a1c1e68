/* arbiterd: settings, signals and lifecycle. SIGTERM/SIGINT drain (health 503 at once, the
 * socket closed after drain-grace) and exit 0, SIGHUP reloads the lessons directory (lessons,
 * quizzes, puzzles); systemd is told READY/RELOADING/STOPPING and pinged for its watchdog while
 * no polling thread is stalled (edge.h). */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
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
#include "tasks.h"
#include "watch.h"

/* Loads the lessons directory into a new set and counts what it refused. */
static void load(ad_server *s)
{
    ad_load_failures failed;
    ad_lessons_reload(&s->lessons, &failed);
    atomic_fetch_add(&s->metrics.lesson_failures, (unsigned long)failed.lessons);
    atomic_fetch_add(&s->metrics.quiz_failures, (unsigned long)failed.quizzes);
    atomic_fetch_add(&s->metrics.puzzle_failures, (unsigned long)failed.puzzles);
}

/* --check-lessons DIR: the dry run; the exit status of the process. */
static int check_lessons(const ad_config *cfg)
{
#ifdef AD_HAVE_LUA
    ad_script_limits lessons = {(size_t)cfg->lesson_memory, (uint64_t)cfg->lesson_instructions,
                                (uint32_t)cfg->lesson_time_ms};
    ad_script_limits quizzes = {(size_t)cfg->quiz_memory, (uint64_t)cfg->quiz_instructions,
                                (uint32_t)cfg->quiz_time_ms};
    int failed = ad_lessons_lua_check(cfg->check_lessons, &lessons, &quizzes);
    return failed < 0 ? 2 : failed > 0 ? 1 : 0;
#else
    fprintf(stderr, "arbiterd: built without Lua: lessons are not checked (%s)\n", cfg->check_lessons);
    return 2;
#endif
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

/* While the main thread loads (start-up or SIGHUP), a helper thread takes the signals: SIGTERM
 * or SIGINT stops the scripts being loaded at once (through the lessons' cancel flag) so that
 * the process can drain and exit; a SIGHUP that comes meanwhile is remembered. */
struct load_watch {
    sigset_t set;
    atomic_bool done;
    atomic_bool *cancel;
    atomic_int stop_signal;  /* SIGTERM or SIGINT taken during the load, else 0 */
    atomic_bool hup;         /* a SIGHUP came during the load */
};

static void *watch_signals(void *arg)
{
    struct load_watch *w = arg;
    struct timespec tick = {0, 20 * 1000 * 1000};
    while (!atomic_load(&w->done)) {
        int sig = sigtimedwait(&w->set, NULL, &tick);
        if (sig == SIGTERM || sig == SIGINT) {
            atomic_store(&w->stop_signal, sig);
            atomic_store(w->cancel, true);
        } else if (sig == SIGHUP) {
            atomic_store(&w->hup, true);
        }
    }
    return NULL;
}

/* Loads with the watcher running; returns the stop signal taken meanwhile (0: none) and sets
 * *hup when a reload was asked for meanwhile. */
static int load_watched(ad_server *s, const sigset_t *set, atomic_bool *cancel, bool *hup)
{
    struct load_watch w = {.set = *set, .cancel = cancel};
    atomic_init(&w.done, false);
    atomic_init(&w.stop_signal, 0);
    atomic_init(&w.hup, false);
    pthread_t thread;
    bool watching = pthread_create(&thread, NULL, watch_signals, &w) == 0;
    load(s);
    if (watching) {
        atomic_store(&w.done, true);
        pthread_join(thread, NULL);
    }
    *hup = atomic_load(&w.hup);
    return atomic_load(&w.stop_signal);
}

static int reload(ad_server *s, const sigset_t *set, atomic_bool *cancel)
{
    bool again = true;
    int stop = 0;
    while (again && !stop) {
        ad_sd_notify("RELOADING=1");
        stop = load_watched(s, set, cancel, &again);
        atomic_fetch_add(&s->metrics.reloads, 1);
        ad_sd_notify("READY=1");
        if (again && !stop)
            ad_log(AD_LOG_WARN, "SIGHUP during the reload: reloading again");
    }
    return stop;
}

/* Set while loading when SIGTERM comes: the scripts being loaded stop (see load_watched). */
static atomic_bool load_cancel;

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
        if (sig == SIGHUP && reload(s, set, &load_cancel))
            break; /* a SIGTERM during that reload */
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
    if (srv.cfg.check_lessons[0])
        return check_lessons(&srv.cfg);
    if (!ad_tasks_fit(&srv.cfg)) /* threads and script-threads: 0 resolved within the task limit */
        return 1;

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
    srv.lessons.cancel = &load_cancel;
    bool hup_at_start;
    int stop = load_watched(&srv, &set, &load_cancel, &hup_at_start);
    if (stop) {
        ad_log(AD_LOG_WARN, "%s while loading the lessons: stopped", stop == SIGTERM ? "SIGTERM" : "SIGINT");
        ad_lessons_free(&srv.lessons);
        return 0;
    }
    if (!ad_server_start(&srv)) {
        ad_lessons_free(&srv.lessons);
        return 1;
    }
    /* news, not a warning: at info (the default level), like the lessons' load lines */
    ad_log(AD_LOG_INFO, "listening on port %u, %ld polling thread%s%s%s", ad_server_port(&srv), srv.cfg.threads,
           srv.cfg.threads == 1 ? "" : "s", srv.cfg.config_path[0] ? ", config " : "", srv.cfg.config_path);
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
    /* --watch: a change reloads once the directory has been quiet for a moment (an editor's save
     * is several events; a copy of many files, many more). */
    enum { WATCH_POLL_MS = 100, WATCH_QUIET_MS = 300 };
    ad_watch *watch = srv.cfg.watch ? ad_watch_open(srv.cfg.lessons) : NULL;
    uint64_t changed_at = 0;
    if (watch && (wait.tv_sec > 0 || wait.tv_nsec > WATCH_POLL_MS * 1000000L))
        wait = (struct timespec){0, WATCH_POLL_MS * 1000000L};
    for (;;) {
        int sig = hup_at_start ? SIGHUP : sigtimedwait(&set, NULL, &wait);
        hup_at_start = false;
        if (watch && ad_watch_changed(watch))
            changed_at = monotonic_ms();
        if (sig != SIGHUP && changed_at && monotonic_ms() - changed_at >= WATCH_QUIET_MS) {
            changed_at = 0;
            ad_log(AD_LOG_WARN, "--watch: a file changed: reloading lessons, quizzes and puzzles");
            sig = reload(&srv, &set, &load_cancel);
        } else if (sig == SIGHUP) {
            ad_log(AD_LOG_WARN, "SIGHUP: reloading lessons, quizzes and puzzles");
            sig = reload(&srv, &set, &load_cancel);
        }
        if (sig == SIGTERM || sig == SIGINT) {
            ad_log(AD_LOG_WARN, "%s: draining %ld requests in flight", sig == SIGTERM ? "SIGTERM" : "SIGINT",
                   atomic_load(&srv.inflight));
            break;
        }
        if (watchdog && ad_edge_stalled(&srv.edge) == 0) /* a hung polling thread gets us restarted */
            ad_sd_notify("WATCHDOG=1");
    }
    ad_sd_notify("STOPPING=1\nSTATUS=draining");
    ad_watch_close(watch);
    drain_grace(&srv, &set, wait, watchdog != 0);
    ad_server_drain_and_stop(&srv);
    ad_lessons_free(&srv.lessons);
    ad_log(AD_LOG_WARN, "stopped");
    return 0;
}
