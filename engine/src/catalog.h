/* Internal: the compiled message catalogs (generated from the files in engine/messages). */
#ifndef ARB_CATALOG_H
#define ARB_CATALOG_H

#include <stddef.h>

struct arb_catalog_entry {
    const char *key, *text;
};

struct arb_catalog {
    const char *lang;
    const struct arb_catalog_entry *entries; /* sorted by key (bytewise) */
    size_t count;
};

/* Terminated by an entry with lang == NULL; the first catalog is the fallback (English). */
extern const struct arb_catalog arb_catalogs[];

/* Their languages in the same order, NULL-terminated: what arb_languages() answers. */
extern const char *const arb_catalog_langs[];

/* The text for key in a catalog, or NULL. */
const char *arb_catalog_lookup(const struct arb_catalog *cat, const char *key);
/* The catalog of a language tag's primary language ("fa" for "fa-IR-u-nu-latn"), or NULL. */
const struct arb_catalog *arb_catalog_find(const char *lang);

/* The CLDR plural category of n by the catalog's @plural rule. */
const char *arb_plural_category_in(const struct arb_catalog *cat, long n);

#endif
