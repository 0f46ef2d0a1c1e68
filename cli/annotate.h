/* `arbiter annotate`: the pieces shared by the command (cmd_annotate.c: options, files, shards,
 * threads, ordered output) and the rendering of one game's text (annotate_render.c: text, JSON
 * line or the PGN with the events as comments). */
#ifndef ARB_CLI_ANNOTATE_H
#define ARB_CLI_ANNOTATE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "arbiter_json.h"

enum ann_format { ANN_TEXT, ANN_JSON, ANN_WRITE };

/* A growable output buffer. */
struct sbuf {
    char *s;
    size_t len, cap;
    bool failed;             /* out of memory: what follows is dropped */
};
void sbuf_put(struct sbuf *b, const char *s, size_t n);
void sbuf_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One piece of input: a game's text (or several games, when one follows another's termination
 * marker on the same line), or a game too large to read. */
struct ann_chunk {
    char *text;
    size_t len;
    long long offset, line;  /* where it starts; line 0: not known */
    bool too_large;
    int limit_mib;           /* too_large: the limit it went past */
};

/* What rendering a chunk produced: its games' outputs, each in out at [start, end) with the game
 * number still to be written in front by whoever prints them in order (ANN_TEXT and ANN_JSON
 * outputs start right after the number; ANN_WRITE has none). */
/* In the text report, where a game's number goes (see cmd_annotate.c print_batch). */
#define ANN_NUMBER_MARK "\x01"

struct ann_result {
    struct sbuf out;
    int ngames, cap;
    size_t *ends;            /* end of each game's output in out */
    struct sbuf err;         /* lines for stderr (--write: the games that could not be read) */
    aj_annotate_summary sum;
    bool unreadable;         /* a game could not be read */
};

/* Annotates the games of a chunk into res (appended). a is the worker's reusable annotation. */
void ann_render_chunk(const struct ann_chunk *c, enum ann_format fmt, const char *lang, arb_annotation *a,
                      struct ann_result *res);

#endif
