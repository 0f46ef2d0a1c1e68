/* Benchmark: quiz generation and grading in-process on one thread, per generator and level,
 * in questions per second of CPU time (CLOCK_PROCESS_CPUTIME_ID: per core, whatever else the
 * machine runs) and of wall time; also for an index range (every index, repeats kept: what the
 * shardable `arbiter quiz generate --indices` does). Usage: bench_quiz [QUIZ_DIR [COUNT [GENERATOR]]]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "quizzes.h"

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void report(void *ud, const char *path, int line, const char *level, int step, const char *msg)
{
    (void)ud;
    (void)line;
    (void)step;
    fprintf(stderr, "%s: %s: %s\n", path, level, msg);
}

static bool count_one(void *ud, const arbl_question *q)
{
    (void)q;
    (*(long *)ud)++;
    return true;
}

static bool keep_id(void *ud, const arbl_question *q)
{
    char *ids = ud;
    strcpy(ids, q->id);
    return false;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "lessons/quizzes";
    long count = argc > 2 ? atol(argv[2]) : 2000;
    const char *only = argc > 3 ? argv[3] : NULL;
    arbl_book *book = arbl_book_new(&arbl_quizzes, NULL);
    if (arbl_book_load_dir(book, dir, NULL, NULL, report, NULL) < 1) {
        fprintf(stderr, "no quizzes in %s\n", dir);
        return 1;
    }
    static const char *const levels[] = {"easy", "medium", "hard"};
    printf("%-15s %-7s %9s %12s %12s %16s %14s\n", "generator", "level", "questions", "q/s (cpu)", "q/s (wall)",
           "range q/s (cpu)", "grade us (cpu)");
    for (int i = 0; i < arbl_book_count(book); i++) {
        const arbl_quiz *quiz = arbl_book_at(book, i);
        if (only && strcmp(only, quiz->id) != 0)
            continue;
        for (int l = 0; l < 3; l++) {
            arbl_quiz_args args;
            memset(&args, 0, sizeof args);
            char err[512];
            arbl_quiz_args_set(quiz, &args, "difficulty", levels[l], err, sizeof err);
            arbl_quiz_error e;
            long made = 0;
            double c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID), w0 = clock_s(CLOCK_MONOTONIC);
            long n = arbl_quiz_generate(book, quiz, 2024, 0, count, &args, "en", count_one, &made, &e, err, sizeof err);
            double cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0, wall = clock_s(CLOCK_MONOTONIC) - w0;
            if (n < 0) {
                fprintf(stderr, "%s: %s\n", quiz->id, err);
                continue;
            }
            /* An index range, as `arbiter quiz generate --indices` makes shards (every index,
             * repeats kept), over as many indices. */
            long by_index = 0;
            double i0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
            arbl_quiz_generate_range(book, quiz, 2024, 0, count, &args, "en", count_one, &by_index, &e, err, sizeof err);
            double idx_cpu = clock_s(CLOCK_PROCESS_CPUTIME_ID) - i0;
            /* Grading: 200 answers to one question (fresh sandbox each, as the daemon does). */
            char id[ARBL_QUIZ_ID_MAX] = "";
            arbl_quiz_generate(book, quiz, 2024, 0, 1, &args, "en", keep_id, id, &e, err, sizeof err);
            arbl_grade *g = malloc(sizeof *g);
            double g0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
            for (int k = 0; k < 200; k++)
                arbl_quiz_grade(book, id, "zzz", "en", g);
            double grade_us = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - g0) / 200 * 1e6;
            free(g);
            printf("%-15s %-7s %9ld %12.0f %12.0f %16.0f %14.0f\n", quiz->id, levels[l], made, made / cpu, made / wall,
                   by_index / idx_cpu, grade_us);
        }
    }
    arbl_book_free(book);
    return 0;
}
