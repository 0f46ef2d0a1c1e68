/* The Lua sandbox: one fresh lua_State per run with an allow-listed library set, read-only
 * globals, a capped allocator, an instruction budget and a time budget (the thread's CPU time,
 * with a wall-clock safety net). It knows no library: the caller hands it the function that
 * installs them (script_libs.c). Used by the runtimes (scripts.c); the binding (binding*.c) and
 * the bounded library (bounded.c) check the deadline and charge their C allocations here. */
#ifndef ARBL_SANDBOX_H
#define ARBL_SANDBOX_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

/* Budgets of one run. Zero fields take the defaults below. */
typedef struct arbl_limits {
    size_t memory;          /* bytes the state may hold at once */
    uint64_t instructions;  /* VM instructions per run */
    uint32_t deadline_ms;   /* milliseconds of the running thread's CPU time per run (and at most ten
                             * times that of wall-clock time, however busy the machine) */
    const atomic_bool *cancel; /* when set (by another thread), runs stop at once; may be NULL */
} arbl_limits;

#define ARBL_DEFAULT_MEMORY (8u << 20)
#define ARBL_DEFAULT_INSTRUCTIONS 20000000u
#define ARBL_DEFAULT_DEADLINE_MS 500u

/* Which budget stopped a run (ARBL_BUDGET_NONE: none; the run failed or succeeded on its own). */
typedef enum arbl_budget {
    ARBL_BUDGET_NONE = 0,
    ARBL_BUDGET_MEMORY,
    ARBL_BUDGET_INSTRUCTIONS,
    ARBL_BUDGET_DEADLINE,
    ARBL_BUDGET_STOPPED        /* the host cancelled the run, or the state is being closed */
} arbl_budget;

#define ARBL_SMALL_MAX 512u

/* The most hash slots one table may have (keys outside its array part): a table whose integer
 * keys all collide is rehashed in one instruction in time quadratic in them (sandbox.c). */
#define ARBL_TABLE_SLOTS_MAX (1u << 13)

typedef struct arbl_sandbox {
    lua_State *L;
    arbl_limits limits;
    size_t used, peak;         /* bytes held by the state (plus C memory charged by the binding) */
    uint64_t instructions;     /* instructions counted so far */
    int64_t deadline_ns;       /* the thread's CPU time (CLOCK_THREAD_CPUTIME_ID) the run must end by */
    int64_t wall_deadline_ns;  /* CLOCK_MONOTONIC time it ends by in any case (10 x the budget) */
    int64_t wall_start_ns;     /* when the run was armed (CLOCK_MONOTONIC) */
    bool alarm_armed;          /* the thread's CPU timer watches deadline_ns: checks read a flag */
    arbl_budget killed;        /* set once a budget ran out: every later hook call errors too */
    bool memory_refused;       /* a C function stopped the run for memory (see arbl_sandbox_refuse) */
    bool table_refused;        /* the last run's memory error was a table past ARBL_TABLE_SLOTS_MAX */
    int last_line;             /* the line the last hook call of this run saw (for memory errors) */
    char last_src[40];         /* and its chunk's name ("lesson.lua") */
    arbl_budget stopped_by;    /* the budget that stopped the last failed run, if any */
    bool running;              /* inside a protected call: the allocator may stop the run */
    volatile sig_atomic_t alarm; /* the deadline's alarm went off (sandbox.c): the run is over */
    int64_t total_end_ns;      /* no run goes past this CPU time (0: no bound); arbl_sandbox_limit_total */
    int64_t total_wall_end_ns; /* nor past this CLOCK_MONOTONIC time */
    uint32_t total_ms;
    long next_id;              /* last number tostring gave a table or function */
    char lang[8];              /* language explanations are rendered in ("fa") */
    char tag[24];              /* the same with its digit choice ("fa-u-nu-latn"), for rendering */
    /* Small blocks come from the sandbox's own chunks by size class (16-byte steps up to
     * ARBL_SMALL_MAX) and are all released at once when the state closes. */
    void *chunks;              /* linked list of chunks */
    char *bump, *bump_end;     /* free space in the newest chunk */
    void *free_list[ARBL_SMALL_MAX / 16];
    size_t arena_bytes;        /* bytes held in chunks (bounded by twice the memory budget) */
} arbl_sandbox;

