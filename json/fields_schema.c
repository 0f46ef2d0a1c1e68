/* The request schemas of docs/openapi.json, made from the fields table (fields.c): what the
 * daemon checks is what the document says (JSON Schema 2020-12, as OpenAPI 3.1 reads it). */
#include "arbiter_json.h"

static json_t *strings(const char *const *list)
{
    json_t *a = json_array();
    for (; list && *list; list++)
        json_array_append_new(a, json_string(*list));
    return a;
}

static json_t *object_schema(const aj_field *fields, bool closed, const char *doc);

static json_t *field_schema(const aj_field *f)
{
    static const char *const types[] = {
        [AJ_T_STRING] = "string", [AJ_T_INTEGER] = "integer", [AJ_T_BOOLEAN] = "boolean",
        [AJ_T_ARRAY] = "array", [AJ_T_OBJECT] = "object",
    };
    if (f->type == AJ_T_OBJECT && f->members)
        return object_schema(f->members, true, f->doc);
    json_t *s = json_object();
    json_object_set_new(s, "type", json_string(types[f->type]));
    if (f->doc)
        json_object_set_new(s, "description", json_string(f->doc));
    const char *lo = NULL, *hi = NULL;
    switch (f->type) {
    case AJ_T_STRING:
        if (f->values)
            json_object_set_new(s, "enum", strings(f->values));
        if (f->flags & AJ_F_SQUARE)
            json_object_set_new(s, "pattern", json_string("^[a-h][1-8]$"));
        else
            lo = "minLength", hi = "maxLength";
        break;
    case AJ_T_INTEGER:
        lo = "minimum", hi = "maximum";
        break;
    case AJ_T_ARRAY:
        lo = "minItems", hi = "maxItems";
        json_object_set_new(s, "items", f->members ? field_schema(f->members) : json_pack("{s:s}", "type", "string"));
        break;
    case AJ_T_OBJECT: /* members the handler checks: string values, or any (the route's own body) */
        if (f->flags & AJ_F_ANY_MEMBERS)
            json_object_set_new(s, "additionalProperties", json_true());
        else
            json_object_set_new(s, "additionalProperties", json_pack("{s:s}", "type", "string"));
        break;
    default:
        break;
    }
    if (lo && (f->min > 0 || f->type == AJ_T_INTEGER))
        json_object_set_new(s, lo, json_integer(f->min));
    if (hi && f->max >= 0)
        json_object_set_new(s, hi, json_integer(f->max));
    return s;
}

static json_t *object_schema(const aj_field *fields, bool closed, const char *doc)
{
    json_t *s = json_object(), *props = json_object(), *required = json_array();
    json_object_set_new(s, "type", json_string("object"));
    if (doc)
        json_object_set_new(s, "description", json_string(doc));
    for (const aj_field *f = fields; f && f->name; f++) {
        json_object_set_new(props, f->name, field_schema(f));
        if (f->flags & AJ_F_REQUIRED)
            json_array_append_new(required, json_string(f->name));
    }
    json_object_set_new(s, "properties", props);
    if (json_array_size(required))
        json_object_set_new(s, "required", required);
    else
        json_decref(required);
    if (closed)
        json_object_set_new(s, "additionalProperties", json_false());
    return s;
}

/* {"properties": {name: ...}, "required": [name]}: the field is given (a boolean: true, since
 * false is no event). The property is named beside `required` for ajv's strictRequired. */
static json_t *given(const aj_field *fields, const char *name)
{
    const aj_field *f = aj_field_find(fields, name);
    json_t *value = f && f->type == AJ_T_BOOLEAN ? json_pack("{s:b}", "const", 1) : json_true();
    return json_pack("{s:{s:o}, s:[s]}", "properties", name, value, "required", name);
}

json_t *aj_fields_schema(const aj_endpoint_fields *ep)
{
    json_t *s = object_schema(ep->fields, !ep->by_handler, NULL);
    json_t *props = json_object_get(s, "properties");
    for (const aj_field *f = aj_common_fields; f->name; f++)
        json_object_set_new(props, f->name, field_schema(f));
    /* and the handler's names (a generator's parameters, strings): "true", since a typed client
     * would read {"type": "string"} as every member being a string, the seed too */
    if (ep->by_handler)
        json_object_set_new(s, "additionalProperties", json_true());
    json_t *all = json_array();
    /* at most one: no two of them given together */
    json_t *pairs = json_array();
    for (const char *const *a = ep->at_most_one; a && *a; a++)
        for (const char *const *b = a + 1; *b; b++) {
            json_t *both = json_pack("{s:[o,o]}", "allOf", given(ep->fields, *a), given(ep->fields, *b));
            json_array_append_new(pairs, both);
        }
    if (json_array_size(pairs))
        json_array_append_new(all, json_pack("{s:{s:o}}", "not", "anyOf", pairs));
    else
        json_decref(pairs);
    if (ep->one_of) {
        json_t *one = json_array();
        for (const char *const *k = ep->one_of; *k; k++)
            json_array_append_new(one, given(ep->fields, *k));
        json_array_append_new(all, json_pack("{s:o}", "oneOf", one));
    }
    if (ep->needs) {
        json_t *dep = json_object();
        for (const char *const *k = ep->needs; k[0] && k[1]; k += 2)
            json_object_set_new(dep, k[0], json_pack("[s]", k[1]));
        json_object_set_new(s, "dependentRequired", dep);
    }
    if (json_array_size(all) == 1)
        json_object_update(s, json_array_get(all, 0));
    else if (json_array_size(all) > 1)
        json_object_set(s, "allOf", all);
    json_decref(all);
    return s;
}
