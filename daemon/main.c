/* arbiterd: settings, signals and lifecycle. SIGTERM/SIGINT drain and exit 0, SIGHUP reloads
 * the lessons directory (lessons, quizzes, puzzles); systemd is told READY/RELOADING/STOPPING
 * and pinged for its watchdog. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "scratch.h"
#include "sd.h"
#include "server.h"
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

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
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

static void reload(ad_server *s)
{
    ad_sd_notify("RELOADING=1");
    load(s);
    atomic_fetch_add(&s->metrics.reloads, 1);
    ad_sd_notify("READY=1");
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
    load(&srv);
    if (!ad_server_start(&srv)) {
        ad_lessons_free(&srv.lessons);
        return 1;
    }
    ad_log(AD_LOG_WARN, "listening on port %u, %ld threads%s%s", ad_server_port(&srv), srv.cfg.threads,
           srv.cfg.config_path[0] ? ", config " : "", srv.cfg.config_path);
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
    int64_t changed_at = 0;
    if (watch && (wait.tv_sec > 0 || wait.tv_nsec > WATCH_POLL_MS * 1000000L))
        wait = (struct timespec){0, WATCH_POLL_MS * 1000000L};
    for (;;) {
        int sig = sigtimedwait(&set, NULL, &wait);
        if (watch && ad_watch_changed(watch))
            changed_at = now_ms();
        if (sig == SIGTERM || sig == SIGINT) {
            ad_log(AD_LOG_WARN, "%s: draining %ld requests in flight", sig == SIGTERM ? "SIGTERM" : "SIGINT",
                   atomic_load(&srv.inflight));
            break;
        }
        if (sig == SIGHUP) {
            ad_log(AD_LOG_WARN, "SIGHUP: reloading lessons, quizzes and puzzles");
            reload(&srv);
        } else if (changed_at && now_ms() - changed_at >= WATCH_QUIET_MS) {
            changed_at = 0;
            ad_log(AD_LOG_WARN, "--watch: a file changed: reloading lessons, quizzes and puzzles");
            reload(&srv);
        }
        if (watchdog)
            ad_sd_notify("WATCHDOG=1");
    }
    ad_sd_notify("STOPPING=1\nSTATUS=draining");
    ad_watch_close(watch);
    ad_server_drain_and_stop(&srv);
    ad_lessons_free(&srv.lessons);
    ad_log(AD_LOG_WARN, "stopped");
    return 0;
}
