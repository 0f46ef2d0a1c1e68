/* Helpers shared by the rules tests: a game record from a FEN and a line of moves. */
#ifndef RULES_UTIL_H
#define RULES_UTIL_H

#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

/* Starts g at fen ("startpos" allowed) and plays the space-separated SAN/UCI moves. Returns
 * false (and fails the current test) if any step fails. */
static inline bool game_from(arb_game *g, const char *fen, const char *moves)
{
    arb_position pos;
    arb_reason why;
    if (arb_position_from_fen(&pos, strcmp(fen, "startpos") ? fen : ARB_START_FEN, ARB_STANDARD, &why) != ARB_OK) {
        harness_fail(__FILE__, __LINE__, "bad FEN %s", fen);
        return false;
    }
    if (arb_game_init(g, &pos) != ARB_OK)
        return false;
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        arb_move m;
        if (arb_parse_move(arb_game_current(g), tok, &m, &why) != ARB_OK || arb_game_play(g, m) != ARB_OK) {
            harness_fail(__FILE__, __LINE__, "cannot play %s", tok);
            return false;
        }
    }
    return true;
}

static inline arb_move move_in(const arb_position *pos, const char *text)
{
    arb_move m = ARB_MOVE_NONE;
    arb_reason why;
    if (arb_parse_move(pos, text, &m, &why) != ARB_OK)
        return ARB_MOVE_NONE;
    return m;
}

/* Whether out has a reason with this code (returns it, or NULL). */
static inline const arb_reason *find_reason(const arb_reason *rs, int n, arb_reason_code code)
{
    for (int i = 0; i < n; i++)
        if (rs[i].code == code)
            return &rs[i];
    return NULL;
}

#endif
