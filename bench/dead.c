/* Benchmark: decide both sides of every CHA test vector (total time, unknowns, disagreements),
 * and the median time of a dead/alive verdict on ordinary endgames.
 * Times are CPU seconds. Unknown verdicts are listed on stderr.
 * usage: bench_dead [PATH] (default: $ARB_CHA_VECTORS, then ../shared/data/cha/test-vector.txt) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arbiter.h"

/* CPU time of this (single-threaded) process: the machine is shared, wall time is noise. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Ordinary endgames, as they arise in real games (mostly alive, some dead). */
static const char *const endgames[] = {
    "8/8/4k3/8/2R5/8/3K4/8 w - - 0 1",         "8/5k2/8/3P4/8/8/2K5/8 w - - 0 1",
    "8/8/3k4/8/8/8/3K4/3N4 w - - 0 1",         "8/8/3k4/3n4/8/8/3K4/3R4 w - - 0 1",
    "8/8/3kb3/8/8/3B4/3K4/8 w - - 0 1",        "8/2k5/8/4r3/8/8/1K2R3/8 w - - 0 1",
    "8/6pk/8/8/8/8/5PPK/8 w - - 0 1",          "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/8/1k6/8/3Q4/8/5K2/7q b - - 0 1",        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/8/4k3/8/2B5/3K4/8 b - - 0 1",         "8/3k4/8/8/2B5/8/1N1K4/8 w - - 0 1",
    "8/8/5k2/8/8/2b5/5K2/4R3 w - - 0 1",       "2k5/8/8/8/8/8/2p5/2K5 w - - 0 1",
    "8/p7/8/8/8/8/7P/K6k w - - 0 1",           "8/1p4k1/8/8/8/8/1P4K1/8 b - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",          "8/8/8/2k5/8/8/4n3/4K3 w - - 0 1",
    "8/5b2/8/2k5/8/8/3B4/3K4 w - - 0 1",       "r7/5k2/8/8/8/8/5K2/7R b - - 0 1",
};

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : getenv("ARB_CHA_VECTORS");
    if (!path)
        path = "../shared/data/cha/test-vector.txt";
    /* Ordinary endgames first: median of many runs of each. */
    enum { REPS = 21 };
    size_t ne = sizeof endgames / sizeof *endgames;
    double *times = malloc(sizeof(double) * ne * REPS);
    size_t nt = 0;
    for (size_t i = 0; i < ne; i++) {
        arb_position pos;
        if (arb_position_from_fen(&pos, endgames[i], ARB_STANDARD, NULL) != ARB_OK) {
            fprintf(stderr, "bad endgame FEN %s\n", endgames[i]);
            continue;
        }
        for (int r = 0; r < REPS; r++) {
            arb_dead_result res;
            double t0 = now();
            arb_dead_position(&pos, 0, &res);
            times[nt++] = now() - t0;
        }
    }
    qsort(times, nt, sizeof *times, cmp_double);
    printf("ordinary endgames: %zu positions x %d runs, dead/alive median %.1f us, max %.1f us\n", ne, REPS,
           times[nt / 2] * 1e6, times[nt - 1] * 1e6);
    free(times);

    /* The automatic dead-position check: static proofs only (budget 1), on every ply. */
    static const char *const checked[] = {
        ARB_START_FEN,
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8", /* a middlegame */
    };
    for (size_t i = 0; i < sizeof checked / sizeof *checked; i++) {
        arb_position pos;
        if (arb_position_from_fen(&pos, checked[i], ARB_STANDARD, NULL) != ARB_OK)
            continue;
        enum { CALLS = 2000, ROUNDS = 15 };
        double round_us[ROUNDS];
        for (int k = 0; k < ROUNDS; k++) {
            double t0 = now();
            for (int c = 0; c < CALLS; c++) {
                arb_unwinnable_result r;
                arb_unwinnable(&pos, (arb_color)(c & 1), 1, &r);
            }
            round_us[k] = (now() - t0) * 1e6 / CALLS;
        }
        qsort(round_us, ROUNDS, sizeof *round_us, cmp_double);
        printf("automatic check (budget 1) %s: median %.2f us per call\n", i ? "middlegame" : "start position",
               round_us[ROUNDS / 2]);
    }

    FILE *f = fopen(path, "r");
    if (!f) {
        printf("CHA vectors not found at %s: skipped\n", path);
        return 0;
    }
    char line[512];
    long n = 0, right = 0, wrong = 0, unknown = 0;
    double total = 0, worst = 0;
    double *per = malloc(sizeof(double) * 4096);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 4)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char fen[300] = "";
        char *save = NULL, *tok = strtok_r(line + 3, " ", &save);
        for (int field = 0; field < 4; field++) {
            strcat(fen, field ? " " : "");
            strcat(fen, tok ? tok : "-");
            if (tok)
                tok = strtok_r(NULL, " ", &save);
        }
        arb_position pos;
        if (arb_position_from_fen(&pos, fen, ARB_STANDARD, NULL) != ARB_OK)
            continue;
        double t0 = now();
        for (int c = 0; c < 2; c++) {
            arb_unwinnable_result r;
            arb_unwinnable(&pos, (arb_color)c, 0, &r);
            bool can = line[c] != '-';
            if (r.verdict == ARB_WIN_UNKNOWN) {
                unknown++;
                fprintf(stderr, "unknown %s %s %s\n", c ? "black" : "white", line, fen);
            }
            else if ((r.verdict == ARB_WIN_POSSIBLE) == can)
                right++;
            else {
                wrong++;
                fprintf(stderr, "WRONG %s %s %s\n", c ? "black" : "white", line, fen);
            }
        }
        double t = now() - t0;
        if (n < 4096)
            per[n] = t;
        n++;
        total += t;
        if (t > worst)
            worst = t;
    }
    fclose(f);
    long m = n < 4096 ? n : 4096;
    qsort(per, (size_t)m, sizeof *per, cmp_double);
    printf("CHA vectors: %ld positions, both sides: %ld right, %ld wrong, %ld unknown\n", n, right, wrong, unknown);
    printf("CHA vectors: total %.2f s, median %.3f ms per position (both sides), max %.1f ms\n", total,
           m ? per[m / 2] * 1e3 : 0.0, worst * 1e3);
    free(per);
    return wrong ? 1 : 0;
}
