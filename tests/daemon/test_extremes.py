#!/usr/bin/env python3
# daemon.extremes: the extreme-position family (tests/fuzz/extreme-positions.txt: the densest
# boards the parser accepts, and the review's 263-move board it refuses) posted to every POST
# route that takes a position, to a lesson preview (checked, then answered) whose script calls
# every binding on them, and written into the puzzle file the daemon loads (then answered through
# /v1/puzzles/{id}/answer); the review's start-up lesson and puzzle script on the 263 board. Each answer is checked against the engine's
# count (analyze, perft), every move of an accepted board is played through /v1/move, a refused
# board is 400 invalid_fen naming too_many_pieces, and the daemon serves on afterwards. Before
# issue 20 §1 one such request killed arbiterd (SIGSEGV).
import json
import os
import re
import signal
import sys
import tempfile
import time

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, FAMILY = sys.argv[1], sys.argv[2]
EXPLAIN_76 = 'Q6Q/Q5Q1/Q4Q2/Q3Q3/Q2Qpp2/p1p2k2/pr2ppp1/KnnQQQQQ w - - 0 1'
LUA = len(sys.argv) > 3 and sys.argv[3] == 'lua'


def family():
    out = []
    for line in open(FAMILY, encoding='utf-8'):
        if line.startswith('#') or '|' not in line:
            continue
        name, variant, fen, answer = [x.strip() for x in line.split('|')]
        refused = answer.startswith('refused')
        out.append({'name': name, 'variant': variant, 'fen': fen, 'refused': refused,
                    'code': answer.split()[1] if refused else None,
                    'count': None if refused else int(answer)})
    return out


BOARDS = family()
check(len(BOARDS) >= 15, 'the family file has its boards')


