/* Content coding of answers (gzip.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef AD_HAVE_ZLIB
#include <zlib.h>
#endif

#include "gzip.h"

/* The q-value of one list member ("gzip;q=0.5" → 0.5; none → 1). */
static double qvalue(const char *member, size_t len)
{
    const char *q = NULL;
    for (size_t i = 0; i + 1 < len; i++)
        if (member[i] == ';') {
            size_t j = i + 1;
            while (j < len && (member[j] == ' ' || member[j] == '\t'))
                j++;
            if (j + 1 < len && (member[j] == 'q' || member[j] == 'Q') && member[j + 1] == '=')
                q = member + j + 2;
        }
    return q ? strtod(q, NULL) : 1.0;
}

bool ad_accepts_gzip(const char *h)
{
    if (!h)
        return false;
    double gzip = -1, any = -1;
    while (*h) {
        size_t len = strcspn(h, ",");
        const char *m = h;
        size_t n = len;
        while (n && (*m == ' ' || *m == '\t'))
            m++, n--;
        size_t name = strcspn(m, ",; \t");
        if (name > n)
            name = n;
        if ((name == 4 && strncasecmp(m, "gzip", 4) == 0) || (name == 6 && strncasecmp(m, "x-gzip", 6) == 0))
            gzip = qvalue(m, n);
        else if (name == 1 && m[0] == '*')
            any = qvalue(m, n);
        h += len + (h[len] == ',');
    }
    return gzip >= 0 ? gzip > 0 : any > 0;
}

bool ad_compressible(const char *ct)
{
    return ct && (strncmp(ct, "text/", 5) == 0 || strncmp(ct, "application/json", 16) == 0 ||
                  strncmp(ct, "application/javascript", 22) == 0 || strncmp(ct, "image/svg+xml", 13) == 0);
}

char *ad_gzip(const char *data, size_t len, size_t *out_len)
{
#ifdef AD_HAVE_ZLIB
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    /* Level 4: most of level 9's ratio on JSON at a fraction of its time (the answer is made per
     * request); windowBits 15 + 16: a gzip header and trailer. */
    if (deflateInit2(&zs, 4, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&zs, (uLong)len);
    char *out = cap < len ? malloc(cap) : malloc(len); /* never larger than the body: else send it as it is */
    if (!out) {
        deflateEnd(&zs);
        return NULL;
    }
    zs.next_in = (Bytef *)(uintptr_t)data;
    zs.avail_in = (uInt)len;
    zs.next_out = (Bytef *)out;
    zs.avail_out = (uInt)(cap < len ? cap : len);
    int rc = deflate(&zs, Z_FINISH);
    *out_len = zs.total_out;
    deflateEnd(&zs);
    if (rc != Z_STREAM_END || *out_len >= len) {
        free(out);
        return NULL;
    }
    return out;
#else
    (void)data;
    (void)len;
    (void)out_len;
    return NULL;
#endif
}
