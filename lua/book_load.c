/* Checking one file for the book (book_load.h): it runs in a checker sandbox (its kind's prelude,
 * then the shared lint helpers and its checker), is linted, checked for texts JSON cannot carry,
 * described into the kind's C item, verified, and run again under every other language; what
 * passes is kept as compiled bytes. Also the sandboxes answers are given in (arbl_book_open). */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "book_load.h"
#include "script_libs.h"
#include "scripts.h"

/* ---- sandboxes: the kind's prelude (runtime table at index 1), its checker, then lock ---- */

extern const char *const arbl_lint_util_text;
extern const size_t arbl_lint_util_len;
extern const char *const arbl_common_text;
extern const size_t arbl_common_len;
extern const char *const arbl_library_text;
extern const size_t arbl_library_len;

/* With the runtime table alone on the stack: runs the shared lint helpers and the checker on it,
 * leaving what the checker returns in its place; false with why in err (the sandbox stays open). */
static bool load_checker(arbl_sandbox *sb, const arbl_kind *kind, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    const char *failed = kind->checker.name + 1;
    if (luaL_loadbufferx(L, *kind->checker.text, *kind->checker.len, kind->checker.name, "t") == LUA_OK) {
        lua_insert(L, 1);
        failed = "lint_util";
        if (luaL_loadbufferx(L, arbl_lint_util_text, arbl_lint_util_len, "=lint_util", "t") == LUA_OK) {
            if (arbl_sandbox_pcall(sb, 0, 1, err, errcap) != LUA_OK)
                return false;
            if (!lua_istable(L, -1)) {
                snprintf(err, errcap, "lint_util returned %s, not a table", luaL_typename(L, -1));
                return false;
            }
            /* every checker's "did you mean" for a misspelled global: the shared one */
            lua_getfield(L, -1, "suggest_global");
            lua_insert(L, 1);
            if (arbl_sandbox_pcall(sb, 2, 1, err, errcap) != LUA_OK)
                return false;
            if (!lua_istable(L, -1)) {
                snprintf(err, errcap, "%s returned %s, not a table", kind->checker.name + 1, luaL_typename(L, -1));
                return false;
            }
            lua_getfield(L, -1, "suggest_global");
            if (lua_isnil(L, -1)) {
                lua_pushvalue(L, 1);
                lua_setfield(L, -3, "suggest_global");
            }
            lua_pop(L, 1);
            lua_remove(L, 1);
            return true;
        }
    }
    snprintf(err, errcap, "%s: %s", failed, lua_tostring(L, -1));
    return false;
}

/* Opens sb and runs the kind's prelude (the book's compiled bytes when given, else its text),
 * leaving the runtime table at index 1; with checker, the checker is loaded on it and the
 * constructors record the coach's lines. Then the globals are locked. All the runs of one
 * sandbox share one time budget. False with why in err, sb closed. */
/* Pushes the host's view of the call stack for a checker (the constructors then record the
 * coach's lines), nil for an answer (which does not need them). */
static void push_frame(lua_State *L, bool checker)
{
    if (checker)
        arbl_push_frame_fn(L);
    else
        lua_pushnil(L);
}

/* Runs a trusted chunk of the host (its compiled bytes when given, else its text) with the
 * frame and, when shared is not 0, the value at that index as arguments, leaving the table it
 * returns; false with why in err. */
static bool run_trusted(arbl_sandbox *sb, const unsigned char *bytes, size_t len, const char *text, size_t text_len,
                        const char *name, bool checker, int shared, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    int st = bytes ? luaL_loadbufferx(L, (const char *)bytes, len, name, "b")
                   : luaL_loadbufferx(L, text, text_len, name, "t");
    if (st != LUA_OK) {
        snprintf(err, errcap, "%s: %s", name + 1, lua_tostring(L, -1));
        return false;
    }
    push_frame(L, checker);
    if (shared)
        lua_pushvalue(L, shared);
    if (arbl_sandbox_pcall(sb, shared ? 2 : 1, 1, err, errcap) != LUA_OK)
        return false;
    if (!lua_istable(L, -1)) { /* every failure says why: the caller's reply or log quotes err */
        snprintf(err, errcap, "%s returned %s, not a table", name + 1, luaL_typename(L, -1));
        return false;
    }
    return true;
}

