/* CORS (--cors-origin): which origin an answer names in Access-Control-Allow-Origin, and the
 * headers of every answer and of an OPTIONS preflight. Off when no origin is configured. */
#ifndef AD_CORS_H
#define AD_CORS_H

#include <microhttpd.h>

#include "config.h"

/* The Access-Control-Allow-Origin value for a request from `origin` (may be NULL): "*", the
 * origin itself when it is listed, or NULL (no CORS headers: the browser refuses the answer). */
const char *ad_cors_allow(const ad_config *cfg, const char *origin);

/* Adds the CORS headers to an answer for a request from `origin`: Access-Control-Allow-Origin
 * (the caller adds Vary: Origin) and Expose-Headers; for a preflight also Allow-Methods
 * (`methods`), Allow-Headers (the preflight's Access-Control-Request-Headers, `requested`, when
 * it is a list of header names: arbiterd reads none it does not know, so a page may send what its
 * proxy needs, an API key or Authorization; else the ones arbiterd reads) and Max-Age. Nothing
 * when the origin is not allowed. */
void ad_cors_headers(struct MHD_Response *resp, const ad_config *cfg, const char *origin, bool preflight,
                     const char *methods, const char *requested);

#endif
