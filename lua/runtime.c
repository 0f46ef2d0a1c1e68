/* The texts, reports and explanations every kind shares (runtime.h): a text in the asked
 * language, a report as "file:line: level: message", and the explanation tables an answer
 * hands back read into C. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "arbiter/message.h"
#include "runtime.h"
#include "scripts.h"

const char *arbl_text_get(const arbl_text *t, const char *lang)
{
    const char *base = arb_language_base(lang); /* "fa" for "fa-u-nu-latn" */
    for (int i = 0; i < ARBL_NLANGS; i++)
        if (base && strcmp(base, arbl_langs[i]) == 0 && t->lang[i])
            return t->lang[i];
    return t->lang[0] ? t->lang[0] : "";
}

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

/* ---- what the runtimes hand back: plain tables of strings (no metamethod can run, which
 * matters because this runs outside the protected call) ---- */

static void read_explanation(lua_State *L, int t, arbl_explanation *e)
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

int arbl_read_explanations(lua_State *L, int t, arbl_explanation *out)
{
    int n = 0;
    lua_getfield(L, t, "explanations");
    for (int i = 1; lua_istable(L, -1) && n < ARBL_MAX_EXPLANATIONS; i++) {
        lua_rawgeti(L, -1, i);
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            break;
        }
        read_explanation(L, lua_gettop(L), &out[n++]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

bool arbl_explanation_param(const arbl_explanation *e, int i, arb_param *p)
{
    if (i < 0 || i >= e->nparams)
        return false;
    const char *key = e->params[i].key, *v = e->params[i].value;
    *p = (arb_param){.name = key, .kind = ARB_PARAM_TEXT, .text = v, .len = strlen(v)};
    int kind = arb_param_kind_of(key);
    const char *letter = v[0] && !v[1] ? strchr("PNBRQKpnbrqk", v[0]) : NULL;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    bool integer = *v && !*end && !errno;
    if (kind == ARB_PARAM_PIECE && letter) {
        static const arb_piece_type types[] = {ARB_PAWN, ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN, ARB_KING};
        p->kind = ARB_PARAM_PIECE;
        p->piece = ARB_PIECE(v[0] >= 'a' ? ARB_BLACK : ARB_WHITE, types[(strchr("PNBRQK", v[0] & ~32) - "PNBRQK")]);
    } else if ((kind == ARB_PARAM_NUMBER && integer) || (kind == ARB_PARAM_FIELD && integer && x >= 0 && x <= 5)) {
        p->kind = (arb_param_kind)kind;
        p->number = x;
    }
    return true;
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

/* ---- texts of a description ---- */

void arbl_text_read(lua_State *L, int t, arbl_text *out)
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

void arbl_text_field(lua_State *L, int t, const char *k, arbl_text *out)
{
    lua_getfield(L, t, k);
    arbl_text_read(L, lua_gettop(L), out);
    lua_pop(L, 1);
}

void arbl_text_free(arbl_text *t)
{
    for (int i = 0; i < ARBL_NLANGS; i++)
        free(t->lang[i]);
}

arbl_text *arbl_texts_read(lua_State *L, int t, const char *k, int *n)
{
    lua_getfield(L, t, k);
    int list = lua_gettop(L);
    int len = lua_istable(L, list) ? (int)lua_rawlen(L, list) : 0;
    arbl_text *out = calloc((size_t)len + 1, sizeof *out);
    *n = 0;
    for (int i = 0; out && i < len; i++) {
        lua_rawgeti(L, list, i + 1);
        arbl_text_read(L, lua_gettop(L), &out[(*n)++]);
        lua_pop(L, 1);
    }
    lua_settop(L, list - 1);
    return out;
}

void arbl_texts_free(arbl_text *list, int n)
{
    for (int i = 0; list && i < n; i++)
        arbl_text_free(&list[i]);
    free(list);
}

void arbl_choices_free(arbl_choice *list, int n)
{
    for (int i = 0; list && i < n; i++) {
        free(list[i].id);
        arbl_text_free(&list[i].text);
    }
    free(list);
}
