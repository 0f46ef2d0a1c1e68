/* Route matching over the list of route tables: exact segments and {param} segments, method
 * check with the Allow list for 405. Adding an endpoint family is one table + one line here. */
#include <stdio.h>
#include <string.h>

#include "routes.h"

static const ad_route *const tables[] = {
    ad_core_routes,
    ad_position_routes,
    ad_puzzle_routes,
#ifdef AD_HAVE_LUA
    ad_lesson_routes,
    ad_quiz_routes,
#endif
    ad_dead_routes,
    ad_game_routes,
    ad_annotate_routes,
    ad_chess960_routes,
    ad_batch_routes,
    ad_web_routes,
    NULL,
};

/* Matches pattern against path; captures {x} segments into r (if not NULL). A final "{*}"
 * captures the rest of the path, slashes included (static files); it may be empty. */
static bool match(const char *pattern, const char *path, ad_request *r)
{
    int np = 0;
    const char *p = pattern, *s = path;
    while (*p) {
        if (strcmp(p, "{*}") == 0) {
            size_t n = strlen(s);
            if (n >= AD_PARAM_MAX || np >= AD_MAX_PARAMS)
                return false;
            if (r) {
                memcpy(r->params[np], s, n + 1);
                r->nparams = np + 1;
            }
            return true;
        }
        if (!*s)
            break;
        if (*p == '{') {
            const char *close = strchr(p, '}');
            size_t n = strcspn(s, "/");
            if (!close || n == 0 || n >= AD_PARAM_MAX || np >= AD_MAX_PARAMS)
                return false;
            if (r) {
                memcpy(r->params[np], s, n);
                r->params[np][n] = '\0';
            }
            np++;
            p = close + 1;
            s += n;
        } else if (*p++ != *s++) {
            return false;
        }
    }
    if (*p || *s)
        return false;
    if (r)
        r->nparams = np;
    return true;
}

static bool method_matches(const char *route_method, const char *method)
{
    return strcmp(route_method, method) == 0 || (strcmp(method, "HEAD") == 0 && strcmp(route_method, "GET") == 0);
}

int ad_route_find(const char *method, const char *path, ad_request *r, char *allow, size_t allowcap)
{
    int slot = 0;
    bool path_known = false;
    allow[0] = '\0';
    for (int t = 0; tables[t]; t++)
        for (const ad_route *rt = tables[t]; rt->method; rt++, slot++) {
            if (!match(rt->pattern, path, NULL))
                continue;
            if (method_matches(rt->method, method)) {
                match(rt->pattern, path, r);
                r->route = rt;
                allow[0] = '\0'; /* gathered from the path's other methods: only a 405 says Allow */
                return slot;
            }
            path_known = true;
            size_t used = strlen(allow);
            const char *sep = used ? ", " : "";
            if (!strstr(allow, rt->method))
                snprintf(allow + used, allowcap - used, "%s%s%s", sep, rt->method,
                         strcmp(rt->method, "GET") == 0 ? ", HEAD" : "");
        }
    return path_known ? -1 : -2;
}

bool ad_route_label(int slot, const char **method, const char **pattern)
{
    for (int t = 0; tables[t]; t++)
        for (const ad_route *rt = tables[t]; rt->method; rt++)
            if (slot-- == 0) {
                *method = rt->method;
                *pattern = rt->pattern;
                return true;
            }
    return false;
}

int ad_route_count(void)
{
    int n = 0;
    for (int t = 0; tables[t]; t++)
        for (const ad_route *rt = tables[t]; rt->method; rt++)
            n++;
    return n;
}
