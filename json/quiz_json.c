/* JSON for quizzes: generators, questions and grades as API.md shapes them, and the one shape
 * of an explanation a script made or copied (lessons and quizzes alike; quiz_json.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiz_json.h"

json_t *aj_quiz_json(const arbl_quiz *quiz, const char *lang)
{
    json_t *params = json_array();
    for (int i = 0; i < quiz->nparams; i++) {
        json_t *values = json_array();
        for (int j = 0; j < quiz->params[i].nvalues; j++)
            json_array_append_new(values, json_string(quiz->params[i].values[j]));
        json_array_append_new(params, json_pack("{s:s, s:o, s:s}", "name", quiz->params[i].name, "values", values,
                                                "default", quiz->params[i].def));
    }
    return json_pack("{s:s, s:s, s:o}", "id", quiz->id, "title", arbl_text_get(&quiz->title, lang), "parameters",
                     params);
}

json_t *aj_question_json(const arbl_question *q, const char *generator, uint64_t seed)
{
    json_t *choices = json_array();
    for (int i = 0; i < q->nchoices; i++)
        json_array_append_new(choices, json_pack("{s:s, s:s}", "id", q->choices[i].id, "text", q->choices[i].text));
    json_t *o = json_pack("{s:s, s:s, s:I, s:I, s:s, s:s, s:s, s:o}", "id", q->id, "generator", generator, "seed",
                          (json_int_t)seed, "index", (json_int_t)q->index, "fen", q->fen, "prompt", q->prompt,
                          "answer_type", q->answer_type, "choices", choices);
    if (!o)
        return NULL;
    if (q->start_fen[0]) {
        json_object_set_new(o, "start_fen", json_string(q->start_fen));
        json_t *moves = json_array();
        char copy[sizeof q->moves];
        memcpy(copy, q->moves, sizeof copy);
        char *save = NULL;
        for (char *m = strtok_r(copy, " ", &save); m; m = strtok_r(NULL, " ", &save))
            json_array_append_new(moves, json_string(m));
        json_object_set_new(o, "moves", moves);
    }
    if (q->ndata) {
        json_t *data = json_object();
        for (int i = 0; i < q->ndata; i++)
            json_object_set_new(data, q->data[i].key, json_string(q->data[i].value));
        json_object_set_new(o, "data", data);
    }
    return o;
}

/* Numbers among a script explanation's params (the engine's n, m, offset, as aj_reason_json). */
static bool numeric_param(const char *key)
{
    return strcmp(key, "n") == 0 || strcmp(key, "m") == 0 || strcmp(key, "offset") == 0;
}

/* Sets one param as aj_reason_json would: a piece letter upper case with its colour beside it
 * ("r" -> "R" + by_color black), numbers as numbers, the FEN field by its name. */
static void set_param(json_t *params, const char *key, const char *v)
{
    static const char *const fen_fields[6] = {"board", "side", "castling", "en_passant", "halfmove", "fullmove"};
    bool piece = strcmp(key, "piece") == 0 || strcmp(key, "by") == 0;
    if (piece && strlen(v) == 1 && strchr("PNBRQKpnbrqk", v[0])) {
        char letter[2] = {(char)(v[0] & ~32), '\0'}, color_key[24];
        json_object_set_new(params, key, json_string(letter));
        snprintf(color_key, sizeof color_key, "%s_color", key);
        json_object_set_new(params, color_key, json_string(v[0] >= 'a' ? "black" : "white"));
        return;
    }
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    bool integer = *v && !*end && !errno;
    if (strcmp(key, "field") == 0 && integer && x >= 0 && x <= 5)
        json_object_set_new(params, key, json_string(fen_fields[x]));
    else if (numeric_param(key) && integer)
        json_object_set_new(params, key, json_integer(x));
    else
        json_object_set_new(params, key, json_string(v));
}

json_t *aj_explanation_json(const arbl_explanation *e)
{
    json_t *squares = json_array(), *params = json_object();
    for (int i = 0; i < e->nsquares; i++)
        json_array_append_new(squares, json_string(e->squares[i]));
    for (int i = 0; i < e->nparams; i++)
        set_param(params, e->params[i].key, e->params[i].value);
    return json_pack("{s:s, s:s, s:o, s:o, s:o}", "code", e->code, "text", e->text, "squares", squares, "rule",
                     e->rule[0] ? json_string(e->rule) : json_null(), "params", params);
}

json_t *aj_grade_json(const char *id, const arbl_grade *g)
{
    json_t *ex = json_array();
    for (int i = 0; i < g->nexplanations; i++)
        json_array_append_new(ex, aj_explanation_json(&g->explanations[i]));
    return json_pack("{s:s, s:b, s:s, s:o}", "id", id, "correct", g->correct, "expected", g->expected,
                     "explanations", ex);
}