/* A checker state's reads of globals: a name the runtime does not define is recorded (with the
 * line that reads it and the nearest local name) and reads as nil as it always does, so that the
 * run goes on and fails, if it does, with Lua's own message; the book then reports every such
 * read as an error (a misspelled `gmae` passed as an argument would otherwise pass the check). */
#define UNDEFINED_KEY "arbiter.undefined"
#define UNDEFINED_MAX 32

/* Edit distance of two short names, a swap of two neighbours counting one (gmae, game); longer
 * names are never near. */
static int distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 40 || m > 40)
        return 99;
    int d[41][41];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

static void consider(const char *name, const char *wanted, char *best, size_t cap, int *bestd)
{
    if (!name || name[0] == '(' || strcmp(name, wanted) == 0)
        return;
    int d = distance(name, wanted);
    if (d < *bestd && d <= (strlen(wanted) >= 5 ? 2 : 1)) {
        *bestd = d;
        snprintf(best, cap, "%s", name);
    }
}

static int strict_global(lua_State *L)
{
    lua_settop(L, 2); /* the globals (which have no such name: a defined one never gets here), the name */
    lua_pushnil(L);
    if (lua_type(L, 2) != LUA_TSTRING)
        return 1;
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
        return 1;
    const char *wanted = lua_tostring(L, 2);
    int records = lua_upvalueindex(1);
    char key[96];
    snprintf(key, sizeof key, "%.60s:%d", wanted, ar.currentline);
    if (lua_getfield(L, records, key) != LUA_TNIL || lua_rawlen(L, records) >= UNDEFINED_MAX)
        return 0;
    /* A misspelled local (`gmae` for `game`) is the usual cause: the nearest name among the
     * reading function's locals and upvalues. */
    char best[64] = "";
    int bestd = 3;
    const char *name;
    for (int i = 1; i <= 250 && (name = lua_getlocal(L, &ar, i)) != NULL; i++) {
        consider(name, wanted, best, sizeof best, &bestd);
        lua_pop(L, 1);
    }
    if (lua_getinfo(L, "f", &ar)) {
        for (int i = 1; i <= 255 && (name = lua_getupvalue(L, -1, i)) != NULL; i++) {
            consider(name, wanted, best, sizeof best, &bestd);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pushboolean(L, 1);
    lua_setfield(L, records, key);
    lua_createtable(L, 3, 0);
    lua_pushstring(L, ar.short_src);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, ar.currentline);
    lua_rawseti(L, -2, 2);
    if (best[0])
        lua_pushfstring(L, "'%s' is not defined: a global read as nil (did you mean '%s'?)", wanted, best);
    else
        lua_pushfstring(L, "'%s' is not defined: a global read as nil", wanted);
    lua_rawseti(L, -2, 3);
    lua_rawseti(L, records, (lua_Integer)lua_rawlen(L, records) + 1);
    lua_pushnil(L);
    return 1;
}

/* After the lock: the table of globals behind the read-only view (the view's __index) gets an
 * __index of strict_global, so that only a read of a name not defined costs a call. */
static void make_globals_strict(lua_State *L)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    if (lua_getmetatable(L, -1)) {
        if (lua_getfield(L, -1, "__index") == LUA_TTABLE) {
            lua_createtable(L, 0, 1);
            lua_newtable(L);
            lua_pushvalue(L, -1);
            lua_setfield(L, LUA_REGISTRYINDEX, UNDEFINED_KEY);
            lua_pushcclosure(L, strict_global, 1);
            lua_setfield(L, -2, "__index");
            lua_setmetatable(L, -2);
        }
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
}

/* Reports the reads of undefined globals in src's own chunk recorded since the last call (from
 * index *from on); returns how many. */
static int report_undefined(lua_State *L, const arbl_source *src, const char *prefix, int *from,
                            arbl_report_fn report, void *ud)
{
    int n = 0;
    lua_getfield(L, LUA_REGISTRYINDEX, UNDEFINED_KEY);
    for (lua_Integer i = *from + 1; lua_istable(L, -1) && i <= (lua_Integer)lua_rawlen(L, -1); i++) {
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_rawgeti(L, -3, 3);
        if (lua_tostring(L, -3) && strcmp(lua_tostring(L, -3), src->name) == 0) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s%s", prefix, lua_tostring(L, -1));
            report(ud, src->path, (int)lua_tointeger(L, -2), "error", 0, msg);
            n++;
        }
        lua_pop(L, 4);
        *from = (int)i;
    }
    lua_pop(L, 1);
    return n;
}

