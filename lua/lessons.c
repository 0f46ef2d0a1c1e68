/* Lessons, one kind of the book: what a lesson's description holds in C (book.h reads it once,
 * when the file is loaded and checked), and answering a step in a fresh sandbox per answer so
 * that nothing a script does survives into the next request. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "answer_text.h"
#include "lessons.h"
#include "scripts.h"

extern const char *const arbl_prelude_text;
extern const size_t arbl_prelude_len;
extern const char *const arbl_checker_text;
extern const size_t arbl_checker_len;

/* ---- description: copying what the checker's describe() returns into C ---- */

static char *field_str(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    char *s = lua_type(L, -1) == LUA_TSTRING ? arbl_dup_text(lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return s;
}

static char **read_strings(lua_State *L, int t, const char *k, int *n)
{
    lua_getfield(L, t, k);
    *n = lua_istable(L, -1) ? (int)lua_rawlen(L, -1) : 0;
    char **out = calloc((size_t)*n + 1, sizeof *out);
    for (int i = 0; i < *n; i++) {
        lua_rawgeti(L, -1, i + 1);
        out[i] = arbl_dup(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return out;
}

static void free_strings(char **list, int n)
{
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

static void free_diagram(arbl_diagram *d)
{
    free_strings(d->squares, d->nsquares);
    free_strings(d->arrow_from, d->narrows);
    free_strings(d->arrow_to, d->narrows);
}

static void free_lesson(void *item)
{
    arbl_lesson *l = item;
    free(l->level);
    arbl_text_free(&l->title);
    for (int i = 0; i < l->ntags; i++)
        free(l->tags[i]);
    for (int i = 0; i < l->nrules; i++)
        free(l->rules[i]);
    free(l->tags);
    free(l->rules);
    for (int i = 0; i < l->nsteps; i++) {
        arbl_step *s = &l->steps[i];
        free(s->fen);
        free(s->variant);
        free(s->start_fen);
        for (int j = 0; j < s->nmoves; j++)
            free(s->moves[j]);
        free(s->moves);
        arbl_text_free(&s->prompt);
        arbl_text_free(&s->text);
        free_diagram(&s->diagram);
        arbl_texts_free(s->hints, s->nhints);
        arbl_choices_free(s->choices, s->nchoices);
        for (int j = 0; j < s->nright; j++)
            free(s->right[j]);
        for (int j = 0; j < s->nwrong; j++) {
            free(s->wrong[j]);
            free(s->wrong_code[j]);
        }
        free(s->right);
        free(s->wrong);
        free(s->wrong_code);
    }
    free(l->steps);
}

static const char *const kind_names[] = {"move", "choice", "true_false", "which_squares", "text", NULL};

/* Reads the step's diagram (checker.lua's describe: squares, arrows as {from, to} pairs). */
static void read_diagram(lua_State *L, int st, arbl_diagram *d)
{
    lua_getfield(L, st, "diagram");
    int t = lua_gettop(L);
    if (lua_istable(L, t)) {
        d->present = true;
        d->squares = read_strings(L, t, "squares", &d->nsquares);
        lua_getfield(L, t, "arrows");
        int a = lua_gettop(L);
        d->narrows = lua_istable(L, a) ? (int)lua_rawlen(L, a) : 0;
        d->arrow_from = calloc((size_t)d->narrows + 1, sizeof *d->arrow_from);
        d->arrow_to = calloc((size_t)d->narrows + 1, sizeof *d->arrow_to);
        for (int j = 0; j < d->narrows; j++) {
            lua_rawgeti(L, a, j + 1);
            int pair = lua_gettop(L);
            lua_rawgeti(L, pair, 1);
            d->arrow_from[j] = arbl_dup(lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "");
            lua_rawgeti(L, pair, 2);
            d->arrow_to[j] = arbl_dup(lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "");
            lua_settop(L, a);
        }
    }
    lua_settop(L, t - 1);
}

/* Reads the description table at stack index d. */
static bool read_description(lua_State *L, int d, void *item, char *err, size_t errcap)
{
    (void)err;
    (void)errcap;
    arbl_lesson *l = item;
    l->id = field_str(L, d, "id");
    l->level = field_str(L, d, "level");
    arbl_text_field(L, d, "title", &l->title);
    l->tags = read_strings(L, d, "tags", &l->ntags);
    l->rules = read_strings(L, d, "rules", &l->nrules);
    lua_getfield(L, d, "steps");
    int steps = lua_gettop(L);
    l->nsteps = (int)lua_rawlen(L, steps);
    l->steps = calloc((size_t)l->nsteps + 1, sizeof *l->steps);
    for (int i = 0; i < l->nsteps; i++) {
        arbl_step *s = &l->steps[i];
        lua_rawgeti(L, steps, i + 1);
        int st = lua_gettop(L);
        char *kind = field_str(L, st, "kind");
        for (int k = 0; kind && kind_names[k]; k++)
            if (strcmp(kind, kind_names[k]) == 0)
                s->kind = (arbl_step_kind)k;
        free(kind);
        s->fen = field_str(L, st, "fen");
        s->variant = field_str(L, st, "variant");
        s->start_fen = field_str(L, st, "start_fen");
        s->moves = read_strings(L, st, "moves", &s->nmoves);
        if (!s->variant)
            s->variant = arbl_dup("standard");
        arbl_text_field(L, st, "prompt", &s->prompt);
        arbl_text_field(L, st, "text", &s->text);
        read_diagram(L, st, &s->diagram);
        s->hints = arbl_texts_read(L, st, "hints", &s->nhints);
        lua_getfield(L, st, "choices");
        s->nchoices = (int)lua_rawlen(L, -1);
        s->choices = calloc((size_t)s->nchoices + 1, sizeof *s->choices);
        for (int j = 0; j < s->nchoices; j++) {
            lua_rawgeti(L, -1, j + 1);
            int c = lua_gettop(L);
            s->choices[j].id = field_str(L, c, "id");
            arbl_text_field(L, c, "text", &s->choices[j].text);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        s->right = read_strings(L, st, "right", &s->nright);
        s->wrong = read_strings(L, st, "wrong", &s->nwrong);
        s->wrong_code = read_strings(L, st, "wrong_code", &s->nwrong);
        lua_pop(L, 1);
    }
    lua_settop(L, d);
    return true;
}


/* ---- the kind ---- */

const arbl_kind arbl_lessons = {
    .name = "lesson", .noun = "lesson",
    .prelude = {"=prelude", &arbl_prelude_text, &arbl_prelude_len},
    .checker = {"=checker", &arbl_checker_text, &arbl_checker_len},
    .check = {.instructions = 4, .deadline = 8, .memory = 2}, /* a check runs every step's examples */
    .item_size = sizeof(arbl_lesson), .read = read_description, .free_item = free_lesson,
};

/* ---- answering ---- */

bool arbl_answer_normalize(const char *in, char *out, size_t cap)
{
    /* digits, punctuation and spaces as a Persian or Arabic keyboard types them (answer_text.h) */
    return arbl_answer_fold(in, out, cap);
}

bool arbl_lesson_answer(const arbl_book *book, const arbl_lesson *lesson, int step, const char *answer,
                        const char *lang, arbl_result *out)
{
    if (step < 1 || step > lesson->nsteps) {
        memset(out, 0, offsetof(arbl_result, explanations));
        out->budget = ARBL_BUDGET_NONE;
        snprintf(out->error, sizeof out->error, "lesson '%s' has no step %d", lesson->id, step);
        return false;
    }
    char who[96];
    snprintf(who, sizeof who, "lesson '%.64s', step %d", lesson->id, step);
    /* the prelude's answer gives next: the step again when wrong, 0 after the last */
    return arbl_book_answer(book, &lesson->entry, "answer", step, answer, lang, who, out);
}
