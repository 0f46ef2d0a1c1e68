#!/usr/bin/env python3
# daemon.attacks: hostile scripts against arbiterd itself. A hostile file at load time does not
# stop start-up from listening, and SIGTERM during such a load exits at once; SIGHUP reloads with
# hostile files and a later SIGHUP still works; 8 hostile answers at once (two waves of the 12 bodies): every one ends within
# its budget + 100 ms (plus the machine's noise), /v1/health and another lesson keep answering
# (p99 printed), 8 dead-position searches at once stay within their scripts' memory budgets,
# and SIGTERM drains and exits within its budget; a quiz batch is bounded as a whole and a
# generator out of budget answers 422 budget_exceeded; hostile puzzle scripts (a looping judge,
# a huge or malformed output, a looping file) are bounded like lessons: the looping judge is 500
# lesson_script_failed within its budget, the others are refused at load or cut to valid text,
# and the good puzzle keeps answering; no memory address reaches an answer.
# Arguments: arbiterd.
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'daemon'))
from daemon_util import Daemon, begin, check, check_eq, finish, minimal_lesson  # noqa: E402

BIN = sys.argv[1]
ADDRESS = re.compile(r'0x[0-9a-fA-F]{6,}')

# Bodies that run until a budget stops them, each in a C function or past the hook.
HOSTILE = {
    'xpcall': 'xpcall(function() while true do end end, function() while true do end end)',
    'move': 'table.move({}, 1, 1e12, 1)',
    'rep': 'local s = string.rep("", 1e12)',
    'gmatch': 'for m in string.rep("^", 65536):gmatch("^.*b") do end',
    'sort': 'local s = ("x"):rep(2e6) local t = {} for i = 1, 1e5 do t[i] = s end table.sort(t)',
    'compare': 'local a, b = ("x"):rep(3e6), ("x"):rep(3e6 - 1) .. "x" while true do local c = a < b end',
    'insert': 'table.insert(setmetatable({}, { __len = function() return 1e12 end }), 1, "x")',
    'load': 'load(function() return "x = 1 " end)',
    # the second campaign (2026-12-lua-sandbox-2.md): one instruction or one collector step
    'nul': 'local s = ("\\0"):rep(3 * 2^20) while true do local c = s < s end',
    'nulsort': 'local s = ("\\0"):rep(2 * 2^20) local t = {} for i = 1, 300 do t[i] = s end table.sort(t)',
    'ephemeron': 'local E = setmetatable({}, { __mode = "k" }) local K = {} for i = 1, 20000 do K[i] = {} E[K[i]] = true end '
                 'local L = {} for k in pairs(E) do L[#L + 1] = k end K = nil local lo, hi, prev = 1, #L - 1, L[#L] '
                 'while lo <= hi do E[prev] = L[lo] prev = L[lo] lo = lo + 1 if lo <= hi then E[prev] = L[hi] prev = L[hi] '
                 'hi = hi - 1 end end E[prev] = false L = nil while true do local g = {} for i = 1, 64 do g[i] = {} end end',
    'collide': 'while true do local m = 2^13 - 1 local t = {} for j = 1, 2^12 + 1 do t[math.tointeger(j * m)] = true end end',
}


def answer_lesson(lesson_id, body):
    """A lesson whose step runs body when the answer is a3 (the linter explains only d4; it samples
    wrong() on every move, so the attack sits in explain)."""
    return '''local function attack() %s end
return lesson { id = "%s", title = { en = "t", fa = "t", ar = "t" }, level = "beginner", tags = {}, rules = { "3.7" },
  steps = { move_task { prompt = { en = "Play e4.", fa = "e4", ar = "e4" },
    expect = function(ctx) return ctx.move.san == "e4" end,
    explain = function(pos, game, step, ctx)
      local r = ctx.move.uci == "a2a3" and tostring(attack()) or "plain"
      return { { code = "c", text = "result: " .. r .. " " .. tostring({}) .. " " .. tostring(rawget(_ENV, "print")) } }
    end,
    tests = { right = { "e4" }, wrong = { ["d4"] = "deviation" } } } } }
''' % (body, lesson_id)


def load_time_lesson(lesson_id, body):
    return 'local function attack() %s end\nattack()\n%s' % (body, minimal_lesson(lesson_id))


def write(path, text):
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


def cpu_seconds(pid):
    """The processor time a process has used (user + system, /proc/PID/stat)."""
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def p99(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.99))]


