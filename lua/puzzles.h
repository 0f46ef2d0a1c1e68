/* Puzzles, one kind of the book (book.h; the puzzle{...} files of lessons/puzzles, format:
 * docs/lessons.md "Puzzles"): the lines of the mate file join in the same form (kind "mate"), and
 * an answer is judged by the script's judge in its own fresh sandbox. Every script is verified by
 * the engine when it is loaded (the coach's answer is right, each listed wrong answer is wrong,
 * the kind's claim holds). No HTTP, no JSON. */
#ifndef ARBL_PUZZLES_H
#define ARBL_PUZZLES_H

#include <stdbool.h>
#include <stddef.h>

#include "book.h"

#define ARBL_PUZZLE_ID_MAX 64
#define ARBL_PUZZLE_MAX_CHOICES 8

typedef struct arbl_puzzle {
    ARBL_ENTRY;                /* id, path (the script, or the mate file for its lines), chunk
                                  (compiled by the host; NULL for a mate-file line, which the
                                  caller judges with the engine's solver) */
    char *kind;
    char *answer_type;         /* what the answer is: "move", "line", "choice" or "number" */
    char *fen, *variant;       /* the position shown (after any set-up moves), canonical */
    arbl_text source;          /* where the position comes from ("constructed for Arbiter", a game),
                                  in every language (a script's plain string: the same in all) */
    char *keys;                /* mate-file lines: the recorded key moves (SAN); NULL for scripts */
    int n;                     /* mate / helpmate in n (0: not such a kind) */
    arbl_text prompt, success;
    int nhints;
    arbl_text *hints;
    int nchoices;
    arbl_choice *choices;      /* "illegal" puzzles: ids a, b, c... and the moves as their text */
} arbl_puzzle;

/* The kind: a book of puzzles is arbl_book_new(&arbl_puzzles, limits); its items are arbl_puzzle. */
extern const arbl_kind arbl_puzzles;

/* Adds a line of the mate file (already read and checked by the caller) as a puzzle of kind
 * "mate" with the runtime's prompt for its side and n (1-3), and its source in each language
 * (source->lang[i] for arbl_langs[i]; a missing one falls back to English, as every text does),
 * read as prose (moves isolated in right-to-left text). False if the id is taken. */
bool arbl_puzzle_add_mate(arbl_book *book, const char *id, int n, const char *fen, bool white_to_move,
                          const char *keys, const arbl_text *source, const char *path);

/* Judges the answer to a scripted puzzle (chunk != NULL) in a fresh sandbox, rendering texts in
 * lang: out->correct, out->feedback (the success text, or why not), out->explanations. The
 * answer is read as the lesson runtime reads answers (native digits, Arabic punctuation).
 * Returns out->ok (false: the script failed or a budget ran out; see error and budget). */
bool arbl_puzzle_answer(const arbl_book *book, const arbl_puzzle *pz, const char *answer, const char *lang,
                        arbl_result *out);

#endif
