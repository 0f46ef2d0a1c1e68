/* Replies as handlers make them: every error has the same shape ({"error": {...}}, status from
 * json/errors.c); send.c turns what is made here into the answer on the wire. */
#include <stdlib.h>
#include <string.h>

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

/* Appends s to b (at *n of cap) percent-encoding all but RFC 3986's unreserved characters. */
static void put_encoded(char *b, size_t cap, size_t *n, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; *s && *n + 4 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~", c)) {
            b[(*n)++] = (char)c;
        } else {
            b[(*n)++] = '%';
            b[(*n)++] = hex[c >> 4];
            b[(*n)++] = hex[c & 15];
        }
    }
    b[*n] = '\0';
}

json_t *ad_page(ad_request *r, json_t *all)
{
    json_t *jl = r->query ? json_object_get(r->query, "limit") : NULL, *jo = r->query ? json_object_get(r->query, "offset") : NULL;
    size_t total = json_array_size(all);
    size_t offset = json_is_integer(jo) ? (size_t)json_integer_value(jo) : 0;
    size_t limit = json_is_integer(jl) ? (size_t)json_integer_value(jl) : total;
    snprintf(r->total, sizeof r->total, "%zu", total);
    ad_reply_header(r, "X-Total-Count", r->total);
    json_t *page = json_array();
    for (size_t i = offset; i < total && i - offset < limit; i++)
        json_array_append(page, json_array_get(all, i));
    json_decref(all);
    if (offset + limit < total && json_is_integer(jl)) { /* the next page: the same query, offset moved on */
        size_t n = 0;
        int w = snprintf(r->link, sizeof r->link, "<%s?", r->route->pattern);
        n = w > 0 && (size_t)w < sizeof r->link ? (size_t)w : 0;
        const char *key;
        json_t *v;
        json_object_foreach(r->query, key, v) {
            if (strcmp(key, "offset") == 0)
                continue;
            char num[24];
            const char *text = json_is_string(v) ? json_string_value(v) : num;
            if (!json_is_string(v))
                snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
            put_encoded(r->link, sizeof r->link, &n, key);
            if (n + 1 < sizeof r->link)
                r->link[n++] = '=', r->link[n] = '\0';
            put_encoded(r->link, sizeof r->link, &n, text);
            if (n + 1 < sizeof r->link)
                r->link[n++] = '&', r->link[n] = '\0';
        }
        w = snprintf(r->link + n, sizeof r->link - n, "offset=%zu>; rel=\"next\"", offset + limit);
        if (n > 0 && w > 0 && (size_t)w < sizeof r->link - n)
            ad_reply_header(r, "Link", r->link);
    }
    return page;
}

const char *ad_query(const ad_request *r, const char *name)
{
    return r->query ? json_string_value(json_object_get(r->query, name)) : NULL;
}
