/* Request framing checks that libmicrohttpd 0.9.75 leaves to the application, made once the
 * headers are in (RFC 9112): Content-Length with Transfer-Encoding, differing Content-Length
 * values, a transfer coding other than chunked, Transfer-Encoding in HTTP/1.0 (§6.1-6.3),
 * whitespace in a header name (§5.1), Host missing or repeated in HTTP/1.1 (RFC 9112 §3.2).
 * A refused request gets 400 bad_request and its connection is closed. */
#include <string.h>
#include <strings.h>

#include "framing.h"

struct seen {
    int content_length, transfer_encoding, host;
    const char *first_length;
    bool lengths_differ, bad_name, bad_coding;
};

static enum MHD_Result look(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    struct seen *s = cls;
    if (!key[0] || strpbrk(key, " \t"))
        s->bad_name = true;
    if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
        if (s->content_length++ == 0)
            s->first_length = value;
        else if (strcmp(s->first_length ? s->first_length : "", value ? value : "") != 0)
            s->lengths_differ = true;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
        s->transfer_encoding++;
        if (!value || strcasecmp(value, "chunked") != 0)
            s->bad_coding = true;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) {
        s->host++;
    }
    return MHD_YES;
}

const char *ad_framing_problem(struct MHD_Connection *conn, const char *version)
{
    struct seen s = {0};
    MHD_get_connection_values(conn, MHD_HEADER_KIND, look, &s);
    bool http11 = version && strcmp(version, MHD_HTTP_VERSION_1_1) == 0;
    if (s.bad_name)
        return "a header name is empty or contains white space";
    if (s.transfer_encoding && s.content_length)
        return "both Content-Length and Transfer-Encoding";
    if (s.lengths_differ)
        return "two different Content-Length values";
    if (s.transfer_encoding > 1 || s.bad_coding)
        return "a Transfer-Encoding other than chunked";
    if (s.transfer_encoding && !http11)
        return "Transfer-Encoding in an HTTP/1.0 request";
    if (http11 && s.host == 0)
        return "an HTTP/1.1 request without Host";
    if (s.host > 1)
        return "more than one Host header";
    return NULL;
}
