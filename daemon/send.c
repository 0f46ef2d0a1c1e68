/* Sending a reply: the body (JSON dumped once, or the text; gzip for a large one when the client
 * takes it), its ETag and the 304 for a matching If-None-Match, and the headers every answer
 * carries (Content-Type, Content-Encoding, Content-Language, X-Request-Id, Vary, CORS, Allow,
 * Retry-After on every 503, Connection), queued on the connection through libmicrohttpd. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cors.h"
#include "gzip.h"
#include "log.h"
#include "reply.h"
#include "send.h"
#include "server.h"

/* A strong validator of an answer body: FNV-1a 64 of its bytes (the body already holds the
 * language and the lesson set's content, so equal bytes mean an equal answer). */
static void body_etag(const char *body, size_t len, char *out, size_t cap)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)body[i]) * 1099511628211u;
    snprintf(out, cap, "\"%016llx\"", (unsigned long long)h);
}

/* Whether If-None-Match (a list of tags, weak ones too, or *) names etag. */
static bool etag_matches(const char *header, const char *etag)
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

/* The gzip variant's tag: the identity tag with "-gz" inside its quotes. */
static void gzip_etag(const char *tag, char *out, size_t cap)
{
    size_t n = strlen(tag);
    snprintf(out, cap, "%.*s-gz\"", (int)(n > 1 ? n - 1 : 0), tag);
}

long ad_send(struct MHD_Connection *conn, ad_request *r)
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
    char etag[24] = "", gz_tag[40] = "";
    bool cacheable = body && r->status == 200 && r->route && (r->route->flags & AD_CACHEABLE);
    if (cacheable)
        body_etag(body, len, etag, sizeof etag);
    const char *tag = r->etag ? r->etag : cacheable ? etag : NULL;
    /* gzip for a large text answer when the client takes it (its own ETag: another representation) */
    bool varies_coding = body && r->status == 200 && len >= AD_GZIP_MIN && ad_compressible(r->content_type);
    bool gzipped = false;
    if (varies_coding && ad_accepts_gzip(r->accept_encoding)) {
        if (r->gz) { /* embedded at build time */
            if (!is_static)
                free(body);
            body = (char *)r->gz;
            len = r->gz_len;
            is_static = gzipped = true;
            tag = r->gz_etag;
        } else if (!r->etag || built) {
            size_t zlen = 0;
            char *z = ad_gzip(body, len, &zlen);
            if (z) {
                if (!is_static)
                    free(body);
                body = z;
                len = zlen;
                is_static = false;
                gzipped = true;
                if (tag) {
                    gzip_etag(tag, gz_tag, sizeof gz_tag);
                    tag = gz_tag;
                }
            }
        }
    }
    if (tag && r->status == 200 && etag_matches(r->if_none_match, tag))
        r->status = 304; /* the client's copy is current: headers only, with the 200's Content-Length
                          * (libmicrohttpd sends no body for 304; RFC 9110 §8.6: never "0") */
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
    if (gzipped)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    if (r->lang && is_json) /* an error says English unless its message is an explanation's text */
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_LANGUAGE,
                                r->status >= 400 && !r->localized ? "en"
                                : arb_language_base(r->lang)     ? arb_language_base(r->lang)
                                                                 : r->lang);
    if (tag)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ETAG, tag);
    if (cacheable) {
        /* lessons, quizzes and puzzles change on a reload: a minute, then revalidate (304) */
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "public, max-age=60");
    }
    if (r->request_id[0])
        MHD_add_response_header(resp, "X-Request-Id", r->request_id);
    const char *origin = r->origin;
    /* With an allow-list every answer varies by Origin (granted or not): a shared cache must not
     * hand a listed origin the answer it stored for another (or for none). "*" is sent to all. */
    bool vary_origin = r->srv->cfg.cors_origins[0] && strcmp(r->srv->cfg.cors_origins, "*") != 0;
    /* Texts follow Accept-Language unless ?lang= or the body chose: caches must keep them apart
     * (a static text, the OpenAPI document, and the probes say the same in every language). */
    bool vary_lang = r->lang_by_header && is_json && built && !(r->route && (r->route->flags & AD_ALWAYS));
    static const char *const vary[8] = { /* by Origin (1), Accept-Language (2), Accept-Encoding (4) */
        NULL, "Origin", "Accept-Language", "Origin, Accept-Language", "Accept-Encoding",
        "Origin, Accept-Encoding", "Accept-Language, Accept-Encoding", "Origin, Accept-Language, Accept-Encoding",
    };
    const char *varies = vary[vary_origin | vary_lang << 1 | varies_coding << 2];
    if (varies)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY, varies);
    if (r->allow[0])
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow);
    ad_cors_headers(resp, &r->srv->cfg, origin, r->preflight, r->allow, r->cors_request_headers);
    for (int i = 0; i < r->nheaders; i++)
        MHD_add_response_header(resp, r->headers[i][0], r->headers[i][1]);
    if (r->retry_after || r->status == 503) { /* every 503 says when to come back */
        char secs[24];
        snprintf(secs, sizeof secs, "%ld", r->srv->cfg.retry_after);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, secs);
    }
    if (atomic_load_explicit(&r->srv->draining, memory_order_relaxed) || r->retry_after || r->close)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result ok = MHD_queue_response(conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok == MHD_YES ? (r->status == 304 ? 0 : (long)len) : -1;
}
