/* Puzzle endpoints: GET /v1/puzzles (the bundled mate-in-N puzzles, without their keys) and
 * POST /v1/puzzles/{id}/answer (a first move or a whole line, judged by the engine's solver:
 * any line that still forces mate in time is accepted, not only the recorded keys). Puzzles
 * are read once at start from <lessons>/puzzles/puzzles.txt (format: its README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handlers_puzzles.h"
#include "log.h"
#include "reply.h"
#include "routes.h"

#define PUZZLE_FIELD_MAX 200
#define PUZZLES_MAX 10000
/* Solver budget per answer (positions); a line that needs more is 422 budget_exceeded. */
#define PUZZLE_BUDGET 5000000u

typedef struct puzzle {
    char id[64];
    int n;
    arb_position pos;
    char fen[ARB_FEN_MAX];
    char keys[PUZZLE_FIELD_MAX];
    char source[PUZZLE_FIELD_MAX];
} puzzle;

/* Set once before the server starts, freed after it stops; read-only in between. */
static puzzle *puzzles;
static int npuzzles;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

int ad_puzzles_load(const char *lessons_dir)
{
    char path[1024], line[1024];
    snprintf(path, sizeof path, "%s/puzzles/puzzles.txt", lessons_dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        ad_log(AD_LOG_WARN, "no puzzle file %s: no puzzles served", path);
        return -1;
    }
    int cap = 0, lineno = 0;
    while (fgets(line, sizeof line, f) && npuzzles < PUZZLES_MAX) {
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        char *fields[5];
        int nf = 0;
        for (char *p = s; nf < 5; nf++) {
            fields[nf] = p;
            char *bar = strchr(p, '|');
            if (!bar) {
                nf++;
                break;
            }
            *bar = 0;
            p = bar + 1;
        }
        puzzle pz;
        memset(&pz, 0, sizeof pz);
        char *end;
        if (nf < 4 || strlen(trim(fields[0])) >= sizeof pz.id || (pz.n = (int)strtol(trim(fields[1]), &end, 10)) < 1 ||
            pz.n > 3 || *end || arb_position_from_fen(&pz.pos, trim(fields[2]), ARB_STANDARD, NULL) != ARB_OK) {
            ad_log(AD_LOG_WARN, "%s:%d: not a puzzle line, skipped", path, lineno);
            continue;
        }
        snprintf(pz.id, sizeof pz.id, "%s", trim(fields[0]));
        arb_position_fen(&pz.pos, pz.fen, sizeof pz.fen);
        snprintf(pz.keys, sizeof pz.keys, "%s", trim(fields[3]));
        snprintf(pz.source, sizeof pz.source, "%s", nf > 4 ? trim(fields[4]) : "");
        if (npuzzles == cap) {
            cap = cap ? cap * 2 : 64;
            puzzle *np = realloc(puzzles, sizeof *np * (size_t)cap);
            if (!np)
                break;
            puzzles = np;
        }
        puzzles[npuzzles++] = pz;
    }
    fclose(f);
    return npuzzles;
}

void ad_puzzles_free(void)
{
    free(puzzles);
    puzzles = NULL;
    npuzzles = 0;
}

static const puzzle *find(const char *id)
{
    for (int i = 0; i < npuzzles; i++)
        if (strcmp(puzzles[i].id, id) == 0)
            return &puzzles[i];
    return NULL;
}

static json_t *puzzle_json(const puzzle *p)
{
    return json_pack("{s:s, s:i, s:s, s:s, s:s}", "id", p->id, "n", p->n, "fen", p->fen, "turn",
                     aj_color_name((arb_color)p->pos.side), "source", p->source);
}

static void h_list(ad_request *r)
{
    json_t *list = json_array();
    for (int i = 0; i < npuzzles; i++)
        json_array_append_new(list, puzzle_json(&puzzles[i]));
    ad_reply_json(r, 200, json_pack("{s:o}", "puzzles", list));
}

