/* Sandbox escape tests: one per denied capability, each refused or stopped within its budget. */
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "sandbox.h"
#include "script_libs.h"

static char err[512];
static arbl_budget stopped;

/* A C function that spends no processor time for 1.2 s, then checks the budgets. */
static int sleep_then_check(lua_State *L)
{
    struct timespec pause = {1, 200000000};
    while (nanosleep(&pause, &pause) != 0)
        ;
    arbl_sandbox_check(L);
    return 0;
}

/* The thread's CPU time: what the time budget counts (a busy machine stretches the wall clock). */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Runs code in a fresh locked sandbox; returns the Lua status; the first result (if a string or
 * boolean) is copied into `result`. */
static char result[256];
static int run_limited(const char *code, const arbl_limits *lim)
{
    arbl_sandbox sb;
    err[0] = result[0] = 0;
    stopped = ARBL_BUDGET_NONE;
    if (!arbl_sandbox_open(&sb, lim, "en", arbl_open_script_libs))
        return -1;
    arbl_sandbox_lock(&sb);
    int st = arbl_sandbox_load_text(&sb, code, strlen(code), "=escape.lua", err, sizeof err);
    if (st == LUA_OK) {
        st = arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err);
        if (st == LUA_OK) {
            const char *s = luaL_tolstring(sb.L, -1, NULL);
            snprintf(result, sizeof result, "%s", s ? s : "");
        }
        stopped = sb.stopped_by;
    }
    arbl_sandbox_close(&sb);
    return st;
}


static int run(const char *code)
{
    arbl_limits lim = {1u << 20, 2000000, 2000, NULL};
    return run_limited(code, &lim);
}

#define EXPECT_RESULT(code, want)                                                          \
    do {                                                                                   \
        CHECK_INT(run(code), LUA_OK);                                                      \
        CHECK_STR(result, want);                                                           \
    } while (0)

#define EXPECT_ERROR(code, fragment)                                                       \
    do {                                                                                   \
        CHECK(run(code) != LUA_OK);                                                        \
        CHECK_MSG(strstr(err, fragment) != NULL, "error '%s' lacks '%s'", err, fragment);  \
    } while (0)

/* string.format's %q of a long string is quoted by the sandbox, with deadline checks between
 * pieces (bounded.c): the text must be Lua's own, byte for byte. Every byte value, each also
 * followed by a digit (Lua then writes three digits), in a string longer than a piece. */
static const char quote_chunk[] =
    "local t = {} for i = 0, 255 do t[#t + 1] = string.char(i) t[#t + 1] = string.char(i) .. '7' end\n"
    "local s = table.concat(t):rep(12) .. '\\0'\n"
    "return string.format('<%q|%5.1f|%q|%s|%q>', s, 4.25, 'short\\0\\n\\\\\"', s:sub(1, 9), s .. '9')\n";

static void format_q_as_lua(void)
{
    lua_State *plain = luaL_newstate();
    luaL_openlibs(plain);
    CHECK(luaL_dostring(plain, quote_chunk) == LUA_OK);
    size_t want_len = 0;
    const char *want = lua_tolstring(plain, -1, &want_len);
    arbl_sandbox sb;
    arbl_limits lim = {8u << 20, 2000000, 2000, NULL};
    CHECK(arbl_sandbox_open(&sb, &lim, "en", arbl_open_script_libs));
    arbl_sandbox_lock(&sb);
    CHECK(arbl_sandbox_load_text(&sb, quote_chunk, strlen(quote_chunk), "=quote.lua", err, sizeof err) == LUA_OK);
    CHECK_MSG(arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err) == LUA_OK, "%s", err);
    size_t got_len = 0;
    const char *got = lua_tolstring(sb.L, -1, &got_len);
    CHECK_MSG(want && got && want_len > 4 * 4096 && got_len == want_len && memcmp(got, want, want_len) == 0,
              "%%q in the sandbox gave %zu bytes, Lua %zu", got_len, want_len);
    arbl_sandbox_close(&sb);
    lua_close(plain);
}

