/* PGN reader: tag pairs, movetext tokens, moves checked by the rules, comments, NAGs and
 * variations (kept or skipped), with line:column errors and hard limits on hostile input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/explain.h"
#include "arbiter/movegen.h"
#include "arbiter/notation.h"
#include "arbiter/pgn.h"
#include "arbiter/rules.h"
#include "internal.h"

void arb_pgn_reader_init(arb_pgn_reader *r, const char *text, size_t len, const arb_pgn_options *opts)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->len = text ? len : 0;
    r->line = r->column = 1;
    if (opts)
        r->opts = *opts;
    if (r->len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r->pos = 3; /* UTF-8 byte order mark */
}

static int peek(const arb_pgn_reader *r)
{
    return r->pos < r->len ? (unsigned char)r->text[r->pos] : -1;
}

static int peek_at(const arb_pgn_reader *r, size_t k)
{
    return r->pos + k < r->len ? (unsigned char)r->text[r->pos + k] : -1;
}

static void advance(arb_pgn_reader *r)
{
    if (r->pos >= r->len)
        return;
    unsigned char c = (unsigned char)r->text[r->pos++];
    if (c == '\n') {
        r->line++;
        r->column = 1;
    } else if ((c & 0xC0) != 0x80) {
        r->column++;
    }
}

static bool at_line_start(const arb_pgn_reader *r)
{
    return r->column == 1;
}

static void skip_line(arb_pgn_reader *r)
{
    while (peek(r) >= 0 && peek(r) != '\n')
        advance(r);
    advance(r);
}

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* White space and %-escape lines (PGN 6). */
static void skip_space(arb_pgn_reader *r)
{
    for (;;) {
        int c = peek(r);
        if (is_space(c))
            advance(r);
        else if (c == '%' && at_line_start(r))
            skip_line(r);
        else
            return;
    }
}

bool arb_pgn_next(arb_pgn_reader *r)
{
    skip_space(r);
    return r->pos < r->len;
}

/* ---- Game storage ------------------------------------------------------------------------ */

static void line_free(arb_pgn_line *l)
{
    for (int i = 0; i < l->count; i++) {
        arb_pgn_node *n = &l->nodes[i];
        free(n->comment);
        for (int v = 0; v < n->nvariations; v++)
            line_free(&n->variations[v]);
        free(n->variations);
    }
    free(l->nodes);
    free(l->comment);
    memset(l, 0, sizeof *l);
}

