/* The one table of API errors: code name, HTTP status and default message, and the error
 * object every reply uses ({"error": {...}}, API.md). */
#include <string.h>

#include "arbiter_json.h"

static const struct {
    const char *name;
    int status;
    const char *message;
} table[AJ_CODE_COUNT] = {
    [AJ_OK] = {"ok", 200, "OK."},
    [AJ_E_INVALID_JSON] = {"invalid_json", 400, "The request body is not valid JSON."},
    [AJ_E_DUPLICATE_KEY] = {"duplicate_key", 400, "A JSON object in the request names the same key twice."},
    [AJ_E_INVALID_UTF8] = {"invalid_utf8", 400, "The request body is not valid UTF-8."},
    [AJ_E_NUL_BYTE] = {"nul_byte", 400, "The request body contains a NUL character."},
    [AJ_E_TOO_DEEP] = {"too_deep", 400, "The request JSON is nested too deeply."},
    [AJ_E_NOT_OBJECT] = {"not_object", 400, "The request body must be a JSON object."},
    [AJ_E_MISSING_FIELD] = {"missing_field", 400, "A required field is missing."},
    [AJ_E_INVALID_FIELD] = {"invalid_field", 400, "A field has the wrong type or an unknown value."},
    [AJ_E_OUT_OF_RANGE] = {"out_of_range", 400, "A number is outside its allowed range."},
    [AJ_E_CONFLICTING_FIELDS] = {"conflicting_fields", 400, "The request gives fields that cannot be used together."},
    [AJ_E_UNKNOWN_FIELD] = {"unknown_field", 400, "The request has a field this endpoint does not read."},
    [AJ_E_TOO_MANY_MOVES] = {"too_many_moves", 400, "The request lists more moves than the server accepts."},
    [AJ_E_INVALID_FEN] = {"invalid_fen", 400, "The FEN cannot be read."},
    [AJ_E_ILLEGAL_POSITION] = {"illegal_position", 422, "The FEN describes a position that cannot be played."},
    [AJ_E_INVALID_MOVE] = {"invalid_move", 422, "A move in 'moves' is not written in SAN or UCI."},
    [AJ_E_ILLEGAL_MOVE] = {"illegal_move", 422, "A move in 'moves' is not legal in the position it is played in."},
    [AJ_E_GAME_OVER] = {"game_over", 422, "The game had already ended: no move can follow."},
    [AJ_E_BUDGET_EXCEEDED] = {"budget_exceeded", 422, "The request needs more search than the server's budget allows."},
    [AJ_E_NOT_FOUND] = {"not_found", 404, "No such resource."},
    [AJ_E_METHOD_NOT_ALLOWED] = {"method_not_allowed", 405, "This resource does not accept that method."},
    [AJ_E_BODY_TOO_LARGE] = {"body_too_large", 413, "The request body is larger than the server accepts."},
    [AJ_E_URI_TOO_LONG] = {"uri_too_long", 414, "The request URI is longer than the server accepts."},
    [AJ_E_UNSUPPORTED_MEDIA] = {"unsupported_media_type", 415, "The request body must be JSON (Content-Type: application/json)."},
    [AJ_E_HEADERS_TOO_LARGE] = {"headers_too_large", 431, "The request headers are larger than the server accepts."},
    [AJ_E_TOO_MANY_REQUESTS] = {"too_many_requests", 429, "Too many requests from this client; retry later."},
    [AJ_E_UNAUTHORIZED] = {"unauthorized", 401, "This server needs an API key: send it as X-Api-Key or Authorization: Bearer."},
    [AJ_E_OVERLOADED] = {"overloaded", 503, "The server is busy; retry later."},
    [AJ_E_SHUTTING_DOWN] = {"shutting_down", 503, "The server is shutting down; retry on another instance."},
    [AJ_E_INTERNAL] = {"internal", 500, "Internal error."},
    [AJ_E_LESSON_SCRIPT] = {"lesson_script_failed", 500, "The lesson's script failed while judging the answer."},
    [AJ_E_BAD_REQUEST] = {"bad_request", 400, "The request's HTTP framing or headers are malformed."},
    [AJ_E_REQUEST_TIMEOUT] = {"request_timeout", 408, "The request was not received in time."},
    [AJ_E_HTTP_VERSION] = {"http_version_not_supported", 505, "The request's HTTP version is not supported: use HTTP/1.1 or HTTP/1.0."},
};

