/* Commands over the engine core: perft, moves, fen. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define PERFT_MAX_DEPTH 12

int cmd_perft(int argc, char **argv)
{
    struct cli_opts o;
    arb_position pos;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs != 2) {
        fprintf(stderr, "usage: arbiter perft [--variant chess960] [--divide] [--json] FEN DEPTH\n");
        return 2;
    }
    char *end;
    long depth = strtol(o.args[1], &end, 10);
    if (*end || end == o.args[1] || depth < 0 || depth > PERFT_MAX_DEPTH) {
        fprintf(stderr, "arbiter: depth must be a whole number from 0 to %d\n", PERFT_MAX_DEPTH);
        return 2;
    }
    if (o.json)
        return cli_json_perft(&o, o.args[0], (int)depth);
    if (!cli_position(&o, o.args[0], &pos))
        return 1;
    if (o.divide && depth > 0) {
        arb_move moves[ARB_MAX_MOVES];
        uint64_t counts[ARB_MAX_MOVES], total = 0;
        int n = arb_perft_divide(&pos, (int)depth, moves, counts);
        for (int i = 0; i < n; i++) {
            char uci[ARB_MOVE_TEXT_MAX];
            arb_move_uci(&pos, moves[i], uci, sizeof uci);
            printf("%s: %" PRIu64 "\n", uci, counts[i]);
            total += counts[i];
        }
        printf("%" PRIu64 "\n", total);
        return 0;
    }
    printf("%" PRIu64 "\n", arb_perft(&pos, (int)depth));
    return 0;
}

int cmd_moves(int argc, char **argv)
{
    struct cli_opts o;
    arb_position pos;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 1) {
        fprintf(stderr, "usage: arbiter moves [--variant chess960] [--json] FEN [MOVES...]\n");
        return 2;
    }
    if (o.json) /* the legal_moves of /v1/analyze, with the record */
        return cli_json_endpoint(&o, aj_endpoint_analyze, cli_json_body(&o, o.args[0], o.args + 1, o.nargs - 1), NULL);
    arb_game g;
    arb_outcome ending;
    if (!cli_load_record(&o, o.args, o.nargs, &g, &ending))
        return 1;
    pos = *arb_game_current(&g);
    arb_game_free(&g);
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(&pos, moves);
    for (int i = 0; i < n; i++) {
        char uci[ARB_MOVE_TEXT_MAX], san[ARB_MOVE_TEXT_MAX];
        arb_move_uci(&pos, moves[i], uci, sizeof uci);
        arb_move_san(&pos, moves[i], san, sizeof san);
        printf("%s %s\n", uci, san);
    }
    return 0;
}

int cmd_fen(int argc, char **argv)
{
    struct cli_opts o;
    arb_position pos;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs != 1) {
        fprintf(stderr, "usage: arbiter fen [--variant chess960] [--json] FEN\n");
        return 2;
    }
    if (o.json)
        return cli_json_fen(&o, o.args[0]);
    if (!cli_position(&o, o.args[0], &pos))
        return 1;
    cli_print_fen_warnings(&o, o.args[0]);
    char fen[ARB_FEN_MAX];
    arb_position_fen(&pos, fen, sizeof fen);
    printf("%s\n", fen);
    return 0;
}
