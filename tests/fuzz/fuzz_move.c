/* Fuzz target: SAN/UCI parsing in a few fixed positions; an accepted move must be legal and
 * print back to text that parses to the same move; the explanation of any text fits its list
 * (ARB_EXPLAIN_MAX) and renders as UTF-8 within ARB_REASON_TEXT_MAX. */
#include <string.h>

#include "arbiter.h"
#include "fuzz.h"

static const char *const fens[] = {
    ARB_START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    /* 15 queens aimed at their own king (76 reasons for Qa1: tests/fuzz/test_extremes.c) */
    "Q6Q/Q5Q1/Q4Q2/Q3Q3/Q2Qpp2/p1p2k2/pr2ppp1/KnnQQQQQ w - - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[128];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        arb_position pos;
        arb_position_from_fen(&pos, fens[i], i == 1 ? ARB_CHESS960 : ARB_STANDARD, NULL);
        arb_move m;
        arb_reason why;
        arb_reason all[ARB_EXPLAIN_MAX];
        int k = arb_explain_text(&pos, NULL, text, &m, all, ARB_EXPLAIN_MAX);
        FUZZ_ASSERT(k >= -1 && k <= ARB_EXPLAIN_MAX);
        for (int r = 0; r < k; r++) {
            char rendered[ARB_REASON_TEXT_MAX];
            FUZZ_ASSERT(arb_reason_render(&all[r], "ar", rendered, sizeof rendered) < sizeof rendered);
        }
        if (arb_parse_move(&pos, text, &m, &why) != ARB_OK) {
            char rendered[512];
            FUZZ_ASSERT(why.code < ARB_REASON_COUNT);
            arb_reason_render(&why, "fa", rendered, sizeof rendered);
            continue;
        }
        FUZZ_ASSERT(arb_is_legal(&pos, m));
        char uci[ARB_MOVE_TEXT_MAX];
        arb_move back;
        arb_move_uci(&pos, m, uci, sizeof uci);
        FUZZ_ASSERT(arb_parse_uci(&pos, uci, &back, NULL) == ARB_OK && back == m);
    }
    return 0;
}
