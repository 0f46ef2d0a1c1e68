/* UTF-8 reading and bounded writing (see utf8_text.h): what lets a text of any length and any
 * script cross into a fixed C buffer without a split character, which JSON would then refuse. */
#include "utf8_text.h"

#include <string.h>

uint32_t arbl_utf8_next(const unsigned char *s, size_t *len)
{
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    unsigned char c = s[0];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    *len = 1;
    if (n == 1)
        return c;
    if (n == 0)
        return ARBL_UTF8_REPLACEMENT;
    uint32_t cp = c & (0x7Fu >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return ARBL_UTF8_REPLACEMENT;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return ARBL_UTF8_REPLACEMENT;
    *len = n;
    return cp;
}

void arbl_utf8_put(arbl_utf8_writer *w, uint32_t cp)
{
    unsigned char b[4];
    size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (n == 1) {
        b[0] = (unsigned char)cp;
    } else {
        for (size_t i = n - 1; i > 0; i--, cp >>= 6)
            b[i] = (unsigned char)(0x80 | (cp & 0x3F));
        b[0] = (unsigned char)((0xF00u >> n) | cp);
    }
    if (w->full || w->n + n >= w->cap) {
        w->full = true;
        return;
    }
    memcpy(w->out + w->n, b, n);
    w->n += n;
}

bool arbl_utf8_finish(arbl_utf8_writer *w)
{
    if (w->cap)
        w->out[w->n] = 0;
    return !w->full && w->cap > 0;
}

bool arbl_utf8_copy(char *dst, size_t cap, const char *src)
{
    static const char ellipsis[] = "\xE2\x80\xA6"; /* … */
    arbl_utf8_writer w = {dst, cap, 0, false};
    const unsigned char *s = (const unsigned char *)(src ? src : "");
    size_t len, mark = 0; /* where the text stands when "…" still fits after it */
    for (; *s && !w.full; s += len) {
        uint32_t cp = arbl_utf8_next(s, &len);
        arbl_utf8_put(&w, cp);
        if (!w.full && w.n + sizeof ellipsis - 1 < cap)
            mark = w.n;
    }
    if (!w.full)
        return arbl_utf8_finish(&w);
    /* cut: the last whole characters that leave room for the mark */
    w.n = mark;
    w.full = false;
    if (w.n + sizeof ellipsis - 1 < cap) {
        memcpy(dst + w.n, ellipsis, sizeof ellipsis - 1);
        w.n += sizeof ellipsis - 1;
    }
    arbl_utf8_finish(&w);
    return false;
}
