/* The `arbiter` module's text functions: render(), digits(), set_digits(), plural(). Lesson and
 * quiz texts go through the engine's message renderer (engine/include/arbiter/message.h), so
 * they get the same plural categories, vocabulary forms, digits and isolates as explanations. */
#include <string.h>

#include <lauxlib.h>

#include "arbiter.h"
#include "binding.h"
#include "sandbox.h"

#define MAX_ARGS 32

const char *arbl_lang_tag(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    return sb && sb->tag[0] ? sb->tag : sb ? sb->lang : "en";
}

/* The text of t in the sandbox's language: a string as it is, a table's [lang] (else .en). */
static const char *text_in(lua_State *L, int idx, const char *lang)
{
    if (lua_type(L, idx) == LUA_TSTRING)
        return lua_tostring(L, idx);
    if (!lua_istable(L, idx))
        return NULL;
    lua_getfield(L, idx, lang);
    if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_getfield(L, idx, "en");
    }
    const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    lua_replace(L, idx); /* keep the string alive where the table was */
    return s;
}

/* One value of the vars table as a template argument; what it points into stays on the stack
 * (at idx, or a list's userdata pushed above it). Numbers
 * are numbers; strings are Latin tokens (squares, moves); {word = "color.white"} a vocabulary
 * word with forms; {en=, fa=, ar=} a text in the language; {"e4", "d5"} a list; {quoted = true,
 * "…", "…"} a list of texts in the language, each quoted (choice labels). Other values
 * are left out, so the template keeps {name} as written. */
static bool to_arg(lua_State *L, int idx, const char *lang, arb_arg *a)
{
    memset(a, 0, sizeof *a);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        a->kind = ARB_ARG_NUMBER;
        a->number = lua_isinteger(L, idx) ? (long)lua_tointeger(L, idx) : (long)lua_tonumber(L, idx);
        return true;
    case LUA_TSTRING:
        a->kind = ARB_ARG_LATIN;
        a->text = lua_tostring(L, idx);
        return true;
    case LUA_TTABLE:
        break;
    default:
        return false;
    }
    if (lua_getfield(L, idx, "word") == LUA_TSTRING) {
        /* the word stays above idx; its text in the language, if the table has one, at idx */
        a->kind = ARB_ARG_WORD;
        a->text = lua_tostring(L, -1);
        lua_insert(L, idx + 1);
        lua_pushvalue(L, idx);
        a->plain = text_in(L, lua_gettop(L), lang);
        lua_replace(L, idx);
        return true;
    }
    lua_pop(L, 1);
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    if (n > 0) {
        if (n > 64)
            n = 64;
        const char **items = lua_newuserdatauv(L, sizeof(char *) * (size_t)n, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, idx, i);
            items[i - 1] = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
            lua_pop(L, 1); /* the strings stay alive in the table */
        }
        /* {quoted = true, ...}: texts in the language (a quiz's choice labels), quoted */
        lua_getfield(L, idx, "quoted");
        a->kind = lua_toboolean(L, -1) ? ARB_ARG_QUOTED : ARB_ARG_LIST;
        lua_pop(L, 1);
        a->items = items;
        a->count = (size_t)n;
        return true;
    }
    const char *t = text_in(L, idx, lang);
    if (!t)
        return false;
    a->kind = ARB_ARG_TEXT;
    a->text = t;
    return true;
}

/* arbiter.render(text, vars) -> the text in the sandbox's language with vars filled in. */
static int l_render(lua_State *L)
{
    const char *lang = arbl_lang_tag(L);
    const char *base = arb_language_base(lang);
    lua_settop(L, 2);
    const char *tmpl = text_in(L, 1, base ? base : "en");
    if (!tmpl)
        return luaL_argerror(L, 1, "a text (string or {en=..., fa=..., ar=...}) expected");
    arb_arg args[MAX_ARGS];
    size_t nargs = 0;
    if (lua_istable(L, 2)) {
        lua_pushnil(L);
        while (lua_next(L, 2)) { /* stack: ... key value */
            if (nargs == MAX_ARGS || lua_type(L, -2) != LUA_TSTRING) {
                lua_pop(L, 1);
                continue;
            }
            luaL_checkstack(L, 4, "too many template variables");
            lua_pushvalue(L, -2);
            lua_insert(L, -2); /* key, name, value: name and value stay below while rendering */
            int vi = lua_gettop(L);
            arb_arg a;
            if (to_arg(L, vi, base ? base : "en", &a)) {
                a.name = lua_tostring(L, vi - 1);
                args[nargs++] = a;
                lua_pushvalue(L, vi - 2); /* the key on top again, for lua_next */
            } else {
                lua_settop(L, vi - 2);
            }
        }
    }
    char small[1024];
    size_t need = arb_message_render(lang, tmpl, args, nargs, small, sizeof small);
    if (need < sizeof small) {
        lua_pushlstring(L, small, need);
        return 1;
    }
    char *big = lua_newuserdatauv(L, need + 1, 0);
    arb_message_render(lang, tmpl, args, nargs, big, need + 1);
    lua_pushlstring(L, big, need);
    return 1;
}

/* arbiter.digits() -> "latin" or "native": the digits texts are rendered with. */
static int l_digits(lua_State *L)
{
    lua_pushstring(L, arb_language_digits(arbl_lang_tag(L)) == ARB_DIGITS_NATIVE ? "native" : "latin");
    return 1;
}

/* arbiter.set_digits("latin" | "native" | "default"): the digits for the rest of this run. */
static int l_set_digits(lua_State *L)
{
    arb_digits d;
    if (!arb_digits_parse(luaL_checkstring(L, 1), &d))
        return luaL_argerror(L, 1, "'latin', 'native' or 'default' expected");
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (sb) {
        const char *tag = d == ARB_DIGITS_DEFAULT ? sb->lang : arb_language_tag(sb->lang, d);
        snprintf(sb->tag, sizeof sb->tag, "%s", tag ? tag : sb->lang);
    }
    return 0;
}

/* arbiter.plural(n) -> the CLDR plural category of n in the sandbox's language. */
static int l_plural(lua_State *L)
{
    lua_pushstring(L, arb_plural_category(arbl_lang_tag(L), (long)luaL_checkinteger(L, 1)));
    return 1;
}

const luaL_Reg arbl_text_fns[] = {
    {"render", l_render}, {"digits", l_digits}, {"set_digits", l_set_digits}, {"plural", l_plural}, {NULL, NULL},
};
