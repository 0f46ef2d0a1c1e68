/* `arbiter annotate`, one chunk of input at a time: its games read leniently, annotated
 * (arb_pgn_annotate), and rendered as the text report, as JSON lines (json/'s objects, exactly
 * what POST /v1/games/annotate answers per game) or as the PGN itself with each event inserted as
 * a comment after the move it follows (everything else kept byte for byte). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "cli.h"

void sbuf_put(struct sbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sbuf_put(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->failed = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sbuf_put(b, big, (size_t)n);
    free(big);
}

static void end_game(struct ann_result *res)
{
    if (res->ngames == res->cap) {
        int cap = res->cap ? res->cap * 2 : 16;
        size_t *e = realloc(res->ends, sizeof *e * (size_t)cap);
        if (!e) {
            res->out.failed = true;
            return;
        }
        res->ends = e;
        res->cap = cap;
    }
    res->ends[res->ngames++] = res->out.len;
}

/* ---- Text ------------------------------------------------------------------------------------ */

/* "12.Nf3", "12...Nf3", the start, or the illegal move as recorded, in lang. */
static void ply_label(const arb_game *g, int ply, const char *illegal, const char *lang, char *buf, size_t cap)
{
    if (ply == 0) {
        cli_report_text(lang, "report.start", NULL, 0, buf, cap);
        return;
    }
    const arb_position *before = ply <= g->nplies ? &g->positions[ply - 1] : arb_game_current(g);
    char san[ARB_MOVE_INPUT_MAX + 1], move[ARB_MOVE_INPUT_MAX + 24];
    if (ply <= g->nplies)
        arb_move_san(before, g->moves[ply - 1], san, sizeof san);
    else
        snprintf(san, sizeof san, "%s", illegal ? illegal : "?");
    snprintf(move, sizeof move, "%u%s%s", (unsigned)before->fullmove_number, before->side == ARB_WHITE ? "." : "...",
             san);
    arb_arg a[] = {LATIN("move", move)}; /* isolated in right-to-left text */
    if (ply <= g->nplies)
        arb_message_render(lang, "{move}", a, 1, buf, cap);
    else
        cli_report_text(lang, "report.ann_as_recorded", a, 1, buf, cap);
}

/* Appends the template `key` of the report catalog, rendered in lang, and a newline. */
static void say_to(struct sbuf *b, const char *lang, const char *indent, const char *key, const arb_arg *args,
                   size_t nargs)
{
    char text[4096];
    sbuf_printf(b, "%s%s\n", indent, cli_report_text(lang, key, args, nargs, text, sizeof text));
}

/* "line 12" or "byte 3456": where a game starts. */
static const char *game_place(const char *lang, long long line, long long offset, char *buf, size_t cap)
{
    arb_arg a[] = {NUM("line", line), NUM("byte", offset)};
    return cli_report_text(lang, line > 0 ? "report.ann_line" : "report.ann_byte", a, 2, buf, cap);
}

/* A reason's code and article, as every CLI command tags a reason: "checkmate, FIDE 5.1.1". */
static void reason_tag(const arb_reason *r, char *buf, size_t cap)
{
    const char *article = arb_reason_citation(r);
    snprintf(buf, cap, "%s%s%s", arb_reason_name(r->code), article[0] ? ", FIDE " : "", article);
}

static void put_reason(struct sbuf *b, const arb_reason *r, const char *lang, const char *indent)
{
    char text[ARB_REASON_TEXT_MAX], tag[96];
    arb_reason_render(r, lang, text, sizeof text);
    reason_tag(r, tag, sizeof tag);
    sbuf_printf(b, "%s%s [%s]\n", indent, text, tag);
}

/* The game's number is known only when the games are written out in order (--jobs): the head
 * line carries this mark where the number goes, and the writer puts the number there. */
static const char number_mark[] = ANN_NUMBER_MARK;

/* The result line: what the Laws give, on which basis, and whether the Result tag disagrees. */
static void result_line(const arb_annotation *a, const char *tag, const char *lang, struct sbuf *b)
{
    arb_arg args[] = {LATIN("result", arb_result_string(a->result)),
                      LATIN("termination", arb_termination_name(a->termination)),
                      NUM("illegal", a->illegal_ply >= 0), NUM("board", a->basis == ARB_BASIS_BOARD),
                      NUM("mis", a->tag_disagrees), LATIN("tag", tag)};
    const char *key = a->basis == ARB_BASIS_NONE            ? "report.ann_result_unfinished"
                      : a->basis == ARB_BASIS_RECORDED      ? "report.ann_result_recorded"
                      : a->termination == ARB_TERM_NONE     ? "report.ann_result_undecided"
                                                            : "report.ann_result";
    say_to(b, lang, "  ", key, args, sizeof args / sizeof *args);
}

