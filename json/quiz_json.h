/* The JSON view of quiz questions, grades and generators, shared by arbiterd and the arbiter
 * CLI (compiled into both; it needs the Lua layer's quiz runtime types). */
#ifndef ARBITER_QUIZ_JSON_H
#define ARBITER_QUIZ_JSON_H

#include <jansson.h>

#include "quizzes.h"

/* {"id","title","parameters":[{"name","values","default"}]} with the title in lang. */
json_t *aj_quiz_json(const arbl_quiz *quiz, const char *lang);
/* {"id","generator","seed","index","fen","prompt","choices":[{"id","text"}], "start_fen"?,
 * "moves"?, "data"?} */
json_t *aj_question_json(const arbl_question *q, const char *generator, uint64_t seed);
/* {"id","correct","expected","explanations":[...]} */
json_t *aj_grade_json(const char *id, const arbl_grade *g);
/* An explanation object (code, text, squares, rule, params) from the runtime's copy, in the
 * shape aj_reason_json gives the engine's: rule "FIDE x" or null, piece/by upper case with
 * piece_color/by_color, n/m/offset numbers, field by name. Lessons and quizzes both use it. */
json_t *aj_explanation_json(const arbl_explanation *e);

#endif
