/* The quiz generators arbiterd serves (handlers_quiz.c): loaded once before the server starts
 * from <lessons>/quizzes, freed after it stops. */
#ifndef AD_HANDLERS_QUIZ_H
#define AD_HANDLERS_QUIZ_H

/* Most questions one POST /v1/quizzes may ask for. */
#define AD_QUIZ_MAX_COUNT 100

/* Returns how many generators were loaded, -1 when the directory cannot be read. */
int ad_quizzes_load(const char *lessons_dir);
void ad_quizzes_free(void);
int ad_quizzes_count(void);

#endif
