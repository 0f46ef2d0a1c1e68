/* arbiter annotate: every game of PGN files (or stdin) annotated with the rule events and the
 * result the Laws give, streamed in constant memory (pgn_split.c), on N threads with the output in
 * file order, a byte-range shard of a file (--shard I/N), and --merge of shards' JSON lines. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"
#include "pgn_split.h"

#define BATCH_BYTES (1u << 20)   /* input per batch handed to a worker */
#define BATCH_GAMES 256
#define MAX_JOBS 64

struct opts {
    const char *lang;
    enum ann_format fmt;
    bool merge;
    int jobs, shard, nshards;   /* shard counted from 0 here (the option counts from 1) */
    int max_game_mib;           /* a game larger than this is skipped */
    bool sharded;               /* --shard given: no line numbers (a shard cannot know them), so
                                 * the merged shards are byte for byte the output of --shard 1/1 */
    int nfiles;
    char **files;
};

/* ---- Batches: filled in order by the reader, annotated by any worker, printed in order ---- */

enum { B_FREE, B_FILLED, B_WORKING, B_DONE };

struct batch {
    int state;
    int nchunks;
    struct ann_chunk chunks[BATCH_GAMES];
    size_t bytes;
    struct ann_result res;
};

struct pool {
    const struct opts *o;
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    int nbatches;
    struct batch *batches;
    bool quit;
};

static void batch_clear(struct batch *b)
{
    for (int i = 0; i < b->nchunks; i++)
        free(b->chunks[i].text);
    b->nchunks = 0;
    b->bytes = 0;
    b->res.out.len = b->res.err.len = 0;
    b->res.out.failed = b->res.err.failed = false;
    if (b->res.out.s)
        b->res.out.s[0] = '\0';
    b->res.ngames = 0;
    memset(&b->res.sum, 0, sizeof b->res.sum);
    b->res.unreadable = false;
}

static void batch_run(const struct opts *o, struct batch *b, arb_annotation *a)
{
    for (int i = 0; i < b->nchunks; i++)
        ann_render_chunk(&b->chunks[i], o->fmt, o->lang, a, &b->res);
}

static void *worker(void *arg)
{
    struct pool *p = arg;
    arb_annotation a;
    arb_annotation_init(&a);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        struct batch *b = NULL;
        for (int i = 0; i < p->nbatches && !b; i++)
            if (p->batches[i].state == B_FILLED)
                b = &p->batches[i];
        if (!b && p->quit)
            break;
        if (!b) {
            pthread_cond_wait(&p->work, &p->mu);
            continue;
        }
        b->state = B_WORKING;
        pthread_mutex_unlock(&p->mu);
        batch_run(p->o, b, &a);
        pthread_mutex_lock(&p->mu);
        b->state = B_DONE;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    arb_annotation_free(&a);
    return NULL;
}

/* ---- Printing in order, totals, progress ------------------------------------------------------ */

struct run {
    const struct opts *o;
    const char *name;        /* the file as named ("-": stdin) */
    long long number;        /* games printed so far (this file or shard) */
    aj_annotate_summary sum;
    bool unreadable;
    bool progress;           /* stderr is a terminal */
    struct timespec started, shown;
};

static double seconds(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void show_progress(struct run *r, bool last)
{
    if (!r->progress)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!last && seconds(&r->shown, &now) < 0.5)
        return;
    r->shown = now;
    double t = seconds(&r->started, &now);
    char text[512];
    arb_arg a[] = {TEXT("file", r->name), NUM("games", r->sum.games), NUM("rate", t > 0 ? (double)r->sum.games / t + 0.5 : 0),
                   NUM("mis", r->sum.mis_scored)};
    cli_report_text(r->o->lang, "report.ann_progress", a, 4, text, sizeof text);
    fprintf(stderr, "\r%s%s", text, last ? "\n" : "  ");
}

