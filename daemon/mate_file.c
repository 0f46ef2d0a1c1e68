/* Reads a lesson set's puzzle file (<lessons>/puzzles/puzzles.txt, one "id | N | FEN | keys |
 * source" line per puzzle, read by the engine's arb_mate_line_read) into a list; bad lines are
 * logged, counted and skipped. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "mate_file.h"

static bool append(ad_puzzle_list *list, int *cap, const ad_puzzle *pz)
{
    if (list->count == *cap) {
        int ncap = *cap ? *cap * 2 : 64;
        ad_puzzle *items = realloc(list->items, sizeof *items * (size_t)ncap);
        if (!items)
            return false;
        list->items = items;
        *cap = ncap;
    }
    list->items[list->count++] = *pz;
    return true;
}

bool ad_puzzles_read(const char *lessons_dir, ad_puzzle_list *list)
{
    char path[1024], line[1024];
    memset(list, 0, sizeof *list);
    snprintf(path, sizeof path, "%s/puzzles/puzzles.txt", lessons_dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT) {
            ad_log(AD_LOG_WARN, "no puzzle file %s: no mate-file puzzles served", path);
        } else {
            ad_log(AD_LOG_WARN, "puzzle file %s cannot be read (%s): no mate-file puzzles served", path,
                   strerror(errno));
            list->failures = 1;
        }
        return false;
    }
    int cap = 0, lineno = 0;
    bool skipping = false; /* inside the rest of a line longer than the buffer */
    while (fgets(line, sizeof line, f)) {
        bool whole = strchr(line, '\n') || feof(f);
        if (skipping) {
            skipping = !whole;
            continue;
        }
        lineno++;
        if (!whole) {
            skipping = true;
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: line longer than %zu bytes, skipped", path, lineno, sizeof line - 2);
            continue;
        }
        ad_puzzle pz;
        arb_reason why;
        arb_mate_line_status st = arb_mate_line_read(line, &pz, &why);
        if (st == ARB_MATE_LINE_BLANK)
            continue;
        if (list->count >= AD_PUZZLES_MAX) {
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: more than %d puzzles, skipped", path, lineno, AD_PUZZLES_MAX);
            continue;
        }
        if (st != ARB_MATE_LINE_PUZZLE) {
            char text[ARB_REASON_TEXT_MAX] = "";
            if (st == ARB_MATE_LINE_FEN)
                arb_reason_render(&why, "en", text, sizeof text);
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: not a puzzle line, skipped (%s%s)", path, lineno,
                   st == ARB_MATE_LINE_FIELDS     ? "id | N | FEN | keys | source"
                   : st == ARB_MATE_LINE_TOO_LONG ? "a field is too long"
                   : st == ARB_MATE_LINE_N        ? "N is not 1 to 3"
                                                  : "the FEN: ",
                   text);
            continue;
        }
        if (ad_puzzles_find(list, pz.id)) {
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: puzzle id '%s' is already used, skipped", path, lineno, pz.id);
            continue;
        }
        if (!append(list, &cap, &pz)) {
            list->failures++;
            ad_log(AD_LOG_ERROR, "%s:%d: out of memory, the rest of the file is skipped", path, lineno);
            break;
        }
    }
    fclose(f);
    return true;
}

void ad_puzzles_clear(ad_puzzle_list *list)
{
    free(list->items);
    memset(list, 0, sizeof *list);
}

const ad_puzzle *ad_puzzles_find(const ad_puzzle_list *list, const char *id)
{
    for (int i = 0; id && i < list->count; i++)
        if (strcmp(list->items[i].id, id) == 0)
            return &list->items[i];
    return NULL;
}
