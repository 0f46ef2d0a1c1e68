/* arbiterd logging: one formatted line per call, written with a single write(2) so lines from
 * many threads never interleave; "<N>" syslog priorities when stderr is the journal; control
 * characters and bytes that are not UTF-8 escaped, so a line is always one line. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t len = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    if (!len || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) || (s[0] == 0xf0 && s[1] < 0x90) ||
        (s[0] == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong, surrogate or past U+10FFFF */
    return len;
}

/* Copies text into out (cap bytes) with control characters, backslashes and bytes that are
 * not UTF-8 written as \xNN / \\: a client's CR/LF cannot start a forged log line (or a
 * journald "<N>" priority), and the log stays valid UTF-8. Returns the length written. */
static size_t escape(char *out, size_t cap, const char *text, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *t = (const unsigned char *)text;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t u = t[i] >= 0x80 ? utf8_len(t + i, n - i) : 0;
        if (u) {
            if (o + u > cap)
                break;
            memcpy(out + o, t + i, u);
            o += u;
            i += u;
        } else if (t[i] < 0x20 || t[i] >= 0x7f || t[i] == '\\') {
            if (o + 4 > cap)
                break;
            if (t[i] == '\\') {
                out[o++] = '\\';
                out[o++] = '\\';
            } else {
                out[o++] = '\\';
                out[o++] = 'x';
                out[o++] = hex[t[i] >> 4];
                out[o++] = hex[t[i] & 15];
            }
            i++;
        } else {
            if (o + 1 > cap)
                break;
            out[o++] = (char)t[i++];
        }
    }
    return o;
}

void ad_log(int level, const char *fmt, ...)
{
    static const char *const names[] = {"error", "warn", "info", "debug"};
    static const int priorities[] = {3, 4, 6, 7};
    if (level > log_level)
        return;
    char text[1024], line[1100];
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (m < 0)
        return;
    size_t tn = (size_t)m < sizeof text ? (size_t)m : sizeof text - 1;
    int n = log_journal ? snprintf(line, sizeof line, "<%d>", priorities[level])
                        : snprintf(line, sizeof line, "arbiterd: %s: ", names[level]);
    n += (int)escape(line + n, sizeof line - (size_t)n - 1, text, tn);
    line[n++] = '\n';
    ssize_t w = write(STDERR_FILENO, line, (size_t)n);
    (void)w;
}
