/* The Lua sandbox: read-only globals and library tables, a capped allocator, an instruction
 * budget and a time budget (the thread's CPU time, with a wall-clock safety net) checked from
 * a count hook that pcall cannot swallow, by every C function a script can reach (bounded.c,
 * the binding), on every large allocation and in every string comparison; at the deadline a
 * per-thread alarm makes the hook run at the very next instruction, however long the one
 * before it took. */
#define _GNU_SOURCE /* RTLD_NEXT, gettid, sigev_notify_thread_id */
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "arbiter/message.h"
#include "sandbox.h"

/* Instructions between two hook calls while the run is healthy. Some single instructions are
 * linear in a string (comparing or concatenating two long ones), so this step also bounds how
 * long the clock goes unread: HOOK_STEP times the longest such instruction. */
#define HOOK_STEP 250

/* Allocations above this size look at the clock: a loop of large copies stops at the deadline
 * even between two hook calls. */
#define CLOCKED_ALLOC 4096u

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts); /* a few ns, 4 ms steps: plenty for a deadline */
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The CPU time this thread has used: what a run's time budget counts, so that a busy machine
 * does not change what a script does (a run that is not given the processor spends nothing). */
static int64_t cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* A run ends in any case after this many times its time budget of wall-clock time: a thread the
 * machine is too busy to run does not hold its request forever. */
#define WALL_FACTOR 10

/* The sandbox whose run this thread is in (NULL between runs): for the string comparisons and
 * the alarm, which have no lua_State at hand. */
static _Thread_local arbl_sandbox *running_here;

const char *arbl_budget_name(arbl_budget b)
{
    switch (b) {
    case ARBL_BUDGET_MEMORY: return "memory";
    case ARBL_BUDGET_INSTRUCTIONS: return "instruction";
    case ARBL_BUDGET_DEADLINE: return "time";
    case ARBL_BUDGET_STOPPED: return "stopped";
    default: return "none";
    }
}

static bool stop_now(arbl_sandbox *sb);

/* ---- allocator: every byte the state holds is counted against the memory budget ---- */

#define ARENA_CHUNK (64u << 10)

static size_t size_class(size_t n)
{
    return (n + 15) / 16 - 1; /* 1..16 -> 0, 17..32 -> 1, ... */
}

/* A small block of class c: from its free list, else from the current chunk. */
static void *small_alloc(arbl_sandbox *sb, size_t c)
{
    void *p = sb->free_list[c];
    if (p) {
        sb->free_list[c] = *(void **)p;
        return p;
    }
    size_t size = (c + 1) * 16;
    if ((size_t)(sb->bump_end - sb->bump) < size) {
        if (sb->arena_bytes + ARENA_CHUNK > 2 * sb->limits.memory)
            return NULL;
        char *chunk = malloc(ARENA_CHUNK);
        if (!chunk)
            return NULL;
        *(void **)chunk = sb->chunks;
        sb->chunks = chunk;
        sb->arena_bytes += ARENA_CHUNK;
        sb->bump = chunk + 16;
        sb->bump_end = chunk + ARENA_CHUNK;
    }
    p = sb->bump;
    sb->bump += size;
    return p;
}

static void small_free(arbl_sandbox *sb, void *p, size_t c)
{
    *(void **)p = sb->free_list[c];
    sb->free_list[c] = p;
}

/* ---- tables whose keys collide ---- */

/* Lua hashes integer (and float) keys without a seed: keys that are multiples of the node
 * count minus one all land in one slot, and rehashing n of them into a larger table walks
 * the chain for each, n^2/2 steps inside the one instruction that inserted the key (32 769
 * keys: 1.4 s here, where no hook runs). The sandbox bounds that instruction by refusing a
 * table more than ARBL_TABLE_SLOTS_MAX hash slots: a rehash into the largest table allowed
 * then takes some tens of ms at worst; the array part of a table is not limited.
 * The allocator sees a table's slots as a block with no old block and no type tag, a power
 * of two nodes long; so are a few other blocks, told apart by where Lua asks for them: a
 * string buffer (lauxlib's box) and a table's array part come from their own call sites. A
 * probe state, once per process, reads the size of a node and those call sites. */
