/* daemon/work_queue.c without HTTP: the order jobs run in (the addresses in turn, an address that
 * had nothing waiting first), the share of a full queue (the address with the most gives up its
 * newest), the search slots beside the other jobs, the wait's deadline and the stop. A job that
 * blocks on a gate holds the only thread while the others are queued, so the order is exact. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "work_queue.h"

struct tjob {
    ad_job job;
    const char *name;
    bool gate;                  /* runs until the test opens the gate */
    int ended;                  /* 0 not yet, 1 ran, 2 cancelled */
    ad_job_end why;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static bool gate_open;
static char order[256];
static int done;

static void run(ad_job *j)
{
    struct tjob *t = (struct tjob *)j;
    pthread_mutex_lock(&lock);
    strcat(order, t->name);
    strcat(order, " ");
    while (t->gate && !gate_open)
        pthread_cond_wait(&changed, &lock);
    t->ended = 1;
    pthread_mutex_unlock(&lock);
}

static void cancel(ad_job *j, ad_job_end why)
{
    struct tjob *t = (struct tjob *)j;
    pthread_mutex_lock(&lock);
    t->ended = 2;
    t->why = why;
    pthread_mutex_unlock(&lock);
}

static void resume(ad_job *j)
{
    (void)j;
    pthread_mutex_lock(&lock);
    done++;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
}

static void reset(void)
{
    pthread_mutex_lock(&lock);
    gate_open = false;
    order[0] = '\0';
    done = 0;
    pthread_mutex_unlock(&lock);
}

static void open_gate(void)
{
    pthread_mutex_lock(&lock);
    gate_open = true;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
}

/* Waits (at most 30 s: a loaded machine) until n jobs have ended; false if they did not. */
static bool wait_done(int n)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 30;
    pthread_mutex_lock(&lock);
    int rc = 0;
    while (done < n && rc == 0)
        rc = pthread_cond_timedwait(&changed, &lock, &until);
    bool ok = done >= n;
    pthread_mutex_unlock(&lock);
    return ok;
}

