/* What every kind of script (lessons, quizzes, puzzles) shares with its callers: texts in every
 * language, problems reported while loading, and the explanations and results an answer carries.
 * No HTTP, no JSON: the daemon and the CLI turn these into their own forms. */
#ifndef ARBL_RUNTIME_H
#define ARBL_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

#include "arbiter.h"
#include "sandbox.h"

/* Languages every text comes in (the engine's catalogs, English first); index into arbl_text.lang. */
#define ARBL_NLANGS ARB_LANGUAGE_COUNT
#define arbl_langs (arb_languages())

typedef struct arbl_text {
    char *lang[ARBL_NLANGS];
} arbl_text;

/* The text in lang (falls back to English; "" if there is none). */
const char *arbl_text_get(const arbl_text *t, const char *lang);

typedef struct arbl_choice {
    char *id;
    arbl_text text;
} arbl_choice;

/* A text table of a description (stack index t; not a table: no text) read as prose in each
 * language (arbl_dup_prose: moves isolated in right-to-left text); freed with arbl_text_free. */
void arbl_text_read(lua_State *L, int t, arbl_text *out);
/* The same of field k of the table at t. */
void arbl_text_field(lua_State *L, int t, const char *k, arbl_text *out);
void arbl_text_free(arbl_text *t);
/* The list of texts in field k of the table at t (a step's or a puzzle's hints), *n of them;
 * never NULL unless memory runs out. Freed with arbl_texts_free. */
arbl_text *arbl_texts_read(lua_State *L, int t, const char *k, int *n);
void arbl_texts_free(arbl_text *list, int n);
void arbl_choices_free(arbl_choice *list, int n);

/* Problems found while loading or checking: level "error" or "warning"; line is the line of the
 * file the problem is at (0: none; the file as a whole), step the lesson step (0: none). */
typedef void (*arbl_report_fn)(void *ud, const char *path, int line, const char *level, int step,
                               const char *message);

/* One report as a line of text: "path:line: step N: level: message" (no ":line" when line is 0,
 * no "step N: " for the file as a whole), the form compilers use, so editors can jump to it. */
void arbl_format_report(char *buf, size_t cap, const char *path, int line, const char *level, int step,
                        const char *message);

/* If message starts with "<name>:<line>: " (a Lua error in the chunk called name), the line, and
 * *rest points after that prefix; else 0 and *rest = message. */
int arbl_split_where(const char *name, const char *message, const char **rest);

#define ARBL_MAX_EXPLANATIONS 8
#define ARBL_MAX_PARAMS 8
#define ARBL_MAX_SQUARES 64 /* a list of squares is never cut: the board has 64 */
#define ARBL_ANSWER_MAX 200
/* Room for texts a script hands back: an explanation, or a lesson paragraph of feedback, in any
 * language (Persian and Arabic letters take two bytes). A longer text is cut at a character and
 * ends in "…" (arbl_copy_str), never cut inside a character. */
#define ARBL_TEXT_MAX 4096
#define ARBL_FEEDBACK_MAX 8192

typedef struct arbl_explanation {
    char code[40];
    char rule[24];
    char text[ARBL_TEXT_MAX];
    int nsquares;
    char squares[ARBL_MAX_SQUARES][3];
    int nparams;
    struct {
        char key[16];
        char value[512];     /* data (a move list, squares): one that does not fit is left out, never cut */
    } params[ARBL_MAX_PARAMS];
} arbl_explanation;

typedef struct arbl_result {
    bool ok;                /* false: the script failed; see error and budget */
    bool correct;
    int next;               /* a lesson: the step to go to next (1-based), 0 after the last step */
    char feedback[ARBL_FEEDBACK_MAX];
    int nexplanations;
    arbl_explanation explanations[ARBL_MAX_EXPLANATIONS];
    arbl_budget budget;     /* the budget that ran out when ok is false, if one did */
    char error[512];        /* names the lesson or puzzle, the script line and the budget */
} arbl_result;

/* The result's explanation texts, isolated for lang (arb_message_isolate; idempotent: runs
 * already isolated stay as they are). Done for every answer a lesson or puzzle judges. */
void arbl_isolate_explanations(arbl_result *out, const char *lang);

/* Parameter i of an explanation as the engine's projection has it (arbiter/reason.h), read back
 * from the scripts' form by its name's kind: "piece"/"by" a FEN letter ("n": a black knight),
 * "n", "m", "offset" and "field" integers; anything else, or a value that does not read as its
 * kind, a text. p->text points into e. False if there is no parameter i. */
bool arbl_explanation_param(const arbl_explanation *e, int i, arb_param *p);

/* Reads the field "explanations" of the table at stack index t (the plain tables of strings the
 * preludes build) into out, at most ARBL_MAX_EXPLANATIONS; returns how many. */
int arbl_read_explanations(lua_State *L, int t, arbl_explanation *out);

#endif
