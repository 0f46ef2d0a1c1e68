/* The book of scripts (book.h): the items of one kind, loaded from a folder on several threads
 * (each file checked by book_load.c), added and reported in name order, found by id; a reload
 * keeps the last good version of a file that now fails. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "book_load.h"
#include "answer_text.h"
#include "scripts.h"

extern const char *const arbl_common_text;
extern const size_t arbl_common_len;
extern const char *const arbl_library_text;
extern const size_t arbl_library_len;

/* ---- the book ---- */

/* The text of the chunk answers run: common.lua, library.lua (for a kind that has it) and the
 * prelude, each as a function of its own arguments, as the three chunks run for a check. */
static char *join_runtime(const arbl_kind *kind, size_t *len)
{
    static const char *const parts[] = {
        "local frame = ...\nlocal C = (function(...)\n", "\nend)(frame)\n;(function(...)\n",
        "\nend)(frame, C)\nreturn (function(...)\n", "\nend)(frame, C)\n"};
    const char *text[3] = {arbl_common_text, kind->library ? arbl_library_text : "", *kind->prelude.text};
    size_t n[3] = {arbl_common_len, kind->library ? arbl_library_len : 0, *kind->prelude.len};
    size_t total = n[0] + n[1] + n[2] + 1;
    for (int i = 0; i < 4; i++)
        total += strlen(parts[i]);
    char *s = malloc(total);
    if (!s)
        return NULL;
    size_t at = 0;
    for (int i = 0; i < 4; i++) {
        memcpy(s + at, parts[i], strlen(parts[i]));
        at += strlen(parts[i]);
        if (i < 3) {
            memcpy(s + at, text[i], n[i]);
            at += n[i];
        }
    }
    s[at] = 0;
    *len = at;
    return s;
}

arbl_book *arbl_book_new(const arbl_kind *kind, const arbl_limits *limits)
{
    arbl_book *book = calloc(1, sizeof *book);
    if (!book)
        return NULL;
    book->kind = kind;
    if (limits)
        book->limits = *limits;
    book->common.bytes = arbl_compile_text(limits, arbl_common_text, arbl_common_len, "=common", false,
                                           &book->common.len);
    if (kind->library)
        book->library.bytes = arbl_compile_text(limits, arbl_library_text, arbl_library_len, "=library", false,
                                                &book->library.len);
    book->prelude.bytes = arbl_compile_text(limits, *kind->prelude.text, *kind->prelude.len, kind->prelude.name, false,
                                            &book->prelude.len);
    /* An answer loads one chunk, stripped: three loads and their debug information were a tenth
     * of a lesson answer's instructions and a third of a quiz grade's. */
    size_t len;
    char *joined = join_runtime(kind, &len);
    if (joined)
        book->answer.bytes = arbl_compile_text(limits, joined, len, kind->prelude.name, true, &book->answer.len);
    free(joined);
    if (kind->open)
        book->data = kind->open(book);
    return book;
}

static void *item_at(const arbl_book *book, int i)
{
    return book->items + (size_t)i * book->kind->item_size;
}

void arbl_book_free(arbl_book *book)
{
    if (!book)
        return;
    for (int i = 0; i < book->count; i++)
        arbl_item_free(book->kind, item_at(book, i));
    if (book->kind->close)
        book->kind->close(book->data);
    free(book->items);
    free(book->common.bytes);
    free(book->library.bytes);
    free(book->prelude.bytes);
    free(book->answer.bytes);
    free(book);
}

const arbl_kind *arbl_book_kind(const arbl_book *book)
{
    return book->kind;
}

const arbl_limits *arbl_book_limits(const arbl_book *book)
{
    return &book->limits;
}

void *arbl_book_data(const arbl_book *book)
{
    return book->data;
}

int arbl_book_count(const arbl_book *book)
{
    return book ? book->count : 0;
}

const void *arbl_book_at(const arbl_book *book, int i)
{
    return book && i >= 0 && i < book->count ? item_at(book, i) : NULL;
}

const void *arbl_book_find(const arbl_book *book, const char *id)
{
    for (int i = 0; book && id && i < book->count; i++) {
        const arbl_entry *e = item_at(book, i);
        if (e->id && strcmp(e->id, id) == 0)
            return e;
    }
    return NULL;
}

int arbl_book_failures(const arbl_book *book)
{
    return book->failures;
}

