/* arbiter: the engine's capabilities offline. Dispatches to one command per subcommand. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct command {
    const char *name, *usage;
    int (*run)(int argc, char **argv);
    const char *help;   /* what it does, options, an example, exit codes (arbiter help NAME) */
};

#define EXIT_CODES_ERR "exit: 0 done, 1 the input is wrong (the reason is printed), 2 usage error"

static const struct command commands[] = {
    {"perft", "perft [--variant chess960] [--divide] [--json] FEN DEPTH", cmd_perft,
     "Counts the leaf nodes of the move tree to DEPTH (the movegen oracle).\n"
     "  --divide  the count under each first move   --json  /v1/perft's answer\n"
     "example: arbiter perft startpos 5   (4865609)\n" EXIT_CODES_ERR},
    {"moves", "moves [--variant chess960] [--json] FEN [MOVES...]", cmd_moves,
     "Lists the legal moves after the moves played from FEN (none: in FEN), one per line: UCI SAN.\n"
     "  --json  /v1/analyze's answer (legal_moves)\n"
     "example: arbiter moves startpos e4 e5\n" EXIT_CODES_ERR},
    {"fen", "fen [--variant chess960] [--json] FEN", cmd_fen,
     "Prints the canonical FEN, or why the FEN cannot be read or played (field, character, code).\n"
     "  --json  /v1/validate's answer\nexample: arbiter fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'\n"
     EXIT_CODES_ERR},
    {"outcome", "outcome [--json] [--claim threefold|fifty_moves [--with MOVE]] [--flag|--resign COLOR] [--agree-draw] "
                "[--illegal COLOR]... [--time-control standard|rapid|blitz] [--illegal-limit N] FEN [MOVE...]",
     cmd_outcome,
     "Decides the result of the game FEN MOVE... with at most one event: a draw claim (fifty is short for\n"
     "fifty_moves), a flag fall, a resignation, a draw agreement, illegal moves (FIDE 7.5.5).\n"
     "  --json  /v1/outcome's answer\nexample: arbiter outcome --claim threefold startpos Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8\n"
     EXIT_CODES_ERR},
    {"touch", "touch [--json] [--promote SQUARE=PIECE] FEN SQUARE... (touched, in order)", cmd_touch,
     "The moves a player who touched these pieces must choose from (FIDE 4.3, 4.4).\n"
     "  --promote a8=N  a pawn released on a8 as a knight   --json  /v1/touch's answer\n"
     "example: arbiter touch startpos g1\n" EXIT_CODES_ERR},
    {"pgn", "pgn [--skip-variations] [--write | --json] [--strict] FILE", cmd_pgn,
     "Replays every game of a PGN file (FILE - : standard input): automatic endings, claimable draws, a wrong\n"
     "result tag.\n"
     "  --skip-variations  ignore (...) lines   --write  print the games back as PGN with termination tags\n"
     "  --json  print what POST /v1/pgn answers for the file's text\n"
     "  --strict  refuse slips (quoted quotes, counters, stale castling rights) instead of repairing them with a warning\n"
     "example: arbiter pgn games.pgn\nexit: 0 every game was read (repairs are warnings), 1 a game was refused, 2 usage error or unreadable file"},
    {"annotate", "annotate [--lang L] [--json|--write] [--jobs N] [--shard I/N] [FILE...]  (stdin without FILE or with -)",
     cmd_annotate,
     "Annotates every game of PGN files with what the Laws say, ply by ply: check, mate, stalemate, the ply a\n"
     "position became dead (with the proof), the first ply a threefold or fifty-move draw could be claimed (and\n"
     "whether the game went on), fivefold and 75-move draws, moves recorded after an end, the first illegal move;\n"
     "then the result a FIDE arbiter records (a time forfeit judged by 6.9, a resignation by 5.1.2, an ending on\n"
     "the board) and whether the Result tag disagrees. Files of any size are read one game at a time.\n"
     "  --json  one JSON line per game: an element of POST /v1/games/annotate's games (docs/games.md)\n"
     "  --write  the PGN itself with each event as a comment after its move (the rest unchanged)\n"
     "  --jobs N  N threads (output still in file order)   --shard I/N  the games that begin in the I-th of N\n"
     "  byte ranges of FILE (N shards read every game once)   --merge FILE...  shards' --json output in order,\n"
     "  the games numbered again (docs/games.md)   --max-game-mib N  skip (and report) a game over N MiB (64)\n"
     "example: arbiter annotate --json games.pgn\n"
     "exit: 0 every game was read (illegal moves are events), 1 a game could not be read, 2 usage error or unreadable file"},
#ifdef ARB_HAVE_LUA
    {"lesson", "lesson check FILE... | lesson play FILE [--lang fa]", cmd_lesson,
     "check: lints lessons (each step's tests run in the sandbox; errors as file:line); play: the lesson in the terminal.\n"
     "example: arbiter lesson check lessons/*.lua\nexit: 0 clean, 1 a lesson has errors (play: it does not load, or "
     "its script failed while answering), 2 usage error"},
    {"quiz", "quiz list | quiz check [--seeds N] FILE... | quiz generate --generator G --seed S --count N [--lang L] | "
             "quiz grade ID ANSWER",
     cmd_quiz,
     "list: the generators; check: runs each generator over a range of seeds, every text in en/fa/ar, grades both ways;\n"
     "generate: JSON lines of questions (as POST /v1/quizzes); grade: an answer to a question id.\n"
     "example: arbiter quiz generate --generator can-castle --seed 42 --count 3\n"
     "exit: 0 done (grade: correct), 1 grade: wrong, 2 usage error or unknown generator/id"},
#endif
    {"dead", "dead [--json] [--variant chess960] [--lang en|fa|ar] FEN [BUDGET]", cmd_dead,
     "Dead position (FIDE 5.2.2) and whether each colour can still mate (6.9), with a witness line.\n"
     "  BUDGET  positions searched per colour   --json  /v1/dead's answer\n"
     "example: arbiter dead '8/8/2k5/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1'\n"
     "exit: 0 answered (the verdict may be unknown when the budget ran out), 1 the input is wrong, 2 usage error"},
    {"mate", "mate [--json] [--budget NODES] FEN N   (exit 0 mate, 1 none, 3 budget ran out)", cmd_mate,
     "Mate-in-N solver: every key move, cooks, and the main line.\n"
     "  --json  print what POST /v1/mate answers (exit 0 mate, 1 otherwise)\n"
     "example: arbiter mate '4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16' 2\n"
     "exit: 0 mate in N found, 1 none, 2 usage error, 3 the budget ran out"},
    {"puzzle", "puzzle check [--budget NODES] FILE...   (the mate file, or puzzle scripts *.lua)", cmd_puzzle,
     "Checks puzzles. The mate file (id | N | FEN | keys | source per line) with the solver: every key\n"
     "forces mate in N, no other first move does. A puzzle script (*.lua, puzzle{...}) as the daemon\n"
     "loads it: its fields (unknown ones named with the nearest), every text in en, fa and ar, then the\n"
     "engine: the answer is right, each listed wrong answer is wrong and explained, the only legal move\n"
     "is the only one, the count is the engine's, exactly one listed move is illegal, a retro answer\n"
     "validates, a stalemate trap has its stalemate.\n"
     "example: arbiter puzzle check lessons/puzzles/puzzles.txt lessons/puzzles/*.lua\n"
     "exit: 0 all puzzles right, 1 a puzzle is wrong, 2 usage error or a file cannot be read"},
    {"explain", "explain [--lang L] [--json] [--variant chess960] FEN [MOVES...] MOVE", cmd_explain,
     "Why MOVE is legal or not after FEN and MOVES (every reason, most fundamental first).\n"
     "  --json  /v1/move's answer\nexample: arbiter explain startpos e4 e5 Ke2 e6 Ke1 d6 O-O\n"
     "exit: 0 legal, 1 illegal or wrong input, 2 usage error"},
    {"castling", "castling [--lang L] [--json] [--variant chess960] FEN [MOVES...]", cmd_castling,
     "Each colour's castling on each side: allowed, or every condition that fails.\n"
     "  --json  /v1/castling's answer\nexample: arbiter castling 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'\n" EXIT_CODES_ERR},
    {"status", "status [--lang L] [--json] [--variant chess960] FEN [MOVES...]", cmd_status,
     "Check, checkmate, stalemate and the automatic endings of the game, with why; then the draws the\n"
     "side to move may claim (\"claimable: threefold now\", \"claimable: fifty_moves with Kd2 (e1d2)\").\n"
     "  --json  /v1/analyze's answer\nexample: arbiter status startpos f3 e5 g4 Qh4#\n" EXIT_CODES_ERR},
    {"validate", "validate [--lang L] [--json] [--variant chess960] FEN", cmd_validate,
     "Every problem of a FEN: syntax (field and character), then why the position cannot arise (FIDE 3.10).\n"
     "  --json  /v1/validate's answer\nexample: arbiter validate 'kK6/8/8/8/8/8/8/P7 w KQ e3 0 1'\n"
     "exit: 0 valid, 1 problems found, 2 usage error"},
    {NULL, NULL, NULL, NULL},
};

