/* `arbiter quiz list | generate | grade`: the quiz runtime of lua/ offline. generate streams
 * JSON lines (one question per line, written as it is made: constant memory for any count);
 * with --indices, one line per index of a range, so ranges can be made on many machines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "quiz_json.h"
#include "quizzes.h"

/* Largest --count: a bulk run, not an unbounded one. */
#define QUIZ_COUNT_MAX 10000000L

/* Prints a problem as file:line and counts the errors (ud: an int, or NULL). */
static void report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    char text[2048];
    arbl_format_report(text, sizeof text, path, line, level, step, message);
    fprintf(stderr, "%s\n", text);
    if (ud && strcmp(level, "error") == 0)
        (*(int *)ud)++;
}

static bool is_dir(const char *d)
{
    FILE *f = NULL;
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/.", d);
    f = fopen(probe, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* --dir, then $ARBITER_QUIZ_DIR, then the installed set, then the source tree's. */
static arbl_book *open_book(const char *dir, int *errors)
{
    const char *candidates[] = {dir, getenv("ARBITER_QUIZ_DIR"), ARB_QUIZ_DIR, ARB_QUIZ_SRC_DIR};
    for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
        if (!candidates[i] || !*candidates[i] || (i >= 2 && !is_dir(candidates[i])))
            continue;
        arbl_book *book = arbl_book_new(&arbl_quizzes, NULL);
        if (!book)
            return NULL;
        /* list, generate and grade only read the book: each file is checked in English (quiz
         * check, and the daemon, check every language) */
        const arbl_load how = {.threads = 1, .english_only = true};
        if (arbl_book_load_dir(book, candidates[i], NULL, &how, report, errors) < 0) {
            fprintf(stderr, "arbiter: cannot read the quiz directory %s\n", candidates[i]);
            arbl_book_free(book);
            return NULL;
        }
        return book;
    }
    fprintf(stderr, "arbiter: no quiz directory (use --dir)\n");
    return NULL;
}

static void print_line(json_t *o)
{
    if (o)
        json_dumpf(o, stdout, JSON_COMPACT);
    fputc('\n', stdout);
    json_decref(o);
}

static bool parse_count(const char *s, long max, long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || end == s || v < 0 || v > max)
        return false;
    *out = (long)v;
    return true;
}

struct gen_ctx {
    const char *generator;
    uint64_t seed;
};

static bool emit(void *ud, const arbl_question *q)
{
    struct gen_ctx *c = ud;
    print_line(aj_question_json(q, c->generator, c->seed));
    return !ferror(stdout);
}

/* --indices: each question as it comes, and the indices that made none (named on stderr). */
struct range_ctx {
    struct gen_ctx gen;
    uint64_t next;              /* the index expected next */
    long skipped;
};

static void note_skipped(struct range_ctx *c, uint64_t upto)
{
    for (; c->next < upto; c->next++, c->skipped++)
        fprintf(stderr, "arbiter: index %llu: the generator made no question there (skipped)\n",
                (unsigned long long)c->next);
}

static bool emit_in_range(void *ud, const arbl_question *q)
{
    struct range_ctx *c = ud;
    note_skipped(c, q->index);
    c->next = q->index + 1;
    print_line(aj_question_json(q, c->gen.generator, c->gen.seed));
    return !ferror(stdout);
}

/* --indices N: one line per index of [first, first + n), nothing skipped as a repeat, so the
 * output of a range is the same whichever machine makes it and ranges concatenate to the output
 * of their union (docs/quizzes.md, "Bulk generation"). An index whose generation fails writes no
 * line (the same on every machine) and is named on stderr. Returns the exit status. */
static int generate_indices(const arbl_book *book, const arbl_quiz *quiz, uint64_t seed, uint64_t first,
                            long n, const arbl_quiz_args *args, const char *lang)
{
    struct range_ctx ctx = {{quiz->id, seed}, first, 0};
    arbl_quiz_error e;
    char err[512];
    long made = arbl_quiz_generate_range(book, quiz, seed, first, n, args, lang, emit_in_range, &ctx, &e, err, sizeof err);
    fflush(stdout);
    if (made < 0) {
        fprintf(stderr, "arbiter: %s\n", err);
        return 1;
    }
    if (ferror(stdout))
        return 1;
    note_skipped(&ctx, first + (uint64_t)n);
    if (ctx.skipped)
        fprintf(stderr, "arbiter: %ld of %ld indices made no question\n", ctx.skipped, n);
    return 0;
}