/* Opens sb and runs the shared chunk (common.lua) and the kind's prelude (the book's compiled
 * bytes when given, else their text), leaving the runtime table at index 1; with checker, the
 * checker is loaded on it, the constructors record the coach's lines and reading an undefined
 * global is an error. Then the globals are locked. All the runs of one sandbox share one time budget. False with why in err, sb closed. */
static bool open_runtime(arbl_sandbox *sb, const arbl_kind *kind, const arbl_book *book, const arbl_limits *limits,
                         const char *lang, bool checker, char *err, size_t errcap)
{
    if (!arbl_sandbox_open(sb, limits, lang, arbl_open_script_libs)) {
        snprintf(err, errcap, "cannot create a script state within the memory budget");
        return false;
    }
    err[0] = 0; /* every failure below writes why; the last test of this function makes sure */
    /* The runs of one sandbox (prelude, file, answer, generate, grade or check) share one budget. */
    arbl_sandbox_limit_total(sb, sb->limits.deadline_ms);
    bool ok;
    if (!checker && book->answer.bytes) { /* one chunk: the runtime table, as the three below give it */
        ok = run_trusted(sb, book->answer.bytes, book->answer.len, NULL, 0, kind->prelude.name, false, 0, err, errcap);
        lua_pushnil(sb->L);
        lua_insert(sb->L, 1); /* where the shared table would be */
    } else { /* the chunks compiled once with their lines, else their text */
        bool compiled = book->common.bytes && book->prelude.bytes && (book->library.bytes || !kind->library);
        ok = run_trusted(sb, compiled ? book->common.bytes : NULL, book->common.len, arbl_common_text, arbl_common_len,
                         "=common", checker, 0, err, errcap);
        if (ok && kind->library) { /* it adds to the shared table (index 1) */
            ok = run_trusted(sb, compiled ? book->library.bytes : NULL, book->library.len, arbl_library_text,
                             arbl_library_len, "=library", checker, 1, err, errcap);
            lua_settop(sb->L, 1);
        }
        ok = ok && run_trusted(sb, compiled ? book->prelude.bytes : NULL, book->prelude.len, *kind->prelude.text,
                               *kind->prelude.len, kind->prelude.name, checker, 1, err, errcap);
    }
    if (ok) {
        lua_remove(sb->L, 1); /* the shared table: the prelude keeps what it needs of it */
        ok = !checker || load_checker(sb, kind, err, errcap);
    }
    if (!ok) {
        if (!err[0])
            snprintf(err, errcap, "the %s runtime could not be opened", kind->name);
        arbl_sandbox_close(sb);
        return false;
    }
    arbl_sandbox_lock(sb);
    if (checker)
        make_globals_strict(sb->L);
    return true;
}

/* Runs a file's chunk (compiled bytes, or its text when bytes is NULL; dump, when not NULL, keeps
 * the compiled bytes) and leaves the table it returns, which must carry the kind's marker
 * (is_lesson for lesson{...}); false with why in err. */
static bool run_script(arbl_sandbox *sb, const arbl_kind *kind, const char *name, const unsigned char *bytes,
                       size_t len, const char *text, size_t text_len, struct arbl_bytes *dump, char *err, size_t errcap)
{
    char chunkname[128];
    snprintf(chunkname, sizeof chunkname, "=%s", name);
    int st = bytes ? luaL_loadbufferx(sb->L, (const char *)bytes, len, chunkname, "b")
                   : arbl_sandbox_load_text(sb, text, text_len, chunkname, err, errcap);
    if (st != LUA_OK) {
        if (bytes) {
            snprintf(err, errcap, "%s", lua_tostring(sb->L, -1));
            lua_pop(sb->L, 1);
        }
        return false;
    }
    if (dump && (lua_dump(sb->L, arbl_bytes_writer, dump, 0) != 0 || dump->failed)) {
        lua_pop(sb->L, 1);
        snprintf(err, errcap, "cannot keep the compiled %s", kind->name);
        return false;
    }
    if (arbl_sandbox_pcall(sb, 0, 1, err, errcap) != LUA_OK)
        return false;
    /* Raw access: the value is the script's, and this runs outside the protected call. */
    char marker[32];
    snprintf(marker, sizeof marker, "is_%s", kind->name);
    bool ok = false;
    if (lua_istable(sb->L, -1)) {
        lua_pushstring(sb->L, marker);
        lua_rawget(sb->L, -2);
        ok = lua_toboolean(sb->L, -1);
        lua_pop(sb->L, 1);
    }
    if (!ok) {
        snprintf(err, errcap, "the file must return %s{...}", kind->name);
        lua_pop(sb->L, 1);
        return false;
    }
    return true;
}

