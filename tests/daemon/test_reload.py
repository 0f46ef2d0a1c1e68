#!/usr/bin/env python3
# daemon.reload: SIGHUP reloads the quiz generators (DIR/quizzes) and the puzzles
# (DIR/puzzles/puzzles.txt) with the lessons: added ones are served, removed ones answer 404,
# broken generator files and puzzle lines are logged, counted and skipped while the rest is
# served, an unreadable directory keeps everything, and reloads under a load of quiz and puzzle
# requests lose none of them (every reply 200 or the expected 404, never 5xx).
# Arguments: arbiterd, the bundled lessons directory, 'lua' or 'nolua' (quizzes need Lua).
import http.client
import os
import shutil
import signal
import sys
import tempfile
import threading
import time

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
LUA = MODE == 'lua'
BUNDLED_QUIZZES = os.path.join(LESSONS, 'quizzes')
BUNDLED_PUZZLES = {}
for raw in open(os.path.join(LESSONS, 'puzzles', 'puzzles.txt'), encoding='utf-8'):
    if raw.strip() and not raw.startswith('#'):
        BUNDLED_PUZZLES[raw.split('|')[0].strip()] = raw.strip()

# A generator of our own: the bundled legal-count under another id and title, whose grading
# fails on the answer "boom" (a script failure while answering a request).
COACH = (open(os.path.join(BUNDLED_QUIZZES, 'legal-count.lua'), encoding='utf-8').read()
         .replace('id = "legal-count"', 'id = "coach-count"')
         .replace('en = "Count the legal moves"', 'en = "Coach: count the legal moves"')
         .replace('grade = function(q, answer, lang)',
                  'grade = function(q, answer, lang)\n    if answer == "boom" then error("coach mistake in grade", 0) end'))
# A puzzle of our own: the smothered mate under another id.
COACH_PUZZLE = BUNDLED_PUZZLES['m1-smothered'].replace('m1-smothered', 'coach-m1', 1)
BROKEN_QUIZZES = {
    'syntax.lua': 'return quiz { id = "syntax", \n',                                   # does not compile
    'no-questions.lua': COACH.replace('id = "coach-count"', 'id = "no-questions"')     # never generates
    .replace('generate = function(rng, params)', 'generate = function(rng, params)\n    error("coach mistake", 0)'),
    'zz-duplicate.lua': COACH,                                                         # the id is taken
}
BROKEN_PUZZLES = [
    'just some words',                                                                 # not 4 fields
    'coach-m9 | 9 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | N out of range',
    'coach-badfen | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K9 w - - 0 1 | Rd8# | bad FEN',
    COACH_PUZZLE,                                                                      # the id is taken
    'coach-long | 1 | ' + 'x' * 2000,                                                  # longer than a line
]


def health(d):
    return d.get('/v1/health')[2]


def wait_generation(d, gen, timeout=30):
    end = time.monotonic() + timeout
    while health(d)['lessons_generation'] < gen and time.monotonic() < end:
        time.sleep(0.02)
    return health(d)


def reload(d):
    gen = health(d)['lessons_generation']
    d.signal(signal.SIGHUP)
    h = wait_generation(d, gen + 1)
    check_eq(h['lessons_generation'], gen + 1, 'reloaded')
    return h


def write_puzzles(dirname, lines):
    os.makedirs(os.path.join(dirname, 'puzzles'), exist_ok=True)
    with open(os.path.join(dirname, 'puzzles', 'puzzles.txt'), 'w', encoding='utf-8') as f:
        f.write('# written by daemon.reload\n' + '\n'.join(lines) + '\n')


def quiz_ids(d):
    st, _, body = d.get('/v1/quizzes')
    check_eq(st, 200, 'GET /v1/quizzes')
    return sorted(q['id'] for q in body['quizzes'])


def puzzle_ids(d):
    st, _, body = d.get('/v1/puzzles')
    check_eq(st, 200, 'GET /v1/puzzles')
    return sorted(p['id'] for p in body['puzzles'])


def check_quiz_served(d, gen):
    """POST /v1/quizzes with gen, then grade the first question right and wrong."""
    st, _, b = d.post('/v1/quizzes', {'generator': gen, 'seed': 7, 'count': 3})
    check_eq(st, 200, 'generate ' + gen)
    qs = b.get('questions', []) if st == 200 else []
    check_eq(len(qs), 3, gen + ': three questions')
    if qs:
        check(qs[0]['id'].startswith(gen + ':7:'), 'id names the generator: ' + qs[0]['id'])
        st, _, g = d.post('/v1/quizzes/answer', {'id': qs[0]['id'], 'answer': 'zzz'})
        check_eq((st, g.get('correct')), (200, False), gen + ': nonsense graded wrong')
        st, _, g2 = d.post('/v1/quizzes/answer', {'id': qs[0]['id'], 'answer': g.get('expected', '')})
        check_eq((st, g2.get('correct')), (200, True), gen + ': the expected answer graded right')
        return qs[0]['id']
    return None


