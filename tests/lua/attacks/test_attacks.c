/* The hostile-script campaign as a regression suite: every attack of catalogue.txt runs at a
 * lesson file's top level (load), in a step's wrong() (answer), in a quiz's generate and grade,
 * at a quiz file's top level, in a puzzle's judge and at a puzzle file's top level. Each run must
 * end within its budget plus an allowance and return no memory address; none may crash (the
 * suite runs under ASan too). The bound is checked on the thread's CPU time, which is what the
 * time budget counts (a busy machine stretches the wall clock: other processes take the cores);
 * the wall clock, less the time the thread waited for a core, is checked against the sandbox's
 * safety net, 10 x the budget, with room for noise, to catch a hang.
 *
 * The allowance is measured, not assumed: a run ends within its budget plus the longest single
 * step it cannot interrupt (one library call on the largest string the memory budget allows,
 * one collection of a full heap), and the check around the run costs what the same check of a
 * harmless script costs. Both are measured first in this process, so they scale with the build
 * (ASan runs library calls several times slower) and the machine (a slower core): allowance =
 * 2 x (harmless check + longest step), at least 100 ms. An attack past it found a step longer
 * than any the calibration knows, which is what the suite exists to catch. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>

#include "harness.h"
#include "lessons.h"
#include "puzzles.h"
#include "quizzes.h"
#include "sandbox.h"
#include "script_libs.h"
#include "scripts.h"

/* Budgets of the suite: small, so that the attacks that run to the deadline are quick. */
#define DEADLINE_MS 50u
/* a lesson or puzzle file's check runs with 8x the time budget, once in each language (the book
 * runs the file again under fa and ar: issue 20 §3), each run bounded by its own budget */
#define LOAD_MS (DEADLINE_MS * 8u * ARBL_NLANGS)
#define QUIZ_LOAD_MS (DEADLINE_MS * (1u + ARBL_QUIZ_BATCH_FACTOR)) /* its file, then a batch of one */
/* a batch of one question (quizzes.c): a duplicate index is generated again within the batch's
 * whole budget, ARBL_QUIZ_BATCH_FACTOR question budgets and a share for the question */
#define QUIZ_BATCH_MS (DEADLINE_MS * (double)ARBL_QUIZ_BATCH_FACTOR + DEADLINE_MS / (double)ARBL_QUIZ_BATCH_PER)
#define MARGIN_FLOOR_MS 100.0
#define WALL_NOISE_MS 1000.0
#define WALL_FACTOR 10.0 /* a run ends after 10 x its budget of wall-clock time (lua/sandbox.c) */

static const arbl_limits limits = {.memory = 8u << 20, .instructions = 20000000u, .deadline_ms = DEADLINE_MS};

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The time this thread has waited for a core (Linux's /proc/thread-self/schedstat, its second
 * field, in ns), or 0 where it cannot be read: a busy machine makes a thread wait, which is not a
 * hang; the wall-clock check counts only the time the thread was running or blocked. */
static double run_delay_ms(void)
{
    FILE *f = fopen("/proc/thread-self/schedstat", "r");
    unsigned long long run = 0, delay = 0;
    int n = f ? fscanf(f, "%llu %llu", &run, &delay) : 0;
    if (f)
        fclose(f);
    return n == 2 ? delay / 1e6 : 0.0;
}

/* A measurement: wall and CPU time (and time spent waiting for a core) from start() to
 * check_time(). */
struct span {
    double wall, cpu, delay;
};

static struct span start(void)
{
    return (struct span){clock_ms(CLOCK_MONOTONIC), clock_ms(CLOCK_THREAD_CPUTIME_ID), run_delay_ms()};
}

static double now_ms(void)
{
    return clock_ms(CLOCK_MONOTONIC);
}

/* A memory address in the text ("0x" and at least 6 hex digits)? */
static bool has_address(const char *s)
{
    for (const char *p = s; (p = strstr(p, "0x")); p += 2) {
        int n = 0;
        while (p[2 + n] && strchr("0123456789abcdefABCDEF", p[2 + n]))
            n++;
        if (n >= 6)
            return true;
    }
    return false;
}