static int quiz_usage(void)
{
    fprintf(stderr, "usage: arbiter quiz list [--lang L]   (exit 1 when a generator fails to load)\n"
                    "       arbiter quiz check [--seeds N] FILE...   (each difficulty, N questions each)\n"
                    "       arbiter quiz generate --generator G --seed S --count N [--index I] [--lang L]\n"
                    "                             [--difficulty D] [--param NAME=VALUE]...\n"
                    "       arbiter quiz generate --generator G --seed S --index I --indices N ...\n"
                    "                             (every index of [I, I+N), one line each: shardable)\n"
                    "       arbiter quiz grade [--lang L] ID ANSWER   (exit 0 right, 1 wrong)\n"
                    "  (any: --dir DIR, the quiz generators; default $ARBITER_QUIZ_DIR or the bundled ones)\n");
    return 2;
}

/* `quiz check [--seeds N] FILE...`: each generator checked deeply (lua/quizzes.h). */
static int quiz_check(int argc, char **argv)
{
    long seeds = 10;
    int failed = 0, files = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) {
            if (!parse_count(argv[++i], 1000, &seeds) || seeds < 1) {
                fprintf(stderr, "arbiter: --seeds takes a whole number from 1 to 1000\n");
                return 2;
            }
            continue;
        }
        files++;
        int errors = 0;
        if (arbl_quiz_check_file(argv[i], NULL, (int)seeds, report, &errors) == 0)
            printf("%s: ok\n", argv[i]);
        else
            failed++;
    }
    return files == 0 ? quiz_usage() : failed ? 1 : 0;
}

