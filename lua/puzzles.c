/* The puzzle runtime: loads puzzle scripts into a read-only box (each run, linted and verified by
 * the engine once, compiled by the host), adds the mate file's lines in the same form, and judges
 * an answer by running the script's judge in a fresh sandbox. */
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

#define PUZZLE_FILE_MAX (256u << 10)
/* Loading runs the judge several times (the answer, each wrong answer): budgets times this. */
#define PUZZLE_CHECK_TIMES 8u

struct arbl_puzzlebox {
    arbl_limits limits;
    unsigned char *prelude;
    size_t prelude_len;
    arbl_text mate_prompt[2][3]; /* [white, black][n - 1], from the prelude */
    int count, cap;
    arbl_puzzle *puzzles;
};

/* ---- sandboxes: puzzle prelude (runtime table at index 1), lock, then the puzzle (index 2) ---- */

static bool prepare(arbl_sandbox *sb, const arbl_puzzlebox *box, const arbl_limits *limits, const char *lang,
                    bool checker, char *err, size_t errcap)
{
    arbl_runtime rt = {"=puzzle_prelude", "puzzle prelude", arbl_puzzle_prelude_text, arbl_puzzle_prelude_len,
                       "=puzzle_checker", arbl_puzzle_checker_text, arbl_puzzle_checker_len};
    bool compiled = box && box->prelude;
    return arbl_runtime_open(sb, &rt, compiled ? box->prelude : NULL, compiled ? box->prelude_len : 0, limits, lang,
                             checker, err, errcap);
}

static arbl_limits check_limits(const arbl_limits *limits)
{
    arbl_limits lim = *limits;
    lim.instructions = (lim.instructions ? lim.instructions : ARBL_DEFAULT_INSTRUCTIONS) * PUZZLE_CHECK_TIMES;
    lim.deadline_ms = (lim.deadline_ms ? lim.deadline_ms : ARBL_DEFAULT_DEADLINE_MS) * PUZZLE_CHECK_TIMES;
    lim.memory = (lim.memory ? lim.memory : ARBL_DEFAULT_MEMORY) * 2;
    return lim;
}

/* ---- reading what the prelude describes (plain tables of strings) ---- */