def check_quiz_absent(d, gen, question_id):
    st, _, e = d.post('/v1/quizzes', {'generator': gen, 'seed': 7, 'count': 3})
    check_eq((st, e.get('error', {}).get('code'), e.get('error', {}).get('field')), (404, 'not_found', 'generator'),
             'generate with the removed ' + gen)
    if question_id:
        st, _, e = d.post('/v1/quizzes/answer', {'id': question_id, 'answer': 'zzz'})
        check_eq((st, e.get('error', {}).get('code')), (404, 'not_found'), 'grade a question of the removed ' + gen)


def check_puzzle_served(d, pid, key, verdict):
    st, _, p = d.get('/v1/puzzles/' + pid)
    check_eq((st, p.get('id')), (200, pid), 'GET /v1/puzzles/' + pid)
    st, _, a = d.post('/v1/puzzles/%s/answer' % pid, {'answer': key})
    check_eq((st, a.get('correct'), a.get('verdict')), (200, True, verdict), pid + ': the key is accepted')


def check_puzzle_absent(d, pid):
    check_eq(d.get('/v1/puzzles/' + pid)[0], 404, 'GET the removed puzzle ' + pid)
    st, _, e = d.post('/v1/puzzles/%s/answer' % pid, {'answer': 'e4'})
    check_eq((st, e.get('error', {}).get('code')), (404, 'not_found'), 'answer the removed puzzle ' + pid)


