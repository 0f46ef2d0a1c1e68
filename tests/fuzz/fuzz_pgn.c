/* Fuzz target: PGN reading of arbitrary bytes, several games, both variation modes; every
 * game read is written back and the output must read again. */
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int skip = 0; skip < 2; skip++) {
        arb_pgn_options opts = {skip != 0, false, skip != 0}; /* lenient in the second pass */
        arb_pgn_reader r;
        arb_pgn_reader_init(&r, (const char *)data, size, &opts);
        int games = 0;
        while (arb_pgn_next(&r) && games++ < 64) {
            size_t before = r.pos;
            arb_pgn_game g;
            arb_pgn_error err;
            arb_status st = arb_pgn_read(&r, &g, &err);
            FUZZ_ASSERT(r.pos > before);
            if (st == ARB_OK) {
                size_t need = arb_pgn_write(&g, NULL, 0);
                char *out = malloc(need + 1);
                FUZZ_ASSERT(out && arb_pgn_write(&g, out, need + 1) == need);
                arb_pgn_reader r2;
                arb_pgn_game g2;
                arb_pgn_reader_init(&r2, out, need, NULL);
                FUZZ_ASSERT(arb_pgn_next(&r2) && arb_pgn_read(&r2, &g2, &err) == ARB_OK);
                FUZZ_ASSERT(g2.record.nplies == g.record.nplies);
                arb_pgn_game_free(&g2);
                free(out);
            } else {
                FUZZ_ASSERT(err.line >= 1 && err.column >= 1 && err.why.code < ARB_REASON_COUNT);
            }
            arb_pgn_game_free(&g);
        }
    }
    return 0;
}
