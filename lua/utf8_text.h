/* UTF-8 for texts that cross from scripts into C buffers: read a code point, write whole code
 * points into a bounded buffer, copy a text without ever cutting a character in two. */
#ifndef ARBL_UTF8_TEXT_H
#define ARBL_UTF8_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARBL_UTF8_REPLACEMENT 0xFFFDu

/* The code point at s and its byte length in *len; ARBL_UTF8_REPLACEMENT (len 1) for a
 * malformed, overlong or surrogate sequence. s must not be at its NUL. */
uint32_t arbl_utf8_next(const unsigned char *s, size_t *len);

/* A bounded writer: a code point is written whole or not at all (full is then set). */
typedef struct arbl_utf8_writer {
    char *out;
    size_t cap, n;
    bool full;
} arbl_utf8_writer;

void arbl_utf8_put(arbl_utf8_writer *w, uint32_t cp);
/* NUL-terminates; true if everything fitted. */
bool arbl_utf8_finish(arbl_utf8_writer *w);

/* Copies src (NULL: "") into dst as valid UTF-8: malformed bytes become U+FFFD, and a text
 * longer than cap-1 bytes is cut at a character boundary and ends with "…" so that the cut
 * shows. Returns false when it was cut. */
bool arbl_utf8_copy(char *dst, size_t cap, const char *src);

#endif
