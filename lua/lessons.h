/* Lessons, one kind of the book (book.h): a lesson file's description (title, steps, their
 * prompts, choices, diagrams and examples) and answering a step, each answer in its own fresh
 * sandbox. No HTTP, no JSON. */
#ifndef ARBL_LESSONS_H
#define ARBL_LESSONS_H

#include <stdbool.h>
#include <stddef.h>

#include "book.h"

typedef enum arbl_step_kind { ARBL_STEP_MOVE, ARBL_STEP_CHOICE, ARBL_STEP_TRUE_FALSE, ARBL_STEP_SQUARES, ARBL_STEP_TEXT } arbl_step_kind;

/* A board diagram: highlighted squares and arrows (arrow i goes arrow_from[i] -> arrow_to[i]). */
typedef struct arbl_diagram {
    bool present;
    int nsquares, narrows;
    char **squares, **arrow_from, **arrow_to;
} arbl_diagram;

typedef struct arbl_step {
    arbl_step_kind kind;
    char *fen;              /* the position the step is played from (after any set-up moves) */
    char *variant;          /* "standard" or "chess960" */
    char *start_fen;        /* with set-up moves (the step's history): where they start, else NULL */
    int nmoves;
    char **moves;           /* the set-up moves (UCI), from start_fen to fen */
    arbl_text prompt;
    arbl_text text;         /* a teaching step's text (kind ARBL_STEP_TEXT) */
    arbl_diagram diagram;   /* optional on every kind */
    int nhints;
    arbl_text *hints;
    int nchoices;
    arbl_choice *choices;
    /* The step's own examples (tests = {right = {...}, wrong = {[answer] = code}}), for tests. */
    int nright, nwrong;
    char **right, **wrong, **wrong_code;
} arbl_step;

typedef struct arbl_lesson {
    ARBL_ENTRY;             /* id, path, chunk (the lesson compiled from its text by the host) */
    char *level;
    arbl_text title;
    int ntags, nrules, nsteps;
    char **tags, **rules;
    arbl_step *steps;
} arbl_lesson;

/* The kind: a book of lessons is arbl_book_new(&arbl_lessons, limits); its items are arbl_lesson. */
extern const arbl_kind arbl_lessons;

/* The answer as arbl_lesson_answer judges it (arbl_answer_fold: native digits read as 0-9, Arabic
 * punctuation, bidi marks and tatweel, surrounding space removed) into out; false if it does not
 * fit cap bytes. Two answers with the same normalized text get the same result. */
bool arbl_answer_normalize(const char *answer, char *out, size_t cap);

/* Answers step (1-based) of a lesson of book with the user's text (a move in SAN or UCI, a choice
 * id, true/false, or squares), rendering texts in lang. Returns out->ok. */
bool arbl_lesson_answer(const arbl_book *book, const arbl_lesson *lesson, int step, const char *answer,
                        const char *lang, arbl_result *out);

#endif