static size_t node_bytes;
static const void *node_site, *array_site, *box_site;
static pthread_once_t node_once = PTHREAD_ONCE_INIT;

struct probe {
    size_t size;      /* the last block asked for with no old block and no tag */
    const void *site; /* and where */
};

static void *probe_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct probe *last = ud;
    if (!ptr && osize == 0 && nsize) {
        last->size = nsize;
        last->site = __builtin_return_address(0);
    }
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

static int probe_sites(lua_State *L)
{
    struct probe *last = lua_touserdata(L, 1);
    lua_createtable(L, 0, 1024); /* slots: 1024 nodes */
    size_t nodes = last->size;
    node_site = last->site;
    lua_createtable(L, 1536, 0); /* an array part the size of 1024 nodes of 24 bytes */
    array_site = last->site;
    luaL_Buffer b;
    luaL_buffinitsize(L, &b, 100000); /* a string buffer */
    box_site = last->site;
    luaL_pushresultsize(&b, 0);
    if (nodes % 1024 == 0 && node_site != array_site && node_site != box_site)
        node_bytes = nodes / 1024;
    return 0;
}

static void find_node_sites(void)
{
    struct probe last = {0, NULL};
    lua_State *L = lua_newstate(probe_alloc, &last);
    if (!L)
        return;
    lua_pushcfunction(L, probe_sites);
    lua_pushlightuserdata(L, &last);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK)
        node_bytes = 0;
    lua_close(L);
}

/* Whether a block asked for at site is the slots of a table larger than the sandbox allows:
 * the first try comes from node_site, a try after an emergency collection from elsewhere, so
 * only the known other sites are let through. */
static bool too_many_slots(const void *ptr, size_t osize, size_t nsize, const void *site)
{
    if (ptr || osize != 0 || !node_bytes || nsize % node_bytes != 0)
        return false;
    size_t slots = nsize / node_bytes;
    if (slots <= ARBL_TABLE_SLOTS_MAX || (slots & (slots - 1)) != 0)
        return false;
    return site == node_site || (site != array_site && site != box_site);
}

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    const void *site = __builtin_return_address(0);
    arbl_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (ptr) {
            if (old <= ARBL_SMALL_MAX)
                small_free(sb, ptr, size_class(old));
            else
                free(ptr);
        }
        sb->used -= old;
        return NULL;
    }
    if (nsize > old && sb->used - old + nsize > sb->limits.memory)
        return NULL; /* Lua collects and retries, or raises a memory error */
    if (nsize > CLOCKED_ALLOC && nsize > old && sb->running && stop_now(sb))
        return NULL; /* a memory error now; the hook stops whatever catches it */
    if (nsize > CLOCKED_ALLOC && too_many_slots(ptr, osize, nsize, site)) {
        sb->table_refused = true;
        return NULL;
    }
    void *p;
    if (old > ARBL_SMALL_MAX && nsize > ARBL_SMALL_MAX) {
        p = realloc(ptr, nsize);
        if (!p)
            return NULL; /* Lua 5.4 copes with any failed reallocation, shrinking included */
    } else if (ptr && old && nsize <= ARBL_SMALL_MAX && size_class(old) == size_class(nsize) &&
               old <= ARBL_SMALL_MAX) {
        p = ptr;
    } else {
        p = nsize <= ARBL_SMALL_MAX ? small_alloc(sb, size_class(nsize)) : malloc(nsize);
        if (!p)
            return NULL;
        if (ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (old <= ARBL_SMALL_MAX)
                small_free(sb, ptr, size_class(old));
            else
                free(ptr);
        }
    }
    sb->used = sb->used - old + nsize;
    if (sb->used > sb->peak)
        sb->peak = sb->used;
    return p;
}

