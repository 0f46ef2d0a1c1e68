/* arbiter mate / arbiter puzzle check: the mate-in-N solver from the command line, and the
 * verification of puzzle files: the mate file (format: lessons/puzzles/README.md) by the solver,
 * puzzle scripts (*.lua, docs/lessons.md "Puzzles") by the engine, as the daemon loads them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#ifdef ARB_HAVE_LUA
#include "puzzles.h"
#endif

/* Removes "--budget N" from argv (before the common options are parsed); false if malformed. */
static bool take_budget(int *argc, char **argv, uint64_t *budget)
{
    *budget = 0;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--budget") != 0)
            continue;
        char *end;
        errno = 0;
        unsigned long long v = i + 1 < *argc ? strtoull(argv[i + 1], &end, 10) : 0;
        if (i + 1 >= *argc || errno || *end || v == 0 || argv[i + 1][0] == '-') {
            fprintf(stderr, "arbiter: --budget needs a positive number of positions\n");
            return false;
        }
        *budget = v;
        memmove(argv + i, argv + i + 2, (size_t)(*argc - i - 2) * sizeof *argv);
        *argc -= 2;
        i--;
    }
    return true;
}

static bool parse_n(const char *s, int *n)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < 1 || v > ARB_MATE_MAX_N)
        return false;
    *n = (int)v;
    return true;
}

/* Writes a line of moves with move numbers ("1. Qb8+ Nxb8 2. Rd8#", "1... Qh4#"). */
static void print_line(FILE *to, const arb_position *start, const arb_move *moves, int count)
{
    arb_position p = *start;
    for (int i = 0; i < count; i++) {
        char san[ARB_MOVE_TEXT_MAX];
        arb_move_san(&p, moves[i], san, sizeof san);
        if (p.side == ARB_WHITE)
            fprintf(to, "%s%d. ", i ? " " : "", p.fullmove_number);
        else if (i == 0)
            fprintf(to, "%d... ", p.fullmove_number);
        else
            fputc(' ', to);
        fputs(san, to);
        arb_position_play(&p, moves[i]);
    }
}

int cmd_mate(int argc, char **argv)
{
    uint64_t budget;
    struct cli_opts o;
    if (!take_budget(&argc, argv, &budget) || !cli_parse_opts(argc, argv, &o))
        return 2;
    int n;
    if (o.nargs != 2 || !parse_n(o.args[1], &n)) {
        fprintf(stderr, "usage: arbiter mate [--json] [--budget NODES] FEN N   (N = 1..%d)\n", ARB_MATE_MAX_N);
        return 2;
    }
    if (o.json) { /* what POST /v1/mate answers, with the API's budget limits; exit 0 only for a mate */
        json_t *body = cli_json_body(&o, o.args[0], NULL, 0);
        json_object_set_new(body, "n", json_integer(n));
        if (budget)
            json_object_set_new(body, "budget", json_integer((json_int_t)budget));
        return cli_json_endpoint(&o, aj_endpoint_mate, body, "mate");
    }
    arb_position pos;
    if (!cli_position(&o, o.args[0], &pos))
        return 2;
    arb_mate_result res;
    arb_status st = arb_mate_in(&pos, n, budget, &res);
    if (st == ARB_ERR_LIMIT) {
        arb_reason why = arb_reason_make(ARB_R_solver_limit);
        cli_print_reason(&o, &why);
        printf("unknown: budget ran out after %llu positions\n", (unsigned long long)res.nodes);
        return 3;
    }
    if (!res.mate) {
        printf("no mate in %d\nnodes: %llu\n", n, (unsigned long long)res.nodes);
        return 1;
    }
    printf("mate in %d\nkeys:", res.length);
    for (int i = 0; i < res.nkeys; i++) {
        char san[ARB_MOVE_TEXT_MAX];
        arb_move_san(&pos, res.keys[i], san, sizeof san);
        printf(" %s", san);
        if (res.key_length[i] != res.length)
            printf(" (mate in %d)", res.key_length[i]);
    }
    printf("\nline: ");
    print_line(stdout, &pos, res.line, res.nline);
    printf("\nnodes: %llu\n", (unsigned long long)res.nodes);
    return 0;
}

