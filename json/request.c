/* Request bodies: strict JSON parsing (NUL bytes, depth, UTF-8, duplicate keys), typed
 * optional fields, language choice and the position input {variant, fen, moves[]}. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arbiter_json.h"

/* Deepest nesting of arrays/objects, scanning outside strings; stops once past cap. */
static int nesting_depth(const char *buf, size_t len, int cap)
{
    int depth = 0, max = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = buf[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max && (max = depth) > cap)
                return max;
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return max;
}

/* The fast reading of a request body: the JSON every client sends (ASCII strings without
 * escapes, integers of up to 18 digits, true, false, null, objects without a repeated key) read
 * into the tree json_loadb makes of it. Anything else (an escape, a byte above 0x7e or below 0x20
 * in a string, a fraction, an exponent, a leading zero, "-0", a repeated key, an error of any
 * kind) is NULL: the caller reads the body with json_loadb, whose answer (and error) it is. */
typedef struct fast {
    const char *p, *end;
} fast;

static void fast_ws(fast *f)
{
    while (f->p < f->end && (*f->p == ' ' || *f->p == '\t' || *f->p == '\n' || *f->p == '\r'))
        f->p++;
}

/* A string's text between its quotes (f->p on the opening one); false for what it leaves to jansson. */
static bool fast_string(fast *f, const char **s, size_t *n)
{
    const char *q = ++f->p;
    while (q < f->end && *q != '"') {
        unsigned char c = (unsigned char)*q;
        if (c < 0x20 || c > 0x7e || c == '\\')
            return false;
        q++;
    }
    if (q >= f->end)
        return false;
    *s = f->p, *n = (size_t)(q - f->p);
    f->p = q + 1;
    return true;
}

/* After a number or a literal: what may follow a value. */
static bool fast_delim(const fast *f)
{
    return f->p >= f->end || (*f->p && strchr(" \t\n\r,]}", *f->p));
}

static json_t *fast_value(fast *f, int depth)
{
    if (depth > 64 || f->p >= f->end)
        return NULL;
    const char *s;
    size_t n;
    switch (*f->p) {
    case '"':
        return fast_string(f, &s, &n) ? json_stringn_nocheck(s, n) : NULL;
    case '{': {
        json_t *o = json_object();
        f->p++;
        fast_ws(f);
        if (f->p < f->end && *f->p == '}') {
            f->p++;
            return o;
        }
        for (;;) {
            json_t *v = NULL;
            if (f->p >= f->end || *f->p != '"' || !fast_string(f, &s, &n) || n > 64)
                break;
            char key[65];
            memcpy(key, s, n);
            key[n] = '\0';
            fast_ws(f);
            if (f->p >= f->end || *f->p != ':')
                break;
            f->p++;
            fast_ws(f);
            if (json_object_get(o, key) || !(v = fast_value(f, depth + 1)) || json_object_set_new_nocheck(o, key, v))
                break;
            fast_ws(f);
            if (f->p < f->end && *f->p == ',') {
                f->p++;
                fast_ws(f);
                continue;
            }
            if (f->p < f->end && *f->p == '}') {
                f->p++;
                return o;
            }
            break;
        }
        json_decref(o);
        return NULL;
    }
    case '[': {
        json_t *a = json_array();
        f->p++;
        fast_ws(f);
        if (f->p < f->end && *f->p == ']') {
            f->p++;
            return a;
        }
        for (;;) {
            json_t *v = fast_value(f, depth + 1);
            if (!v || json_array_append_new(a, v))
                break;
            fast_ws(f);
            if (f->p < f->end && *f->p == ',') {
                f->p++;
                fast_ws(f);
                continue;
            }
            if (f->p < f->end && *f->p == ']') {
                f->p++;
                return a;
            }
            break;
        }
        json_decref(a);
        return NULL;
    }
    case 't':
    case 'f':
    case 'n': {
        static const char *const lit[] = {"true", "false", "null"};
        int k = *f->p == 't' ? 0 : *f->p == 'f' ? 1 : 2;
        size_t m = strlen(lit[k]);
        if ((size_t)(f->end - f->p) < m || memcmp(f->p, lit[k], m) != 0)
            return NULL;
        f->p += m;
        if (!fast_delim(f))
            return NULL;
        return k == 0 ? json_true() : k == 1 ? json_false() : json_null();
    }
    default: {
        const char *q = f->p;
        bool neg = *q == '-';
        if (neg)
            q++;
        const char *digits = q;
        unsigned long long v = 0; /* 19 digits fit unsigned; more than 18 go to jansson below */
        while (q < f->end && *q >= '0' && *q <= '9' && q - digits < 19)
            v = v * 10 + (unsigned)(*q++ - '0');
        size_t nd = (size_t)(q - digits);
        if (nd == 0 || nd > 18 || (*digits == '0' && (nd > 1 || neg)))
            return NULL;
        f->p = q;
        if (!fast_delim(f))
            return NULL;
        return json_integer(neg ? -(json_int_t)v : (json_int_t)v);
    }
    }
}