# --- start-up with hostile files at load time: it listens, the good lesson is served ---
begin('attacks.load_time.startup_listens')
d = tempfile.TemporaryDirectory()
write(os.path.join(d.name, 'good.lua'), minimal_lesson('good'))
LOAD_HOSTILE = ('xpcall', 'move', 'sort', 'nul', 'ephemeron', 'collide')
for name in LOAD_HOSTILE:
    write(os.path.join(d.name, 'zz-%s.lua' % name), load_time_lesson('zz-' + name, HOSTILE[name]))
t0 = time.monotonic()
srv = Daemon(BIN, {'lessons': d.name, 'lesson-time-ms': 100})
took = time.monotonic() - t0
cpu = cpu_seconds(srv.proc.pid)
# each file at most 8 x 100 ms of processor time to check (+ 100 ms), and the rest of start-up;
# on the wall clock at most the safety net, 10 x that
print('start-up with %d hostile files: %.2f s, %.2f s of processor time' % (len(LOAD_HOSTILE), took, cpu), flush=True)
check(cpu < len(LOAD_HOSTILE) * 0.9 + 1.0, 'start-up took %.1f s of processor time with %d hostile files' %
      (cpu, len(LOAD_HOSTILE)))
check(took < len(LOAD_HOSTILE) * 8.0 + 3.0, 'start-up took %.1f s with %d hostile files' % (took, len(LOAD_HOSTILE)))
status, _, health = srv.get('/v1/health')
check_eq(status, 200, 'health after a hostile load')
status, _, lessons = srv.get('/v1/lessons')
check_eq([x['id'] for x in lessons], ['good'], 'only the good lesson is served')
check('(the lesson is not served)' in srv.log(), 'the hostile files are logged')

# --- SIGHUP with hostile files: the reload ends and a later SIGHUP still works ---
begin('attacks.load_time.reload')
write(os.path.join(d.name, 'zz-gmatch.lua'), load_time_lesson('zz-gmatch', HOSTILE['gmatch']))
gen = health['lessons_generation']
srv.signal(signal.SIGHUP)
deadline = time.monotonic() + 7 * 8.0 + 5  # wait for the reload; its bound is the processor time
while time.monotonic() < deadline and srv.get('/v1/health')[2]['lessons_generation'] == gen:
    time.sleep(0.05)
check_eq(srv.get('/v1/health')[2]['lessons_generation'], gen + 1, 'the reload with hostile files ended')
begin('attacks.load_time.sighup_during_reload')
gen = srv.get('/v1/health')[2]['lessons_generation']
srv.signal(signal.SIGHUP)
time.sleep(0.3)  # the reload takes over a second: seven hostile files
srv.signal(signal.SIGHUP)
deadline = time.monotonic() + 2 * (7 * 8.0 + 1) + 5
while time.monotonic() < deadline and srv.get('/v1/health')[2]['lessons_generation'] < gen + 2:
    time.sleep(0.05)
check_eq(srv.get('/v1/health')[2]['lessons_generation'], gen + 2, 'a SIGHUP during a reload reloads again after it')
check('SIGHUP during the reload' in srv.log(), 'and says so')
gen = srv.get('/v1/health')[2]['lessons_generation']
for name in LOAD_HOSTILE + ('gmatch',):
    os.remove(os.path.join(d.name, 'zz-%s.lua' % name))
srv.signal(signal.SIGHUP)
deadline = time.monotonic() + 5
while time.monotonic() < deadline and srv.get('/v1/health')[2]['lessons_generation'] == gen:
    time.sleep(0.05)
check_eq(srv.get('/v1/health')[2]['lessons_generation'], gen + 1, 'a later SIGHUP reloads too')
check_eq(srv.stop(), 0, 'exit status')

