/* The library's version string, set by the build. */
#include "arbiter.h"

const char *arb_version(void)
{
    return ARB_VERSION;
}
