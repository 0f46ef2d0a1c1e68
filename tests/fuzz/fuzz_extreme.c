/* Fuzz target: a FEN (in practice a dense board of the extreme family, tests/fuzz/extreme.c, and
 * mutations of it) through every engine entry point: on whatever the parser accepts, ext_drive's
 * invariants (no list past its capacity or cut, answers consistent with the move list) must hold. */
#include <string.h>

#include "extreme.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[ARB_FEN_MAX_INPUT + 1];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    text[strcspn(text, "\n")] = '\0';
    for (int v = 0; v < 2; v++) {
        arb_position pos;
        if (arb_position_from_fen(&pos, text, (arb_variant)v, NULL) != ARB_OK)
            continue;
        const char *broken = ext_drive(&pos, 2);
        if (broken)
            fprintf(stderr, "%s: %s\n", text, broken);
        FUZZ_ASSERT(broken == NULL);
    }
    return 0;
}