int main(void)
{
    harness_begin("sandbox.allowed");
    EXPECT_RESULT("return string.format('%d-%s', 6 * 7, ('ab'):upper())", "42-AB");
    EXPECT_RESULT("local t = {3, 1, 2}; table.sort(t); return table.concat(t, ',')", "1,2,3");
    EXPECT_RESULT("return math.floor(7.9) + utf8.len('قلعه')", "11");
    EXPECT_RESULT("return select('#', pcall(error, 'x'))", "2");

    harness_begin("sandbox.io_os");
    EXPECT_RESULT("return tostring(io) .. tostring(os)", "nilnil");
    EXPECT_ERROR("return io.open('/etc/passwd')", "global 'io'");
    EXPECT_ERROR("os.execute('true')", "global 'os'");

    harness_begin("sandbox.require_package");
    EXPECT_RESULT("return tostring(require) .. tostring(package)", "nilnil");
    EXPECT_ERROR("return require('io')", "global 'require'");

    harness_begin("sandbox.debug");
    EXPECT_RESULT("return tostring(debug)", "nil");
    EXPECT_ERROR("debug.sethook()", "global 'debug'");

    harness_begin("sandbox.files");
    EXPECT_RESULT("return tostring(dofile) .. tostring(loadfile)", "nilnil");

    harness_begin("sandbox.binary_chunks");
    /* A binary chunk starts with ESC 'Lua': load refuses it even when asked for mode "b". */
    EXPECT_RESULT("local f, e = load('\\27LuaT\\0', 'x', 'b'); return tostring(f) .. ':' .. e",
                  "nil:attempt to load a binary chunk (mode is 't')");
    EXPECT_RESULT("local f = load('return 1 + 1'); return f()", "2");
    EXPECT_ERROR("\x1bLuaT", "binary chunk");

    harness_begin("sandbox.string_dump");
    EXPECT_RESULT("return tostring(string.dump)", "nil");
    EXPECT_ERROR("return ('').dump(print)", "dump");

    harness_begin("sandbox.string_metatable");
    EXPECT_RESULT("return tostring(getmetatable(''))", "false");
    EXPECT_ERROR("getmetatable('').__index = {}", "index a boolean");
    EXPECT_ERROR("string.upper = function() return 'pwned' end", "string is read-only");
    EXPECT_ERROR("setmetatable(string, nil)", "protected metatable");
    EXPECT_RESULT("return ('abc'):upper()", "ABC");

    harness_begin("sandbox.globals_readonly");
    EXPECT_ERROR("x = 1", "cannot assign 'x'");
    EXPECT_ERROR("print = nil", "global table is read-only");
    EXPECT_ERROR("_G.pairs = nil", "read-only");
    EXPECT_ERROR("math.pi = 3", "math is read-only");
    EXPECT_ERROR("arbiter.position = nil", "arbiter is read-only");
    EXPECT_RESULT("return tostring(rawset)", "nil");
    EXPECT_RESULT("local n = 0; for k in pairs(string) do n = n + 1 end; return n > 10", "true");
    EXPECT_RESULT("local ok = pcall(function() local _ENV = {x = 1}; x = 2 end); return ok", "true");

    harness_begin("sandbox.globals_not_carried");
    /* A second run is a fresh state: nothing of the first survives. */
    CHECK(run("local ok = pcall(function() marker = 1 end); return ok") == LUA_OK);
    EXPECT_RESULT("return tostring(rawget(_G, 'marker'))", "nil");
    EXPECT_RESULT("return tostring(marker)", "nil");

    harness_begin("sandbox.collectgarbage");
    EXPECT_RESULT("return tostring(collectgarbage)", "nil");
    EXPECT_ERROR("collectgarbage('stop')", "global 'collectgarbage'");

    harness_begin("sandbox.random");
    EXPECT_RESULT("return tostring(math.random) .. tostring(math.randomseed)", "nilnil");
    EXPECT_RESULT("local a, b = arbiter.random(7), arbiter.random(7); return a:int(1, 1000000) == b:int(1, 1000000)",
                  "true");

    harness_begin("sandbox.coroutines");
    EXPECT_RESULT("return tostring(coroutine)", "nil");
    EXPECT_ERROR("local co = coroutine.create(function() while true do end end)", "global 'coroutine'");

    harness_begin("sandbox.runaway_loop");
    double t0 = cpu_ms();
    EXPECT_ERROR("local n = 0\nwhile true do n = n + 1 end", "instruction budget (2000000 instructions) ran out");
    CHECK_INT(stopped, ARBL_BUDGET_INSTRUCTIONS);
    CHECK_MSG(strstr(err, "escape.lua:2:") != NULL, "error '%s' names no line", err);
    CHECK(cpu_ms() - t0 < 2000);

    harness_begin("sandbox.pcall_cannot_swallow");
    EXPECT_ERROR("while true do pcall(function() while true do end end) end", "instruction budget");
    CHECK_INT(stopped, ARBL_BUDGET_INSTRUCTIONS);
    EXPECT_ERROR("local function f() while true do end end\n"
                 "for i = 1, 1e9 do xpcall(f, function(m) return m end) end", "instruction budget");
    EXPECT_ERROR("local ok = pcall(function() while true do end end)\nlocal x = 0\nfor i = 1, 10 do x = x + i end "
                 "return x", "instruction budget");
    EXPECT_ERROR("local f = load('while true do end')\nwhile true do pcall(f) end", "instruction budget");
    /* Error handlers, metamethods and iterators run under the same hook. */
    EXPECT_ERROR("local t = setmetatable({}, {__index = function(t, k) while true do end end}) return t.x",
                 "instruction budget");
    EXPECT_ERROR("for k in function() while true do end end do end", "instruction budget");
    EXPECT_ERROR("local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function(a, b) while true do end end)",
                 "instruction budget");
    EXPECT_ERROR("string.gsub('aaa', 'a', function() while true do end end)", "instruction budget");

    harness_begin("sandbox.deadline");
    arbl_limits slow = {1u << 20, 4000000000u, 50, NULL};
    t0 = cpu_ms();
    CHECK(run_limited("while true do end", &slow) != LUA_OK);
    CHECK_INT(stopped, ARBL_BUDGET_DEADLINE);
    CHECK_MSG(strstr(err, "time budget (50 ms) ran out") != NULL, "error '%s'", err);
    CHECK(cpu_ms() - t0 < 1000);

    harness_begin("sandbox.memory_bomb");
    EXPECT_ERROR("local t = {}\nfor i = 1, 1e8 do t[i] = i end", "memory budget (1048576 bytes) ran out");
    CHECK_INT(stopped, ARBL_BUDGET_MEMORY);
    EXPECT_ERROR("local s = 'x'\nwhile true do s = s .. s end", "memory budget");
    CHECK_INT(stopped, ARBL_BUDGET_MEMORY);
    EXPECT_ERROR("return string.rep('x', 1e9)", "string.rep would need");
    CHECK_INT(stopped, ARBL_BUDGET_MEMORY);
    EXPECT_ERROR("local t = {} for i = 1, 1e6 do t[#t + 1] = ('y'):rep(1000) end", "memory budget");
    /* pcall may catch a memory error but then the instruction budget still ends the loop. */
    EXPECT_ERROR("local t = {} while true do pcall(function() t[#t + 1] = ('z'):rep(4096) end) end", "budget");
    EXPECT_ERROR("local g = {} for i = 1, 1e6 do g[i] = arbiter.game() end", "memory budget");

    harness_begin("sandbox.long_library_calls");
    t0 = cpu_ms();
    EXPECT_ERROR("local s = ('a'):rep(30000) return s:find('.-.-.-.-.-b')", "backtrack too long");
    EXPECT_ERROR("local s = ('a'):rep(100000) return s:match('a*')", "longer than");
    EXPECT_ERROR("return ('a'):rep(5000):gsub('(a*)*b', 'x')", "backtrack too long");
    EXPECT_ERROR("for w in ('a'):rep(20000):gmatch('%b()a*a*') do end", "backtrack too long");
    EXPECT_ERROR("return ('x'):find(('%a'):rep(200))", "pattern longer than");
    CHECK(cpu_ms() - t0 < 1000);
    /* Ordinary uses still work. */
    EXPECT_RESULT("return select(2, ('rnbqkbnr/pppppppp w KQkq'):match('^(%S+) (%S+)'))", "w");
    EXPECT_RESULT("return ('a,b;c'):gsub('[,;]', ' ')", "a b c");
    EXPECT_RESULT("return (('x'):rep(2000) .. ' e2-e4'):match('([a-h][1-8])%-([a-h][1-8])')", "e2");
    EXPECT_ERROR("return ('a'):rep(3000):find('[a-]*[a-]*[a-]*b')", "backtrack too long");
    EXPECT_RESULT("return ('a'):rep(100000):find('aab', 1, true) == nil", "true");
    EXPECT_ERROR("return arbiter.start():perft(6)", "perft depth");
    EXPECT_ERROR("local t = {} for i = 1, 2000 do t[i] = 'Nf3' end return arbiter.game(nil, t)", "too many moves");

    harness_begin("sandbox.format_q_as_lua");
    format_q_as_lua();
    t0 = cpu_ms();
    {
        arbl_limits lim = {8u << 20, 2000000000u, 300, NULL};
        CHECK(run_limited("local s = ('\\0'):rep(1e6) while true do local q = string.format('%q', s) end", &lim) != LUA_OK);
        CHECK_MSG(strstr(err, "time budget") != NULL, "%s", err);
    }
    CHECK_MSG(cpu_ms() - t0 < 300 + 100, "quoting 1 MB of NUL again and again with a 300 ms budget took %.0f ms", cpu_ms() - t0);

    harness_begin("sandbox.long_engine_calls");
    /* Each game:play copies a ~200-ply record (knight shuffles, a pawn move pair before any
     * position comes a fifth time: the record must not end): bounded work per call, and the
     * deadline is checked at every call, so a loop of them stops on time. */
    t0 = cpu_ms();
    CHECK(run_limited("local m = {}\n"
                      "local pawns = {'a3','a6','a4','a5','b3','b6','b4','b5','c3','c6','c4','c5','d3','d6','d4','d5',\n"
                      "               'e3','e6','e4','e5','h3','h6','h4','h5','g3','g6','g4','g5'}\n"
                      "for p = 1, #pawns, 2 do\n"
                      "  for i = 1, 3 do for _, k in ipairs({'Nf3', 'Nf6', 'Ng1', 'Ng8'}) do m[#m+1] = k end end\n"
                      "  m[#m+1] = pawns[p] m[#m+1] = pawns[p + 1]\n"
                      "end\n"
                      "local g = assert(arbiter.game(nil, m))\nassert(g:length() == 196)\n"
                      "while true do local h = g:play('Nf3') end", &slow) != LUA_OK);
    CHECK_INT(stopped, ARBL_BUDGET_DEADLINE);
    CHECK_MSG(cpu_ms() - t0 < 500, "took %.0f ms", cpu_ms() - t0);

    /* arbiter.dead's search takes at most the memory the script's budget has left (uncapped it
     * grows the process by tens of MiB on this position: 2026-12-lua-sandbox-2.md §2.4). */
    harness_begin("sandbox.dead_search_memory");
    {
        arbl_limits lim = {8u << 20, 200000000u, 10000, NULL};
        arbl_sandbox sb;
        CHECK(arbl_sandbox_open(&sb, &lim, "en", arbl_open_script_libs));
        arbl_sandbox_lock(&sb);
        const char *code = "local p = arbiter.position('k7/1b6/2b2B2/3b4/4b3/1p3b2/pP4b1/K6b b - - 1 1')\n"
                           "local u = arbiter.unwinnable(p, 'white', 1000000) return tostring(u.nodes)";
        harness_reset_peak();
        long before = harness_peak_kib();
        CHECK_INT(arbl_sandbox_load_text(&sb, code, strlen(code), "=dead.lua", err, sizeof err), LUA_OK);
        CHECK_MSG(arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err) == LUA_OK, "%s", err);
        long grown = harness_peak_kib() - before;
        if (before >= 0)
            CHECK_MSG(grown <= HARNESS_RSS_FOR(8 << 10), "the search grew the process by %ld KiB (budget 8 MiB)", grown);
        arbl_sandbox_close(&sb);
    }

    /* One instruction can be long (comparing two 7 MiB strings for equality: a memcmp of about
     * a millisecond), and the hook reads the clock only every 250 of them: at the deadline the
     * alarm (a timer of the thread, Linux) makes it run at the next instruction instead. It has
     * gone off when the run ends; the budget is the time. */
    harness_begin("sandbox.alarm_at_the_deadline");
