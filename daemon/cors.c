/* CORS for browser pages on other origins: the allow-list of --cors-origin and the headers it
 * puts on answers, errors and OPTIONS preflights (cors.h). */
#include <stdbool.h>
#include <string.h>

#include "cors.h"

const char *ad_cors_allow(const ad_config *cfg, const char *origin)
{
    const char *list = cfg->cors_origins;
    if (strcmp(list, "*") == 0)
        return "*"; /* to every request, Origin or not: the answer is the same for all */
    if (!list[0] || !origin || !origin[0])
        return NULL;
    size_t n = strlen(origin);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, " ");
        if (len == 1 && p[0] == '*')
            return "*";
        if (len == n && strncmp(p, origin, n) == 0)
            return origin;
        p += len;
        while (*p == ' ')
            p++;
    }
    return NULL;
}

/* Whether s is a list of header names (token characters, commas, white space), at most 512 bytes. */
static bool name_list(const char *s)
{
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~, \t");
    return n > 0 && n <= 512 && s[n] == '\0' && strpbrk(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
}

void ad_cors_headers(struct MHD_Response *resp, const ad_config *cfg, const char *origin, bool preflight,
                     const char *methods, const char *requested)
{
    const char *allow = ad_cors_allow(cfg, origin);
    if (!allow)
        return;
    MHD_add_response_header(resp, "Access-Control-Allow-Origin", allow);
    MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                            "Retry-After, Content-Language, ETag, Allow, X-Request-Id, Link, X-Total-Count");
    if (preflight) {
        MHD_add_response_header(resp, "Access-Control-Allow-Methods", methods);
        MHD_add_response_header(resp, "Access-Control-Allow-Headers",
                                requested && name_list(requested)
                                    ? requested
                                    : "Content-Type, Accept-Language, If-None-Match, X-Request-Id");
        MHD_add_response_header(resp, "Access-Control-Max-Age", "600");
    }
}
