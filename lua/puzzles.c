/* Puzzles, one kind of the book: a puzzle script's description, the mate file's lines in the same
 * form, and an answer judged by running the script's judge in a fresh sandbox. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "answer_text.h"
#include "puzzles.h"
#include "scripts.h"

extern const char *const arbl_puzzle_prelude_text;
extern const size_t arbl_puzzle_prelude_len;
extern const char *const arbl_puzzle_checker_text;
extern const size_t arbl_puzzle_checker_len;

#define ARBL_MATE_MAX_N 3

/* What the kind keeps per book: the mate file's prompts, [white, black][n - 1], from the prelude. */
struct mate_prompts {
    arbl_text text[2][ARBL_MATE_MAX_N];
};

/* ---- reading what the prelude describes (plain tables of strings) ---- */

static char *field_dup(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    char *s = lua_type(L, -1) == LUA_TSTRING ? arbl_dup_text(lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return s;
}

static void copy_text(arbl_text *dst, const arbl_text *src)
{
    for (int i = 0; i < ARBL_NLANGS; i++)
        dst->lang[i] = arbl_dup(src->lang[i]);
}

static void free_puzzle(void *item)
{
    arbl_puzzle *p = item;
    free(p->kind);
    free(p->answer_type);
    free(p->fen);
    free(p->variant);
    arbl_text_free(&p->source);
    free(p->keys);
    arbl_text_free(&p->prompt);
    arbl_text_free(&p->success);
    arbl_texts_free(p->hints, p->nhints);
    arbl_choices_free(p->choices, p->nchoices);
}

/* Reads rt.describe(puzzle) (stack index d) into p. */
static bool read_description(lua_State *L, int d, void *item, char *err, size_t errcap)
{
    arbl_puzzle *p = item;
    p->id = field_dup(L, d, "id");
    p->kind = field_dup(L, d, "kind");
    p->answer_type = field_dup(L, d, "answer_type");
    p->fen = field_dup(L, d, "fen");
    p->variant = field_dup(L, d, "variant");
    arbl_text_field(L, d, "source", &p->source);
    lua_getfield(L, d, "n");
    p->n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    arbl_text_field(L, d, "prompt", &p->prompt);
    arbl_text_field(L, d, "success", &p->success);
    p->hints = arbl_texts_read(L, d, "hints", &p->nhints);
    lua_getfield(L, d, "choices");
    int nc = (int)lua_rawlen(L, -1);
    if (nc > ARBL_PUZZLE_MAX_CHOICES)
        nc = ARBL_PUZZLE_MAX_CHOICES; /* the checker refuses more */
    p->choices = calloc((size_t)nc + 1, sizeof *p->choices);
    for (int i = 0; p->choices && i < nc; i++) {
        lua_rawgeti(L, -1, i + 1);
        arbl_choice *c = &p->choices[p->nchoices++];
        c->id = field_dup(L, lua_gettop(L), "id");
        char *move = field_dup(L, lua_gettop(L), "text");
        for (int l = 0; l < ARBL_NLANGS; l++) /* a move reads the same in every language */
            c->text.lang[l] = arbl_dup(move);
        free(move);
        lua_pop(L, 1);
    }
    lua_settop(L, d);
    if (!p->id || !p->kind || !p->answer_type || !p->fen || !p->variant || !p->hints || !p->choices ||
        strlen(p->id) >= ARBL_PUZZLE_ID_MAX) {
        snprintf(err, errcap, "the puzzle could not be described (out of memory, or no id)");
        return false;
    }
    return true;
}

/* ---- the mate file's lines ---- */

static void *open_prompts(const arbl_book *book)
{
    struct mate_prompts *m = calloc(1, sizeof *m);
    char err[256];
    arbl_sandbox sb;
    if (!m || !arbl_book_open_prelude(book, "en", &sb, err, sizeof err))
        return m;
    lua_getfield(sb.L, 1, "MATE_PROMPT");
    static const char *const sides[2] = {"white", "black"};
    for (int s = 0; s < 2; s++) {
        lua_getfield(sb.L, -1, sides[s]);
        for (int n = 0; n < ARBL_MATE_MAX_N; n++) {
            lua_rawgeti(sb.L, -1, n + 1);
            arbl_text_read(sb.L, lua_gettop(sb.L), &m->text[s][n]);
            lua_pop(sb.L, 1);
        }
        lua_pop(sb.L, 1);
    }
    arbl_sandbox_close(&sb);
    return m;
}

static void close_prompts(void *data)
{
    struct mate_prompts *m = data;
    for (int s = 0; m && s < 2; s++)
        for (int n = 0; n < ARBL_MATE_MAX_N; n++)
            arbl_text_free(&m->text[s][n]);
    free(m);
}

bool arbl_puzzle_add_mate(arbl_book *book, const char *id, int n, const char *fen, bool white_to_move,
                          const char *keys, const arbl_text *source, const char *path)
{
    const struct mate_prompts *m = arbl_book_data(book);
    if (n < 1 || n > ARBL_MATE_MAX_N || !id || !m || arbl_book_find(book, id))
        return false;
    arbl_puzzle p;
    memset(&p, 0, sizeof p);
    p.id = arbl_dup(id);
    p.kind = arbl_dup("mate");
    p.answer_type = arbl_dup("line");
    p.path = arbl_dup(path);
    p.fen = arbl_dup(fen);
    p.variant = arbl_dup("standard");
    for (int i = 0; source && i < ARBL_NLANGS; i++)
        p.source.lang[i] = source->lang[i] ? arbl_dup_prose(arbl_langs[i], source->lang[i]) : NULL;
    p.keys = arbl_dup(keys);
    p.n = n;
    copy_text(&p.prompt, &m->text[white_to_move ? 0 : 1][n - 1]);
    p.hints = calloc(1, sizeof *p.hints);
    p.choices = calloc(1, sizeof *p.choices);
    if (!p.id || !p.kind || !p.answer_type || !p.fen || !p.keys || !p.hints || !p.choices) {
        free(p.id);
        free(p.path);
        free_puzzle(&p);
        return false;
    }
    return arbl_book_add(book, &p);
}

const arbl_kind arbl_puzzles = {
    .name = "puzzle", .noun = "puzzle", .library = true,
    .prelude = {"=puzzle_prelude", &arbl_puzzle_prelude_text, &arbl_puzzle_prelude_len},
    .checker = {"=puzzle_checker", &arbl_puzzle_checker_text, &arbl_puzzle_checker_len},
    .check = {.instructions = 8, .deadline = 8, .memory = 2}, /* the judge runs for every example */
    .item_size = sizeof(arbl_puzzle), .read = read_description, .free_item = free_puzzle, .open = open_prompts,
    .close = close_prompts,
};

/* ---- judging ---- */

bool arbl_puzzle_answer(const arbl_book *book, const arbl_puzzle *pz, const char *answer, const char *lang,
                        arbl_result *out)
{
    if (!pz->chunk) {
        memset(out, 0, offsetof(arbl_result, explanations));
        out->budget = ARBL_BUDGET_NONE;
        snprintf(out->error, sizeof out->error, "puzzle '%.64s' is judged by the solver, not by a script", pz->id);
        return false;
    }
    char who[96];
    snprintf(who, sizeof who, "puzzle '%.64s'", pz->id);
    return arbl_book_answer(book, &pz->entry, "judge", 0, answer, lang, who, out);
}

