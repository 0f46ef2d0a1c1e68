/* The template renderer every text goes through: {param}, {param.form} (vocabulary forms),
 * {n, plural, …} (CLDR categories, # for the number), {x, select, …}, fixed numbers {50}, lists,
 * the one place numbers get their digits, and left-to-right isolates in right-to-left text. */
#include <stdio.h>
#include <string.h>

#include "arbiter/message.h"
#include "catalog.h"

/* Nested plural/select groups deeper than this are written out as they stand. */
#define MAX_DEPTH 8

/* Longest Latin run held back while its end is not known; a longer one is isolated in pieces. */
#define RUN_MAX 192

/* A bounded writer that keeps counting past the end, like snprintf. With iso (right-to-left
 * text), runs of Latin tokens written as literal text (a move, «1.e4 e5», "FEN", "O-O-O") are
 * wrapped in left-to-right isolates as they pass, so that a move number stays before its move
 * and a sign (+, #, =Q) after it in any right-to-left paragraph; text already inside an isolate
 * (a parameter the renderer isolated, an author's own) is left as it is. */
struct out {
    char *buf;
    size_t cap, len, written;
    bool full; /* once a character did not fit, nothing more is written (no half characters) */
    bool iso;
    int depth;                /* inside isolates of the text itself */
    unsigned char cp[4];      /* the UTF-8 sequence being read */
    size_t ncp, want;
    char run[RUN_MAX];        /* the Latin run held back */
    size_t nrun;
};

struct ctx {
    const struct arb_catalog *cat, *fallback;
    bool rtl, native;
    const char *digits[10];
    const arb_arg *args;
    size_t nargs;
    struct out *o;
};

static size_t utf8_length(unsigned char lead)
{
    return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
}

static void put_raw(struct out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++) {
        unsigned char c = (unsigned char)s[i];
        if (!o->full && (c & 0xC0) != 0x80 && o->written + utf8_length(c) + 1 > o->cap)
            o->full = true;
        if (!o->full)
            o->buf[o->written++] = s[i];
    }
}

static bool latin_alnum(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool latin_letter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Inside a move or a token: e4, Nxf3+, e8=Q#, O-O-O, 1...e5, 1/2, j'adoube, a_b. */
static bool latin_inner(unsigned char c)
{
    return latin_alnum(c) || (c && strchr("=+#-./'_", c) != NULL);
}

/* The held-back run: its tokens up to the last one with a letter, isolated; what follows them
 * (a full stop, a space, a bare number) as it is. */
static void flush_run(struct out *o)
{
    size_t n = o->nrun, keep = 0;
    bool letter = false, any = false;
    /* the end of the last token that holds a letter, trailing . - / ' _ = left out */
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || o->run[i] == ' ') {
            size_t end = i;
            while (end > start && strchr(".-/'_=", o->run[end - 1]))
                end--;
            if (letter && end > start) {
                keep = end;
                any = true;
            }
            letter = false;
            start = i + 1;
        } else if (latin_letter((unsigned char)o->run[i])) {
            letter = true;
        }
    }
    o->nrun = 0;
    if (any) {
        /* leading tokens without a letter stay outside: «15 Nf3» isolates only Nf3, «1. e4» e4 */
        size_t first = 0, i = 0;
        while (i < keep) {
            size_t j = i;
            bool has = false;
            while (j < keep && o->run[j] != ' ')
                has |= latin_letter((unsigned char)o->run[j++]);
            bool move_number = !has && j > i && o->run[j - 1] == '.';
            if (has || move_number)
                break;
            i = j + 1;
            first = i;
        }
        put_raw(o, o->run, first);
        put_raw(o, "\xE2\x81\xA6", 3);
        put_raw(o, o->run + first, keep - first);
        put_raw(o, "\xE2\x81\xA9", 3);
        put_raw(o, o->run + keep, n - keep);
    } else {
        put_raw(o, o->run, n);
    }
}

/* One code point of output (UTF-8 in s, n bytes), through the isolating filter. */
static void put_cp(struct out *o, const unsigned char *s, size_t n)
{
    if (n == 3 && s[0] == 0xE2 && s[1] == 0x81 && s[2] >= 0xA6 && s[2] <= 0xA9) {
        flush_run(o);
        o->depth += s[2] == 0xA9 ? (o->depth > 0 ? -1 : 0) : 1; /* LRI RLI FSI … PDI */
        put_raw(o, (const char *)s, n);
        return;
    }
    unsigned char c = n == 1 ? s[0] : 0;
    if (o->depth == 0 && c && (o->nrun ? latin_inner(c) || c == ' ' : latin_alnum(c))) {
        if (c == ' ' && o->nrun && o->run[o->nrun - 1] == ' ') { /* two spaces end a run */
            flush_run(o);
            put_raw(o, " ", 1);
            return;
        }
        if (o->nrun + 1 >= RUN_MAX)
            flush_run(o);
        o->run[o->nrun++] = (char)c;
        return;
    }
    flush_run(o);
    put_raw(o, (const char *)s, n);
}