static json_t *fast_parse(const char *buf, size_t len)
{
    fast f = {buf, buf + len};
    fast_ws(&f);
    json_t *v = fast_value(&f, 0);
    fast_ws(&f);
    if (v && f.p != f.end) {
        json_decref(v);
        v = NULL;
    }
    return v;
}

json_t *aj_parse_body(const char *buf, size_t len, int max_depth, aj_error *e)
{
    if (memchr(buf, '\0', len)) {
        aj_fail(e, AJ_E_NUL_BYTE, NULL);
        return NULL;
    }
    if (nesting_depth(buf, len, max_depth) > max_depth) {
        aj_fail(e, AJ_E_TOO_DEEP, NULL);
        e->limit = max_depth;
        return NULL;
    }
    json_error_t jerr;
    json_t *root = fast_parse(buf, len);
    if (!root)
        root = json_loadb(buf, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
    if (!root) {
        aj_code code = AJ_E_INVALID_JSON;
        switch (json_error_code(&jerr)) {
        case json_error_duplicate_key: code = AJ_E_DUPLICATE_KEY; break;
        case json_error_invalid_utf8: code = AJ_E_INVALID_UTF8; break;
        case json_error_null_character: code = AJ_E_NUL_BYTE; break;
        default: break;
        }
        aj_fail(e, code, NULL);
        /* jansson's text may quote input bytes: keep printable ASCII only. */
        size_t n = 0;
        for (const char *s = jerr.text; *s && n + 1 < sizeof e->detail; s++)
            e->detail[n++] = (*s >= 0x20 && *s < 0x7f) ? *s : '?';
        e->detail[n] = '\0';
        e->line = jerr.line > 0 ? jerr.line : 0;
        e->column = jerr.column > 0 ? jerr.column : 0;
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        aj_fail(e, AJ_E_NOT_OBJECT, NULL);
        return NULL;
    }
    return root;
}

bool aj_opt_string(json_t *obj, const char *key, const char **out, aj_error *e)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return true;
    if (!json_is_string(v))
        return aj_fail(e, AJ_E_INVALID_FIELD, key);
    *out = json_string_value(v);
    return true;
}

bool aj_opt_bool(json_t *obj, const char *key, bool *out, aj_error *e)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return true;
    if (!json_is_boolean(v))
        return aj_fail(e, AJ_E_INVALID_FIELD, key);
    *out = json_is_true(v);
    return true;
}

bool aj_opt_int(json_t *obj, const char *key, long long *out, aj_error *e)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return true;
    if (!json_is_integer(v))
        return aj_fail(e, AJ_E_INVALID_FIELD, key);
    *out = json_integer_value(v);
    return true;
}

/* The supported language a tag names ("fa-IR" -> "fa"), or NULL. */
static const char *lang_of_tag(const char *tag, size_t len)
{
    size_t primary = 0;
    while (primary < len && tag[primary] != '-' && tag[primary] != '_')
        primary++;
    for (const char *const *l = arb_languages(); *l; l++)
        if (strlen(*l) == primary && strncasecmp(*l, tag, primary) == 0) {
            /* keep a digit choice the tag carries ("fa-IR-u-nu-latn" -> "fa-u-nu-latn") */
            char copy[64];
            snprintf(copy, sizeof copy, "%.*s", (int)(len < sizeof copy ? len : sizeof copy - 1), tag);
            const char *with_digits = arb_language_tag(copy, ARB_DIGITS_DEFAULT);
            return with_digits ? with_digits : *l;
        }
    return NULL;
}

const char *aj_lang_digits(const char *lang, const char *text)
{
    arb_digits d;
    if (!arb_digits_parse(text, &d))
        return NULL;
    const char *tag = arb_language_tag(lang ? lang : "en", d);
    return tag ? tag : lang;
}

const char *aj_lang_pick(const char *text)
{
    if (!text)
        return NULL;
    const char *best = NULL;
    double best_q = 0.0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        const char *tag = p;
        while (*p && *p != ',' && *p != ';' && *p != ' ' && *p != '\t')
            p++;
        size_t taglen = (size_t)(p - tag);
        double q = 1.0;
        while (*p && *p != ',') {
            if (*p == ';') {
                p++;
                while (*p == ' ')
                    p++;
                if ((p[0] == 'q' || p[0] == 'Q') && p[1] == '=')
                    q = strtod(p + 2, NULL);
            } else {
                p++;
            }
        }
        const char *lang = taglen ? lang_of_tag(tag, taglen) : NULL;
        if (lang && q > best_q) {
            best = lang;
            best_q = q;
        }
    }
    return best;
}

bool aj_parse_variant(json_t *body, arb_variant *out, aj_error *e)
{
    const char *v = "standard";
    if (!aj_opt_string(body, "variant", &v, e))
        return false;
    if (strcmp(v, "standard") == 0)
        *out = ARB_STANDARD;
    else if (strcmp(v, "chess960") == 0)
        *out = ARB_CHESS960;
    else
        return aj_fail(e, AJ_E_INVALID_FIELD, "variant");
    return true;
}

