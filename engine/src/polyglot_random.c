/* placeholder */
#include "internal.h"
const uint64_t arb_polyglot_random[781] = {0};
