/* Benchmark: answering a lesson step in-process (fresh sandbox per answer, as the daemon does).
 * Usage: bench_lesson [LESSONS_DIR [ITERATIONS]]; prints the median and p99 per answer kind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lessons.h"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void quiet(void *ud, const char *path, int line, const char *level, int step, const char *msg)
{
    (void)ud;
    (void)line;
    fprintf(stderr, "%s: step %d: %s: %s\n", path, step, level, msg);
}

static void bench(const arbl_book *reg, const char *id, int step, const char *answer, const char *lang, int n)
{
    const arbl_lesson *l = arbl_book_find(reg, id);
    if (!l) {
        fprintf(stderr, "no lesson %s\n", id);
        return;
    }
    double *t = malloc(sizeof *t * (size_t)n);
    arbl_result r;
    for (int i = 0; i < n; i++) {
        double t0 = now_us();
        arbl_lesson_answer(reg, l, step, answer, lang, &r);
        t[i] = now_us() - t0;
    }
    qsort(t, (size_t)n, sizeof *t, cmp);
    printf("%-18s step %d %-8s %-3s %-8s median %7.1f us  p99 %7.1f us\n", id, step, answer, lang,
           r.correct ? "correct" : "wrong", t[n / 2], t[n * 99 / 100]);
    free(t);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "lessons";
    int n = argc > 2 ? atoi(argv[2]) : 2000;
    arbl_book *reg = arbl_book_new(&arbl_lessons, NULL);
    double t0 = now_us();
    int loaded = arbl_book_load_dir(reg, dir, NULL, NULL, quiet, NULL);
    printf("loaded and checked %d lessons in %.1f ms\n", loaded, (now_us() - t0) / 1e3);
    bench(reg, "castling", 2, "O-O", "en", n); /* step 1 teaches */
    bench(reg, "castling", 2, "O-O-O", "fa", n);
    bench(reg, "check-three-ways", 4, "Ne5", "en", n);
    bench(reg, "check-three-ways", 2, "Ke2", "ar", n);
    bench(reg, "checkmate", 2, "true", "en", n);
    bench(reg, "sliding-pieces", 2, "d1 d2 d3 d5 d6 d7 d8 a4 b4 c4 e4 f4 g4 h4", "en", n);
    bench(reg, "illegal-positions", 2, "true", "fa", n);
    bench(reg, "castling-blocked", 11, "O-O-O", "en", n);
    bench(reg, "repetition", 3, "false", "en", n); /* step 1 teaches */
    bench(reg, "flag-fall", 3, "draw", "ar", n);
    bench(reg, "touch-move", 9, "Rh8+", "fa", n); /* the illegal-castling touch */
    arbl_book_free(reg);
    return 0;
}
