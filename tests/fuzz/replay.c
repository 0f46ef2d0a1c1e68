/* Without libFuzzer: runs a fuzz target over every file named on the command line (the seed
 * corpus), plus a few thousand deterministic mutations of each, so every build exercises it. */
#include <string.h>

#include "fuzz.h"

static uint32_t rng = 0x2545F491u;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

int main(int argc, char **argv)
{
    static uint8_t buf[1 << 16], work[1 << 16];
    int runs = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        runs++;
        for (int m = 0; m < 2000; m++) {
            size_t len = n;
            memcpy(work, buf, n);
            int edits = 1 + (int)(next() % 4);
            for (int e = 0; e < edits && len; e++) {
                size_t at = next() % len;
                switch (next() % 4) {
                case 0: work[at] = (uint8_t)next(); break;              /* flip a byte */
                case 1: len = at; break;                                 /* truncate */
                case 2: memmove(work + at, work + at + 1, len - at - 1); len--; break; /* delete */
                default: work[at] = (uint8_t)" /-xO0189KQkqe=+#[]{}()"[next() % 23]; break;
                }
            }
            LLVMFuzzerTestOneInput(work, len);
            runs++;
        }
    }
    printf("%d passed, 0 failed\n", runs);
    return 0;
}
