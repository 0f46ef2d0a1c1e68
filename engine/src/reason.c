/* Explanation codes (names, FIDE articles, parameters) and their rendering through the
 * per-language catalogs: the reason's fields become template arguments for message.c. */
#include <stdio.h>
#include <string.h>

#include "arbiter/message.h"
#include "arbiter/reason.h"
#include "internal.h"

static const char *const names[] = {
#define ARB_REASON(name, article, params) #name,
#include "arbiter/reason_list.h"
#undef ARB_REASON
};

static const char *const articles[] = {
#define ARB_REASON(name, article, params) article,
#include "arbiter/reason_list.h"
#undef ARB_REASON
};

static const unsigned params_of[] = {
#define ARB_REASON(name, article, params) (params),
#include "arbiter/reason_list.h"
#undef ARB_REASON
};

_Static_assert(sizeof names / sizeof names[0] == ARB_REASON_COUNT, "one name per code");

const char *arb_reason_name(unsigned code)
{
    return code < ARB_REASON_COUNT ? names[code] : NULL;
}

const char *arb_reason_article(unsigned code)
{
    return code < ARB_REASON_COUNT ? articles[code] : "";
}

unsigned arb_reason_params(unsigned code)
{
    return code < ARB_REASON_COUNT ? params_of[code] : 0;
}

const char *arb_reason_citation(const arb_reason *r)
{
    if (!r)
        return "";
    return r->article[0] && memchr(r->article, '\0', sizeof r->article) ? r->article : arb_reason_article(r->code);
}

void arb_reason_cite(arb_reason *r, const char *article)
{
    size_t n = strlen(article);
    if (n >= sizeof r->article) /* every citation fits (reason.h); a longer one keeps the code's */
        return;
    memcpy(r->article, article, n + 1);
}

/* 6.9 is the article that defines "cannot checkmate by any possible series of legal moves" for a
 * flag fall; resignation (5.1.2), a second illegal move (7.5.5) and a dead position (5.2.2) ask
 * the same question, so the proof's lines cite the verdict they support. */
#define UNWINNABLE_ARTICLE "6.9"

void arb_reason_cite_verdict(arb_reason *r, int n, unsigned verdict)
{
    const char *article = arb_reason_article(verdict);
    if (!*article || strcmp(article, UNWINNABLE_ARTICLE) == 0)
        return;
    for (int i = 0; i < n; i++)
        if (!r[i].article[0] && strcmp(arb_reason_article(r[i].code), UNWINNABLE_ARTICLE) == 0)
            arb_reason_cite(&r[i], article);
}

arb_reason arb_reason_make(arb_reason_code code)
{
    arb_reason r;
    memset(&r, 0, sizeof r);
    r.code = (uint16_t)code;
    r.offset = -1;
    return r;
}

void arb_reason_add_square(arb_reason *r, int sq)
{
    if (r->nsquares < ARB_REASON_MAX_SQUARES && sq >= 0 && sq < 64)
        r->squares[r->nsquares++] = (uint8_t)sq;
}

/* ---- the parameters as data ---- */

const char *arb_fen_field_name(int field)
{
    static const char *const fields[6] = {"board", "side", "castling", "en_passant", "halfmove", "fullmove"};
    return field >= 0 && field <= 5 ? fields[field] : fields[0];
}

static const struct {
    const char *name;
    arb_param_kind kind;
} param_kinds[] = {
    {"piece", ARB_PARAM_PIECE}, {"by", ARB_PARAM_PIECE}, {"n", ARB_PARAM_NUMBER}, {"m", ARB_PARAM_NUMBER},
    {"field", ARB_PARAM_FIELD}, {"offset", ARB_PARAM_NUMBER}, {"found", ARB_PARAM_TEXT},
    {"side", ARB_PARAM_SIDE}, {"move", ARB_PARAM_TEXT},
};
_Static_assert(sizeof param_kinds / sizeof param_kinds[0] == ARB_REASON_MAX_PARAMS, "one kind per parameter");

int arb_param_kind_of(const char *name)
{
    for (size_t i = 0; name && i < sizeof param_kinds / sizeof param_kinds[0]; i++)
        if (strcmp(param_kinds[i].name, name) == 0)
            return (int)param_kinds[i].kind;
    return -1;
}

int arb_reason_param_list(const arb_reason *r, arb_param *out)
{
    unsigned flags = arb_reason_params(r->code);
    const char *name = arb_reason_name(r->code);
    int n = 0;
    if (flags & ARB_P_PIECE)
        out[n++] = (arb_param){.name = "piece", .kind = ARB_PARAM_PIECE, .piece = r->piece};
    if (flags & ARB_P_BY)
        out[n++] = (arb_param){.name = "by", .kind = ARB_PARAM_PIECE, .piece = r->by};
    if (flags & ARB_P_N)
        out[n++] = (arb_param){.name = "n", .kind = ARB_PARAM_NUMBER, .number = r->n};
    if (flags & ARB_P_M)
        out[n++] = (arb_param){.name = "m", .kind = ARB_PARAM_NUMBER, .number = r->m};
    /* FEN syntax errors all name their field (the reason carries it even when the template does
     * not use it). */
    if ((flags & ARB_P_FIELD) || (r->offset >= 0 && name && strncmp(name, "fen_", 4) == 0))
        out[n++] = (arb_param){.name = "field", .kind = ARB_PARAM_FIELD, .number = r->field <= 5 ? r->field : 0};
    if ((flags & ARB_P_OFFSET) && r->offset >= 0)
        out[n++] = (arb_param){.name = "offset", .kind = ARB_PARAM_NUMBER, .number = (long)r->offset + 1};
    if (flags & ARB_P_FOUND)
        out[n++] = (arb_param){.name = "found", .kind = ARB_PARAM_TEXT, .text = r->found,
                               .len = strnlen(r->found, sizeof r->found)};
    if (flags & ARB_P_SIDE) {
        const char *side = r->side == ARB_KINGSIDE ? "kingside" : "queenside";
        out[n++] = (arb_param){.name = "side", .kind = ARB_PARAM_SIDE, .text = side, .len = strlen(side)};
    }
    if ((flags & ARB_P_MOVE) && r->move[0])
        out[n++] = (arb_param){.name = "move", .kind = ARB_PARAM_TEXT, .text = r->move,
                               .len = strnlen(r->move, sizeof r->move)};
    return n;
}

