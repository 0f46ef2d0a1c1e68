/* The test harness's counters and reporting. */
#include <stdarg.h>
#include <stdlib.h>

#include "harness.h"

int harness_passed, harness_failed;
const char *harness_current = "(no test)";
static int failed_in_current;

void harness_begin(const char *name)
{
    harness_current = name;
    failed_in_current = 0;
    if (getenv("ARB_TEST_VERBOSE"))
        printf("test %s\n", name);
}

void harness_pass(void)
{
    harness_passed++;
}

void harness_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    harness_failed++;
    if (failed_in_current++ > 20)
        return; /* one broken case should not flood the log */
    printf("FAIL %s (%s:%d): ", harness_current, file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

int harness_finish(void)
{
    printf("%d passed, %d failed\n", harness_passed, harness_failed);
    return harness_failed ? 1 : 0;
}

const char *harness_data_path(const char *name)
{
    static char path[4096];
    const char *dir = getenv("ARB_TEST_DATA");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ARB_TEST_DATA_DIR, name);
    return path;
}

void harness_reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

long harness_peak_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}