void arb_pgn_game_free(arb_pgn_game *g)
{
    for (int i = 0; i < g->ntags; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    g->ntags = 0;
    line_free(&g->main);
    if (g->record.positions)
        arb_game_free(&g->record);
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

const char *arb_pgn_tag_value(const arb_pgn_game *g, const char *name)
{
    for (int i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

arb_status arb_pgn_set_tag(arb_pgn_game *g, const char *name, const char *value)
{
    if (strlen(name) > ARB_PGN_MAX_TAG_NAME || strlen(value) > ARB_PGN_MAX_TAG_VALUE)
        return ARB_ERR_RANGE;
    char *v = dup_n(value, strlen(value));
    if (!v)
        return ARB_ERR_LIMIT;
    for (int i = 0; i < g->ntags; i++) {
        if (strcmp(g->tags[i].name, name) == 0) {
            free(g->tags[i].value);
            g->tags[i].value = v;
            return ARB_OK;
        }
    }
    char *n = g->ntags < ARB_PGN_MAX_TAGS ? dup_n(name, strlen(name)) : NULL;
    if (!n) {
        free(v);
        return ARB_ERR_LIMIT;
    }
    g->tags[g->ntags].name = n;
    g->tags[g->ntags++].value = v;
    return ARB_OK;
}

/* ---- Parser state and errors ---------------------------------------------------------- */

struct ps {
    arb_pgn_reader *r;
    arb_pgn_game *g;
    arb_pgn_error *err;
    int nodes;
    int fen_line, fen_column; /* where the FEN tag stands */
    arb_reason scratch;       /* where warnings past ARB_PGN_MAX_WARNINGS go (counted, dropped) */
};

/* A repair made while reading leniently, kept with the game. */
static arb_reason *warn(struct ps *p, int line, int column, arb_reason_code code)
{
    arb_pgn_game *g = p->g;
    if (g->nwarnings++ >= ARB_PGN_MAX_WARNINGS) {
        p->scratch = arb_reason_make(code);
        return &p->scratch;
    }
    arb_pgn_warning *w = &g->warnings[g->nwarnings - 1];
    w->line = line;
    w->column = column;
    w->why = arb_reason_make(code);
    return &w->why;
}

static arb_status fail(struct ps *p, arb_status st, arb_reason_code code, int line, int column)
{
    memset(p->err, 0, sizeof *p->err);
    p->err->line = line;
    p->err->column = column;
    p->err->why = arb_reason_make(code);
    return st;
}

static arb_status fail_here(struct ps *p, arb_status st, arb_reason_code code)
{
    return fail(p, st, code, p->r->line, p->r->column);
}

/* ---- Tags ------------------------------------------------------------------------------ */

/* At a quote inside a tag value: does it stand inside the value rather than close it? It does
 * when it is not followed by the tag's ']' while a later quote on the line is ([White ""Mirage""],
 * as some exporters write names with quotes). */
static bool quote_inside(const arb_pgn_reader *r)
{
    size_t k = 1;
    while (peek_at(r, k) == ' ' || peek_at(r, k) == '\t')
        k++;
    if (peek_at(r, k) == ']')
        return false;
    for (k = 1; peek_at(r, k) >= 0 && peek_at(r, k) != '\n'; k++) {
        if (peek_at(r, k) != '"')
            continue;
        size_t j = k + 1;
        while (peek_at(r, j) == ' ' || peek_at(r, j) == '\t')
            j++;
        if (peek_at(r, j) == ']')
            return true;
    }
    return false;
}

static arb_status read_tag(struct ps *p)
{
    arb_pgn_reader *r = p->r;
    int line = r->line, col = r->column;
    char name[ARB_PGN_MAX_TAG_NAME + 1];
    size_t n = 0;
    advance(r); /* [ */
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    while (peek(r) >= 0 && (peek(r) == '_' || (peek(r) >= '0' && peek(r) <= '9') ||
                            ((peek(r) | 32) >= 'a' && (peek(r) | 32) <= 'z'))) {
        if (n >= ARB_PGN_MAX_TAG_NAME) {
            fail(p, ARB_ERR_LIMIT, ARB_R_pgn_tag_too_long, line, col);
            p->err->why.n = ARB_PGN_MAX_TAG_NAME;
            return ARB_ERR_LIMIT;
        }
        name[n++] = (char)peek(r);
        advance(r);
    }
    name[n] = '\0';
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    if (n == 0 || peek(r) != '"') {
        arb_status st = fail_here(p, ARB_ERR_SYNTAX, ARB_R_pgn_bad_tag);
        arb_strlcpy(p->err->why.found, n ? name : "[", sizeof p->err->why.found);
        return st;
    }
    int qline = r->line, qcol = r->column;
    advance(r);
    char *value = malloc(ARB_PGN_MAX_TAG_VALUE + 1);
    if (!value)
        return fail_here(p, ARB_ERR_LIMIT, ARB_R_pgn_out_of_memory);
    size_t v = 0;
    bool repaired = false;
    for (;;) {
        int c = peek(r);
        if (c < 0 || c == '\n') {
            free(value);
            return fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_unterminated_string, qline, qcol);
        }
        if (c == '"' && !(p->r->opts.lenient && quote_inside(r)))
            break;
        if (c == '"' && !repaired) {
            repaired = true;
            arb_strlcpy(warn(p, qline, qcol, ARB_R_pgn_tag_quotes_repaired)->found, name, sizeof p->scratch.found);
        }
        if (c == '\\' && (peek_at(r, 1) == '"' || peek_at(r, 1) == '\\')) {
            advance(r);
            c = peek(r);
        }
        if (v >= ARB_PGN_MAX_TAG_VALUE) {
            free(value);
            fail(p, ARB_ERR_LIMIT, ARB_R_pgn_tag_too_long, qline, qcol);
            p->err->why.n = ARB_PGN_MAX_TAG_VALUE;
            return ARB_ERR_LIMIT;
        }
        value[v++] = (char)c;
        advance(r);
    }
    value[v] = '\0';
    advance(r); /* closing quote */
    while (peek(r) == ' ' || peek(r) == '\t')
        advance(r);
    if (peek(r) != ']') {
        free(value);
        arb_status st = fail_here(p, ARB_ERR_SYNTAX, ARB_R_pgn_bad_tag);
        arb_strlcpy(p->err->why.found, name, sizeof p->err->why.found);
        return st;
    }
    advance(r);
    if (arb_pgn_tag_value(p->g, name) == NULL && p->g->ntags >= ARB_PGN_MAX_TAGS) {
        free(value);
        fail(p, ARB_ERR_LIMIT, ARB_R_pgn_too_many_tags, line, col);
        p->err->why.n = ARB_PGN_MAX_TAGS;
        return ARB_ERR_LIMIT;
    }
    if (strcmp(name, "FEN") == 0) {
        p->fen_line = line;
        p->fen_column = col;
    }
    arb_status st = arb_pgn_set_tag(p->g, name, value);
    free(value);
    return st == ARB_OK ? ARB_OK : fail(p, ARB_ERR_LIMIT, ARB_R_pgn_out_of_memory, line, col);
}

/* ---- Movetext ----------------------------------------------------------------------------- */

enum tok { T_END, T_MOVE, T_NUMBER, T_RESULT, T_COMMENT, T_NAG, T_OPEN, T_CLOSE, T_NEXT_GAME };

struct token {
    enum tok kind;
    int line, column;
    char text[ARB_MOVE_INPUT_MAX + 1];
    int nag;                   /* T_NAG, and suffix annotations of T_MOVE (0: none) */
    const char *start;         /* T_COMMENT: the text and its length */
    size_t len;
};

static bool is_result(const char *s, size_t n)
{
    return (n == 3 && (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(s, "1/2-1/2", 7) == 0) || (n == 1 && s[0] == '*');
}

static bool is_delim(int c)
{
    return c < 0 || is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$' ||
           c == '[' || c == ']';
}

static int suffix_nag(const char *s)
{
    static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; i++)
        if (strcmp(s, glyphs[i]) == 0)
            return i + 1;
    return -1;
}

static arb_status next_token(struct ps *p, struct token *t)
{
    arb_pgn_reader *r = p->r;
    skip_space(r);
    memset(t, 0, sizeof *t);
    t->line = r->line;
    t->column = r->column;
    int c = peek(r);
    if (c < 0) {
        t->kind = T_END;
        return ARB_OK;
    }
    if (c == 0)
        return fail_here(p, ARB_ERR_SYNTAX, ARB_R_pgn_nul_byte);
    if (c == '[') {
        t->kind = T_NEXT_GAME; /* a new tag section: the game had no termination marker */
        return ARB_OK;
    }
    if (c == '{' || c == ';') {
        advance(r);
        t->kind = T_COMMENT;
        t->start = r->text + r->pos;
        while (peek(r) >= 0 && peek(r) != (c == '{' ? '}' : '\n')) {
            if (peek(r) == 0)
                return fail_here(p, ARB_ERR_SYNTAX, ARB_R_pgn_nul_byte);
            advance(r);
        }
        if (c == '{' && peek(r) < 0)
            return fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_unterminated_comment, t->line, t->column);
        t->len = (size_t)(r->text + r->pos - t->start);
        advance(r);
        if (t->len > ARB_PGN_MAX_COMMENT) {
            fail(p, ARB_ERR_LIMIT, ARB_R_pgn_comment_too_long, t->line, t->column);
            p->err->why.n = ARB_PGN_MAX_COMMENT;
            return ARB_ERR_LIMIT;
        }
        return ARB_OK;
    }
    if (c == '(' || c == ')') {
        advance(r);
        t->kind = c == '(' ? T_OPEN : T_CLOSE;
        return ARB_OK;
    }
    /* a word: NAG, move number, result or move (with suffix annotations) */
    size_t n = 0;
    bool long_word = false;
    if (c == '$')
        t->text[n++] = '$', advance(r);
    while (!is_delim(peek(r))) {
        if (peek(r) == 0)
            return fail_here(p, ARB_ERR_SYNTAX, ARB_R_pgn_nul_byte);
        if (n < ARB_MOVE_INPUT_MAX)
            t->text[n++] = (char)peek(r);
        else
            long_word = true;
        advance(r);
        /* "12." is a move number even when the move follows without a space ("12.e4") */
        if (t->text[0] >= '1' && t->text[0] <= '9' && t->text[n - 1] == '.' && peek(r) != '.')
            break;
    }
    t->text[n] = '\0';
    if (long_word) {
        fail(p, ARB_ERR_LIMIT, ARB_R_pgn_token_too_long, t->line, t->column);
        p->err->why.n = ARB_MOVE_INPUT_MAX;
        return ARB_ERR_LIMIT;
    }
    if (n == 0) { /* a stray ] or } */
        arb_status st = fail_here(p, ARB_ERR_SYNTAX, ARB_R_pgn_unexpected_char);
        p->err->why.found[0] = (char)c;
        advance(r);
        return st;
    }
    if (t->text[0] == '$') {
        char *end;
        long v = strtol(t->text + 1, &end, 10);
        if (n == 1 || *end || v < 0 || v > 255 || t->text[1] == '-' || t->text[1] == '+') {
            arb_status st = fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_bad_nag, t->line, t->column);
            arb_strlcpy(p->err->why.found, t->text, sizeof p->err->why.found);
            return st;
        }
        t->kind = T_NAG;
        t->nag = (int)v;
        return ARB_OK;
    }
    if (is_result(t->text, n)) {
        t->kind = T_RESULT;
        return ARB_OK;
    }
    if (t->text[0] >= '1' && t->text[0] <= '9') {
        size_t i = 0;
        while (t->text[i] >= '0' && t->text[i] <= '9')
            i++;
        bool dots = t->text[i] == '.';
        while (t->text[i] == '.')
            i++;
        if (t->text[i] == '\0' && (dots || i == n)) {
            t->kind = T_NUMBER;
            return ARB_OK;
        }
    }
    if (suffix_nag(t->text) > 0) { /* "!" standing alone after a space */
        t->kind = T_NAG;
        t->nag = suffix_nag(t->text);
        return ARB_OK;
    }
    /* split suffix annotations off the move: e4!? -> e4, $5 */
    size_t end = n;
    while (end > 0 && (t->text[end - 1] == '!' || t->text[end - 1] == '?'))
        end--;
    if (end < n && end > 0 && n - end <= 2) {
        t->nag = suffix_nag(t->text + end);
        if (t->nag > 0)
            t->text[end] = '\0';
        else
            t->nag = 0;
    }
    t->kind = T_MOVE;
    return ARB_OK;
}

static bool append_comment(char **dst, const char *s, size_t n)
{
    while (n && is_space((unsigned char)*s))
        s++, n--;
    while (n && is_space((unsigned char)s[n - 1]))
        n--;
    size_t old = *dst ? strlen(*dst) : 0;
    char *d = realloc(*dst, old + n + 2);
    if (!d)
        return false;
    if (old)
        d[old++] = ' ';
    memcpy(d + old, s, n);
    d[old + n] = '\0';
    *dst = d;
    return true;
}

static arb_pgn_node *append_node(arb_pgn_line *l)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 16;
        arb_pgn_node *nodes = realloc(l->nodes, sizeof *nodes * (size_t)cap);
        if (!nodes)
            return NULL;
        l->nodes = nodes;
        l->cap = cap;
    }
    arb_pgn_node *n = &l->nodes[l->count++];
    memset(n, 0, sizeof *n);
    return n;
}

