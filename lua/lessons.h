/* The lesson runtime's C API (for the daemon and the CLI; no HTTP, no JSON): load and check
 * lesson files, list them, describe their steps, answer a step. A loaded registry is read-only
 * and safe to share between threads; every answer runs in its own fresh sandbox. */
#ifndef ARBL_LESSONS_H
#define ARBL_LESSONS_H

#include <stdbool.h>
#include <stddef.h>

#include "sandbox.h"

/* Languages every lesson text comes in; index into arbl_text.lang. */
#define ARBL_NLANGS 3
extern const char *const arbl_langs[ARBL_NLANGS]; /* "en", "fa", "ar" */

typedef struct arbl_text {
    char *lang[ARBL_NLANGS];
} arbl_text;

/* The text in lang (falls back to English; "" if there is none). */
const char *arbl_text_get(const arbl_text *t, const char *lang);

typedef enum arbl_step_kind { ARBL_STEP_MOVE, ARBL_STEP_CHOICE, ARBL_STEP_TRUE_FALSE, ARBL_STEP_SQUARES, ARBL_STEP_TEXT } arbl_step_kind;

typedef struct arbl_choice {
    char *id;
    arbl_text text;
} arbl_choice;

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
    char *id, *path, *level;
    arbl_text title;
    int ntags, nrules, nsteps;
    char **tags, **rules;
    arbl_step *steps;
    unsigned char *chunk;   /* the lesson compiled from its text by the host (never script input) */
    size_t chunk_len;
} arbl_lesson;

typedef struct arbl_registry arbl_registry;

/* Problems found while loading or checking: level "error" or "warning"; line is the line of the
 * file the problem is at (0: none; the file as a whole), step the step (0: the lesson). */
typedef void (*arbl_report_fn)(void *ud, const char *path, int line, const char *level, int step,
                               const char *message);

arbl_registry *arbl_registry_new(const arbl_limits *limits);
void arbl_registry_free(arbl_registry *reg);

/* Loads one lesson file after checking it: a file with check errors (or a duplicate id) is
 * reported and not added. Returns true if the lesson was added. Warnings are reported only. */
bool arbl_registry_load_file(arbl_registry *reg, const char *path, arbl_report_fn report, void *ud);

/* Loads every *.lua file of dir (sorted by name); returns how many were added, -1 if the
 * directory cannot be read. */
int arbl_registry_load_dir(arbl_registry *reg, const char *dir, arbl_report_fn report, void *ud);

int arbl_registry_count(const arbl_registry *reg);
const arbl_lesson *arbl_registry_at(const arbl_registry *reg, int i);
const arbl_lesson *arbl_registry_find(const arbl_registry *reg, const char *id);

/* Checks a lesson file without keeping it; every problem goes to report. Returns the number
 * of errors (warnings not counted), or 1 if the file cannot be read or run. */
int arbl_check_file(const char *path, const arbl_limits *limits, arbl_report_fn report, void *ud);

/* The same check of a lesson held in memory (a draft pasted into a preview, say): name is what
 * reports and Lua messages call it ("draft.lua" gives "draft.lua:12"; a file name, no path). */
int arbl_check_buffer(const char *name, const char *text, size_t len, const arbl_limits *limits,
                      arbl_report_fn report, void *ud);

/* Loads a lesson held in memory (a coach's draft) into reg after the same check as a file; name
 * is what reports and Lua messages call it. Returns true if the lesson was added. */
bool arbl_registry_load_buffer(arbl_registry *reg, const char *name, const char *text, size_t len,
                               arbl_report_fn report, void *ud);

/* Adds the lesson `old` (from an earlier registry) to reg again, from its compiled chunk: a
 * reload whose new version of a file fails keeps serving the last good one. The lesson is run
 * and checked as when it was first loaded; false (reported) if that fails or its id is taken. */
bool arbl_registry_keep(arbl_registry *reg, const arbl_lesson *old, arbl_report_fn report, void *ud);

/* One report as a line of text: "path:line: step N: level: message" (no ":line" when line is 0,
 * no "step N: " for the lesson as a whole), the form compilers use, so editors can jump to it. */
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
    int next;               /* the step to go to next (1-based), 0 after the last step */
    char feedback[ARBL_FEEDBACK_MAX];
    int nexplanations;
    arbl_explanation explanations[ARBL_MAX_EXPLANATIONS];
    arbl_budget budget;     /* the budget that ran out when ok is false, if one did */
    char error[512];        /* names the lesson, the script line and the budget */
} arbl_result;

/* The result's explanation texts, isolated for lang (arb_message_isolate; idempotent: runs
 * already isolated stay as they are). Done for every answer a lesson or puzzle judges. */
void arbl_isolate_explanations(arbl_result *out, const char *lang);

/* The answer as arbl_answer judges it (arbl_answer_fold: native digits read as 0-9, Arabic
 * punctuation, bidi marks and tatweel, surrounding space removed) into out; false if it does not
 * fit cap bytes. Two answers with the same normalized text get the same result. */
bool arbl_answer_normalize(const char *answer, char *out, size_t cap);

/* Answers step (1-based) of a lesson with the user's text (a move in SAN or UCI, a choice id,
 * true/false, or squares), rendering texts in lang. Returns out->ok. */
bool arbl_answer(const arbl_registry *reg, const arbl_lesson *lesson, int step, const char *answer,
                 const char *lang, arbl_result *out);

#endif
