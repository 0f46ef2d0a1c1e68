/* Solver speed: median time of arb_mate_in over the bundled mate-in-1/2/3 puzzles, per N, and
 * the derived questions per second. Usage: bench_solver [PUZZLE_FILE] [RUNS] (default 5). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arbiter.h"

#define MAX_PUZZLES 512

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : ARB_PUZZLE_FILE;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    if (runs < 1)
        runs = 1;
    FILE *fp = fopen(path, "r");
    if (!fp) {
        fprintf(stderr, "bench_solver: cannot open %s\n", path);
        return 2;
    }
    static arb_position pos[MAX_PUZZLES];
    static int nmoves[MAX_PUZZLES];
    int count = 0;
    char line[2048];
    while (fgets(line, sizeof line, fp) && count < MAX_PUZZLES) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *f1 = strchr(line, '|'), *f2 = f1 ? strchr(f1 + 1, '|') : NULL, *f3 = f2 ? strchr(f2 + 1, '|') : NULL;
        if (!f3)
            continue;
        *f3 = '\0';
        nmoves[count] = atoi(f1 + 1);
        if (arb_position_from_fen(&pos[count], f2 + 1 + (f2[1] == ' '), ARB_STANDARD, NULL) == ARB_OK)
            count++;
    }
    fclose(fp);
    printf("%-8s %6s %12s %12s %12s %14s\n", "N", "count", "median ms", "max ms", "median nodes", "solves/s (med)");
    for (int n = 1; n <= 3; n++) {
        static double times[MAX_PUZZLES];
        static double nodes[MAX_PUZZLES];
        int k = 0;
        for (int i = 0; i < count; i++) {
            if (nmoves[i] != n)
                continue;
            double best = 1e9;
            arb_mate_result r;
            for (int run = 0; run < runs; run++) {
                double t0 = now();
                arb_status st = arb_mate_in(&pos[i], n, 0, &r);
                double t = now() - t0;
                if (st != ARB_OK || !r.mate || r.length != n) {
                    fprintf(stderr, "bench_solver: puzzle %d is not a mate in %d\n", i, n);
                    return 1;
                }
                best = t < best ? t : best; /* per puzzle: the best of RUNS (noise on a shared machine) */
            }
            times[k] = best;
            nodes[k++] = (double)r.nodes;
        }
        if (!k)
            continue;
        qsort(times, (size_t)k, sizeof times[0], cmp_double);
        qsort(nodes, (size_t)k, sizeof nodes[0], cmp_double);
        double med = times[k / 2];
        printf("mate-in-%d %5d %12.3f %12.3f %12.0f %14.0f\n", n, k, med * 1e3, times[k - 1] * 1e3, nodes[k / 2],
               1.0 / med);
    }
    printf("(arb_mate_in with key listing and main line; best of %d runs per puzzle, median over puzzles)\n", runs);
    return 0;
}