/* Parses moves until the end of this line: ')' for a variation (depth > 0), the result, a
 * new tag section or the end of input for the main line. line == NULL: skip (syntax only). */
static arb_status parse_line(struct ps *p, arb_pgn_line *line, const arb_position *start, int depth, bool main)
{
    arb_position cur = *start, before = *start;
    arb_pgn_node *last = NULL;
    bool any_move = false;
    struct token t;
    for (;;) {
        arb_status st = next_token(p, &t);
        if (st != ARB_OK)
            return st;
        switch (t.kind) {
        case T_END:
        case T_NEXT_GAME:
            if (depth > 0)
                return fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_unterminated_variation, t.line, t.column);
            arb_strlcpy(p->g->result, "*", sizeof p->g->result);
            return ARB_OK;
        case T_RESULT:
            if (depth > 0) {
                fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_result_in_variation, t.line, t.column);
                arb_strlcpy(p->err->why.found, t.text, sizeof p->err->why.found);
                return ARB_ERR_SYNTAX;
            }
            arb_strlcpy(p->g->result, t.text, sizeof p->g->result);
            return ARB_OK;
        case T_CLOSE:
            if (depth == 0)
                return fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_unbalanced_paren, t.line, t.column);
            return ARB_OK;
        case T_NUMBER:
            break;
        case T_COMMENT:
            if (line && !p->r->opts.skip_comments &&
                !append_comment(last ? &last->comment : &line->comment, t.start, t.len))
                return fail(p, ARB_ERR_LIMIT, ARB_R_pgn_out_of_memory, t.line, t.column);
            break;
        case T_NAG:
            if (!any_move) {
                fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_annotation_before_move, t.line, t.column);
                arb_strlcpy(p->err->why.found, t.text, sizeof p->err->why.found);
                return ARB_ERR_SYNTAX;
            }
            if (last) {
                if (last->nnags >= ARB_PGN_MAX_NAGS) {
                    fail(p, ARB_ERR_LIMIT, ARB_R_pgn_too_many_nags, t.line, t.column);
                    p->err->why.n = ARB_PGN_MAX_NAGS;
                    return ARB_ERR_LIMIT;
                }
                last->nags[last->nnags++] = (uint8_t)t.nag;
            }
            break;
        case T_OPEN: {
            if (!any_move) {
                fail(p, ARB_ERR_SYNTAX, ARB_R_pgn_annotation_before_move, t.line, t.column);
                arb_strlcpy(p->err->why.found, "(", sizeof p->err->why.found);
                return ARB_ERR_SYNTAX;
            }
            if (depth + 1 > ARB_PGN_MAX_DEPTH) {
                fail(p, ARB_ERR_LIMIT, ARB_R_pgn_too_deep, t.line, t.column);
                p->err->why.n = ARB_PGN_MAX_DEPTH;
                return ARB_ERR_LIMIT;
            }
            arb_pgn_line *var = NULL;
            if (last && !p->r->opts.skip_variations) {
                arb_pgn_line *vars = realloc(last->variations, sizeof *vars * (size_t)(last->nvariations + 1));
                if (!vars)
                    return fail(p, ARB_ERR_LIMIT, ARB_R_pgn_out_of_memory, t.line, t.column);
                last->variations = vars;
                var = &vars[last->nvariations++];
                memset(var, 0, sizeof *var);
            }
            st = parse_line(p, var, &before, depth + 1, false);
            if (st != ARB_OK)
                return st;
            break;
        }
        case T_MOVE: {
            any_move = true;
            if (!line)
                break; /* skipped variation: syntax only */
            if (++p->nodes > ARB_PGN_MAX_NODES) {
                fail(p, ARB_ERR_LIMIT, ARB_R_pgn_too_many_moves, t.line, t.column);
                p->err->why.n = ARB_PGN_MAX_NODES;
                return ARB_ERR_LIMIT;
            }
            arb_move m;
            arb_reason why;
            st = arb_parse_move(&cur, t.text, &m, &why);
            if (st == ARB_ERR_ILLEGAL && main && arb_count_legal_moves(&cur) == 0) {
                /* after a checkmate or stalemate: the game was over, not "no piece can play a3" */
                arb_outcome end = {.ply = p->g->record.nplies};
                why = arb_move_after_end(&end, t.text);
            }
            if (st != ARB_OK) {
                fail(p, st == ARB_ERR_SYNTAX ? ARB_ERR_SYNTAX : ARB_ERR_ILLEGAL,
                     st == ARB_ERR_SYNTAX ? ARB_R_pgn_bad_move : ARB_R_pgn_illegal_move, t.line, t.column);
                arb_strlcpy(p->err->why.found, t.text, sizeof p->err->why.found);
                p->err->why.n = cur.fullmove_number;
                p->err->detail = why;
                p->err->has_detail = true;
                return st == ARB_ERR_SYNTAX ? ARB_ERR_SYNTAX : ARB_ERR_ILLEGAL;
            }
            if (main && arb_game_play(&p->g->record, m) != ARB_OK) {
                fail(p, ARB_ERR_LIMIT, ARB_R_pgn_too_many_moves, t.line, t.column);
                p->err->why.n = ARB_GAME_MAX_PLIES;
                return ARB_ERR_LIMIT;
            }
            last = append_node(line);
            if (!last)
                return fail(p, ARB_ERR_LIMIT, ARB_R_pgn_out_of_memory, t.line, t.column);
            last->move = m;
            last->text_end = p->r->pos;
            if (t.nag > 0)
                last->nags[last->nnags++] = (uint8_t)t.nag;
            before = cur;
            arb_position_play(&cur, m);
            break;
        }
        }
    }
}

