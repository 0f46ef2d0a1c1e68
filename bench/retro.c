/* How much retrograde validation (issue 12) refuses: random placements of the standard set
 * (each unit kept with a random probability, kings always, pawns off the back ranks), validated
 * by arb_validate. Counts the positions refused at all, and those refused only by the
 * retrograde codes (reasons/retrograde.def: the ones newly refused), per code.
 * Usage: bench_retro [COUNT [SEED]]   (default 100000, seed 1). Deterministic for a seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arbiter.h"

static uint64_t state;

static unsigned next_random(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 32);
}

static bool retrograde_code(unsigned code)
{
    return code == ARB_R_ep_clock_not_zero || code == ARB_R_ep_double_step_exposed ||
           code == ARB_R_pawn_captures_needed || code == ARB_R_pawn_structure_impossible ||
           code == ARB_R_king_walled_in || code == ARB_R_piece_walled_in || code == ARB_R_too_many_promoted_walled ||
           code == ARB_R_chess960_start_clash;
}

/* A random placement as a FEN (no castling rights, no en passant square). */
static void placement(char *fen, size_t cap)
{
    static const char units[] = "KQRRBBNNPPPPPPPPkqrrbbnnpppppppp";
    char board[64];
    memset(board, 0, sizeof board);
    unsigned keep = 10 + next_random() % 90; /* percent of the units kept */
    for (int i = 0; i < 32; i++) {
        char u = units[i];
        if (u != 'K' && u != 'k' && next_random() % 100 >= keep)
            continue;
        bool pawn = u == 'P' || u == 'p';
        for (int tries = 0; tries < 200; tries++) {
            int s = (int)(next_random() % 64);
            if (board[s] || (pawn && (s < 8 || s >= 56)))
                continue;
            board[s] = u;
            break;
        }
    }
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = board[rank * 8 + file];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                fen[n++] = (char)('0' + empty);
            empty = 0;
            fen[n++] = c;
        }
        if (empty)
            fen[n++] = (char)('0' + empty);
        if (rank)
            fen[n++] = '/';
    }
    snprintf(fen + n, cap - n, " %c - - 0 1", next_random() % 2 ? 'w' : 'b');
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? atol(argv[1]) : 100000;
    state = 0x9E3779B97F4A7C15ull * (uint64_t)(argc > 2 ? atol(argv[2]) : 1) | 1;
    long refused = 0, newly = 0, by_code[ARB_REASON_COUNT] = {0}, only_code[ARB_REASON_COUNT] = {0};
    clock_t t0 = clock();
    for (long i = 0; i < count; i++) {
        char fen[128];
        placement(fen, sizeof fen);
        arb_reason r[ARB_VALIDATE_MAX];
        int n = arb_validate(fen, ARB_STANDARD, r, ARB_VALIDATE_MAX);
        if (n == 0)
            continue;
        refused++;
        bool only_new = true;
        for (int k = 0; k < n && k < ARB_EXPLAIN_MAX; k++) {
            by_code[r[k].code]++;
            only_new = only_new && retrograde_code(r[k].code);
        }
        if (only_new) {
            newly++;
            only_code[r[0].code]++;
        }
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("%ld random placements: %ld refused, %ld valid; %ld refused only by retrograde rules (%.2f%% of all, %.2f%% of "
           "those otherwise valid); %.1f us each\n",
           count, refused, count - refused, newly, 100.0 * (double)newly / (double)count,
           100.0 * (double)newly / (double)(count - refused + newly), 1e6 * secs / (double)count);
    for (unsigned c = 0; c < ARB_REASON_COUNT; c++)
        if (retrograde_code(c) && by_code[c])
            printf("  %-26s %8ld positions name it, %8ld refused by it alone (first reason)\n", arb_reason_name(c),
                   by_code[c], only_code[c]);
    return 0;
}
