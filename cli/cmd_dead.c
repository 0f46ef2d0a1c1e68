/* arbiter dead: is the position dead (5.2.2), and can each side still mate (6.9)? */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static void print_side(const struct cli_opts *o, const arb_position *pos, const arb_unwinnable_result *r)
{
    static const char *const verdicts[] = {"unknown", "can mate", "cannot mate"};
    printf("%s: %s (%llu positions searched)\n", r->winner == ARB_WHITE ? "white" : "black",
           verdicts[r->verdict], (unsigned long long)r->nodes);
    if (r->verdict == ARB_WIN_POSSIBLE && r->witness_len > 0) {
        arb_position p = *pos;
        printf("  witness (SAN):");
        for (int i = 0; i < r->witness_len; i++) {
            char san[ARB_MOVE_TEXT_MAX];
            arb_move_san(&p, r->witness[i], san, sizeof san);
            printf(" %s", san);
            arb_position_play(&p, r->witness[i]);
        }
        p = *pos;
        printf("\n  witness (UCI):");
        for (int i = 0; i < r->witness_len; i++) {
            char uci[ARB_MOVE_TEXT_MAX];
            arb_move_uci(&p, r->witness[i], uci, sizeof uci);
            printf(" %s", uci);
            arb_position_play(&p, r->witness[i]);
        }
        printf("\n");
    }
    for (int i = 0; i < r->nreasons; i++) {
        char text[ARB_REASON_TEXT_MAX];
        arb_reason_render(&r->reasons[i], o->lang, text, sizeof text);
        printf("  %s [%s, FIDE %s]\n", text, arb_reason_name(r->reasons[i].code),
               arb_reason_citation(&r->reasons[i]));
    }
}

int cmd_dead(int argc, char **argv)
{
    struct cli_opts o;
    arb_position pos;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 1 || o.nargs > 2) {
        fprintf(stderr, "usage: arbiter dead [--json] [--variant chess960] [--lang en|fa|ar] FEN [BUDGET]\n");
        return 2;
    }
    unsigned long long budget = 0;
    if (o.nargs == 2) {
        char *end;
        budget = strtoull(o.args[1], &end, 10);
        if (*end || end == o.args[1] || budget == 0 || budget > 1000000000ull) {
            fprintf(stderr, "arbiter: BUDGET must be a number of positions from 1 to 1000000000\n");
            return 2;
        }
    }
    if (o.json) { /* what POST /v1/dead answers, with the API's budget limits */
        json_t *body = cli_json_body(&o, o.args[0], NULL, 0);
        if (body && o.nargs == 2)
            json_object_set_new(body, "budget", json_integer((json_int_t)budget));
        return cli_json_endpoint(&o, aj_endpoint_dead, body, NULL);
    }
    if (!cli_position(&o, o.args[0], &pos))
        return 1;
    arb_dead_result r;
    if (arb_dead_position(&pos, budget, &r) == ARB_ERR_LIMIT)
        fprintf(stderr, "arbiter: out of memory for the search\n");
    static const char *const verdicts[] = {"unknown", "alive", "dead"};
    /* a position that is already checkmate or stalemate says so first, not "alive" or "dead" */
    arb_state state = arb_position_state(&pos);
    bool over = state == ARB_STATE_CHECKMATE || state == ARB_STATE_STALEMATE;
    char text[ARB_REASON_TEXT_MAX];
    arb_reason_render(&r.reason, o.lang, text, sizeof text);
    printf("%s\n%s [%s, FIDE %s]\n", over ? arb_state_name(state) : verdicts[r.verdict], text, arb_reason_name(r.reason.code),
           arb_reason_citation(&r.reason));
    print_side(&o, &pos, &r.side[ARB_WHITE]);
    print_side(&o, &pos, &r.side[ARB_BLACK]);
    return 0;
}
