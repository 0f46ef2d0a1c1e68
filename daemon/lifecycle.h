/* One request's life in arbiterd, from its headers to its reply: the libmicrohttpd callbacks that
 * server.c registers for both listeners (lifecycle.c). */
#ifndef AD_LIFECYCLE_H
#define AD_LIFECYCLE_H

#include <microhttpd.h>

#include "server.h"

/* Before any daemon starts: takes the refusal hooks (refusals.c) for s. False on error (logged). */
bool ad_lifecycle_init(ad_server *s);

void *ad_on_uri(void *cls, const char *uri, struct MHD_Connection *conn);
enum MHD_Result ad_on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **con_cls);
void ad_on_completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe);
void ad_on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                      enum MHD_ConnectionNotificationCode toe);

#endif