#ifdef __linux__
    {
        arbl_limits lim = {32u << 20, 4000000000u, 50, NULL};
        arbl_sandbox sb;
        CHECK(arbl_sandbox_open(&sb, &lim, "en", arbl_open_script_libs));
        arbl_sandbox_lock(&sb);
        const char *code = "local a, b = ('x'):rep(7 * 2^20), ('x'):rep(7 * 2^20 - 1) .. 'x'\n"
                           "while true do local c = a == b end";
        CHECK_INT(arbl_sandbox_load_text(&sb, code, strlen(code), "=eq.lua", err, sizeof err), LUA_OK);
        CHECK(arbl_sandbox_pcall(&sb, 0, 0, err, sizeof err) != LUA_OK);
        CHECK_INT(sb.stopped_by, ARBL_BUDGET_DEADLINE);
        CHECK_MSG(sb.alarm, "the run ended without the alarm: %s", err);
        arbl_sandbox_close(&sb);
    }
#endif

    /* The second campaign's escapes end for the right reason: a NUL-string comparison loop at
     * the deadline (its strings built, not refused), colliding integer keys at the table
     * limit; blocks of the sizes that limit looks for are still allowed as strings and arrays. */
    harness_begin("sandbox.long_single_instructions");
    {
        arbl_limits lim = {8u << 20, 4000000000u, 200, NULL};
        t0 = cpu_ms();
        CHECK(run_limited("local s = ('\\0'):rep(3 * 2^20) while true do local c = s < s end", &lim) != LUA_OK);
        CHECK_INT(stopped, ARBL_BUDGET_DEADLINE);
        CHECK_MSG(strstr(err, "time budget") != NULL, "%s", err);
        CHECK_MSG(cpu_ms() - t0 < 200 + 100 + 1000, "took %.0f ms", cpu_ms() - t0);
        CHECK(run_limited("local m = 2^15 - 1 local t = {}\nfor j = 1, 2^14 + 1 do t[math.tointeger(j * m)] = true end",
                          &lim) != LUA_OK);
        CHECK_MSG(strstr(err, "line 2 (or soon after): a table may hold at most 8192 keys outside its array part") != NULL,
                  "%s", err);
        lim.deadline_ms = 5000; /* what follows must succeed, even under a sanitizer on a busy machine */
        CHECK_INT(run_limited("local t = {} for i = 1, 8192 do t['k' .. i] = i end return tostring(t.k8192)", &lim),
                  LUA_OK);
        CHECK_STR(result, "8192");
        /* 3 MiB and 1.5 MiB: 2^17 and 2^16 nodes of 24 bytes; an array of 1.5 x 2^14 values */
        CHECK_INT(run_limited("return tostring(#('\\0'):rep(3 * 2^20) + #('x'):rep(3 * 2^19))", &lim), LUA_OK);
        CHECK_STR(result, "4718592");
        CHECK_INT(run_limited("local u = {} for i = 1, 24576 do u[i] = i end local v = {table.unpack(u)} "
                              "return tostring(#v + table.pack(table.unpack(u)).n)", &lim), LUA_OK);
        CHECK_STR(result, "49152");
    }

    /* The time budget is processor time; a run the machine does not give the processor ends
     * anyway after 10 x its budget of wall-clock time (here a C function that sleeps 1.2 s with
     * a 100 ms budget: it spends no processor time), and says why. */
    harness_begin("sandbox.wall_clock_safety_net");
    {
        arbl_limits lim = {8u << 20, 4000000000u, 100, NULL};
        arbl_sandbox sb;
        CHECK(arbl_sandbox_open(&sb, &lim, "en", arbl_open_script_libs));
        lua_pushcfunction(sb.L, sleep_then_check);
        CHECK(arbl_sandbox_pcall(&sb, 0, 0, err, sizeof err) != LUA_OK);
        CHECK_INT(sb.stopped_by, ARBL_BUDGET_DEADLINE);
        CHECK_MSG(strstr(err, "the machine is too busy: the run had 1") != NULL &&
                  strstr(err, "did not get its 100 ms of processor time") != NULL, "%s", err);
        arbl_sandbox_close(&sb);
    }

    harness_begin("sandbox.finalizers");
    t0 = cpu_ms();
    /* Lua runs finalizers with hooks off: scripts may not have any. */
    EXPECT_ERROR("setmetatable({}, {__gc = function() while true do end end}) return 'ok'", "__gc metamethods");
    EXPECT_ERROR("setmetatable({}, {__gc = true})", "__gc metamethods");
    EXPECT_RESULT("local mt = {} local t = setmetatable({}, mt) mt.__gc = function() while true do end end "
                  "t = nil return 'ok'", "ok");
    CHECK(cpu_ms() - t0 < 1000);

    /* setmetatable takes a copy of the metatable on its first use (bounded.c): weak keys are
     * refused, and fields added later do not count; everything else behaves as in Lua. */
    harness_begin("sandbox.metatables");
    EXPECT_RESULT("local mt = {__index = function(t, k) return k .. '!' end} return setmetatable({}, mt).x", "x!");
    EXPECT_RESULT("local mt = {} local t = setmetatable({}, mt) local same = getmetatable(t) == mt "
                  "setmetatable(t, nil) return tostring(same and getmetatable(t) == nil)", "true");
    EXPECT_RESULT("local C = {} C.__index = C function C.new(x) return setmetatable({x = x}, C) end "
                  "local o = C.new(3) function C:get() return self.x end "
                  "return tostring(o:get()) .. tostring(getmetatable(o) == getmetatable(C.new(4)))", "3true");
    EXPECT_RESULT("local V = {} V.__index = V "
                  "V.__add = function(a, b) return setmetatable({n = a.n + b.n}, V) end "
                  "V.__eq = function(a, b) return a.n == b.n end V.__lt = function(a, b) return a.n < b.n end "
                  "V.__len = function(a) return a.n end V.__call = function(a, x) return a.n * x end "
                  "V.__tostring = function(a) return 'v' .. a.n end V.__concat = function(a, b) return 'cat' end "
                  "local a, b = setmetatable({n = 1}, V), setmetatable({n = 2}, V) "
                  "local closed = false do local c <close> = setmetatable({}, {__close = function() closed = true end}) end "
                  "return tostring(a + b) .. tostring(a + a == b) .. tostring(a < b) .. #b .. b(5) .. (a .. b) .. tostring(closed)",
                  "v3truetrue210cattrue");
    EXPECT_RESULT("local mt = {} local t = setmetatable({}, mt) mt.__index = function() return 'late' end "
                  "return tostring(t.x)", "nil");
    EXPECT_RESULT("local t = setmetatable({}, {__metatable = 'locked'}) local ok = pcall(setmetatable, t, {}) "
                  "return getmetatable(t) .. tostring(ok)", "lockedfalse");
    EXPECT_RESULT("local t = setmetatable({}, {}) return tostring(pcall(setmetatable, t, {}))", "true");
    EXPECT_ERROR("setmetatable({}, {__mode = 'k'})", "weak keys");
    EXPECT_ERROR("setmetatable({}, {__mode = 'kv'})", "weak keys");
    EXPECT_RESULT("local t = setmetatable({}, {__mode = 'v'}) t[1] = {} return 'ok'", "ok");
    EXPECT_ERROR("setmetatable({}, 1)", "nil or table expected");
    EXPECT_RESULT("return tostring(getmetatable('')) .. tostring(getmetatable(arbiter.start()))",
                  "falsearbiter.position");
    /* __mode added after setmetatable: the table stays strong (a full collection keeps its
     * entry); the same table made weak from C loses it, so the count below can tell. */
    for (int weak = 0; weak < 2; weak++) {
        arbl_sandbox sb;
        CHECK(arbl_sandbox_open(&sb, NULL, "en", arbl_open_script_libs));
        arbl_sandbox_lock(&sb);
        const char *code = "local mt = {} local t = setmetatable({}, mt) mt.__mode = 'k' t[{}] = 1 return t";
        CHECK_INT(arbl_sandbox_load_text(&sb, code, strlen(code), "=late.lua", err, sizeof err), LUA_OK);
        CHECK_INT(arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err), LUA_OK);
        if (weak) {
            lua_newtable(sb.L);
            lua_pushliteral(sb.L, "k");
            lua_setfield(sb.L, -2, "__mode");
            lua_setmetatable(sb.L, -2);
        }
        lua_gc(sb.L, LUA_GCCOLLECT);
        int n = 0;
        lua_pushnil(sb.L);
        while (lua_next(sb.L, -2)) {
            n++;
            lua_pop(sb.L, 1);
        }
        CHECK_MSG(n == !weak, "%s table: %d entries after a collection", weak ? "a weak" : "the script's", n);
        arbl_sandbox_close(&sb);
    }

    harness_begin("sandbox.error_objects");
    EXPECT_ERROR("error(setmetatable({}, {__tostring = function() return 'custom' end}))", "custom");
    EXPECT_ERROR("error({})", "table value");
    EXPECT_ERROR("local x = nil\nreturn x.y", "escape.lua:2:");
    return harness_finish();
}