int cmd_quiz(int argc, char **argv)
{
    if (argc < 2)
        return quiz_usage();
    if (strcmp(argv[1], "check") == 0)
        return quiz_check(argc, argv);
    const char *sub = argv[1], *lang = "en", *dir = NULL, *generator = NULL, *digits = NULL;
    const char *pnames[8], *pvalues[8];
    int nparams = 0;
    long seed = -1, count = -1, index = 0, indices = -1;
    char *pos_args[4];
    int npos = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--lang") == 0 && has_value) {
            lang = argv[++i];
        } else if (strcmp(a, "--digits") == 0 && has_value) {
            digits = argv[++i];
        } else if (strcmp(a, "--dir") == 0 && has_value) {
            dir = argv[++i];
        } else if (strcmp(a, "--generator") == 0 && has_value) {
            generator = argv[++i];
        } else if ((strcmp(a, "--seed") == 0 || strcmp(a, "--count") == 0 || strcmp(a, "--index") == 0 ||
                    strcmp(a, "--indices") == 0) && has_value) {
            bool is_indices = strcmp(a, "--indices") == 0;
            long *dst = a[2] == 's' ? &seed : a[2] == 'c' ? &count : is_indices ? &indices : &index;
            long max = a[2] == 'c' || is_indices ? QUIZ_COUNT_MAX : (long)ARBL_QUIZ_SEED_MAX;
            if (!parse_count(argv[++i], max, dst)) {
                fprintf(stderr, "arbiter: %s takes a whole number from 0 to %ld\n", a, max);
                return 2;
            }
        } else if ((strcmp(a, "--difficulty") == 0 || strcmp(a, "--param") == 0) && has_value && nparams < 8) {
            const char *v = argv[++i];
            if (a[2] == 'd') {
                pnames[nparams] = "difficulty";
                pvalues[nparams++] = v;
            } else {
                const char *eq = strchr(v, '=');
                if (!eq || eq == v) {
                    fprintf(stderr, "arbiter: --param takes NAME=VALUE\n");
                    return 2;
                }
                static char names[8][64];
                snprintf(names[nparams], sizeof names[0], "%.*s", (int)(eq - v), v);
                pnames[nparams] = names[nparams];
                pvalues[nparams++] = eq + 1;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "arbiter: unknown or incomplete option '%s'\n", a);
            return quiz_usage();
        } else if (npos < 4) {
            pos_args[npos++] = argv[i];
        } else {
            return quiz_usage();
        }
    }
    const char *base = arb_language_base(lang);
    if (!base || strcmp(base, lang) != 0) { /* a language with a catalog, as arb_languages() lists */
        fprintf(stderr, "arbiter: languages are");
        const char *const *langs = arb_languages();
        for (int k = 0; langs[k]; k++)
            fprintf(stderr, "%s%s", k == 0 ? " " : langs[k + 1] ? ", " : " and ", langs[k]);
        fprintf(stderr, "\n");
        return 2;
    }
    if (digits && !(lang = aj_lang_digits(lang, digits))) {
        fprintf(stderr, "arbiter: --digits takes latin, native or default\n");
        return 2;
    }
    if (strcmp(sub, "list") != 0 && strcmp(sub, "generate") != 0 && strcmp(sub, "grade") != 0)
        return quiz_usage();
    if ((strcmp(sub, "grade") == 0 && npos != 2) || (strcmp(sub, "grade") != 0 && npos != 0))
        return quiz_usage();
    if (strcmp(sub, "generate") == 0 && (!generator || seed < 0 || (count < 0) == (indices < 0))) {
        fprintf(stderr, "arbiter: quiz generate needs --generator, --seed and one of --count or --indices\n");
        return 2;
    }
    if (indices >= 0 && (unsigned long long)index + (unsigned long long)indices > ARBL_QUIZ_SEED_MAX + 1ull) {
        fprintf(stderr, "arbiter: --index + --indices goes past 2^53\n");
        return 2;
    }
    int load_errors = 0;
    arbl_book *book = open_book(dir, &load_errors);
    if (!book)
        return 2;
    int rc = 0;
    if (strcmp(sub, "list") == 0) {
        for (int i = 0; i < arbl_book_count(book); i++)
            print_line(aj_quiz_json(arbl_book_at(book, i), lang));
        rc = load_errors ? 1 : 0; /* the others are listed; the failures were reported */
    } else if (strcmp(sub, "generate") == 0) {
        const arbl_quiz *quiz = arbl_book_find(book, generator);
        arbl_quiz_args args;
        memset(&args, 0, sizeof args);
        char err[512];
        if (!quiz) {
            fprintf(stderr, "arbiter: there is no quiz generator '%s' (arbiter quiz list)\n", generator);
            rc = 2;
        }
        for (int i = 0; rc == 0 && i < nparams; i++)
            if (!arbl_quiz_args_set(quiz, &args, pnames[i], pvalues[i], err, sizeof err)) {
                fprintf(stderr, "arbiter: %s\n", err);
                rc = 2;
            }
        if (rc == 0 && indices >= 0) {
            rc = generate_indices(book, quiz, (uint64_t)seed, (uint64_t)index, indices, &args, lang);
        } else if (rc == 0) {
            struct gen_ctx ctx = {quiz->id, (uint64_t)seed};
            arbl_quiz_error e;
            long made = arbl_quiz_generate(book, quiz, (uint64_t)seed, (uint64_t)index, count, &args, lang, emit, &ctx,
                                           &e, err, sizeof err);
            fflush(stdout);
            if (made < 0) {
                fprintf(stderr, "arbiter: %s\n", err);
                rc = 1;
            } else if (made < count && !ferror(stdout)) {
                fprintf(stderr, "arbiter: only %ld distinct questions were found\n", made);
                rc = 1;
            }
        }
    } else {
        arbl_grade *g = malloc(sizeof *g);
        if (!g || !arbl_quiz_grade(book, pos_args[0], pos_args[1], lang, g)) {
            fprintf(stderr, "arbiter: %s\n", g ? g->message : "out of memory");
            rc = 2;
        } else {
            print_line(aj_grade_json(pos_args[0], g));
            rc = g->correct ? 0 : 1;
        }
        free(g);
    }
    arbl_book_free(book);
    return rc;
}