static char *field_dup(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    char *s = lua_type(L, -1) == LUA_TSTRING ? arbl_dup_text(lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return s;
}

/* A text in every language; prose, so its moves are isolated in right-to-left languages. */
static void read_texts(lua_State *L, int t, arbl_text *out)
{
    for (int i = 0; i < ARBL_NLANGS; i++) {
        out->lang[i] = NULL;
        if (!lua_istable(L, t))
            continue;
        lua_getfield(L, t, arbl_langs[i]);
        if (lua_type(L, -1) == LUA_TSTRING)
            out->lang[i] = arbl_dup_prose(arbl_langs[i], lua_tostring(L, -1));
        lua_pop(L, 1);
    }
}

static void read_text_field(lua_State *L, int t, const char *k, arbl_text *out)
{
    lua_getfield(L, t, k);
    read_texts(L, lua_gettop(L), out);
    lua_pop(L, 1);
}

static void free_text(arbl_text *t)
{
    for (int i = 0; i < ARBL_NLANGS; i++)
        free(t->lang[i]);
}

static void copy_text(arbl_text *dst, const arbl_text *src)
{
    for (int i = 0; i < ARBL_NLANGS; i++)
        dst->lang[i] = arbl_dup(src->lang[i]);
}

static void free_puzzle(arbl_puzzle *p)
{
    free(p->id);
    free(p->kind);
    free(p->answer_type);
    free(p->path);
    free(p->fen);
    free(p->variant);
    free(p->source);
    free(p->keys);
    free_text(&p->prompt);
    free_text(&p->success);
    for (int i = 0; i < p->nhints; i++)
        free_text(&p->hints[i]);
    free(p->hints);
    for (int i = 0; i < p->nchoices; i++) {
        free(p->choices[i].id);
        free_text(&p->choices[i].text);
    }
    free(p->choices);
    free(p->chunk);
    memset(p, 0, sizeof *p);
}

/* Reads rt.describe(puzzle) (top of the stack) into p. */
static bool read_description(lua_State *L, arbl_puzzle *p, char *err, size_t errcap)
{
    int d = lua_gettop(L);
    p->id = field_dup(L, d, "id");
    p->kind = field_dup(L, d, "kind");
    p->answer_type = field_dup(L, d, "answer_type");
    p->fen = field_dup(L, d, "fen");
    p->variant = field_dup(L, d, "variant");
    p->source = field_dup(L, d, "source");
    lua_getfield(L, d, "n");
    p->n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    read_text_field(L, d, "prompt", &p->prompt);
    read_text_field(L, d, "success", &p->success);
    lua_getfield(L, d, "hints");
    int nh = (int)lua_rawlen(L, -1);
    p->hints = calloc((size_t)nh + 1, sizeof *p->hints);
    for (int i = 0; p->hints && i < nh; i++) {
        lua_rawgeti(L, -1, i + 1);
        read_texts(L, lua_gettop(L), &p->hints[p->nhints++]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
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

/* ---- the box ---- */

/* The mate file's prompts, read once from the prelude. */
static void read_mate_prompts(arbl_puzzlebox *box)
{
    char err[256];
    arbl_sandbox sb;
    if (!prepare(&sb, box, &box->limits, "en", false, err, sizeof err))
        return;
    lua_getfield(sb.L, 1, "MATE_PROMPT");
    static const char *const sides[2] = {"white", "black"};
    for (int s = 0; s < 2; s++) {
        lua_getfield(sb.L, -1, sides[s]);
        for (int n = 0; n < 3; n++) {
            lua_rawgeti(sb.L, -1, n + 1);
            read_texts(sb.L, lua_gettop(sb.L), &box->mate_prompt[s][n]);
            lua_pop(sb.L, 1);
        }
        lua_pop(sb.L, 1);
    }
    arbl_sandbox_close(&sb);
}

arbl_puzzlebox *arbl_puzzlebox_new(const arbl_limits *limits)
{
    arbl_puzzlebox *box = calloc(1, sizeof *box);
    if (!box)
        return NULL;
    if (limits)
        box->limits = *limits;
    box->prelude = arbl_compile_text(limits, arbl_puzzle_prelude_text, arbl_puzzle_prelude_len, "=puzzle_prelude",
                                     false, &box->prelude_len);
    read_mate_prompts(box);
    return box;
}

void arbl_puzzlebox_free(arbl_puzzlebox *box)
{
    if (!box)
        return;
    for (int i = 0; i < box->count; i++)
        free_puzzle(&box->puzzles[i]);
    for (int s = 0; s < 2; s++)
        for (int n = 0; n < 3; n++)
            free_text(&box->mate_prompt[s][n]);
    free(box->puzzles);
    free(box->prelude);
    free(box);
}

int arbl_puzzlebox_count(const arbl_puzzlebox *box)
{
    return box ? box->count : 0;
}

const arbl_puzzle *arbl_puzzlebox_at(const arbl_puzzlebox *box, int i)
{
    return box && i >= 0 && i < box->count ? &box->puzzles[i] : NULL;
}

const arbl_puzzle *arbl_puzzlebox_find(const arbl_puzzlebox *box, const char *id)
{
    for (int i = 0; box && id && i < box->count; i++)
        if (strcmp(box->puzzles[i].id, id) == 0)
            return &box->puzzles[i];
    return NULL;
}

/* Adds p (taking what it owns); false (p freed) when memory runs out. */
static bool append(arbl_puzzlebox *box, arbl_puzzle *p)
{
    if (box->count == box->cap) {
        int cap = box->cap ? box->cap * 2 : 64;
        arbl_puzzle *np = realloc(box->puzzles, sizeof *np * (size_t)cap);
        if (!np) {
            free_puzzle(p);
            return false;
        }
        box->puzzles = np;
        box->cap = cap;
    }
    box->puzzles[box->count++] = *p;
    return true;
}

bool arbl_puzzlebox_add_mate(arbl_puzzlebox *box, const char *id, int n, const char *fen, bool white_to_move,
                             const char *keys, const char *source, const char *path)
{
    if (n < 1 || n > 3 || !id || arbl_puzzlebox_find(box, id))
        return false;
    arbl_puzzle p;
    memset(&p, 0, sizeof p);
    p.id = arbl_dup(id);
    p.kind = arbl_dup("mate");
    p.answer_type = arbl_dup("line");
    p.path = arbl_dup(path);
    p.fen = arbl_dup(fen);
    p.variant = arbl_dup("standard");
    p.source = arbl_dup_text(source);
    p.keys = arbl_dup(keys);
    p.n = n;
    copy_text(&p.prompt, &box->mate_prompt[white_to_move ? 0 : 1][n - 1]);
    p.hints = calloc(1, sizeof *p.hints);
    p.choices = calloc(1, sizeof *p.choices);
    if (!p.id || !p.kind || !p.answer_type || !p.fen || !p.keys || !p.hints || !p.choices) {
        free_puzzle(&p);
        return false;
    }
    return append(box, &p);
}

/* Reports the checker's problems (a list at the top of the stack); returns how many are errors. */
static int report_problems(lua_State *L, const char *path, arbl_report_fn report, void *ud)
{
    int errors = 0;
    for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, -1); i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "level");
        lua_getfield(L, -2, "line");
        lua_getfield(L, -3, "message");
        const char *level = lua_tostring(L, -3);
        if (!level || strcmp(level, "error") == 0)
            errors++;
        report(ud, path, (int)lua_tointeger(L, -2), level ? level : "error", 0, lua_tostring(L, -1));
        lua_pop(L, 4);
    }
    lua_pop(L, 1);
    return errors;
}

/* Calls rt[fn](puzzle, text, name) and reports its problems; false when there were errors (or the
 * call failed: err is set). */
static bool run_check(arbl_sandbox *sb, const char *fn, const char *path, const char *text, size_t len,
                      arbl_report_fn report, void *ud, bool *reported, char *err, size_t errcap)
{
    lua_getfield(sb->L, 1, fn);
    lua_pushvalue(sb->L, 2);
    if (text)
        lua_pushlstring(sb->L, text, len);
    else
        lua_pushnil(sb->L);
    lua_pushstring(sb->L, arbl_base_name(path));
    if (arbl_sandbox_pcall(sb, 3, 1, err, errcap) != LUA_OK)
        return false;
    if (report_problems(sb->L, path, report, ud) > 0) {
        *reported = true;
        return false;
    }
    return true;
}

/* Loads a puzzle from its text, or from the compiled bytes of an earlier load (keep). */
static bool load_puzzle(arbl_puzzlebox *box, const char *path, const char *text, size_t len,
                        const unsigned char *bytes, size_t bytes_len, arbl_report_fn report, void *ud)
{
    char err[512] = "";
    arbl_puzzle p;
    memset(&p, 0, sizeof p);
    arbl_sandbox sb;
    struct arbl_bytes dump = {0};
    bool ok = false, reported = false;
    arbl_limits lim = check_limits(&box->limits);
    if (!prepare(&sb, box, &lim, "en", true, err, sizeof err)) {
        report(ud, path, 0, "error", 0, err);
        return false;
    }
    if (!arbl_run_script(&sb, arbl_base_name(path), bytes, bytes_len, text, len, bytes ? NULL : &dump, "puzzle", err,
                         sizeof err))
        goto done;
    char where[200];
    if (arbl_find_bad_text(sb.L, 2, where, sizeof where)) {
        snprintf(err, sizeof err, "the text at %s", where);
        goto done;
    }
    if (!run_check(&sb, "lint", path, text, len, report, ud, &reported, err, sizeof err))
        goto done;
    lua_getfield(sb.L, 1, "describe");
    lua_pushvalue(sb.L, 2);
    if (arbl_sandbox_pcall(&sb, 1, 1, err, sizeof err) != LUA_OK || !lua_istable(sb.L, -1))
        goto done;
    if (!read_description(sb.L, &p, err, sizeof err))
        goto done;
    if (arbl_puzzlebox_find(box, p.id)) {
        snprintf(err, sizeof err, "another puzzle already has the id '%s': %.400s", p.id,
                 arbl_puzzlebox_find(box, p.id)->path);
        goto done;
    }
    /* The engine's verification: the answer is right, the wrong ones wrong, the kind's claim holds. */
    if (!run_check(&sb, "verify", path, text, len, report, ud, &reported, err, sizeof err))
        goto done;
    if (bytes) { /* kept from an earlier box: the same bytes */
        dump.data = malloc(bytes_len);
        dump.len = bytes_len;
        if (!dump.data) {
            snprintf(err, sizeof err, "out of memory");
            goto done;
        }
        memcpy(dump.data, bytes, bytes_len);
    }
    ok = true;
done:
    arbl_sandbox_close(&sb);
    if (!ok) {
        if (!reported) {
            const char *rest;
            int line = arbl_split_where(arbl_base_name(path), err, &rest);
            report(ud, path, line, "error", 0, rest);
        }
        free(dump.data);
        free_puzzle(&p);
        return false;
    }
    p.path = arbl_dup(path);
    p.chunk = dump.data;
    p.chunk_len = dump.len;
    return append(box, &p);
}

bool arbl_puzzlebox_load_file(arbl_puzzlebox *box, const char *path, arbl_report_fn report, void *ud)
{
    char err[512];
    size_t len;
    char *text = arbl_read_file(path, PUZZLE_FILE_MAX, &len, err, sizeof err);
    if (!text) {
        report(ud, path, 0, "error", 0, err);
        return false;
    }
    bool ok = load_puzzle(box, path, text, len, NULL, 0, report, ud);
    free(text);
    return ok;
}

bool arbl_puzzlebox_keep(arbl_puzzlebox *box, const arbl_puzzle *old, arbl_report_fn report, void *ud)
{
    return old->chunk && load_puzzle(box, old->path, NULL, 0, old->chunk, old->chunk_len, report, ud);
}

struct load_ctx {
    arbl_puzzlebox *box;
    arbl_report_fn report;
    void *ud;
};

static int load_script(void *ctx, const char *path)
{
    struct load_ctx *c = ctx;
    return arbl_puzzlebox_load_file(c->box, path, c->report, c->ud);
}

int arbl_puzzlebox_load_dir(arbl_puzzlebox *box, const char *dir, arbl_report_fn report, void *ud)
{
    struct load_ctx c = {box, report, ud};
    return arbl_each_script(dir, load_script, &c);
}

/* ---- judging ---- */

bool arbl_puzzle_answer(const arbl_puzzlebox *box, const arbl_puzzle *pz, const char *answer, const char *lang,
                        arbl_result *out)
{
    char err[400], text[3 * ARBL_ANSWER_MAX + 1];
    memset(out, 0, offsetof(arbl_result, explanations));
    out->budget = ARBL_BUDGET_NONE; /* after the explanations: not covered by the memset */
    out->error[0] = 0;
    if (!pz->chunk) {
        snprintf(out->error, sizeof out->error, "puzzle '%.64s' is judged by the solver, not by a script", pz->id);
        return false;
    }
    if (!answer || strlen(answer) > ARBL_ANSWER_MAX || !arbl_answer_fold(answer, text, sizeof text)) {
        snprintf(out->error, sizeof out->error, "the answer is longer than %d bytes", ARBL_ANSWER_MAX);
        return false;
    }
    arbl_sandbox sb;
    if (!prepare(&sb, box, &box->limits, lang, false, err, sizeof err)) {
        snprintf(out->error, sizeof out->error, "puzzle '%.64s': %s", pz->id, err);
        return false;
    }
    lua_State *L = sb.L;
    if (!arbl_run_script(&sb, arbl_base_name(pz->path), pz->chunk, pz->chunk_len, NULL, 0, NULL, "puzzle", err,
                         sizeof err))
        goto failed;
    lua_getfield(L, 1, "judge");
    lua_pushvalue(L, 2);
    lua_pushstring(L, text);
    if (arbl_sandbox_pcall(&sb, 2, 1, err, sizeof err) != LUA_OK || !lua_istable(L, -1))
        goto failed;
    int r = lua_gettop(L);
    lua_getfield(L, r, "correct");
    out->correct = lua_toboolean(L, -1);
    lua_getfield(L, r, "feedback");
    arbl_copy_prose(out->feedback, sizeof out->feedback, lang, lua_tostring(L, -1));
    lua_pop(L, 2);
    lua_getfield(L, r, "explanations");
    for (int i = 1; lua_istable(L, -1) && out->nexplanations < ARBL_MAX_EXPLANATIONS; i++) {
        lua_rawgeti(L, -1, i);
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            break;
        }
        arbl_read_explanation(L, lua_gettop(L), &out->explanations[out->nexplanations++]);
        lua_pop(L, 1);
    }
    arbl_isolate_explanations(out, lang);
    out->ok = true;
    arbl_sandbox_close(&sb);
    return true;
failed:
    out->budget = sb.stopped_by;
    snprintf(out->error, sizeof out->error, "puzzle '%.64s': %s", pz->id, err);
    arbl_sandbox_close(&sb);
    return false;
}

/* ---- checking (arbiter puzzle check) ---- */

struct check_count {
    arbl_report_fn report;
    void *ud;
    int errors;
};

static void count_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    struct check_count *c = ud;
    if (strcmp(level, "error") == 0)
        c->errors++;
    c->report(c->ud, path, line, level, step, message);
}

int arbl_puzzle_check_file(const char *path, const arbl_limits *limits, arbl_report_fn report, void *ud)
{
    struct check_count c = {report, ud, 0};
    arbl_puzzlebox *box = arbl_puzzlebox_new(limits);
    if (!box) {
        report(ud, path, 0, "error", 0, "out of memory");
        return 1;
    }
    if (!arbl_puzzlebox_load_file(box, path, count_report, &c) && c.errors == 0)
        c.errors = 1;
    arbl_puzzlebox_free(box);
    return c.errors;
}
