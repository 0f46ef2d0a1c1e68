/* The puzzle runtime's C API (for the daemon and the CLI; no HTTP, no JSON): load puzzle scripts
 * (the puzzle{...} files of lessons/puzzles, format: docs/lessons.md "Puzzles"), add the lines of
 * the mate file in the same form (kind "mate"), list them and judge an answer. Every script is
 * run, linted and verified by the engine when it is loaded (the coach's answer is right, each
 * listed wrong answer is wrong, the kind's claim holds); a loaded box is read-only and safe to
 * share between threads, and every answer runs in its own fresh sandbox. */
#ifndef ARBL_PUZZLES_H
#define ARBL_PUZZLES_H

#include <stdbool.h>
#include <stddef.h>

#include "lessons.h"

#define ARBL_PUZZLE_ID_MAX 64
#define ARBL_PUZZLE_MAX_CHOICES 8

typedef struct arbl_puzzle {
    char *id, *kind;
    char *answer_type;         /* what the answer is: "move", "line", "choice" or "number" */
    char *path;                /* the script, or the mate file for kind "mate" lines */
    char *fen, *variant;       /* the position shown (after any set-up moves), canonical */
    char *source;              /* where the position comes from ("constructed for Arbiter", a game) */
    char *keys;                /* mate-file lines: the recorded key moves (SAN); NULL for scripts */
    int n;                     /* mate / helpmate in n (0: not such a kind) */
    arbl_text prompt, success;
    int nhints;
    arbl_text *hints;
    int nchoices;
    arbl_choice *choices;      /* "illegal" puzzles: ids a, b, c... and the moves as their text */
    unsigned char *chunk;      /* the script compiled by the host; NULL for a mate-file line, which
                                  the caller judges with the engine's solver */
    size_t chunk_len;
} arbl_puzzle;

typedef struct arbl_puzzlebox arbl_puzzlebox;

arbl_puzzlebox *arbl_puzzlebox_new(const arbl_limits *limits);
void arbl_puzzlebox_free(arbl_puzzlebox *box);

/* Adds a line of the mate file (already read and checked by the caller) as a puzzle of kind
 * "mate" with the runtime's prompt for its side and n (1-3). False if the id is taken. */
bool arbl_puzzlebox_add_mate(arbl_puzzlebox *box, const char *id, int n, const char *fen, bool white_to_move,
                             const char *keys, const char *source, const char *path);

/* Loads one puzzle script after checking it (lint, then the engine's verification); problems go
 * to report with the file's line. Returns true if the puzzle was added. */
bool arbl_puzzlebox_load_file(arbl_puzzlebox *box, const char *path, arbl_report_fn report, void *ud);
/* Every *.lua file of dir, sorted by name; returns how many were added, -1 if unreadable. */
int arbl_puzzlebox_load_dir(arbl_puzzlebox *box, const char *dir, arbl_report_fn report, void *ud);
/* Adds the puzzle `old` (from an earlier box) again from its compiled chunk, checked as when it
 * was first loaded: a reload whose new version of a file fails keeps the last good one. */
bool arbl_puzzlebox_keep(arbl_puzzlebox *box, const arbl_puzzle *old, arbl_report_fn report, void *ud);

int arbl_puzzlebox_count(const arbl_puzzlebox *box);
const arbl_puzzle *arbl_puzzlebox_at(const arbl_puzzlebox *box, int i);
const arbl_puzzle *arbl_puzzlebox_find(const arbl_puzzlebox *box, const char *id);

/* Judges the answer to a scripted puzzle (chunk != NULL) in a fresh sandbox, rendering texts in
 * lang: out->correct, out->feedback (the success text, or why not), out->explanations. The
 * answer is read as the lesson runtime reads answers (native digits, Arabic punctuation).
 * Returns out->ok (false: the script failed or a budget ran out; see error and budget). */
bool arbl_puzzle_answer(const arbl_puzzlebox *box, const arbl_puzzle *pz, const char *answer, const char *lang,
                        arbl_result *out);

/* Checks a puzzle script as it is loaded, without keeping it. Returns the number of errors (1 if
 * the file cannot be read). */
int arbl_puzzle_check_file(const char *path, const arbl_limits *limits, arbl_report_fn report, void *ud);

#endif
