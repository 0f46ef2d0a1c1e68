/* The mate file of one lesson set (lesson_set.h): read from <lessons>/puzzles/puzzles.txt when the
 * set is loaded (at start and on SIGHUP), read-only while requests hold the set, freed with it. */
#ifndef AD_MATE_FILE_H
#define AD_MATE_FILE_H

#include <stdbool.h>

#include "arbiter.h"

#define AD_PUZZLES_MAX 10000

/* One line of the file, as the engine reads it (arb_mate_line_read): id, n, pos, fen (canonical),
 * keys (the recorded key moves, SAN), source. */
typedef arb_mate_puzzle ad_puzzle;

/* The languages besides English whose sources a lesson set translates: <lessons>/puzzles/
 * puzzles.<lang>.txt, one "id | source" line per puzzle (lessons/puzzles/README.md). */
#define AD_SOURCE_LANGS 2
extern const char *const ad_source_langs[AD_SOURCE_LANGS];

typedef struct ad_puzzle_list {
    ad_puzzle *items;
    char *(*sources)[AD_SOURCE_LANGS]; /* items[i]'s source in ad_source_langs[l], or NULL */
    int count;
    int failures;                   /* lines skipped (malformed, duplicate id, too long), or 1
                                       if the file exists but cannot be read */
} ad_puzzle_list;

/* Reads <lessons_dir>/puzzles/puzzles.txt (format: lessons/puzzles/README.md) into an empty list,
 * and the translated sources of puzzles.<lang>.txt; lines that are not puzzles (or name no
 * puzzle of the file) are logged, counted and skipped. False when the file cannot be opened (the
 * list stays empty; a missing file is not a failure). */
bool ad_puzzles_read(const char *lessons_dir, ad_puzzle_list *list);
void ad_puzzles_clear(ad_puzzle_list *list);
const ad_puzzle *ad_puzzles_find(const ad_puzzle_list *list, const char *id);
/* items[i]'s source in lang: the translation its set gives, else the file's own (English). */
const char *ad_puzzle_source(const ad_puzzle_list *list, int i, const char *lang);

#endif
