/* The one place replies are made: JSON bodies, API errors (status from the error table),
 * text bodies; and sending them through libmicrohttpd with the common headers. */
#ifndef AD_REPLY_H
#define AD_REPLY_H

#include "server.h"

/* JSON reply; takes ownership of obj. */
void ad_reply_json(ad_request *r, int status, json_t *obj);
/* API error reply: status, message and fields from the error table and *e. */
void ad_reply_error(ad_request *r, const aj_error *e);
/* Shorthand for an error without details. */
void ad_reply_code(ad_request *r, aj_code code, const char *field);
/* Text reply; the buffer is freed after sending unless is_static. */
void ad_reply_text(ad_request *r, int status, const char *content_type, char *text, size_t len, bool is_static);

/* Whether an If-None-Match header (a list of tags, weak ones too, or *) names etag. */
bool ad_etag_matches(const char *header, const char *etag);

/* Adds a header to the reply; name and value must outlive the request (static strings). */
void ad_reply_header(ad_request *r, const char *name, const char *value);

/* A query parameter of the request (the fields table says which a route reads, and the server
 * has checked it), or NULL. */
const char *ad_query(const ad_request *r, const char *name);

/* Sends the reply made by the handler (500 if none) and returns the body size, or -1 if it
 * could not be queued. */
long ad_reply_send(ad_request *r);

#endif
