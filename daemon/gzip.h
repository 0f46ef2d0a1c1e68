/* Content coding of answers (RFC 9110 §8.4, §12.5.3): whether a request's Accept-Encoding takes
 * gzip, which answers are worth compressing, and gzip of a body (zlib; without zlib at build time
 * nothing is compressed and answers go out as they are). */
#ifndef AD_GZIP_H
#define AD_GZIP_H

#include <stdbool.h>
#include <stddef.h>

/* Answers smaller than this go out as they are: a few hundred bytes gain nothing. */
#define AD_GZIP_MIN 1024

/* Whether Accept-Encoding (may be NULL) accepts gzip: "gzip" or "x-gzip", or "*" when gzip is not
 * named, with a q-value above 0. */
bool ad_accepts_gzip(const char *accept_encoding);

/* Whether an answer of this Content-Type compresses (text, JSON, JavaScript, SVG; not images). */
bool ad_compressible(const char *content_type);

/* The gzip of data (malloc'd, *out_len), or NULL when it is not smaller or cannot be made. */
char *ad_gzip(const char *data, size_t len, size_t *out_len);

#endif