static char reported[4096];

static void collect(void *ud, const char *path, int line, const char *level, int step, const char *message)
{
    (void)ud;
    (void)path;
    (void)step;
    size_t n = strlen(reported);
    snprintf(reported + n, sizeof reported - n, "%s: %s\n", level, message);
}

static void write_file(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void write_file(const char *path, const char *fmt, ...)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fclose(f);
}

static double worst_over_ms, worst_wall_over_ms; /* the largest time past a budget, for the log */

/* The calibration (see the top): the longest uninterruptible step, and per kind of run the
 * CPU time of the same check on a harmless script. */
static double longest_step_ms;
static const char *longest_step_name = "-";
static bool calibrating;
#define KINDS 16
static struct {
    const char *what;
    double cpu_ms;
} harmless[KINDS];
static int nharmless;

static double *harmless_slot(const char *what)
{
    for (int i = 0; i < nharmless; i++)
        if (strcmp(harmless[i].what, what) == 0)
            return &harmless[i].cpu_ms;
    if (nharmless == KINDS)
        return NULL;
    harmless[nharmless].what = what;
    harmless[nharmless].cpu_ms = 0;
    return &harmless[nharmless++].cpu_ms;
}

static double allowance_ms(const char *what)
{
    double *h = harmless_slot(what);
    double a = 2.0 * ((h ? *h : 0.0) + longest_step_ms);
    return a > MARGIN_FLOOR_MS ? a : MARGIN_FLOOR_MS;
}

static void check_time(const char *what, const char *name, struct span t0, double budget_ms)
{
    /* wall: minus the time the thread waited for a core (the machine's load, not the run's) */
    double wall = now_ms() - t0.wall - (run_delay_ms() - t0.delay), cpu = clock_ms(CLOCK_THREAD_CPUTIME_ID) - t0.cpu;
    if (calibrating) {
        double *h = harmless_slot(what);
        if (h && cpu > *h)
            *h = cpu;
        return;
    }
    double margin = allowance_ms(what);
    if (cpu - budget_ms > worst_over_ms)
        worst_over_ms = cpu - budget_ms;
    if (wall - budget_ms > worst_wall_over_ms)
        worst_wall_over_ms = wall - budget_ms;
    if (getenv("ARB_ATTACKS_VERBOSE") && cpu - budget_ms > 0.25 * margin)
        fprintf(stderr, "  %s of %s: %.0f ms of CPU past its %.0f ms (allowance %.0f)\n", what, name, cpu - budget_ms,
                budget_ms, margin);
    CHECK_MSG(cpu <= budget_ms + margin, "%s of %s took %.0f ms of CPU (budget %.0f ms + %.0f allowed: twice a "
              "harmless check plus the longest step, %s)", what, name, cpu, budget_ms, margin, longest_step_name);
    CHECK_MSG(wall <= WALL_FACTOR * budget_ms + margin + WALL_NOISE_MS,
              "%s of %s took %.0f ms of wall clock, not counting waits for a core (budget %.0f ms)", what, name, wall,
              budget_ms);
}

static void check_clean(const char *what, const char *name, const char *text)
{
    CHECK_MSG(!has_address(text), "%s of %s shows a memory address: %.200s", what, name, text);
}

static void attack_load(const char *dir, const char *name, const char *body)
{
    char path[4800];
    snprintf(path, sizeof path, "%s/load-%s.lua", dir, name);
    write_file(path,
               "local function attack()\n  %s\nend\nlocal r = attack()\n"
               "return lesson { id = \"l\", title = { en = \"t\", fa = \"t\", ar = \"t\" }, level = \"beginner\",\n"
               "  tags = {}, rules = { \"3.7\" }, steps = { true_false { prompt = { en = tostring(r), fa = \"p\", ar = "
               "\"p\" },\n"
               "  answer = true, tests = { right = { \"true\" }, wrong = { [\"false\"] = \"wrong_answer\" } } } } }\n",
               body);
    reported[0] = 0;
    struct span t0 = start();
    arbl_book_check_file(&arbl_lessons, path, &limits, collect, NULL);
    check_time("load", name, t0, LOAD_MS);
    check_clean("load", name, reported);
}

