/* Compact JSON text of a jansson value in one growing buffer: what json_dumps(JSON_COMPACT)
 * writes (keys in insertion order, UTF-8 kept, '"', '\' and control characters escaped),
 * without its per-token callbacks. Replies and the CLI's --json print through it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"

typedef struct buf {
    char *p;
    size_t n, cap;
    bool failed;
} buf;

static bool reserve(buf *b, size_t more)
{
    if (b->failed)
        return false;
    if (b->n + more <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 512;
    while (cap < b->n + more)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

static void put(buf *b, const char *s, size_t n)
{
    if (reserve(b, n)) {
        memcpy(b->p + b->n, s, n);
        b->n += n;
    }
}

static void putc1(buf *b, char c)
{
    if (reserve(b, 1))
        b->p[b->n++] = c;
}

static void put_string(buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    putc1(b, '"');
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(b, s + run, i - run);
        run = i + 1;
        char esc[6] = {'\\', 0, 0, 0, 0, 0};
        size_t k = 2;
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default:
            esc[1] = 'u', esc[2] = '0', esc[3] = '0', esc[4] = hex[c >> 4], esc[5] = hex[c & 15];
            k = 6;
        }
        put(b, esc, k);
    }
    put(b, s + run, n - run);
    putc1(b, '"');
}

static void put_int(buf *b, json_int_t v)
{
    char tmp[24];
    char *e = tmp + sizeof tmp, *q = e;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        *--q = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--q = '-';
    put(b, q, (size_t)(e - q));
}

static void dump(buf *b, const json_t *v, int depth)
{
    if (depth > 64) { /* our answers are shallow; never recurse without bound */
        b->failed = true;
        return;
    }
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *val;
        bool first = true;
        if (json_object_size(v) == 1 && (val = json_object_get(v, AJ_RAW_KEY)) && json_is_string(val)) {
            put(b, json_string_value(val), json_string_length(val)); /* aj_raw_json: already JSON */
            break;
        }
        putc1(b, '{');
        json_object_foreach((json_t *)v, key, val) {
            if (!first)
                putc1(b, ',');
            first = false;
            put_string(b, key, strlen(key));
            putc1(b, ':');
            dump(b, val, depth + 1);
        }
        putc1(b, '}');
        break;
    }
    case JSON_ARRAY: {
        putc1(b, '[');
        size_t n = json_array_size(v);
        for (size_t i = 0; i < n; i++) {
            if (i)
                putc1(b, ',');
            dump(b, json_array_get(v, i), depth + 1);
        }
        putc1(b, ']');
        break;
    }
    case JSON_STRING:
        put_string(b, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        put_int(b, json_integer_value(v));
        break;
    case JSON_REAL: {
        char tmp[32];
        int k = snprintf(tmp, sizeof tmp, "%.17g", json_real_value(v));
        if (k <= 0 || (size_t)k + 2 >= sizeof tmp)
            k = 0;
        else if (!strpbrk(tmp, ".eEn")) /* as jansson: 1 -> 1.0 (nan/inf never reach here) */
            tmp[k++] = '.', tmp[k++] = '0';
        put(b, tmp, (size_t)k);
        break;
    }
    case JSON_TRUE:
        put(b, "true", 4);
        break;
    case JSON_FALSE:
        put(b, "false", 5);
        break;
    default:
        put(b, "null", 4);
        break;
    }
}

char *aj_dumps(const json_t *v, size_t *len)
{
    buf b = {0};
    if (v)
        dump(&b, v, 0);
    putc1(&b, '\0');
    if (b.failed || !v) {
        free(b.p);
        return NULL;
    }
    if (len)
        *len = b.n - 1;
    return b.p;
}

json_t *aj_raw_json(const char *text, size_t n)
{
    json_t *o = json_object(), *s = json_stringn_nocheck(text, n);
    if (!o || !s || json_object_set_new_nocheck(o, AJ_RAW_KEY, s) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}
