/* Explanation codes (names, FIDE articles, parameters) and their rendering through the
 * per-language catalogs: templates with {named} parameters, bidi isolation of Latin tokens in
 * right-to-left languages, optional native digits. */
#include <string.h>

#include "arbiter/reason.h"
#include "catalog.h"
#include "internal.h"

static const char *const names[] = {
#define ARB_REASON(name, article, params) #name,
#include "arbiter/reason_list.h"
#undef ARB_REASON
};

static const char *const articles[] = {
#define ARB_REASON(name, article, params) article,
#include "arbiter/reason_list.h"
#undef ARB_REASON
};

static const unsigned params_of[] = {
#define ARB_REASON(name, article, params) (params),
#include "arbiter/reason_list.h"
#undef ARB_REASON
};

_Static_assert(sizeof names / sizeof names[0] == ARB_REASON_COUNT, "one name per code");

const char *arb_reason_name(unsigned code)
{
    return code < ARB_REASON_COUNT ? names[code] : NULL;
}

const char *arb_reason_article(unsigned code)
{
    return code < ARB_REASON_COUNT ? articles[code] : "";
}

unsigned arb_reason_params(unsigned code)
{
    return code < ARB_REASON_COUNT ? params_of[code] : 0;
}

arb_reason arb_reason_make(arb_reason_code code)
{
    arb_reason r;
    memset(&r, 0, sizeof r);
    r.code = (uint16_t)code;
    r.offset = -1;
    return r;
}

void arb_reason_add_square(arb_reason *r, int sq)
{
    if (r->nsquares < ARB_REASON_MAX_SQUARES && sq >= 0 && sq < 64)
        r->squares[r->nsquares++] = (uint8_t)sq;
}

const char *arb_catalog_lookup(const struct arb_catalog *cat, const char *key)
{
    size_t lo = 0, hi = cat->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(cat->entries[mid].key, key);
        if (c == 0)
            return cat->entries[mid].text;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const struct arb_catalog *arb_catalog_find(const char *lang)
{
    for (const struct arb_catalog *c = arb_catalogs; lang && c->lang; c++)
        if (strcmp(c->lang, lang) == 0)
            return c;
    return NULL;
}

const char *const *arb_languages(void)
{
    static const char *const langs[] = {"en", "fa", "ar", NULL};
    return langs;
}

/* A bounded writer that keeps counting past the end, like snprintf. */
struct out {
    char *buf;
    size_t cap, len, written;
    bool full; /* once a character did not fit, nothing more is written (no half characters) */
};

static size_t utf8_length(unsigned char lead)
{
    return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
}

static void put(struct out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++) {
        unsigned char c = (unsigned char)s[i];
        if (!o->full && (c & 0xC0) != 0x80 && o->written + utf8_length(c) + 1 > o->cap)
            o->full = true;
        if (!o->full)
            o->buf[o->written++] = s[i];
    }
}

static void puts_(struct out *o, const char *s)
{
    put(o, s, strlen(s));
}

struct render {
    const struct arb_catalog *cat, *fallback;
    bool rtl, native_digits;
    const char *digits[10];
};

static const char *lookup(const struct render *r, const char *key)
{
    const char *t = r->cat ? arb_catalog_lookup(r->cat, key) : NULL;
    return t ? t : arb_catalog_lookup(r->fallback, key);
}

