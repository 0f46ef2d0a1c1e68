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

const char *const ad_source_langs[AD_SOURCE_LANGS] = {"fa", "ar"};

/* The next whole line of f into line[cap] (true), or false at the end. A line longer than the
 * buffer is logged, counted in *failures and skipped whole; *lineno counts every line. */
static bool next_line(FILE *f, char *line, size_t cap, const char *path, int *lineno, int *failures)
{
    bool skipping = false; /* inside the rest of a line longer than the buffer */
    while (fgets(line, (int)cap, f)) {
        bool whole = strchr(line, '\n') || feof(f);
        if (skipping) {
            skipping = !whole;
            continue;
        }
        ++*lineno;
        if (whole)
            return true;
        skipping = true;
        ++*failures;
        ad_log(AD_LOG_WARN, "%s:%d: line longer than %zu bytes, skipped", path, *lineno, cap - 2);
    }
    return false;
}

/* Trims s[0..n) in place: its first non-blank character, n updated. */
static char *trim(char *s, size_t *n)
{
    while (*n && (*s == ' ' || *s == '\t'))
        s++, (*n)--;
    while (*n && (s[*n - 1] == ' ' || s[*n - 1] == '\t' || s[*n - 1] == '\r' || s[*n - 1] == '\n'))
        (*n)--;
    return s;
}

/* Reads <lessons_dir>/puzzles/puzzles.<lang>.txt ("id | source" lines) into list->sources[][l]. */
static void read_sources(const char *lessons_dir, ad_puzzle_list *list, int l)
{
    char path[1024], line[2048];
    snprintf(path, sizeof path, "%s/puzzles/puzzles.%s.txt", lessons_dir, ad_source_langs[l]);
    FILE *f = fopen(path, "r");
    if (!f)
        return; /* no translation: the English source is shown */
    int lineno = 0;
    while (next_line(f, line, sizeof line, path, &lineno, &list->failures)) {
        size_t n = strlen(line);
        char *p = trim(line, &n);
        if (n == 0 || *p == '#')
            continue;
        char *bar = memchr(p, '|', n);
        size_t nid = bar ? (size_t)(bar - p) : 0, ntext = bar ? n - nid - 1 : 0;
        char *id = bar ? trim(p, &nid) : NULL, *text = bar ? trim(bar + 1, &ntext) : NULL;
        if (!bar || nid == 0 || ntext == 0 || ntext >= ARB_MATE_FIELD_MAX) {
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: not a source line, skipped (id | source, at most %d bytes)", path, lineno,
                   ARB_MATE_FIELD_MAX - 1);
            continue;
        }
        id[nid] = 0;
        text[ntext] = 0;
        const ad_puzzle *pz = ad_puzzles_find(list, id);
        int i = pz ? (int)(pz - list->items) : -1;
        if (i < 0 || list->sources[i][l]) {
            list->failures++;
            ad_log(AD_LOG_WARN, "%s:%d: %s '%s', skipped", path, lineno,
                   i < 0 ? "no puzzle of puzzles.txt has the id" : "a second source for", id);
            continue;
        }
        char *copy = malloc(ntext + 1);
        if (copy)
            memcpy(copy, text, ntext + 1);
        list->sources[i][l] = copy;
    }
    fclose(f);
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
    while (next_line(f, line, sizeof line, path, &lineno, &list->failures)) {
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
    list->sources = list->count ? calloc((size_t)list->count, sizeof *list->sources) : NULL;
    for (int l = 0; list->sources && l < AD_SOURCE_LANGS; l++)
        read_sources(lessons_dir, list, l);
    return true;
}

const char *ad_puzzle_source(const ad_puzzle_list *list, int i, const char *lang)
{
    for (int l = 0; list->sources && lang && l < AD_SOURCE_LANGS; l++)
        if (strcmp(lang, ad_source_langs[l]) == 0 && list->sources[i][l])
            return list->sources[i][l];
    return list->items[i].source;
}

void ad_puzzles_clear(ad_puzzle_list *list)
{
    for (int i = 0; list->sources && i < list->count; i++)
        for (int l = 0; l < AD_SOURCE_LANGS; l++)
            free(list->sources[i][l]);
    free(list->sources);
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
