/* Request framing checks made once the headers are in (RFC 9112; framing.c). */
#ifndef AD_FRAMING_H
#define AD_FRAMING_H

#include <stdbool.h>

#include <microhttpd.h>

/* What is wrong with the request's framing or Host (a short English phrase), or NULL. */
const char *ad_framing_problem(struct MHD_Connection *conn, const char *version);

#endif