# ---- add, break, remove; an unreadable directory ----
root = tempfile.TemporaryDirectory()
lessons = os.path.join(root.name, 'lessons')
os.mkdir(lessons)
d = Daemon(BIN, {'lessons': lessons, 'threads': 2}, log_level='info')
try:
    begin('reload.start_empty')
    h = health(d)
    check_eq((h['quizzes'], h['puzzles'], h['lessons_generation']), (0, 0, 1), 'nothing to serve at start')
    check_eq(puzzle_ids(d), [], 'no puzzles')
    if LUA:
        check_eq(quiz_ids(d), [], 'no quizzes')
        st, _, e = d.post('/v1/quizzes/answer', {'id': 'coach-count:1:0', 'answer': 'x'})
        check_eq((st, e['error']['code']), (404, 'not_found'), 'nothing to grade')
    check('no puzzle file' in d.log(), 'the missing puzzle file is logged')

    begin('reload.add')
    os.mkdir(os.path.join(lessons, 'quizzes'))
    open(os.path.join(lessons, 'quizzes', 'coach-count.lua'), 'w', encoding='utf-8').write(COACH)
    shutil.copy(os.path.join(BUNDLED_QUIZZES, 'status.lua'), os.path.join(lessons, 'quizzes'))
    write_puzzles(lessons, [COACH_PUZZLE, BUNDLED_PUZZLES['m2-opera-game']])
    h = reload(d)
    check_eq((h['quizzes'], h['puzzles']), (2 if LUA else 0, 2), 'health counts the new quizzes and puzzles')
    check_eq(d.metric('arbiterd_quizzes'), 2.0 if LUA else 0.0, 'quizzes gauge')
    check_eq(d.metric('arbiterd_puzzles'), 2.0, 'puzzles gauge')
    check_eq(puzzle_ids(d), ['coach-m1', 'm2-opera-game'], 'puzzles listed')
    check_puzzle_served(d, 'coach-m1', 'Nf7#', 'solved')
    check_puzzle_served(d, 'm2-opera-game', 'Qb8+', 'correct')
    status_question = None
    if LUA:
        st, _, body = d.get('/v1/quizzes')
        check_eq({q['id']: q['title'] for q in body['quizzes']},
                 {'coach-count': 'Coach: count the legal moves', 'status': 'Check, checkmate or stalemate?'},
                 'generators listed with their titles')
        coach_question = check_quiz_served(d, 'coach-count')
        status_question = check_quiz_served(d, 'status')
        check_eq(d.metric('arbiterd_quiz_failures_total'), 0.0, 'no quiz failures')
        st, _, e = d.post('/v1/quizzes/answer', {'id': coach_question, 'answer': 'boom'})
        check_eq((st, e['error']['code']), (500, 'internal'), 'a generator failing while grading')
        check('coach mistake in grade' in e['error'].get('detail', ''), 'says why: %r' % e['error'])
        check_eq(d.metric('arbiterd_quiz_failures_total'), 1.0, 'counts as a quiz failure')
    check_eq(d.metric('arbiterd_puzzle_failures_total'), 0.0, 'no puzzle failures')

    begin('reload.broken')
    for name, text in BROKEN_QUIZZES.items():
        open(os.path.join(lessons, 'quizzes', name), 'w', encoding='utf-8').write(text)
    write_puzzles(lessons, [COACH_PUZZLE, BUNDLED_PUZZLES['m2-opera-game']] + BROKEN_PUZZLES)
    h = reload(d)
    check_eq((h['quizzes'], h['puzzles']), (2 if LUA else 0, 2), 'the broken ones are not served, the rest are')
    check_eq(puzzle_ids(d), ['coach-m1', 'm2-opera-game'], 'puzzles still listed')
    check_puzzle_served(d, 'coach-m1', 'Nf7#', 'solved')
    for pid in ('coach-m9', 'coach-badfen', 'coach-long'):
        check_eq(d.get('/v1/puzzles/' + pid)[0], 404, 'the broken puzzle %s is not served' % pid)
    check_eq(d.metric('arbiterd_puzzle_failures_total'), 5.0, 'five puzzle lines skipped')
    log = d.log()
    check('puzzles.txt:4: not a puzzle line, skipped' in log, 'the bad line is logged with its number')
    check("puzzle id 'coach-m1' is already used" in log, 'the duplicate id is logged')
    check('line longer than' in log, 'the long line is logged')
    if LUA:
        check_eq(quiz_ids(d), ['coach-count', 'status'], 'the good generators are still listed')
        check_quiz_served(d, 'coach-count')
        for gen in ('syntax', 'no-questions'):
            check_quiz_absent(d, gen, None)
        check_eq(d.metric('arbiterd_quiz_failures_total'), 1.0 + 3, 'three generator files failed')
        check('syntax.lua' in log and 'the generator is not served' in log, 'the syntax error is logged')
        check('no-questions.lua' in log and 'coach mistake' in log, 'the failing generator is logged')
        check("another quiz already has the id 'coach-count'" in log, 'the duplicate id is logged')
        check('quizzes: generation 3, 2 loaded, 3 failed; puzzles: 2 loaded, 5 skipped' in log, 'the reload is logged')
    check_eq(d.metric('arbiterd_lesson_failures_total'), 0.0, 'lessons are not blamed')

    begin('reload.remove')
    for name in list(BROKEN_QUIZZES) + ['status.lua']:
        os.unlink(os.path.join(lessons, 'quizzes', name))
    write_puzzles(lessons, [BUNDLED_PUZZLES['m2-opera-game']])
    h = reload(d)
    check_eq((h['quizzes'], h['puzzles']), (1 if LUA else 0, 1), 'one quiz and one puzzle left')
    check_eq(puzzle_ids(d), ['m2-opera-game'], 'the removed puzzle is not listed')
    check_puzzle_absent(d, 'coach-m1')
    check_puzzle_served(d, 'm2-opera-game', 'Qb8+', 'correct')
    if LUA:
        check_eq(quiz_ids(d), ['coach-count'], 'the removed generator is not listed')
        check_quiz_absent(d, 'status', status_question)
        check_quiz_served(d, 'coach-count')
    check_eq(d.metric('arbiterd_quiz_failures_total'), 4.0 if LUA else 0.0, 'no new quiz failures')
    check_eq(d.metric('arbiterd_puzzle_failures_total'), 5.0, 'no new puzzle failures')

    begin('reload.unreadable_dir')
    # The whole directory goes away: the reload is refused and everything loaded stays served.
    reloads = d.metric('arbiterd_reloads_total')
    os.rename(lessons, lessons + '.away')
    gen = health(d)['lessons_generation']
    d.signal(signal.SIGHUP)
    end = time.monotonic() + 30
    while d.metric('arbiterd_reloads_total') < reloads + 1 and time.monotonic() < end:
        time.sleep(0.02)
    h = health(d)
    check_eq((h['lessons_generation'], h['quizzes'], h['puzzles']), (gen, 1 if LUA else 0, 1), 'the old set stays')
    check_puzzle_served(d, 'm2-opera-game', 'Qb8+', 'correct')
    if LUA:
        check_quiz_served(d, 'coach-count')
    os.rename(lessons + '.away', lessons)

    begin('reload.remove_all')
    shutil.rmtree(os.path.join(lessons, 'quizzes'))
    shutil.rmtree(os.path.join(lessons, 'puzzles'))
    h = reload(d)
    check_eq((h['quizzes'], h['puzzles']), (0, 0), 'nothing left')
    check_eq(puzzle_ids(d), [], 'no puzzles listed')
    check_puzzle_absent(d, 'm2-opera-game')
    if LUA:
        check_eq(quiz_ids(d), [], 'no quizzes listed')
        check_quiz_absent(d, 'coach-count', 'coach-count:7:0')
    check_eq(d.metric('arbiterd_puzzle_failures_total'), 5.0, 'a missing file is not a failure')