static void release_chunks(arbl_sandbox *sb)
{
    while (sb->chunks) {
        void *next = *(void **)sb->chunks;
        free(sb->chunks);
        sb->chunks = next;
    }
    sb->arena_bytes = 0;
}

arbl_sandbox *arbl_sandbox_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

bool arbl_sandbox_charge(lua_State *L, long delta)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb)
        return true;
    if (delta < 0) {
        sb->used -= (size_t)-delta;
        return true;
    }
    if (sb->used + (size_t)delta > sb->limits.memory)
        return false;
    sb->used += (size_t)delta;
    return true;
}

size_t arbl_sandbox_memory_left(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb)
        return SIZE_MAX;
    return sb->used < sb->limits.memory ? sb->limits.memory - sb->used : 0;
}

/* ---- the hook: counts instructions, watches the clock; once killed it errors every time ---- */

/* The budget that has run out besides instructions (the deadline, or the host cancelled the
 * run), or none. */
static arbl_budget over_budget(const arbl_sandbox *sb)
{
    if (sb->limits.cancel && atomic_load_explicit(sb->limits.cancel, memory_order_relaxed))
        return ARBL_BUDGET_STOPPED;
    /* the CPU deadline: the alarm's flag while the thread's CPU timer watches it (no clock read),
     * else the thread's clock; then the wall-clock safety net */
    if (sb->alarm || (!sb->alarm_armed && cpu_ns() > sb->deadline_ns) || now_ns() > sb->wall_deadline_ns)
        return ARBL_BUDGET_DEADLINE;
    return ARBL_BUDGET_NONE;
}

static void sb_hook(lua_State *L, lua_Debug *ar);

/* Marks the run killed by b: from now on the hook fires on every instruction, so a pcall that
 * catches the error returns into code that is stopped again at once. */
static void kill_run(arbl_sandbox *sb, arbl_budget b)
{
    sb->killed = b;
    lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, 1);
}

/* For the allocator: true when the run must stop (it may not raise an error itself). */
static bool stop_now(arbl_sandbox *sb)
{
    if (!sb->killed) {
        arbl_budget b = over_budget(sb);
        if (b)
            kill_run(sb, b);
    }
    return sb->killed != ARBL_BUDGET_NONE;
}

/* Raises the budget error at the position of the function `level` up (0 from the hook: the
 * function running; 1 from a C function: the Lua code calling it), so that it is said once. */
static int raise_budget(lua_State *L, const arbl_sandbox *sb, int level)
{
    luaL_where(L, level);
    switch (sb->killed) {
    case ARBL_BUDGET_INSTRUCTIONS:
        lua_pushfstring(L, "instruction budget (%d instructions) ran out", (int)sb->limits.instructions);
        break;
    case ARBL_BUDGET_DEADLINE:
        if (!sb->alarm && cpu_ns() <= sb->deadline_ns) /* the wall-clock safety net */
            lua_pushfstring(L, "the machine is too busy: the run had %d ms of wall-clock time and did not "
                            "get its %d ms of processor time", (int)((now_ns() - sb->wall_start_ns) / 1000000),
                            (int)(sb->deadline_ns == sb->total_end_ns ? sb->total_ms : sb->limits.deadline_ms));
        else if (sb->deadline_ns == sb->total_end_ns)
            lua_pushfstring(L, "time budget of the request (%d ms) ran out", (int)sb->total_ms);
        else
            lua_pushfstring(L, "time budget (%d ms) ran out", (int)sb->limits.deadline_ms);
        break;
    default:
        lua_pushliteral(L, "the script was stopped");
        break;
    }
    lua_concat(L, 2);
    return lua_error(L);
}

