/* JSON for quizzes: generators, questions and grades as API.md shapes them, and the one shape
 * of an explanation a script made or copied (lessons and quizzes alike; quiz_json.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"
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

json_t *aj_explanation_json(const arbl_explanation *e)
{
    json_t *squares = json_array(), *params = json_object();
    for (int i = 0; i < e->nsquares; i++)
        json_array_append_new(squares, json_string(e->squares[i]));
    arb_param p;
    for (int i = 0; arbl_explanation_param(e, i, &p); i++)
        aj_param_set(params, &p); /* the engine's reasons' own writer: one shape */
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