/* Checks one puzzle of the mate file (read by arb_mate_line_read); prints its line; returns true
 * if it holds. *unique set when it does. */
static bool check_puzzle(const struct cli_opts *o, uint64_t budget, int lineno, const arb_mate_puzzle *pz,
                         bool *unique)
{
    const char *id = pz->id;
    int n = pz->n;
    const arb_position pos = pz->pos;
    arb_reason why;
    *unique = false;
    arb_mate_result res;
    arb_status st = arb_mate_in(&pos, n, budget, &res);
    if (st != ARB_OK) {
        printf("FAIL %s (line %d): unknown, the budget ran out after %llu positions\n", id, lineno,
               (unsigned long long)res.nodes);
        return false;
    }
    char text[ARB_REASON_TEXT_MAX];
    if (!res.mate) {
        why = arb_reason_make(ARB_R_no_mate_in_n);
        why.n = n;
        arb_reason_render(&why, o->lang, text, sizeof text);
        printf("FAIL %s (line %d): %s\n", id, lineno, text);
        return false;
    }
    if (res.length != n) {
        why = arb_reason_make(ARB_R_mate_shorter);
        why.n = res.length;
        why.m = n;
        arb_reason_render(&why, o->lang, text, sizeof text);
        printf("FAIL %s (line %d): %s\n", id, lineno, text);
        return false;
    }
    /* The recorded keys must be exactly the solver's. */
    char keys[256] = "";
    for (int i = 0; i < res.nkeys; i++) {
        char san[ARB_MOVE_TEXT_MAX];
        arb_move_san(&pos, res.keys[i], san, sizeof san);
        if (strlen(keys) + strlen(san) + 2 < sizeof keys) {
            strcat(keys, i ? " " : "");
            strcat(keys, san);
        }
    }
    int nrec = 0;
    bool match = true;
    size_t len;
    for (const char *at = pz->keys, *tok; (tok = arb_line_next(&at, &len, NULL)) != NULL;) {
        char key[ARB_MOVE_INPUT_MAX];
        snprintf(key, sizeof key, "%.*s", (int)len, tok);
        arb_move m;
        nrec++;
        bool found = false;
        if (arb_parse_san(&pos, key, &m, NULL) == ARB_OK)
            for (int i = 0; i < res.nkeys; i++)
                found |= res.keys[i] == m;
        match &= found;
    }
    if (!match || nrec != res.nkeys) {
        printf("FAIL %s (line %d): keys recorded '%s', solver finds '%s'\n", id, lineno, pz->keys, keys);
        return false;
    }
    *unique = res.nkeys == 1;
    printf("ok   %s: mate in %d, %s %s; ", id, n, res.nkeys == 1 ? "key" : "keys (cooked):", keys);
    print_line(stdout, &pos, res.line, res.nline);
    printf("\n");
    return true;
}

/* Says what is wrong with a line of the mate file that is not a puzzle; false. */
static bool line_problem(const struct cli_opts *o, int lineno, arb_mate_line_status st, const arb_mate_puzzle *pz,
                         const arb_reason *why)
{
    char text[ARB_REASON_TEXT_MAX];
    switch (st) {
    case ARB_MATE_LINE_N:
        printf("FAIL %s (line %d): N '%s' is not 1..%d\n", pz->id, lineno, pz->n_text, ARB_MATE_FILE_MAX_N);
        break;
    case ARB_MATE_LINE_FEN:
        arb_reason_render(why, o->lang, text, sizeof text);
        printf("FAIL %s (line %d): bad FEN: %s\n", pz->id, lineno, text);
        break;
    case ARB_MATE_LINE_TOO_LONG:
        printf("FAIL %s (line %d): a field is longer than %d bytes\n", pz->id, lineno, ARB_MATE_FIELD_MAX - 1);
        break;
    default:
        printf("FAIL (line %d): expected 5 fields: id | N | FEN | keys | source\n", lineno);
        break;
    }
    return false;
}

