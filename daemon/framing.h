/* Request framing checks made once the headers are in (RFC 9112; framing.c). */
#ifndef AD_FRAMING_H
#define AD_FRAMING_H

#include <stdbool.h>

#include <microhttpd.h>

/* What is wrong with the request's framing, its head's lines or Host (a short English phrase), or
 * NULL. method and version are the access handler's (they point into libmicrohttpd's read buffer);
 * uri and uri_len the raw target as the URI callback saw it, before decoding (NULL if unknown). */
const char *ad_framing_problem(struct MHD_Connection *conn, const char *method, const char *uri, size_t uri_len,
                               const char *version);

#endif