static void h_get(ad_request *r)
{
    const puzzle *p = find(r->params[0]);
    if (!p) {
        ad_reply_code(r, AJ_E_NOT_FOUND, "id");
        return;
    }
    ad_reply_json(r, 200, puzzle_json(p));
}

static const char *const verdicts[] = {"solved", "correct", "wrong", "illegal"};

/* Reads the line: "moves": [..] or "answer": "Qb8+ Nxb8 Rd8#" (one move or several). */
static bool read_line(ad_request *r, const puzzle *p, arb_move *moves, int *count, char texts[][ARB_MOVE_TEXT_MAX])
{
    aj_error e;
    const char *answer = NULL;
    json_t *list = json_object_get(r->body, "moves");
    if (!aj_opt_string(r->body, "answer", &answer, &e)) {
        ad_reply_error(r, &e);
        return false;
    }
    if (list && !json_is_array(list)) {
        ad_reply_code(r, AJ_E_INVALID_FIELD, "moves");
        return false;
    }
    if (!answer && !list) {
        ad_reply_code(r, AJ_E_MISSING_FIELD, "answer");
        return false;
    }
    *count = 0;
    if (list) {
        if (json_array_size(list) > (size_t)(2 * p->n)) {
            aj_fail(&e, AJ_E_TOO_MANY_MOVES, "moves");
            e.limit = 2 * p->n;
            ad_reply_error(r, &e);
            return false;
        }
        for (size_t i = 0; i < json_array_size(list); i++) {
            const char *t = json_string_value(json_array_get(list, i));
            if (!t || strlen(t) >= ARB_MOVE_TEXT_MAX) {
                aj_fail(&e, AJ_E_INVALID_FIELD, "moves");
                e.index = (int)i;
                ad_reply_error(r, &e);
                return false;
            }
            snprintf(texts[(*count)++], ARB_MOVE_TEXT_MAX, "%s", t);
        }
    } else {
        char copy[256];
        if (strlen(answer) >= sizeof copy) {
            ad_reply_code(r, AJ_E_INVALID_FIELD, "answer");
            return false;
        }
        snprintf(copy, sizeof copy, "%s", answer);
        char *save = NULL;
        for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
            /* Move numbers ("1.", "1...") are skipped. */
            if (t[0] >= '0' && t[0] <= '9' && strchr(t, '.'))
                continue;
            if (*count >= 2 * p->n || strlen(t) >= ARB_MOVE_TEXT_MAX) {
                aj_fail(&e, AJ_E_TOO_MANY_MOVES, "answer");
                e.limit = 2 * p->n;
                ad_reply_error(r, &e);
                return false;
            }
            snprintf(texts[(*count)++], ARB_MOVE_TEXT_MAX, "%s", t);
        }
        if (*count == 0) {
            ad_reply_code(r, AJ_E_MISSING_FIELD, "answer");
            return false;
        }
    }
    /* Each move must read in the position it is played from. */
    arb_position cur = p->pos;
    for (int i = 0; i < *count; i++) {
        arb_reason why;
        if (arb_parse_move(&cur, texts[i], &moves[i], &why) != ARB_OK) {
            aj_fail(&e, AJ_E_ILLEGAL_MOVE, list ? "moves" : "answer");
            e.index = i;
            e.has_reason = true;
            e.reason = why;
            ad_reply_error(r, &e);
            return false;
        }
        arb_position_play(&cur, moves[i]);
    }
    return true;
}

static void h_answer(ad_request *r)
{
    const puzzle *p = find(r->params[0]);
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
    arb_status st = arb_mate_check_line(&p->pos, p->n, moves, count, PUZZLE_BUDGET, out);
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

const ad_route ad_puzzle_routes[] = {
    {"GET", "/v1/puzzles", h_list, 0},
    {"GET", "/v1/puzzles/{id}", h_get, 0},
    {"POST", "/v1/puzzles/{id}/answer", h_answer, AD_BODY_JSON | AD_HEAVY},
    {NULL, NULL, NULL, 0},
};
