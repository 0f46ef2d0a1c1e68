/* Answers to the requests libmicrohttpd's own parser refuses, in the API's JSON error shape.
 *
 * libmicrohttpd (0.9.75 in Debian 12) refuses some requests before any arbiterd callback runs and
 * queues a small HTML page for them through its exported MHD_queue_response(); no option of the
 * library replaces that page. The library calls its exported functions through its PLT, so this
 * file defines MHD_queue_response: the dynamic linker binds the library's own calls to this
 * definition too (an executable's symbols come first), and every answer that is not one of those
 * refusals goes on to the library's function, found with dlsym(RTLD_NEXT). A refusal is told
 * apart by its error status and its lack of a Content-Type: every answer arbiterd makes has one
 * (reply.c), the library's pages have none.
 *
 * Before the request's headers are complete, the refusal goes back to the library as a JSON
 * answer of the same status, which it sends and then closes the connection, as it does with its
 * page. Once they are complete (a Content-Length it cannot read, a bad chunk size), the library's
 * send path is broken: it overwrites the state its error path set and writes the status line and
 * headers a second time (0.9.75). Those answers are written here on the socket and the library is
 * told that queueing failed, so it closes the connection at once (every caller of that phase
 * checks for the close; earlier ones do not, hence the two ways). Such an answer is written only
 * when the socket's send queue surely has room for all of it (wire.h), so it is never cut;
 * otherwise the connection is closed without one. The text is English: the request's language is
 * not known yet.
 *
 * All of that is how one version of the library behaves: AD_MHD_PINNED (daemon/meson.build), the
 * one this was written and tested for. With another at run time (MHD_get_version) the refusals
 * keep the library's own pages, unchanged, and start-up says so once: a newer library's send
 * path may differ, and a wrong guess here would corrupt answers rather than only style them. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "log.h"
#include "refusals.h"
#include "wire.h"

typedef enum MHD_Result (*queue_fn)(struct MHD_Connection *, unsigned int, struct MHD_Response *);

/* One rendered answer per status the library refuses with. Written once by ad_refusals_init,
 * before any polling thread runs; read-only after. */
typedef struct refusal {
    int status;
    const char *phrase;
    aj_code code;
    ad_wire_answer answer;
} refusal;

static refusal answers[] = {
    {400, "Bad Request", AJ_E_BAD_REQUEST, {0}},
    {413, "Content Too Large", AJ_E_BODY_TOO_LARGE, {0}},
    {414, "URI Too Long", AJ_E_URI_TOO_LONG, {0}},
    {431, "Request Header Fields Too Large", AJ_E_HEADERS_TOO_LARGE, {0}},
    {500, "Internal Server Error", AJ_E_INTERNAL, {0}},
    {505, "HTTP Version Not Supported", AJ_E_HTTP_VERSION, {0}},
};
#define NANSWERS (sizeof answers / sizeof answers[0])

static queue_fn real_queue;
static ad_refusal_hooks hooks;
static pthread_once_t resolve_once = PTHREAD_ONCE_INIT;
static bool pinned; /* the library at run time is AD_MHD_PINNED: set once by ad_refusals_init */

/* dlsym's object pointer as the function it names (POSIX guarantees the two convert). */
static queue_fn as_queue_fn(void *symbol)
{
    queue_fn f;
    memcpy(&f, &symbol, sizeof f);
    return f;
}

static void resolve(void)
{
    real_queue = as_queue_fn(dlsym(RTLD_NEXT, "MHD_queue_response"));
}

/* The cap each refusal reports (limit), from the options behind it. */
static long long refusal_limit(const ad_config *cfg, aj_code code)
{
    switch (code) {
    case AJ_E_BODY_TOO_LARGE:
        return cfg->max_body;
    case AJ_E_URI_TOO_LONG:
        return cfg->max_uri;
    case AJ_E_HEADERS_TOO_LARGE:
        return cfg->max_headers;
    default:
        return -1;
    }
}

