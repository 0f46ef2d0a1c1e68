/* `arbiter lesson check FILE…` (lint) and `arbiter lesson play FILE [--lang fa]` (play in the
 * terminal), over the lesson runtime of lua/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter/message.h"

#include "cli.h"
#include "lessons.h"

static void report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    int *count = ud;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    fprintf(stderr, "%s\n", text);
    if (strcmp(level, "error") == 0)
        (*count)++;
}

/* A choice is shown by its number in the language's digits («۲) مساوی»), never by its id
 * («draw) مساوی»: an English word on a Persian screen, F16). */
static void print_choice(int number, const char *label, const char *lang)
{
    char digits[16];
    arb_arg n = {.name = "n", .kind = ARB_ARG_NUMBER, .number = number};
    arb_message_render(lang, "{n}", &n, 1, digits, sizeof digits);
    printf("   %s) %s\n", digits, label);
}

/* The answer «۲» or "2" to a step with choices is its second choice, unless a choice has that
 * id; line gets the choice's id. Other answers are left as typed. */
static void choice_by_number(const arbl_step *s, char *line, size_t cap)
{
    char folded[64];
    if (s->nchoices == 0 || !arbl_answer_normalize(line, folded, sizeof folded))
        return;
    char *end = NULL;
    long k = strtol(folded, &end, 10);
    if (end == folded || *end || k < 1 || k > s->nchoices)
        return;
    for (int i = 0; i < s->nchoices; i++)
        if (strcmp(s->choices[i].id, folded) == 0)
            return;
    snprintf(line, cap, "%s", s->choices[k - 1].id);
}

/* Checks each file as the daemon loads it, into one registry so that a second lesson with an id
 * already taken is reported with the other file's name. */
static int lesson_check(int nfiles, char **files)
{
    int failed = 0;
    arbl_book *reg = arbl_book_new(&arbl_lessons, NULL);
    if (!reg)
        return 2;
    for (int i = 0; i < nfiles; i++) {
        int errors = 0;
        if (arbl_book_load_file(reg, files[i], report, &errors))
            printf("%s: ok\n", files[i]);
        else
            failed++;
    }
    arbl_book_free(reg);
    return failed ? 1 : 0;
}

static void print_board(const char *fen, const char *variant, const char *lang)
{
    arb_position pos;
    if (arb_position_from_fen(&pos, fen, strcmp(variant, "chess960") == 0 ? ARB_CHESS960 : ARB_STANDARD, NULL) !=
        ARB_OK)
        return;
    static const char letters[] = ".PNBRQK";
    for (int rank = 7; rank >= 0; rank--) {
        printf("  %d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            arb_piece p = pos.board[ARB_SQ(file, rank)];
            char c = letters[ARB_PIECE_TYPE(p)];
            if (p && ARB_PIECE_COLOR(p) == ARB_BLACK)
                c = (char)(c - 'A' + 'a');
            printf(" %c", c);
        }
        printf("\n");
    }
    printf("     a b c d e f g h\n");
    arb_arg a[] = {{.name = "piece_color", .kind = ARB_ARG_WORD, .text = pos.side == ARB_WHITE ? "color.white" : "color.black"},
                   {.name = "fen", .kind = ARB_ARG_LATIN, .text = fen}};
    cli_say(lang, "  ", "report.play_to_move", a, 2);
}

/* Whether line is the command `key` (report.play_cmd_hint, …): its English word, or the word in
 * the asked language («راهنما», «تلميح»), so that nobody has to switch keyboards to ask. */
static bool is_command(const char *line, const char *lang, const char *key)
{
    return strcmp(line, arb_message_lookup("en", key)) == 0 || strcmp(line, arb_message_lookup(lang, key)) == 0;
}

static int lesson_play(const char *path, const char *lang)
{
    int errors = 0;
    arbl_book *reg = arbl_book_new(&arbl_lessons, NULL);
    if (!reg || !arbl_book_load_file(reg, path, report, &errors)) {
        arbl_book_free(reg);
        return 1;
    }
    const arbl_lesson *l = arbl_book_at(reg, 0);
    printf("%s\n", arbl_text_get(&l->title, lang));
    arb_arg help[] = {{.name = "m1", .kind = ARB_ARG_LATIN, .text = "Nf3"},
                      {.name = "m2", .kind = ARB_ARG_LATIN, .text = "e2e4"},
                      {.name = "hint", .kind = ARB_ARG_TEXT, .text = arb_message_lookup(lang, "report.play_cmd_hint")},
                      {.name = "quit", .kind = ARB_ARG_TEXT, .text = arb_message_lookup(lang, "report.play_cmd_quit")}};
    cli_say(lang, "", "report.play_help", help, 4);
    int step = 1, hint = 0;
    bool failed = false; /* a script failure (a budget, an error in the lesson): exit 1 */
    char line[512];
    while (step >= 1 && step <= l->nsteps) {
        const arbl_step *s = &l->steps[step - 1];
        arb_arg at[] = {{.name = "n", .kind = ARB_ARG_NUMBER, .number = step},
                        {.name = "total", .kind = ARB_ARG_NUMBER, .number = l->nsteps},
                        {.name = "prompt", .kind = ARB_ARG_TEXT, .text = arbl_text_get(&s->prompt, lang)}};
        printf("\n");
        cli_say(lang, "", "report.play_step", at, 3);
        if (s->fen)
            print_board(s->fen, s->variant, lang);
        for (int i = 0; i < s->nchoices; i++)
            print_choice(i + 1, arbl_text_get(&s->choices[i].text, lang), lang);
        printf("> ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            break;
        line[strcspn(line, "\r\n")] = 0;
        if (is_command(line, lang, "report.play_cmd_quit"))
            break;
        if (is_command(line, lang, "report.play_cmd_hint")) {
            if (hint < s->nhints)
                printf("  %s\n", arbl_text_get(&s->hints[hint++], lang));
            else
                cli_say(lang, "  ", "report.play_no_hint", NULL, 0);
            continue;
        }
        choice_by_number(s, line, sizeof line);
        arbl_result r;
        if (!arbl_lesson_answer(reg, l, step, line, lang, &r)) {
            fprintf(stderr, "arbiter: %s\n", r.error);
            failed = true;
            continue;
        }
        printf("  %s %s\n", r.correct ? "✓" : "✗", r.feedback);
        for (int i = 0; i < r.nexplanations; i++)
            if (strcmp(r.explanations[i].text, r.feedback) != 0)
                printf("    - %s [%s%s%s]\n", r.explanations[i].text, r.explanations[i].code,
                       r.explanations[i].rule[0] ? ", " : "", r.explanations[i].rule);
        if (r.correct) {
            hint = 0;
            step = r.next ? r.next : l->nsteps + 1;
        }
    }
    arbl_book_free(reg);
    return failed ? 1 : 0;
}

int cmd_lesson(int argc, char **argv)
{
    struct cli_opts o;
    if (!cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs >= 2 && strcmp(o.args[0], "check") == 0)
        return lesson_check(o.nargs - 1, o.args + 1);
    if (o.nargs == 2 && strcmp(o.args[0], "play") == 0)
        return lesson_play(o.args[1], o.lang);
    fprintf(stderr, "usage: arbiter lesson check FILE...\n       arbiter lesson play FILE [--lang en|fa|ar]\n");
    return 2;
}
