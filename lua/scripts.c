/* Script files for the book (book.c): listing a folder, reading a file, compiled chunks as bytes,
 * the texts a script may hand back (UTF-8, no NUL), the call-stack view the preludes get, and
 * small string helpers. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/message.h"

#include <lauxlib.h>

#include "script_libs.h"
#include "scripts.h"
#include "utf8_text.h"

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void arbl_free_scripts(char **names, size_t n)
{
    for (size_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}

char **arbl_list_scripts(const char *dir, size_t *count)
{
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = malloc(sizeof *names);
    size_t n = 0, cap = 1;
    struct dirent *e;
    bool failed = !names;
    while (!failed && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 || e->d_name[0] == '.')
            continue;
        char path[4096];
        /* A path that does not fit is skipped rather than truncated into another file's name. */
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path)
            continue;
        if (n + 1 == cap) {
            char **nn = realloc(names, cap * 2 * sizeof *names);
            if (!nn) {
                failed = true;
                break;
            }
            names = nn;
            cap *= 2;
        }
        if (!(names[n] = strdup(path)))
            failed = true;
        else
            n++;
    }
    closedir(d);
    if (failed) {
        arbl_free_scripts(names, n);
        return NULL;
    }
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    *count = n;
    return names;
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