int arbl_book_stale(const arbl_book *book)
{
    return book->stale;
}

bool arbl_book_answer(const arbl_book *book, const arbl_entry *item, const char *fn, int step, const char *answer,
                      const char *lang, const char *who, arbl_result *out)
{
    char err[400] = "", text[3 * ARBL_ANSWER_MAX + 1]; /* a malformed byte is read as U+FFFD */
    memset(out, 0, offsetof(arbl_result, explanations));
    out->budget = ARBL_BUDGET_NONE; /* after the explanations: not covered by the memset */
    out->error[0] = 0;
    if (!answer || strlen(answer) > ARBL_ANSWER_MAX || !arbl_answer_fold(answer, text, sizeof text)) {
        snprintf(out->error, sizeof out->error, "the answer is longer than %d bytes", ARBL_ANSWER_MAX);
        return false;
    }
    arbl_sandbox sb;
    if (arbl_book_open(book, item, lang, &sb, err, sizeof err)) {
        lua_State *L = sb.L;
        lua_getfield(L, 1, fn);
        lua_pushvalue(L, 2);
        if (step)
            lua_pushinteger(L, step);
        lua_pushstring(L, text);
        lua_pushstring(L, answer); /* as typed, to quote back («۹», not 9: common.lua C.typed) */
        if (arbl_sandbox_pcall(&sb, step ? 4 : 3, 1, err, sizeof err) == LUA_OK && lua_istable(L, -1)) {
            int r = lua_gettop(L);
            lua_getfield(L, r, "correct");
            out->correct = lua_toboolean(L, -1);
            lua_getfield(L, r, "feedback");
            arbl_copy_prose(out->feedback, sizeof out->feedback, lang, lua_tostring(L, -1));
            lua_getfield(L, r, "next");
            out->next = (int)lua_tointeger(L, -1);
            lua_pop(L, 3);
            out->nexplanations = arbl_read_explanations(L, r, out->explanations);
            arbl_isolate_explanations(out, lang);
            out->ok = true;
        } else if (!err[0]) {
            snprintf(err, sizeof err, "%s returned no result", fn);
        }
        arbl_sandbox_close(&sb);
    }
    if (!out->ok) {
        out->budget = sb.stopped_by;
        snprintf(out->error, sizeof out->error, "%s: %s", who, err);
    }
    return out->ok;
}

/* Appends item (copied; the book owns what it owns); false (item freed) when memory runs out. */
static bool append(arbl_book *book, void *item)
{
    if (book->count == book->cap) {
        int cap = book->cap ? book->cap * 2 : 16;
        unsigned char *items = realloc(book->items, book->kind->item_size * (size_t)cap);
        if (!items) {
            arbl_item_free(book->kind, item);
            return false;
        }
        book->items = items;
        book->cap = cap;
    }
    memcpy(item_at(book, book->count++), item, book->kind->item_size);
    return true;
}

bool arbl_book_add(arbl_book *book, void *item)
{
    const arbl_entry *e = item;
    if (!e->id || arbl_book_find(book, e->id)) {
        arbl_item_free(book->kind, item);
        return false;
    }
    return append(book, item);
}

/* Reads path into *src (text malloc'd: the caller frees src->text); false (reported) if not. */
static bool read_source(const char *path, arbl_source *src, arbl_report_fn report, void *ud)
{
    char err[512];
    memset(src, 0, sizeof *src);
    src->path = path;
    src->name = arbl_base_name(path);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        report(ud, path, 0, "error", 0, "is a directory: a check takes script files "
               "(arbiterd --check-lessons DIR checks a whole directory)");
        return false;
    }
    src->text = arbl_read_file(path, ARBL_SCRIPT_MAX, &src->len, err, sizeof err);
    if (!src->text) {
        report(ud, path, 0, "error", 0, err);
        return false;
    }
    return true;
}

/* A text longer than any file read is refused as a file would be (reported). */
static bool too_large(const char *name, size_t len, arbl_report_fn report, void *ud)
{
    if (len <= ARBL_SCRIPT_MAX)
        return false;
    char msg[80];
    snprintf(msg, sizeof msg, "the file is larger than %u bytes", ARBL_SCRIPT_MAX);
    report(ud, name, 0, "error", 0, msg);
    return true;
}