static void text_game(const aj_annotate_game *in, const arb_annotation *a, const char *lang, struct sbuf *b)
{
    const arb_pgn_game *g = in->game;
    char where[64];
    game_place(lang, in->line, in->offset, where, sizeof where);
    if (!in->annotated) {
        char msg[ARB_REASON_TEXT_MAX];
        arb_reason_render(&in->error->why, lang, msg, sizeof msg);
        arb_arg args[] = {TEXT("n", number_mark), TEXT("where", where), NUM("line", in->error->line),
                          NUM("column", in->error->column), TEXT("text", msg),
                          LATIN("code", arb_reason_name(in->error->why.code))};
        say_to(b, lang, "", "report.ann_unreadable", args, sizeof args / sizeof *args);
        if (in->error->has_detail)
            put_reason(b, &in->error->detail, lang, "  ");
        return;
    }
    const char *w = arb_pgn_tag_value(g, "White"), *bl = arb_pgn_tag_value(g, "Black");
    const char *tag = arb_pgn_tag_value(g, "Result");
    if (!tag && strcmp(g->result, "*") != 0)
        tag = g->result; /* no tag: the movetext's termination marker, as arb_pgn_annotate reads it */
    char none[64];
    arb_arg head[] = {TEXT("n", number_mark), TEXT("where", where), TEXT("white", w ? w : "?"),
                      TEXT("black", bl ? bl : "?"), NUM("plies", g->record.nplies),
                      tag ? (arb_arg)LATIN("tag", tag)
                          : (arb_arg)TEXT("tag", cli_report_text(lang, "report.ann_no_tag", NULL, 0, none, sizeof none))};
    say_to(b, lang, "", "report.ann_game", head, sizeof head / sizeof *head);
    for (int i = 0; i < g->nwarnings && i < ARB_PGN_MAX_WARNINGS; i++) {
        char msg[ARB_REASON_TEXT_MAX], text[ARB_REASON_TEXT_MAX + 64];
        arb_reason_render(&g->warnings[i].why, lang, msg, sizeof msg);
        snprintf(text, sizeof text, "%s (%s)", msg, arb_reason_name(g->warnings[i].why.code));
        arb_arg args[] = {NUM("line", g->warnings[i].line), TEXT("text", text)};
        say_to(b, lang, "  ", "report.pgn_warning", args, 2);
    }
    const char *illegal = in->error ? in->error->why.found : NULL;
    for (int i = 0; i < a->nevents; i++) {
        const arb_annotation_event *e = &a->events[i];
        char label[ARB_MOVE_INPUT_MAX + 128], frame[ARB_MOVE_INPUT_MAX + 256], indent[ARB_MOVE_INPUT_MAX + 264];
        ply_label(&g->record, e->ply, illegal, lang, label, sizeof label);
        arb_arg args[] = {NUM("ply", e->ply), TEXT("label", label)};
        snprintf(indent, sizeof indent, "  %s ", cli_report_text(lang, "report.ann_ply", args, 2, frame, sizeof frame));
        put_reason(b, &e->why, lang, indent); /* "  ply 4 (2...Qh4#): " then the reason, tagged */
        for (int k = 0; k < e->count; k++)
            put_reason(b, &arb_annotation_reasons(a, e)[k], lang, "      ");
    }
    result_line(a, tag ? tag : g->result, lang, b);
}

/* ---- JSON ------------------------------------------------------------------------------------ */

/* The object's text after its leading {"game":0 (the number is written in front in order). */
static void json_game(json_t *o, struct sbuf *b)
{
    size_t n;
    char *s = aj_dumps(o, &n);
    json_decref(o);
    static const char lead[] = "{\"game\":0";
    if (!s || n < sizeof lead - 1 || memcmp(s, lead, sizeof lead - 1) != 0) {
        b->failed = true;
        free(s);
        return;
    }
    sbuf_put(b, s + sizeof lead - 1, n - (sizeof lead - 1));
    sbuf_put(b, "\n", 1);
    free(s);
}

/* ---- PGN with the events as comments --------------------------------------------------------- */