static void sb_hook(lua_State *L, lua_Debug *ar)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb->killed) {
        sb->instructions += HOOK_STEP;
        arbl_budget b = sb->instructions > sb->limits.instructions ? ARBL_BUDGET_INSTRUCTIONS : over_budget(sb);
        if (!b) {
            /* the line is only for memory errors: read it now and then (getinfo is not free), at
             * the first call, and at every call once half the memory is used */
            if (ar && (sb->last_line == 0 || (sb->instructions / HOOK_STEP) % 4 == 0 || sb->used > sb->limits.memory / 2) &&
                lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
                sb->last_line = ar->currentline;
                snprintf(sb->last_src, sizeof sb->last_src, "%.39s", ar->short_src);
            }
            return;
        }
        kill_run(sb, b);
    }
    raise_budget(L, sb, 0);
}

/* ---- string comparisons ---- */

/* Lua orders two strings (<, <=, table.sort) with l_strcmp (lvm.c), which calls strcoll once
 * per NUL-separated segment of them: a string of a few MiB of "\0" is millions of calls inside
 * one instruction, where no hook runs (2026-12-lua-sandbox-2.md: 1.2-5.8 s past a 500 ms
 * budget). So the process's strcoll is this one: the C library's for every caller, with a
 * deadline check on each call in a thread running a script. Once the run is stopped it
 * answers "greater" at once, l_strcmp returns, and the run ends at the next instruction (a C
 * function that compares, as table.sort does, at its next check). The executable defines the
 * name, so the dynamic linker binds Lua's calls here; tests/lua/attacks (n01-n05) fail if not. */
typedef int (*strcoll_fn)(const char *, const char *);
static strcoll_fn libc_strcoll;
static pthread_once_t strcoll_once = PTHREAD_ONCE_INIT;

static void find_strcoll(void)
{
    void *symbol = dlsym(RTLD_NEXT, "strcoll");
    memcpy(&libc_strcoll, &symbol, sizeof libc_strcoll); /* POSIX: the two pointers convert */
}

__attribute__((visibility("default"))) int strcoll(const char *a, const char *b)
{
    arbl_sandbox *sb = running_here;
    if (sb && sb->running && stop_now(sb))
        return 1;
    pthread_once(&strcoll_once, find_strcoll);
    return libc_strcoll ? libc_strcoll(a, b) : strcmp(a, b);
}

/* ---- the alarm: at the deadline the hook runs at the next instruction ---- */

/* The hook reads the clock every HOOK_STEP instructions, and a single instruction or one step
 * of the collector can be long (a comparison, a rehash of colliding keys, the atomic phase),
 * HOOK_STEP of them longer still. So each run also arms a timer on its own thread's CPU clock
 * for its deadline; the timer's signal, handled on that thread (as lua.c handles SIGINT: lua_sethook
 * is made to be called from a signal handler), sets the count hook to the next instruction,
 * where the run ends whatever the script was doing; the host's cancellation likewise. A signal
 * of an earlier run finds the current run's deadline still ahead and does nothing. Linux (a
 * timer aimed at one thread, SIGEV_THREAD_ID); elsewhere, or when the timer cannot be made,
 * the cooperative checks alone. */
#ifdef __linux__
#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

static int alarm_signal;
static bool alarm_installed;
static pthread_once_t alarm_once = PTHREAD_ONCE_INIT;
static pthread_key_t alarm_key; /* each thread's timer, deleted when the thread ends */
static _Thread_local timer_t *alarm_timer;
static _Thread_local bool alarm_failed;

static void on_alarm(int sig)
{
    (void)sig;
    int saved = errno;
    arbl_sandbox *sb = running_here;
    struct timespec ts;
    if (sb && sb->running && clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) {
        bool stop = sb->limits.cancel && atomic_load_explicit(sb->limits.cancel, memory_order_relaxed);
        if ((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec >= sb->deadline_ns) {
            sb->alarm = 1;
            stop = true;
        }
        if (stop)
            lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, 1);
    }
    errno = saved;
}

static void delete_timer(void *timer)
{
    timer_delete(*(timer_t *)timer);
    free(timer);
}