/* After an error: on to the next line that opens a tag section (past this one's tags). */
static void resync(arb_pgn_reader *r, bool in_tags)
{
    if (!at_line_start(r))
        skip_line(r);
    if (in_tags)
        while (peek(r) == '[')
            skip_line(r);
    while (peek(r) >= 0 && peek(r) != '[')
        skip_line(r);
}

static bool variant_960(const char *v)
{
    if (!v)
        return false;
    char low[32];
    size_t n = 0;
    for (; v[n] && n < sizeof low - 1; n++)
        low[n] = (char)(v[n] >= 'A' && v[n] <= 'Z' ? v[n] + 32 : v[n]);
    low[n] = '\0';
    return strstr(low, "960") || strstr(low, "fischer");
}

/* Splits a FEN at blanks into at most 6 fields of `out` (each NUL-terminated). */
static int fen_fields(const char *fen, char out[6][ARB_FEN_MAX_INPUT + 1])
{
    int n = 0;
    for (size_t i = 0; fen[i] && n < 6;) {
        while (fen[i] == ' ' || fen[i] == '\t')
            i++;
        size_t k = 0;
        while (fen[i] && fen[i] != ' ' && fen[i] != '\t' && k < ARB_FEN_MAX_INPUT)
            out[n][k++] = fen[i++];
        out[n][k] = '\0';
        if (k)
            n++;
    }
    return n;
}

