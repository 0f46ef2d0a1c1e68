/* Watching the lessons directory for changes (inotify), so that an author's saved edit is
 * reloaded without a SIGHUP (--watch). Used by the main thread only. */
#ifndef AD_WATCH_H
#define AD_WATCH_H

#include <stdbool.h>

typedef struct ad_watch ad_watch;

/* Watches dir and its quizzes/ and puzzles/ subdirectories (those that exist); NULL (with the
 * reason logged) if inotify is not available. */
ad_watch *ad_watch_open(const char *dir);

/* Reads the events that arrived without waiting; true if a file was written, created, moved
 * or removed since the last call. */
bool ad_watch_changed(ad_watch *w);

void ad_watch_close(ad_watch *w);

#endif