static void install_alarm(void)
{
    alarm_signal = SIGRTMIN + 3;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    alarm_installed = pthread_key_create(&alarm_key, delete_timer) == 0 && sigaction(alarm_signal, &sa, NULL) == 0;
}

/* This thread's timer on its own CPU clock, made on its first run; NULL when it cannot be. */
static timer_t *thread_timer(void)
{
    if (alarm_timer || alarm_failed)
        return alarm_timer;
    pthread_once(&alarm_once, install_alarm);
    timer_t *t = malloc(sizeof *t);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = alarm_signal;
    ev.sigev_notify_thread_id = gettid();
    clockid_t cpu_clock;
    if (!alarm_installed || !t || pthread_getcpuclockid(pthread_self(), &cpu_clock) != 0 ||
        timer_create(cpu_clock, &ev, t) != 0) {
        free(t);
        alarm_failed = true;
        return NULL;
    }
    if (pthread_setspecific(alarm_key, t) != 0) {
        delete_timer(t);
        alarm_failed = true;
        return NULL;
    }
    return alarm_timer = t;
}

/* Sets the thread's timer to the CPU deadline of sb, or (sb NULL) stops it; whether it now
 * watches sb. A run the host may cancel (limits.cancel) gets a tick every CANCEL_POLL_NS of its
 * processor time as well, the ticks falling on the deadline, so that a cancellation (a reload,
 * SIGTERM) ends a long instruction as promptly. */
#define CANCEL_POLL_NS 20000000

static bool set_alarm(const arbl_sandbox *sb)
{
    timer_t *t = sb || alarm_timer ? thread_timer() : NULL;
    if (!t)
        return false;
    struct itimerspec when;
    memset(&when, 0, sizeof when);
    if (sb) {
        int64_t at = sb->deadline_ns > 0 ? sb->deadline_ns : 1;
        struct timespec ts;
        if (sb->limits.cancel && clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) {
            int64_t now = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
            if (at - now > CANCEL_POLL_NS)
                at -= (at - now) / CANCEL_POLL_NS * CANCEL_POLL_NS;
            when.it_interval.tv_nsec = CANCEL_POLL_NS;
        }
        when.it_value.tv_sec = (time_t)(at / 1000000000);
        when.it_value.tv_nsec = (long)(at % 1000000000);
    }
    return timer_settime(*t, sb ? TIMER_ABSTIME : 0, &when, NULL) == 0 && sb;
}
#else
static bool set_alarm(const arbl_sandbox *sb)
{
    (void)sb;
    return false;
}
#endif

/* A run of sb on this thread begins (its budgets armed) and ends: the string comparisons and
 * the alarm look at it meanwhile. A run inside another run (a C function calling a script of
 * another sandbox) hands the thread back to the outer one when it ends. */
static arbl_sandbox *begin_run(arbl_sandbox *sb)
{
    arbl_sandbox *outer = running_here;
    sb->alarm = 0;
    running_here = sb;
    sb->running = true;
    sb->alarm_armed = set_alarm(sb);
    return outer;
}

static void end_run(arbl_sandbox *sb, arbl_sandbox *outer)
{
    sb->running = false;
    sb->alarm_armed = false;
    running_here = outer;
    if (outer && outer->running)
        outer->alarm_armed = set_alarm(outer);
    else
        set_alarm(NULL);
}

void arbl_sandbox_arm(arbl_sandbox *sb)
{
    sb->instructions = 0;
    sb->last_line = 0;
    int64_t budget = (int64_t)sb->limits.deadline_ms * 1000000;
    sb->wall_start_ns = now_ns();
    sb->deadline_ns = cpu_ns() + budget;
    sb->wall_deadline_ns = sb->wall_start_ns + WALL_FACTOR * budget;
    if (sb->total_end_ns && sb->total_end_ns < sb->deadline_ns)
        sb->deadline_ns = sb->total_end_ns;
    if (sb->total_wall_end_ns && sb->total_wall_end_ns < sb->wall_deadline_ns)
        sb->wall_deadline_ns = sb->total_wall_end_ns;
    if (!sb->killed)
        lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, HOOK_STEP);
}

