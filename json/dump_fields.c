/* arbiter-fields: prints the fields table (fields.c) as JSON for scripts/gen-openapi and the tests:
 * {"bodies": {"METHOD /route": request schema, ...}, "query": {"lang": schema, "digits": schema},
 *  "queries": {"GET /route": {name: schema}} (a GET route's own query parameters, the common ones
 *  excluded), "table": {"METHOD /route[ nested]": [field names]}}. Not installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"

int main(void)
{
    json_t *bodies = json_object(), *query = json_object(), *table = json_object(), *queries = json_object();
    for (const aj_endpoint_fields *ep = aj_fields_table; ep->endpoint; ep++) {
        json_t *names = json_array();
        for (const aj_field *f = ep->fields; f->name; f++)
            json_array_append_new(names, json_string(f->name));
        json_object_set_new(table, ep->endpoint, names);
        int spaces = 0;
        for (const char *c = ep->endpoint; *c; c++)
            spaces += *c == ' ';
        if (spaces == 1 && strncmp(ep->endpoint, "GET ", 4) == 0) { /* a GET route's query parameters */
            json_t *c = aj_fields_schema(ep);
            json_t *own = json_copy(json_object_get(c, "properties"));
            for (const aj_field *f = aj_common_fields; f->name; f++)
                json_object_del(own, f->name);
            json_object_set_new(queries, ep->endpoint, own);
            json_decref(c);
        } else if (spaces == 1) { /* a body, not a nested object */
            json_object_set_new(bodies, ep->endpoint, aj_fields_schema(ep));
        }
    }
    const aj_endpoint_fields common = {"query", aj_common_fields, false, NULL, NULL, NULL};
    json_t *c = aj_fields_schema(&common);
    json_object_update(query, json_object_get(c, "properties"));
    json_decref(c);
    json_t *root = json_pack("{s:o, s:o, s:o, s:o}", "bodies", bodies, "query", query, "queries", queries, "table", table);
    char *text = json_dumps(root, JSON_INDENT(1));
    json_decref(root);
    if (!text)
        return 1;
    puts(text);
    free(text);
    return 0;
}
