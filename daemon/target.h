/* The request target, read once (target.c): what is refused in it as it arrived, and the path
 * arbiterd routes on. libmicrohttpd decodes percent-escapes in place before the access handler
 * runs (`%6detrics` is `metrics`), so routes compare decoded paths: an ACL in front must decode
 * too (HAProxy: `path,url_dec`). What decoding would turn into another path is refused first: a NUL
 * (`%00` cut the path where it stood, so `/metrics%00.css` was `/metrics`), control bytes, spaces. */
#ifndef AD_TARGET_H
#define AD_TARGET_H

#include <stddef.h>

/* Why the raw target (as the request line has it, before decoding) is refused, or NULL. */
const char *ad_target_problem(const char *raw, size_t len);

/* The path to route on: url itself, or for absolute-form ("http://host/path", RFC 9112 §3.2.2)
 * the path after the authority ("/" if there is none). */
const char *ad_target_path(const char *url);

#endif