/* Adds what load_one gave, unless its id is taken (reported with the other file's name). */
static bool add_loaded(arbl_book *book, const arbl_source *src, struct arbl_loaded *r, arbl_report_fn report, void *ud)
{
    if (!r->item) {
        book->failures++;
        return false;
    }
    arbl_entry *e = r->item;
    const arbl_entry *other = arbl_book_find(book, e->id);
    bool added = false;
    if (!e->id || other) {
        char msg[512];
        snprintf(msg, sizeof msg, "another %s already has the id '%.64s': %.400s", book->kind->noun,
                 e->id ? e->id : "", other ? other->path : "");
        report(ud, src->path, r->id_line, "error", 0, msg);
        arbl_item_free(book->kind, r->item);
    } else {
        added = append(book, r->item);
    }
    free(r->item);
    r->item = NULL;
    book->failures += !added;
    return added;
}

bool arbl_book_load_file(arbl_book *book, const char *path, arbl_report_fn report, void *ud)
{
    arbl_source src;
    if (!read_source(path, &src, report, ud)) {
        book->failures++;
        return false;
    }
    struct arbl_loaded r;
    arbl_load_one(book, &src, NULL, 0, NULL, report, ud, &r);
    free((char *)src.text);
    return add_loaded(book, &src, &r, report, ud);
}

bool arbl_book_load_buffer(arbl_book *book, const char *name, const char *text, size_t len, arbl_report_fn report,
                           void *ud)
{
    arbl_source src = {.path = name, .name = arbl_base_name(name), .text = text, .len = len};
    if (too_large(name, len, report, ud)) {
        book->failures++;
        return false;
    }
    struct arbl_loaded r;
    arbl_load_one(book, &src, NULL, 0, NULL, report, ud, &r);
    return add_loaded(book, &src, &r, report, ud);
}

/* Checks src as a load would, keeping nothing; the number of errors. */
static int check_source(const arbl_kind *kind, const arbl_source *src, const arbl_limits *limits,
                        arbl_report_fn report, void *ud)
{
    arbl_book *book = arbl_book_new(kind, limits);
    if (!book) {
        report(ud, src->path, 0, "error", 0, "out of memory");
        return 1;
    }
    struct arbl_loaded r;
    arbl_load_one(book, src, NULL, 0, NULL, report, ud, &r);
    if (r.item) {
        arbl_item_free(kind, r.item);
        free(r.item);
    }
    arbl_book_free(book);
    return r.item ? 0 : r.errors ? r.errors : 1;
}

int arbl_book_check_buffer(const arbl_kind *kind, const char *name, const char *text, size_t len,
                           const arbl_limits *limits, arbl_report_fn report, void *ud)
{
    if (too_large(name, len, report, ud))
        return 1;
    arbl_source src = {.path = name, .name = arbl_base_name(name), .text = text, .len = len};
    return check_source(kind, &src, limits, report, ud);
}

int arbl_book_check_file(const arbl_kind *kind, const char *path, const arbl_limits *limits, arbl_report_fn report,
                         void *ud)
{
    arbl_source src;
    if (!read_source(path, &src, report, ud))
        return 1;
    int errors = check_source(kind, &src, limits, report, ud);
    free((char *)src.text);
    return errors;
}

/* ---- a folder: files checked on several threads, added and reported in name order ---- */

/* The reports of one file, kept until it is its turn to be reported. */
struct kept_report {
    int line, step;
    char level[16];
    char *message;
};

struct job {
    const char *path;
    struct arbl_loaded result;
    struct kept_report *reports;
    int nreports, cap;
    bool read;                  /* the file could be read (else its one report says why) */
};

static void keep_report(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    (void)path;
    struct job *j = ud;
    if (j->nreports == j->cap) {
        int cap = j->cap ? j->cap * 2 : 8;
        struct kept_report *r = realloc(j->reports, sizeof *r * (size_t)cap);
        if (!r)
            return;
        j->reports = r;
        j->cap = cap;
    }
    struct kept_report *r = &j->reports[j->nreports++];
    r->line = line;
    r->step = step;
    snprintf(r->level, sizeof r->level, "%s", level);
    r->message = arbl_dup(message ? message : "");
}

struct folder {
    const arbl_book *book;
    struct job *jobs;
    size_t njobs;
    atomic_size_t next;
    const arbl_load *how;
};

