/* Languages: the compiled catalogs and their lookup, language tags with a digit choice
 * (BCP 47 "-u-nu-"), and CLDR's plural rules for the shipped languages. */
#include <string.h>

#include "arbiter/message.h"
#include "arbiter/reason.h"
#include "catalog.h"

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

static size_t primary_length(const char *tag)
{
    size_t n = 0;
    while (tag[n] && tag[n] != '-' && tag[n] != '_')
        n++;
    return n;
}

static bool same_ascii_nocase(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char x = a[i] >= 'A' && a[i] <= 'Z' ? (char)(a[i] + 32) : a[i];
        if (x != b[i] || !b[i])
            return false;
    }
    return true;
}

const struct arb_catalog *arb_catalog_find(const char *tag)
{
    if (!tag)
        return NULL;
    size_t n = primary_length(tag);
    for (const struct arb_catalog *c = arb_catalogs; c->lang; c++)
        if (strlen(c->lang) == n && same_ascii_nocase(tag, c->lang, n))
            return c;
    return NULL;
}

const char *arb_language_base(const char *tag)
{
    const struct arb_catalog *c = arb_catalog_find(tag);
    return c ? c->lang : NULL;
}

const char *const *arb_languages(void)
{
    return arb_catalog_langs;
}

const char *arb_message_lookup(const char *lang, const char *key)
{
    const struct arb_catalog *c = arb_catalog_find(lang);
    const char *t = c ? arb_catalog_lookup(c, key) : NULL;
    return t ? t : arb_catalog_lookup(&arb_catalogs[0], key);
}

/* The digit choice a tag carries in its Unicode extension ("-u-nu-latn"), or DEFAULT. */
static arb_digits tag_digits(const char *tag)
{
    for (const char *p = tag; p && (p = strchr(p, '-')) != NULL; p++) {
        if (strncmp(p, "-u-", 3) != 0)
            continue;
        const char *nu = strstr(p, "-nu-");
        if (!nu)
            return ARB_DIGITS_DEFAULT;
        return strncmp(nu + 4, "latn", 4) == 0 ? ARB_DIGITS_LATIN : ARB_DIGITS_NATIVE;
    }
    return ARB_DIGITS_DEFAULT;
}

arb_digits arb_language_digits(const char *tag)
{
    arb_digits d = tag_digits(tag);
    if (d != ARB_DIGITS_DEFAULT)
        return d;
    const struct arb_catalog *c = arb_catalog_find(tag);
    const char *setting = c ? arb_catalog_lookup(c, "@digits") : NULL;
    return setting && strcmp(setting, "native") == 0 ? ARB_DIGITS_NATIVE : ARB_DIGITS_LATIN;
}

const char *arb_language_tag(const char *lang, arb_digits digits)
{
    static const char *const tags[][3] = {
        {"en", "en-u-nu-latn", "en-u-nu-native"},
        {"fa", "fa-u-nu-latn", "fa-u-nu-arabext"},
        {"ar", "ar-u-nu-latn", "ar-u-nu-arab"},
    };
    const char *base = arb_language_base(lang);
    if (!base)
        return NULL;
    if (digits == ARB_DIGITS_DEFAULT)
        digits = tag_digits(lang);
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (strcmp(tags[i][0], base) == 0)
            return tags[i][digits];
    return base;
}

bool arb_digits_parse(const char *text, arb_digits *d)
{
    static const char *const names[] = {"default", "latin", "native"};
    for (int i = 0; text && i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *d = (arb_digits)i;
            return true;
        }
    return false;
}

/* CLDR plural rules (integers), by the rule name a catalog's @plural setting gives. */
static const char *plural_one_other(unsigned long n)
{
    return n == 1 ? "one" : "other"; /* en: one is i = 1 and v = 0 */
}

static const char *plural_zero_one_other(unsigned long n)
{
    return n <= 1 ? "one" : "other"; /* fa, hi: one is i = 0 or n = 1 */
}

static const char *plural_arabic(unsigned long n)
{
    unsigned long r = n % 100;
    if (n == 0)
        return "zero";
    if (n == 1)
        return "one";
    if (n == 2)
        return "two";
    if (r >= 3 && r <= 10)
        return "few";
    if (r >= 11 && r <= 99)
        return "many";
    return "other";
}

static const char *plural_none(unsigned long n)
{
    (void)n;
    return "other"; /* ja, zh, tr-less-plural languages: one form */
}

static const struct {
    const char *name;
    const char *(*category)(unsigned long);
} plural_rules[] = {
    {"one_other", plural_one_other},
    {"zero_one_other", plural_zero_one_other},
    {"arabic", plural_arabic},
    {"none", plural_none},
};

const char *arb_plural_category_in(const struct arb_catalog *cat, long n)
{
    const char *rule = cat ? arb_catalog_lookup(cat, "@plural") : NULL;
    unsigned long u = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
    for (size_t i = 0; rule && i < sizeof plural_rules / sizeof plural_rules[0]; i++)
        if (strcmp(rule, plural_rules[i].name) == 0)
            return plural_rules[i].category(u);
    return plural_one_other(u);
}

const char *arb_plural_category(const char *lang, long n)
{
    const struct arb_catalog *c = arb_catalog_find(lang);
    return arb_plural_category_in(c ? c : &arb_catalogs[0], n);
}