static void fen_join(char *buf, size_t cap, char f[6][ARB_FEN_MAX_INPUT + 1], int n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", f[i]);
}

/* The FEN tag's position (the start position without one). Reading leniently, two slips of
 * real files are repaired with a warning: counters that are not numbers (set to 0 and 1), and
 * castling rights the board contradicts (each right checked on its own; those without their
 * king or rook dropped). The FEN's own warnings (fullmove 0, ...) are kept too. */
static arb_status start_position(struct ps *p, const char *fen, arb_variant v, arb_position *start, arb_reason *why)
{
    if (!fen)
        return arb_position_from_fen(start, ARB_START_FEN, v, why);
    arb_status st = arb_position_from_fen(start, fen, v, why);
    if (!p->r->opts.lenient)
        return st;
    static const char *const counters[2] = {"0", "1"};
    char f[6][ARB_FEN_MAX_INPUT + 1], text[2 * ARB_FEN_MAX_INPUT + 8];
    int n = fen_fields(fen, f);
    bool repaired = false;
    for (int k = 4; k < n && st == ARB_ERR_SYNTAX && why->code == ARB_R_fen_bad_number; k++) {
        if (why->field != k)
            continue;
        arb_reason *w = warn(p, p->fen_line, p->fen_column, ARB_R_pgn_fen_counter_repaired);
        w->field = (uint8_t)k;
        arb_strlcpy(w->found, f[k], sizeof w->found);
        w->n = k == 4 ? 0 : 1;
        arb_strlcpy(f[k], counters[k - 4], sizeof f[k]);
        fen_join(text, sizeof text, f, n);
        st = arb_position_from_fen(start, text, v, why);
        repaired = true;
    }
    if (st == ARB_ERR_ILLEGAL && n > 2 && (why->code == ARB_R_fen_castling_no_king || why->code == ARB_R_fen_castling_no_rook)) {
        char keep[16] = "", dropped[16] = "", rights[ARB_FEN_MAX_INPUT + 1];
        arb_strlcpy(rights, f[2], sizeof rights);
        size_t nk = 0, nd = 0;
        for (size_t i = 0; rights[i] && nk + 1 < sizeof keep && nd + 1 < sizeof dropped; i++) {
            char one[2] = {rights[i], '\0'};
            arb_strlcpy(f[2], one, sizeof f[2]);
            fen_join(text, sizeof text, f, n);
            arb_position probe;
            arb_reason pw;
            bool ok = arb_position_from_fen(&probe, text, v, &pw) == ARB_OK ||
                      (pw.code != ARB_R_fen_castling_no_king && pw.code != ARB_R_fen_castling_no_rook);
            if (ok)
                keep[nk++] = rights[i];
            else
                dropped[nd++] = rights[i];
            keep[nk] = dropped[nd] = '\0';
        }
        arb_strlcpy(f[2], nk ? keep : "-", sizeof f[2]);
        fen_join(text, sizeof text, f, n);
        st = arb_position_from_fen(start, text, v, why);
        if (st == ARB_OK && nd) {
            arb_strlcpy(warn(p, p->fen_line, p->fen_column, ARB_R_pgn_fen_castling_dropped)->found, dropped,
                        sizeof p->scratch.found);
            repaired = true;
        }
    }
    if (st == ARB_OK) {
        arb_reason fw[8];
        int k = arb_fen_warnings(repaired ? text : fen, v, fw, 8);
        for (int i = 0; i < k && i < 8; i++)
            *warn(p, p->fen_line, p->fen_column, (arb_reason_code)fw[i].code) = fw[i];
    }
    return st;
}

