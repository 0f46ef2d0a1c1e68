/* The lesson runtime: loads lesson files into a read-only registry (checked by the prelude's
 * linter, compiled once by the host), and answers steps in a fresh sandbox per answer so that
 * nothing a script does survives into the next request. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lauxlib.h>

#include "arbiter/message.h"
#include "answer_text.h"
#include "lessons.h"
#include "scripts.h"

extern const char *const arbl_prelude_text;
extern const size_t arbl_prelude_len;
extern const char *const arbl_checker_text;
extern const size_t arbl_checker_len;

const char *const arbl_langs[ARBL_NLANGS] = {"en", "fa", "ar"};

/* Largest lesson file read. */
#define LESSON_FILE_MAX (256u << 10)

struct arbl_registry {
    arbl_limits limits;
    unsigned char *prelude;    /* the prelude compiled by the host */
    size_t prelude_len;
    int count, cap;
    arbl_lesson *lessons;
};

/* ---- small helpers ---- */

const char *arbl_text_get(const arbl_text *t, const char *lang)
{
    const char *base = arb_language_base(lang); /* "fa" for "fa-u-nu-latn" */
    for (int i = 0; i < ARBL_NLANGS; i++)
        if (base && strcmp(base, arbl_langs[i]) == 0 && t->lang[i])
            return t->lang[i];
    return t->lang[0] ? t->lang[0] : "";
}

/* ---- preparing a sandbox: prelude (runtime table left at stack index 1), then lock ---- */

/* With checker, the checker chunk (text) runs on the runtime table and adds describe and lint:
 * only loading and checking need it, answers do not. */
static bool prepare(arbl_sandbox *sb, const arbl_registry *reg, const arbl_limits *limits, const char *lang,
                    bool checker, char *err, size_t errcap)
{
    arbl_runtime rt = {"=prelude", "prelude", arbl_prelude_text, arbl_prelude_len,
                       "=checker", arbl_checker_text, arbl_checker_len};
    /* Answers load the prelude compiled once by the host (stripped of debug information: the
     * script's own lines still name errors); checks parse the text so that their messages can
     * name prelude lines too. */
    bool compiled = reg && reg->prelude && !checker;
    return arbl_runtime_open(sb, &rt, compiled ? reg->prelude : NULL, compiled ? reg->prelude_len : 0, limits, lang,
                             checker, err, errcap);
}

/* ---- description: copying what the prelude's describe() returns into C ---- */

