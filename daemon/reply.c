/* Replies: every answer goes through here, so each has the same headers and every error the
 * same shape ({"error": {...}}, status from json/errors.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "reply.h"

static void clear(ad_request *r)
{
    if (r->out)
        json_decref(r->out);
    if (r->text && !r->text_static)
        free(r->text);
    r->out = NULL;
    r->text = NULL;
}

void ad_reply_json(ad_request *r, int status, json_t *obj)
{
    clear(r);
    r->status = status;
    r->out = obj;
    r->content_type = "application/json";
}

void ad_reply_error(ad_request *r, const aj_error *e)
{
    if (e->code == AJ_E_OVERLOADED || e->code == AJ_E_SHUTTING_DOWN || e->code == AJ_E_TOO_MANY_REQUESTS)
        r->retry_after = true;
    ad_reply_json(r, aj_code_status(e->code), aj_error_json(e, r->lang));
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

void ad_reply_header(ad_request *r, const char *name, const char *value)
{
    if (r->nheaders < AD_MAX_HEADERS) {
        r->headers[r->nheaders][0] = name;
        r->headers[r->nheaders][1] = value;
        r->nheaders++;
    }
}

long ad_reply_send(ad_request *r)
{
    struct MHD_Response *resp = NULL;
    size_t len = 0;
    if (!r->status || (!r->out && !r->text))
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
    if (r->out) {
        char *s = aj_dumps(r->out, &len);
        json_decref(r->out);
        r->out = NULL;
        if (s) {
            resp = MHD_create_response_from_buffer(len, s, MHD_RESPMEM_MUST_FREE);
            if (!resp)
                free(s);
        }
    } else {
        len = r->text_len;
        resp = MHD_create_response_from_buffer(len, r->text,
                                               r->text_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_FREE);
        if (!resp && !r->text_static)
            free(r->text);
        r->text = NULL;
    }
    if (!resp) {
        ad_log(AD_LOG_ERROR, "out of memory making a reply");
        return -1;
    }
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->content_type);
    if (r->lang && strcmp(r->content_type, "application/json") == 0)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_LANGUAGE, r->lang);
    if (r->allow[0])
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow);
    for (int i = 0; i < r->nheaders; i++)
        MHD_add_response_header(resp, r->headers[i][0], r->headers[i][1]);
    if (r->retry_after) {
        char secs[24];
        snprintf(secs, sizeof secs, "%ld", r->srv->cfg.retry_after);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, secs);
    }
    if (atomic_load_explicit(&r->srv->draining, memory_order_relaxed) || r->retry_after)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result ok = MHD_queue_response(r->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok == MHD_YES ? (long)len : -1;
}