static int puzzle_check(const struct cli_opts *o, uint64_t budget, const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        fprintf(stderr, "arbiter: cannot open '%s': %s\n", path, strerror(errno));
        return 2;
    }
    char line[2048];
    int lineno = 0, total = 0, ok = 0, unique = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            printf("FAIL (line %d): longer than %d bytes\n", lineno, (int)sizeof line - 2);
            total++;
            int c;
            while ((c = fgetc(fp)) != EOF && c != '\n')
                ;
            continue;
        }
        arb_mate_puzzle *pz = malloc(sizeof *pz);
        arb_reason why;
        arb_mate_line_status st = pz ? arb_mate_line_read(line, pz, &why) : ARB_MATE_LINE_FIELDS;
        if (st == ARB_MATE_LINE_BLANK) {
            free(pz);
            continue;
        }
        total++;
        /* the file's format has a source on every line (the daemon serves one without it) */
        if (st == ARB_MATE_LINE_PUZZLE && !pz->source[0])
            st = ARB_MATE_LINE_FIELDS;
        bool u;
        if (st != ARB_MATE_LINE_PUZZLE) {
            line_problem(o, lineno, st, pz, &why);
        } else if (check_puzzle(o, budget, lineno, pz, &u)) {
            ok++;
            unique += u;
        }
        free(pz);
    }
    fclose(fp);
    printf("%d puzzles: %d ok (%d with a unique key, %d cooked), %d failed\n", total, ok, unique, ok - unique,
           total - ok);
    return ok == total ? 0 : 1;
}

static bool is_script(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcmp(path + n - 4, ".lua") == 0;
}

#ifdef ARB_HAVE_LUA
struct script_report {
    int errors;
    bool unreadable;
};

static void script_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    struct script_report *c = ud;
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    printf("FAIL %s\n", text);
    if (strcmp(level, "error") == 0)
        c->errors++;
}

/* The scripts, into one box (a second puzzle with an id already taken is reported): each is run,
 * linted and verified by the engine as the daemon loads it. Returns 0, 1 (one fails) or 2. */
static int scripts_check(int nfiles, char **files)
{
    arbl_book *box = arbl_book_new(&arbl_puzzles, NULL);
    if (!box)
        return 2;
    int failed = 0, total = 0;
    bool unreadable = false;
    for (int i = 0; i < nfiles; i++) {
        if (!is_script(files[i]))
            continue;
        total++;
        FILE *f = fopen(files[i], "r");
        if (!f) {
            fprintf(stderr, "arbiter: cannot open '%s': %s\n", files[i], strerror(errno));
            unreadable = true;
            failed++;
            continue;
        }
        fclose(f);
        struct script_report c = {0, false};
        if (arbl_book_load_file(box, files[i], script_report, &c)) {
            const arbl_puzzle *p = arbl_book_at(box, arbl_book_count(box) - 1);
            printf("ok   %s: %s (%s), answer by %s\n", p->id, p->kind, files[i], p->answer_type);
        } else {
            failed++;
        }
    }
    arbl_book_free(box);
    if (total)
        printf("%d puzzle scripts: %d ok, %d failed\n", total, total - failed, failed);
    return unreadable ? 2 : failed ? 1 : 0;
}
#endif

int cmd_puzzle(int argc, char **argv)
{
    uint64_t budget;
    struct cli_opts o;
    if (!take_budget(&argc, argv, &budget) || !cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 2 || strcmp(o.args[0], "check") != 0) {
        fprintf(stderr, "usage: arbiter puzzle check [--budget NODES] FILE...   (the mate file, or puzzle scripts *.lua)\n");
        return 2;
    }
    int worst = 0, scripts = 0;
    for (int i = 1; i < o.nargs; i++) {
        if (is_script(o.args[i])) {
            scripts++;
            continue;
        }
        int rc = puzzle_check(&o, budget, o.args[i]);
        worst = rc > worst ? rc : worst;
    }
    if (scripts) {
#ifdef ARB_HAVE_LUA
        int rc = scripts_check(o.nargs - 1, o.args + 1);
        worst = rc > worst ? rc : worst;
#else
        fprintf(stderr, "arbiter: puzzle scripts need the Lua runtime (built without it)\n");
        return 2;
#endif
    }
    return worst;
}