static void usage(FILE *to)
{
    fprintf(to, "arbiter %s: chess rules, explained.\nusage:\n", arb_version());
    for (const struct command *c = commands; c->name; c++)
        fprintf(to, "  arbiter %s\n", c->usage);
    fprintf(to, "FEN may be 'startpos'. Languages (--lang): en, fa, ar.\n"
                "arbiter help COMMAND (or arbiter COMMAND --help): its options, an example and exit codes.\n");
}

static const struct command *find(const char *name)
{
    for (const struct command *c = commands; c->name; c++)
        if (strcmp(name, c->name) == 0)
            return c;
    return NULL;
}

static void help(const struct command *c)
{
    printf("usage: arbiter %s\n%s\n", c->usage, c->help);
}

static bool asks_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
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
    if (strcmp(argv[1], "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return 0;
        }
        const struct command *c = find(argv[2]);
        if (c) {
            help(c);
            return 0;
        }
        fprintf(stderr, "arbiter: no command '%s'\n", argv[2]);
        usage(stderr);
        return 2;
    }
    const struct command *c = find(argv[1]);
    if (c && asks_help(argc - 1, argv + 1)) {
        help(c);
        return 0;
    }
    if (c)
        return c->run(argc - 1, argv + 1);
    fprintf(stderr, "arbiter: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
