/* Thread counts and the task limit (tasks.h). The limit is read from the process's pids cgroup
 * (cgroup v2 "0::/path" → /sys/fs/cgroup/path/pids.max; v1 "N:pids:/path" →
 * /sys/fs/cgroup/pids/path/pids.max), less what else is in that cgroup now, and from
 * RLIMIT_NPROC for a process that is not root (systemd's DynamicUser gives the service a user of
 * its own, so that limit is its own too). */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "log.h"
#include "tasks.h"

long ad_tasks_needed(long threads, long work_threads, bool probe)
{
    return threads + work_threads + (probe ? 1 : 0) + 4;
}

long ad_cpu_count(void)
{
    const char *env = getenv("ARBITERD_CPUS");
    if (env && *env) {
        char *end;
        long n = strtol(env, &end, 10);
        if (*end == '\0' && n >= 1 && n <= 4096)
            return n;
        ad_log(AD_LOG_WARN, "ARBITERD_CPUS='%s' is not a core count from 1 to 4096: ignored", env);
    }
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? n : 1;
}

/* A number in a one-line file ("max": -1), or -2 if it cannot be read. */
static long read_number(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -2;
    char line[64] = "";
    bool ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok)
        return -2;
    if (strncmp(line, "max", 3) == 0)
        return -1;
    char *end;
    long n = strtol(line, &end, 10);
    return end != line && n >= 0 ? n : -2;
}

/* This process's threads now. */
static long own_threads(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    long n = 1;
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "Threads:", 8) == 0)
            n = strtol(line + 8, NULL, 10);
    if (f)
        fclose(f);
    return n > 0 ? n : 1;
}

/* The pids cgroup's limit for this process: pids.max less the other tasks in the cgroup. */
static long cgroup_limit(void)
{
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f)
        return -1;
    char line[1024], dir[1200] = "";
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2)
            continue;
        *c1 = *c2 = '\0';
        const char *controllers = c1 + 1, *path = c2 + 1;
        if (strcmp(line, "0") == 0 && controllers[0] == '\0') {
            if (!dir[0]) /* v2, unless a v1 pids hierarchy is mounted too (it wins: it is the one enforced) */
                snprintf(dir, sizeof dir, "/sys/fs/cgroup%s", path);
        } else if (strstr(controllers, "pids")) {
            snprintf(dir, sizeof dir, "/sys/fs/cgroup/pids%s", path);
            break;
        }
    }
    fclose(f);
    if (!dir[0])
        return -1;
    char file[1300];
    snprintf(file, sizeof file, "%s/pids.max", dir);
    long max = read_number(file);
    if (max < 0)
        return -1;
    snprintf(file, sizeof file, "%s/pids.current", dir);
    long current = read_number(file);
    long mine = own_threads();
    return current >= mine ? max - (current - mine) : max;
}

long ad_task_limit(void)
{
    long limit = cgroup_limit();
    struct rlimit rl;
    if (geteuid() != 0 && getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur < (rlim_t)LONG_MAX && (limit < 0 || (long)rl.rlim_cur < limit))
        limit = (long)rl.rlim_cur;
    return limit;
}

bool ad_tasks_fit(ad_config *cfg)
{
    bool probe = cfg->probe_listen[0] != '\0';
    bool auto_threads = cfg->threads == 0, auto_work = cfg->script_threads == 0;
    long cpus = ad_cpu_count();
    long threads = auto_threads ? (cpus < AD_AUTO_THREADS_MAX ? cpus : AD_AUTO_THREADS_MAX) : cfg->threads;
    long work = auto_work ? 4 * threads : cfg->script_threads;
    long limit = ad_task_limit();
    /* What is left at 0 gives way: first the work threads (down to one per polling thread), then
     * the polling threads (with their work threads), then the last work threads. */
    while (limit >= 0 && ad_tasks_needed(threads, work, probe) > limit) {
        if (auto_work && work > threads)
            work--;
        else if (auto_threads && threads > 1) {
            threads--;
            if (auto_work)
                work = threads;
        }
        else if (auto_work && work > 1)
            work--;
        else
            break;
    }
    long need = ad_tasks_needed(threads, work, probe);
    if (limit >= 0 && need > limit) {
        ad_log(AD_LOG_ERROR,
               "%ld polling and %ld work threads need %ld tasks, but this process may have %ld (the cgroup's "
               "pids.max, systemd's TasksMax, or RLIMIT_NPROC): raise the limit or lower threads / script-threads",
               threads, work, need, limit);
        return false;
    }
    if ((auto_threads || auto_work) && limit >= 0 &&
        (threads < (cpus < AD_AUTO_THREADS_MAX ? cpus : AD_AUTO_THREADS_MAX) || (auto_work && work < 4 * threads)))
        ad_log(AD_LOG_WARN, "%ld polling and %ld work threads to stay within the task limit of %ld (%ld cores)", threads,
               work, limit, cpus);
    cfg->threads = threads;
    cfg->script_threads = work;
    return true;
}
