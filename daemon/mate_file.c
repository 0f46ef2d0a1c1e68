/* Reads a lesson set's puzzle file (<lessons>/puzzles/puzzles.txt, one "id | N | FEN | keys |
 * source" line per puzzle) into a list; bad lines are logged, counted and skipped. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "mate_file.h"

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

/* Parses one line (not blank, not a comment) into pz; false if it is not a puzzle line. */
static bool parse_line(char *s, ad_puzzle *pz)
{
    char *fields[5] = {NULL, NULL, NULL, NULL, NULL};
    int nf = 0;
    for (char *p = s; nf < 5; nf++) {
        fields[nf] = p;
        char *bar = strchr(p, '|');
        if (!bar) {
            nf++;
            break;
        }
        *bar = 0;
        p = bar + 1;
    }
    memset(pz, 0, sizeof *pz);
    char *end;
    if (nf < 4 || !*trim(fields[0]) || strlen(trim(fields[0])) >= sizeof pz->id ||
        (pz->n = (int)strtol(trim(fields[1]), &end, 10)) < 1 || pz->n > 3 || *end ||
        arb_position_from_fen(&pz->pos, trim(fields[2]), ARB_STANDARD, NULL) != ARB_OK)
        return false;
    snprintf(pz->id, sizeof pz->id, "%s", trim(fields[0]));
    arb_position_fen(&pz->pos, pz->fen, sizeof pz->fen);
    snprintf(pz->keys, sizeof pz->keys, "%s", trim(fields[3]));
    snprintf(pz->source, sizeof pz->source, "%s", nf > 4 ? trim(fields[4]) : "");
    return true;
}

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
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        if (list->count >= AD_PUZZLES_MAX) {
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: more than %d puzzles, skipped", path, lineno, AD_PUZZLES_MAX);
            continue;
        }
        ad_puzzle pz;
        if (!parse_line(s, &pz)) {
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: not a puzzle line, skipped", path, lineno);
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