static void put(struct out *o, const char *s, size_t n)
{
    if (!o->iso) {
        put_raw(o, s, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (o->ncp == 0 || (c & 0xC0) != 0x80) {
            if (o->ncp) /* a sequence cut short: as it is */
                put_cp(o, o->cp, o->ncp);
            o->ncp = 0;
            o->want = utf8_length(c);
        }
        o->cp[o->ncp++] = c;
        if (o->ncp == o->want || o->ncp == sizeof o->cp) {
            put_cp(o, o->cp, o->ncp);
            o->ncp = 0;
        }
    }
}

/* The end of the text: what the filter still holds. */
static void put_end(struct out *o)
{
    if (o->ncp)
        put_cp(o, o->cp, o->ncp);
    o->ncp = 0;
    if (o->iso)
        flush_run(o);
}

static void puts_(struct out *o, const char *s)
{
    put(o, s, strlen(s));
}

static const char *lookup(const struct ctx *c, const char *key)
{
    const char *t = arb_catalog_lookup(c->cat, key);
    return t ? t : arb_catalog_lookup(c->fallback, key);
}

static void put_number(const struct ctx *c, long v)
{
    char tmp[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        puts_(c->o, "-");
    while (n--) {
        const char *native = c->native ? c->digits[tmp[n] - '0'] : NULL;
        if (native)
            puts_(c->o, native);
        else
            put(c->o, &tmp[n], 1);
    }
}

/* Squares, moves, FENs, codes: Latin, and isolated left-to-right inside right-to-left text. */
static void put_latin(const struct ctx *c, const char *s)
{
    if (c->rtl)
        puts_(c->o, "\xE2\x81\xA6"); /* U+2066 LEFT-TO-RIGHT ISOLATE */
    puts_(c->o, s);
    if (c->rtl)
        puts_(c->o, "\xE2\x81\xA9"); /* U+2069 POP DIRECTIONAL ISOLATE */
}

/* key + "." + form, when it fits. */
static bool form_key(char *key, size_t cap, const char *base, const char *form, size_t formlen)
{
    int n = snprintf(key, cap, "%s.%.*s", base, (int)formlen, form);
    return n > 0 && (size_t)n < cap;
}

/* A vocabulary word in the form asked for: key.form, else key, else the key's last part. */
static void put_word(const struct ctx *c, const char *key, const char *form, size_t formlen)
{
    char full[96];
    const char *t = formlen && form_key(full, sizeof full, key, form, formlen) ? lookup(c, full) : NULL;
    if (!t)
        t = lookup(c, key);
    if (!t) {
        const char *dot = strrchr(key, '.');
        t = dot ? dot + 1 : key;
    }
    puts_(c->o, t);
}

static bool is_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return false;
    return true;
}

/* A LIST (Latin items, isolated) or a QUOTED list (texts, each in the language's quotes). */
static void put_list(const struct ctx *c, const arb_arg *a)
{
    const char *sep = lookup(c, "list.separator");
    const char *last = lookup(c, "list.last");
    const char *open = lookup(c, "quote.open"), *close = lookup(c, "quote.close");
    if (!sep)
        sep = ", ";
    for (size_t i = 0; i < a->count; i++) {
        const char *item = a->items[i] ? a->items[i] : "";
        if (i)
            puts_(c->o, i + 1 == a->count && last ? last : sep);
        if (a->kind != ARB_ARG_QUOTED) {
            put_latin(c, item);
            continue;
        }
        puts_(c->o, open ? open : "\"");
        if (is_ascii(item))
            put_latin(c, item);
        else
            puts_(c->o, item);
        puts_(c->o, close ? close : "\"");
    }
}

static void render_span(const struct ctx *c, const char *p, const char *end, const long *hash, int depth);

/* form.other: how a number reads in that form when the catalog has no word for it. */
static const char *other_form(const struct ctx *c, const char *form, size_t formlen)
{
    char key[64];
    int k = snprintf(key, sizeof key, "%.*s.other", (int)formlen, form);
    return k > 0 && (size_t)k < sizeof key ? lookup(c, key) : NULL;
}

static void put_value(const struct ctx *c, const arb_arg *a, const char *form, size_t formlen)
{
    switch (a->kind) {
    case ARB_ARG_NUMBER: {
        char key[64], num[24];
        snprintf(num, sizeof num, "%ld", a->number);
        const char *t = NULL;
        if (formlen) {
            /* {n.ordinal}: the word ordinal.N when the catalog has it ("third"), else the number. */
            int k = snprintf(key, sizeof key, "%.*s.%s", (int)formlen, form, num);
            t = k > 0 && (size_t)k < sizeof key ? lookup(c, key) : NULL;
        }
        if (t) {
            puts_(c->o, t);
        } else if (formlen && (t = other_form(c, form, formlen)) != NULL) {
            render_span(c, t, t + strlen(t), &a->number, MAX_DEPTH - 1); /* ordinal.other = "#th" */
        } else {
            put_number(c, a->number);
        }
        break;
    }
    case ARB_ARG_LATIN:
        put_latin(c, a->text ? a->text : "");
        break;
    case ARB_ARG_TEXT:
        puts_(c->o, a->text ? a->text : "");
        break;
    case ARB_ARG_WORD:
        if (!formlen && a->plain)
            puts_(c->o, a->plain);
        else
            put_word(c, a->text ? a->text : "", form, formlen);
        break;
    case ARB_ARG_LIST:
    case ARB_ARG_QUOTED:
        if (formlen == 5 && memcmp(form, "count", 5) == 0)
            put_number(c, (long)a->count);
        else
            put_list(c, a);
        break;
    }
}

static const arb_arg *find_arg(const struct ctx *c, const char *name, size_t n)
{
    for (size_t i = 0; i < c->nargs; i++)
        if (c->args[i].name && strlen(c->args[i].name) == n && memcmp(c->args[i].name, name, n) == 0)
            return &c->args[i];
    return NULL;
}

/* The '}' that closes the '{' at p, or NULL. */
static const char *matching_close(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end; p++) {
        if (*p == '{')
            depth++;
        else if (*p == '}' && --depth == 0)
            return p;
    }
    return NULL;
}

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n';
}