/* Creates a state and runs open_libs in it (under lua_pcall, with the budgets armed) to install
 * its libraries: for scripts, arbl_open_script_libs (script_libs.h), the allowed part of Lua's
 * and the `arbiter` module. Globals are still writable so a trusted prelude can add its
 * definitions; arbl_sandbox_lock() then freezes them. Returns false if even the empty state
 * does not fit the memory budget, or open_libs fails. */
bool arbl_sandbox_open(arbl_sandbox *sb, const arbl_limits *limits, const char *lang, lua_CFunction open_libs);
void arbl_sandbox_close(arbl_sandbox *sb);

/* Replaces the global table by a read-only view (assigning a global raises an error naming it)
 * and makes the library tables read-only too. */
void arbl_sandbox_lock(arbl_sandbox *sb);

/* Starts the budgets for a run (instructions from 0, deadline from now). */
void arbl_sandbox_arm(arbl_sandbox *sb);

/* Bounds the time of every later run together: none ends later than ms of this thread's CPU time
 * from now, nor 10 x ms of wall-clock time (a request that runs a script many times, all on the
 * calling thread). 0 removes the bound. */
void arbl_sandbox_limit_total(arbl_sandbox *sb, uint32_t ms);

/* Calls the function below nargs arguments on the stack in protected mode with the budgets
 * armed. On failure writes a one-line message to err ("line N: <error>" or naming the budget
 * that ran out, with its size) and returns the Lua status; results stay on the stack on success. */
int arbl_sandbox_pcall(arbl_sandbox *sb, int nargs, int nresults, char *err, size_t errcap);

/* Loads text (never binary) as a chunk named name; pushes the function or writes err. */
int arbl_sandbox_load_text(arbl_sandbox *sb, const char *text, size_t len, const char *name, char *err,
                           size_t errcap);

/* The sandbox a state belongs to (its allocator's user data). */
arbl_sandbox *arbl_sandbox_of(lua_State *L);

/* Charges (delta > 0) or releases (delta < 0) memory held by C on behalf of the script.
 * Returns false (charging nothing) when the charge would pass the memory budget. */
bool arbl_sandbox_charge(lua_State *L, long delta);

/* Bytes the state may still take before its memory budget runs out (for C work done on the
 * script's behalf and freed before it returns, as the dead-position search's tables). */
size_t arbl_sandbox_memory_left(lua_State *L);

/* Raises the memory-budget error from a C function (what it needed, in words). */
int arbl_sandbox_refuse(lua_State *L, const char *what);

/* For C functions that do bounded but real work (building games, listing moves): raises the
 * budget error if the deadline has passed or the run was already stopped. */
void arbl_sandbox_check(lua_State *L);

/* For an engine search a C function runs (the dead-position search): whether the run must stop
 * now, its deadline passed or the host cancelled it. sandbox is the arbl_sandbox (the search's
 * stop context). Raises nothing: the function calls arbl_sandbox_check after the search. */
bool arbl_sandbox_should_stop(void *sandbox);

/* The budget name ("memory", "instruction", "time") for messages. */
const char *arbl_budget_name(arbl_budget b);

/* Pieces the parser is handed between two deadline checks: the parse of one piece is short
 * whatever the text. */
#define ARBL_LOAD_PIECE 256u

/* The most text a script's own load() compiles: the compiled code of a longer chunk costs more
 * to build and free than the deadline can interrupt (the hostile r33: 6 MB of 'x = 1 '). */
#define ARBL_LOAD_MAX (1u << 20)

/* Loads a chunk (text only, never binary) in pieces, checking the run's deadline between them
 * (the parser runs no instructions, so no hook sees it): from text, or, when text is NULL, from
 * the reader function at stack index reader, whose current string is kept alive at stack index
 * slot; more than max bytes (0: any) is an error. Pushes the function or an error message;
 * returns the lua_load status. */
int arbl_load_pieces(lua_State *L, const char *text, size_t len, int reader, int slot, size_t max,
                     const char *name);

/* Whether f is one of the sandbox's own C functions (the read-only views'), which check the
 * deadline themselves. For the test of reachable functions. */
bool arbl_sandbox_owns(lua_CFunction f);

#endif