arb_status arb_pgn_read(arb_pgn_reader *r, arb_pgn_game *g, arb_pgn_error *err)
{
    arb_pgn_error scratch;
    struct ps p = {r, g, err ? err : &scratch, 0, 0, 0, {0}};
    memset(g, 0, sizeof *g);
    memset(p.err, 0, sizeof *p.err);
    arb_strlcpy(g->result, "*", sizeof g->result);
    skip_space(r);
    g->line = r->line;
    arb_status st = ARB_OK;
    while (st == ARB_OK && peek(r) == '[') {
        st = read_tag(&p);
        skip_space(r);
    }
    if (st != ARB_OK) {
        resync(r, true);
        return st;
    }
    arb_position start;
    const char *fen = arb_pgn_tag_value(g, "FEN");
    arb_reason why;
    arb_variant variant = variant_960(arb_pgn_tag_value(g, "Variant")) ? ARB_CHESS960 : ARB_STANDARD;
    if (start_position(&p, fen, variant, &start, &why) != ARB_OK) {
        st = fail(&p, ARB_ERR_ILLEGAL, ARB_R_pgn_bad_fen_tag, g->line, 1);
        arb_strlcpy(p.err->why.found, fen, sizeof p.err->why.found);
        p.err->detail = why;
        p.err->has_detail = true;
        resync(r, false);
        return st;
    }
    if (arb_game_init(&g->record, &start) != ARB_OK)
        return fail_here(&p, ARB_ERR_LIMIT, ARB_R_pgn_out_of_memory);
    g->movetext = r->pos;
    st = parse_line(&p, &g->main, &start, 0, true);
    if (st != ARB_OK)
        resync(r, false);
    return st;
}