static void print_batch(struct run *r, struct batch *b)
{
    const struct ann_result *res = &b->res;
    size_t from = 0;
    for (int i = 0; i < res->ngames; i++) {
        const char *s = res->out.s + from;
        size_t n = res->ends[i] - from;
        from = res->ends[i];
        if (r->o->fmt == ANN_WRITE) {
            fwrite(s, 1, n, stdout);
            continue;
        }
        r->number++;
        if (r->o->fmt == ANN_JSON) {
            printf("{\"game\":%lld", r->number);
            fwrite(s, 1, n, stdout);
            continue;
        }
        /* the text report: the game's number, in the language's digits, where its head line has the mark */
        const char *mark = memchr(s, ANN_NUMBER_MARK[0], n);
        size_t before = mark ? (size_t)(mark - s) : 0;
        char number[32];
        arb_arg num = NUM("n", r->number);
        arb_message_render(r->o->lang, "{n}", &num, 1, number, sizeof number);
        fwrite(s, 1, before, stdout);
        if (mark)
            fputs(number, stdout);
        fwrite(s + before + (mark != NULL), 1, n - before - (mark != NULL), stdout);
    }
    if (res->err.len)
        for (const char *l = res->err.s; *l;) {
            const char *e = strchr(l, '\n');
            size_t n = e ? (size_t)(e - l) : strlen(l);
            fprintf(stderr, "%s:%.*s\n", r->name, (int)n, l);
            l += n + (e != NULL);
        }
    if (res->out.failed)
        fprintf(stderr, "arbiter: %s: out of memory: some output was lost\n", r->name);
    r->unreadable |= res->unreadable || res->out.failed;
    r->sum.games += res->sum.games;
    r->sum.unreadable += res->sum.unreadable;
    r->sum.mis_scored += res->sum.mis_scored;
    for (int c = 0; c < ARB_REASON_COUNT; c++)
        r->sum.events[c] += res->sum.events[c];
    show_progress(r, false);
}

/* "FILE: 3 games (1 unreadable), 1 mis-scored; events: check 40, checkmate 1", in lang. */
static void print_total(FILE *to, const char *lang, const char *name, const aj_annotate_summary *s)
{
    char events[4096] = "", text[5120];
    size_t used = 0;
    for (int c = 0; c < ARB_REASON_COUNT && used < sizeof events; c++)
        if (s->events[c])
            used += (size_t)snprintf(events + used, sizeof events - used, "%s%s %lld", used ? ", " : "",
                                     arb_reason_name((unsigned)c), s->events[c]);
    char none[64];
    arb_arg a[] = {TEXT("file", name), NUM("games", s->games), NUM("bad", s->unreadable > 0),
                   NUM("unreadable", s->unreadable), NUM("mis", s->mis_scored),
                   used ? (arb_arg)LATIN("events", events)
                        : (arb_arg)TEXT("events", cli_report_text(lang, "report.ann_no_events", NULL, 0, none, sizeof none))};
    fprintf(to, "%s\n", cli_report_text(lang, "report.ann_total", a, sizeof a / sizeof *a, text, sizeof text));
}

/* ---- One input ------------------------------------------------------------------------------- */

/* Reads the next chunks into b; false when the input is over (b may still hold chunks). */
static int fill_batch(pgn_split *sp, struct batch *b)
{
    while (b->nchunks < BATCH_GAMES && b->bytes < BATCH_BYTES) {
        const char *text;
        size_t len;
        long long offset, line;
        int k = pgn_split_next(sp, &text, &len, &offset, &line);
        if (k == PGN_SPLIT_END || k == PGN_SPLIT_ERROR)
            return k;
        struct ann_chunk *c = &b->chunks[b->nchunks];
        *c = (struct ann_chunk){NULL, 0, offset, line, k == PGN_SPLIT_TOO_LARGE, (int)(sp->max_game >> 20)};
        if (!c->too_large) {
            c->text = malloc(len ? len : 1);
            if (!c->text) {
                sp->error = ENOMEM;
                return PGN_SPLIT_ERROR;
            }
            memcpy(c->text, text, len);
            c->len = len;
        }
        b->nchunks++;
        b->bytes += len;
    }
    return PGN_SPLIT_GAME;
}

