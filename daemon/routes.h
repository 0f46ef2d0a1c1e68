/* The route tables and matching: every module contributes a NULL-terminated ad_route table
 * (core, position, later lessons/quizzes/puzzles) listed once in routes.c. */
#ifndef AD_ROUTES_H
#define AD_ROUTES_H

#include "request.h"

extern const ad_route ad_core_routes[];
extern const ad_route ad_position_routes[];
extern const ad_route ad_quiz_routes[];
extern const ad_route ad_puzzle_routes[];
extern const ad_route ad_lesson_routes[];
extern const ad_route ad_dead_routes[];
extern const ad_route ad_game_routes[];
extern const ad_route ad_annotate_routes[];
extern const ad_route ad_chess960_routes[];
extern const ad_route ad_web_routes[];
extern const ad_route ad_batch_routes[];

/* Finds the route for method+path. Returns its slot (for metrics) and fills r->route and
 * r->params; -1 with allow[] filled (comma-separated methods) when the path exists with other
 * methods (405), -2 when no route has the path (404). HEAD matches GET routes. */
int ad_route_find(const char *method, const char *path, ad_request *r, char *allow, size_t allowcap);

/* The method and pattern of route slot i; false past the last (for metrics labels). */
bool ad_route_label(int slot, const char **method, const char **pattern);
int ad_route_count(void);

#endif
