/* arbiter: the engine's capabilities offline. Dispatches to one command per subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct command {
    const char *name, *usage;
    int (*run)(int argc, char **argv);
};

static const struct command commands[] = {
    {"perft", "perft [--variant chess960] [--divide] [--json] FEN DEPTH", cmd_perft},
    {"moves", "moves [--variant chess960] [--json] FEN", cmd_moves},
    {"fen", "fen [--variant chess960] [--json] FEN", cmd_fen},
    {"outcome", "outcome [--json] [--claim threefold|fifty [--with MOVE]] [--flag|--resign COLOR] [--agree-draw] "
                "[--illegal COLOR]... [--time-control standard|rapid|blitz] [--illegal-limit N] FEN [MOVE...]",
     cmd_outcome},
    {"touch", "touch [--json] [--promote SQUARE=PIECE] FEN SQUARE... (touched, in order)", cmd_touch},
    {"pgn", "pgn [--skip-variations] [--write] FILE", cmd_pgn},
#ifdef ARB_HAVE_LUA
    {"lesson", "lesson check FILE... | lesson play FILE [--lang fa]", cmd_lesson},
    {"quiz", "quiz list | quiz check [--seeds N] FILE... | quiz generate --generator G --seed S --count N [--lang L] | "
             "quiz grade ID ANSWER",
     cmd_quiz},
#endif
    {"dead", "dead [--variant chess960] [--lang en|fa|ar] FEN [BUDGET]", cmd_dead},
    {"mate", "mate [--budget NODES] FEN N   (exit 0 mate, 1 none, 3 budget ran out)", cmd_mate},
    {"puzzle", "puzzle check [--budget NODES] FILE   (id | N | FEN | keys | source per line)", cmd_puzzle},
    {"explain", "explain [--lang L] [--json] [--variant chess960] FEN [MOVES...] MOVE", cmd_explain},
    {"castling", "castling [--lang L] [--json] [--variant chess960] FEN [MOVES...]", cmd_castling},
    {"status", "status [--lang L] [--json] [--variant chess960] FEN [MOVES...]", cmd_status},
    {"validate", "validate [--lang L] [--json] [--variant chess960] FEN", cmd_validate},
    {NULL, NULL, NULL},
};

static void usage(FILE *to)
{
    fprintf(to, "arbiter %s: chess rules, explained.\nusage:\n", arb_version());
    for (const struct command *c = commands; c->name; c++)
        fprintf(to, "  arbiter %s\n", c->usage);
    fprintf(to, "FEN may be 'startpos'. Languages (--lang): en, fa, ar.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("arbiter %s\n", arb_version());
        return 0;
    }
    for (const struct command *c = commands; c->name; c++)
        if (strcmp(argv[1], c->name) == 0)
            return c->run(argc - 1, argv + 1);
    fprintf(stderr, "arbiter: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
