/* Zobrist keys: the published Polyglot examples (tests/data/polyglot-keys.txt), and the key kept
 * up to date move by move equal to the key computed from scratch. */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

static void published_keys(void)
{
    FILE *f = fopen(harness_data_path("polyglot-keys.txt"), "r");
    harness_begin("zobrist.polyglot.published");
    CHECK_MSG(f != NULL, "cannot open polyglot-keys.txt");
    if (!f)
        return;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        char *space = strchr(line, ' ');
        if (!space)
            continue;
        *space = '\0';
        uint64_t want = strtoull(line, NULL, 16);
        arb_position pos;
        arb_reason why;
        arb_status st = arb_position_from_fen(&pos, space + 1, ARB_STANDARD, &why);
        CHECK_MSG(st == ARB_OK, "FEN rejected: %s", space + 1);
        CHECK_MSG(pos.key == want, "%s: key %016llx, published %016llx", space + 1, (unsigned long long)pos.key,
                  (unsigned long long)want);
        n++;
    }
    fclose(f);
    CHECK_MSG(n >= 8, "%d published keys", n);
    harness_begin("zobrist.polyglot.start");
    arb_position start;
    arb_position_start(&start);
    CHECK(start.key == 0x463b96181691fc9cull);
}

/* Plays pseudo-random legal games and compares the incremental key with a fresh computation. */
static void incremental_keys(const char *fen, arb_variant v, unsigned seed)
{
    harness_begin("zobrist.incremental");
    arb_position pos;
    arb_position_from_fen(&pos, fen, v, NULL);
    int checked = 0, games = 0;
    arb_position start = pos;
    for (int ply = 0; ply < 4000; ply++) {
        arb_move moves[ARB_MAX_MOVES];
        int n = arb_legal_moves(&pos, moves);
        if (n == 0 || pos.halfmove_clock > 100) {
            pos = start;
            games++;
            continue;
        }
        seed = seed * 1103515245u + 12345u;
        arb_position_play(&pos, moves[(seed >> 16) % (unsigned)n]);
        char out[ARB_FEN_MAX];
        arb_position fresh;
        arb_position_fen(&pos, out, sizeof out);
        CHECK_INT(arb_position_from_fen(&fresh, out, v, NULL), ARB_OK);
        CHECK_MSG(fresh.key == pos.key, "after ply %d (%s) incremental %016llx, fresh %016llx", ply, out,
                  (unsigned long long)pos.key, (unsigned long long)fresh.key);
        checked++;
    }
    CHECK(checked > 3000 && games >= 0);
}

int main(void)
{
    published_keys();
    incremental_keys(ARB_START_FEN, ARB_STANDARD, 1);
    incremental_keys("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ARB_STANDARD, 7);
    incremental_keys("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", ARB_CHESS960, 3);
    return harness_finish();
}
