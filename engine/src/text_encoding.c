/* Text encodings of input files: valid UTF-8 as it is, every other byte read as Windows-1252 (a
 * superset of Latin-1's printable range, the usual encoding of older PGN collections). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/pgn.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (len == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0)))
        return 0; /* overlong, surrogate */
    if (len == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90)))
        return 0; /* overlong, past U+10FFFF */
    return len;
}

static bool valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t k = utf8_sequence(s + i, n - i);
        if (!k)
            return false;
        i += k;
    }
    return true;
}

/* Windows-1252's 0x80..0x9F; 0xFFFD for the five bytes it leaves unassigned. */
static const unsigned short cp1252_high[32] = {
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};

char *arb_text_to_utf8(const char *text, size_t len, size_t *out_len, size_t *converted)
{
    const unsigned char *s = (const unsigned char *)text;
    bool ok = valid_utf8(s, len);
    if (converted)
        *converted = 0;
    if (len > (SIZE_MAX - 1) / 3)
        return NULL;
    char *out = malloc(ok ? len + 1 : len * 3 + 1); /* no code point of 1252 needs more than 3 bytes */
    if (!out)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        size_t k = utf8_sequence(s + i, len - i);
        if (k) { /* valid UTF-8 stays as it is, even in a file that mixes both */
            memcpy(out + n, s + i, k);
            n += k;
            i += k;
            continue;
        }
        unsigned cp = s[i] < 0xA0 ? cp1252_high[s[i] - 0x80] : s[i];
        i++;
        if (converted)
            ++*converted;
        if (cp < 0x800) {
            out[n++] = (char)(0xC0 | cp >> 6);
            out[n++] = (char)(0x80 | (cp & 0x3F));
        } else {
            out[n++] = (char)(0xE0 | cp >> 12);
            out[n++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            out[n++] = (char)(0x80 | (cp & 0x3F));
        }
    }
    out[n] = '\0';
    if (out_len)
        *out_len = n;
    return out;
}
