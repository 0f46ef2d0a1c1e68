/* Shared by the fuzz targets: the libFuzzer entry point and an assertion that crashes loudly
 * (a fuzzer finding) whether or not the build keeps asserts. */
#ifndef ARB_FUZZ_H
#define ARB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond)                                                              \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                   \
        }                                                                              \
    } while (0)

#endif