static void attack_answer(const char *dir, const char *name, const char *body)
{
    char path[4800];
    snprintf(path, sizeof path, "%s/answer-%s.lua", dir, name);
    write_file(path,
               "local function attack()\n  %s\nend\nlocal last = \"-\"\n"
               "return lesson { id = \"a\", title = { en = \"t\", fa = \"t\", ar = \"t\" }, level = \"beginner\",\n"
               "  tags = {}, rules = { \"3.7\" }, steps = { move_task {\n"
               "    prompt = { en = \"Play e4.\", fa = \"e4\", ar = \"e4\" },\n"
               "    expect = function(ctx) return ctx.move.san == \"e4\" end,\n"
               /* in explain, which the linter runs only for the tests' wrong answer (d4): it
                * samples wrong() on every legal move, so an attack there fails at load */
               "    explain = function(pos, game, step, ctx)\n"
               "      if ctx.move.uci == \"a2a3\" then last = tostring(attack()) end\n"
               "      return { { code = \"c\", text = \"result: \" .. last } }\n"
               "    end,\n"
               "    tests = { right = { \"e4\" }, wrong = { [\"d4\"] = \"deviation\" } } } } }\n",
               body);
    arbl_book *reg = arbl_book_new(&arbl_lessons, &limits);
    reported[0] = 0;
    bool loaded = arbl_book_load_file(reg, path, collect, NULL);
    CHECK_MSG(loaded, "the answer-time lesson of %s does not load: %s", name, reported);
    if (loaded) {
        arbl_result *res = malloc(sizeof *res);
        struct span t0 = start();
        arbl_lesson_answer(reg, arbl_book_at(reg, 0), 1, "a3", "en", res);
        check_time("answer", name, t0, DEADLINE_MS);
        check_clean("answer feedback", name, res->feedback);
        check_clean("answer error", name, res->error);
        for (int i = 0; i < res->nexplanations; i++)
            check_clean("answer explanation", name, res->explanations[i].text);
        /* the lesson still answers after the attack (a run past the wall-clock budget on a loaded
         * machine is tried again: a broken registry fails every time) */
        bool answered = false;
        for (int attempt = 0; attempt < 3 && !answered; attempt++)
            answered = arbl_lesson_answer(reg, arbl_book_at(reg, 0), 1, "e4", "en", res) ||
                       res->budget != ARBL_BUDGET_DEADLINE;
        CHECK_MSG(answered && res->ok && res->correct, "after %s the lesson no longer answers e4: %s", name, res->error);
        free(res);
    }
    arbl_book_free(reg);
}

static bool first_question(void *ud, const arbl_question *q)
{
    snprintf(ud, 1024, "%.1023s", q->prompt);
    return false;
}

