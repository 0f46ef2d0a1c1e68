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

typedef struct ad_puzzle_list {
    ad_puzzle *items;
    int count;
    int failures;                   /* lines skipped (malformed, duplicate id, too long), or 1
                                       if the file exists but cannot be read */
} ad_puzzle_list;

/* Reads <lessons_dir>/puzzles/puzzles.txt (format: lessons/puzzles/README.md) into an empty list;
 * lines that are not puzzles are logged and skipped. False when the file cannot be opened (the
 * list stays empty; a missing file is not a failure). */
bool ad_puzzles_read(const char *lessons_dir, ad_puzzle_list *list);
void ad_puzzles_clear(ad_puzzle_list *list);
const ad_puzzle *ad_puzzles_find(const ad_puzzle_list *list, const char *id);

#endif
