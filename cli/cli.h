/* The arbiter command-line tool: shared helpers and the command entry points. */
#ifndef ARB_CLI_H
#define ARB_CLI_H

#include "arbiter.h"
#include "arbiter/message.h"
#include "arbiter_json.h"

/* Options common to the commands: --variant, --lang; the rest are left in argv order. */
struct cli_opts {
    arb_variant variant;
    const char *lang;
    bool json, divide;
    int nargs;
    char **args;
};

/* Parses common options; returns false (after printing why) on a bad option. */
bool cli_parse_opts(int argc, char **argv, struct cli_opts *o);

/* Parses a FEN argument ("startpos" allowed) or prints the error and returns false. */
bool cli_position(const struct cli_opts *o, const char *fen, arb_position *pos);

/* Prints a reason in the chosen language to stderr, prefixed "arbiter: ". */
void cli_print_reason(const struct cli_opts *o, const arb_reason *r);

/* Prints the FEN's warnings (arb_fen_warnings: read leniently) to stderr, "arbiter: warning: ";
 * returns how many. */
int cli_print_fen_warnings(const struct cli_opts *o, const char *fen);

/* FEN then the moves played from it (SAN or UCI), as a record that ends (arb_game_play_record):
 * a move after a checkmate or another automatic ending is refused, saying why on stderr (the move
 * named as in a game, "1...e4", and by its place among the arguments). *ending is how the record's
 * last position ended the game (termination NONE: it goes on). False after printing why. */
bool cli_load_record(const struct cli_opts *o, char **args, int nargs, arb_game *g, arb_outcome *ending);

/* Prints reasons in --lang, one a line: "  - text [code, FIDE article]". */
void cli_print_reasons(const struct cli_opts *o, const arb_reason *r, int n, int cap);

/* --json output through the daemon's JSON mapping (json_out.c). */
int cli_json_perft(const struct cli_opts *o, const char *fen, int depth);
int cli_json_fen(const struct cli_opts *o, const char *fen);

/* The body the daemon would get: {"fen", "variant", "moves"?}. */
json_t *cli_json_body(const struct cli_opts *o, const char *fen, char **moves, int nmoves);
/* Prints what the endpoint answers for body (taken over), or its error object. Returns 0, or 1
 * for an error or when ok_field (if not NULL) is not true in the answer. */
int cli_json_endpoint(const struct cli_opts *o, aj_endpoint_fn fn, json_t *body, const char *ok_field);
/* Prints a JSON answer on one line as the daemon sends it, and frees it. */
void cli_print_json(json_t *o);

/* Template parameters of the report texts: a number, a square/move/code, a text already in the language. */
#define NUM(n, v) {(n), ARB_ARG_NUMBER, (long)(v), NULL, NULL, 0, NULL}
#define LATIN(n, t) {(n), ARB_ARG_LATIN, 0, (t), NULL, 0, NULL}
#define TEXT(n, t) {(n), ARB_ARG_TEXT, 0, (t), NULL, 0, NULL}

/* The report catalog's template `key` (engine/messages/LANG/report.txt: the frame of the CLI's
 * reports) rendered in lang with its parameters into buf; returns buf. */
const char *cli_report_text(const char *lang, const char *key, const arb_arg *args, size_t nargs, char *buf,
                            size_t cap);
/* The same, printed after indent and followed by a newline. */
void cli_say(const char *lang, const char *indent, const char *key, const arb_arg *args, size_t nargs);

int cmd_perft(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_fen(int argc, char **argv);
int cmd_dead(int argc, char **argv);
int cmd_outcome(int argc, char **argv);
int cmd_touch(int argc, char **argv);
int cmd_pgn(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_castling(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_lesson(int argc, char **argv);
int cmd_quiz(int argc, char **argv);
int cmd_mate(int argc, char **argv);
int cmd_puzzle(int argc, char **argv);

#endif