/* ---- checks from C functions ---- */

int arbl_sandbox_refuse(lua_State *L, const char *what)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (sb)
        sb->memory_refused = true;
    return luaL_error(L, "memory budget (%d bytes) ran out: %s", sb ? (int)sb->limits.memory : 0, what);
}

/* Deadline check for C functions (they run outside the count hook): every guarded C function
 * calls it on entry, the bounded loops every few steps. */
void arbl_sandbox_check(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    if (!sb)
        return;
    if (!sb->killed) {
        arbl_budget b = over_budget(sb);
        if (!b)
            return;
        kill_run(sb, b);
    }
    raise_budget(L, sb, 1);
}

bool arbl_sandbox_should_stop(void *sandbox)
{
    const arbl_sandbox *sb = sandbox;
    return sb->killed != ARBL_BUDGET_NONE || over_budget(sb) != ARBL_BUDGET_NONE;
}

void arbl_sandbox_limit_total(arbl_sandbox *sb, uint32_t ms)
{
    sb->total_ms = ms;
    sb->total_end_ns = ms ? cpu_ns() + (int64_t)ms * 1000000 : 0;
    sb->total_wall_end_ns = ms ? now_ns() + WALL_FACTOR * (int64_t)ms * 1000000 : 0;
}

/* ---- read-only views ---- */

/* The views' functions check the deadline themselves (they are listed in arbl_sandbox_owns). */
static int ro_newindex(lua_State *L)
{
    arbl_sandbox_check(L);
    const char *what = lua_tostring(L, lua_upvalueindex(1));
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "%s is read-only: cannot assign '%s' (use a local variable)", what,
                          lua_tostring(L, 2));
    return luaL_error(L, "%s is read-only", what);
}

static int ro_next(lua_State *L)
{
    arbl_sandbox_check(L);
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1)))
        return 2;
    return 0;
}