/* The byte offset of line:column (columns count characters) in text, whose first line is `first`. */
static size_t offset_of(const char *text, size_t len, long long first, int line, int column)
{
    size_t p = 0;
    for (long long l = first; l < line && p < len; p++)
        if (text[p] == '\n')
            l++;
    for (int c = 1; c < column && p < len; c++) {
        p++;
        while (p < len && ((unsigned char)text[p] & 0xC0) == 0x80)
            p++;
    }
    return p;
}

/* Where a comment about position `ply` goes in the reader's text: after the move that made it;
 * at the movetext's start for the start position; before the number of the illegal move (PGN
 * readers that take one comment between two moves, not between a number and its move, read it). */
static size_t insertion_point(const arb_pgn_game *g, int ply, const char *text, size_t illegal_at)
{
    if (ply > g->record.nplies) {
        size_t p = illegal_at;
        while (p > 0 && (text[p - 1] == ' ' || text[p - 1] == '\t' || text[p - 1] == '\n' || text[p - 1] == '\r'))
            p--;
        size_t q = p;
        while (q > 0 && text[q - 1] == '.')
            q--;
        size_t dots = p - q;
        while (q > 0 && text[q - 1] >= '0' && text[q - 1] <= '9')
            q--;
        return dots && q < p - dots ? q : illegal_at;
    }
    if (ply == 0 || ply > g->main.count)
        return g->movetext;
    return g->main.nodes[ply - 1].text_end;
}

static bool space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The event texts, braces turned into parentheses (a comment cannot hold them). */
static void put_texts(struct sbuf *b, const arb_annotation *a, int from, int to, const char *lang)
{
    for (int i = from; i < to; i++) {
        char msg[ARB_REASON_TEXT_MAX];
        arb_reason_render(&a->events[i].why, lang, msg, sizeof msg);
        for (char *c = msg; *c; c++)
            if (*c == '{' || *c == '}')
                *c = *c == '{' ? '(' : ')';
        if (i > from)
            sbuf_put(b, " ", 1);
        sbuf_put(b, msg, strlen(msg));
    }
}

/* The events [from, to) as one comment at `at`: inside the comment that stands there already (just
 * after, or just before), else a comment of their own, so that no two comments ever stand side by
 * side (some readers take only one between two moves). */
static void comment_at(struct sbuf *b, const char *text, size_t len, size_t at, size_t *copied,
                       const arb_annotation *a, int from, int to, const char *lang)
{
    size_t q = at;
    while (q < len && space(text[q]))
        q++;
    const char *close = q < len && text[q] == '{' ? memchr(text + q, '}', len - q) : NULL;
    if (close) { /* at the end of the comment that follows */
        size_t end = (size_t)(close - text), last = end;
        while (last > q + 1 && space(text[last - 1]))
            last--;
        sbuf_put(b, text + *copied, last - *copied);
        sbuf_put(b, " ", 1);
        put_texts(b, a, from, to, lang);
        *copied = end;
        return;
    }
    sbuf_put(b, text + *copied, at - *copied);
    *copied = at;
    size_t k = b->len;
    while (k > 0 && space(b->s[k - 1]))
        k--;
    if (k > 0 && b->s[k - 1] == '}') { /* at the end of the comment that precedes */
        struct sbuf tail = {0};
        sbuf_put(&tail, b->s + k - 1, b->len - (k - 1));
        b->len = k - 1;
        sbuf_put(b, " ", 1);
        put_texts(b, a, from, to, lang);
        sbuf_put(b, tail.s, tail.len);
        free(tail.s);
        return;
    }
    bool before_a_move = q < len && !space(text[at]);
    sbuf_put(b, before_a_move || at == 0 ? "{" : " {", before_a_move || at == 0 ? 1 : 2);
    put_texts(b, a, from, to, lang);
    sbuf_put(b, before_a_move ? "} " : "}", before_a_move ? 2 : 1);
}

/* The game's events as comments, each place's events in one. */
static void write_game(const aj_annotate_game *in, const arb_annotation *a, const char *lang, const char *text,
                       size_t len, long long first_line, size_t *copied, struct sbuf *b)
{
    const arb_pgn_game *g = in->game;
    size_t illegal_at = in->error ? offset_of(text, len, first_line, in->error->line, in->error->column) : g->movetext;
    for (int i = 0; i < a->nevents;) {
        size_t at = insertion_point(g, a->events[i].ply, text, illegal_at);
        int j = i + 1;
        while (j < a->nevents && insertion_point(g, a->events[j].ply, text, illegal_at) == at)
            j++;
        if (at < *copied || at > len)
            at = *copied;
        comment_at(b, text, len, at, copied, a, i, j, lang);
        i = j;
    }
}

