/* Inside the book (book.c, book_load.c; not for hosts): the book's fields, and checking one
 * file into an item, which book.c does for every file it loads. */
#ifndef ARBL_BOOK_LOAD_H
#define ARBL_BOOK_LOAD_H

#include "book.h"

struct arbl_book {
    const arbl_kind *kind;
    arbl_limits limits;
    /* The trusted Lua compiled once by the host (NULL: loaded as text): for a check, common.lua,
     * library.lua and the prelude each with its lines (its messages name them); for an answer,
     * the three as one chunk without debug information (book.c). */
    struct arbl_chunk {
        unsigned char *bytes;
        size_t len;
    } common, library, prelude, answer;
    void *data;                 /* the kind's own (kind->open) */
    int count, cap;
    unsigned char *items;       /* count items of kind->item_size bytes */
    int failures, stale;
};

/* What checking one file gave: the item (kind->item_size bytes, malloc'd; NULL when the file
 * fails) and what a duplicate id is reported with. */
struct arbl_loaded {
    int errors;
    int id_line;                /* the line of its id, for a duplicate */
    void *item;
};

/* Runs, lints, describes and verifies one file (its text, or the compiled bytes of an earlier
 * version) into out->item, in English and then under every other language; every problem goes
 * to report. how (may be NULL): no check runs past its end_ns, and english_only. */
void arbl_load_one(const arbl_book *book, const arbl_source *src, const unsigned char *bytes, size_t bytes_len,
                   const arbl_load *how, arbl_report_fn report, void *ud, struct arbl_loaded *out);

/* Frees what an item owns (its entry's part, then the kind's) and zeroes it. */
void arbl_item_free(const arbl_kind *kind, void *item);

#endif
