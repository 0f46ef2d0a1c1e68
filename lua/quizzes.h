/* Quiz generators, one kind of the book (book.h; the .lua files of lessons/quizzes): generate
 * questions deterministically from (generator, seed, index, parameters) and grade an answer from
 * the question id alone (no stored state). No HTTP, no JSON. */
#ifndef ARBL_QUIZZES_H
#define ARBL_QUIZZES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "book.h"

#define ARBL_QUIZ_MAX_PARAMS 4
#define ARBL_QUIZ_MAX_VALUES 8
#define ARBL_QUIZ_MAX_CHOICES 8
#define ARBL_QUIZ_ID_MAX 128
/* Largest seed accepted: 2^53 - 1, so that JSON numbers carry it exactly. */
#define ARBL_QUIZ_SEED_MAX 9007199254740991ULL

typedef struct arbl_quiz_param {
    char *name;
    int nvalues;
    char *values[ARBL_QUIZ_MAX_VALUES];
    char *def;                     /* the default value (one of values) */
} arbl_quiz_param;

typedef struct arbl_quiz {
    ARBL_ENTRY;                    /* id, path, chunk (compiled by the host from the file's text) */
    arbl_text title;
    int nparams;
    arbl_quiz_param params[ARBL_QUIZ_MAX_PARAMS];
} arbl_quiz;

/* The kind: a book of generators is arbl_book_new(&arbl_quizzes, limits); its items are arbl_quiz
 * (loading one makes it generate its first question). */
extern const arbl_kind arbl_quizzes;

/* Parameter values of one request: values[i] belongs to quiz->params[i] (NULL: the default). */
typedef struct arbl_quiz_args {
    const char *values[ARBL_QUIZ_MAX_PARAMS];
} arbl_quiz_args;

/* Sets the parameter name to value; false (with a message in err) if the quiz has no such
 * parameter or the value is not one of its values. */
bool arbl_quiz_args_set(const arbl_quiz *quiz, arbl_quiz_args *args, const char *name, const char *value,
                        char *err, size_t errcap);

typedef struct arbl_question {
    char id[ARBL_QUIZ_ID_MAX];     /* generator:seed:index[:name=value,...] */
    uint64_t index;
    char fen[128];                 /* the position the question is about */
    char start_fen[128];           /* "" unless moves were played to reach fen */
    char moves[2048];              /* UCI moves from start_fen to fen, space separated */
    char prompt[ARBL_TEXT_MAX];
    char answer_type[16];          /* choice, move, line, squares or number */
    int nchoices;
    struct {
        char id[32];
        char text[1024];
    } choices[ARBL_QUIZ_MAX_CHOICES];
    int ndata;                     /* what the question is about (e.g. move, color), no answer */
    struct {
        char key[16];
        char value[64];
    } data[8];
} arbl_question;

typedef enum arbl_quiz_error {
    ARBL_QUIZ_OK = 0,
    ARBL_QUIZ_BAD_ID,              /* the id cannot be read */
    ARBL_QUIZ_UNKNOWN,             /* no such generator */
    ARBL_QUIZ_BAD_PARAM,           /* a parameter or value the generator does not have */
    ARBL_QUIZ_BAD_ANSWER,          /* the answer is too long */
    ARBL_QUIZ_SCRIPT,              /* the generator failed (see error, budget) */
    ARBL_QUIZ_BUDGET               /* a script budget ran out: per question, or the request's */
} arbl_quiz_error;

/* A batch's (and a range's) script time is bounded as a whole: ARBL_QUIZ_BATCH_FACTOR
 * per-question time budgets, plus one for every ARBL_QUIZ_BATCH_PER questions asked (a count of
 * 100: 10.25); a budget that runs out stops it (ARBL_QUIZ_BUDGET). */
#define ARBL_QUIZ_BATCH_FACTOR 4u
#define ARBL_QUIZ_BATCH_PER 16u

/* Receives each question; return false to stop. */
typedef bool (*arbl_question_fn)(void *ud, const arbl_question *q);

/* Generates count distinct questions (same fen, moves and prompt never twice) from index
 * `first` on, in one sandbox with the budgets armed afresh per question; memory stays constant
 * apart from 8 bytes per question for the duplicate check. Indices whose question repeats an
 * earlier one, or whose generation fails (at most 16 + count/16 of those), are skipped (the ids say which index each question came from); after
 * 8 * count + 64 indices it gives up. Returns the number of questions passed to fn, or -1 with
 * *error and err set. */
long arbl_quiz_generate(const arbl_book *book, const arbl_quiz *quiz, uint64_t seed, uint64_t first,
                        long count, const arbl_quiz_args *args, const char *lang, arbl_question_fn fn, void *ud,
                        arbl_quiz_error *error, char *err, size_t errcap);

/* Every index of [first, first + n) in one sandbox, nothing skipped as a repeat: the question
 * of each index is passed to fn in index order (q->index says which), so ranges made apart
 * concatenate to the output of their union (bulk generation across machines). An index whose
 * generation fails is skipped (at most 16 + n/16 of those, else -1). Returns the questions passed
 * to fn, or -1 with *error and err set. */
long arbl_quiz_generate_range(const arbl_book *book, const arbl_quiz *quiz, uint64_t seed, uint64_t first,
                              long n, const arbl_quiz_args *args, const char *lang, arbl_question_fn fn, void *ud,
                              arbl_quiz_error *error, char *err, size_t errcap);

typedef struct arbl_grade {
    arbl_quiz_error error;         /* ARBL_QUIZ_OK: the fields below are filled */
    bool correct;
    char expected[1024];
    int nexplanations;
    arbl_explanation explanations[ARBL_MAX_EXPLANATIONS];
    arbl_budget budget;
    char message[512];             /* why it failed */
} arbl_grade;

/* Regenerates the question from its id and grades the answer. Returns error == OK. */
bool arbl_quiz_grade(const arbl_book *book, const char *id, const char *answer, const char *lang,
                     arbl_grade *out);

/* Regenerates one question from its id (no duplicate check). */
bool arbl_quiz_question(const arbl_book *book, const char *id, const char *lang, arbl_question *out,
                        arbl_quiz_error *error, char *err, size_t errcap);

/* Checks a generator file as a coach would want before students see it: it loads (fields named
 * with "did you mean", file:line), and for the default parameters and each other value of each
 * parameter, questions 0..seeds-1 of seed 1 are generated and checked: the prompt and choices in
 * en, fa and ar (no text falling back to English, no {name} left unfilled, valid UTF-8), the
 * expected answer accepted in every language, a wrong answer (another choice, or garbage)
 * refused with an explanation. Problems go to report with the generator's line (not the quiz
 * prelude's). Returns the number of errors. */
int arbl_quiz_check_file(const char *path, const arbl_limits *limits, int seeds, arbl_report_fn report, void *ud);
/* The same check of a generator held in memory (a pasted draft); name is what reports and Lua
 * messages call it ("draft.lua" gives "draft.lua:12"). */
int arbl_quiz_check_buffer(const char *name, const char *text, size_t len, const arbl_limits *limits, int seeds,
                           arbl_report_fn report, void *ud);

#endif