finally:
    check_eq(d.stop(), 0, 'exit status')
root.cleanup()

# ---- reloads while clients hammer the quiz and puzzle endpoints ----
root = tempfile.TemporaryDirectory()
lessons = root.name
QUIZDIR = os.path.join(lessons, 'quizzes')
os.mkdir(QUIZDIR)
open(os.path.join(QUIZDIR, 'coach-count.lua'), 'w', encoding='utf-8').write(COACH)
STAYS = [BUNDLED_PUZZLES['m2-opera-game']]
TOGGLED = BUNDLED_PUZZLES['m1-back-rank']
write_puzzles(lessons, STAYS)
# max-heavy above the clients: quiz generation and puzzle answers are searches (AD_HEAVY), and
# the default (threads - 1) would answer some of them 503 overloaded, which is not what is tested.
d = Daemon(BIN, {'lessons': lessons, 'threads': 2, 'max-heavy': 16})
try:
    begin('reload.under_load')
    stop = threading.Event()
    bad, counts, lock = [], {}, threading.Lock()

    def note(kind, st):
        with lock:
            counts[(kind, st)] = counts.get((kind, st), 0) + 1

    def hammer(name, steps):
        """Runs steps (method, path, body, allowed statuses, check) in a loop on one kept-alive connection."""
        c = d.conn()
        i = 0
        while not stop.is_set():
            method, path, body, allowed, ok = steps[i % len(steps)]
            i += 1
            try:
                st, _, b = d.request(method, path, body, conn=c)
                note(name, st)
                if st not in allowed or (st == 200 and not ok(b)):
                    bad.append((name, path, st, str(b)[:200]))
            except (OSError, http.client.HTTPException) as e:
                bad.append((name, path, repr(e)))
                c.close()
                c = d.conn()
        c.close()

    stays = [('POST', '/v1/puzzles/m2-opera-game/answer', {'answer': 'Qb8+'}, {200}, lambda b: b['correct']),
             ('GET', '/v1/puzzles', None, {200}, lambda b: 'm2-opera-game' in [p['id'] for p in b['puzzles']]),
             ('GET', '/v1/puzzles/m2-opera-game', None, {200}, lambda b: b['n'] == 2)]
    toggled = [('POST', '/v1/puzzles/m1-back-rank/answer', {'answer': 'Rd8#'}, {200, 404}, lambda b: b['solved']),
               ('GET', '/v1/puzzles/m1-back-rank', None, {200, 404}, lambda b: b['n'] == 1)]
    if LUA:
        stays += [('POST', '/v1/quizzes', {'generator': 'coach-count', 'seed': 3, 'count': 2}, {200},
                   lambda b: len(b['questions']) == 2),
                  ('POST', '/v1/quizzes/answer', {'id': 'coach-count:3:0', 'answer': 'zzz'}, {200},
                   lambda b: b['correct'] is False),
                  ('GET', '/v1/quizzes', None, {200}, lambda b: 'coach-count' in [q['id'] for q in b['quizzes']])]
        toggled += [('POST', '/v1/quizzes', {'generator': 'status', 'seed': 3, 'count': 2}, {200, 404},
                     lambda b: len(b['questions']) == 2),
                    ('POST', '/v1/quizzes/answer', {'id': 'status:3:0', 'answer': 'zzz'}, {200, 404},
                     lambda b: b['correct'] is False)]
    ts = [threading.Thread(target=hammer, args=a) for a in (('stays', stays), ('toggled', toggled),
                                                            ('stays2', stays[::-1]))]
    for t in ts:
        t.start()
    RELOADS = 6
    for k in range(RELOADS):
        present = k % 2 == 0
        if present:
            shutil.copy(os.path.join(BUNDLED_QUIZZES, 'status.lua'), QUIZDIR)
            write_puzzles(lessons, STAYS + [TOGGLED])
        else:
            os.unlink(os.path.join(QUIZDIR, 'status.lua'))
            write_puzzles(lessons, STAYS)
        h = reload(d)
        # Each reload is seen at once by a new request.
        check_eq(h['puzzles'], 2 if present else 1, 'reload %d: puzzles' % (k + 1))
        check_eq(d.get('/v1/puzzles/m1-back-rank')[0], 200 if present else 404, 'reload %d: toggled puzzle' % (k + 1))
        if LUA:
            check_eq(h['quizzes'], 2 if present else 1, 'reload %d: quizzes' % (k + 1))
            st, _, _ = d.post('/v1/quizzes', {'generator': 'status', 'seed': 1, 'count': 1})
            check_eq(st, 200 if present else 404, 'reload %d: toggled generator' % (k + 1))
        time.sleep(0.1)  # let the clients run on this set for a moment
    stop.set()
    for t in ts:
        t.join()
    check_eq(bad, [], 'every reply was 200 or the expected 404, with the right body')
    total = sum(counts.values())
    check(total >= 50, 'the clients kept going (%d requests)' % total)
    check(counts.get(('toggled', 200), 0) > 0 and counts.get(('toggled', 404), 0) > 0,
          'the toggled items were seen served and absent: %r' % {k: v for k, v in counts.items() if k[0] == 'toggled'})
    check_eq(d.metric('arbiterd_reloads_total'), float(RELOADS), 'reloads counted')
    print('under load: %d requests across %d reloads: %r' % (total, RELOADS, sorted(counts.items())))
