/* The script threads: a fixed ring of jobs under one mutex, workers waiting on a condition. */
#define _GNU_SOURCE /* gettid for a thread's own priority */
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "script_pool.h"

struct job {
    void (*fn)(void *);
    void *arg;
};

struct ad_script_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    struct job *ring;
    int cap, head, count;
    bool stopping;
    int nthreads;
    pthread_t *threads;
};

/* Scripts yield the cores to the polling threads (health probes, cheap endpoints): a script
 * runs to a wall-clock budget whatever its share of the CPU, a probe must not wait for it. */
#define SCRIPT_NICE 10

static void *work(void *arg)
{
    ad_script_pool *p = arg;
#ifdef __linux__
    setpriority(PRIO_PROCESS, (id_t)gettid(), SCRIPT_NICE); /* Linux: a thread's own nice value */
#endif
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->count == 0 && !p->stopping)
            pthread_cond_wait(&p->ready, &p->lock);
        if (p->count == 0)
            break; /* stopping, and nothing left */
        struct job j = p->ring[p->head];
        p->head = (p->head + 1) % p->cap;
        p->count--;
        pthread_mutex_unlock(&p->lock);
        j.fn(j.arg);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

ad_script_pool *ad_script_pool_start(int threads, int queue_max)
{
    ad_script_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->cap = queue_max > 0 ? queue_max : 1;
    p->ring = calloc((size_t)p->cap, sizeof *p->ring);
    p->threads = calloc((size_t)(threads > 0 ? threads : 1), sizeof *p->threads);
    if (!p->ring || !p->threads) {
        free(p->ring);
        free(p->threads);
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    for (int i = 0; i < (threads > 0 ? threads : 1); i++)
        if (pthread_create(&p->threads[p->nthreads], NULL, work, p) == 0)
            p->nthreads++;
    if (p->nthreads == 0) {
        ad_script_pool_stop(p);
        return NULL;
    }
    return p;
}

bool ad_script_pool_submit(ad_script_pool *p, void (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&p->lock);
    bool ok = !p->stopping && p->count < p->cap;
    if (ok) {
        p->ring[(p->head + p->count) % p->cap] = (struct job){fn, arg};
        p->count++;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    return ok;
}

void ad_script_pool_stop(ad_script_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p->ring);
    free(p->threads);
    free(p);
}
