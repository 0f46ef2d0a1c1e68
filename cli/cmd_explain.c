/* Commands over the explanation layer: explain (a move), castling, status, validate. Text
 * output; each reason is rendered in --lang with its code and FIDE article. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

void cli_print_reasons(const struct cli_opts *o, const arb_reason *r, int n, int cap)
{
    for (int i = 0; i < n && i < cap; i++) {
        char text[ARB_REASON_TEXT_MAX];
        arb_reason_render(&r[i], o->lang, text, sizeof text);
        const char *article = arb_reason_citation(&r[i]);
        printf("  - %s [%s%s%s]\n", text, arb_reason_name(r[i].code), article[0] ? ", FIDE " : "", article);
    }
    if (n > cap)
        printf("  (%d more)\n", n - cap);
}


bool cli_load_record(const struct cli_opts *o, char **args, int nargs, arb_game *g, arb_outcome *ending)
{
    arb_position start;
    if (!cli_position(o, args[0], &start))
        return false;
    if (arb_game_init(g, &start) != ARB_OK) {
        fprintf(stderr, "arbiter: out of memory\n");
        return false;
    }
    arb_record_result rec;
    if (arb_game_play_record(g, (const char *const *)(args + 1), nargs - 1, &rec) != ARB_OK) {
        const char *text = args[1 + rec.failed];
        /* "1...e4", not "move 2": in chess a move is both sides' (trial-1 CLI row) */
        const arb_position *at = arb_game_current(g);
        fprintf(stderr, "arbiter: %u%s%s (argument %d after the FEN) cannot be played:\n", at->fullmove_number,
                at->side == ARB_BLACK ? "..." : ".", text, rec.failed + 1);
        fflush(stderr);
        arb_reason reasons[ARB_EXPLAIN_MAX];
        int n = rec.after_end ? 1 : arb_explain_text(arb_game_current(g), g, text, NULL, reasons, ARB_EXPLAIN_MAX);
        if (rec.after_end)
            reasons[0] = rec.why;
        cli_print_reasons(o, reasons, n, ARB_EXPLAIN_MAX);
        if (rec.after_end)
            cli_print_reasons(o, rec.ending.reasons, rec.ending.nreasons, ARB_OUTCOME_MAX_REASONS);
        arb_game_free(g);
        return false;
    }
    *ending = rec.ending;
    return true;
}

/* "game over at ply N: termination result" and why, when the record's end ended the game. */
static void print_game_over(const struct cli_opts *o, const arb_outcome *ending)
{
    if (ending->termination == ARB_TERM_NONE)
        return;
    printf("game over at ply %d: %s %s\n", ending->ply, arb_termination_name(ending->termination),
           arb_result_string(ending->result));
    cli_print_reasons(o, ending->reasons, ending->nreasons, ARB_OUTCOME_MAX_REASONS);
}

int cmd_explain(int argc, char **argv)
{
    struct cli_opts o;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 2) {
        fprintf(stderr, "usage: arbiter explain [--lang L] [--variant chess960] FEN [MOVES...] MOVE\n");
        return 2;
    }
    if (o.json) { /* POST /v1/move */
        json_t *body = cli_json_body(&o, o.args[0], o.args + 1, o.nargs - 2);
        json_object_set_new(body, "move", json_string(o.args[o.nargs - 1]));
        return cli_json_endpoint(&o, aj_endpoint_move, body, "legal");
    }
    arb_game g;
    arb_outcome ending;
    if (!cli_load_record(&o, o.args, o.nargs - 1, &g, &ending))
        return 1;
    const char *text = o.args[o.nargs - 1];
    const arb_position *pos = arb_game_current(&g);
    arb_reason reasons[ARB_EXPLAIN_MAX + 1];
    arb_move m;
    /* by the rules of movement, as /v1/move judges it; then that the game had ended, if it had */
    int n = arb_explain_text(pos, &g, text, &m, reasons, ARB_EXPLAIN_MAX);
    if (n == 0) {
        char san[ARB_MOVE_TEXT_MAX], uci[ARB_MOVE_TEXT_MAX];
        arb_move_san(pos, m, san, sizeof san);
        arb_move_uci(pos, m, uci, sizeof uci);
        printf("legal: %s (%s)\n", san, uci);
    } else {
        printf("illegal: %s\n", text);
        int shown = n < ARB_EXPLAIN_MAX ? n : ARB_EXPLAIN_MAX;
        if (ending.termination != ARB_TERM_NONE)
            reasons[shown++] = arb_move_after_end(&ending, text);
        cli_print_reasons(&o, reasons, shown, ARB_EXPLAIN_MAX + 1);
    }
    print_game_over(&o, &ending);
    arb_game_free(&g);
    return n == 0 ? 0 : 1;
}

