/* Puzzle endpoints: GET /v1/puzzles (every puzzle, without its answer, the prompt in the
 * request's language) and POST /v1/puzzles/{id}/answer. A mate-file puzzle's answer is a first
 * move or a whole line judged by the engine's solver (any line that still forces mate in time is
 * accepted, not only the recorded keys); a scripted puzzle's answer (a move, a line, a choice or
 * a number) is judged by its script in a sandbox (lua/puzzles.h). The puzzles are the current
 * lesson set's (lesson_set.h, set->books[AD_PUZZLES]), reloaded with it on SIGHUP; each request holds the
 * set it started with. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handlers_puzzles.h"
#include "reply.h"
#include "routes.h"
#include "server.h"
#ifdef AD_HAVE_LUA
#include "../lua/puzzles.h"
#include "quiz_json.h"
#endif

/* A mate-file puzzle (the list's i-th) as the list shows it without the Lua runtime (no prompt
 * then); its source in lang, moves isolated as the runtime's prose is. */
static json_t *mate_json(const ad_puzzle_list *list, int i, const char *lang)
{
    const ad_puzzle *p = &list->items[i];
    /* A source is < ARB_MATE_FIELD_MAX bytes (mate_file.c); isolating adds two 3-byte marks per
     * Latin run, a run and its separator at least 2 bytes: 4x holds it, and it is checked. */
    char source[4 * ARB_MATE_FIELD_MAX];
    const char *s = ad_puzzle_source(list, i, lang);
    if (arb_message_isolate(lang, s, NULL, 0) < sizeof source)
        arb_message_isolate(lang, s, source, sizeof source);
    else
        snprintf(source, sizeof source, "%s", p->source);
    return json_pack("{s:s, s:s, s:i, s:s, s:s, s:s, s:s, s:s}", "id", p->id, "kind", "mate", "n", p->n, "fen",
                     p->fen, "turn", aj_color_name((arb_color)p->pos.side), "source", source, "variant",
                     "standard", "answer_type", "line");
}

#ifdef AD_HAVE_LUA
static json_t *texts_json(const arbl_text *t, int n, const char *lang)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(arbl_text_get(&t[i], lang)));
    return a;
}

/* A puzzle of the box: what the page needs to show it and take its answer, never the answer. */
static json_t *box_puzzle_json(const arbl_puzzle *p, const char *lang)
{
    arb_position pos;
    arb_variant v = strcmp(p->variant, "chess960") == 0 ? ARB_CHESS960 : ARB_STANDARD;
    const char *turn = arb_position_from_fen(&pos, p->fen, v, NULL) == ARB_OK ? aj_color_name((arb_color)pos.side)
                                                                               : "white";
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "id", p->id, "kind", p->kind, "fen", p->fen,
                          "turn", turn, "variant", p->variant, "source", arbl_text_get(&p->source, lang), "prompt",
                          arbl_text_get(&p->prompt, lang), "answer_type", p->answer_type);
    if (p->n > 0)
        json_object_set_new(o, "n", json_integer(p->n));
    json_object_set_new(o, "hints", texts_json(p->hints, p->nhints, lang));
    if (p->nchoices > 0) {
        json_t *choices = json_array();
        for (int i = 0; i < p->nchoices; i++)
            json_array_append_new(choices, json_pack("{s:s, s:s}", "id", p->choices[i].id, "text",
                                                     arbl_text_get(&p->choices[i].text, lang)));
        json_object_set_new(o, "choices", choices);
    }
    return o;
}
#endif

/* Appends the puzzle p (its JSON) when ?kind= and ?variant= (the fields table's "GET /v1/puzzles")
 * ask for it; frees it otherwise. */
static void add_listed(const ad_request *r, json_t *list, json_t *p)
{
    const char *const filters[] = {"kind", "variant"};
    for (int i = 0; i < 2; i++) {
        const char *want = ad_query(r, filters[i]), *has = json_string_value(json_object_get(p, filters[i]));
        if (want && (!has || strcmp(has, want) != 0)) {
            json_decref(p);
            return;
        }
    }
    json_array_append_new(list, p);
}

