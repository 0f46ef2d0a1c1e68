/* Answers written straight onto a client's socket, for the moments libmicrohttpd cannot send one:
 * a request its own parser refused once the headers were in (refusals.c), and a request cut at
 * its deadline by the connection guard (edge.c). Rendered once at start-up, in the API's JSON
 * error shape (English, Content-Language: en: the request's language may not be known yet). */
#ifndef AD_WIRE_H
#define AD_WIRE_H

#include <stdbool.h>
#include <stddef.h>

#include "arbiter_json.h"

typedef struct ad_wire_answer {
    int status;
    const char *phrase;         /* the status line's reason phrase */
    long retry_after;           /* seconds for Retry-After, or -1 for none */
    char body[400];
    size_t body_len;
} ad_wire_answer;

/* Renders code's JSON error (with limit and detail when given: -1, NULL for none) into a.
 * False if it does not fit. */
bool ad_wire_render(ad_wire_answer *a, int status, const char *phrase, aj_code code, long long limit,
                    const char *detail);

/* Writes a on fd (with Date, Connection: close) when the socket's send queue surely has room for
 * all of it, so it is never cut halfway; returns its body's bytes, or 0 when nothing was written. */
size_t ad_wire_write(int fd, const ad_wire_answer *a);

#endif