int cmd_castling(int argc, char **argv)
{
    struct cli_opts o;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 1) {
        fprintf(stderr, "usage: arbiter castling [--lang L] [--variant chess960] FEN [MOVES...]\n");
        return 2;
    }
    if (o.json)
        return cli_json_endpoint(&o, aj_endpoint_castling, cli_json_body(&o, o.args[0], o.args + 1, o.nargs - 1), NULL);
    arb_game g;
    arb_outcome ending;
    if (!cli_load_record(&o, o.args, o.nargs, &g, &ending))
        return 1;
    static const char *const colors[2] = {"white", "black"}, *const sides[2] = {"kingside", "queenside"};
    for (int c = 0; c < 2; c++) {
        for (int side = 0; side < 2; side++) {
            arb_reason reasons[ARB_EXPLAIN_MAX];
            int n = arb_explain_castling(arb_game_current(&g), &g, (arb_color)c, side, reasons, ARB_EXPLAIN_MAX);
            printf("%s %s: %s\n", colors[c], sides[side], n ? "not allowed" : "allowed");
            cli_print_reasons(&o, reasons, n, ARB_EXPLAIN_MAX);
        }
    }
    arb_game_free(&g);
    return 0;
}

/* The draws the side to move may claim, as /v1/analyze's claims: "claimable: threefold now" or
 * "claimable: fifty_moves with Kd2 (e1d2)", each with why. A claimable draw does not end the game
 * (only a claim does), so status still says "ongoing" above it. */
static void print_claims(const struct cli_opts *o, const arb_game *g, const arb_outcome *end)
{
    static arb_claim_kind kinds[ARB_MAX_CLAIMS];
    static arb_move moves[ARB_MAX_CLAIMS];
    int n = arb_game_claims_given_ending(g, end, kinds, moves, ARB_MAX_CLAIMS);
    const arb_position *pos = arb_game_current(g);
    for (int i = 0; i < n && i < ARB_MAX_CLAIMS; i++) {
        arb_outcome why;
        if (arb_game_claim(g, kinds[i], moves[i], &why) != ARB_OK)
            continue;
        const char *name = kinds[i] == ARB_CLAIM_THREEFOLD ? "threefold" : "fifty_moves";
        if (moves[i] == ARB_MOVE_NONE) {
            printf("claimable: %s now\n", name);
        } else {
            char san[ARB_MOVE_TEXT_MAX], uci[ARB_MOVE_TEXT_MAX];
            arb_move_san(pos, moves[i], san, sizeof san);
            arb_move_uci(pos, moves[i], uci, sizeof uci);
            printf("claimable: %s with %s (%s)\n", name, san, uci);
        }
        cli_print_reasons(o, why.reasons, why.nreasons, ARB_OUTCOME_MAX_REASONS);
    }
}

int cmd_status(int argc, char **argv)
{
    struct cli_opts o;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 1) {
        fprintf(stderr, "usage: arbiter status [--lang L] [--variant chess960] FEN [MOVES...]\n");
        return 2;
    }
    if (o.json) /* POST /v1/analyze */
        return cli_json_endpoint(&o, aj_endpoint_analyze, cli_json_body(&o, o.args[0], o.args + 1, o.nargs - 1), NULL);
    arb_game g;
    arb_outcome end;
    if (!cli_load_record(&o, o.args, o.nargs, &g, &end))
        return 1;
    const arb_position *pos = arb_game_current(&g);
    arb_reason reasons[ARB_EXPLAIN_MAX];
    int n = arb_explain_status(pos, reasons, ARB_EXPLAIN_MAX);
    /* A game that is over though moves remain (K v K, fivefold, 75 moves) says so, as
     * /v1/analyze's status does: "ongoing" would mislead a learner. */
    bool over = end.termination != ARB_TERM_NONE && end.termination != ARB_TERM_CHECKMATE &&
                end.termination != ARB_TERM_STALEMATE;
    printf("%s\n", over ? arb_termination_name(end.termination) : arb_state_name(arb_position_state(pos)));
    cli_print_reasons(&o, reasons, n, ARB_EXPLAIN_MAX);
    if (over)
        cli_print_reasons(&o, end.reasons, end.nreasons, ARB_OUTCOME_MAX_REASONS);
    print_claims(&o, &g, &end);
    arb_game_free(&g);
    return 0;
}

int cmd_validate(int argc, char **argv)
{
    struct cli_opts o;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs != 1) {
        fprintf(stderr, "usage: arbiter validate [--lang L] [--variant chess960] FEN\n");
        return 2;
    }
    const char *fen = o.args[0]; /* "startpos" included: the engine reads it */
    if (o.json)
        return cli_json_endpoint(&o, aj_endpoint_validate, cli_json_body(&o, fen, NULL, 0), "valid");
    arb_reason reasons[ARB_VALIDATE_MAX];
    int n = arb_validate(fen, o.variant, reasons, ARB_VALIDATE_MAX);
    if (n == 0)
        printf("valid\n");
    else
        printf("invalid: %d problem%s\n", n, n == 1 ? "" : "s");
    cli_print_reasons(&o, reasons, n, ARB_VALIDATE_MAX);
    int w = arb_fen_warnings(fen, o.variant, reasons, ARB_EXPLAIN_MAX);
    if (w > 0)
        printf("read leniently: %d warning%s\n", w, w == 1 ? "" : "s");
    cli_print_reasons(&o, reasons, w, ARB_EXPLAIN_MAX);
    return n == 0 ? 0 : 1;
}
