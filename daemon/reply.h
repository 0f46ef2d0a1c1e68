/* The one place replies are made: JSON bodies, API errors (status from the error table), text
 * bodies, extra headers. Handlers call these; the server sends what they made (send.h). */
#ifndef AD_REPLY_H
#define AD_REPLY_H

#include "request.h"

/* JSON reply; takes ownership of obj. */
void ad_reply_json(ad_request *r, int status, json_t *obj);
/* API error reply: status, message and fields from the error table and *e. */
void ad_reply_error(ad_request *r, const aj_error *e);
/* Shorthand for an error without details. */
void ad_reply_code(ad_request *r, aj_code code, const char *field);
/* Text reply; the buffer is freed after sending unless is_static. */
void ad_reply_text(ad_request *r, int status, const char *content_type, char *text, size_t len, bool is_static);
/* The strong ETag (quoted, static) of a static text reply: the server sends it, and answers 304
 * without the body when the request's If-None-Match names it. */
void ad_reply_etag(ad_request *r, const char *etag);

/* A gzip variant of a static text reply (bytes, length, its own strong ETag), sent instead to a
 * client that accepts gzip. */
void ad_reply_gzip(ad_request *r, const char *gz, size_t len, const char *etag);

/* Adds a header to the reply; name and value must outlive the request (static strings). */
void ad_reply_header(ad_request *r, const char *name, const char *value);

/* One page of a list (?limit= and ?offset=, the fields table's paging of GET lists): a new array
 * of the items of `all` on the page (all is released), with X-Total-Count and, when more follow, a
 * Link header naming the next page (the same query, offset moved on). */
json_t *ad_page(ad_request *r, json_t *all);

/* A query parameter of the request (the fields table says which a route reads, and the server
 * has checked it), or NULL. */
const char *ad_query(const ad_request *r, const char *name);

#endif
