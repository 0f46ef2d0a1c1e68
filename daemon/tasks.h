/* How many threads arbiterd starts, and the task limit it runs under (a cgroup's pids.max, which
 * is systemd's TasksMax, or RLIMIT_NPROC): the counts left at 0 in the settings are chosen to fit,
 * and settings that cannot fit are refused at start with the numbers, instead of libmicrohttpd
 * failing to start its threads (which under systemd is a restart loop). */
#ifndef AD_TASKS_H
#define AD_TASKS_H

#include <stdbool.h>

#include "config.h"

/* threads = 0 means one polling thread per core, at most this many (and four work threads each);
 * set in daemon/meson.build, which derives the systemd unit's TasksMax from it. */
#ifndef AD_AUTO_THREADS_MAX
#define AD_AUTO_THREADS_MAX 16
#endif

/* Tasks arbiterd runs once serving: the polling threads, the work threads, the probe listener's
 * polling thread, and its own four (main, the connection guard, the work queue's watchdog, the
 * signal watcher of a reload). A reload's parallel loading adds up to threads - 1 more for its
 * duration, and takes fewer when the limit says so. */
long ad_tasks_needed(long threads, long work_threads, bool probe);

/* The cores arbiterd sizes its threads by: ARBITERD_CPUS when set (a container whose CPU quota it
 * cannot see; tests), else the CPUs it may run on. */
long ad_cpu_count(void);

/* The tasks this process may have in all (its own threads counted), or -1 for no limit. */
long ad_task_limit(void);

/* Resolves cfg->threads and cfg->script_threads left at 0 so that ad_tasks_needed fits
 * ad_task_limit(); false (with an error logged naming the numbers) when the configured ones do not. */
bool ad_tasks_fit(ad_config *cfg);

#endif