static bool parse_position(json_t *body, const aj_limits *lim, aj_position *out, aj_error *e, bool judge)
{
    out->unjudged = false;
    const char *fen = NULL;
    if (!aj_parse_variant(body, &out->variant, e) || !aj_opt_string(body, "fen", &fen, e))
        return false;
    json_t *moves = json_object_get(body, "moves");
    if (moves && !json_is_null(moves) && !json_is_array(moves))
        return aj_fail(e, AJ_E_INVALID_FIELD, "moves");
    size_t nmoves = json_is_array(moves) ? json_array_size(moves) : 0;
    if (nmoves > (size_t)lim->max_moves) {
        aj_fail(e, AJ_E_TOO_MANY_MOVES, "moves");
        e->limit = lim->max_moves;
        return false;
    }
    for (size_t i = 0; i < nmoves; i++)
        if (!json_is_string(json_array_get(moves, i))) {
            aj_fail(e, AJ_E_INVALID_FIELD, "moves");
            e->index = (int)i;
            return false;
        }

    arb_position start;
    arb_reason why;
    arb_status st = ARB_OK;
    if (fen && strcmp(fen, ARB_START_POS) == 0) /* the engine reads it too; this skips the parse */
        fen = NULL;
    if (!fen) /* the start position, without parsing its FEN (most games send only moves) */
        out->variant == ARB_CHESS960 ? (void)arb_position_chess960(&start, 518) : arb_position_start(&start);
    else
        st = arb_position_from_fen(&start, fen, out->variant, &why);
    if (st != ARB_OK) {
        aj_fail(e, st == ARB_ERR_SYNTAX ? AJ_E_INVALID_FEN : AJ_E_ILLEGAL_POSITION, "fen");
        e->has_reason = true;
        e->reason = why;
        /* a Chess960 position sent without "variant": "chess960": say so after why */
        if (arb_fen_chess960_hint(fen, out->variant, &e->more[0]))
            e->nmore = 1;
        return false;
    }
    const char **texts = malloc(sizeof *texts * (nmoves ? nmoves : 1));
    if (!texts || arb_game_init(&out->game, &start) != ARB_OK) {
        free(texts);
        return aj_fail(e, AJ_E_INTERNAL, NULL);
    }
    for (size_t i = 0; i < nmoves; i++)
        texts[i] = json_string_value(json_array_get(moves, i));
    if (!judge && nmoves == 0) { /* nothing to refuse: the ending is information, judged later */
        free(texts);
        memset(&out->ending, 0, sizeof out->ending);
        out->ending.ply = -1;
        out->unjudged = true;
        return true;
    }
    /* the record ends at its first automatic ending: a move after it is refused (record.c) */
    arb_record_result rec;
    st = arb_game_play_record(&out->game, texts, (int)nmoves, &rec);
    out->ending = rec.ending;
    if (st == ARB_OK) {
        free(texts);
        return true;
    }
    const char *text = texts[rec.failed];
    free(texts);
    if (rec.after_end) {
        aj_game_over_error(&rec.ending, text, e);
    } else {
        aj_fail(e, st == ARB_ERR_SYNTAX || st == ARB_ERR_AMBIGUOUS ? AJ_E_INVALID_MOVE
                   : st == ARB_ERR_LIMIT ? AJ_E_TOO_MANY_MOVES : AJ_E_ILLEGAL_MOVE, "moves");
        if (st == ARB_ERR_LIMIT) {
            e->limit = ARB_GAME_MAX_PLIES;
        } else { /* why, in full: the engine's explanation list (most fundamental first) */
            arb_reason rs[AJ_ERROR_MORE_REASONS + 1];
            int n = arb_explain_text(arb_game_current(&out->game), &out->game, text, NULL, rs, AJ_ERROR_MORE_REASONS + 1);
            e->has_reason = true;
            e->reason = n > 0 ? rs[0] : rec.why;
            for (int k = 1; k < n && k <= AJ_ERROR_MORE_REASONS; k++)
                e->more[e->nmore++] = rs[k];
        }
    }
    e->field = "moves";
    e->index = rec.failed;
    arb_game_free(&out->game);
    return false;
}

void aj_game_over_error(const arb_outcome *ending, const char *move, aj_error *e)
{
    aj_fail(e, AJ_E_GAME_OVER, NULL);
    e->ply = ending->ply;
    /* first the refused move, then why the game had ended */
    e->has_reason = true;
    e->reason = arb_move_after_end(ending, move);
    for (int k = 0; k < ending->nreasons && e->nmore < AJ_ERROR_MORE_REASONS; k++)
        e->more[e->nmore++] = ending->reasons[k];
}

bool aj_parse_position(json_t *body, const aj_limits *lim, aj_position *out, aj_error *e)
{
    return parse_position(body, lim, out, e, true);
}

bool aj_parse_position_unjudged(json_t *body, const aj_limits *lim, aj_position *out, aj_error *e)
{
    return parse_position(body, lim, out, e, false);
}

void aj_position_free(aj_position *p)
{
    arb_game_free(&p->game);
}