/* Waits until the job that holds the gate is running (it is the first in `order`). */
static bool wait_running(const char *name)
{
    for (int i = 0; i < 30000; i++) {
        pthread_mutex_lock(&lock);
        bool on = strncmp(order, name, strlen(name)) == 0;
        pthread_mutex_unlock(&lock);
        if (on)
            return true;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    return false;
}

static struct tjob job(const char *name, unsigned char address, bool search, bool gate)
{
    struct tjob t = {.name = name, .gate = gate};
    t.job.run = run;
    t.job.cancel = cancel;
    t.job.resume = resume;
    t.job.search = search;
    t.job.addr.len = 4;
    t.job.addr.bytes[0] = 10;
    t.job.addr.bytes[3] = address;
    return t;
}

static uint64_t now_us(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
}

static ad_work_verdict submit(ad_work_queue *q, struct tjob *t)
{
    return ad_work_submit(q, &t->job, now_us());
}

int main(void)
{
    ad_work_queue q;

    harness_begin("work_queue.addresses_in_turn");
    reset();
    CHECK(ad_work_start(&q, 1, 1, 16, 600000));
    struct tjob a0 = job("A0", 1, false, true), a[3], b[3];
    CHECK_INT(submit(&q, &a0), AD_WORK_QUEUED);
    CHECK(wait_running("A0"));
    const char *an[3] = {"A1", "A2", "A3"}, *bn[3] = {"B1", "B2", "B3"};
    for (int i = 0; i < 3; i++) {
        a[i] = job(an[i], 1, false, false);
        CHECK_INT(submit(&q, &a[i]), AD_WORK_QUEUED);
    }
    for (int i = 0; i < 3; i++) {
        b[i] = job(bn[i], 2, false, false);
        CHECK_INT(submit(&q, &b[i]), AD_WORK_QUEUED);
    }
    open_gate();
    CHECK(wait_done(7));
    /* B had nothing waiting when it came: its first job goes next, then the two take turns. */
    CHECK_MSG(strcmp(order, "A0 B1 A1 B2 A2 B3 A3 ") == 0, "order %s", order);
    ad_work_stop(&q);

    harness_begin("work_queue.full_queue_fair_share");
    reset();
    CHECK(ad_work_start(&q, 1, 1, 4, 600000));
    a0 = job("A0", 1, false, true);
    CHECK_INT(submit(&q, &a0), AD_WORK_QUEUED);
    CHECK(wait_running("A0"));
    struct tjob fa[5];
    const char *fn[5] = {"A1", "A2", "A3", "A4", "A5"};
    for (int i = 0; i < 4; i++) {
        fa[i] = job(fn[i], 1, false, false);
        CHECK_INT(submit(&q, &fa[i]), AD_WORK_QUEUED);
    }
    struct tjob b1 = job("B1", 2, false, false);
    CHECK_INT(submit(&q, &b1), AD_WORK_QUEUED); /* A's newest (A4) gives its place */
    CHECK_INT(fa[3].ended, 2);
    CHECK_INT(fa[3].why, AD_JOB_SHED);
    fa[4] = job(fn[4], 1, false, false);
    CHECK_INT(submit(&q, &fa[4]), AD_WORK_FULL); /* A has the most: refused, nothing shed */
    struct tjob b2 = job("B2", 2, false, false);
    CHECK_INT(submit(&q, &b2), AD_WORK_QUEUED); /* A (3) > B (1) + 1: A3 gives way */
    CHECK_INT(fa[2].ended, 2);
    struct tjob b3 = job("B3", 2, false, false);
    CHECK_INT(submit(&q, &b3), AD_WORK_FULL); /* A 2, B 2: B has its share */
    open_gate();
    CHECK(wait_done(7)); /* A0, A1, A2, B1, B2 ran; A3, A4 were shed (resumed too) */
    CHECK_MSG(strcmp(order, "A0 B1 A1 B2 A2 ") == 0, "order %s", order);
    CHECK_INT(atomic_load(&q.shed), 2);
    ad_work_stop(&q);

    harness_begin("work_queue.search_slots");
    reset();
    CHECK(ad_work_start(&q, 2, 1, 16, 600000));
    struct tjob s0 = job("S0", 1, true, true), s1 = job("S1", 2, true, false), t1 = job("T1", 3, false, false);
    CHECK_INT(submit(&q, &s0), AD_WORK_QUEUED);
    CHECK(wait_running("S0"));
    CHECK_INT(submit(&q, &s1), AD_WORK_QUEUED);
    CHECK_INT(submit(&q, &t1), AD_WORK_QUEUED);
    CHECK(wait_done(1)); /* the script runs on the second thread while the search holds the slot */
    CHECK_INT(t1.ended, 1);
    CHECK_INT(s1.ended, 0);
    CHECK_INT(ad_work_searches(&q), 1);
    open_gate();
    CHECK(wait_done(3));
    CHECK_MSG(strcmp(order, "S0 T1 S1 ") == 0, "order %s", order);
    CHECK_INT(ad_work_searches(&q), 0);
    ad_work_stop(&q);

    harness_begin("work_queue.deadline_and_stop");
    reset();
    CHECK(ad_work_start(&q, 1, 1, 16, 50)); /* a 50 ms wait */
    a0 = job("A0", 1, false, true);
    struct tjob late = job("L1", 2, false, false), stopped = job("X1", 3, false, false);
    CHECK_INT(submit(&q, &a0), AD_WORK_QUEUED);
    CHECK(wait_running("A0"));
    CHECK_INT(ad_work_submit(&q, &late.job, 0), AD_WORK_QUEUED); /* since 0: its deadline is long past */
    CHECK(wait_done(1));
    CHECK_INT(late.ended, 2);
    CHECK_INT(late.why, AD_JOB_TIMED_OUT);
    CHECK_INT(atomic_load(&q.timeouts), 1);
    pthread_mutex_lock(&q.lock);
    q.wait_ms = 600000; /* the next job waits long: the stop ends it */
    pthread_mutex_unlock(&q.lock);
    CHECK_INT(submit(&q, &stopped), AD_WORK_QUEUED);
    open_gate(); /* A0 ends; X1 may run or be cancelled by the stop: either way it ends once */
    ad_work_stop(&q);
    CHECK(wait_done(3));
    CHECK(stopped.ended == 1 || (stopped.ended == 2 && stopped.why == AD_JOB_STOPPING));
    return harness_finish();
}