/* ---- rendering ---- */

/* The reason's parameters as template arguments (storage for their texts in names). */
struct reason_args {
    arb_arg args[18];
    char squares[ARB_REASON_MAX_SQUARES][3];
    const char *square_list[ARB_REASON_MAX_SQUARES];
    char piece[16], by[16], piece_color[16], by_color[16], moves[16], field[16];
    size_t n;
};

static void add(struct reason_args *ra, const char *name, arb_arg_kind kind, long number, const char *text)
{
    ra->args[ra->n++] = (arb_arg){name, kind, number, text, NULL, 0, NULL};
}

static char piece_letter(arb_piece p)
{
    return "?PNBRQK"[ARB_PIECE_TYPE(p) <= ARB_KING ? ARB_PIECE_TYPE(p) : 0];
}

static void reason_args_fill(struct reason_args *ra, const arb_reason *re)
{
    static const char *const no_square = "-";
    ra->n = 0;
    snprintf(ra->piece, sizeof ra->piece, "piece.%c", piece_letter(re->piece));
    snprintf(ra->by, sizeof ra->by, "piece.%c", piece_letter(re->by));
    snprintf(ra->moves, sizeof ra->moves, "moves.%c", piece_letter(re->piece));
    snprintf(ra->piece_color, sizeof ra->piece_color, "color.%s",
             ARB_PIECE_COLOR(re->piece) == ARB_WHITE ? "white" : "black");
    snprintf(ra->by_color, sizeof ra->by_color, "color.%s", ARB_PIECE_COLOR(re->by) == ARB_WHITE ? "white" : "black");
    snprintf(ra->field, sizeof ra->field, "field.%d", re->field <= 5 ? re->field : 0);
    for (int i = 0; i < re->nsquares && i < ARB_REASON_MAX_SQUARES; i++) {
        arb_square_name(re->squares[i], ra->squares[i]);
        ra->square_list[i] = ra->squares[i];
    }
    add(ra, "piece", ARB_ARG_WORD, 0, ra->piece);
    add(ra, "piece_color", ARB_ARG_WORD, 0, ra->piece_color);
    add(ra, "piece_moves", ARB_ARG_WORD, 0, ra->moves);
    add(ra, "by", ARB_ARG_WORD, 0, ra->by);
    add(ra, "by_color", ARB_ARG_WORD, 0, ra->by_color);
    add(ra, "sq1", ARB_ARG_LATIN, 0, re->nsquares > 0 ? ra->squares[0] : no_square);
    add(ra, "sq2", ARB_ARG_LATIN, 0, re->nsquares > 1 ? ra->squares[1] : no_square);
    add(ra, "sq3", ARB_ARG_LATIN, 0, re->nsquares > 2 ? ra->squares[2] : no_square);
    ra->args[ra->n++] = (arb_arg){"squares", ARB_ARG_LIST, 0, NULL, ra->square_list,
                                  re->nsquares < ARB_REASON_MAX_SQUARES ? re->nsquares : ARB_REASON_MAX_SQUARES, NULL};
    add(ra, "n", ARB_ARG_NUMBER, re->n, NULL);
    add(ra, "m", ARB_ARG_NUMBER, re->m, NULL);
    add(ra, "offset", ARB_ARG_NUMBER, (long)re->offset + 1, NULL);
    add(ra, "field", ARB_ARG_WORD, 0, ra->field);
    add(ra, "found", ARB_ARG_LATIN, 0, re->found);
    add(ra, "move", ARB_ARG_LATIN, 0, re->move);
    add(ra, "side", ARB_ARG_WORD, 0, re->side == ARB_KINGSIDE ? "side.kingside" : "side.queenside");
}

size_t arb_reason_render(const arb_reason *re, const char *lang, char *buf, size_t cap)
{
    struct reason_args ra;
    reason_args_fill(&ra, re);
    const char *name = arb_reason_name(re->code);
    const char *tmpl = name ? arb_message_lookup(lang, name) : NULL;
    return arb_message_render(lang, tmpl ? tmpl : name ? name : "unknown", ra.args, ra.n, buf, cap);
}

size_t arb_reason_render_digits(const arb_reason *re, const char *lang, arb_digits digits, char *buf, size_t cap)
{
    const char *tag = arb_language_tag(lang, digits);
    return arb_reason_render(re, tag ? tag : lang, buf, cap);
}

size_t arb_reason_render_opts(const arb_reason *re, const char *lang, bool native_digits, char *buf, size_t cap)
{
    return arb_reason_render_digits(re, lang, native_digits ? ARB_DIGITS_NATIVE : ARB_DIGITS_LATIN, buf, cap);
}
