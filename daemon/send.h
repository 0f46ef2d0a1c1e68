/* Sending a request's reply (made by reply.h) through libmicrohttpd, with the headers every answer
 * carries. Called by the server only: handlers never see the connection. */
#ifndef AD_SEND_H
#define AD_SEND_H

#include <microhttpd.h>

#include "request.h"

/* Sends the reply made for r (500 if none) on conn and returns the body size, or -1 if it could
 * not be queued. */
long ad_send(struct MHD_Connection *conn, ad_request *r);

#endif
