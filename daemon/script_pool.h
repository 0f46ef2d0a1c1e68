/* Work threads that run the requests which run scripts (lesson answers, quizzes, puzzle checks)
 * or searches (perft, dead positions), so that libmicrohttpd's polling threads never wait for
 * one: a connection is suspended while its handler runs here and resumed when the answer is ready. A bounded queue: when it is full the
 * request is refused (503) rather than waiting behind every script before it. */
#ifndef AD_SCRIPT_POOL_H
#define AD_SCRIPT_POOL_H

#include <stdbool.h>

typedef struct ad_script_pool ad_script_pool;

/* Starts threads workers with room for queue_max waiting jobs; NULL if no thread started. */
ad_script_pool *ad_script_pool_start(int threads, int queue_max);

/* Queues fn(arg); false when the queue is full or the pool is stopping (fn is not called). */
bool ad_script_pool_submit(ad_script_pool *p, void (*fn)(void *), void *arg);

/* Runs what is queued, then stops and joins the workers and frees the pool. */
void ad_script_pool_stop(ad_script_pool *p);

#endif