static void attack_quiz(const char *dir, const char *name, const char *body)
{
    char path[4800], id[4200];
    snprintf(path, sizeof path, "%s/quiz-%s.lua", dir, name);
    snprintf(id, sizeof id, "q-%s", name);
    for (char *p = id; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    write_file(path,
               "local function attack()\n  %s\nend\n"
               "return quiz { id = \"%s\", title = { en = \"t\", fa = \"t\", ar = \"t\" },\n"
               "  parameters = { { name = \"difficulty\", values = quizlib.LEVELS, default = \"medium\" } },\n"
               "  generate = function(rng, params)\n"
               "    local extra = \"\"\n"
               "    if params.difficulty == \"hard\" then extra = tostring(attack()) end\n"
               "    return quizlib.question(arbiter.start(), { en = \"Q \" .. extra, fa = \"Q\", ar = \"Q\" }, { choices = "
               "quizlib.yes_no() })\n"
               "  end,\n"
               "  grade = function(q, answer, lang)\n"
               "    local r = \"yes\"\n"
               "    if answer == \"boom\" then r = tostring(attack()) end\n"
               "    return { correct = answer == \"yes\", expected = r, explanations = {} }\n"
               "  end }\n",
               body, id);
    arbl_book *book = arbl_book_new(&arbl_quizzes, &limits);
    reported[0] = 0;
    bool loaded = arbl_book_load_file(book, path, collect, NULL);
    CHECK_MSG(loaded, "the quiz of %s does not load: %s", name, reported);
    if (loaded) {
        const arbl_quiz *quiz = arbl_book_at(book, 0);
        arbl_quiz_args args;
        memset(&args, 0, sizeof args);
        char err[512] = "", prompt[1024] = "";
        CHECK(arbl_quiz_args_set(quiz, &args, "difficulty", "hard", err, sizeof err));
        arbl_quiz_error qe;
        struct span t0 = start();
        arbl_quiz_generate(book, quiz, 5, 0, 1, &args, "en", first_question, prompt, &qe, err, sizeof err);
        check_time("quiz generation", name, t0, QUIZ_BATCH_MS);
        check_clean("quiz prompt", name, prompt);
        check_clean("quiz generation error", name, err);
        CHECK_MSG(qe == ARBL_QUIZ_OK || qe == ARBL_QUIZ_BUDGET || qe == ARBL_QUIZ_SCRIPT,
                  "quiz generation of %s: error %d", name, (int)qe);
        arbl_grade *g = malloc(sizeof *g);
        char qid[4300];
        snprintf(qid, sizeof qid, "%s:5:0", id);
        t0 = start();
        arbl_quiz_grade(book, qid, "boom", "en", g);
        check_time("quiz grading", name, t0, DEADLINE_MS);
        check_clean("quiz expected", name, g->expected);
        check_clean("quiz grading error", name, g->message);
        free(g);
    }
    arbl_book_free(book);
}

static void attack_quiz_load(const char *dir, const char *name, const char *body)
{
    char path[4800];
    snprintf(path, sizeof path, "%s/quizload-%s.lua", dir, name);
    write_file(path,
               "local function attack()\n  %s\nend\nlocal r = attack()\n"
               "return quiz { id = \"ql\", title = { en = \"t\", fa = \"t\", ar = \"t\" },\n"
               "  parameters = { { name = \"difficulty\", values = quizlib.LEVELS, default = \"medium\" } },\n"
               "  generate = function(rng, params) return quizlib.question(arbiter.start(), { en = \"Q\", fa = \"Q\", "
               "ar = \"Q\" }, { choices = quizlib.yes_no() }) end,\n"
               "  grade = function(q, answer, lang) return { correct = true, expected = \"yes\", explanations = {} } "
               "end }\n",
               body);
    arbl_book *book = arbl_book_new(&arbl_quizzes, &limits);
    reported[0] = 0;
    struct span t0 = start();
    arbl_book_load_file(book, path, collect, NULL);
    check_time("quiz load", name, t0, QUIZ_LOAD_MS);
    check_clean("quiz load", name, reported);
    arbl_book_free(book);
}

/* A puzzle whose own judge runs the attack for the answer "boom": loading verifies the answer
 * "3" and the wrong answer "2" (no attack), then the hostile answer is bounded like a lesson's. */
static void attack_puzzle(const char *dir, const char *name, const char *body)
{
    char path[4800];
    snprintf(path, sizeof path, "%s/puzzle-%s.lua", dir, name);
    write_file(path,
               "local function attack()\n  %s\nend\n"
               "return puzzle { id = \"p\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n"
               "  prompt = { en = \"p\", fa = \"p\", ar = \"p\" }, success = { en = \"s\", fa = \"s\", ar = \"s\" },\n"
               "  judge = function(ctx, answer, lang)\n"
               "    local r = answer == \"boom\" and tostring(attack()) or \"-\"\n"
               "    return { correct = answer == \"3\", explanations = { { code = \"c\", text = \"result: \" .. r } } }\n"
               "  end,\n"
               "  answer = 3, wrong = { [\"2\"] = \"c\" }, source = \"attack\" }\n",
               body);
    arbl_book *box = arbl_book_new(&arbl_puzzles, &limits);
    reported[0] = 0;
    bool loaded = arbl_book_load_file(box, path, collect, NULL);
    CHECK_MSG(loaded, "the puzzle of %s does not load: %s", name, reported);
    if (loaded) {
        arbl_result *res = malloc(sizeof *res);
        struct span t0 = start();
        arbl_puzzle_answer(box, arbl_book_at(box, 0), "boom", "en", res);
        check_time("puzzle answer", name, t0, DEADLINE_MS);
        check_clean("puzzle feedback", name, res->feedback);
        check_clean("puzzle error", name, res->error);
        for (int i = 0; i < res->nexplanations; i++)
            check_clean("puzzle explanation", name, res->explanations[i].text);
        bool answered = false; /* as for lessons: only a time-budget failure is tried again */
        for (int attempt = 0; attempt < 3 && !answered; attempt++)
            answered = arbl_puzzle_answer(box, arbl_book_at(box, 0), "3", "en", res) ||
                       res->budget != ARBL_BUDGET_DEADLINE;
        CHECK_MSG(answered && res->ok && res->correct, "after %s the puzzle no longer answers: %s", name, res->error);
        free(res);
    }
    arbl_book_free(box);
}

/* The attack at a puzzle file's top level: its check runs with 8x the time budget. */
static void attack_puzzle_load(const char *dir, const char *name, const char *body)
{
    char path[4800];
    snprintf(path, sizeof path, "%s/puzzleload-%s.lua", dir, name);
    write_file(path,
               "local function attack()\n  %s\nend\nlocal r = attack()\n"
               "return puzzle { id = \"pl\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n"
               "  prompt = { en = tostring(r), fa = \"p\", ar = \"p\" }, success = { en = \"s\", fa = \"s\", ar = \"s\" },\n"
               "  answer = 3, source = \"attack\" }\n",
               body);
    reported[0] = 0;
    struct span t0 = start();
    arbl_book_check_file(&arbl_puzzles, path, &limits, collect, NULL);
    check_time("puzzle load", name, t0, LOAD_MS);
    check_clean("puzzle load", name, reported);
}

/* ---- the calibration ---- */

static int cal_cpu_ms(lua_State *L)
{
    lua_pushnumber(L, clock_ms(CLOCK_THREAD_CPUTIME_ID));
    return 1;
}

static int cal_collect(lua_State *L)
{
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}

static int cal_libs(lua_State *L)
{
    arbl_open_script_libs(L);
    lua_register(L, "cpu_ms", cal_cpu_ms);
    lua_register(L, "collect_all", cal_collect);
    return 0;
}

/* The longest steps a script can make that no hook, guard or alarm interrupts: the library's
 * linear functions on the largest inputs the suite's memory budget (8 MiB) allows (%q of a long
 * string is not one: the sandbox quotes it in pieces with checks between), the largest
 * rehash the table limit allows, one collection of a nearly full heap. Each is timed alone (a
 * memory error just skips it); the longest is kept. */
static const char calibration_chunk[] =
    "local worst, name, log = 0, '-', ''\n"
    "local function step(what, prepare, f)\n"
    "  collect_all()\n"
    "  local arg = prepare()\n"
    "  local t = cpu_ms()\n"
    "  local ok, e = pcall(f, arg)\n"
    "  local d = cpu_ms() - t\n"
    "  if ok and d > worst then worst, name = d, what end\n"
    "  log = log .. string.format('%s %s; ', what, ok and string.format('%.1f ms', d) or 'refused after ' .. string.format('%.1f ms', d) .. ' (' .. tostring(e) .. ')')\n"
    "  arg = nil\n"
    "end\n"
    "local function text() return ('x'):rep(2e6) end\n"
    "step('string.format of 100 000 items', function() local t = {} for i = 1, 1e5 do t[i] = i end return t end,\n"
    "  function(t) return #string.format(('%d'):rep(#t), table.unpack(t)) end)\n"
    "step('string.rep to 3 MB', function() return 'ab' end, function(s) return #s:rep(1.5e6) end)\n"
    "step('string.upper of 2 MB', text, function(s) return #s:upper() end)\n"
    "step('string.reverse of 2 MB', text, function(s) return #s:reverse() end)\n"
    "step('string.byte of 2 MB', text, function(s) return select('#', s:byte(1, 7000)) end)\n"
    "step('utf8.len of 2 MB', text, function(s) return utf8.len(s) end)\n"
    "step('comparing two 2 MB strings', function() return { text(), text() } end,\n"
    "  function(t) return t[1] < t[2] or t[1] == t[2] end)\n"
    "step('table.concat of 2 MB', function() local t = {} for i = 1, 2000 do t[i] = ('y'):rep(1000) end return t end,\n"
    "  function(t) return #table.concat(t) end)\n"
    "step('a plain find of 20 M comparisons', function() return ('x'):rep(78000) end,\n"
    "  function(s) return s:find(('x'):rep(255) .. 'y', 1, true) end)\n"
    "step('4097 colliding integer keys (the largest rehash allowed)', function() return 0 end,\n"
    "  function() local t = {} for i = 1, 4097 do t[i * 8191] = true end return t end)\n"
    "step('a collection of a nearly full heap', function() local t = {} for i = 1, 50000 do t[i] = { i } end return t end,\n"
    "  function() collect_all() end)\n"
    "return worst, name, log\n";

static void calibrate(const char *dir)
{
    static char name[128];
    harness_begin("attack.calibration");
    arbl_limits lim = {.memory = limits.memory, .instructions = 2000000000u, .deadline_ms = 60000u};
    arbl_sandbox sb;
    bool opened = arbl_sandbox_open(&sb, &lim, "en", cal_libs);
    CHECK_MSG(opened, "the calibration's state does not open");
    if (opened) {
        char err[512] = "";
        int st = arbl_sandbox_load_text(&sb, calibration_chunk, strlen(calibration_chunk), "=calibration", err,
                                        sizeof err);
        if (st == LUA_OK)
            st = arbl_sandbox_pcall(&sb, 0, 3, err, sizeof err);
        CHECK_MSG(st == LUA_OK, "the calibration failed: %s", err);
        if (st == LUA_OK) {
            longest_step_ms = lua_tonumber(sb.L, -3);
            snprintf(name, sizeof name, "%s: %.0f ms", lua_tostring(sb.L, -2), longest_step_ms);
            if (getenv("ARB_ATTACKS_VERBOSE"))
                fprintf(stderr, "calibration steps: %s\n", lua_tostring(sb.L, -1));
            longest_step_name = name;
        }
        arbl_sandbox_close(&sb);
    }
    CHECK_MSG(longest_step_ms > 0, "the calibration measured no step");
    /* the check around a run: each kind on a harmless script, the most of three tries */
    calibrating = true;
    for (int i = 0; i < 3; i++) {
        attack_load(dir, "calibration", "return 1");
        attack_answer(dir, "calibration", "return 1");
        attack_quiz(dir, "calibration", "return 1");
        attack_quiz_load(dir, "calibration", "return 1");
        attack_puzzle(dir, "calibration", "return 1");
        attack_puzzle_load(dir, "calibration", "return 1");
    }
    calibrating = false;
    fprintf(stderr, "calibration: the longest step %s; a harmless check:", longest_step_name);
    for (int i = 0; i < nharmless; i++)
        fprintf(stderr, " %s %.1f ms (allowance %.0f)%s", harmless[i].what, harmless[i].cpu_ms,
                allowance_ms(harmless[i].what), i + 1 < nharmless ? "," : "\n");
}

/* Puzzle texts: bytes that are not UTF-8 are refused at load naming the field; a judge's huge
 * or invalid output is cut between characters and made valid at answer time. */
static void puzzle_texts(const char *dir)
{
    char path[600];
    harness_begin("text.puzzle_refused_at_load");
    snprintf(path, sizeof path, "%s/puzzle-text.lua", dir);
    write_file(path, "return puzzle { id = \"t\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n"
                     "  prompt = { en = \"p\", fa = \"bad\\255\", ar = \"p\" }, success = { en = \"s\", fa = \"s\", ar = \"s\" },\n"
                     "  answer = 3, source = \"attack\" }\n");
    reported[0] = 0;
    CHECK(arbl_book_check_file(&arbl_puzzles, path, &limits, collect, NULL) > 0);
    CHECK_MSG(strstr(reported, "prompt (fa) is not valid UTF-8") || strstr(reported, "prompt.fa: not valid UTF-8"),
              "'%s'", reported);
    harness_begin("text.puzzle_output_cut_and_valid");
    snprintf(path, sizeof path, "%s/puzzle-long.lua", dir);
    write_file(path, "return puzzle { id = \"long\", kind = \"count\", fen = \"7k/8/8/8/8/8/8/K7 w - - 0 1\",\n"
                     "  prompt = { en = \"p\", fa = \"p\", ar = \"p\" }, success = { en = \"s\", fa = \"s\", ar = \"s\" },\n"
                     "  judge = function(ctx, answer) local t = answer == \"x\" and \"x\\255\\254y\" or string.rep(\"\\u{628}\", 100000)\n"
                     "    return { correct = answer == \"3\", explanations = { { code = \"c\", text = t } } } end,\n"
                     "  answer = 3, wrong = { [\"4\"] = \"c\" }, source = \"attack\" }\n");
    arbl_book *box = arbl_book_new(&arbl_puzzles, &limits);
    reported[0] = 0;
    CHECK_MSG(arbl_book_load_file(box, path, collect, NULL), "%s", reported);
    arbl_result *res = malloc(sizeof *res);
    if (arbl_book_count(box) == 1) {
        CHECK(arbl_puzzle_answer(box, arbl_book_at(box, 0), "4", "fa", res));
        CHECK(res->nexplanations == 1 && strlen(res->explanations[0].text) > 1000 &&
              strlen(res->explanations[0].text) < ARBL_TEXT_MAX &&
              arbl_utf8_problem(res->explanations[0].text, strlen(res->explanations[0].text)) < 0);
        CHECK(arbl_puzzle_answer(box, arbl_book_at(box, 0), "x", "fa", res));
        CHECK(res->nexplanations == 1 && arbl_utf8_problem(res->explanations[0].text, strlen(res->explanations[0].text)) < 0);
    }
    free(res);
    arbl_book_free(box);
}

/* Texts: a file with bytes that are not UTF-8, or a NUL, is refused at load naming the field (by
 * the linter, with its line; arbl_find_bad_text catches what the linter does not walk);
 * a text a function returns at answer time is cut between characters and made valid. */
static void texts(const char *dir)
{
    char path[600];
    static const char *const bad[][2] = {
        {"title = { en = \"bad\\255\\254\", fa = \"t\", ar = \"t\" }", "title (en) is not valid UTF-8 (byte 4)"},
        {"title = { en = \"t\", fa = \"nul[\\0]\", ar = \"t\" }", "title (fa) contains a NUL byte"},
        {"title = { en = \"t\", fa = \"t\", ar = \"\\192\\128\" }", "title (ar) is not valid UTF-8 (byte 1)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        harness_begin("text.refused_at_load");
        snprintf(path, sizeof path, "%s/text%zu.lua", dir, i);
        write_file(path,
                   "return lesson { id = \"t\", %s, level = \"beginner\", tags = {}, rules = { \"3.7\" },\n"
                   "  steps = { true_false { prompt = { en = \"p\", fa = \"p\", ar = \"p\" }, answer = true,\n"
                   "  tests = { right = { \"true\" }, wrong = { [\"false\"] = \"wrong_answer\" } } } } }\n",
                   bad[i][0]);
        reported[0] = 0;
        CHECK(arbl_book_check_file(&arbl_lessons, path, &limits, collect, NULL) > 0);
        CHECK_MSG(strstr(reported, bad[i][1]) != NULL, "'%s' lacks '%s'", reported, bad[i][1]);
    }
    harness_begin("text.cut_between_characters");
    snprintf(path, sizeof path, "%s/long.lua", dir);
    write_file(path,
               "return lesson { id = \"long\", title = { en = \"t\", fa = \"t\", ar = \"t\" }, level = \"beginner\",\n"
               "  tags = {}, rules = { \"3.7\" }, steps = { move_task { prompt = { en = \"e4\", fa = \"e4\", ar = \"e4\" },\n"
               "    expect = function(ctx) return ctx.move.san == \"e4\" end,\n"
               "    wrong = function(ctx) local t = string.rep(\"\\u{628}\", 1000)\n"
               "      return { en = t, fa = t, ar = t } end,\n"
               /* the invalid bytes in explain: the linter refuses them in wrong()'s texts */
               "    explain = function(pos, game, step, ctx) local t = ctx.move.san == \"a3\" and (\"x\\255\\254y\")\n"
               "      or string.rep(\"\\u{628}\", 1000) return { { code = \"c\", text = t } } end,\n"
               "    tests = { right = { \"e4\" }, wrong = { [\"d4\"] = \"deviation\" } } } } }\n");
    arbl_book *reg = arbl_book_new(&arbl_lessons, &limits);
    reported[0] = 0;
    CHECK_MSG(arbl_book_load_file(reg, path, collect, NULL), "%s", reported);
    arbl_result *res = malloc(sizeof *res);
    if (arbl_book_count(reg) == 1) {
        CHECK(arbl_lesson_answer(reg, arbl_book_at(reg, 0), 1, "d4", "fa", res));
        CHECK_MSG(strlen(res->feedback) > 1000 && arbl_utf8_problem(res->feedback, strlen(res->feedback)) < 0,
                  "feedback of %zu bytes, valid from %ld", strlen(res->feedback),
                  arbl_utf8_problem(res->feedback, strlen(res->feedback)));
        CHECK(res->nexplanations > 0 && strlen(res->explanations[res->nexplanations - 1].text) > 700 &&
              arbl_utf8_problem(res->explanations[res->nexplanations - 1].text,
                                strlen(res->explanations[res->nexplanations - 1].text)) < 0);
        harness_begin("text.invalid_bytes_replaced");
        CHECK(arbl_lesson_answer(reg, arbl_book_at(reg, 0), 1, "a3", "fa", res));
        CHECK(res->nexplanations > 0);
        if (res->nexplanations > 0)
            /* each bad byte is U+FFFD; in Persian the Latin letters around it come isolated */
            CHECK_STR(res->explanations[res->nexplanations - 1].text,
                      "\xE2\x81\xA6x\xE2\x81\xA9\xEF\xBF\xBD\xEF\xBF\xBD\xE2\x81\xA6y\xE2\x81\xA9");
    }
    free(res);
    arbl_book_free(reg);
}

int main(int argc, char **argv)
{
    const char *catalogue = argc > 1 ? argv[1] : "catalogue.txt";
    const char *only = argc > 2 ? argv[2] : NULL;
    FILE *f = fopen(catalogue, "r");
    if (!f) {
        perror(catalogue);
        return 2;
    }
    char dir[] = "/tmp/arbiter-attacks-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    if (!only) {
        texts(dir);
        puzzle_texts(dir);
    }
    calibrate(dir);
    char line[4096];
    int attacks = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '#' || line[0] == 0)
            continue;
        char *body = strchr(line, ' ');
        if (!body)
            continue;
        *body++ = 0;
        if (only && strcmp(only, line) != 0)
            continue;
        char test[4200];
        snprintf(test, sizeof test, "attack.%s", line);
        harness_begin(test);
        double t0 = now_ms();
        attack_load(dir, line, body);
        attack_answer(dir, line, body);
        attack_quiz(dir, line, body);
        attack_quiz_load(dir, line, body);
        attack_puzzle(dir, line, body);
        attack_puzzle_load(dir, line, body);
        if (getenv("ARB_ATTACKS_VERBOSE"))
            fprintf(stderr, "%-32s %6.0f ms\n", line, now_ms() - t0);
        attacks++;
    }
    fclose(f);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    fprintf(stderr, "%d attacks; the most time past a budget: %.1f ms of CPU, %.1f ms of wall clock\n", attacks,
            worst_over_ms, worst_wall_over_ms);
    harness_begin("attack.catalogue_read");
    CHECK_MSG(attacks >= (only ? 1 : 50), "only %d attacks read from %s", attacks, catalogue);
    return harness_finish();
}
