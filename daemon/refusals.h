/* Answers to the requests libmicrohttpd's own parser refuses (a malformed request line or header
 * line, an unknown HTTP version, a Content-Length it cannot read, a target or headers larger than
 * the connection's pool, a bad chunk size): the API's JSON error, not the library's HTML page. */
#ifndef AD_REFUSALS_H
#define AD_REFUSALS_H

#include <stdbool.h>
#include <stddef.h>

#include <microhttpd.h>

#include "config.h"
#include "wire.h"

/* What the server tells and is told, on the polling thread of the connection. */
typedef struct ad_refusal_hooks {
    /* Whether arbiterd holds the connection's request (its access handler has run). */
    bool (*holds_request)(struct MHD_Connection *conn);
    /* A refusal, and its answer's body bytes (0: the connection closes without a whole answer). */
    void (*refused)(struct MHD_Connection *conn, int status, size_t bytes);
} ad_refusal_hooks;

/* Renders the answers for cfg's limits and takes the hooks; call once, before any daemon starts.
 * False (with an error logged) when libmicrohttpd's own queueing function cannot be found. */
bool ad_refusals_init(const ad_config *cfg, ad_refusal_hooks hooks);

/* The rendered answer of a refusal with this status, or NULL. */
const ad_wire_answer *ad_refusal_answer(int status);

#endif