/* The key a select group matches: a word's last part ("white", "N", "kingside"), a number in
 * decimal, a text as it is. */
static void select_key(const arb_arg *a, char *key, size_t cap)
{
    const char *dot;
    switch (a->kind) {
    case ARB_ARG_NUMBER:
        snprintf(key, cap, "%ld", a->number);
        break;
    case ARB_ARG_LIST:
    case ARB_ARG_QUOTED:
        snprintf(key, cap, "%zu", a->count);
        break;
    case ARB_ARG_WORD:
        dot = a->text ? strrchr(a->text, '.') : NULL;
        snprintf(key, cap, "%s", dot ? dot + 1 : a->text ? a->text : "");
        break;
    default:
        snprintf(key, cap, "%s", a->text ? a->text : "");
        break;
    }
}

/* "one {…} other {…}": renders the branch named want (or exact, "=3"), else "other". Returns
 * false when the branches are malformed. */
static bool render_branch(const struct ctx *c, const char *p, const char *end, const char *exact, const char *want,
                          const long *hash, int depth)
{
    const char *chosen = NULL, *chosen_end = NULL, *other = NULL, *other_end = NULL;
    int rank = 0; /* 2: exact match, 1: category */
    while (p < end) {
        while (p < end && is_space(*p))
            p++;
        if (p >= end)
            break;
        const char *key = p;
        while (p < end && !is_space(*p) && *p != '{')
            p++;
        size_t keylen = (size_t)(p - key);
        while (p < end && is_space(*p))
            p++;
        if (p >= end || *p != '{' || keylen == 0)
            return false;
        const char *close = matching_close(p, end);
        if (!close)
            return false;
        if (exact && strlen(exact) == keylen && memcmp(key, exact, keylen) == 0) {
            chosen = p + 1, chosen_end = close, rank = 2;
        } else if (rank < 1 && strlen(want) == keylen && memcmp(key, want, keylen) == 0) {
            chosen = p + 1, chosen_end = close, rank = 1;
        }
        if (keylen == 5 && memcmp(key, "other", 5) == 0)
            other = p + 1, other_end = close;
        p = close + 1;
    }
    if (!chosen)
        chosen = other, chosen_end = other_end;
    if (chosen)
        render_span(c, chosen, chosen_end, hash, depth + 1);
    return true;
}

