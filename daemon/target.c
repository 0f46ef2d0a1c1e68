/* The request target (target.h): refusals in its raw form, and absolute-form reduced to a path. */
#include <strings.h>

#include "target.h"

const char *ad_target_problem(const char *raw, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)raw[i];
        if (c <= 0x20 || c == 0x7f)
            return "the request target holds a control byte or a space";
        if (c == '%' && i + 2 < len && raw[i + 1] == '0' && raw[i + 2] == '0')
            return "the request target holds %00 (NUL)";
    }
    return NULL;
}

const char *ad_target_path(const char *url)
{
    size_t skip = strncasecmp(url, "http://", 7) == 0 ? 7 : strncasecmp(url, "https://", 8) == 0 ? 8 : 0;
    if (!skip)
        return url;
    const char *p = url + skip;
    while (*p && *p != '/')
        p++;
    return *p ? p : "/";
}
