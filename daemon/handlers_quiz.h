/* Quiz endpoints (handlers_quiz.c, routes in routes.h). The generators they serve are the quiz
 * book of the current lesson set (lessons.h): loaded from <lessons>/quizzes at start and again
 * on every SIGHUP reload, held per request, freed with the set. */
#ifndef AD_HANDLERS_QUIZ_H
#define AD_HANDLERS_QUIZ_H

/* Most questions one POST /v1/quizzes may ask for. */
#define AD_QUIZ_MAX_COUNT 100

#endif
