/* Explanations as data: a code, the squares and pieces involved, a few parameters, the FIDE
 * article (the code's own, or the one its context decides). Text is rendered separately, through
 * one catalog per language (engine/messages/). */
#ifndef ARBITER_REASON_H
#define ARBITER_REASON_H

#include "arbiter/message.h"
#include "arbiter/types.h"

typedef enum arb_reason_code {
#define ARB_REASON(name, article, params) ARB_R_##name,
#include "arbiter/reason_list.h"
#undef ARB_REASON
    ARB_REASON_COUNT
} arb_reason_code;

/* Which parameters a code fills in; templates may only name these. */
enum arb_reason_param {
    ARB_P_NONE = 0,
    ARB_P_PIECE = 1 << 0,   /* {piece}: the piece concerned */
    ARB_P_BY = 1 << 1,      /* {by}: the piece that causes it (pinner, checker, blocker) */
    ARB_P_SQ1 = 1 << 2,     /* {sq1}: squares[0] */
    ARB_P_SQ2 = 1 << 3,     /* {sq2}: squares[1] */
    ARB_P_SQ3 = 1 << 4,     /* {sq3}: squares[2] */
    ARB_P_SQUARES = 1 << 5, /* {squares}: every square, as a list */
    ARB_P_N = 1 << 6,       /* {n}: a number */
    ARB_P_M = 1 << 7,       /* {m}: a second number */
    ARB_P_FIELD = 1 << 8,   /* {field}: which FEN field (its name) */
    ARB_P_OFFSET = 1 << 9,  /* {offset}: character offset in the input, from 1 */
    ARB_P_FOUND = 1 << 10,  /* {found}: the text found (a character, a token, a move) */
    ARB_P_SIDE = 1 << 11,   /* {side}: kingside or queenside */
    ARB_P_MOVE = 1 << 12    /* {move}: a move in SAN */
};

/* Enough for every square a reason lists in a position the parser accepts: the most are the
 * bishops of material_bishops_one_color (15 a side: 30) and the attackers of one square in
 * opposite_check or impossible_check (16, with the king's square); a pawn wall has 16, a queen
 * reaches 27. arb_reason_add_square ignores a square past this (none comes). */
#define ARB_REASON_MAX_SQUARES 32

/* A buffer of this many bytes holds any explanation's sentence, in any language, with any
 * parameters: the catalogs' longest template with 32 squares, the longest piece names, found text
 * and move, and ten-digit numbers stays below it (tests/fuzz/test_extremes.c renders every code
 * so and fails past it). */
#define ARB_REASON_TEXT_MAX 1024

typedef struct arb_reason {
    uint16_t code;                 /* arb_reason_code */
    uint8_t nsquares;
    uint8_t squares[ARB_REASON_MAX_SQUARES];
    arb_piece piece, by;
    uint8_t side;                  /* ARB_KINGSIDE or ARB_QUEENSIDE */
    uint8_t field;                 /* FEN field 0..5: board, side, castling, ep, halfmove, fullmove */
    int32_t offset;                /* 0-based character offset into the input; -1 when none */
    int32_t n, m;
    char found[24];                /* NUL-terminated, truncated copy of the offending text */
    char move[12];                 /* a move in SAN, where relevant */
    char article[12];              /* the article cited where the context decides it, "" for the
                                    * code's own: a Chess960 castling (Guidelines II.3.2.7, not
                                    * 3.8.2.2), a proof that a side cannot mate under the verdict
                                    * it supports (5.1.2 resignation, 7.5.5 illegal moves, 5.2.2
                                    * dead position; 6.9 is flag fall's) */
} arb_reason;

/* The code's stable name ("pinned"), its FIDE article ("3.9", or "" for none) and the
 * ARB_P_* parameters it provides. NULL / "" / 0 for an unknown code. */
ARB_API const char *arb_reason_name(unsigned code);
ARB_API const char *arb_reason_article(unsigned code);
ARB_API unsigned arb_reason_params(unsigned code);

/* The FIDE article r cites: its context's (r->article) when set, else its code's
 * (arb_reason_article); "" for none. Every view (JSON "rule", the Lua binding, the CLI) shows this. */
ARB_API const char *arb_reason_citation(const arb_reason *r);

/* A reason's parameters as data, the one projection every view (JSON, the Lua binding, the
 * scripts' explanations read back) writes in its own form: the parameter's name, what it is and
 * its value, in a fixed order. */
typedef enum arb_param_kind {
    ARB_PARAM_PIECE,               /* piece: a coloured piece (piece, by) */
    ARB_PARAM_NUMBER,              /* number: n, m; offset (a character, counted from 1) */
    ARB_PARAM_FIELD,               /* number: a FEN field 0..5 (arb_fen_field_name) */
    ARB_PARAM_TEXT,                /* text: found, move */
    ARB_PARAM_SIDE                 /* text: "kingside" or "queenside" */
} arb_param_kind;

typedef struct arb_param {
    const char *name;              /* "piece", "by", "n", "m", "field", "offset", "found", "side", "move" */
    arb_param_kind kind;
    arb_piece piece;
    long number;
    const char *text;              /* into the reason (found, move) or static (side) */
    size_t len;                    /* of text */
} arb_param;

#define ARB_REASON_MAX_PARAMS 9

/* The parameters r carries (the code's ARB_P_* ones; a FEN syntax error also names its field;
 * offset, found and move only when set), at most ARB_REASON_MAX_PARAMS; returns how many. */
ARB_API int arb_reason_param_list(const arb_reason *r, arb_param *out);

/* What the parameter called name is (a view reading a value back by name), or -1 for a name no
 * reason has. */
ARB_API int arb_param_kind_of(const char *name);

/* The name of FEN field i (0 "board", 1 "side", 2 "castling", 3 "en_passant", 4 "halfmove",
 * 5 "fullmove"); "board" for any other i. */
ARB_API const char *arb_fen_field_name(int field);

/* An empty reason of the given code (no squares, offset -1). */
ARB_API arb_reason arb_reason_make(arb_reason_code code);
ARB_API void arb_reason_add_square(arb_reason *r, int sq);

/* Render a reason in a language tag ("en", "fa", "ar", "fa-u-nu-latn"; see arbiter/message.h;
 * unknown languages fall back to "en"), with the language's default digits unless the tag says
 * otherwise. Writes a NUL-terminated UTF-8 sentence of at most cap-1 bytes (truncated at a
 * character boundary) and returns the length it needed, like snprintf. */
ARB_API size_t arb_reason_render(const arb_reason *r, const char *lang, char *buf, size_t cap);

/* The same with an explicit digit choice (ARB_DIGITS_DEFAULT: the language's or the tag's). */
ARB_API size_t arb_reason_render_digits(const arb_reason *r, const char *lang, arb_digits digits, char *buf,
                                        size_t cap);

/* Older form: native_digits true is ARB_DIGITS_NATIVE, false ARB_DIGITS_LATIN. */
ARB_API size_t arb_reason_render_opts(const arb_reason *r, const char *lang, bool native_digits,
                                      char *buf, size_t cap);

/* The languages that have a catalog, as a NULL-terminated list ("en", "fa", "ar"): the one list
 * of languages, made from the catalog folders engine/meson.build names (the first is the
 * fallback). Everything else that lists languages reads it (the Lua runtimes through
 * arbiter.languages(); web/i18n.js is checked against it by a test). */
ARB_API const char *const *arb_languages(void);
/* How many there are, for arrays sized at compile time (the generated catalog fails to compile
 * when it is not the number of catalogs). */
#define ARB_LANGUAGE_COUNT 3

#endif