static bool render(refusal *a, const ad_config *cfg)
{
    const char *detail = a->code == AJ_E_BAD_REQUEST
                             ? "the request line, a header line, the Content-Length or a chunk size cannot be read"
                             : NULL;
    return ad_wire_render(&a->answer, a->status, a->phrase, a->code, refusal_limit(cfg, a->code), detail);
}

bool ad_refusals_init(const ad_config *cfg, ad_refusal_hooks h)
{
    pthread_once(&resolve_once, resolve);
    if (!real_queue) {
        ad_log(AD_LOG_ERROR, "libmicrohttpd's MHD_queue_response cannot be found");
        return false;
    }
    /* Where the library's calls will land: a build of it that binds them internally would
     * still answer with its HTML pages (daemon.http_fuzz and daemon.refusals catch that). */
    if (as_queue_fn(dlsym(RTLD_DEFAULT, "MHD_queue_response")) != MHD_queue_response)
        ad_log(AD_LOG_WARN, "MHD_queue_response is not arbiterd's: parser refusals stay HTML");
    const char *version = MHD_get_version();
    pinned = version && strcmp(version, AD_MHD_PINNED) == 0;
    if (!pinned)
        ad_log(AD_LOG_WARN, "libmicrohttpd %s is not %s, the version daemon/refusals.c was written for: "
               "the requests the library refuses keep its own HTML pages", version ? version : "(unknown)",
               AD_MHD_PINNED);
    for (size_t i = 0; i < NANSWERS; i++)
        if (!render(&answers[i], cfg)) {
            ad_log(AD_LOG_ERROR, "cannot render the %d answer", answers[i].status);
            return false;
        }
    hooks = h;
    return true;
}

const ad_wire_answer *ad_refusal_answer(int status)
{
    for (size_t i = 0; i < NANSWERS; i++)
        if (answers[i].status == status && answers[i].answer.body_len)
            return &answers[i].answer;
    return NULL;
}

static const refusal *refusal_for(unsigned int status, struct MHD_Response *resp)
{
    if (MHD_get_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE))
        return NULL;
    for (size_t i = 0; i < NANSWERS; i++)
        if ((unsigned)answers[i].status == status && answers[i].answer.body_len)
            return &answers[i];
    return NULL;
}

/* Writes the answer on the socket; returns its body's bytes (0: none written whole). */
static size_t write_answer(struct MHD_Connection *conn, const refusal *a)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    return ci ? ad_wire_write(ci->connect_fd, &a->answer) : 0;
}

/* Hands the answer to the library to send (it closes the connection after it). */
static enum MHD_Result queue_answer(struct MHD_Connection *conn, const refusal *a)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(a->answer.body_len, (void *)a->answer.body,
                                                                MHD_RESPMEM_PERSISTENT);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_LANGUAGE, "en");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
    enum MHD_Result ok = real_queue(conn, (unsigned)a->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response)
{
    pthread_once(&resolve_once, resolve);
    if (!real_queue)
        return MHD_NO;
    const refusal *a = response ? refusal_for(status_code, response) : NULL;
    if (!a)
        return real_queue(connection, status_code, response);
    if (!pinned) { /* another library version: its own page, unchanged */
        enum MHD_Result ok = real_queue(connection, status_code, response);
        if (hooks.refused)
            hooks.refused(connection, a->status, 0);
        return ok;
    }
    /* The library sets the header size at the end of the headers (0 before: its error path has
     * already moved the state on, so whether the size is readable does not tell). */
    const union MHD_ConnectionInfo *hs = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    bool headers_complete = hs && hs->header_size > 0;
    if (!headers_complete || (hooks.holds_request && hooks.holds_request(connection))) {
        enum MHD_Result ok = queue_answer(connection, a);
        if (hooks.refused)
            hooks.refused(connection, a->status, ok == MHD_YES ? a->answer.body_len : 0);
        return ok;
    }
    size_t bytes = write_answer(connection, a);
    if (hooks.refused)
        hooks.refused(connection, a->status, bytes);
    return MHD_NO; /* the library closes the connection */
}
