/* Message templates with grammar: one renderer for the engine's explanations, the Lua runtimes'
 * texts, the quizzes and the CLI. Templates (engine/messages/README.md) name parameters in braces
 * and may select a vocabulary form ({piece.indef}), a CLDR plural category
 * ({n, plural, one {…} other {…}}), a branch by value ({side, select, kingside {…} other {…}}),
 * and write fixed numbers as {50} so that every number goes through one digit path. */
#ifndef ARBITER_MESSAGE_H
#define ARBITER_MESSAGE_H

#include "arbiter/types.h"

/* Which digits numbers are written in: the language's default (Persian: ۰-۹; English and
 * Arabic: 0-9), Latin 0-9, or the language's own (Persian ۰-۹, Arabic-Indic ٠-٩). Squares,
 * moves, FENs and codes are never converted. */
typedef enum arb_digits { ARB_DIGITS_DEFAULT = 0, ARB_DIGITS_LATIN, ARB_DIGITS_NATIVE } arb_digits;

/* A template parameter. NUMBER formats `number`; LATIN is a square, move, FEN or code (text,
 * isolated left-to-right in right-to-left languages); TEXT is already in the language (text, as
 * is); WORD is a vocabulary key (text = "color.white", "piece.N", "side.kingside") whose forms a
 * template selects (plain, when set, is what {name} without a form shows, e.g. the player's name
 * "White" where the vocabulary word is the adjective "white"); LIST is `count` LATIN items joined
 * with the language's list separators. QUOTED is `count` items quoted the language's way
 * (quote.open, quote.close: “…”, «…») and joined like a LIST: texts already in the language (a
 * quiz's choice labels), an item of ASCII only isolated left-to-right in right-to-left text. */
typedef enum arb_arg_kind {
    ARB_ARG_NUMBER, ARB_ARG_LATIN, ARB_ARG_TEXT, ARB_ARG_WORD, ARB_ARG_LIST, ARB_ARG_QUOTED
} arb_arg_kind;

typedef struct arb_arg {
    const char *name;
    arb_arg_kind kind;
    long number;
    const char *text;
    const char *const *items;
    size_t count;
    const char *plain;
} arb_arg;

/* Renders tmpl in lang, a language tag: "fa", "ar-EG", and "-u-nu-latn" (Latin digits) or
 * "-u-nu-arab" / "-u-nu-arabext" / "-u-nu-native" (the language's own digits) as in BCP 47.
 * Unknown languages fall back to English. Writes at most cap-1 bytes plus a NUL (never half a
 * character) and returns the length needed, like snprintf. A {name} that is not among args is
 * left as written. */
ARB_API size_t arb_message_render(const char *lang, const char *tmpl, const arb_arg *args, size_t nargs, char *buf,
                                  size_t cap);

/* text (already in lang) with its runs of Latin tokens (moves, «1.e4 e5», "FEN") wrapped in
 * left-to-right isolates when lang is right-to-left, as arb_message_render does with literal
 * text; otherwise as it is. Text already inside an isolate is left alone. Bounded like
 * arb_message_render (returns the length needed). For texts that are not templates: lesson
 * and puzzle prose. */
ARB_API size_t arb_message_isolate(const char *lang, const char *text, char *buf, size_t cap);

/* The catalog text for key (a code name or vocabulary key) in lang, English when lang lacks it;
 * NULL when no catalog has it. */
ARB_API const char *arb_message_lookup(const char *lang, const char *key);

/* The CLDR plural category of n in lang: "zero", "one", "two", "few", "many" or "other". */
ARB_API const char *arb_plural_category(const char *lang, long n);

/* The digits lang renders with (ARB_DIGITS_LATIN or ARB_DIGITS_NATIVE, never DEFAULT). */
ARB_API arb_digits arb_language_digits(const char *lang);

/* The supported language a tag names ("fa" for "fa-IR-u-nu-latn"), or NULL. */
ARB_API const char *arb_language_base(const char *tag);

/* A static tag for a supported language with a digit choice: ("fa", LATIN) -> "fa-u-nu-latn",
 * (x, DEFAULT) -> the base language. NULL when lang names no supported language. */
ARB_API const char *arb_language_tag(const char *lang, arb_digits digits);

/* "latin", "native" or "default" parsed into d; false for anything else. */
ARB_API bool arb_digits_parse(const char *text, arb_digits *d);

#endif
