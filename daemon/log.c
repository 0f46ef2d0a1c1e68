/* arbiterd logging: one formatted line per call, written with a single write(2) so lines from
 * many threads never interleave; "<N>" syslog priorities when stderr is the journal. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "log.h"

static int log_level = AD_LOG_INFO;
static int log_journal;

void ad_log_init(int level)
{
    log_level = level;
    log_journal = getenv("JOURNAL_STREAM") != NULL;
}

int ad_log_level(void)
{
    return log_level;
}

void ad_log(int level, const char *fmt, ...)
{
    static const char *const names[] = {"error", "warn", "info", "debug"};
    static const int priorities[] = {3, 4, 6, 7};
    if (level > log_level)
        return;
    char line[1024];
    int n = log_journal ? snprintf(line, sizeof line, "<%d>", priorities[level])
                        : snprintf(line, sizeof line, "arbiterd: %s: ", names[level]);
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    if (m < 0)
        return;
    n += m;
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    ssize_t w = write(STDERR_FILENO, line, (size_t)n);
    (void)w;
}