/* One {…} group, inner text between the braces. Returns false when it is not one we expand. */
static bool expand(const struct ctx *c, const char *p, const char *end, const long *hash, int depth)
{
    while (p < end && is_space(*p))
        p++;
    if (p >= end)
        return false;
    const char *comma = memchr(p, ',', (size_t)(end - p));
    const char *head_end = comma ? comma : end;
    while (head_end > p && is_space(head_end[-1]))
        head_end--;
    if (head_end == p)
        return false;
    bool digits = true;
    long fixed = 0;
    for (const char *q = p; q < head_end; q++) {
        if (*q < '0' || *q > '9' || fixed > 100000000L)
            digits = false;
        else
            fixed = fixed * 10 + (*q - '0');
    }
    if (digits && !comma) {
        put_number(c, fixed); /* {50}: a fixed number, in the text's digits */
        return true;
    }
    const char *dot = memchr(p, '.', (size_t)(head_end - p));
    const char *name_end = dot ? dot : head_end;
    const arb_arg *a = find_arg(c, p, (size_t)(name_end - p));
    if (!a)
        return false;
    if (!comma) {
        put_value(c, a, dot ? dot + 1 : "", dot ? (size_t)(head_end - dot - 1) : 0);
        return true;
    }
    if (depth >= MAX_DEPTH)
        return false;
    const char *kind = comma + 1;
    while (kind < end && is_space(*kind))
        kind++;
    const char *kind_end = kind;
    while (kind_end < end && *kind_end != ',' && !is_space(*kind_end))
        kind_end++;
    if (kind_end >= end)
        return false;
    const char *branches = memchr(kind_end, ',', (size_t)(end - kind_end));
    if (!branches)
        return false;
    size_t klen = (size_t)(kind_end - kind);
    char key[32];
    if (klen == 6 && memcmp(kind, "plural", 6) == 0) {
        long n = a->kind == ARB_ARG_LIST || a->kind == ARB_ARG_QUOTED ? (long)a->count : a->number;
        char exact[24];
        snprintf(exact, sizeof exact, "=%ld", n);
        return render_branch(c, branches + 1, end, exact, arb_plural_category_in(c->cat, n), &n, depth);
    }
    if (klen == 6 && memcmp(kind, "select", 6) == 0) {
        select_key(a, key, sizeof key);
        return render_branch(c, branches + 1, end, NULL, key, hash, depth);
    }
    return false;
}

static void render_span(const struct ctx *c, const char *p, const char *end, const long *hash, int depth)
{
    while (p < end) {
        if (*p == '#' && hash) {
            put_number(c, *hash);
            p++;
            continue;
        }
        const char *close = *p == '{' ? matching_close(p, end) : NULL;
        if (close && expand(c, p + 1, close, hash, depth)) {
            p = close + 1;
            continue;
        }
        if (close) { /* not ours: as written, never isolated */
            flush_run(c->o);
            put_raw(c->o, p, (size_t)(close + 1 - p));
            p = close + 1;
            continue;
        }
        put(c->o, p, 1);
        p++;
    }
}

size_t arb_message_render(const char *lang, const char *tmpl, const arb_arg *args, size_t nargs, char *buf,
                          size_t cap)
{
    struct out o = {.buf = buf, .cap = cap, .full = cap == 0};
    struct ctx c = {arb_catalog_find(lang), &arb_catalogs[0], false, false, {0}, args, nargs, &o};
    if (!c.cat)
        c.cat = c.fallback;
    const char *rtl = arb_catalog_lookup(c.cat, "@rtl");
    c.rtl = rtl && rtl[0] == '1';
    o.iso = c.rtl;
    c.native = arb_language_digits(lang) == ARB_DIGITS_NATIVE;
    for (int d = 0; d < 10 && c.native; d++) {
        char key[10] = "@digit.0";
        key[7] = (char)('0' + d);
        c.digits[d] = arb_catalog_lookup(c.cat, key);
    }
    if (tmpl)
        render_span(&c, tmpl, tmpl + strlen(tmpl), NULL, 0);
    put_end(&o);
    if (cap)
        buf[o.written] = '\0';
    return o.len;
}

size_t arb_message_isolate(const char *lang, const char *text, char *buf, size_t cap)
{
    struct out o = {.buf = buf, .cap = cap, .full = cap == 0};
    const struct arb_catalog *cat = arb_catalog_find(lang);
    const char *rtl = cat ? arb_catalog_lookup(cat, "@rtl") : NULL;
    o.iso = rtl && rtl[0] == '1';
    if (text)
        puts_(&o, text);
    put_end(&o);
    if (cap)
        buf[o.written] = '\0';
    return o.len;
}
