/* PGN writer: export format (Seven Tag Roster first, 79-column lines, comments, NAGs,
 * variations) and the Result/Termination tags of an outcome. */
#include <stdio.h>
#include <string.h>

#include "arbiter/notation.h"
#include "arbiter/pgn.h"
#include "internal.h"

#define LINE_MAX_COLUMNS 79

struct w {
    char *buf;
    size_t cap, len;
    size_t col;      /* characters on the current movetext line */
    bool glue;       /* the next token follows without a space (after "(") */
};

static void raw(struct w *w, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, w->len++)
        if (w->len + 1 < w->cap)
            w->buf[w->len] = s[i];
}

static void raws(struct w *w, const char *s)
{
    raw(w, s, strlen(s));
}

/* A movetext token, wrapped so that no line passes LINE_MAX_COLUMNS when it can be helped. */
static void token(struct w *w, const char *s, size_t n)
{
    if (w->col > 0 && w->col + 1 + n > LINE_MAX_COLUMNS) {
        raws(w, "\n");
        w->col = 0;
    } else if (w->col > 0 && !w->glue) {
        raws(w, " ");
        w->col++;
    }
    w->glue = false;
    raw(w, s, n);
    w->col += n;
}

static void tokens(struct w *w, const char *s)
{
    token(w, s, strlen(s));
}

static bool blank(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/* "{text}" word by word, so that long comments wrap too. */
static void comment(struct w *w, const char *c)
{
    char word[128];
    bool first = true;
    const char *p = c;
    while (blank(*p))
        p++;
    do {
        size_t n = 0;
        if (first)
            word[n++] = '{';
        while (*p && !blank(*p) && n < sizeof word - 2) {
            if (*p != '}')
                word[n++] = *p;
            p++;
        }
        while (blank(*p))
            p++;
        if (!*p)
            word[n++] = '}';
        token(w, word, n);
        first = false;
    } while (*p);
}

static void line_out(struct w *w, const arb_pgn_line *l, const arb_position *start)
{
    arb_position pos = *start;
    bool need_number = true;
    if (l->comment)
        comment(w, l->comment);
    for (int i = 0; i < l->count; i++) {
        const arb_pgn_node *n = &l->nodes[i];
        char text[48], san[ARB_MOVE_TEXT_MAX];
        arb_move_san(&pos, n->move, san, sizeof san);
        if (pos.side == ARB_WHITE || need_number) /* the number stays on the line of its move */
            snprintf(text, sizeof text, "%u.%s %s", (unsigned)pos.fullmove_number, pos.side == ARB_WHITE ? "" : "..", san);
        else
            snprintf(text, sizeof text, "%s", san);
        need_number = false;
        tokens(w, text);
        for (int k = 0; k < n->nnags; k++) {
            snprintf(text, sizeof text, "$%u", (unsigned)n->nags[k]);
            tokens(w, text);
        }
        if (n->comment) {
            comment(w, n->comment);
            need_number = true;
        }
        for (int v = 0; v < n->nvariations; v++) {
            tokens(w, "(");
            w->glue = true;
            line_out(w, &n->variations[v], &pos);
            w->glue = true;
            tokens(w, ")");
            need_number = true;
        }
        arb_position_play(&pos, n->move);
    }
}

static void tag_out(struct w *w, const char *name, const char *value)
{
    raws(w, "[");
    raws(w, name);
    raws(w, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            raws(w, "\\");
        if (*p != '\n' && *p != '\r')
            raw(w, p, 1);
    }
    raws(w, "\"]\n");
}

static bool valid_result(const char *r)
{
    return r && (!strcmp(r, "1-0") || !strcmp(r, "0-1") || !strcmp(r, "1/2-1/2") || !strcmp(r, "*"));
}

size_t arb_pgn_write(const arb_pgn_game *g, char *buf, size_t cap)
{
    struct w w = {buf, cap, 0, 0, false};
    static const char *const roster[7][2] = {
        {"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
        {"White", "?"}, {"Black", "?"}, {"Result", "*"},
    };
    const char *result = arb_pgn_tag_value(g, "Result");
    if (!valid_result(result))
        result = valid_result(g->result) ? g->result : "*";
    for (int i = 0; i < 7; i++) {
        const char *v = i == 6 ? result : arb_pgn_tag_value(g, roster[i][0]);
        tag_out(&w, roster[i][0], v ? v : roster[i][1]);
    }
    for (int i = 0; i < g->ntags; i++) {
        bool in_roster = false;
        for (int k = 0; k < 7; k++)
            in_roster |= strcmp(g->tags[i].name, roster[k][0]) == 0;
        if (!in_roster)
            tag_out(&w, g->tags[i].name, g->tags[i].value);
    }
    raws(&w, "\n");
    if (g->record.positions && g->main.count == 0) {
        /* a game made from a record alone (no annotated line): its moves, plain */
        arb_pgn_node node;
        arb_pgn_line one = {NULL, 1, 1, &node};
        memset(&node, 0, sizeof node);
        for (int i = 0; i < g->record.nplies; i++) {
            node.move = g->record.moves[i];
            w.glue = false;
            arb_position p = g->record.positions[i];
            if (i > 0 && p.side == ARB_BLACK) {
                char san[ARB_MOVE_TEXT_MAX];
                arb_move_san(&p, node.move, san, sizeof san);
                tokens(&w, san);
            } else {
                line_out(&w, &one, &p);
            }
        }
    } else if (g->record.positions) {
        line_out(&w, &g->main, &g->record.positions[0]);
    }
    tokens(&w, result);
    raws(&w, "\n\n"); /* export format: an empty line after each game */
    if (cap)
        buf[w.len < cap ? w.len : cap - 1] = '\0';
    return w.len;
}

arb_status arb_pgn_set_outcome(arb_pgn_game *g, const arb_outcome *o)
{
    if (o->result == ARB_RESULT_NONE)
        return ARB_OK;
    const char *res = arb_result_string(o->result);
    const char *standard = o->termination == ARB_TERM_TIME_FORFEIT || o->termination == ARB_TERM_TIME_FORFEIT_DRAW
                               ? "time forfeit"
                           : o->termination == ARB_TERM_ILLEGAL_MOVES ? "rules infraction"
                                                                      : "normal";
    arb_status st = arb_pgn_set_tag(g, "Result", res);
    if (st == ARB_OK)
        st = arb_pgn_set_tag(g, "Termination", standard);
    if (st == ARB_OK)
        st = arb_pgn_set_tag(g, "ArbiterTermination", arb_termination_name(o->termination));
    if (st == ARB_OK)
        arb_strlcpy(g->result, res, sizeof g->result);
    return st;
}
