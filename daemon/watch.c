/* Watching the lessons directory with inotify: which events count as a change, read without
 * blocking from the main loop. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "log.h"
#include "watch.h"

struct ad_watch {
    int fd;
};

/* A saved file (written and closed, or renamed into place as editors do), a new or removed one. */
#define CHANGE_EVENTS (IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

ad_watch *ad_watch_open(const char *dir)
{
    ad_watch *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0 || inotify_add_watch(w->fd, dir, CHANGE_EVENTS) < 0) {
        ad_log(AD_LOG_WARN, "--watch: cannot watch %s: %s; reload with SIGHUP", dir, strerror(errno));
        if (w->fd >= 0)
            close(w->fd);
        free(w);
        return NULL;
    }
    static const char *const subdirs[] = {"quizzes", "puzzles"};
    for (size_t i = 0; i < sizeof subdirs / sizeof *subdirs; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, subdirs[i]);
        inotify_add_watch(w->fd, path, CHANGE_EVENTS); /* a missing subdirectory is not watched */
    }
    ad_log(AD_LOG_WARN, "--watch: reloading when a file of %s changes", dir);
    return w;
}

bool ad_watch_changed(ad_watch *w)
{
    /* Aligned as inotify requires; events are only counted, their names do not matter. */
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    bool changed = false;
    ssize_t n;
    while ((n = read(w->fd, buf, sizeof buf)) > 0) {
        for (char *p = buf; p < buf + n;) {
            const struct inotify_event *e = (const struct inotify_event *)p;
            if (e->mask & (CHANGE_EVENTS | IN_Q_OVERFLOW))
                changed = true;
            p += sizeof *e + e->len;
        }
    }
    return changed;
}

void ad_watch_close(ad_watch *w)
{
    if (!w)
        return;
    close(w->fd);
    free(w);
}