static void put_number(struct out *o, const struct render *r, long v)
{
    char tmp[24];
    int n = 0;
    unsigned long u = v < 0 ? (unsigned long)-v : (unsigned long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        puts_(o, "-");
    while (n--) {
        if (r->native_digits && r->digits[tmp[n] - '0'])
            puts_(o, r->digits[tmp[n] - '0']);
        else
            put(o, &tmp[n], 1);
    }
}

/* Latin tokens (squares, moves, input) inside right-to-left text go in a left-to-right isolate. */
static void put_latin(struct out *o, const struct render *r, const char *s)
{
    if (r->rtl)
        puts_(o, "\xE2\x81\xA6"); /* U+2066 LEFT-TO-RIGHT ISOLATE */
    puts_(o, s);
    if (r->rtl)
        puts_(o, "\xE2\x81\xA9"); /* U+2069 POP DIRECTIONAL ISOLATE */
}

static void put_key(struct out *o, const struct render *r, const char *prefix, const char *suffix)
{
    char key[48];
    size_t pl = strlen(prefix), sl = strlen(suffix);
    if (pl + sl + 1 > sizeof key)
        return;
    memcpy(key, prefix, pl);
    memcpy(key + pl, suffix, sl + 1);
    const char *t = lookup(r, key);
    puts_(o, t ? t : suffix);
}

static void put_piece_name(struct out *o, const struct render *r, arb_piece p)
{
    char letter[2] = {"?PNBRQK"[ARB_PIECE_TYPE(p) <= ARB_KING ? ARB_PIECE_TYPE(p) : 0], 0};
    put_key(o, r, "piece.", letter);
}

static void put_square(struct out *o, const struct render *r, int sq)
{
    char name[3];
    arb_square_name(sq, name);
    put_latin(o, r, name);
}

/* Expands one {parameter}; returns false for an unknown name (left in the text as written). */
static bool put_param(struct out *o, const struct render *r, const arb_reason *re, const char *name, size_t n)
{
#define IS(s) (n == sizeof(s) - 1 && memcmp(name, s, n) == 0)
    if (IS("piece"))
        put_piece_name(o, r, re->piece);
    else if (IS("piece_color"))
        put_key(o, r, "color.", ARB_PIECE_COLOR(re->piece) == ARB_WHITE ? "white" : "black");
    else if (IS("piece_moves")) {
        /* How the piece moves, from the vocabulary (moves.N = "a knight jumps in an L ..."). */
        char letter[2] = {"?PNBRQK"[ARB_PIECE_TYPE(re->piece) <= ARB_KING ? ARB_PIECE_TYPE(re->piece) : 0], 0};
        put_key(o, r, "moves.", letter);
    } else if (IS("by"))
        put_piece_name(o, r, re->by);
    else if (IS("by_color"))
        put_key(o, r, "color.", ARB_PIECE_COLOR(re->by) == ARB_WHITE ? "white" : "black");
    else if (IS("sq1") || IS("sq2") || IS("sq3")) {
        int i = name[2] - '1';
        put_square(o, r, i < re->nsquares ? re->squares[i] : ARB_NO_SQUARE);
    } else if (IS("squares")) {
        const char *sep = lookup(r, "list.separator");
        for (int i = 0; i < re->nsquares; i++) {
            if (i)
                puts_(o, sep ? sep : ", ");
            put_square(o, r, re->squares[i]);
        }
    } else if (IS("n"))
        put_number(o, r, re->n);
    else if (IS("m"))
        put_number(o, r, re->m);
    else if (IS("offset"))
        put_number(o, r, (long)re->offset + 1);
    else if (IS("field")) {
        char idx[2] = {(char)('0' + (re->field <= 5 ? re->field : 0)), '\0'};
        put_key(o, r, "field.", idx);
    } else if (IS("found"))
        put_latin(o, r, re->found);
    else if (IS("move"))
        put_latin(o, r, re->move);
    else if (IS("side"))
        put_key(o, r, "side.", re->side == ARB_KINGSIDE ? "kingside" : "queenside");
    else
        return false;
    return true;
#undef IS
}

size_t arb_reason_render_opts(const arb_reason *re, const char *lang, bool native_digits, char *buf, size_t cap)
{
    struct out o = {buf, cap, 0, 0, cap == 0};
    struct render r = {arb_catalog_find(lang), &arb_catalogs[0], false, native_digits, {0}};
    if (!r.cat)
        r.cat = r.fallback;
    const char *rtl = arb_catalog_lookup(r.cat, "@rtl");
    r.rtl = rtl && rtl[0] == '1';
    for (int d = 0; d < 10 && native_digits; d++) {
        char key[10] = "@digit.0";
        key[7] = (char)('0' + d);
        r.digits[d] = arb_catalog_lookup(r.cat, key);
    }
    const char *name = arb_reason_name(re->code);
    const char *tmpl = name ? lookup(&r, name) : NULL;
    if (!tmpl)
        tmpl = name ? name : "unknown";
    for (const char *p = tmpl; *p;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        if (close && put_param(&o, &r, re, p + 1, (size_t)(close - p - 1))) {
            p = close + 1;
            continue;
        }
        put(&o, p, 1);
        p++;
    }
    if (cap)
        buf[o.written] = '\0';
    return o.len;
}

size_t arb_reason_render(const arb_reason *re, const char *lang, char *buf, size_t cap)
{
    return arb_reason_render_opts(re, lang, false, buf, cap);
}