# --- SIGTERM while a hostile file loads: the process exits at once (a loop of calls, and
# single instructions that are long: comparisons of NUL strings, rehashes of colliding keys) ---
for kind in ('xpcall', 'nul', 'collide'):
    begin('attacks.load_time.sigterm.' + kind)
    d2 = tempfile.TemporaryDirectory()
    for i in range(4):
        write(os.path.join(d2.name, 'hang%d.lua' % i), load_time_lesson('hang%d' % i, HOSTILE[kind]))
    conf = os.path.join(d2.name, 'arbiterd.conf')
    write(conf, 'listen = 127.0.0.1:0\nlog-level = warn\nlessons = %s\nlesson-time-ms = 5000\n' % d2.name)
    proc = subprocess.Popen([BIN, '--config', conf, '--print-port'], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(0.5)
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        rc = proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = proc.wait()
    took = time.monotonic() - t0
    print('SIGTERM during a load of %s files: exit after %.2f s' % (kind, took), flush=True)
    check_eq(rc, 0, 'SIGTERM during the load: exit status')
    check(took < 1.0, 'SIGTERM during a 4 x 40 s load of %s files took %.2f s to exit' % (kind, took))
    proc.stdout.close()
    proc.stderr.close()

# --- the hostile answers at once ---
begin('attacks.answers.concurrent')
d3 = tempfile.TemporaryDirectory()
write(os.path.join(d3.name, 'good.lua'), minimal_lesson('good'))
for name, body in HOSTILE.items():
    write(os.path.join(d3.name, 'h-%s.lua' % name), answer_lesson('h-' + name, body))
srv = Daemon(BIN, {'lessons': d3.name, 'lesson-time-ms': 500, 'threads': 2, 'drain-timeout': 5,
                   'max-inflight': 64})
status, _, lessons = srv.get('/v1/lessons')
check_eq(len(lessons), 1 + len(HOSTILE), 'every hostile lesson passes its check (the attack needs a3)')
results = {}


def attack(name):
    t = time.monotonic()
    status, _, body = srv.post('/v1/lessons/h-%s/steps/1/answer' % name, {'answer': 'a3'})
    results[name] = (status, time.monotonic() - t, body)


probes, good = [], []
stop_probing = threading.Event()


def probe():
    c = srv.conn(timeout=10)
    while not stop_probing.is_set():
        t = time.monotonic()
        status, _, _ = srv.get('/v1/health', conn=c)
        probes.append((status, time.monotonic() - t))
        t = time.monotonic()
        status, _, body = srv.post('/v1/lessons/good/steps/1/answer', {'answer': 'true'}, conn=c)
        good.append((status, time.monotonic() - t))
        time.sleep(0.02)


# the baseline: the same probes with no attack (this machine is shared: its noise is not ours)
prober = threading.Thread(target=probe)
prober.start()
time.sleep(1.0)
stop_probing.set()
prober.join(30)
baseline = p99([t for _, t in probes])
probes, good = [], []
stop_probing.clear()
prober = threading.Thread(target=probe)
prober.start()
time.sleep(0.1)
gen = srv.get('/v1/health')[2]['lessons_generation']
# two waves of 8 at once, for enough probes: the first campaign's bodies, then the second's with
# four of the first; a SIGHUP during the second
WAVES = (('xpcall', 'move', 'rep', 'gmatch', 'sort', 'compare', 'insert', 'load'),
         ('nul', 'nulsort', 'ephemeron', 'collide', 'xpcall', 'move', 'sort', 'gmatch'))
wave_cpu = []
for wave, names in enumerate(WAVES):
    attackers = [threading.Thread(target=attack, args=(n,)) for n in names]
    cpu0 = cpu_seconds(srv.proc.pid)
    for t in attackers:
        t.start()
    if wave == 1:
        time.sleep(0.1)
        srv.signal(signal.SIGHUP)
    for t in attackers:
        t.join(30)
    wave_cpu.append(cpu_seconds(srv.proc.pid) - cpu0)
stop_probing.set()
prober.join(30)
deadline = time.monotonic() + 5
while time.monotonic() < deadline and srv.get('/v1/health')[2]['lessons_generation'] == gen:
    time.sleep(0.05)
check_eq(srv.get('/v1/health')[2]['lessons_generation'], gen + 1, 'SIGHUP reloads while hostile answers run')
for name, (status, took, body) in sorted(results.items()):
    check(status in (500, 503), '%s: status %d' % (name, status))
    if status == 500:
        err = body.get('error', {})
        check_eq(err.get('code'), 'lesson_script_failed', name)
        # a budget, or an error the sandbox raised at once (a refused pattern)
        check(err.get('budget') in ('time', 'instruction', 'memory', None), '%s: budget %r' % (name, err.get('budget')))
    # the time budget is the script thread's processor time (checked below); on the wall clock
    # a run ends at the latest at the safety net, 10 x 500 ms (plus this busy machine's noise)
    check(took < 10 * 0.5 + 1.5, '%s: %.2f s' % (name, took))
    check(not ADDRESS.search(str(body)), '%s: an address in %s' % (name, body))
# each of the 8 runs at most 500 ms + 100 of processor time: the whole daemon, probes, the
# reload and the good lesson included, spent no more than that and a second in a wave
print('processor time of arbiterd per wave of 8: %s s' % ', '.join('%.2f' % c for c in wave_cpu), flush=True)
for wave, cpu in enumerate(wave_cpu):
    check(cpu < 8 * 0.6 + 1.0 + (2.0 if wave == 1 else 0), 'wave %d took %.2f s of processor time' % (wave, cpu))
check(all(s == 200 for s, _ in probes), 'every health probe answered 200: %r' % sorted(set(s for s, _ in probes)))
check(all(s == 200 for s, _ in good), 'the good lesson kept answering 200')
check(max(t for _, t in good) < 0.6 + 0.5, 'the good lesson waited %.0f ms at most' % (max(t for _, t in good) * 1000))
health_p99 = p99([t for _, t in probes]) if probes else 99
print('health during 8 hostile answers at once (%d bodies): %d probes, p99 %.1f ms (%.1f ms with no attack), max %.1f ms; '
      'good lesson max %.1f ms; slowest hostile answer %.2f s' %
      (len(HOSTILE), len(probes), health_p99 * 1000, baseline * 1000, max(t for _, t in probes) * 1000,
       max(t for _, t in good) * 1000, max(took for _, took, _ in results.values())), flush=True)
# a probe that waited behind a hostile run would wait its 500 ms of processor time (the review: 28 s);
# what is left is this shared machine's scheduling of 2 cores (50-120 ms seen at load 15-20, more
# under ASan), so the bound is half a run above the quiet baseline, not a fit to one machine's noise
check(health_p99 < 0.5 * 0.5 + baseline, 'health p99 %.1f ms under the hostile answers (%.1f ms without): must '
      'stay under half a run (250 ms) more' % (health_p99 * 1000, baseline * 1000))
status, _, body = srv.post('/v1/lessons/h-move/steps/1/answer', {'answer': 'h3'})
check_eq(status, 200, 'a hostile lesson still answers its other moves')
check(not ADDRESS.search(str(body)), 'no address in the feedback: %s' % body)

begin('attacks.answers.sigterm_drains')
threads = [threading.Thread(target=attack, args=(n,)) for n in ('xpcall', 'move', 'gmatch', 'nul', 'collide')]
for t in threads:
    t.start()
time.sleep(0.1)
t0 = time.monotonic()
rc = srv.stop(timeout=15)
took = time.monotonic() - t0
for t in threads:
    t.join(15)
check_eq(rc, 0, 'exit status after SIGTERM with hostile answers in flight')
check(took < 5 + 1.5, 'SIGTERM drained and exited in %.1f s (drain-timeout 5)' % took)

# --- 8 dead-position searches at once: each takes at most what its script's memory budget has
# left (the review measured 60 MB each, 209 MB for 8 at once) ---
begin('attacks.answers.dead_search_memory')
d6 = tempfile.TemporaryDirectory()
DEAD = ('local p = arbiter.position("k7/1b6/2b2B2/3b4/4b3/1p3b2/pP4b1/K6b b - - 1 1") '
        'return arbiter.unwinnable(p, "white", 300000).nodes')
for i in range(8):
    write(os.path.join(d6.name, 'dead%d.lua' % i), answer_lesson('dead%d' % i, DEAD))


def rss_kib(pid, field='VmRSS'):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith(field + ':'):
                return int(line.split()[1])
    return 0


srv = Daemon(BIN, {'lessons': d6.name, 'lesson-time-ms': 10000, 'threads': 2, 'script-threads': 8})
before = rss_kib(srv.proc.pid)
peak = [before]
sampling = threading.Event()


def sample():
    while not sampling.is_set():
        peak[0] = max(peak[0], rss_kib(srv.proc.pid))
        time.sleep(0.01)


sampler = threading.Thread(target=sample)
sampler.start()
results = {}
def dead_answer(i):
    status, _, body = srv.post('/v1/lessons/dead%d/steps/1/answer' % i, {'answer': 'a3'})
    results[i] = (status, body)


searches = [threading.Thread(target=dead_answer, args=(i,)) for i in range(8)]
for t in searches:
    t.start()
for t in searches:
    t.join(60)
sampling.set()
sampler.join(10)
grown = (peak[0] - before) / 1024.0
print('8 dead-position searches at once: arbiterd grew by %.1f MB (%d KiB before)' % (grown, before), flush=True)
# each answers, or (a sanitizer build on a busy machine) runs to its 10 s budget
check(all(st == 200 or (st == 500 and body.get('error', {}).get('budget') == 'time') for st, body in results.values()),
      'every search answered: %r' % sorted(set((st, str(body.get('error', {}).get('budget'))) for st, body in results.values())))
# 8 scripts of 8 MiB (their small blocks may take twice that, sandbox.c), their searches within it
check(grown < 8 * 16 + 16, 'arbiterd grew by %.1f MB with 8 searches of 8 MiB scripts' % grown)
check_eq(srv.stop(), 0, 'exit status')

# --- quizzes: a batch is bounded as a whole; out of budget is 422 ---
begin('attacks.quiz.batch_bounded')
d4 = tempfile.TemporaryDirectory()
os.mkdir(os.path.join(d4.name, 'quizzes'))
AMP = '''return quiz { id = "%s", title = { en = "t", fa = "t", ar = "t" },
  parameters = { { name = "difficulty", values = quizlib.LEVELS, default = "medium" } },
  generate = function(rng, params)
    local p = arbiter.position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    if params.difficulty ~= "easy" then for i = 1, %d do p:perft(2) end end
    if params.difficulty == "hard" then while true do end end
    return quizlib.question(arbiter.start(), { en = "same %s", fa = "same", ar = "same" }, { choices = quizlib.yes_no() })
  end,
  grade = function(q, answer, lang) return { correct = answer == "yes", expected = "yes .. " .. tostring({}), explanations = {} } end }
'''
write(os.path.join(d4.name, 'quizzes', 'amp.lua'), AMP % ('amp', 40, '" .. rng:int(1, 1e9) .. "'))
write(os.path.join(d4.name, 'quizzes', 'dup.lua'), AMP % ('dup', 40, ''))
# grading that runs out of its budget for one answer only (the load's check grades others)
write(os.path.join(d4.name, 'quizzes', 'slow.lua'), '''return quiz { id = "slow", title = { en = "t", fa = "t", ar = "t" },
  generate = function(rng, params)
    return quizlib.question(arbiter.start(), { en = "same", fa = "same", ar = "same" }, { choices = quizlib.yes_no() })
  end,
  grade = function(q, answer, lang)
    if answer == "loop" then while true do end end
    return { correct = answer == "yes", expected = "yes", explanations = {} }
  end }
''')
srv = Daemon(BIN, {'lessons': d4.name, 'quiz-time-ms': 200})
status, _, quizzes = srv.get('/v1/quizzes')
check_eq(sorted(q['id'] for q in quizzes['quizzes']), ['amp', 'dup', 'slow'], 'the generators load')
for gen in ('amp', 'dup'):
    t0, cpu0 = time.monotonic(), cpu_seconds(srv.proc.pid)
    status, _, body = srv.post('/v1/quizzes', {'generator': gen, 'seed': 1, 'count': 100})
    took, cpu = time.monotonic() - t0, cpu_seconds(srv.proc.pid) - cpu0
    check(status in (200, 422), '%s count 100: status %d %s' % (gen, status, body))
    if status == 422:
        check_eq(body['error'].get('code'), 'budget_exceeded', gen)
    # 4 question budgets of 200 ms of processor time, and one for every 16 questions asked; on
    # the wall clock at most the safety net, 10 x that
    batch = (4 + 100 / 16) * 0.2
    print('%s count 100: %.2f s, %.2f s of processor time' % (gen, took, cpu), flush=True)
    check(cpu < batch + 0.1 + 0.5, '%s count 100 took %.2f s of processor time' % (gen, cpu))
    check(took < 10 * batch + 1.0, '%s count 100 took %.2f s' % (gen, took))
begin('attacks.quiz.out_of_budget_422')
status, _, body = srv.post('/v1/quizzes', {'generator': 'amp', 'seed': 1, 'count': 1, 'parameters': {'difficulty': 'hard'}})
check_eq(status, 422, 'a generator out of budget')
check_eq(body.get('error', {}).get('code'), 'budget_exceeded', 'its code')
# the quiz's script, not a search, named in the message; the detail names the line and the budget
check_eq(body.get('error', {}).get('message'),
         "The quiz's script ran out of its budget while making the questions: the detail names it.", 'its message')
check('budget' in body.get('error', {}).get('detail', '') and 'amp.lua:' in body.get('error', {}).get('detail', ''),
      'the detail names the line and the budget: %s' % body)
status, _, body = srv.post('/v1/quizzes/answer', {'id': 'slow:1:0', 'answer': 'loop'})
check_eq(status, 422, 'a grade out of budget')
err = body.get('error', {})
# whichever of its budgets runs out first (the loop counts instructions and processor time)
want = {200: "The quiz's script ran out of its time budget (200 ms) while grading the answer.",
        20000000: "The quiz's script ran out of its instruction budget (20000000) while grading the answer."}
check_eq((err.get('code'), err.get('message')), ('budget_exceeded', want.get(err.get('limit'))),
         'its code, and the message of its limit %s' % err.get('limit'))
check('slow.lua:6: ' in err.get('detail', ''), 'the detail names the line: %s' % body)
status, _, body = srv.post('/v1/quizzes/answer', {'id': 'amp:1:0:difficulty=easy', 'answer': 'yes'})
check_eq(status, 200, 'grading')
check(not ADDRESS.search(str(body)), 'no address in the grade: %s' % body)
check_eq(srv.stop(), 0, 'exit status')

# --- puzzles: the same sandbox, budgets and script threads as lessons ---
begin('attacks.puzzles')
d5 = tempfile.TemporaryDirectory()
os.mkdir(os.path.join(d5.name, 'puzzles'))
PUZZLE = '''%s
return puzzle { id = "%s", kind = "count", fen = "7k/8/8/8/8/8/8/K7 w - - 0 1",
  prompt = { en = "p", fa = "p", ar = %s }, success = { en = "s", fa = "s", ar = "s" },
  judge = function(ctx, answer, lang)
    %s
    return { correct = answer == "3", explanations = { { code = "c", text = text or "-" } } }
  end,
  answer = 3, wrong = { ["2"] = "c" }, source = "attack" }
'''
write(os.path.join(d5.name, 'puzzles', 'good.lua'), PUZZLE % ('', 'good', '"p"', 'local text'))
write(os.path.join(d5.name, 'puzzles', 'loop.lua'),
      PUZZLE % ('', 'loop', '"p"', 'local text; if answer == "9" then while true do end end'))
write(os.path.join(d5.name, 'puzzles', 'huge.lua'),
      PUZZLE % ('', 'huge', '"p"', 'local text = answer == "9" and (string.rep("\\u{628}", 1e6) .. "\\255") or nil'))
write(os.path.join(d5.name, 'puzzles', 'badtext.lua'), PUZZLE % ('', 'badtext', '"\\255\\254"', 'local text'))
write(os.path.join(d5.name, 'puzzles', 'toplevel.lua'), PUZZLE % ('while true do end', 'toplevel', '"p"', 'local text'))
t0 = time.monotonic()
srv = Daemon(BIN, {'lessons': d5.name, 'lesson-time-ms': 100})
check(time.monotonic() - t0 < 0.9 * 5 + 3.0, 'start-up with hostile puzzle files')
status, _, body = srv.get('/v1/puzzles')
check_eq(sorted(p['id'] for p in body['puzzles']), ['good', 'huge', 'loop'],
         'the looping file and the malformed text are refused at load')
t0 = time.monotonic()
status, _, body = srv.post('/v1/puzzles/loop/answer', {'answer': '9'})
took = time.monotonic() - t0
check_eq(status, 500, 'a looping judge')
check_eq(body.get('error', {}).get('code'), 'lesson_script_failed', 'its code')
check_eq(body.get('error', {}).get('puzzle'), 'loop', 'names the puzzle')
check(body.get('error', {}).get('budget') in ('time', 'instruction'), 'names the budget: %r' % body)
check(took < 0.1 + 0.1 + 1.5, 'the looping judge took %.2f s (budget 100 ms)' % took)
status, _, body = srv.post('/v1/puzzles/huge/answer', {'answer': '9'})
check(status in (200, 500), 'a huge output: %d' % status)
if status == 200:
    text = body['explanations'][0]['text']
    check(len(text.encode('utf-8')) <= 4096 and '\ufffd' not in text[:-2], 'cut at a character: %d bytes' % len(text))
status, _, body = srv.post('/v1/puzzles/good/answer', {'answer': '3'})
check_eq((status, body.get('correct')), (200, True), 'the good puzzle keeps answering')
check(not ADDRESS.search(str(body)), 'no address')
check_eq(srv.stop(), 0, 'exit status')

finish()