const char *aj_code_name(aj_code code)
{
    return (unsigned)code < AJ_CODE_COUNT ? table[code].name : table[AJ_E_INTERNAL].name;
}

int aj_code_status(aj_code code)
{
    return (unsigned)code < AJ_CODE_COUNT ? table[code].status : 500;
}

const char *aj_code_message(aj_code code)
{
    return (unsigned)code < AJ_CODE_COUNT ? table[code].message : table[AJ_E_INTERNAL].message;
}

bool aj_fail(aj_error *e, aj_code code, const char *field)
{
    memset(e, 0, sizeof *e);
    e->code = code;
    e->field = field;
    e->index = -1;
    e->limit = -1;
    e->ply = -1;
    return false;
}

json_t *aj_error_json(const aj_error *e, const char *lang)
{
    json_t *err = json_object();
    json_object_set_new(err, "code", json_string(aj_code_name(e->code)));
    json_t *why = e->has_reason ? aj_reason_json(&e->reason, lang) : NULL;
    json_t *text = why ? json_object_get(why, "text") : NULL;
    json_object_set_new(err, "message", text ? json_copy(text) : json_string(aj_code_message(e->code)));
    if (e->path[0])
        json_object_set_new(err, "field", json_string(e->path));
    else if (e->field)
        json_object_set_new(err, "field", json_string(e->field));
    if (e->index >= 0)
        json_object_set_new(err, "index", json_integer(e->index));
    if (e->limit >= 0)
        json_object_set_new(err, "limit", json_integer(e->limit));
    if (e->ply >= 0)
        json_object_set_new(err, "ply", json_integer(e->ply));
    if (e->code == AJ_E_UNKNOWN_FIELD) {
        json_object_set_new(err, "nearest", e->nearest ? json_string(e->nearest) : json_null());
        json_t *allowed = json_array();
        for (const struct aj_field *f = e->allowed; f && f->name; f++)
            json_array_append_new(allowed, json_string(f->name));
        for (const char *const *k = e->allowed_more; k && *k; k++)
            json_array_append_new(allowed, json_string(*k));
        for (const struct aj_field *f = e->allowed_common; f && f->name; f++)
            json_array_append_new(allowed, json_string(f->name));
        json_object_set_new(err, "allowed", allowed);
    } else if (e->values) { /* an enumeration's values, or the fields that exclude each other */
        json_t *allowed = json_array();
        for (const char *const *k = e->values; *k; k++)
            json_array_append_new(allowed, json_string(*k));
        json_object_set_new(err, "allowed", allowed);
    }
    if (e->has_range) {
        json_object_set_new(err, "minimum", json_integer(e->minimum));
        json_object_set_new(err, "maximum", json_integer(e->maximum));
    }
    if (e->detail[0])
        json_object_set_new(err, "detail", json_string(e->detail));
    if (e->line > 0) {
        json_object_set_new(err, "line", json_integer(e->line));
        json_object_set_new(err, "column", json_integer(e->column));
    }
    if (why)
        json_object_set_new(err, "explanation", why);
    if (why && e->nmore > 0) {
        json_t *all = json_array();
        json_array_append(all, why);
        for (int i = 0; i < e->nmore && i < AJ_ERROR_MORE_REASONS; i++)
            json_array_append_new(all, aj_reason_json(&e->more[i], lang));
        json_object_set_new(err, "reasons", all);
    }
    json_t *root = json_object();
    json_object_set_new(root, "error", err);
    return root;
}