static int annotate_input(const struct opts *o, struct pool *p, const char *name, int fd, aj_annotate_summary *total)
{
    pgn_split sp;
    if (!pgn_split_open(&sp, fd, o->shard, o->nshards)) {
        fprintf(stderr, "arbiter: %s: %s%s\n", name, strerror(errno),
                errno == ESPIPE ? " (--shard needs a regular file)" : "");
        return 2;
    }
    sp.max_game = (size_t)o->max_game_mib << 20;
    if (o->sharded)
        sp.line = 0;
    struct run r = {o, name, 0, {0}, false, isatty(STDERR_FILENO) == 1, {0, 0}, {0, 0}};
    clock_gettime(CLOCK_MONOTONIC, &r.started);
    r.shown = r.started;
    int next_fill = 0, next_print = 0, k = PGN_SPLIT_GAME;
    bool input_over = false;
    pthread_mutex_lock(&p->mu);
    while (!input_over || p->batches[next_print].state != B_FREE) {
        struct batch *f = &p->batches[next_fill];
        if (!input_over && f->state == B_FREE) {
            pthread_mutex_unlock(&p->mu);
            k = fill_batch(&sp, f);
            input_over = k != PGN_SPLIT_GAME;
            pthread_mutex_lock(&p->mu);
            if (f->nchunks) {
                f->state = B_FILLED;
                next_fill = (next_fill + 1) % p->nbatches;
                pthread_cond_signal(&p->work);
            }
            continue;
        }
        struct batch *b = &p->batches[next_print];
        if (b->state == B_DONE) {
            pthread_mutex_unlock(&p->mu);
            print_batch(&r, b);
            batch_clear(b);
            pthread_mutex_lock(&p->mu);
            b->state = B_FREE;
            next_print = (next_print + 1) % p->nbatches;
            continue;
        }
        if (b->state == B_FREE && input_over)
            break;
        pthread_cond_wait(&p->done, &p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    fflush(stdout);
    show_progress(&r, true);
    int status = r.unreadable ? 1 : 0;
    if (k == PGN_SPLIT_ERROR) {
        fprintf(stderr, "arbiter: %s: %s\n", name, strerror(sp.error));
        status = 2;
    }
    pgn_split_close(&sp);
    print_total(o->fmt == ANN_TEXT ? stdout : stderr, o->lang, name, &r.sum);
    total->games += r.sum.games;
    total->unreadable += r.sum.unreadable;
    total->mis_scored += r.sum.mis_scored;
    for (int c = 0; c < ARB_REASON_COUNT; c++)
        total->events[c] += r.sum.events[c];
    return status;
}

/* ---- --merge: shards' JSON lines concatenated, the games numbered again in order ------------- */

static int merge(const struct opts *o)
{
    long long number = 0;
    int status = 0;
    for (int i = 0; i < (o->nfiles ? o->nfiles : 1); i++) {
        const char *name = o->nfiles ? o->files[i] : "-";
        FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
        if (!f) {
            fprintf(stderr, "arbiter: %s: %s\n", name, strerror(errno));
            return 2;
        }
        char *line = NULL;
        size_t cap = 0;
        ssize_t n;
        while ((n = getline(&line, &cap, f)) > 0) {
            static const char lead[] = "{\"game\":";
            char *end = NULL;
            if (strncmp(line, lead, sizeof lead - 1) != 0 || (strtoll(line + sizeof lead - 1, &end, 10), *end != ',')) {
                fprintf(stderr, "arbiter: %s: not a line of arbiter annotate --json: %.40s\n", name, line);
                status = 1;
                continue;
            }
            printf("{\"game\":%lld%s", ++number, end);
        }
        free(line);
        if (f != stdin)
            fclose(f);
    }
    return status;
}

/* ---- Options ----------------------------------------------------------------------------------- */

static bool take_opts(int *argc, char **argv, struct opts *o)
{
    int out = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *v = i + 1 < *argc ? argv[i + 1] : NULL;
        char *end;
        if (strcmp(a, "--write") == 0) {
            o->fmt = ANN_WRITE;
        } else if (strcmp(a, "--merge") == 0) {
            o->merge = true;
        } else if (strcmp(a, "--jobs") == 0 && v) {
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > MAX_JOBS) {
                fprintf(stderr, "arbiter: --jobs takes a number from 1 to %d\n", MAX_JOBS);
                return false;
            }
            o->jobs = (int)n;
            i++;
        } else if (strcmp(a, "--max-game-mib") == 0 && v) {
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 1024) {
                fprintf(stderr, "arbiter: --max-game-mib takes a number of MiB from 1 to 1024\n");
                return false;
            }
            o->max_game_mib = (int)n;
            i++;
        } else if (strcmp(a, "--shard") == 0 && v) {
            long k = strtol(v, &end, 10), n = *end == '/' ? strtol(end + 1, &end, 10) : 0;
            if (*end || n < 1 || n > 1000000 || k < 1 || k > n) {
                fprintf(stderr, "arbiter: --shard takes I/N with 1 <= I <= N (the I-th of N byte ranges)\n");
                return false;
            }
            o->shard = (int)k - 1;
            o->nshards = (int)n;
            o->sharded = true;
            i++;
        } else {
            argv[out++] = argv[i];
        }
    }
    *argc = out;
    return true;
}