static int ro_pairs(lua_State *L)
{
    arbl_sandbox_check(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, ro_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

bool arbl_sandbox_owns(lua_CFunction f)
{
    return f == ro_newindex || f == ro_next || f == ro_pairs;
}

/* Pushes an empty table that reads through to the table at idx and refuses writes. */
static void push_readonly(lua_State *L, int idx, const char *what)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, what);
    lua_pushcclosure(L, ro_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, idx);
    lua_pushcclosure(L, ro_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* ---- building the state ---- */

bool arbl_sandbox_open(arbl_sandbox *sb, const arbl_limits *limits, const char *lang, lua_CFunction open_libs)
{
    memset(sb, 0, sizeof *sb);
    sb->limits.memory = limits && limits->memory ? limits->memory : ARBL_DEFAULT_MEMORY;
    sb->limits.instructions = limits && limits->instructions ? limits->instructions : ARBL_DEFAULT_INSTRUCTIONS;
    sb->limits.deadline_ms = limits && limits->deadline_ms ? limits->deadline_ms : ARBL_DEFAULT_DEADLINE_MS;
    sb->limits.cancel = limits ? limits->cancel : NULL;
    /* lang may be a tag with a digit choice ("fa-u-nu-latn"): Lua sees the language, texts are
     * rendered with the whole tag. */
    const char *base = arb_language_base(lang);
    snprintf(sb->lang, sizeof sb->lang, "%s", base ? base : lang && *lang ? lang : "en");
    const char *tag = base ? arb_language_tag(lang, ARB_DIGITS_DEFAULT) : NULL;
    snprintf(sb->tag, sizeof sb->tag, "%s", tag ? tag : sb->lang);
    pthread_once(&node_once, find_node_sites);
    sb->L = lua_newstate(sb_alloc, sb);
    if (!sb->L) {
        release_chunks(sb);
        return false;
    }
    arbl_sandbox_arm(sb);
    if (open_libs)
        lua_pushcfunction(sb->L, open_libs);
    if (!open_libs || lua_pcall(sb->L, 0, 0, 0) != LUA_OK) {
        lua_close(sb->L);
        sb->L = NULL;
        release_chunks(sb);
        return false;
    }
    return true;
}

static int lock_libs(lua_State *L)
{
    static const char *const libs[] = {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME,
                                       "arbiter", NULL};
    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    for (const char *const *n = libs; *n; n++) {
        lua_getfield(L, g, *n);
        if (lua_istable(L, -1)) {
            push_readonly(L, -1, *n);
            lua_setfield(L, g, *n);
        }
        lua_pop(L, 1);
    }
    push_readonly(L, g, "the global table");
    lua_pushvalue(L, -1);
    lua_setfield(L, g, LUA_GNAME);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    return 0;
}

void arbl_sandbox_lock(arbl_sandbox *sb)
{
    lua_pushcfunction(sb->L, lock_libs);
    lua_pcall(sb->L, 0, 0, 0);
}

void arbl_sandbox_close(arbl_sandbox *sb)
{
    if (!sb->L)
        return;
    /* Finalizers left by the script run during lua_close: stop them at their first instruction. */
    if (!sb->killed)
        sb->killed = ARBL_BUDGET_STOPPED;
    lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, 1);
    lua_close(sb->L);
    sb->L = NULL;
    release_chunks(sb);
}

/* ---- running ---- */

/* Whether msg starts with a position ("name.lua:12: "): an error raised at a level above the
 * innermost function (error(msg, 2), a read-only table's refusal) carries its own. */
static bool has_position(const char *msg)
{
    size_t n = 0;
    while (n < LUA_IDSIZE && msg[n] && msg[n] != ':' && msg[n] != ' ')
        n++;
    if (n == 0 || msg[n] != ':' || msg[n + 1] < '0' || msg[n + 1] > '9')
        return false;
    for (n++; msg[n] >= '0' && msg[n] <= '9'; n++)
        ;
    return msg[n] == ':';
}

/* Message handler: prefixes the line of the innermost Lua function ("line N: ") unless the
 * message already carries a position (the position is said once). */
static int msgh(lua_State *L)
{
    arbl_sandbox *sb = arbl_sandbox_of(L);
    size_t len = 0;
    const char *msg = lua_tolstring(L, 1, &len);
    if (!msg) {
        /* once killed no script code runs, not even a __tostring */
        if (!sb->killed && luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    } else if (len > 1000) { /* the caller keeps a line; don't copy megabytes past a deadline */
        msg = lua_pushlstring(L, msg, 1000);
    }
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            char prefix[LUA_IDSIZE + 24];
            snprintf(prefix, sizeof prefix, "%s:%d:", ar.short_src, ar.currentline);
            if (strncmp(msg, prefix, strlen(prefix)) == 0 || has_position(msg))
                lua_pushstring(L, msg);
            else
                lua_pushfstring(L, "%s %s", prefix, msg);
            return 1;
        }
    }
    lua_pushstring(L, msg);
    return 1;
}

