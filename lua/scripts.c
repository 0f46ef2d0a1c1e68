/* Script files for the lesson and quiz loaders: listing, reading, dumping, small string helpers,
 * and reading back the explanation tables their preludes build. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/message.h"

#include <lauxlib.h>

#include "lessons.h"
#include "script_libs.h"
#include "scripts.h"
#include "utf8_text.h"

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

int arbl_each_script(const char *dir, int (*load)(void *ctx, const char *path), void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    bool failed = false;
    while (!failed && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 || e->d_name[0] == '.')
            continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 32;
            char **nn = realloc(names, ncap * sizeof *names);
            if (!nn) {
                failed = true;
                break;
            }
            names = nn;
            cap = ncap;
        }
        if (!(names[n] = strdup(e->d_name)))
            failed = true;
        else
            n++;
    }
    closedir(d);
    if (failed) {
        free_names(names, n);
        return -1;
    }
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    int added = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        /* A path that does not fit is skipped rather than truncated into another file's name. */
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, names[i]) < sizeof path)
            added += load(ctx, path);
    }
    free_names(names, n);
    return added;
}

char *arbl_read_file(const char *path, size_t max, size_t *len, char *err, size_t errcap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errcap, "cannot open the file");
        return NULL;
    }
    char *text = malloc(max + 1);
    size_t n = text ? fread(text, 1, max + 1, f) : 0;
    fclose(f);
    if (!text || n > max) {
        snprintf(err, errcap, "the file is larger than %zu bytes", max);
        free(text);
        return NULL;
    }
    text[n] = 0;
    *len = n;
    return text;
}

int arbl_bytes_writer(lua_State *L, const void *p, size_t n, void *ud)
{
    struct arbl_bytes *b = ud;
    (void)L;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *d = realloc(b->data, cap);
        if (!d) {
            b->failed = true;
            return 1;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
    return 0;
}

char *arbl_dup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static int frame_fn(lua_State *L)
{
    int level = (int)luaL_checkinteger(L, 1);
    lua_Debug ar;
    if (level < 1 || !lua_getstack(L, level - 1, &ar) || !lua_getinfo(L, "t", &ar) || ar.istailcall ||
        !lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
        return 0;
    lua_pushstring(L, ar.short_src);
    lua_pushinteger(L, ar.currentline);
    return 2;
}

void arbl_push_frame_fn(lua_State *L)
{
    lua_pushcfunction(L, frame_fn);
}

char *arbl_dup_text(const char *s)
{
    if (!s)
        return NULL;
    size_t cap = 3 * strlen(s) + 1; /* a malformed byte grows into U+FFFD, three bytes */
    char *d = malloc(cap);
    if (d)
        arbl_utf8_copy(d, cap, s);
    return d;
}

char *arbl_dup_prose(const char *lang, const char *s)
{
    char *t = arbl_dup_text(s);
    if (!t || !lang)
        return t;
    size_t need = arb_message_isolate(lang, t, NULL, 0);
    if (need == strlen(t))
        return t;
    char *d = malloc(need + 1);
    if (d)
        arb_message_isolate(lang, t, d, need + 1);
    free(t);
    return d;
}

void arbl_copy_prose(char *dst, size_t cap, const char *lang, const char *src)
{
    if (!src)
        src = "";
    if (lang && arb_message_isolate(lang, src, NULL, 0) < cap)
        arb_message_isolate(lang, src, dst, cap);
    else
        arbl_copy_str(dst, cap, src);
}

void arbl_isolate_explanations(arbl_result *out, const char *lang)
{
    for (int i = 0; i < out->nexplanations; i++) {
        char *t = arbl_dup(out->explanations[i].text);
        if (t)
            arbl_copy_prose(out->explanations[i].text, sizeof out->explanations[i].text, lang, t);
        free(t);
    }
}

const char *arbl_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

bool arbl_copy_str(char *dst, size_t cap, const char *src)
{
    /* never a character cut in two (JSON would refuse the whole text): see utf8_text.h */
    return arbl_utf8_copy(dst, cap, src);
}

long arbl_utf8_problem(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t n = 0;
        /* a Lua string ends in a NUL past len: the decoder stops there */
        uint32_t cp = s[i] ? arbl_utf8_next((const unsigned char *)s + i, &n) : 0;
        if (!s[i] || (cp == ARBL_UTF8_REPLACEMENT && n == 1))
            return (long)i;
        i += n;
    }
    return -1;
}

/* Depth-first over plain tables (raw access: no metamethod runs), naming the path. */
static bool find_bad_text(lua_State *L, int t, int depth, char *where, size_t cap, size_t used)
{
    if (depth > 12 || !lua_checkstack(L, 4))
        return false;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        char key[64];
        if (lua_type(L, -2) == LUA_TSTRING)
            snprintf(key, sizeof key, "%s%.40s", used ? "." : "", lua_tostring(L, -2));
        else if (lua_isinteger(L, -2))
            snprintf(key, sizeof key, "[%lld]", (long long)lua_tointeger(L, -2));
        else
            snprintf(key, sizeof key, "%s?", used ? "." : "");
        size_t klen = strlen(key);
        if (used + klen < cap)
            memcpy(where + used, key, klen + 1);
        size_t at = used + klen < cap ? used + klen : used;
        for (int i = -2; i <= -1; i++) {
            if (lua_type(L, i) != LUA_TSTRING)
                continue;
            size_t n;
            const char *s = lua_tolstring(L, i, &n);
            long bad = arbl_utf8_problem(s, n);
            if (bad >= 0) {
                snprintf(where + at, cap - at, "%s: %s at byte %ld", i == -2 ? " (a key)" : "",
                         s[bad] ? "not valid UTF-8" : "a NUL byte", bad + 1);
                lua_pop(L, 2);
                return true;
            }
        }
        if (lua_type(L, -1) == LUA_TTABLE && find_bad_text(L, lua_gettop(L), depth + 1, where, cap, at)) {
            lua_pop(L, 2);
            return true;
        }
        lua_pop(L, 1);
    }
    where[used] = 0;
    return false;
}

