/* Replies: every answer goes through here, so each has the same headers and every error the
 * same shape ({"error": {...}}, status from json/errors.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cors.h"
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

/* A strong validator of an answer body: FNV-1a 64 of its bytes (the body already holds the
 * language and the lesson set's content, so equal bytes mean an equal answer). */
static void body_etag(const char *body, size_t len, char *out, size_t cap)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)body[i]) * 1099511628211u;
    snprintf(out, cap, "\"%016llx\"", (unsigned long long)h);
}

/* Whether If-None-Match (a list of tags, or *) names etag. */
bool ad_etag_matches(const char *header, const char *etag)
{
    if (!header)
        return false;
    if (strcmp(header, "*") == 0)
        return true;
    size_t n = strlen(etag);
    for (const char *p = header; (p = strstr(p, etag)); p += n)
        if ((p == header || p[-1] == ' ' || p[-1] == ',' || p[-1] == '/') && (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
            return true;
    return false;
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
    bool is_static = r->text_static, is_json = strcmp(r->content_type, "application/json") == 0;
    bool built = !r->text_static; /* made for this request (not a static document) */
    char *body = NULL;
    if (r->out) {
        body = aj_dumps(r->out, &len);
        json_decref(r->out);
        r->out = NULL;
        is_static = false;
    } else {
        body = r->text;
        len = r->text_len;
        r->text = NULL;
    }
    char etag[24] = "";
    bool cacheable = body && r->status == 200 && r->route && (r->route->flags & AD_CACHEABLE);
    if (cacheable) {
        body_etag(body, len, etag, sizeof etag);
        if (ad_etag_matches(MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH), etag)) {
            r->status = 304; /* the client's copy is current: headers only */
            if (!is_static)
                free(body);
            body = (char *)"";
            len = 0;
            is_static = true;
        }
    }
    if (body) {
        resp = MHD_create_response_from_buffer(len, body, is_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_FREE);
        if (!resp && !is_static)
            free(body);
    }
    if (!resp) {
        ad_log(AD_LOG_ERROR, "out of memory making a reply");
        return -1;
    }
    if (r->status != 204 && r->status != 304)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->content_type);
    if (r->lang && is_json)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_LANGUAGE,
                                arb_language_base(r->lang) ? arb_language_base(r->lang) : r->lang);
    if (cacheable) {
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ETAG, etag);
        /* lessons, quizzes and puzzles change on a reload: a minute, then revalidate (304) */
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=60");
    }
    const char *origin = MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, "Origin");
    const char *granted = ad_cors_allow(&r->srv->cfg, origin);
    bool vary_origin = granted && strcmp(granted, "*") != 0;
    /* Texts follow Accept-Language unless ?lang= or the body chose: caches must keep them apart
     * (a static text, the OpenAPI document, and the probes say the same in every language). */
    bool vary_lang = r->lang_by_header && is_json && built && !(r->route && (r->route->flags & AD_ALWAYS));
    if (vary_origin || vary_lang)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY,
                                vary_origin && vary_lang ? "Origin, Accept-Language" : vary_origin ? "Origin" : "Accept-Language");
    if (r->allow[0])
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow);
    ad_cors_headers(resp, &r->srv->cfg, origin, r->preflight, r->allow);
    for (int i = 0; i < r->nheaders; i++)
        MHD_add_response_header(resp, r->headers[i][0], r->headers[i][1]);
    if (r->retry_after) {
        char secs[24];
        snprintf(secs, sizeof secs, "%ld", r->srv->cfg.retry_after);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, secs);
    }
    if (atomic_load_explicit(&r->srv->draining, memory_order_relaxed) || r->retry_after || r->close)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result ok = MHD_queue_response(r->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok == MHD_YES ? (long)len : -1;
}

const char *ad_query(const ad_request *r, const char *name)
{
    return r->query ? json_string_value(json_object_get(r->query, name)) : NULL;
}
