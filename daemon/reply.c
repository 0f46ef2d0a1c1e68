/* Replies as handlers make them: every error has the same shape ({"error": {...}}, status from
 * json/errors.c); send.c turns what is made here into the answer on the wire. */
#include <stdlib.h>

#include "reply.h"

static void clear(ad_request *r)
{
    if (r->out)
        json_decref(r->out);
    if (r->text && !r->text_static)
        free(r->text);
    r->out = NULL;
    r->text = NULL;
    r->gz = NULL;
}

void ad_reply_json(ad_request *r, int status, json_t *obj)
{
    clear(r);
    r->localized = false;
    r->status = status;
    r->out = obj;
    r->content_type = "application/json";
}

void ad_reply_error(ad_request *r, const aj_error *e)
{
    if (e->code == AJ_E_OVERLOADED || e->code == AJ_E_SHUTTING_DOWN || e->code == AJ_E_TOO_MANY_REQUESTS)
        r->retry_after = true;
    ad_reply_json(r, aj_code_status(e->code), aj_error_json(e, r->lang));
    r->localized = e->has_reason; /* the message is the explanation's text, in the request's language */
}

void ad_reply_code(ad_request *r, aj_code code, const char *field)
{
    aj_error e;
    aj_fail(&e, code, field);
    ad_reply_error(r, &e);
}

void ad_reply_text(ad_request *r, int status, const char *content_type, char *text, size_t len, bool is_static)
{
    clear(r);
    r->status = status;
    r->text = text;
    r->text_len = len;
    r->text_static = is_static;
    r->content_type = content_type;
}

void ad_reply_etag(ad_request *r, const char *etag)
{
    r->etag = etag;
}

void ad_reply_gzip(ad_request *r, const char *gz, size_t len, const char *etag)
{
    r->gz = gz;
    r->gz_len = len;
    r->gz_etag = etag;
}

void ad_reply_header(ad_request *r, const char *name, const char *value)
{
    if (r->nheaders < AD_MAX_HEADERS) {
        r->headers[r->nheaders][0] = name;
        r->headers[r->nheaders][1] = value;
        r->nheaders++;
    }
}

const char *ad_query(const ad_request *r, const char *name)
{
    return r->query ? json_string_value(json_object_get(r->query, name)) : NULL;
}