static void list_puzzles(ad_request *r, const ad_lesson_set *set, const ad_puzzle_list *puzzles)
{
    json_t *list = json_array();
#ifdef AD_HAVE_LUA
    if (set && set->books[AD_PUZZLES]) {
        for (int i = 0; i < arbl_book_count(set->books[AD_PUZZLES]); i++)
            add_listed(r, list, box_puzzle_json(arbl_book_at(set->books[AD_PUZZLES], i), r->lang));
        ad_reply_json(r, 200, json_pack("{s:o}", "puzzles", ad_page(r, list)));
        return;
    }
#else
    (void)set;
#endif
    for (int i = 0; i < puzzles->count; i++)
        add_listed(r, list, mate_json(puzzles, i, r->lang));
    ad_reply_json(r, 200, json_pack("{s:o}", "puzzles", ad_page(r, list)));
}

/* 404 for the puzzle the path names, saying so (as a lesson's 404 does). */
static void reply_not_found(ad_request *r)
{
    aj_error e;
    aj_fail(&e, AJ_E_NOT_FOUND, "id");
    snprintf(e.detail, sizeof e.detail, "no puzzle '%.100s' (GET /v1/puzzles lists them)", r->params[0]);
    ad_reply_error(r, &e);
}

static void get_puzzle(ad_request *r, const ad_lesson_set *set, const ad_puzzle_list *puzzles)
{
#ifdef AD_HAVE_LUA
    const arbl_puzzle *bp = set ? arbl_book_find(set->books[AD_PUZZLES], r->params[0]) : NULL;
    if (bp) {
        ad_reply_json(r, 200, box_puzzle_json(bp, r->lang));
        return;
    }
#else
    (void)set;
#endif
    const ad_puzzle *p = ad_puzzles_find(puzzles, r->params[0]);
    if (!p) {
        reply_not_found(r);
        return;
    }
    ad_reply_json(r, 200, mate_json(puzzles, (int)(p - puzzles->items), r->lang));
}

static const char *const verdicts[] = {"solved", "correct", "wrong", "illegal"};

/* Refuses (400, false) a move number that does not fit the ply-th move of the line, `move`: it
 * must name the side that plays it, and be the game's number (the FEN's move number on) or the
 * line's own (1 for its first move). A Black-to-move puzzle answered "2.Qh4#", or a White one
 * "1...Kd8", would otherwise be read as the other side's move (trial row 29). */
static bool check_move_number(ad_request *r, const arb_position *from, int ply, const char *move, size_t len,
                              arb_line_number num)
{
    long number = num.number;
    bool black = num.black, by_black = (from->side == ARB_BLACK) != (ply % 2 == 1);
    long on = (ply + (from->side == ARB_BLACK)) / 2; /* full moves after the first */
    long game = (long)from->fullmove_number + on, line = 1 + on;
    if (black == by_black && (number == game || number == line))
        return true;
    aj_error e;
    aj_fail(&e, AJ_E_INVALID_FIELD, "answer");
    e.index = ply;
    if (black != by_black)
        snprintf(e.detail, sizeof e.detail, "'%ld%s' numbers a %s move, but %.*s is %s's", number, black ? "..." : ".",
                 black ? "Black" : "White", (int)len, move, by_black ? "Black" : "White");
    else
        snprintf(e.detail, sizeof e.detail, "'%ld%s' is not the number of %.*s (%ld%s in the game, %ld%s in the line)",
                 number, black ? "..." : ".", (int)len, move, game, black ? "..." : ".", line, black ? "..." : ".");
    ad_reply_error(r, &e);
    return false;
}

/* Replies with an error naming the field (and the index in it); false, for `return`. */
static bool reply_field(ad_request *r, aj_code code, const char *field, int index, long long limit)
{
    aj_error e;
    aj_fail(&e, code, field);
    e.index = index;
    e.limit = limit;
    ad_reply_error(r, &e);
    return false;
}

/* Reads the line: "moves": [..] or "answer": "Qb8+ Nxb8 Rd8#" (one move or several, move
 * numbers allowed: the engine's reader, arb_line_next, as the puzzle scripts' P.line_moves), never
 * both. */