static char *field_str(lua_State *L, int t, const char *k)
{
    lua_getfield(L, t, k);
    char *s = lua_type(L, -1) == LUA_TSTRING ? arbl_dup_text(lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return s;
}

/* A text in every language; prose, so its moves are isolated in right-to-left languages. */
static char *field_prose(lua_State *L, int t, const char *lang)
{
    lua_getfield(L, t, lang);
    char *s = lua_type(L, -1) == LUA_TSTRING ? arbl_dup_prose(lang, lua_tostring(L, -1)) : NULL;
    lua_pop(L, 1);
    return s;
}

static void read_text(lua_State *L, int t, const char *k, arbl_text *out)
{
    lua_getfield(L, t, k);
    int tt = lua_gettop(L);
    for (int i = 0; i < ARBL_NLANGS; i++)
        out->lang[i] = lua_istable(L, tt) ? field_prose(L, tt, arbl_langs[i]) : NULL;
    lua_pop(L, 1);
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

static void free_text(arbl_text *t)
{
    for (int i = 0; i < ARBL_NLANGS; i++)
        free(t->lang[i]);
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

static void free_lesson(arbl_lesson *l)
{
    free(l->id);
    free(l->path);
    free(l->level);
    free_text(&l->title);
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
        free_text(&s->prompt);
        free_text(&s->text);
        free_diagram(&s->diagram);
        for (int j = 0; j < s->nhints; j++)
            free_text(&s->hints[j]);
        free(s->hints);
        for (int j = 0; j < s->nchoices; j++) {
            free(s->choices[j].id);
            free_text(&s->choices[j].text);
        }
        free(s->choices);
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
    free(l->chunk);
    memset(l, 0, sizeof *l);
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

/* Reads the description table at the top of the stack. */
static void read_description(lua_State *L, arbl_lesson *l)
{
    int d = lua_gettop(L);
    l->id = field_str(L, d, "id");
    l->level = field_str(L, d, "level");
    read_text(L, d, "title", &l->title);
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
        read_text(L, st, "prompt", &s->prompt);
        read_text(L, st, "text", &s->text);
        read_diagram(L, st, &s->diagram);
        lua_getfield(L, st, "hints");
        s->nhints = (int)lua_rawlen(L, -1);
        s->hints = calloc((size_t)s->nhints + 1, sizeof *s->hints);
        for (int j = 0; j < s->nhints; j++) {
            lua_rawgeti(L, -1, j + 1);
            int h = lua_gettop(L);
            for (int k = 0; k < ARBL_NLANGS; k++)
                s->hints[j].lang[k] = field_prose(L, h, arbl_langs[k]);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        lua_getfield(L, st, "choices");
        s->nchoices = (int)lua_rawlen(L, -1);
        s->choices = calloc((size_t)s->nchoices + 1, sizeof *s->choices);
        for (int j = 0; j < s->nchoices; j++) {
            lua_rawgeti(L, -1, j + 1);
            int c = lua_gettop(L);
            s->choices[j].id = field_str(L, c, "id");
            read_text(L, c, "text", &s->choices[j].text);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        s->right = read_strings(L, st, "right", &s->nright);
        s->wrong = read_strings(L, st, "wrong", &s->nwrong);
        s->wrong_code = read_strings(L, st, "wrong_code", &s->nwrong);
        lua_pop(L, 1);
    }
    lua_settop(L, d);
}

/* ---- loading and checking ---- */

struct loaded {
    int errors;
    bool described;
    int id_line;            /* the line of the lesson's id, for a duplicate */
    arbl_lesson lesson;
};

/* What to load: the file's text, or (keeping an earlier version) its compiled chunk. */
struct lesson_source {
    const char *path;       /* reported, and kept as the lesson's path */
    const char *name;       /* the chunk name (the base name of path) */
    const char *text;
    size_t len;
    const unsigned char *bytes;
    size_t bytes_len;
};

int arbl_split_where(const char *name, const char *message, const char **rest)
{
    size_t n = strlen(name);
    *rest = message;
    if (!message || strncmp(message, name, n) != 0 || message[n] != ':')
        return 0;
    const char *p = message + n + 1;
    int line = 0;
    while (*p >= '0' && *p <= '9' && line < 10000000)
        line = line * 10 + (*p++ - '0');
    if (line == 0 || p[0] != ':')
        return 0;
    *rest = p[1] == ' ' ? p + 2 : p + 1;
    return line;
}

void arbl_format_report(char *buf, size_t cap, const char *path, int line, const char *level, int step,
                        const char *message)
{
    char at[24] = "", st[24] = "";
    if (line > 0)
        snprintf(at, sizeof at, ":%d", line);
    if (step > 0)
        snprintf(st, sizeof st, "step %d: ", step);
    snprintf(buf, cap, "%s%s: %s%s: %s", path, at, st, level, message ? message : "");
}

/* Reports msg; a Lua message that starts with the file's own "name:line:" gives its line. */
static void say(arbl_report_fn report, void *ud, const struct lesson_source *src, int line, const char *level,
                int step, const char *msg)
{
    const char *rest;
    int at = arbl_split_where(src->name, msg, &rest);
    report(ud, src->path, at ? at : line, level, step, rest);
}

/* A script error about an undefined global ("(global 'promote')"): appends the checker's
 * "did you mean" for it, when it has one. */
static void suggest_global(arbl_sandbox *sb, char *err, size_t cap)
{
    const char *g = strstr(err, "(global '");
    if (!g || sb->killed)
        return;
    char name[64];
    size_t n = strcspn(g + 9, "'");
    if (n == 0 || n >= sizeof name)
        return;
    memcpy(name, g + 9, n);
    name[n] = 0;
    char ignored[64];
    lua_settop(sb->L, 1);
    lua_getfield(sb->L, 1, "suggest_global");
    lua_pushstring(sb->L, name);
    if (arbl_sandbox_pcall(sb, 1, 1, ignored, sizeof ignored) == LUA_OK && lua_type(sb->L, -1) == LUA_TSTRING) {
        size_t len = strlen(err);
        snprintf(err + len, cap - len, " (did you mean '%s'?)", lua_tostring(sb->L, -1));
    }
    lua_settop(sb->L, 1);
}

/* Runs the file in a fresh sandbox: compile (keeping the bytes), run, lint, describe. */
static void load_one(const arbl_registry *reg, const arbl_limits *limits, const struct lesson_source *src,
                     bool keep, arbl_report_fn report, void *ud, struct loaded *out)
{
    char err[512];
    memset(out, 0, sizeof *out);
    arbl_sandbox sb;
    /* Checking runs every step's examples: give it the budget of many answers. */
    arbl_limits lim = limits ? *limits : (arbl_limits){0};
    lim.instructions = (lim.instructions ? lim.instructions : ARBL_DEFAULT_INSTRUCTIONS) * 4;
    lim.deadline_ms = (lim.deadline_ms ? lim.deadline_ms : ARBL_DEFAULT_DEADLINE_MS) * 8;
    lim.memory = (lim.memory ? lim.memory : ARBL_DEFAULT_MEMORY) * 2;
    if (!prepare(&sb, reg, &lim, "en", true, err, sizeof err)) {
        out->errors = 1;
        say(report, ud, src, 0, "error", 0, err);
        return;
    }
    struct arbl_bytes dump = {0};
    lua_State *L = sb.L;
    if (!arbl_run_script(&sb, src->name, src->bytes, src->bytes_len, src->text, src->len, keep && !src->bytes ? &dump : NULL,
                         "lesson", err, sizeof err)) {
        out->errors = 1;
        suggest_global(&sb, err, sizeof err);
        /* A quiz generator checked as a lesson fails on quizlib or quiz{}: say what it is. */
        if (src->text && strstr(src->text, "return quiz"))
            snprintf(err + strlen(err), sizeof err - strlen(err), " (this looks like a quiz generator: "
                     "check it with arbiter quiz check)");
        int last_line = 1;
        for (size_t i = 0; src->text && i < src->len; i++)
            last_line += src->text[i] == '\n' && i + 1 < src->len;
        say(report, ud, src, strstr(err, "must return") ? last_line : 0, "error", 0, err);
        goto done;
    }
    /* stack: rt, lesson */
    lua_getfield(L, 1, "lint");
    lua_pushvalue(L, 2);
    if (src->text)
        lua_pushlstring(L, src->text, src->len);
    else
        lua_pushnil(L);
    lua_pushstring(L, src->name);
    if (arbl_sandbox_pcall(&sb, 3, 1, err, sizeof err) != LUA_OK) {
        out->errors = 1;
        say(report, ud, src, 0, "error", 0, err);
        goto done;
    }
    for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, -1); i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "level");
        lua_getfield(L, -2, "step");
        lua_getfield(L, -3, "message");
        lua_getfield(L, -4, "line");
        const char *level = lua_tostring(L, -4);
        if (level && strcmp(level, "error") == 0)
            out->errors++;
        say(report, ud, src, (int)lua_tointeger(L, -1), level ? level : "error", (int)lua_tointeger(L, -3),
            lua_tostring(L, -2));
        lua_pop(L, 5);
    }
    lua_pop(L, 1);
    /* After the linter (which names the line of a bad text): whatever it could not see. */
    char where[200];
    if (out->errors == 0 && arbl_find_bad_text(L, 2, where, sizeof where)) {
        /* JSON cannot carry such a text: refused here rather than left out of an answer later */
        char msg[300];
        snprintf(msg, sizeof msg, "the text at %s", where);
        out->errors = 1;
        say(report, ud, src, 0, "error", 0, msg);
        goto done;
    }
    if (keep && out->errors == 0) {
        lua_getfield(L, 1, "id_line");
        lua_pushvalue(L, 2);
        if (src->text)
            lua_pushlstring(L, src->text, src->len);
        else
            lua_pushnil(L);
        if (arbl_sandbox_pcall(&sb, 2, 1, err, sizeof err) == LUA_OK) {
            out->id_line = (int)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
        lua_getfield(L, 1, "describe");
        lua_pushvalue(L, 2);
        if (arbl_sandbox_pcall(&sb, 1, 1, err, sizeof err) != LUA_OK) {
            out->errors = 1;
            say(report, ud, src, 0, "error", 0, err);
            goto done;
        }
        read_description(L, &out->lesson);
        out->lesson.path = arbl_dup(src->path);
        if (src->bytes) { /* kept from an earlier registry: the same bytes */
            out->lesson.chunk = malloc(src->bytes_len);
            if (out->lesson.chunk)
                memcpy(out->lesson.chunk, src->bytes, src->bytes_len);
            out->lesson.chunk_len = src->bytes_len;
        } else {
            out->lesson.chunk = dump.data;
            out->lesson.chunk_len = dump.len;
            dump.data = NULL;
        }
        out->described = out->lesson.chunk != NULL;
        if (!out->described)
            free_lesson(&out->lesson);
    }
done:
    free(dump.data);
    arbl_sandbox_close(&sb);
}

/* Reads path into *src (text malloc'd: the caller frees src->text); false (reported) if not. */
static bool read_source(const char *path, struct lesson_source *src, arbl_report_fn report, void *ud)
{
    char err[512];
    memset(src, 0, sizeof *src);
    src->path = path;
    src->name = arbl_base_name(path);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        report(ud, path, 0, "error", 0, "is a directory: lesson check takes lesson files "
               "(arbiterd --check-lessons DIR checks a whole directory)");
        return false;
    }
    src->text = arbl_read_file(path, LESSON_FILE_MAX, &src->len, err, sizeof err);
    if (!src->text) {
        report(ud, path, 0, "error", 0, err);
        return false;
    }
    return true;
}

int arbl_check_file(const char *path, const arbl_limits *limits, arbl_report_fn report, void *ud)
{
    struct lesson_source src;
    if (!read_source(path, &src, report, ud))
        return 1;
    struct loaded r;
    load_one(NULL, limits, &src, false, report, ud, &r);
    free((char *)src.text);
    return r.errors;
}

int arbl_check_buffer(const char *name, const char *text, size_t len, const arbl_limits *limits,
                      arbl_report_fn report, void *ud)
{
    struct lesson_source src = {.path = name, .name = arbl_base_name(name), .text = text, .len = len};
    if (len > LESSON_FILE_MAX) {
        report(ud, name, 0, "error", 0, "the lesson is larger than 262144 bytes");
        return 1;
    }
    struct loaded r;
    load_one(NULL, limits, &src, false, report, ud, &r);
    return r.errors;
}

arbl_registry *arbl_registry_new(const arbl_limits *limits)
{
    arbl_registry *reg = calloc(1, sizeof *reg);
    if (!reg)
        return NULL;
    if (limits)
        reg->limits = *limits;
    /* Compile the prelude once; every answer loads these bytes instead of parsing again.
     * Stripped: loading debug information (local and upvalue names, line tables) was a fifth of
     * an answer's instructions. */
    reg->prelude = arbl_compile_text(limits, arbl_prelude_text, arbl_prelude_len, "=prelude", true, &reg->prelude_len);
    return reg;
}

void arbl_registry_free(arbl_registry *reg)
{
    if (!reg)
        return;
    for (int i = 0; i < reg->count; i++)
        free_lesson(&reg->lessons[i]);
    free(reg->lessons);
    free(reg->prelude);
    free(reg);
}

/* Adds a loaded lesson, unless its id is taken (reported with the other file's name). */
static bool add_loaded(arbl_registry *reg, struct loaded *r, arbl_report_fn report, void *ud)
{
    if (r->errors || !r->described) {
        if (r->described)
            free_lesson(&r->lesson);
        return false;
    }
    const arbl_lesson *other = arbl_registry_find(reg, r->lesson.id);
    if (!r->lesson.id || other) {
        char msg[512];
        snprintf(msg, sizeof msg, "another lesson already has the id '%.64s': %.400s", r->lesson.id ? r->lesson.id : "",
                 other ? other->path : "");
        report(ud, r->lesson.path, r->id_line, "error", 0, msg);
        free_lesson(&r->lesson);
        return false;
    }
    if (reg->count == reg->cap) {
        int cap = reg->cap ? reg->cap * 2 : 16;
        arbl_lesson *l = realloc(reg->lessons, sizeof *l * (size_t)cap);
        if (!l) {
            free_lesson(&r->lesson);
            return false;
        }
        reg->lessons = l;
        reg->cap = cap;
    }
    reg->lessons[reg->count++] = r->lesson;
    return true;
}

bool arbl_registry_load_file(arbl_registry *reg, const char *path, arbl_report_fn report, void *ud)
{
    struct lesson_source src;
    if (!read_source(path, &src, report, ud))
        return false;
    struct loaded r;
    load_one(reg, &reg->limits, &src, true, report, ud, &r);
    free((char *)src.text);
    return add_loaded(reg, &r, report, ud);
}

bool arbl_registry_load_buffer(arbl_registry *reg, const char *name, const char *text, size_t len,
                               arbl_report_fn report, void *ud)
{
    if (len > LESSON_FILE_MAX) {
        report(ud, name, 0, "error", 0, "the lesson is larger than 262144 bytes");
        return false;
    }
    struct lesson_source src = {.path = name, .name = arbl_base_name(name), .text = text, .len = len};
    struct loaded r;
    load_one(reg, &reg->limits, &src, true, report, ud, &r);
    return add_loaded(reg, &r, report, ud);
}

bool arbl_registry_keep(arbl_registry *reg, const arbl_lesson *old, arbl_report_fn report, void *ud)
{
    struct lesson_source src = {.path = old->path, .name = arbl_base_name(old->path), .bytes = old->chunk,
                                .bytes_len = old->chunk_len};
    struct loaded r;
    load_one(reg, &reg->limits, &src, true, report, ud, &r);
    return add_loaded(reg, &r, report, ud);
}

struct load_ctx {
    arbl_registry *reg;
    arbl_report_fn report;
    void *ud;
};

static int load_script(void *ctx, const char *path)
{
    struct load_ctx *c = ctx;
    return arbl_registry_load_file(c->reg, path, c->report, c->ud);
}

int arbl_registry_load_dir(arbl_registry *reg, const char *dir, arbl_report_fn report, void *ud)
{
    struct load_ctx c = {reg, report, ud};
    return arbl_each_script(dir, load_script, &c);
}

int arbl_registry_count(const arbl_registry *reg)
{
    return reg->count;
}

const arbl_lesson *arbl_registry_at(const arbl_registry *reg, int i)
{
    return i >= 0 && i < reg->count ? &reg->lessons[i] : NULL;
}

const arbl_lesson *arbl_registry_find(const arbl_registry *reg, const char *id)
{
    for (int i = 0; id && i < reg->count; i++)
        if (reg->lessons[i].id && strcmp(reg->lessons[i].id, id) == 0)
            return &reg->lessons[i];
    return NULL;
}

/* ---- answering ---- */

bool arbl_answer_normalize(const char *in, char *out, size_t cap)
{
    /* digits, punctuation and spaces as a Persian or Arabic keyboard types them (answer_text.h) */
    return arbl_answer_fold(in, out, cap);
}

bool arbl_answer(const arbl_registry *reg, const arbl_lesson *lesson, int step, const char *answer,
                 const char *lang, arbl_result *out)
{
    char err[400], text[3 * ARBL_ANSWER_MAX + 1]; /* a malformed byte is read as U+FFFD */
    memset(out, 0, offsetof(arbl_result, explanations));
    out->error[0] = 0;
    if (step < 1 || step > lesson->nsteps) {
        snprintf(out->error, sizeof out->error, "lesson '%s' has no step %d", lesson->id, step);
        return false;
    }
    if (!answer || strlen(answer) > ARBL_ANSWER_MAX || !arbl_answer_normalize(answer, text, sizeof text)) {
        snprintf(out->error, sizeof out->error, "the answer is longer than %d bytes", ARBL_ANSWER_MAX);
        return false;
    }
    arbl_sandbox sb;
    if (!prepare(&sb, reg, &reg->limits, lang, false, err, sizeof err)) {
        snprintf(out->error, sizeof out->error, "lesson '%.64s': %s", lesson->id, err);
        return false;
    }
    lua_State *L = sb.L;
    if (!arbl_run_script(&sb, arbl_base_name(lesson->path), lesson->chunk, lesson->chunk_len, NULL, 0, NULL, "lesson", err,
                         sizeof err))
        goto failed;
    lua_getfield(L, 1, "answer");
    lua_pushvalue(L, 2);
    lua_pushinteger(L, step);
    lua_pushstring(L, text);
    if (arbl_sandbox_pcall(&sb, 3, 1, err, sizeof err) != LUA_OK)
        goto failed;
    int r = lua_gettop(L);
    lua_getfield(L, r, "correct");
    out->correct = lua_toboolean(L, -1);
    lua_getfield(L, r, "feedback");
    arbl_copy_prose(out->feedback, sizeof out->feedback, lang, lua_tostring(L, -1));
    lua_getfield(L, r, "next");
    out->next = out->correct ? (int)lua_tointeger(L, -1) : step;
    lua_pop(L, 3);
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
    snprintf(out->error, sizeof out->error, "lesson '%.64s', step %d: %s", lesson->id, step, err);
    arbl_sandbox_close(&sb);
    return false;
}