int cmd_annotate(int argc, char **argv)
{
    struct opts o = {"en", ANN_TEXT, false, 1, 0, 1, PGN_SPLIT_MAX_GAME >> 20, false, 0, NULL};
    struct cli_opts co;
    if (!take_opts(&argc, argv, &o) || !cli_parse_opts(argc, argv, &co))
        return 2;
    o.lang = co.lang;
    if (co.json) {
        if (o.fmt == ANN_WRITE) {
            fprintf(stderr, "arbiter: annotate takes --json or --write, not both\n");
            return 2;
        }
        o.fmt = ANN_JSON;
    }
    o.nfiles = co.nargs;
    o.files = co.args;
    if (o.merge)
        return merge(&o);
    if (o.sharded && o.nfiles != 1) {
        fprintf(stderr, "arbiter: --shard reads one file\n");
        return 2;
    }
    struct pool p = {&o, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
                     2 * o.jobs + 1, NULL, false};
    p.batches = calloc((size_t)p.nbatches, sizeof *p.batches);
    pthread_t threads[MAX_JOBS];
    if (!p.batches) {
        fprintf(stderr, "arbiter: out of memory\n");
        return 2;
    }
    int started = 0;
    while (started < o.jobs && pthread_create(&threads[started], NULL, worker, &p) == 0)
        started++;
    if (started == 0) {
        fprintf(stderr, "arbiter: cannot start a thread\n");
        free(p.batches);
        return 2;
    }
    aj_annotate_summary *total = calloc(1, sizeof *total);
    int status = total ? 0 : 2;
    for (int i = 0; total && i < (o.nfiles ? o.nfiles : 1) && status < 2; i++) {
        const char *name = o.nfiles ? o.files[i] : "-";
        int fd = strcmp(name, "-") == 0 ? STDIN_FILENO : open(name, O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, "arbiter: cannot read '%s': %s\n", name, strerror(errno));
            status = 2;
            break;
        }
        int st = annotate_input(&o, &p, strcmp(name, "-") == 0 ? "stdin" : name, fd, total);
        status = st > status ? st : status;
        if (fd != STDIN_FILENO)
            close(fd);
    }
    if (total && o.nfiles > 1) {
        char all[128];
        print_total(o.fmt == ANN_TEXT ? stdout : stderr, o.lang,
                    cli_report_text(o.lang, "report.ann_all_files", NULL, 0, all, sizeof all), total);
    }
    pthread_mutex_lock(&p.mu);
    p.quit = true;
    pthread_cond_broadcast(&p.work);
    pthread_mutex_unlock(&p.mu);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    for (int i = 0; i < p.nbatches; i++) {
        batch_clear(&p.batches[i]);
        free(p.batches[i].res.out.s);
        free(p.batches[i].res.err.s);
        free(p.batches[i].res.ends);
    }
    free(p.batches);
    free(total);
    return status;
}
