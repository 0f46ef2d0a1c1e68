/* Fuzz target: FEN parsing (checked and unchecked), canonical output and re-parsing, move
 * generation and perft(2) on whatever is accepted. Invariants are checked, not just survival. */
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[ARB_FEN_MAX_INPUT + 64];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    for (int v = 0; v < 2; v++) {
        arb_position pos;
        arb_reason why;
        char out[ARB_FEN_MAX], rendered[512];
        arb_reason warnings[4];
        int nw = arb_fen_warnings(text, (arb_variant)v, warnings, 4);
        for (int i = 0; i < nw && i < 4; i++) {
            FUZZ_ASSERT(warnings[i].code < ARB_REASON_COUNT && warnings[i].offset >= 0 && warnings[i].offset <= (int)n);
            arb_reason_render(&warnings[i], "fa", rendered, sizeof rendered);
        }
        FUZZ_ASSERT(arb_validate(text, (arb_variant)v, NULL, 0) <= ARB_VALIDATE_MAX);
        arb_status st = arb_position_from_fen_unchecked(&pos, text, (arb_variant)v, &why);
        if (st != ARB_OK) {
            FUZZ_ASSERT(why.code < ARB_REASON_COUNT);
            arb_reason_render(&why, "ar", rendered, sizeof rendered);
            continue;
        }
        arb_reason problems[ARB_BOARD_PROBLEMS_MAX];
        FUZZ_ASSERT(arb_position_board_problems(&pos, problems, ARB_BOARD_PROBLEMS_MAX) <= ARB_BOARD_PROBLEMS_MAX);
        st = arb_position_from_fen(&pos, text, (arb_variant)v, &why);
        if (st != ARB_OK)
            continue;
        arb_position_fen(&pos, out, sizeof out);
        arb_position again;
        FUZZ_ASSERT(arb_position_from_fen(&again, out, (arb_variant)v, NULL) == ARB_OK);
        FUZZ_ASSERT(again.key == pos.key);
        arb_move moves[ARB_MAX_MOVES];
        int count = arb_legal_moves(&pos, moves);
        FUZZ_ASSERT(count == arb_count_legal_moves(&pos));
        uint64_t nodes = 0;
        for (int i = 0; i < count; i++) {
            arb_position child = pos;
            char san[ARB_MOVE_TEXT_MAX];
            arb_move back;
            arb_move_san(&pos, moves[i], san, sizeof san);
            FUZZ_ASSERT(arb_parse_san(&pos, san, &back, NULL) == ARB_OK && back == moves[i]);
            arb_position_play(&child, moves[i]);
            nodes += (uint64_t)arb_count_legal_moves(&child);
        }
        FUZZ_ASSERT(nodes == arb_perft(&pos, 2) || count == 0);
    }
    return 0;
}