static bool read_line(ad_request *r, const ad_puzzle *p, arb_move *moves, int *count, char texts[][ARB_MOVE_TEXT_MAX])
{
    aj_error e;
    const char *answer = NULL;
    json_t *list = json_object_get(r->body, "moves");
    if (list && json_is_null(list))
        list = NULL;
    if (!aj_opt_string(r->body, "answer", &answer, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    if (list && !json_is_array(list))
        return reply_field(r, AJ_E_INVALID_FIELD, "moves", -1, -1);
    if (answer && list)
        return reply_field(r, AJ_E_CONFLICTING_FIELDS, "moves", -1, -1);
    if (!answer && !list)
        return reply_field(r, AJ_E_MISSING_FIELD, "answer", -1, -1);
    const char *field = list ? "moves" : "answer";
    *count = 0;
    if (list) {
        if (json_array_size(list) > (size_t)(2 * p->n))
            return reply_field(r, AJ_E_TOO_MANY_MOVES, "moves", -1, 2 * p->n);
        for (size_t i = 0; i < json_array_size(list); i++) {
            const char *t = json_string_value(json_array_get(list, i));
            if (!t || strlen(t) >= ARB_MOVE_TEXT_MAX)
                return reply_field(r, AJ_E_INVALID_FIELD, "moves", (int)i, -1);
            snprintf(texts[(*count)++], ARB_MOVE_TEXT_MAX, "%s", t);
        }
    } else {
        if (strlen(answer) >= 256)
            return reply_field(r, AJ_E_INVALID_FIELD, "answer", -1, 255);
        size_t len;
        arb_line_number num;
        for (const char *at = answer, *move; (move = arb_line_next(&at, &len, &num)) != NULL;) { /* "1. Qb8+ Nxb8" */
            if (num.number >= 0 && !check_move_number(r, &p->pos, *count, move, len, num))
                return false;
            if (*count >= 2 * p->n)
                return reply_field(r, AJ_E_TOO_MANY_MOVES, "answer", -1, 2 * p->n);
            if (len >= ARB_MOVE_TEXT_MAX)
                return reply_field(r, AJ_E_INVALID_MOVE, "answer", *count, -1);
            snprintf(texts[(*count)++], ARB_MOVE_TEXT_MAX, "%.*s", (int)len, move);
        }
        if (*count == 0)
            return reply_field(r, AJ_E_INVALID_FIELD, "answer", -1, -1);
    }
    /* The line is a record from the puzzle's position: it ends at the mate (or a draw), and each
     * move must read in the position it is played from; why not, as /v1/analyze says it. */
    arb_game g;
    if (arb_game_init(&g, &p->pos) != ARB_OK)
        return reply_field(r, AJ_E_INTERNAL, NULL, -1, -1);
    const char *line[2 * 3]; /* mate in 3 at most, as judge_mate sizes it */
    for (int i = 0; i < *count; i++)
        line[i] = texts[i];
    arb_record_result rec;
    bool ok = arb_game_play_record(&g, line, *count, &rec) == ARB_OK;
    if (ok) {
        memcpy(moves, g.moves, sizeof *moves * (size_t)*count);
    } else {
        arb_move m;
        if (rec.after_end)
            aj_game_over_error(&rec.ending, texts[rec.failed], &e);
        else if (aj_read_move(arb_game_current(&g), &g, texts[rec.failed], field, &m, &e))
            aj_fail(&e, AJ_E_INTERNAL, NULL); /* the engine refused a move its explanation calls legal */
        e.field = field;
        e.index = rec.failed;
        ad_reply_error(r, &e);
    }
    arb_game_free(&g);
    return ok;
}

static void judge_mate(ad_request *r, const ad_puzzle *p)
{
    arb_move moves[2 * 3];
    char texts[2 * 3][ARB_MOVE_TEXT_MAX];
    int count = 0;
    if (!read_line(r, p, moves, &count, texts))
        return;
    arb_line_check *out = malloc(sizeof *out);
    if (!out) {
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    arb_status st = arb_mate_check_line(&p->pos, p->n, moves, count, AD_PUZZLE_BUDGET, out);
    if (st != ARB_OK) {
        aj_error e;
        aj_fail(&e, st == ARB_ERR_LIMIT ? AJ_E_BUDGET_EXCEEDED : AJ_E_INTERNAL, NULL);
        if (st == ARB_ERR_LIMIT && out->nreasons > 0) {
            e.has_reason = true;
            e.reason = out->reasons[0];
        }
        ad_reply_error(r, &e);
        free(out);
        return;
    }
    json_t *ex = json_array();
    for (int i = 0; i < out->nreasons; i++)
        json_array_append_new(ex, aj_reason_json(&out->reasons[i], r->lang));
    bool correct = out->verdict == ARB_LINE_SOLVED || out->verdict == ARB_LINE_CORRECT;
    json_t *o = json_pack("{s:s, s:s, s:b, s:b, s:s, s:i, s:o}", "id", p->id, "kind", "mate", "correct", correct, "solved",
                          out->verdict == ARB_LINE_SOLVED, "verdict", verdicts[out->verdict], "remaining",
                          out->remaining, "explanations", ex);
    /* The position after the line, to name the reply, the refutation and the keys. */
    arb_position cur = p->pos;
    for (int i = 0; i < count && (out->verdict != ARB_LINE_WRONG || i < out->index); i++)
        arb_position_play(&cur, moves[i]);
    char san[ARB_MOVE_TEXT_MAX];
    if (out->verdict == ARB_LINE_CORRECT && out->reply != ARB_MOVE_NONE) {
        arb_move_san(&cur, out->reply, san, sizeof san);
        json_object_set_new(o, "reply", json_string(san));
    }
    if (out->verdict == ARB_LINE_WRONG) {
        json_object_set_new(o, "index", json_integer(out->index));
        if (out->refutation != ARB_MOVE_NONE) {
            arb_position after = cur;
            arb_position_play(&after, moves[out->index]);
            arb_move_san(&after, out->refutation, san, sizeof san);
            json_object_set_new(o, "refutation", json_string(san));
        }
    }
    if (!correct)
        json_object_set_new(o, "expected", json_string(p->keys)); /* the recorded keys, SAN */
    ad_reply_json(r, 200, o);
    free(out);
}

#ifdef AD_HAVE_LUA
/* The answer of a scripted puzzle: "answer" (a move, a choice id, a number, a line), or for a
 * line "moves": [...] (joined with spaces); never both. */
static bool read_script_answer(ad_request *r, char *buf, size_t cap)
{
    aj_error e;
    const char *answer = NULL;
    json_t *list = json_object_get(r->body, "moves");
    if (list && json_is_null(list))
        list = NULL;
    if (!aj_opt_string(r->body, "answer", &answer, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    if (list && !json_is_array(list))
        return reply_field(r, AJ_E_INVALID_FIELD, "moves", -1, -1);
    if (answer && list)
        return reply_field(r, AJ_E_CONFLICTING_FIELDS, "moves", -1, -1);
    if (!answer && !list)
        return reply_field(r, AJ_E_MISSING_FIELD, "answer", -1, -1);
    if (answer) {
        if (strlen(answer) > ARBL_ANSWER_MAX)
            return reply_field(r, AJ_E_INVALID_FIELD, "answer", -1, ARBL_ANSWER_MAX);
        snprintf(buf, cap, "%s", answer);
        return true;
    }
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        const char *t = json_string_value(json_array_get(list, i));
        if (!t || strlen(t) >= ARB_MOVE_TEXT_MAX)
            return reply_field(r, AJ_E_INVALID_FIELD, "moves", (int)i, -1);
        int n = snprintf(buf + used, cap - used, "%s%s", used ? " " : "", t);
        if (n < 0 || used + (size_t)n > ARBL_ANSWER_MAX)
            return reply_field(r, AJ_E_TOO_MANY_MOVES, "moves", (int)i, -1);
        used += (size_t)n;
    }
    return true;
}

/* 500 lesson_script_failed naming the puzzle, its file and line, and the budget that ran out. */
static void reply_script_failure(ad_request *r, const arbl_puzzle *p, const arbl_result *res)
{
    atomic_fetch_add_explicit(&r->srv->metrics.lesson_failures, 1, memory_order_relaxed);
    const char *slash = strrchr(p->path ? p->path : "", '/');
    const char *file = slash ? slash + 1 : (p->path ? p->path : "");
    const char *rest;
    int line = arbl_split_where(file, strstr(res->error, ": ") ? strstr(res->error, ": ") + 2 : res->error, &rest);
    aj_error e;
    aj_fail(&e, AJ_E_LESSON_SCRIPT, NULL);
    json_t *root = aj_error_json(&e, r->lang);
    json_t *err = json_object_get(root, "error");
    char message[400];
    snprintf(message, sizeof message, "The script of puzzle '%.64s' failed%s%s.", p->id,
             res->budget != ARBL_BUDGET_NONE ? ": its budget ran out: " : "",
             res->budget != ARBL_BUDGET_NONE ? arbl_budget_name(res->budget) : "");
    json_object_set_new(err, "message", json_string(message));
    json_object_set_new(err, "detail", json_string(res->error));
    json_object_set_new(err, "puzzle", json_string(p->id));
    json_object_set_new(err, "file", json_string(file));
    json_object_set_new(err, "line", line ? json_integer(line) : json_null());
    json_object_set_new(err, "budget", res->budget != ARBL_BUDGET_NONE ? json_string(arbl_budget_name(res->budget))
                                                                       : json_null());
    ad_reply_json(r, aj_code_status(AJ_E_LESSON_SCRIPT), root);
}

static void judge_script(ad_request *r, const arbl_book *box, const arbl_puzzle *p)
{
    char answer[ARBL_ANSWER_MAX + ARB_MOVE_TEXT_MAX + 2];
    if (!read_script_answer(r, answer, sizeof answer))
        return;
    arbl_result *res = malloc(sizeof *res);
    if (!res) {
        ad_reply_code(r, AJ_E_INTERNAL, NULL);
        return;
    }
    if (!arbl_puzzle_answer(box, p, answer, r->lang, res)) {
        reply_script_failure(r, p, res);
        free(res);
        return;
    }
    json_t *ex = json_array();
    for (int i = 0; i < res->nexplanations; i++)
        json_array_append_new(ex, aj_explanation_json(&res->explanations[i]));
    ad_reply_json(r, 200, json_pack("{s:s, s:s, s:b, s:b, s:s, s:s, s:o}", "id", p->id, "kind", p->kind, "correct",
                                    res->correct, "solved", res->correct, "verdict", res->correct ? "solved" : "wrong",
                                    "feedback", res->feedback, "explanations", ex));
    free(res);
}
#endif

static void judge_answer(ad_request *r, const ad_lesson_set *set, const ad_puzzle_list *puzzles)
{
    const ad_puzzle *p = ad_puzzles_find(puzzles, r->params[0]);
    if (p) {
        judge_mate(r, p);
        return;
    }
#ifdef AD_HAVE_LUA
    const arbl_puzzle *bp = set ? arbl_book_find(set->books[AD_PUZZLES], r->params[0]) : NULL;
    if (bp && bp->chunk) {
        judge_script(r, set->books[AD_PUZZLES], bp);
        return;
    }
#else
    (void)set;
#endif
    reply_not_found(r);
}

/* Each handler holds the current lesson set (and so its puzzle list) for the whole request. */
static const ad_puzzle_list no_puzzles;

static const ad_puzzle_list *puzzles_of(const ad_lesson_set *set)
{
    return set ? &set->puzzles : &no_puzzles;
}

/* The server holds the lesson set (and so its puzzles) for the request (AD_LESSON_SET). */
static void h_list(ad_request *r) { list_puzzles(r, r->set, puzzles_of(r->set)); }
static void h_get(ad_request *r) { get_puzzle(r, r->set, puzzles_of(r->set)); }
static void h_answer(ad_request *r) { judge_answer(r, r->set, puzzles_of(r->set)); }

const ad_route ad_puzzle_routes[] = {
    {"GET", "/v1/puzzles", h_list, AD_LESSON_SET | AD_CACHEABLE},
    {"GET", "/v1/puzzles/{id}", h_get, AD_LESSON_SET | AD_CACHEABLE},
    {"POST", "/v1/puzzles/{id}/answer", h_answer, AD_BODY_JSON | AD_HEAVY | AD_LESSON_SET | AD_SCRIPT},
    {NULL, NULL, NULL, 0},
};
