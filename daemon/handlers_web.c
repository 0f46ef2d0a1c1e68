/* The playground: GET / and GET /web/... answer the files of web/ embedded at build time, with
 * an ETag (304 on If-None-Match), a same-origin Content-Security-Policy and nosniff. --no-web
 * turns the routes off (404, as for any unknown path). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reply.h"
#include "routes.h"
#include "server.h"
#include "web_files.h"

/* Only 'self': the page loads nothing from another origin. Styles may be inline because the
 * board library sets style attributes on the SVG it draws. */
static const char csp[] = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                          "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                          "frame-ancestors 'none'; form-action 'none'";

static int by_path(const void *key, const void *elem)
{
    return strcmp(key, ((const ad_web_file *)elem)->path);
}

static const ad_web_file *find_file(const char *path)
{
    return bsearch(path, ad_web_files, ad_web_file_count, sizeof ad_web_files[0], by_path);
}

static void serve(ad_request *r, const char *path)
{
    const ad_web_file *f = r->srv->cfg.no_web ? NULL : find_file(path);
    if (!f) {
        aj_error e;
        aj_fail(&e, AJ_E_NOT_FOUND, NULL);
        snprintf(e.detail, sizeof e.detail, "%s", r->srv->cfg.no_web ? "the web page is off (arbiterd --no-web)" : "no such file of the web page");
        ad_reply_error(r, &e);
        return;
    }
    ad_reply_header(r, "Cache-Control", "no-cache");
    ad_reply_header(r, "X-Content-Type-Options", "nosniff");
    ad_reply_header(r, "Content-Security-Policy", csp);
    ad_reply_header(r, "Referrer-Policy", "no-referrer");
    ad_reply_text(r, 200, f->content_type, (char *)f->data, f->len, true);
    ad_reply_etag(r, f->etag); /* 304 when If-None-Match names it */
    if (f->gz)
        ad_reply_gzip(r, f->gz, f->gz_len, f->gz_etag);
}

static void h_index(ad_request *r)
{
    serve(r, "index.html");
}

static void h_file(ad_request *r)
{
    serve(r, r->params[0][0] ? r->params[0] : "index.html");
}

const ad_route ad_web_routes[] = {
    {"GET", "/", h_index, 0},
    {"GET", "/web/{*}", h_file, 0},
    {NULL, NULL, NULL, 0},
};