bool arbl_find_bad_text(lua_State *L, int t, char *where, size_t cap)
{
    if (cap == 0)
        return false;
    where[0] = 0;
    return lua_istable(L, t) && find_bad_text(L, lua_absindex(L, t), 0, where, cap, 0);
}

bool arbl_run_script(arbl_sandbox *sb, const char *name, const unsigned char *bytes, size_t len, const char *text,
                     size_t text_len, struct arbl_bytes *dump, const char *kind, char *err, size_t errcap)
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
        snprintf(err, errcap, "cannot keep the compiled %s", kind);
        return false;
    }
    if (arbl_sandbox_pcall(sb, 0, 1, err, errcap) != LUA_OK)
        return false;
    /* Raw access: the value is the script's, and this runs outside the protected call. */
    char marker[32];
    snprintf(marker, sizeof marker, "is_%s", kind);
    bool ok = false;
    if (lua_istable(sb->L, -1)) {
        lua_pushstring(sb->L, marker);
        lua_rawget(sb->L, -2);
        ok = lua_toboolean(sb->L, -1);
        lua_pop(sb->L, 1);
    }
    if (!ok) {
        snprintf(err, errcap, "the file must return %s{...}", kind);
        lua_pop(sb->L, 1);
        return false;
    }
    return true;
}

extern const char *const arbl_lint_util_text;
extern const size_t arbl_lint_util_len;

bool arbl_load_checker(arbl_sandbox *sb, const char *text, size_t len, const char *name, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    const char *failed = name + 1;
    if (luaL_loadbufferx(L, text, len, name, "t") == LUA_OK) {
        lua_insert(L, 1);
        failed = "lint_util";
        if (luaL_loadbufferx(L, arbl_lint_util_text, arbl_lint_util_len, "=lint_util", "t") == LUA_OK) {
            if (arbl_sandbox_pcall(sb, 0, 1, err, errcap) != LUA_OK)
                return false;
            if (arbl_sandbox_pcall(sb, 2, 1, err, errcap) != LUA_OK)
                return false;
            if (!lua_istable(L, -1)) {
                snprintf(err, errcap, "%s returned no table", name + 1);
                return false;
            }
            return true;
        }
    }
    snprintf(err, errcap, "%s: %s", failed, lua_tostring(L, -1));
    return false;
}