static bool open_item(const arbl_book *book, const arbl_entry *item, const arbl_limits *limits, const char *lang,
                      bool checker, arbl_sandbox *sb, char *err, size_t errcap)
{
    if (!open_runtime(sb, book->kind, book, limits, lang, checker, err, errcap))
        return false;
    if (!run_script(sb, book->kind, arbl_base_name(item->path), item->chunk, item->chunk_len, NULL, 0, NULL, err,
                    errcap)) {
        arbl_sandbox_close(sb);
        return false;
    }
    return true;
}

bool arbl_book_open_prelude(const arbl_book *book, const char *lang, arbl_sandbox *sb, char *err, size_t errcap)
{
    return open_runtime(sb, book->kind, book, &book->limits, lang, false, err, errcap);
}

bool arbl_book_open(const arbl_book *book, const arbl_entry *item, const char *lang, arbl_sandbox *sb, char *err,
                    size_t errcap)
{
    return open_item(book, item, &book->limits, lang, false, sb, err, errcap);
}

bool arbl_book_open_checker(const arbl_book *book, const arbl_entry *item, const arbl_limits *limits,
                            const char *lang, arbl_sandbox *sb, char *err, size_t errcap)
{
    return open_item(book, item, limits, lang, true, sb, err, errcap);
}

/* Frees what an item owns: the entry's part, then the kind's. */
void arbl_item_free(const arbl_kind *kind, void *item)
{
    arbl_entry *e = item;
    free(e->id);
    free(e->path);
    free(e->chunk);
    kind->free_item(item);
    memset(item, 0, kind->item_size);
}

/* ---- checking one file ---- */

static void say(arbl_report_fn report, void *ud, const arbl_source *src, int line, const char *level, int step,
                const char *msg)
{
    const char *rest;
    int at = arbl_split_where(src->name, msg, &rest);
    report(ud, src->path, at ? at : line, level, step, rest);
}

/* Reports the problems (a list of {level, step, line, message} at the top of the stack, popped)
 * with prefix before each message; returns how many are errors. */
static int report_problems(lua_State *L, const arbl_source *src, const char *prefix, arbl_report_fn report, void *ud)
{
    int errors = 0;
    for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, -1); i <= n; i++) {
        lua_rawgeti(L, -1, i);
        lua_getfield(L, -1, "level");
        lua_getfield(L, -2, "step");
        lua_getfield(L, -3, "message");
        lua_getfield(L, -4, "line");
        const char *level = lua_tostring(L, -4);
        if (!level || strcmp(level, "error") == 0)
            errors++;
        char msg[2048];
        snprintf(msg, sizeof msg, "%s%s", prefix, lua_tostring(L, -2) ? lua_tostring(L, -2) : "");
        say(report, ud, src, (int)lua_tointeger(L, -1), level ? level : "error", (int)lua_tointeger(L, -3), msg);
        lua_pop(L, 5);
    }
    lua_pop(L, 1);
    return errors;
}

/* Calls rt[fn](item, text, name) in sb (rt at 1, the item at 2) and reports the problems it
 * returns; the number of errors, 0 if the runtime has no fn, -1 if the call failed (err set). */
static int run_check(arbl_sandbox *sb, const char *fn, const arbl_source *src, const char *prefix,
                     const lua_Integer *arg, arbl_report_fn report, void *ud, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    lua_settop(L, 2);
    lua_getfield(L, 1, fn);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushvalue(L, 2);
    if (src->text)
        lua_pushlstring(L, src->text, src->len);
    else
        lua_pushnil(L);
    lua_pushstring(L, src->name);
    if (arg)
        lua_pushinteger(L, *arg);
    if (arbl_sandbox_pcall(sb, arg ? 4 : 3, 1, err, errcap) != LUA_OK)
        return -1;
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    return report_problems(L, src, prefix, report, ud);
}