static int64_t thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void run_job(struct folder *f, struct job *j)
{
    arbl_source src;
    const atomic_bool *cancel = f->book->limits.cancel;
    if (cancel && atomic_load(cancel))
        return; /* the host is stopping: nothing more is checked */
    if (!read_source(j->path, &src, keep_report, j))
        return;
    j->read = true;
    int64_t t0 = thread_cpu_ns();
    arbl_load_one(f->book, &src, NULL, 0, f->how, keep_report, j, &j->result);
    if (f->how && f->how->cpu_used) /* the whole load's processor time, file by file */
        atomic_fetch_add(f->how->cpu_used, thread_cpu_ns() - t0);
    free((char *)src.text);
}

static void *worker(void *arg)
{
    struct folder *f = arg;
    for (size_t i; (i = atomic_fetch_add(&f->next, 1)) < f->njobs;)
        run_job(f, &f->jobs[i]);
    return NULL;
}

/* Whether book has an item loaded from path. */
static bool has_path(const arbl_book *book, const char *path)
{
    for (int i = 0; i < book->count; i++)
        if (strcmp(((const arbl_entry *)item_at(book, i))->path, path) == 0)
            return true;
    return false;
}

/* The items of prev whose file failed this time (still there, not loaded again), or that the
 * whole load's deadline left unchecked: checked again from their compiled chunk and served as
 * they were. These bytes passed every language before, so English is enough, and the load's
 * deadline does not apply (it would drop a good file for a slow machine); each run keeps its own
 * budget and the host's cancel. */
static void keep_last_good(arbl_book *book, const arbl_book *prev, const arbl_load *how, arbl_report_fn report,
                           void *ud)
{
    arbl_load again = how ? *how : (arbl_load){.threads = 1};
    again.end_ns = 0;
    again.cpu_ns = 0;
    again.english_only = true;
    how = &again;
    for (int i = 0; prev && i < prev->count; i++) {
        const arbl_entry *was = item_at(prev, i);
        struct stat st;
        if (!was->chunk || has_path(book, was->path) || stat(was->path, &st) != 0)
            continue;
        arbl_source src = {.path = was->path, .name = arbl_base_name(was->path)};
        struct arbl_loaded r;
        arbl_load_one(book, &src, was->chunk, was->chunk_len, how, report, ud, &r);
        if (r.item && !arbl_book_find(book, ((arbl_entry *)r.item)->id)) {
            ((arbl_entry *)r.item)->stale = true;
            book->stale += append(book, r.item);
            free(r.item);
        } else if (r.item) {
            arbl_item_free(book->kind, r.item);
            free(r.item);
        }
    }
}

int arbl_book_load_dir(arbl_book *book, const char *dir, const arbl_book *prev, const arbl_load *how,
                       arbl_report_fn report, void *ud)
{
    size_t n;
    char **paths = arbl_list_scripts(dir, &n);
    if (!paths)
        return -1;
    struct folder f = {.book = book, .jobs = calloc(n + 1, sizeof *f.jobs), .njobs = n, .how = how};
    if (!f.jobs) {
        arbl_free_scripts(paths, n);
        return -1;
    }
    atomic_init(&f.next, 0);
    for (size_t i = 0; i < n; i++)
        f.jobs[i].path = paths[i];
    int threads = how && how->threads > 1 ? how->threads : 1;
    if ((size_t)threads > n)
        threads = n ? (int)n : 1;
    pthread_t tid[64];
    int started = 0;
    for (int t = 1; t < threads && started < 64; t++)
        if (pthread_create(&tid[started], NULL, worker, &f) == 0)
            started++;
    worker(&f);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    int added = 0;
    for (size_t i = 0; i < n; i++) {
        struct job *j = &f.jobs[i];
        for (int k = 0; k < j->nreports; k++) {
            report(ud, j->path, j->reports[k].line, j->reports[k].level, j->reports[k].step, j->reports[k].message);
            free(j->reports[k].message);
        }
        free(j->reports);
        if (!j->read && j->nreports == 0)
            continue; /* not checked at all: the host is stopping */
        arbl_source src = {.path = j->path, .name = arbl_base_name(j->path)};
        added += add_loaded(book, &src, &j->result, report, ud);
    }
    free(f.jobs);
    arbl_free_scripts(paths, n);
    keep_last_good(book, prev, how, report, ud);
    return added;
}
