/* POST /v1/batch: several light requests in one round trip. The body is {"requests": [{"method",
 * "path", "body"?}, ...]} (at most AJ_BATCH_MAX, within max-body as any body); the answer is
 * {"responses": [{"status", "body"}, ...]}, one per sub-request in order, each exactly what the
 * route answers when sent alone (its own status: a sub-request's 400, 404 or 422 does not fail
 * the others).
 *
 * Only light routes are batched: a POST that is neither a search nor a script (analyze, move,
 * castling, validate, outcome, touch) and a GET of one item (a lesson, a puzzle, a Chess960
 * start). A search or a script (perft, dead, pgn, mate, answers, quizzes, preview), a list, a
 * probe, and /v1/batch itself are refused in their slot (400 invalid_field, the path): each of
 * those has its own place in the work queue and its own budget, which a batch would bypass. The
 * batch itself runs on a work thread (AD_SCRIPT), never on a polling thread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reply.h"
#include "routes.h"
#include "server.h"

/* Whether a route may be a sub-request (see above). */
static bool batchable(const ad_route *rt)
{
    if (rt->flags & (AD_HEAVY | AD_SCRIPT | AD_ALWAYS))
        return false;
    if (strncmp(rt->pattern, "/v1/", 4) != 0)
        return false; /* the page and its files */
    if (strcmp(rt->method, "POST") == 0)
        return (rt->flags & AD_BODY_JSON) != 0;
    return strcmp(rt->method, "GET") == 0 && strchr(rt->pattern, '{') != NULL; /* one item, not a list */
}

/* The slot's answer: the sub-request's status and JSON body (reply.h's reply, taken over). */
static json_t *slot_answer(ad_request *sub)
{
    json_t *body = sub->out;
    sub->out = NULL;
    if (!body && sub->text) /* a text reply of a JSON route: read back */
        body = json_loadb(sub->text, sub->text_len, 0, NULL);
    if (sub->text && !sub->text_static)
        free(sub->text);
    sub->text = NULL;
    json_t *o = json_object();
    json_object_set_new(o, "status", json_integer(body ? sub->status : 500));
    json_object_set_new(o, "body", body ? body : json_object());
    return o;
}

static json_t *slot_error(ad_request *r, const aj_error *e)
{
    ad_request sub = {.srv = r->srv, .lang = r->lang};
    ad_reply_error(&sub, e);
    return slot_answer(&sub);
}

/* The sub-request's language: its body's lang and digits, else the batch's (prepare_body's
 * order for a request sent alone, the batch's query and headers standing for its own). */
static bool sub_lang(ad_request *r, json_t *body, const char **lang, aj_error *e)
{
    const char *l = NULL, *digits = NULL;
    if (!aj_opt_string(body, "lang", &l, e) || !aj_opt_string(body, "digits", &digits, e))
        return false;
    const char *picked = aj_lang_pick(l);
    *lang = picked ? picked : r->lang;
    if (digits) {
        const char *tagged = aj_lang_digits(*lang, digits);
        if (!tagged) {
            aj_fail(e, AJ_E_INVALID_FIELD, "digits");
            return false;
        }
        *lang = tagged;
    }
    return true;
}

static json_t *run_one(ad_request *r, json_t *item, int i)
{
    aj_error e;
    const char *method = json_string_value(json_object_get(item, "method"));
    const char *path = json_string_value(json_object_get(item, "path"));
    json_t *body = json_object_get(item, "body");
    char where[48];
    snprintf(where, sizeof where, "requests[%d].path", i);
    if (strchr(path, '?') || strchr(path, '#')) {
        aj_fail(&e, AJ_E_INVALID_FIELD, NULL);
        snprintf(e.path, sizeof e.path, "%s", where);
        snprintf(e.detail, sizeof e.detail, "a sub-request's path has no query string: lang and digits go in its body");
        return slot_error(r, &e);
    }
    ad_request sub = {.srv = r->srv, .method = method, .set = r->set, .lang = r->lang};
    snprintf(sub.request_id, sizeof sub.request_id, "%s", r->request_id);
    char allow[64];
    int slot = r->srv->route_find ? r->srv->route_find(method, path, &sub, allow, sizeof allow) : -2;
    if (slot < 0) {
        aj_fail(&e, slot == -1 ? AJ_E_METHOD_NOT_ALLOWED : AJ_E_NOT_FOUND, NULL);
        snprintf(e.path, sizeof e.path, "%s", where);
        if (slot == -1)
            snprintf(e.detail, sizeof e.detail, "%s takes %s", path, allow);
        return slot_error(r, &e);
    }
    if (!batchable(sub.route)) {
        aj_fail(&e, AJ_E_INVALID_FIELD, NULL);
        snprintf(e.path, sizeof e.path, "%s", where);
        snprintf(e.detail, sizeof e.detail, "%s %s is not batched (a search, a script, a list, a probe or a batch): "
                 "send it on its own", sub.route->method, sub.route->pattern);
        return slot_error(r, &e);
    }
    bool post = sub.route->flags & AD_BODY_JSON;
    if (body && !json_is_null(body) && !post) {
        aj_fail(&e, AJ_E_INVALID_FIELD, NULL);
        snprintf(e.path, sizeof e.path, "requests[%d].body", i);
        snprintf(e.detail, sizeof e.detail, "a GET sub-request has no body");
        return slot_error(r, &e);
    }
    json_t *own = post ? (body && !json_is_null(body) ? json_incref(body) : json_object()) : NULL;
    const aj_endpoint_fields *known = post ? aj_fields_of(sub.route->method, sub.route->pattern, NULL) : NULL;
    if (own && ((known && !known->by_handler && !aj_check_body(known, own, NULL, &e)) || !sub_lang(r, own, &sub.lang, &e))) {
        json_decref(own);
        return slot_error(r, &e);
    }
    sub.body = own;
    sub.route->handler(&sub);
    json_decref(own);
    json_decref(sub.query);
    return slot_answer(&sub);
}

static void h_batch(ad_request *r)
{
    json_t *requests = json_object_get(r->body, "requests"); /* checked against the fields table */
    for (size_t i = 0; i < json_array_size(requests); i++) { /* but for each body's type (the handler's) */
        json_t *body = json_object_get(json_array_get(requests, i), "body");
        if (body && !json_is_null(body) && !json_is_object(body)) {
            aj_error e;
            aj_fail(&e, AJ_E_INVALID_FIELD, NULL);
            snprintf(e.path, sizeof e.path, "requests[].body");
            e.index = (int)i;
            snprintf(e.detail, sizeof e.detail, "requests[%zu].body is an object", i);
            ad_reply_error(r, &e);
            return;
        }
    }
    json_t *out = json_array();
    for (size_t i = 0; i < json_array_size(requests); i++)
        json_array_append_new(out, run_one(r, json_array_get(requests, i), (int)i));
    json_t *o = json_object();
    json_object_set_new(o, "responses", out);
    ad_reply_json(r, 200, o);
}

const ad_route ad_batch_routes[] = {
    {"POST", "/v1/batch", h_batch, AD_BODY_JSON | AD_LESSON_SET | AD_SCRIPT},
    {NULL, NULL, NULL, 0},
};
