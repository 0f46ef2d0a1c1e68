/* Benchmark of the explanation layer: median time to explain an illegal move and to explain a
 * checkmate and a stalemate in full. Goals (issue 3): <= 20 us and <= 100 us. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "arbiter.h"

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#define RUNS 31
#define BATCH 2000

/* Median over RUNS batches of the per-call time, in microseconds. */
static double measure(int (*fn)(const void *), const void *arg)
{
    double t[RUNS];
    volatile int sink = 0;
    for (int r = 0; r < RUNS; r++) {
        double start = now_ns();
        for (int i = 0; i < BATCH; i++)
            sink += fn(arg);
        t[r] = (now_ns() - start) / BATCH / 1000.0;
    }
    (void)sink;
    qsort(t, RUNS, sizeof t[0], cmp);
    return t[RUNS / 2];
}

struct move_case {
    arb_position pos;
    int from, to;
};

static int explain_move(const void *arg)
{
    const struct move_case *c = arg;
    arb_reason r[ARB_EXPLAIN_MAX];
    return arb_explain_move(&c->pos, NULL, c->from, c->to, ARB_NO_TYPE, r, ARB_EXPLAIN_MAX);
}

static int explain_text(const void *arg)
{
    const arb_position *pos = arg;
    arb_reason r[ARB_EXPLAIN_MAX];
    return arb_explain_text(pos, NULL, "Bc4", NULL, r, ARB_EXPLAIN_MAX);
}

static int explain_status(const void *arg)
{
    arb_reason r[ARB_EXPLAIN_MAX];
    return arb_explain_status(arg, r, ARB_EXPLAIN_MAX);
}

static int explain_castling(const void *arg)
{
    arb_reason r[ARB_EXPLAIN_MAX];
    return arb_explain_castling(arg, NULL, ARB_WHITE, ARB_KINGSIDE, r, ARB_EXPLAIN_MAX);
}

static int validate(const void *arg)
{
    arb_reason r[ARB_VALIDATE_MAX];
    return arb_validate(arg, ARB_STANDARD, r, ARB_VALIDATE_MAX);
}

static void load(arb_position *pos, const char *fen)
{
    arb_reason why;
    if (arb_position_from_fen(pos, fen, ARB_STANDARD, &why) != ARB_OK) {
        fprintf(stderr, "bad FEN %s\n", fen);
        exit(1);
    }
}

int main(void)
{
    struct move_case pinned, blocked, king;
    load(&pinned.pos, "4k3/8/8/8/1b6/2N5/8/r3K3 w - - 0 1"); /* still in check and pinned */
    pinned.from = 18, pinned.to = 35;
    load(&blocked.pos, ARB_START_FEN); /* Ra1-a8: two pieces in the way */
    blocked.from = 0, blocked.to = 56;
    load(&king.pos, "4k3/8/8/8/8/8/2b5/r3K3 w - - 0 1"); /* king into two attacks */
    king.from = 4, king.to = 3;
    arb_position start, mate, smother, stale, kiwi;
    load(&start, ARB_START_FEN);
    load(&mate, "7k/7r/8/8/8/8/1B6/K5RR b - - 0 1");
    load(&smother, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    load(&stale, "k6b/2K3p1/1P4P1/8/8/8/8/8 b - - 0 1");
    load(&kiwi, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");

    printf("explanation benchmarks: median of %d batches of %d calls (microseconds per call)\n", RUNS, BATCH);
    printf("  illegal move, pinned + still in check   %8.3f us  (goal <= 20)\n", measure(explain_move, &pinned));
    printf("  illegal move, path blocked twice        %8.3f us  (goal <= 20)\n", measure(explain_move, &blocked));
    printf("  illegal king move into two attacks      %8.3f us  (goal <= 20)\n", measure(explain_move, &king));
    printf("  illegal SAN 'Bc4' (parse + 2 pieces)     %8.3f us  (goal <= 20)\n", measure(explain_text, &start));
    printf("  checkmate, full (pinned blocker)        %8.3f us  (goal <= 100)\n", measure(explain_status, &mate));
    printf("  checkmate, full (fool's mate)           %8.3f us  (goal <= 100)\n", measure(explain_status, &smother));
    printf("  stalemate, full                         %8.3f us  (goal <= 100)\n", measure(explain_status, &stale));
    printf("  castling, Kiwipete white kingside       %8.3f us\n", measure(explain_castling, &kiwi));
    printf("  validate, start position FEN            %8.3f us\n", measure(validate, ARB_START_FEN));
    return 0;
}
