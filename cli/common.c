/* Option parsing and position input shared by the commands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

bool cli_parse_opts(int argc, char **argv, struct cli_opts *o)
{
    *o = (struct cli_opts){ARB_STANDARD, "en", false, false, 0, argv + 1};
    const char *digits = NULL;
    int out = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--variant") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            if (strcmp(v, "chess960") == 0)
                o->variant = ARB_CHESS960;
            else if (strcmp(v, "standard") != 0) {
                fprintf(stderr, "arbiter: unknown variant '%s' (standard, chess960)\n", v);
                return false;
            }
        } else if (strcmp(a, "--lang") == 0 && i + 1 < argc) {
            o->lang = argv[++i];
        } else if (strcmp(a, "--digits") == 0 && i + 1 < argc) {
            digits = argv[++i];
        } else if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (strcmp(a, "--divide") == 0) {
            o->divide = true;
        } else if (strncmp(a, "--", 2) == 0 && a[2]) {
            fprintf(stderr, "arbiter: unknown option '%s'\n", a);
            return false;
        } else {
            argv[1 + out++] = argv[i];
        }
    }
    o->nargs = out;
    if (digits) { /* --digits latin|native: carried in the language tag ("fa-u-nu-latn") */
        const char *tag = aj_lang_digits(o->lang, digits);
        if (!tag) {
            fprintf(stderr, "arbiter: --digits takes latin, native or default, not '%s'\n", digits);
            return false;
        }
        o->lang = tag;
    }
    return true;
}

static void print_reason_as(const struct cli_opts *o, const arb_reason *r, const char *prefix)
{
    char text[ARB_REASON_TEXT_MAX];
    arb_reason_render(r, o->lang, text, sizeof text);
    fprintf(stderr, "arbiter: %s%s\n  code: %s", prefix, text, arb_reason_name(r->code));
    /* Input errors say where: which FEN field and which character (counted from 1). */
    if (r->offset >= 0 && strncmp(arb_reason_name(r->code), "fen_", 4) == 0) {
        fprintf(stderr, ", field: %s", arb_fen_field_name(r->field));
    }
    if (r->offset >= 0)
        fprintf(stderr, ", character: %d", (int)r->offset + 1);
    if (arb_reason_citation(r)[0])
        fprintf(stderr, ", rule: FIDE %s", arb_reason_citation(r));
    fprintf(stderr, "\n");
}

void cli_print_reason(const struct cli_opts *o, const arb_reason *r)
{
    print_reason_as(o, r, "");
}

int cli_print_fen_warnings(const struct cli_opts *o, const char *fen)
{
    arb_reason w[ARB_EXPLAIN_MAX];
    int n = arb_fen_warnings(fen, o->variant, w, ARB_EXPLAIN_MAX);
    for (int i = 0; i < n && i < ARB_EXPLAIN_MAX; i++)
        print_reason_as(o, &w[i], "warning: ");
    return n;
}

bool cli_position(const struct cli_opts *o, const char *fen, arb_position *pos)
{
    arb_reason why; /* "startpos" is the start position: the engine reads it */
    if (arb_position_from_fen(pos, fen, o->variant, &why) == ARB_OK)
        return true;
    cli_print_reason(o, &why);
    if (arb_fen_chess960_hint(fen, o->variant, &why)) /* then: --variant chess960? */
        cli_print_reason(o, &why);
    return false;
}

const char *cli_report_text(const char *lang, const char *key, const arb_arg *args, size_t nargs, char *buf,
                            size_t cap)
{
    const char *tmpl = arb_message_lookup(lang, key);
    arb_message_render(lang, tmpl ? tmpl : key, args, nargs, buf, cap);
    return buf;
}

void cli_say(const char *lang, const char *indent, const char *key, const arb_arg *args, size_t nargs)
{
    char text[2048];
    printf("%s%s\n", indent, cli_report_text(lang, key, args, nargs, text, sizeof text));
}