finally:
    check_eq(d.stop(), 0, 'exit status')
root.cleanup()

# ---- one deadline for a whole load, and SIGTERM during a reload (issue 20 §3) ----
if LUA:
    from daemon_util import minimal_lesson
    HANG = 'local function attack() xpcall(function() while true do end end, function() while true do end end) end\n' \
           'attack()\n'
    slow = tempfile.mkdtemp()
    # Each hanging file holds its check until its budget (8 x 100 ms of processor time); 30 of them
    # would take 24 s one after the other. The whole load ends by 8 files' budgets, 6.4 s of the
    # load threads' processor time (each thread may finish the file it has begun, within what was
    # left); on the wall clock a busy machine may stretch that, up to the safety net of 10 x.
    for i in range(30):
        with open(os.path.join(slow, 'a-hang%02d.lua' % i), 'w', encoding='utf-8') as f:
            f.write(HANG + minimal_lesson('hang%02d' % i))
    with open(os.path.join(slow, 'z-good.lua'), 'w', encoding='utf-8') as f:
        f.write(minimal_lesson('good'))
    begin('reload.one_deadline')
    t0 = time.monotonic()
    d = Daemon(BIN, {'lessons': slow, 'lesson-time-ms': 100, 'drain-grace': 3})
    took = time.monotonic() - t0
    with open('/proc/%d/stat' % d.proc.pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
    threads = min(8, os.cpu_count() or 1)
    check(cpu < 6.4 + 0.8 * threads + 1.5,
          'start-up with 30 files hanging until their budget took %.1f s of processor time (one budget: 6.4 s)' % cpu)
    check(took < 10 * 6.4 + 4, 'start-up took %.1f s of wall clock (the safety net: 64 s)' % took)
    print('one_deadline: start-up %.1f s, %.1f s of processor time' % (took, cpu), flush=True)
    check('not checked: the load\'s time budget ran out' in d.log(), 'the files past the deadline are logged')
    h = health(d)
    check(h['lessons'] < 31, 'the hanging files are not served (%d lessons)' % h['lessons'])
    # SIGTERM during a reload: the reload stops at once, and the drain serves the set loaded before.
    begin('reload.sigterm_keeps_set')
    served = sorted(x['id'] for x in d.get('/v1/lessons')[2])
    gen = h['lessons_generation']
    d.signal(signal.SIGHUP)
    time.sleep(1.0)  # the reload is under way: it takes seconds
    d.signal(signal.SIGTERM)
    time.sleep(0.5)
    st, _, lessons = d.get('/v1/lessons')
    check_eq(st, 200, 'served during the drain')
    check_eq(sorted(x['id'] for x in lessons), served, 'the drain serves the whole set loaded before, not a stopped one')
    check_eq(health(d)['lessons_generation'], gen, 'no new generation from a stopped reload')
    check('the reload was stopped' in d.log(), 'the stopped reload is logged')
    t1 = time.monotonic()
    check_eq(d.stop(), 0, 'exit status')
    check(time.monotonic() - t1 < 3 + 3, 'exits after its drain-grace')
    shutil.rmtree(slow)
finish()