/* ---- A chunk ---------------------------------------------------------------------------------- */

static bool has_high_bytes(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return true;
    return false;
}

static void too_large(const struct ann_chunk *c, enum ann_format fmt, const char *lang, struct ann_result *res)
{
    arb_reason why = arb_reason_make(ARB_R_pgn_game_too_large);
    why.n = c->limit_mib;
    res->unreadable = true;
    res->sum.games++;
    res->sum.unreadable++;
    if (fmt == ANN_JSON) {
        json_t *o = json_pack("{s:i, s:I}", "game", 0, "offset", (json_int_t)c->offset);
        if (c->line > 0)
            json_object_set_new(o, "line", json_integer(c->line));
        json_object_set_new(o, "error", json_pack("{s:I, s:i, s:o}", "line", (json_int_t)(c->line > 0 ? c->line : 0),
                                                  "column", 1, "explanation", aj_reason_json(&why, lang)));
        json_game(o, &res->out);
    } else {
        char msg[ARB_REASON_TEXT_MAX];
        arb_reason_render(&why, lang, msg, sizeof msg);
        char where[64];
        arb_arg args[] = {TEXT("n", number_mark), TEXT("where", where), TEXT("text", msg),
                          LATIN("code", arb_reason_name(why.code))};
        if (fmt == ANN_WRITE) {
            game_place(lang, 0, c->offset, where, sizeof where);
            say_to(&res->err, lang, "", "report.ann_where_error", args + 1, 3);
        } else {
            game_place(lang, c->line, c->offset, where, sizeof where);
            say_to(&res->out, lang, "", "report.ann_too_large", args, 4);
        }
    }
    if (fmt != ANN_WRITE)
        end_game(res);
}

void ann_render_chunk(const struct ann_chunk *c, enum ann_format fmt, const char *lang, arb_annotation *a,
                      struct ann_result *res)
{
    if (c->too_large) {
        too_large(c, fmt, lang, res);
        return;
    }
    const char *text = c->text;
    size_t len = c->len, converted = 0, ulen;
    char *utf8 = NULL;
    if (has_high_bytes(text, len)) { /* older collections are Latin-1 / Windows-1252: all output is UTF-8 */
        utf8 = arb_text_to_utf8(text, len, &ulen, &converted);
        if (utf8) {
            text = utf8;
            len = ulen;
        }
    }
    arb_pgn_options popts = {true, false, true}; /* the main line, comments (clocks), lenient */
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, &popts);
    long long first_line = c->line > 0 ? c->line : 1;
    r.line = (int)first_line;
    aj_annotate_game in = {0};
    in.offset_base = c->offset;
    in.lines = c->line > 0;
    in.converted = converted;
    arb_pgn_game g;
    arb_pgn_error err;
    size_t copied = 0;
    while (aj_annotate_next(&r, &in, &g, &err, a)) {
        if (fmt == ANN_JSON) {
            json_game(aj_annotated_game_json(&in, a, lang), &res->out);
        } else if (fmt == ANN_TEXT) {
            text_game(&in, a, lang, &res->out);
        } else if (in.annotated) {
            write_game(&in, a, lang, text, len, first_line, &copied, &res->out);
        } else { /* kept as it is in the output; said on stderr */
            char msg[ARB_REASON_TEXT_MAX], where[64];
            arb_reason_render(&in.error->why, lang, msg, sizeof msg);
            if (in.lines)
                snprintf(where, sizeof where, "%d:%d", in.error->line, in.error->column);
            else
                game_place(lang, 0, in.offset, where, sizeof where);
            arb_arg args[] = {in.lines ? (arb_arg)LATIN("where", where) : (arb_arg)TEXT("where", where),
                              TEXT("text", msg), LATIN("code", arb_reason_name(in.error->why.code))};
            say_to(&res->err, lang, "", "report.ann_copied_unchanged", args, 3);
        }
        if (fmt != ANN_WRITE)
            end_game(res);
        aj_annotate_count(&res->sum, a, in.annotated);
        res->unreadable |= !in.annotated;
        in.converted = 0;
        arb_pgn_game_free(&g);
    }
    if (fmt == ANN_WRITE) {
        sbuf_put(&res->out, text + copied, len - copied);
        end_game(res);
    }
    free(utf8);
}