def wait_until(pred, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return pred()


def refused_ok(st, body, what, b):
    check_eq(st, 422, what + ': refused')
    err = body.get('error', {}) if isinstance(body, dict) else {}
    check_eq(err.get('code'), 'illegal_position', what + ': illegal_position')
    check_eq(err.get('field'), 'fen', what + ': the field named')
    check_eq((err.get('explanation') or {}).get('code'), b['code'], what + ': the limit named')
    check('16' in (err.get('explanation') or {}).get('text', ''), what + ': the text says 16')


def position(b, **extra):
    body = {'fen': b['fen'], 'variant': b['variant']}
    body.update(extra)
    return body


LESSONS = tempfile.TemporaryDirectory()


def start():
    """A daemon on a lesson folder whose puzzle file holds a good line and the family's boards
    (each refused at load, or served), with the coach preview on."""
    pdir = os.path.join(LESSONS.name, 'puzzles')
    os.makedirs(pdir, exist_ok=True)
    with open(os.path.join(pdir, 'puzzles.txt'), 'w') as f:
        f.write('# the extreme family as mate-in-1 lines (test_extremes.py)\n')
        f.write('m1-back-rank | 1 | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | Rd8# | constructed\n')
        for b in BOARDS:
            if b['variant'] == 'standard':
                f.write('x-%s | 1 | %s | Qa1 | constructed (extreme family)\n' % (b['name'].replace('_', '-'), b['fen']))
    if LUA:
        # The review's start-up reproductions (attacks/startup/s2e, s2h): a lesson whose answer asks
        # targets() on the 263 board, and a count puzzle on it. Both killed arbiterd at start-up.
        review = [b for b in BOARDS if b['name'] == 'review_263'][0]['fen']
        with open(os.path.join(LESSONS.name, 'zz-crash-263.lua'), 'w', encoding='utf-8') as f:
            f.write('return lesson {\n  id = "zz-crash-263", title = { en = "X", fa = "X", ar = "X" },\n'
                    '  level = "beginner", tags = { "test" }, rules = { "3.1" },\n'
                    '  steps = { which_squares {\n'
                    '    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1",\n'
                    '    prompt = { en = "Where?", fa = "کجا؟", ar = "أين؟" },\n'
                    '    answer = function(pos) return targets(arbiter.position("%s"), "f7") end,\n'
                    '    tests = { right = { "f8" } } } } }\n' % review)
        with open(os.path.join(pdir, 'p263.lua'), 'w', encoding='utf-8') as f:
            f.write('return puzzle {\n  id = "p263", kind = "count",\n  fen = "%s",\n'
                    '  prompt = { en = "How many?", fa = "چند؟", ar = "كم؟" },\n'
                    '  success = { en = "263.", fa = "۲۶۳.", ar = "263." },\n  answer = 263,\n'
                    '  source = "the 2026-12 review",\n}\n' % review)
    # lesson_bindings' probe runs every binding (a mate search, a dead-position search, perft, a
    # random game...) twice on the densest boards: under ASan+UBSan that went past the default
    # 500 ms on a clean clone (both_queens_w). What is tested is that each binding answers on these boards,
    # not how fast: a budget that a sanitizer build keeps too (an endless script still ends).
    return Daemon(BIN, {'lessons': LESSONS.name, 'lesson-preview': 'true', 'lesson-time-ms': 5000})


d = start()
try:
    begin('extremes.start_up_survives_the_puzzle_file')
    st, _, h = d.get('/v1/health')
    check_eq(st, 200, 'the daemon started on a puzzle file holding the family')
    st, _, listed = d.get('/v1/puzzles')
    ids = [p.get('id') for p in (listed if isinstance(listed, list) else listed.get('puzzles', []))]
    check('m1-back-rank' in ids, 'the good puzzle is served')
    check(not any(i == 'x-review-263' for i in ids), 'the refused board is not served as a puzzle')
    check(re.search(r'puzzles\.txt:3: .*skipped', d.log()), 'the refused line is logged: ' + d.log()[-400:])
    if LUA:
        log = d.log()
        check('zz-crash-263' in log and 'p263' in log, 'the review\'s lesson and puzzle script are refused at start-up, each named: ' + log[-800:])
        check(not any(p.get('id') == 'p263' for p in (listed if isinstance(listed, list) else listed.get('puzzles', []))),
              'the 263 puzzle script is not served')
        st, _, ls = d.get('/v1/lessons')
        check(st == 200 and not any(x.get('id') == 'zz-crash-263' for x in ls), 'nor the lesson')
        d.signal(signal.SIGHUP)
        check(wait_until(lambda: d.log().count('zz-crash-263') >= 2, 30), 'a SIGHUP reload refuses them again')
        check(d.proc.poll() is None and d.get('/v1/health')[0] == 200, 'and the daemon lives through it')

    for b in BOARDS:
        what = b['name']
        begin('extremes.routes.' + what)
        st, _, a = d.post('/v1/analyze', position(b))
        if b['refused']:
            refused_ok(st, a, what + ' analyze', b)
            for route, extra in [('/v1/move', {'move': 'Qa1'}), ('/v1/castling', {}), ('/v1/outcome', {'flag': 'white'}),
                                 ('/v1/dead', {'budget': 1000}), ('/v1/touch', {'touched': [{'square': 'a1'}]}),
                                 ('/v1/perft', {'depth': 1, 'divide': True}),
                                 ('/v1/analyze', {'moves': ['Qa2']})]:
                st, _, body = d.post(route, position(b, **extra))
                refused_ok(st, body, what + ' ' + route, b)
            st, _, v = d.post('/v1/validate', position(b))
            check_eq(st, 200, what + ' validate answers')
            check_eq(v.get('valid'), False, what + ' validate: not valid')
            check(b['code'] in [p.get('code') for p in v.get('problems', [])], what + ' validate names the limit')
            continue
        check_eq(st, 200, what + ' analyze')
        moves = a.get('legal_moves', [])
        check_eq(len(moves), b['count'], what + ': every legal move listed (the engine count)')
        check_eq(len({m['uci'] for m in moves}), b['count'], what + ': no move twice')
        # Every move of the board through /v1/move, legal with its SAN; and the record played on.
        for m in moves:
            st, _, r = d.post('/v1/move', position(b, move=m['uci']))
            if st != 200 or r.get('legal') is not True or r.get('san') != m['san']:
                check(False, '%s: %s through /v1/move: %s %s' % (what, m['uci'], st, json.dumps(r)[:200]))
                break
        st, _, r = d.post('/v1/move', position(b, move='Ka1a1'))
        check_eq((st, r.get('legal')), (200, False), what + ': an impossible move explained')
        check(0 < len(r.get('reasons', [])) <= 64, what + ': its reasons bounded')
        st, _, r = d.post('/v1/analyze', position(b, moves=[moves[0]['uci']]))
        check_eq(st, 200, what + ': analyze after a move')
        st, _, r = d.post('/v1/castling', position(b))
        check_eq(st, 200, what + ' castling')
        st, _, r = d.post('/v1/validate', position(b))
        check_eq((st, r.get('valid') in (True, False)), (200, True), what + ' validate')
        for ev in [{'flag': 'white'}, {'flag': 'black'}, {'claim': 'threefold'}, {'claim': 'fifty_moves', 'with_move': moves[-1]['uci']}]:
            st, _, r = d.post('/v1/outcome', position(b, **ev))
            check_eq(st, 200, what + ' outcome %s' % ev)
        st, _, r = d.post('/v1/dead', position(b, budget=2000))
        check_eq(st, 200, what + ' dead')
        squares = sorted({m['uci'][:2] for m in moves})
        st, _, r = d.post('/v1/touch', position(b, touched=[{'square': s} for s in squares[:16]]))
        check_eq(st, 200, what + ' touch')
        check(len(r.get('moves', [])) <= b['count'], what + ' touch: moves among the legal ones')
        st, _, p = d.post('/v1/perft', position(b, depth=2, divide=True))
        check_eq(st, 200, what + ' perft')
        check_eq(len(p.get('divide', [])), b['count'], what + ' perft: divide lists every move')
        check_eq(sum(x['nodes'] for x in p.get('divide', [])), p.get('nodes'), what + ' perft: divide adds up')

    # The boards the mate file holds, answered through /v1/puzzles/{id}/answer: the solver on the
    # densest boards (every legal first move of the first board; the first move of each other).
    begin('extremes.puzzle_answers')
    for b in BOARDS:
        if b['refused'] or b['variant'] != 'standard':
            continue
        pid = 'x-' + b['name'].replace('_', '-')
        st, _, a = d.post('/v1/analyze', position(b))
        firsts = [m['san'] for m in a.get('legal_moves', [])]
        for san in (firsts if b['name'] == 'queens' else firsts[:1]):
            st, _, r = d.post('/v1/puzzles/%s/answer' % pid, {'answer': san})
            if st != 200 or r.get('verdict') not in ('solved', 'correct', 'wrong'):
                check(False, '%s: %s answered %s %s' % (pid, san, st, json.dumps(r)[:200]))
                break
        else:
            check(True, pid)

    if LUA:
        # A lesson preview whose answer calls every binding on each board: accepted boards answer
        # with their count, refused ones raise the parser's error, which the preview reports.
        begin('extremes.lesson_bindings')
        for b in BOARDS:
            if b['variant'] != 'standard':
                continue
            src = ('local F = %s\n'
                   'local function probe()\n'
                   '  local p, why = arbiter.position(F)\n'
                   '  if not p then return "refused " .. why.code .. ": " .. why.text end\n'
                   '  local moves = p:legal_moves()\n'
                   '  local sq = moves[1].uci:sub(1, 2)\n'
                   '  assert(#targets(p, sq) >= 1 and p:status() and p:touch({sq}).moves)\n'
                   '  assert(arbiter.mate_in(p, 1, 20000) ~= false and arbiter.dead(p, 2000).nodes >= 0)\n'
                   '  assert(p:explain(moves[#moves].uci) and p:legal_count() == #moves and p:perft(1) == #moves)\n'
                   '  local g = arbiter.random_game(arbiter.random(7), 6, p)\n'
                   '  return "moves " .. #moves .. " game " .. g:length()\n'
                   'end\n'
                   'return lesson {\n  id = "x", title = { en = "X", fa = "X", ar = "X" },\n'
                   '  level = "beginner", tags = { "test" }, rules = { "3.1" },\n'
                   '  steps = { true_false {\n'
                   '    prompt = { en = "A king moves one square.", fa = "شاه یک خانه حرکت می‌کند.", ar = "يتحرك الملك مربعًا واحدًا." },\n'
                   '    answer = function() return probe() ~= nil end,\n'
                   '    success = function() local t = probe() return { en = t, fa = t, ar = t } end,\n'
                   '    tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } } } } }\n'
                   % json.dumps(b['fen']))
            st, _, r = d.post('/v1/lessons/preview', {'source': src})
            check_eq((st, r.get('valid')), (200, True), b['name'] + ': the preview checks the lesson: ' + json.dumps(r)[:300])
            st, _, r = d.post('/v1/lessons/preview/answer', {'source': src, 'step': 1, 'answer': 'true'})
            text = json.dumps(r, ensure_ascii=False)
            check_eq(st, 200, b['name'] + ': the preview answered: ' + text[:300])
            if b['refused']:
                check('refused too_many_pieces' in text and '16' in text,
                      b['name'] + ': the script is told the limit: ' + text[:300])
            else:
                check('moves %d game ' % b['count'] in text, b['name'] + ': every binding ran: ' + text[:300])

    # Lists that were cut before issue 20 §1 (64 reasons, 8 touch reasons): every item answered.
    begin('extremes.long_lists')
    st, _, r = d.post('/v1/move', {'fen': EXPLAIN_76, 'move': 'Qa1'})
    check_eq((st, r.get('legal'), len(r.get('reasons', []))), (200, False, 76), 'a move explained with all 76 reasons')
    st, _, r = d.post('/v1/validate', {'fen': '4k3/8/8/8/8/8/8/4K3 w ' + 'K' * 200 + ' - 0 1'})
    check_eq((st, len(r.get('problems', []))), (200, 200), 'validation lists all 200 problems')
    squares = ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'a3', 'b3', 'c3', 'h1']
    st, _, r = d.post('/v1/touch', {'fen': 'k7/8/8/8/8/8/6PP/6RK w - - 0 1', 'touched': [{'square': x} for x in squares]})
    codes = [e.get('code') for e in r.get('explanations', [])]
    check_eq((st, len(codes), codes[-1:]), (200, 17, ['touch_none_movable']), 'touch-move explains all 16 touched squares and why any move')

    # The quoted input is cut at a character boundary: the explanation keeps its text.
    st, _, r = d.post('/v1/move', {'move': 'é' * 15})
    check_eq((st, bool((r.get('reasons') or [{}])[0].get('text'))), (200, True), 'a long non-ASCII move is explained with its text')

    begin('extremes.still_serving')
    st, _, h = d.get('/v1/health')
    check_eq((st, h.get('status')), (200, 'ok'), 'the daemon is alive and healthy after the family')
    check(d.proc.poll() is None, 'arbiterd did not die')
finally:
    d.stop()
finish()
