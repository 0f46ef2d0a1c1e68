/* Quiz generators, one kind of the book: a generator's description (title, parameters), questions
 * generated from (generator, seed, index, parameters) in one sandbox per batch, and an answer
 * graded by regenerating its question from the id in a fresh sandbox. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "answer_text.h"
#include "quizzes.h"
#include "scripts.h"

extern const char *const arbl_quiz_prelude_text;
extern const size_t arbl_quiz_prelude_len;
extern const char *const arbl_quiz_checker_text;
extern const size_t arbl_quiz_checker_len;

/* ---- small helpers ---- */

/* Copies field k of the table at t (a string) into dst; false if it does not fit. */
static bool field_copy(lua_State *L, int t, const char *k, char *dst, size_t cap)
{
    lua_getfield(L, t, k);
    size_t n = 0;
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : "";
    bool ok = n < cap;
    arbl_copy_str(dst, cap, s);
    lua_pop(L, 1);
    return ok;
}

static void free_quiz(void *item)
{
    arbl_quiz *q = item;
    arbl_text_free(&q->title);
    for (int i = 0; i < q->nparams; i++) {
        free(q->params[i].name);
        free(q->params[i].def);
        for (int j = 0; j < q->params[i].nvalues; j++)
            free(q->params[i].values[j]);
    }
}

static bool valid_quiz_id(const char *s)
{
    if (!s || !*s || strlen(s) > 48)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return false;
    return true;
}

/* Reads rt.describe(quiz) (at stack index d) into q; false with err if malformed. */
static bool read_description(lua_State *L, int d, void *item, char *err, size_t errcap)
{
    arbl_quiz *q = item;
    lua_getfield(L, d, "id");
    q->id = arbl_dup(lua_tostring(L, -1));
    lua_pop(L, 1);
    if (!valid_quiz_id(q->id)) {
        snprintf(err, errcap, "the quiz id must be 1-48 characters a-z, 0-9 and '-'");
        return false;
    }
    lua_getfield(L, d, "title");
    for (int i = 0; i < ARBL_NLANGS; i++) {
        lua_getfield(L, -1, arbl_langs[i]);
        const char *t = lua_tostring(L, -1);
        if (!t || !*t) {
            snprintf(err, errcap, "the quiz title has no '%s' text", arbl_langs[i]);
            return false;
        }
        q->title.lang[i] = arbl_dup_text(t);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, d, "parameters");
    int np = (int)lua_rawlen(L, -1);
    if (np > ARBL_QUIZ_MAX_PARAMS) {
        snprintf(err, errcap, "at most %d parameters", ARBL_QUIZ_MAX_PARAMS);
        return false;
    }
    for (int i = 0; i < np; i++) {
        arbl_quiz_param *p = &q->params[q->nparams++];
        lua_rawgeti(L, -1, i + 1);
        lua_getfield(L, -1, "name");
        p->name = arbl_dup(lua_tostring(L, -1));
        lua_getfield(L, -2, "default");
        p->def = arbl_dup(lua_tostring(L, -1));
        lua_pop(L, 2);
        lua_getfield(L, -1, "values");
        int nv = (int)lua_rawlen(L, -1);
        if (nv < 1 || nv > ARBL_QUIZ_MAX_VALUES) {
            snprintf(err, errcap, "parameter %d needs 1 to %d values", i + 1, ARBL_QUIZ_MAX_VALUES);
            return false;
        }
        bool has_default = false;
        for (int j = 0; j < nv; j++) {
            lua_rawgeti(L, -1, j + 1);
            p->values[p->nvalues++] = arbl_dup(lua_tostring(L, -1));
            has_default |= p->def && strcmp(p->def, p->values[j]) == 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 2);
        if (!valid_quiz_id(p->name) || !has_default) {
            snprintf(err, errcap, "parameter %d needs a name (a-z, 0-9, '-') and a default among its values", i + 1);
            return false;
        }
    }
    lua_settop(L, d);
    return true;
}