/* A script error about an undefined global ("(global 'promote')"): appends the checker's "did you
 * mean" for it, when it has one. */
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
    if (!lua_isfunction(sb->L, -1)) {
        lua_settop(sb->L, 1);
        return;
    }
    lua_pushstring(sb->L, name);
    if (arbl_sandbox_pcall(sb, 1, 1, ignored, sizeof ignored) == LUA_OK && lua_type(sb->L, -1) == LUA_TSTRING) {
        size_t len = strlen(err);
        snprintf(err + len, cap - len, " (did you mean '%s'?)", lua_tostring(sb->L, -1));
    }
    lua_settop(sb->L, 1);
}

/* A file of another kind checked as this one fails on its constructor: say what it is. */
static void hint_other_kind(const arbl_kind *kind, const arbl_source *src, char *err, size_t cap)
{
    static const struct {
        const char *constructor, *what, *command;
    } kinds[] = {
        {"lesson", "a lesson", "arbiter lesson check"},
        {"quiz", "a quiz generator", "arbiter quiz check"},
        {"puzzle", "a puzzle", "arbiter puzzle check"},
    };
    for (size_t i = 0; src->text && i < sizeof kinds / sizeof kinds[0]; i++) {
        char ret[32];
        snprintf(ret, sizeof ret, "return %s", kinds[i].constructor);
        if (strcmp(kinds[i].constructor, kind->name) != 0 && strstr(src->text, ret)) {
            size_t len = strlen(err);
            snprintf(err + len, cap - len, " (this looks like %s: check it with %s)", kinds[i].what, kinds[i].command);
            return;
        }
    }
}

static int last_line(const arbl_source *src)
{
    int line = 1;
    for (size_t i = 0; src->text && i < src->len; i++)
        line += src->text[i] == '\n' && i + 1 < src->len;
    return line;
}

/* The line of the coach's name{...} (or name(...), name "...") call: the first line of the text that calls the
 * kind's constructor (name not inside a longer word), else 0. */