bool arbl_runtime_open(arbl_sandbox *sb, const arbl_runtime *rt, const unsigned char *bytecode, size_t bytecode_len,
                       const arbl_limits *limits, const char *lang, bool checker, char *err, size_t errcap)
{
    if (!arbl_sandbox_open(sb, limits, lang, arbl_open_script_libs)) {
        snprintf(err, errcap, "cannot create a script state within the memory budget");
        return false;
    }
    /* The runs of one sandbox (prelude, file, answer, generate, grade or check) share one budget. */
    arbl_sandbox_limit_total(sb, sb->limits.deadline_ms);
    int st = bytecode ? luaL_loadbufferx(sb->L, (const char *)bytecode, bytecode_len, rt->prelude_name, "b")
                      : luaL_loadbufferx(sb->L, rt->prelude_text, rt->prelude_len, rt->prelude_name, "t");
    /* The constructors record the coach's lines only for a checker: answers do not need them. */
    if (st == LUA_OK && checker)
        arbl_push_frame_fn(sb->L);
    else if (st == LUA_OK)
        lua_pushnil(sb->L);
    if (st != LUA_OK || arbl_sandbox_pcall(sb, 1, 1, err, errcap) != LUA_OK || !lua_istable(sb->L, -1)) {
        if (st != LUA_OK)
            snprintf(err, errcap, "%s: %s", rt->prelude_label, lua_tostring(sb->L, -1));
        arbl_sandbox_close(sb);
        return false;
    }
    if (checker && !arbl_load_checker(sb, rt->checker_text, rt->checker_len, rt->checker_name, err, errcap)) {
        arbl_sandbox_close(sb);
        return false;
    }
    arbl_sandbox_lock(sb);
    return true;
}

/* Reads an explanation the prelude copied into a plain table of strings (code, rule, text,
 * squares, params); what is missing stays empty. Plain tables of strings: no metamethod can
 * run here, which matters because callers are outside the protected call. */
void arbl_read_explanation(lua_State *L, int t, arbl_explanation *e)
{
    memset(e, 0, sizeof *e);
    lua_getfield(L, t, "code");
    arbl_copy_str(e->code, sizeof e->code, lua_tostring(L, -1));
    lua_getfield(L, t, "rule");
    arbl_copy_str(e->rule, sizeof e->rule, lua_tostring(L, -1));
    lua_getfield(L, t, "text");
    arbl_copy_str(e->text, sizeof e->text, lua_tostring(L, -1));
    lua_pop(L, 3);
    lua_getfield(L, t, "squares");
    for (int i = 1; lua_istable(L, -1) && i <= ARBL_MAX_SQUARES; i++) {
        lua_rawgeti(L, -1, i);
        const char *s = lua_tostring(L, -1);
        if (s && strlen(s) == 2)
            arbl_copy_str(e->squares[e->nsquares++], 3, s);
        lua_pop(L, 1);
        if (!s)
            break;
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "params");
    if (lua_istable(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (e->nparams < ARBL_MAX_PARAMS && lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING &&
                lua_rawlen(L, -1) < sizeof e->params[0].value && lua_rawlen(L, -2) < sizeof e->params[0].key) {
                arbl_copy_str(e->params[e->nparams].key, sizeof e->params[0].key, lua_tostring(L, -2));
                arbl_copy_str(e->params[e->nparams].value, sizeof e->params[0].value, lua_tostring(L, -1));
                e->nparams++;
            }
            lua_pop(L, 1);
        }
        qsort(e->params, (size_t)e->nparams, sizeof e->params[0], arbl_cmp_key);
    }
    lua_pop(L, 1);
}

int arbl_cmp_key(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b); /* a struct's address is its first member's */
}

unsigned char *arbl_compile_text(const arbl_limits *limits, const char *text, size_t len, const char *name,
                                 bool strip, size_t *out_len)
{
    arbl_sandbox sb;
    struct arbl_bytes b = {0};
    if (!arbl_sandbox_open(&sb, limits, "en", arbl_open_script_libs))
        return NULL;
    bool ok = luaL_loadbufferx(sb.L, text, len, name, "t") == LUA_OK &&
              lua_dump(sb.L, arbl_bytes_writer, &b, strip) == 0 && !b.failed;
    arbl_sandbox_close(&sb);
    if (!ok) {
        free(b.data);
        return NULL;
    }
    *out_len = b.len;
    return b.data;
}