int arbl_sandbox_pcall(arbl_sandbox *sb, int nargs, int nresults, char *err, size_t errcap)
{
    lua_State *L = sb->L;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, msgh);
    lua_insert(L, base);
    arbl_sandbox_arm(sb);
    sb->table_refused = false;
    arbl_sandbox *outer = begin_run(sb);
    int st = lua_pcall(L, nargs, nresults, base);
    end_run(sb, outer);
    lua_remove(L, base);
    if (st == LUA_OK)
        return st;
    const char *msg = lua_tostring(L, -1);
    sb->stopped_by = ARBL_BUDGET_NONE;
    if (sb->killed == ARBL_BUDGET_INSTRUCTIONS || sb->killed == ARBL_BUDGET_DEADLINE)
        sb->stopped_by = sb->killed;
    else if (st == LUA_ERRMEM || sb->memory_refused)
        sb->stopped_by = ARBL_BUDGET_MEMORY;
    /* a memory error unwinds without the message handler: the position is the hook's last look
     * in this run ("lesson.lua:16: ...", as other errors say it; none if it had no look) */
    char at[64] = "", near[40] = "";
    if (sb->last_line > 0) {
        snprintf(at, sizeof at, "%s:%d: ", sb->last_src, sb->last_line);
        snprintf(near, sizeof near, " (at or soon after this line)");
    }
    if (st == LUA_ERRMEM && sb->killed == ARBL_BUDGET_DEADLINE)
        snprintf(err, errcap, "%stime budget (%u ms) ran out%s", at,
                 (unsigned)(sb->deadline_ns == sb->total_end_ns ? sb->total_ms : sb->limits.deadline_ms), near);
    else if (st == LUA_ERRMEM && sb->killed == ARBL_BUDGET_STOPPED)
        snprintf(err, errcap, "the script was stopped");
    else if (st == LUA_ERRMEM && sb->table_refused)
        snprintf(err, errcap, "line %d (or soon after): a table may hold at most %u keys outside its array part "
                 "(sandbox limit)", sb->last_line, (unsigned)ARBL_TABLE_SLOTS_MAX);
    else if (st == LUA_ERRMEM)
        snprintf(err, errcap, "%smemory budget (%zu bytes) ran out%s", at, sb->limits.memory, near);
    else
        snprintf(err, errcap, "%s", msg ? msg : "error");
    lua_pop(L, 1);
    return st;
}

/* ---- loading: text only, in pieces ---- */

struct pieces {
    const char *s;
    size_t len, pos;
    int fn;          /* stack index of a reader function, 0 for a string */
    int slot;        /* stack index keeping the reader's current string alive */
    size_t max, total; /* bytes allowed (0: no limit) and handed to the parser so far */
};

static const char *next_piece(lua_State *L, void *ud, size_t *size)
{
    struct pieces *r = ud;
    arbl_sandbox_check(L);
    if (r->pos >= r->len) {
        if (!r->fn) {
            *size = 0;
            return NULL;
        }
        luaL_checkstack(L, 2, "too many nested functions");
        lua_pushvalue(L, r->fn);
        lua_call(L, 0, 1);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            *size = 0;
            return NULL;
        }
        if (!lua_isstring(L, -1))
            luaL_error(L, "reader function must return a string");
        lua_replace(L, r->slot);
        r->s = lua_tolstring(L, r->slot, &r->len);
        r->pos = 0;
        if (r->len == 0) {
            *size = 0;
            return NULL;
        }
    }
    size_t n = r->len - r->pos < ARBL_LOAD_PIECE ? r->len - r->pos : ARBL_LOAD_PIECE;
    r->total += n;
    if (r->max && r->total > r->max)
        luaL_error(L, "a chunk may be at most %zu bytes (sandbox limit)", r->max);
    const char *p = r->s + r->pos;
    r->pos += n;
    *size = n;
    return p;
}

int arbl_load_pieces(lua_State *L, const char *text, size_t len, int reader, int slot, size_t max,
                     const char *name)
{
    struct pieces r = {text, text ? len : 0, 0, text ? 0 : reader, slot, max, 0};
    return lua_load(L, next_piece, &r, name, "t");
}


int arbl_sandbox_load_text(arbl_sandbox *sb, const char *text, size_t len, const char *name, char *err,
                           size_t errcap)
{
    arbl_sandbox_arm(sb);
    sb->running = true;
    int st = arbl_load_pieces(sb->L, text, len, 0, 0, 0, name);
    sb->running = false;
    if (st != LUA_OK) {
        const char *msg = lua_tostring(sb->L, -1);
        snprintf(err, errcap, "%s", st == LUA_ERRMEM ? "memory budget ran out while reading the script"
                                                    : (msg ? msg : "cannot load"));
        lua_pop(sb->L, 1);
    }
    return st;
}
