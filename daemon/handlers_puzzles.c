/* Puzzle endpoints: GET /v1/puzzles (the bundled mate-in-N puzzles, without their keys) and
 * POST /v1/puzzles/{id}/answer (a first move or a whole line, judged by the engine's solver:
 * any line that still forces mate in time is accepted, not only the recorded keys). The puzzles
 * are the current lesson set's list (puzzles.h), reloaded with it on SIGHUP; each request holds
 * the set it started with. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handlers_puzzles.h"
#include "reply.h"
#include "routes.h"

static json_t *puzzle_json(const ad_puzzle *p)
{
    return json_pack("{s:s, s:i, s:s, s:s, s:s}", "id", p->id, "n", p->n, "fen", p->fen, "turn",
                     aj_color_name((arb_color)p->pos.side), "source", p->source);
}

static void list_puzzles(ad_request *r, const ad_puzzle_list *puzzles)
{
    json_t *list = json_array();
    for (int i = 0; i < puzzles->count; i++)
        json_array_append_new(list, puzzle_json(&puzzles->items[i]));
    ad_reply_json(r, 200, json_pack("{s:o}", "puzzles", list));
}

static void get_puzzle(ad_request *r, const ad_puzzle_list *puzzles)
{
    const ad_puzzle *p = ad_puzzles_find(puzzles, r->params[0]);
    if (!p) {
        ad_reply_code(r, AJ_E_NOT_FOUND, "id");
        return;
    }
    ad_reply_json(r, 200, puzzle_json(p));
}

static const char *const verdicts[] = {"solved", "correct", "wrong", "illegal"};

/* A token of an answer without its move number: "16.Qb8+" -> "Qb8+", "1...Kd8" -> "Kd8",
 * "1." -> "" (the notation of the puzzles' own `source` lines, with or without spaces). */
static const char *without_move_number(const char *t)
{
    const char *p = t;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == t || *p != '.')
        return t;
    while (*p == '.')
        p++;
    return p;
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
 * numbers allowed), never both. */
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
        char copy[256];
        if (strlen(answer) >= sizeof copy)
            return reply_field(r, AJ_E_INVALID_FIELD, "answer", -1, (long long)sizeof copy - 1);
        snprintf(copy, sizeof copy, "%s", answer);
        char *save = NULL;
        for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
            const char *move = without_move_number(t);
            if (!*move) /* a move number alone ("1.", "16...") */
                continue;
            if (*count >= 2 * p->n)
                return reply_field(r, AJ_E_TOO_MANY_MOVES, "answer", -1, 2 * p->n);
            if (strlen(move) >= ARB_MOVE_TEXT_MAX)
                return reply_field(r, AJ_E_INVALID_MOVE, "answer", *count, -1);
            snprintf(texts[(*count)++], ARB_MOVE_TEXT_MAX, "%s", move);
        }
        if (*count == 0)
            return reply_field(r, AJ_E_INVALID_FIELD, "answer", -1, -1);
    }
    /* Each move must read in the position it is played from; why not, as /v1/analyze says it. */
    arb_game g;
    if (arb_game_init(&g, &p->pos) != ARB_OK)
        return reply_field(r, AJ_E_INTERNAL, NULL, -1, -1);
    for (int i = 0; i < *count; i++) {
        arb_outcome ending; /* a move after the mate (or a draw) */
        if (i > 0 && arb_game_automatic_ending(&g, g.nplies, &ending) == ARB_OK && ending.termination != ARB_TERM_NONE) {
            aj_game_over_error(&ending, g.nplies, texts[i], &e);
            e.field = field;
            e.index = i;
            ad_reply_error(r, &e);
            arb_game_free(&g);
            return false;
        }
        if (!aj_read_move(arb_game_current(&g), &g, texts[i], field, &moves[i], &e)) {
            e.index = i;
            ad_reply_error(r, &e);
            arb_game_free(&g);
            return false;
        }
        arb_game_play(&g, moves[i]);
    }
    arb_game_free(&g);
    return true;
}

static void judge_answer(ad_request *r, const ad_puzzle_list *puzzles)
{
    const ad_puzzle *p = ad_puzzles_find(puzzles, r->params[0]);
    if (!p) {
        ad_reply_code(r, AJ_E_NOT_FOUND, "id");
        return;
    }
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
    json_t *o = json_pack("{s:s, s:b, s:b, s:s, s:i, s:o}", "id", p->id, "correct", correct, "solved",
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

/* Each handler holds the current lesson set (and so its puzzle list) for the whole request. */
static const ad_puzzle_list no_puzzles;

static const ad_puzzle_list *puzzles_of(const ad_lesson_set *set)
{
    return set ? &set->puzzles : &no_puzzles;
}

/* The server holds the lesson set (and so its puzzles) for the request (AD_LESSON_SET). */
static void h_list(ad_request *r) { list_puzzles(r, puzzles_of(r->set)); }
static void h_get(ad_request *r) { get_puzzle(r, puzzles_of(r->set)); }
static void h_answer(ad_request *r) { judge_answer(r, puzzles_of(r->set)); }

const ad_route ad_puzzle_routes[] = {
    {"GET", "/v1/puzzles", h_list, AD_LESSON_SET | AD_CACHEABLE},
    {"GET", "/v1/puzzles/{id}", h_get, AD_LESSON_SET | AD_CACHEABLE},
    {"POST", "/v1/puzzles/{id}/answer", h_answer, AD_BODY_JSON | AD_HEAVY | AD_LESSON_SET},
    {NULL, NULL, NULL, 0},
};