static bool emit_one(void *ud, const arbl_question *q)
{
    (void)ud;
    (void)q;
    return false;
}

static uint64_t question_seed(const arbl_quiz *quiz, const char *suffix, uint64_t seed, uint64_t index);
static void push_params(lua_State *L, const arbl_quiz *quiz, const arbl_quiz_args *args);

/* Reports the problems the checker's list (top of the stack) holds; returns how many are errors. */
/* Reports err; a Lua message starting with the file's own "name:line:" gives its line. */
static void say(arbl_report_fn report, void *ud, const char *path, const char *err)
{
    const char *rest;
    int line = arbl_split_where(arbl_base_name(path), err, &rest);
    report(ud, path, line, "error", 0, rest);
}

/* After the first question failed: generates it again in the checker state sb (rt at 1, the
 * quiz at 2) to report the error at the generator's own line. False if that finds nothing. */
static bool locate_generate_error(arbl_sandbox *sb, const arbl_quiz *q, const char *path, arbl_report_fn report,
                                  void *ud)
{
    char err[512];
    lua_settop(sb->L, 2);
    lua_getfield(sb->L, 1, "try_generate");
    lua_pushvalue(sb->L, 2);
    lua_pushinteger(sb->L, (lua_Integer)question_seed(q, "", 1, 0));
    push_params(sb->L, q, NULL);
    lua_pushstring(sb->L, arbl_base_name(path));
    if (sb->killed || arbl_sandbox_pcall(sb, 4, 2, err, sizeof err) != LUA_OK || lua_type(sb->L, -2) != LUA_TSTRING)
        return false;
    report(ud, path, (int)lua_tointeger(sb->L, -1), "error", 0, lua_tostring(sb->L, -2));
    return true;
}

/* The host's check of a generator as it is loaded: it must produce its first question with the
 * default parameters (sb is its checker state, to name the line where it fails). */
static bool verify(const arbl_book *book, arbl_sandbox *sb, const void *item, const arbl_source *src,
                   arbl_report_fn report, void *ud)
{
    const arbl_quiz *quiz = item;
    char err[512] = "";
    arbl_quiz_args args;
    memset(&args, 0, sizeof args);
    arbl_quiz_error e;
    if (arbl_quiz_generate(book, quiz, 1, 0, 1, &args, "en", emit_one, NULL, &e, err, sizeof err) >= 1)
        return true;
    if (!locate_generate_error(sb, quiz, src->path, report, ud))
        say(report, ud, src->path, err[0] ? err : "the generator gave no question");
    return false;
}

/* The seed of the first question (default parameters, seed 1, index 0): the one every language
 * checks. */
static lua_Integer first_seed(const void *item)
{
    return (lua_Integer)question_seed(item, "", 1, 0);
}

const arbl_kind arbl_quizzes = {
    .name = "quiz", .noun = "quiz", .library = true,
    .prelude = {"=quiz_prelude", &arbl_quiz_prelude_text, &arbl_quiz_prelude_len},
    .checker = {"=quiz_checker", &arbl_quiz_checker_text, &arbl_quiz_checker_len},
    .check = {.instructions = 4, .deadline = 4, .memory = 2}, /* a first question and two grades per language */
    .item_size = sizeof(arbl_quiz), .read = read_description, .verify = verify, .language_arg = first_seed,
    .free_item = free_quiz,
};

/* ---- parameters, seeds and ids ---- */

bool arbl_quiz_args_set(const arbl_quiz *quiz, arbl_quiz_args *args, const char *name, const char *value,
                        char *err, size_t errcap)
{
    for (int i = 0; i < quiz->nparams; i++) {
        if (strcmp(quiz->params[i].name, name) != 0)
            continue;
        for (int j = 0; j < quiz->params[i].nvalues; j++)
            if (strcmp(quiz->params[i].values[j], value) == 0) {
                args->values[i] = quiz->params[i].values[j];
                return true;
            }
        snprintf(err, errcap, "'%.40s' is not a value of '%s'", value, name);
        return false;
    }
    snprintf(err, errcap, "quiz '%s' has no parameter '%.40s'", quiz->id, name);
    return false;
}