static int constructor_line(const arbl_source *src, const char *name)
{
    size_t n = strlen(name);
    int line = 1;
    for (size_t i = 0; src->text && i < src->len; i++) {
        if (src->text[i] == '\n') {
            line++;
            continue;
        }
        unsigned char before = i ? (unsigned char)src->text[i - 1] : ' ';
        bool starts = !(before == '_' || (before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
                        (before >= '0' && before <= '9'));
        if (!starts || i + n > src->len || memcmp(src->text + i, name, n) != 0)
            continue;
        size_t j = i + n;
        while (j < src->len && (src->text[j] == ' ' || src->text[j] == '\t'))
            j++;
        if (j < src->len && strchr("{(\"'", src->text[j]) && src->text[j])
            return line;
    }
    return 0;
}

/* A constructor's complaint about the coach's call (lesson{...} with no steps) is raised for its
 * caller, error(msg, 2); when the call is the file's `return lesson{...}`, a tail call, Lua keeps
 * no frame of the file and the message names the prelude's own line ("prelude:90: lesson{...}
 * needs a 'steps' list", line null: the API trial's row 27). Such a message is told at the line of
 * the coach's constructor call, without the prelude's position. Returns the line, or 0 (err
 * unchanged) for any other message. */
static int constructor_error_line(const arbl_kind *kind, const arbl_source *src, char *err)
{
    const char *rest;
    char opening[48];
    snprintf(opening, sizeof opening, "%s{...}", kind->name);
    if (arbl_split_where(kind->prelude.name + 1, err, &rest) == 0 || strncmp(rest, opening, strlen(opening)) != 0)
        return 0;
    int line = constructor_line(src, kind->name);
    memmove(err, rest, strlen(rest) + 1);
    return line;
}

/* The budgets of a load: the kind's multiples of one run's, and no later than the whole load's end. */
static arbl_limits check_limits(const arbl_kind *kind, const arbl_limits *limits)
{
    arbl_limits lim = limits ? *limits : (arbl_limits){0};
    lim.instructions = (lim.instructions ? lim.instructions : ARBL_DEFAULT_INSTRUCTIONS) * kind->check.instructions;
    lim.deadline_ms = (lim.deadline_ms ? lim.deadline_ms : ARBL_DEFAULT_DEADLINE_MS) * kind->check.deadline;
    lim.memory = (lim.memory ? lim.memory : ARBL_DEFAULT_MEMORY) * kind->check.memory;
    return lim;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Opens a checker sandbox for src in lang and runs the file; false (reported, sb closed) if not.
 * how bounds the whole load (its processor time, and its wall-clock safety net): no run of this
 * sandbox goes past what is left of either. */
static bool open_checked(const arbl_book *book, const arbl_limits *limits, const arbl_load *how, const char *lang,
                         const arbl_source *src, const unsigned char *bytes, size_t bytes_len, struct arbl_bytes *dump,
                         arbl_sandbox *sb, arbl_report_fn report, void *ud)
{
    const arbl_kind *kind = book->kind;
    char err[512];
    arbl_limits lim = *limits;
    int64_t left_ms = INT64_MAX;
    if (how && how->end_ns)
        left_ms = (how->end_ns - now_ns()) / 1000000;
    if (how && how->cpu_ns && how->cpu_used) {
        int64_t cpu_left_ms = (how->cpu_ns - atomic_load(how->cpu_used)) / 1000000;
        if (cpu_left_ms < left_ms)
            left_ms = cpu_left_ms;
    }
    if (left_ms != INT64_MAX) {
        if (left_ms <= 0) {
            report(ud, src->path, 0, "error", 0, "not checked: the load's time budget ran out");
            return false;
        }
        if (left_ms < (int64_t)lim.deadline_ms)
            lim.deadline_ms = (uint32_t)left_ms;
    }
    if (!open_runtime(sb, kind, book, &lim, lang, true, err, sizeof err)) {
        say(report, ud, src, 0, "error", 0, err);
        return false;
    }
    if (run_script(sb, kind, src->name, bytes, bytes_len, src->text, src->len, dump, err, sizeof err))
        return true;
    suggest_global(sb, err, sizeof err);
    hint_other_kind(kind, src, err, sizeof err);
    int line = constructor_error_line(kind, src, err);
    say(report, ud, src, line ? line : strstr(err, "must return") ? last_line(src) : 0, "error", 0, err);
    arbl_sandbox_close(sb);
    return false;
}

/* Runs the file again under every language but English and calls the checker's check_language
 * (the examples, the judges): a script may behave otherwise for a Persian or Arabic reader.
 * Returns the errors. */
static int check_languages(const arbl_book *book, const void *item, const arbl_limits *lim, const arbl_load *how,
                           const arbl_source *src, arbl_report_fn report, void *ud)
{
    int errors = 0;
    for (int i = 1; i < ARBL_NLANGS && errors == 0; i++) {
        arbl_sandbox sb;
        const arbl_entry *e = item;
        if (!open_checked(book, lim, how, arbl_langs[i], src, e->chunk, e->chunk_len, NULL, &sb, report, ud))
            return 1;
        char err[512], prefix[32];
        snprintf(prefix, sizeof prefix, "in %s: ", arbl_langs[i]);
        lua_Integer arg = book->kind->language_arg ? book->kind->language_arg(item) : 0;
        int n = run_check(&sb, "check_language", src, prefix, book->kind->language_arg ? &arg : NULL, report, ud, err,
                          sizeof err), undefined_seen = 0;
        if (n >= 0)
            n += report_undefined(sb.L, src, prefix, &undefined_seen, report, ud);
        if (n < 0) {
            char msg[sizeof err + sizeof prefix];
            snprintf(msg, sizeof msg, "%s%s", prefix, err);
            say(report, ud, src, 0, "error", 0, msg);
            n = 1;
        }
        errors += n;
        arbl_sandbox_close(&sb);
    }
    return errors;
}

/* Runs, lints, describes and verifies one file (its text, or the compiled bytes of an earlier
 * version) into out->item; every problem goes to report. */
void arbl_load_one(const arbl_book *book, const arbl_source *src, const unsigned char *bytes, size_t bytes_len,
                   const arbl_load *how, arbl_report_fn report, void *ud, struct arbl_loaded *out)
{
    const arbl_kind *kind = book->kind;
    char err[512] = "";
    memset(out, 0, sizeof *out);
    arbl_limits lim = check_limits(kind, &book->limits);
    arbl_sandbox sb;
    struct arbl_bytes dump = {0};
    void *item = NULL;
    if (!open_checked(book, &lim, how, "en", src, bytes, bytes_len, bytes ? NULL : &dump, &sb, report, ud)) {
        out->errors = 1;
        free(dump.data);
        return;
    }
    lua_State *L = sb.L;
    int n = run_check(&sb, "lint", src, "", NULL, report, ud, err, sizeof err), undefined_seen = 0;
    if (n >= 0)
        n += report_undefined(L, src, "", &undefined_seen, report, ud);
    if (n != 0) {
        out->errors = n < 0 ? 1 : n;
        goto failed;
    }
    /* After the linter (which names the line of a bad text): whatever it could not see. */
    char where[200];
    if (arbl_find_bad_text(L, 2, where, sizeof where)) {
        /* JSON cannot carry such a text: refused here rather than left out of an answer later */
        snprintf(err, sizeof err, "the text at %s", where);
        goto failed;
    }
    lua_settop(L, 2);
    lua_getfield(L, 1, "id_line");
    if (lua_isfunction(L, -1)) {
        lua_pushvalue(L, 2);
        if (src->text)
            lua_pushlstring(L, src->text, src->len);
        else
            lua_pushnil(L);
        if (arbl_sandbox_pcall(&sb, 2, 1, err, sizeof err) == LUA_OK)
            out->id_line = (int)lua_tointeger(L, -1);
        err[0] = 0;
    }
    lua_settop(L, 2);
    lua_getfield(L, 1, "describe");
    lua_pushvalue(L, 2);
    if (arbl_sandbox_pcall(&sb, 1, 1, err, sizeof err) != LUA_OK || !lua_istable(L, -1)) {
        if (!err[0])
            snprintf(err, sizeof err, "describe failed");
        goto failed;
    }
    item = calloc(1, kind->item_size);
    if (!item) {
        snprintf(err, sizeof err, "out of memory");
        goto failed;
    }
    if (!kind->read(L, lua_gettop(L), item, err, sizeof err)) {
        arbl_item_free(kind, item);
        free(item);
        item = NULL;
        goto failed;
    }
    arbl_entry *e = item;
    e->path = arbl_dup(src->path);
    if (bytes) { /* kept from an earlier book: the same bytes */
        e->chunk = malloc(bytes_len);
        if (e->chunk)
            memcpy(e->chunk, bytes, bytes_len);
        e->chunk_len = bytes_len;
    } else {
        e->chunk = dump.data;
        e->chunk_len = dump.len;
        dump.data = NULL;
    }
    if (!e->path || !e->chunk) {
        snprintf(err, sizeof err, "out of memory");
        goto failed;
    }
    /* The engine's verification (a puzzle's answers, the kind's claim), the host's, and the same
     * examples in every other language. */
    n = run_check(&sb, "verify", src, "", NULL, report, ud, err, sizeof err);
    if (n >= 0)
        n += report_undefined(L, src, "", &undefined_seen, report, ud);
    if (n == 0 && kind->verify && !kind->verify(book, &sb, item, src, report, ud))
        n = 1, err[0] = 0;
    if (n != 0) {
        out->errors = n < 0 ? 1 : n;
        goto failed;
    }
    lua_getfield(L, 1, "check_language");
    bool languages = lua_isfunction(L, -1) && !(how && how->english_only);
    arbl_sandbox_close(&sb);
    if (languages && (out->errors = check_languages(book, item, &lim, how, src, report, ud)) != 0)
        goto freed;
    out->item = item;
    return;
failed:
    if (!err[0] && !out->errors) /* never a file dropped without a word */
        snprintf(err, sizeof err, "the %s could not be read from what the file returned", kind->noun);
    if (err[0]) {
        out->errors = out->errors ? out->errors : 1;
        say(report, ud, src, 0, "error", 0, err);
    }
    arbl_sandbox_close(&sb);
freed:
    free(dump.data);
    if (item) {
        arbl_item_free(kind, item);
        free(item);
    }
}
