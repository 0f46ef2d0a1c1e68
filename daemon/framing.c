/* Request framing checks that libmicrohttpd 0.9.75 leaves to the application, made once the
 * headers are in (RFC 9112): Content-Length with Transfer-Encoding, differing Content-Length
 * values, a transfer coding other than chunked, Transfer-Encoding in HTTP/1.0 (§6.1-6.3),
 * whitespace in a header name (§5.1), Host missing or repeated in HTTP/1.1 (§3.2); and what the
 * library reads leniently (§2.2, §5.2): a folded header line (obs-fold), a NUL in the request line
 * or a header line, a bare CR in a header value, a method that is not a token.
 *
 * The lenient readings are seen in the request head as the library leaves it in its read buffer:
 * the head is one block of header_size bytes from the method on, in which every header's name and
 * value lie in order, and between one line's value and the next line's name there is nothing but
 * the NULs that replaced its line end ("\r\n" or "\n"); between a name and its value the NUL that
 * replaced the colon and white space. A folded line is joined to the previous header's *name*, in
 * a block of the pool moved past the head (the value then lies before its name): a front end that
 * unfolds it reads another header than arbiterd (`Transfer-Encoding:\r\n chunked` and a
 * Content-Length smuggled a second request). A NUL inside a line leaves the rest of the line where
 * only NULs may be. A refused request gets 400 bad_request and its connection is closed. */
#include <string.h>
#include <strings.h>

#include "framing.h"

struct seen {
    int content_length, transfer_encoding, host;
    const char *first_length;
    bool lengths_differ, bad_name, bad_coding, bare_cr;
    /* The walk through the head: its end, where the previous line's content ended, and whether
     * something lies where it should not. */
    const char *end, *cursor;
    bool misplaced;
};

/* The bytes in [from, to) are all NUL. */
static bool nuls(const char *from, const char *to)
{
    for (const char *p = from; p < to; p++)
        if (*p)
            return false;
    return true;
}

/* The bytes in [from, to) are all space or tab. */
static bool blanks(const char *from, const char *to)
{
    for (const char *p = from; p < to; p++)
        if (*p != ' ' && *p != '\t')
            return false;
    return true;
}

/* One header, in order: its name right after the previous line's end, its value after the colon's
 * NUL and white space, both inside the head. */
static void walk(struct seen *s, const char *key, const char *value)
{
    if (s->misplaced || !s->cursor)
        return;
    size_t klen = strlen(key);
    const char *colon = key + klen;
    if (key <= s->cursor || colon >= s->end || key - s->cursor > 2 || !nuls(s->cursor, key) || !value ||
        value <= colon || value >= s->end || !blanks(colon + 1, value)) {
        s->misplaced = true;
        return;
    }
    s->cursor = value + strlen(value);
    if (s->cursor >= s->end)
        s->misplaced = true;
}

static enum MHD_Result look(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    struct seen *s = cls;
    walk(s, key, value);
    if (!key[0] || strpbrk(key, " \t"))
        s->bad_name = true;
    if (value && strchr(value, '\r'))
        s->bare_cr = true;
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

/* A method is a token (RFC 9110 §5.6.2). */
static bool token(const char *m)
{
    static const char tchar[] = "!#$%&'*+-.^_`|~";
    if (!*m)
        return false;
    for (; *m; m++)
        if (!((*m >= 'a' && *m <= 'z') || (*m >= 'A' && *m <= 'Z') || (*m >= '0' && *m <= '9') || strchr(tchar, *m)))
            return false;
    return true;
}

const char *ad_framing_problem(struct MHD_Connection *conn, const char *method, const char *uri, size_t uri_len,
                               const char *version)
{
    struct seen s = {0};
    const union MHD_ConnectionInfo *hs = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    bool lined = method && uri && version && version[0];
    if (lined && hs && hs->header_size > 0) {
        s.end = method + hs->header_size;
        s.cursor = version + strlen(version);
        /* The request line: the method, white space, the target (as it arrived), one space, the
         * version; a NUL anywhere in it leaves these apart. */
        const char *mend = method + strlen(method);
        bool apart = uri > mend && *mend == '\0' && blanks(mend + 1, uri);
        if (!(apart && version == uri + uri_len + 1 && s.cursor < s.end))
            s.misplaced = true;
    }
    MHD_get_connection_values(conn, MHD_HEADER_KIND, look, &s);
    if (s.cursor && !s.misplaced && (s.end - s.cursor > 4 || !nuls(s.cursor, s.end)))
        s.misplaced = true; /* after the last header: its line end and the empty line's, nothing else */
    bool http11 = version && strcmp(version, MHD_HTTP_VERSION_1_1) == 0;
    if (method && !token(method))
        return "the method is not a token";
    if (s.misplaced)
        return "a folded header line (obs-fold), or a NUL in the request line or a header line";
    if (s.bare_cr)
        return "a bare CR in a header value";
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