static const char *arg_value(const arbl_quiz *quiz, const arbl_quiz_args *args, int i)
{
    return args && args->values[i] ? args->values[i] : quiz->params[i].def;
}

/* The id suffix: ":name=value,..." for the parameters that are not at their default. */
static void param_suffix(const arbl_quiz *quiz, const arbl_quiz_args *args, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < quiz->nparams; i++) {
        const char *v = arg_value(quiz, args, i);
        if (strcmp(v, quiz->params[i].def) == 0)
            continue;
        int w = snprintf(out + len, cap - len, "%c%s=%s", len ? ',' : ':', quiz->params[i].name, v);
        if (w < 0 || (size_t)w >= cap - len)
            break;
        len += (size_t)w;
    }
}

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The question's own RNG seed: generator, parameters, seed and index all count. */
static uint64_t question_seed(const arbl_quiz *quiz, const char *suffix, uint64_t seed, uint64_t index)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *s = quiz->id; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    for (const char *s = suffix; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return mix64(mix64(h ^ mix64(seed + 0x9e3779b97f4a7c15ULL)) + index * 0x9e3779b97f4a7c15ULL);
}

static bool parse_u64(const char *s, size_t len, uint64_t max, uint64_t *out)
{
    if (len == 0 || len > 20)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        if (v > (max - (uint64_t)(s[i] - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    *out = v;
    return true;
}

/* Reads "generator:seed:index[:name=value,...]". */
static arbl_quiz_error parse_id(const arbl_book *book, const char *id, const arbl_quiz **quiz,
                                uint64_t *seed, uint64_t *index, arbl_quiz_args *args, char *err, size_t errcap)
{
    memset(args, 0, sizeof *args);
    if (!id || strlen(id) >= ARBL_QUIZ_ID_MAX) {
        snprintf(err, errcap, "a question id is at most %d characters", ARBL_QUIZ_ID_MAX - 1);
        return ARBL_QUIZ_BAD_ID;
    }
    char copy[ARBL_QUIZ_ID_MAX];
    arbl_copy_str(copy, sizeof copy, id);
    char *parts[4] = {0};
    int n = 0;
    for (char *p = copy; n < 4;) {
        parts[n++] = p;
        char *c = strchr(p, ':');
        if (!c)
            break;
        *c = 0;
        p = c + 1;
    }
    if (n < 3 || (n == 4 && strchr(parts[3], ':'))) {
        snprintf(err, errcap, "a question id reads generator:seed:index[:name=value,...]");
        return ARBL_QUIZ_BAD_ID;
    }
    if (!parse_u64(parts[1], strlen(parts[1]), ARBL_QUIZ_SEED_MAX, seed) ||
        !parse_u64(parts[2], strlen(parts[2]), ARBL_QUIZ_SEED_MAX, index)) {
        snprintf(err, errcap, "the seed and index of a question id are whole numbers up to 2^53-1");
        return ARBL_QUIZ_BAD_ID;
    }
    *quiz = arbl_book_find(book, parts[0]);
    if (!*quiz) {
        snprintf(err, errcap, "there is no quiz generator '%.48s'", parts[0]);
        return ARBL_QUIZ_UNKNOWN;
    }
    if (n == 4) {
        char *save = NULL;
        for (char *kv = strtok_r(parts[3], ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
            char *eq = strchr(kv, '=');
            if (!eq) {
                snprintf(err, errcap, "parameters in a question id read name=value");
                return ARBL_QUIZ_BAD_ID;
            }
            *eq = 0;
            if (!arbl_quiz_args_set(*quiz, args, kv, eq + 1, err, errcap))
                return ARBL_QUIZ_BAD_ID;
        }
    }
    /* The canonical id must be exactly what was given (one id per question). */
    char suffix[96], canon[ARBL_QUIZ_ID_MAX + 96];
    param_suffix(*quiz, args, suffix, sizeof suffix);
    snprintf(canon, sizeof canon, "%s:%" PRIu64 ":%" PRIu64 "%s", (*quiz)->id, *seed, *index, suffix);
    if (strcmp(canon, id) != 0) {
        snprintf(err, errcap, "not a canonical question id (expected '%.100s')", canon);
        return ARBL_QUIZ_BAD_ID;
    }
    return ARBL_QUIZ_OK;
}

/* Pushes the params table the generator receives: {name = value} for every parameter. */
static void push_params(lua_State *L, const arbl_quiz *quiz, const arbl_quiz_args *args)
{
    lua_createtable(L, 0, quiz->nparams);
    for (int i = 0; i < quiz->nparams; i++) {
        lua_pushstring(L, arg_value(quiz, args, i));
        lua_setfield(L, -2, quiz->params[i].name);
    }
}

/* Reads the plain question table rt.generate returned (top of the stack). */
static bool read_question(lua_State *L, arbl_question *q, char *err, size_t errcap)
{
    int t = lua_gettop(L);
    bool ok = field_copy(L, t, "fen", q->fen, sizeof q->fen) &&
              field_copy(L, t, "start_fen", q->start_fen, sizeof q->start_fen) &&
              field_copy(L, t, "moves", q->moves, sizeof q->moves) &&
              field_copy(L, t, "prompt", q->prompt, sizeof q->prompt) &&
              field_copy(L, t, "answer_type", q->answer_type, sizeof q->answer_type);
    q->nchoices = 0;
    lua_getfield(L, t, "choices");
    int n = (int)lua_rawlen(L, -1);
    if (n > ARBL_QUIZ_MAX_CHOICES)
        ok = false;
    for (int i = 0; ok && i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        ok = field_copy(L, lua_gettop(L), "id", q->choices[i].id, sizeof q->choices[i].id) &&
             field_copy(L, lua_gettop(L), "text", q->choices[i].text, sizeof q->choices[i].text);
        q->nchoices++;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    q->ndata = 0;
    lua_getfield(L, t, "data");
    lua_pushnil(L);
    while (ok && lua_next(L, -2)) {
        if (q->ndata == 8 || lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING ||
            lua_rawlen(L, -2) >= sizeof q->data[0].key || lua_rawlen(L, -1) >= sizeof q->data[0].value) {
            ok = false;
            lua_pop(L, 2);
            break;
        }
        arbl_copy_str(q->data[q->ndata].key, sizeof q->data[0].key, lua_tostring(L, -2));
        arbl_copy_str(q->data[q->ndata].value, sizeof q->data[0].value, lua_tostring(L, -1));
        q->ndata++;
        lua_pop(L, 1);
    }
    qsort(q->data, (size_t)q->ndata, sizeof q->data[0], arbl_cmp_key);
    lua_settop(L, t - 1);
    if (!ok)
        snprintf(err, errcap, "the question does not fit (fen, moves, prompt, choices or data too long)");
    static const char *const answer_types[] = {"choice", "move", "line", "squares", "number"};
    bool typed = false;
    for (size_t i = 0; i < sizeof answer_types / sizeof *answer_types; i++)
        typed = typed || strcmp(q->answer_type, answer_types[i]) == 0;
    if (ok && !typed) {
        snprintf(err, errcap, "the question's answer_type '%s' is not choice, move, line, squares or number",
                 q->answer_type);
        ok = false;
    }
    return ok;
}

/* ---- duplicate check: an open-addressing set of 64-bit hashes ---- */

struct seen {
    uint64_t *slots;
    size_t cap, count;
};

static uint64_t hash_text(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return (h ^ 0xff) * 0x100000001b3ULL;
}

/* Adds h; returns false when it was already there (or memory ran out: treated as new). */
static bool seen_add(struct seen *s, uint64_t h)
{
    if (h == 0)
        h = 1;
    if ((s->count + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        uint64_t *slots = calloc(cap, sizeof *slots);
        if (!slots)
            return true;
        for (size_t i = 0; i < s->cap; i++)
            if (s->slots[i])
                for (size_t j = s->slots[i] & (cap - 1);; j = (j + 1) & (cap - 1))
                    if (!slots[j]) {
                        slots[j] = s->slots[i];
                        break;
                    }
        free(s->slots);
        s->slots = slots;
        s->cap = cap;
    }
    for (size_t j = h & (s->cap - 1);; j = (j + 1) & (s->cap - 1)) {
        if (s->slots[j] == h)
            return false;
        if (!s->slots[j]) {
            s->slots[j] = h;
            s->count++;
            return true;
        }
    }
}

/* ---- generating ---- */

/* Generates the question at index into q inside the open sandbox (rt at 1, quiz at 2). */
static bool generate_at(arbl_sandbox *sb, const arbl_quiz *quiz, const arbl_quiz_args *args, const char *suffix,
                        uint64_t seed, uint64_t index, arbl_question *q, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    memset(q, 0, sizeof *q); /* no bytes of an earlier question survive in the record */
    lua_getfield(L, 1, "generate");
    lua_pushvalue(L, 2);
    lua_pushinteger(L, (lua_Integer)question_seed(quiz, suffix, seed, index));
    push_params(L, quiz, args);
    if (arbl_sandbox_pcall(sb, 3, 1, err, errcap) != LUA_OK)
        return false;
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        snprintf(err, errcap, "generate returned no question");
        return false;
    }
    if (!read_question(L, q, err, errcap))
        return false;
    q->index = index;
    snprintf(q->id, sizeof q->id, "%s:%" PRIu64 ":%" PRIu64 "%s", quiz->id, seed, index, suffix);
    return true;
}

/* Generates questions of [first, ...) in one sandbox, passing each to fn: with distinct, count
 * questions none of which repeats an earlier one (indices tried: at most 8 * count + 64);
 * without, the question of every index of [first, first + count) in order. The batch's time is
 * bounded as a whole (quizzes.h); an index whose generation fails is skipped (at most 16 +
 * count / 16 of those); a budget that runs out stops the batch. */
static long generate(const arbl_book *book, const arbl_quiz *quiz, uint64_t seed, uint64_t first, long count,
                     bool distinct, const arbl_quiz_args *args, const char *lang, arbl_question_fn fn, void *ud,
                     arbl_quiz_error *error, char *err, size_t errcap)
{
    char suffix[96];
    param_suffix(quiz, args, suffix, sizeof suffix);
    arbl_sandbox sb;
    if (!arbl_book_open(book, &quiz->entry, lang, &sb, err, errcap)) {
        *error = ARBL_QUIZ_SCRIPT;
        return -1;
    }
    /* The batch as a whole: a few question budgets, and a share for every question asked. */
    uint64_t batch_ms = (uint64_t)sb.limits.deadline_ms * ARBL_QUIZ_BATCH_FACTOR +
                        (uint64_t)sb.limits.deadline_ms * (uint64_t)count / ARBL_QUIZ_BATCH_PER;
    arbl_sandbox_limit_total(&sb, batch_ms > UINT32_MAX ? UINT32_MAX : (uint32_t)batch_ms);
    arbl_question *q = malloc(sizeof *q);
    struct seen seen = {0};
    long made = 0;
    uint64_t failures = 0, tries = distinct ? 8 * (uint64_t)count + 64 : (uint64_t)count;
    for (uint64_t index = first; (!distinct || made < count) && tries > 0 && index <= ARBL_QUIZ_SEED_MAX;
         index++, tries--) {
        if (!q) {
            snprintf(err, errcap, "out of memory");
            *error = ARBL_QUIZ_SCRIPT;
            made = -1;
            break;
        }
        /* An index whose generation fails (e.g. no position found within the generator's own
         * tries) is skipped like a duplicate; a generator that keeps failing is broken and stops
         * the batch, and so does a budget: the state is stopped for good. */
        if (!generate_at(&sb, quiz, args, suffix, seed, index, q, err, errcap)) {
            if (sb.stopped_by != ARBL_BUDGET_NONE || ++failures > 16 + (uint64_t)count / 16) {
                *error = sb.stopped_by != ARBL_BUDGET_NONE ? ARBL_QUIZ_BUDGET : ARBL_QUIZ_SCRIPT;
                made = -1;
                break;
            }
            continue;
        }
        uint64_t h = hash_text(hash_text(hash_text(0xcbf29ce484222325ULL, q->fen), q->moves), q->prompt);
        if (distinct && !seen_add(&seen, h))
            continue;
        made++;
        if (!fn(ud, q))
            break;
        /* Keep the state small between questions: the batch may be long. */
        if ((made & 63) == 0)
            lua_gc(sb.L, LUA_GCSTEP, 0);
    }
    free(seen.slots);
    free(q);
    arbl_sandbox_close(&sb);
    return made;
}

long arbl_quiz_generate(const arbl_book *book, const arbl_quiz *quiz, uint64_t seed, uint64_t first,
                        long count, const arbl_quiz_args *args, const char *lang, arbl_question_fn fn, void *ud,
                        arbl_quiz_error *error, char *err, size_t errcap)
{
    *error = ARBL_QUIZ_OK;
    if (seed > ARBL_QUIZ_SEED_MAX || first > ARBL_QUIZ_SEED_MAX || count < 0) {
        *error = ARBL_QUIZ_BAD_PARAM;
        snprintf(err, errcap, "seed and index are whole numbers up to 2^53-1");
        return -1;
    }
    return generate(book, quiz, seed, first, count, true, args, lang, fn, ud, error, err, errcap);
}

long arbl_quiz_generate_range(const arbl_book *book, const arbl_quiz *quiz, uint64_t seed, uint64_t first,
                              long n, const arbl_quiz_args *args, const char *lang, arbl_question_fn fn, void *ud,
                              arbl_quiz_error *error, char *err, size_t errcap)
{
    *error = ARBL_QUIZ_OK;
    if (seed > ARBL_QUIZ_SEED_MAX || first > ARBL_QUIZ_SEED_MAX || n < 0 ||
        (uint64_t)n > ARBL_QUIZ_SEED_MAX + 1 - first) {
        *error = ARBL_QUIZ_BAD_PARAM;
        snprintf(err, errcap, "seed and indices are whole numbers up to 2^53-1");
        return -1;
    }
    return generate(book, quiz, seed, first, n, false, args, lang, fn, ud, error, err, errcap);
}

bool arbl_quiz_question(const arbl_book *book, const char *id, const char *lang, arbl_question *out,
                        arbl_quiz_error *error, char *err, size_t errcap)
{
    const arbl_quiz *quiz = NULL;
    uint64_t seed = 0, index = 0;
    arbl_quiz_args args;
    *error = parse_id(book, id, &quiz, &seed, &index, &args, err, errcap);
    if (*error != ARBL_QUIZ_OK)
        return false;
    char suffix[96];
    param_suffix(quiz, &args, suffix, sizeof suffix);
    arbl_sandbox sb;
    if (!arbl_book_open(book, &quiz->entry, lang, &sb, err, errcap)) {
        *error = ARBL_QUIZ_SCRIPT;
        return false;
    }
    bool ok = generate_at(&sb, quiz, &args, suffix, seed, index, out, err, errcap);
    if (!ok)
        *error = sb.stopped_by != ARBL_BUDGET_NONE ? ARBL_QUIZ_BUDGET : ARBL_QUIZ_SCRIPT;
    arbl_sandbox_close(&sb);
    return ok;
}

/* ---- grading ---- */

bool arbl_quiz_grade(const arbl_book *book, const char *id, const char *answer, const char *lang,
                     arbl_grade *out)
{
    char err[400];
    memset(out, 0, offsetof(arbl_grade, explanations));
    out->budget = ARBL_BUDGET_NONE; /* after the explanations, so not cleared above; every failure path reads it */
    out->message[0] = 0;
    const arbl_quiz *quiz = NULL;
    uint64_t seed = 0, index = 0;
    arbl_quiz_args args;
    out->error = parse_id(book, id, &quiz, &seed, &index, &args, out->message, sizeof out->message);
    if (out->error != ARBL_QUIZ_OK)
        return false;
    if (!answer || strlen(answer) > ARBL_ANSWER_MAX) {
        out->error = ARBL_QUIZ_BAD_ANSWER;
        snprintf(out->message, sizeof out->message, "the answer is longer than %d bytes", ARBL_ANSWER_MAX);
        return false;
    }
    /* read as the lesson runtime reads answers: «۳۳», «d۱», «c3، f6» (answer_text.h) */
    char text[3 * ARBL_ANSWER_MAX + 1];
    arbl_answer_fold(answer, text, sizeof text);
    char suffix[96];
    param_suffix(quiz, &args, suffix, sizeof suffix);
    arbl_sandbox sb;
    if (!arbl_book_open(book, &quiz->entry, lang, &sb, err, sizeof err)) {
        out->error = ARBL_QUIZ_SCRIPT;
        snprintf(out->message, sizeof out->message, "quiz '%s': %s", quiz->id, err);
        return false;
    }
    lua_State *L = sb.L;
    lua_getfield(L, 1, "grade");
    lua_pushvalue(L, 2);
    lua_pushinteger(L, (lua_Integer)question_seed(quiz, suffix, seed, index));
    push_params(L, quiz, &args);
    lua_pushstring(L, text);
    lua_pushstring(L, answer); /* as typed, to quote back («۹», not 9: common.lua C.typed) */
    bool ran = arbl_sandbox_pcall(&sb, 5, 1, err, sizeof err) == LUA_OK;
    if (!ran || !lua_istable(L, -1)) {
        if (ran) /* every failure says why: the reply quotes the message */
            snprintf(err, sizeof err, "grade returned %s, not a result", luaL_typename(L, -1));
        out->error = ARBL_QUIZ_SCRIPT;
        out->budget = sb.stopped_by;
        snprintf(out->message, sizeof out->message, "quiz '%s': %s", quiz->id, err);
        arbl_sandbox_close(&sb);
        return false;
    }
    int r = lua_gettop(L);
    lua_getfield(L, r, "correct");
    out->correct = lua_toboolean(L, -1);
    lua_pop(L, 1);
    field_copy(L, r, "expected", out->expected, sizeof out->expected);
    out->nexplanations = arbl_read_explanations(L, r, out->explanations);
    arbl_sandbox_close(&sb);
    return true;
}

/* ---- checking a generator deeply (arbiter quiz check) ---- */

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

/* Checks questions 0..seeds-1 of seed 1 with the parameters args in the checker state sb. */
static bool check_questions(arbl_sandbox *sb, const arbl_quiz *quiz, const arbl_quiz_args *args, const char *text,
                            size_t len, int seeds, struct check_count *c)
{
    char err[512], suffix[96];
    param_suffix(quiz, args, suffix, sizeof suffix);
    for (int index = 0; index < seeds; index++) {
        char label[ARBL_QUIZ_ID_MAX + 96];
        snprintf(label, sizeof label, "%s:1:%d%s", quiz->id, index, suffix);
        /* each question's check has the check's whole time budget: a file of many seeds and
         * difficulties must not pass or fail by how many there are, or how fast the build is */
        arbl_sandbox_limit_total(sb, sb->limits.deadline_ms);
        lua_getfield(sb->L, 1, "check_question");
        lua_pushvalue(sb->L, 2);
        lua_pushinteger(sb->L, (lua_Integer)question_seed(quiz, suffix, 1, (uint64_t)index));
        push_params(sb->L, quiz, args);
        lua_pushstring(sb->L, label);
        lua_pushstring(sb->L, arbl_base_name(quiz->path));
        lua_pushlstring(sb->L, text, len);
        if (arbl_sandbox_pcall(sb, 6, 1, err, sizeof err) != LUA_OK) {
            char msg[sizeof label + sizeof err + 16];
            snprintf(msg, sizeof msg, "question %s: %s", label, err);
            say(count_report, c, quiz->path, msg);
            return false; /* a budget stops the state for good */
        }
        for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(sb->L, -1); i <= n; i++) {
            lua_rawgeti(sb->L, -1, i);
            lua_getfield(sb->L, -1, "line");
            lua_getfield(sb->L, -2, "message");
            count_report(c, quiz->path, (int)lua_tointeger(sb->L, -2), "error", 0, lua_tostring(sb->L, -1));
            lua_pop(sb->L, 3);
        }
        lua_pop(sb->L, 1);
    }
    return true;
}

/* The default parameters, then every other value of each parameter (the others at their
 * defaults: each difficulty), in one checker state so that a mistake is reported once. */
static void check_all(const arbl_book *book, const arbl_quiz *quiz, const char *text, size_t len, int seeds,
                      struct check_count *c)
{
    char err[512];
    arbl_sandbox sb;
    arbl_limits lim = *arbl_book_limits(book); /* one check grades a question several times */
    lim.instructions = (lim.instructions ? lim.instructions : ARBL_DEFAULT_INSTRUCTIONS) * 8;
    lim.deadline_ms = (lim.deadline_ms ? lim.deadline_ms : ARBL_DEFAULT_DEADLINE_MS) * 8;
    lim.memory = (lim.memory ? lim.memory : ARBL_DEFAULT_MEMORY) * 2;
    if (!arbl_book_open_checker(book, &quiz->entry, &lim, "en", &sb, err, sizeof err)) {
        say(count_report, c, quiz->path, err);
        return;
    }
    arbl_quiz_args args;
    memset(&args, 0, sizeof args);
    bool go = check_questions(&sb, quiz, &args, text, len, seeds, c);
    for (int p = 0; go && p < quiz->nparams; p++)
        for (int v = 0; go && v < quiz->params[p].nvalues; v++) {
            if (strcmp(quiz->params[p].values[v], quiz->params[p].def) == 0)
                continue;
            memset(&args, 0, sizeof args);
            args.values[p] = quiz->params[p].values[v];
            go = check_questions(&sb, quiz, &args, text, len, seeds, c);
        }
    arbl_sandbox_close(&sb);
}

int arbl_quiz_check_buffer(const char *name, const char *text, size_t len, const arbl_limits *limits, int seeds,
                           arbl_report_fn report, void *ud)
{
    struct check_count c = {report, ud, 0};
    arbl_book *book = arbl_book_new(&arbl_quizzes, limits);
    if (!book) {
        report(ud, name, 0, "error", 0, "out of memory");
        return 1;
    }
    if (arbl_book_load_buffer(book, name, text, len, count_report, &c))
        check_all(book, arbl_book_at(book, 0), text, len, seeds, &c);
    else if (c.errors == 0)
        c.errors = 1;
    arbl_book_free(book);
    return c.errors;
}

int arbl_quiz_check_file(const char *path, const arbl_limits *limits, int seeds, arbl_report_fn report, void *ud)
{
    char err[512];
    size_t len;
    char *text = arbl_read_file(path, ARBL_SCRIPT_MAX, &len, err, sizeof err);
    if (!text) {
        report(ud, path, 0, "error", 0, err);
        return 1;
    }
    int errors = arbl_quiz_check_buffer(path, text, len, limits, seeds, report, ud);
    free(text);
    return errors;
}
