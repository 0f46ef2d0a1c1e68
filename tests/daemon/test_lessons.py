#!/usr/bin/env python3
# daemon.lessons: the lesson endpoints over the bundled lessons (list in en/fa/ar, one lesson,
# correct / wrong / illegal answers with the engine's explanation codes, 404s, 400s), a lesson
# whose script loops, errors or eats memory (a 500 naming lesson, line and budget while everyone
# else is served), and SIGHUP reloads that add and drop lessons without failing a request.
import http.client
import os
import shutil
import signal
import sys
import threading
import time

from daemon_util import Daemon, begin, check, check_eq, finish, minimal_lesson

BIN, LESSONS = sys.argv[1], sys.argv[2]
ANSWER = '/v1/lessons/%s/steps/%s/answer'

BUNDLED = {'sliding-pieces', 'knight-king-pawn', 'check-three-ways', 'checkmate', 'stalemate', 'castling',
           'castling-blocked', 'en-passant', 'promotion', 'repetition', 'fifty-moves', 'dead-positions',
           'touch-move', 'illegal-moves', 'flag-fall', 'chess960-castling', 'illegal-positions'}
# Every lesson file is served; the ids above (known to API clients) must stay among them.
FILES = sorted(f for f in os.listdir(LESSONS) if f.endswith('.lua'))


def codes(body):
    return [e['code'] for e in body['feedback']['explanations']]


def wait_generation(d, gen, timeout=20):
    end = time.monotonic() + timeout
    while d.get('/v1/health')[2]['lessons_generation'] < gen and time.monotonic() < end:
        time.sleep(0.02)
    return d.get('/v1/health')[2]


d = Daemon(BIN, {'lessons': LESSONS, 'threads': 2})
try:
    begin('lessons.step_history')  # issue 24 §3, trial row 21: how the repetition step's position arose
    st, _, rep = d.get('/v1/lessons/repetition')
    hist = [x for x in rep['steps'] if 'moves' in x]
    check(len(hist) >= 3, 'the repetition steps carry their moves: %d' % len(hist))
    for x in hist:
        st, _, a = d.post('/v1/analyze', {'fen': x['start_fen'], 'moves': x['moves'], 'variant': x['variant']})
        check_eq((st, a.get('fen')), (200, x['fen']), 'step %d: start_fen + moves give fen' % x['n'])
    step2 = rep['steps'][1]
    check_eq((step2['start_fen'], step2['moves'][:4]), ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
             ['g1f3', 'g8f6', 'f3g1', 'f6g8']), 'Nf3 Nf6 Ng1 Ng8 twice, from the start')
    st, _, plain = d.get('/v1/lessons/check-three-ways')
    check(all('moves' not in x and 'start_fen' not in x for x in plain['steps']), 'no history, no moves')

    begin('lessons.health')
    st, _, h = d.get('/v1/health')
    check_eq(h['lessons'], len(FILES), 'every bundled lesson served')

    begin('lessons.list')
    titles = {}
    for lang in ('en', 'fa', 'ar'):
        st, hdrs, body = d.get('/v1/lessons?lang=' + lang)
        check_eq(st, 200, 'status ' + lang)
        check_eq(hdrs.get('content-language'), lang, 'content-language ' + lang)
        check_eq(BUNDLED - {l['id'] for l in body}, set(), 'the old ids ' + lang)
        check_eq(len(body), len(FILES), 'one lesson per file ' + lang)
        for l in body:
            check_eq(sorted(l), ['id', 'level', 'rules', 'steps', 'tags', 'title'], 'fields of ' + l['id'])
        titles[lang] = {l['id']: l['title'] for l in body}

    begin('lessons.text_step')
    st, _, l = d.get('/v1/lessons/notation?lang=fa')
    check_eq(st, 200, 'status')
    t = l['steps'][0]
    check_eq((t['kind'], sorted(t['diagram'])), ('text', ['arrows', 'squares']), 'a text step with a diagram')
    check_eq(t['diagram']['arrows'], [['g1', 'f3']], 'arrows as [from, to]')
    check('Nf3' in t['text'] and 'اسب' in t['text'], 'the Persian teaching text')
    check('text' not in l['steps'][1] and 'diagram' not in l['steps'][1], 'a practice step without them')
    for answer in ('', 'ok', 'باشه'):
        st, _, b = d.post(ANSWER % ('notation', 1), {'answer': answer})
        check_eq((st, b['correct'], b['next']), (200, True, 2), 'a text step moves on: %r' % answer)
    check_eq(titles['en']['castling-blocked'], 'When you may not castle', 'English title')
    check_eq(titles['fa']['castling-blocked'], 'چه زمانی نمی‌توان قلعه رفت', 'Persian title')
    check_eq(titles['ar']['castling-blocked'], 'متى لا يجوز التبييت', 'Arabic title')
    st, _, body = d.get('/v1/lessons', headers={'Accept-Language': 'ar-EG,ar;q=0.9'})
    check_eq({l['id']: l['title'] for l in body}, titles['ar'], 'Accept-Language picks Arabic')
    entry = [l for l in body if l['id'] == 'castling-blocked'][0]
    check_eq((entry['level'], entry['tags'], entry['steps']), ('intermediate', ['castling'], 13), 'summary')
    st, hdrs, _ = d.post('/v1/lessons', {})
    check_eq(st, 405, 'POST on the list')
    check('GET' in hdrs.get('allow', ''), 'Allow names GET')

    begin('lessons.get')
    st, _, l = d.get('/v1/lessons/castling-blocked')
    check_eq(st, 200, 'status')
    check_eq(len(l['steps']), 13, 'thirteen steps')
    check_eq((l['steps'][0]['n'], l['steps'][0]['kind']), (1, 'text'), 'step 1 teaches the conditions')
    s1 = l['steps'][1]
    check_eq((s1['n'], s1['kind'], s1['fen'], s1['variant']),
             (2, 'true_false', 'r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1', 'standard'), 'step 2')
    check_eq(s1['prompt'], 'May White castle queenside now?', 'prompt')
    check_eq(l['steps'][7]['fen'], 'r3k2r/8/p7/8/8/7P/8/R3K2R w - - 4 3', 'step 8 after its set-up moves (rights gone)')
    check_eq(l['steps'][8]['fen'], 'r3k2r/8/p7/8/8/7P/8/R3K2R w Qq - 4 3', 'step 9: only the rooks moved')
    check_eq(l['steps'][10]['kind'], 'move', 'step 11 is a move task')
    for s in l['steps']:
        check('tests' not in s and 'answer' not in s and 'right' not in s, 'no answers leak in step %d' % s['n'])
    st, _, c = d.get('/v1/lessons/check-three-ways?lang=fa')
    choice = c['steps'][5]
    check_eq(choice['kind'], 'choice', 'step 6 is a choice')
    check_eq([x['id'] for x in choice['choices']], ['capture', 'interpose', 'king'], 'choice ids')
    check_eq(choice['choices'][2]['text'], 'حرکت دادن شاه', 'choice text in Persian')
    # moves and squares in Persian and Arabic prose come isolated left-to-right (U+2066 … U+2069)
    check_eq(c['steps'][1]['hints'], ['شاه نباید روی ستون \u2066e\u2069 بماند: رخ تمام آن را زیر حمله دارد.'], 'hints in Persian')
    check('choices' not in c['steps'][1], 'no choices on a move step')

    begin('lessons.answer.correct')
    st, _, b = d.post(ANSWER % ('illegal-moves', 2), {'answer': 'Kd2'})
    check_eq((st, b['correct'], b['next'], b['feedback']['explanations']), (200, True, 3, []), 'correct')
    check(b['feedback']['text'].startswith('Right: a king move.'), 'the step says why: ' + b['feedback']['text'])
    st, _, b = d.post(ANSWER % ('stalemate', 4), {'answer': 'B'})
    check_eq((st, b['correct'], b['next']), (200, True, 5), 'a choice by its label')
    st, _, b = d.post(ANSWER % ('stalemate', 6), {'answer': 'Qb6'})
    check_eq((st, b['correct'], b['next']), (200, True, None), 'last step: next is null')
    st, _, b = d.post(ANSWER % ('check-three-ways', 4) + '?lang=ar', {'answer': 'f3e5'})
    check_eq((b['correct'], b['next']), (True, 5), 'UCI answer')
    check_eq(b['feedback']['text'], 'صحيح: يقف الحصان في \u2066e5\u2069 بين الرخ وملكك.', 'Arabic feedback')

    begin('lessons.answer.wrong')
    st, _, b = d.post(ANSWER % ('castling-blocked', 4), {'answer': 'true'})
    check_eq((st, b['correct'], b['next']), (200, False, 4), 'wrong: stay on the step')
    check_eq(codes(b), ['wrong_answer', 'castling_through_attack'], 'codes')
    why = b['feedback']['explanations'][1]
    check_eq((why['squares'], why['rule'], why['params']), (['f1', 'f5'], 'FIDE 3.8.2.2',
                                                           {'by': 'R', 'by_color': 'black', 'side': 'kingside'}), 'explanation object')
    check('f1' in why['text'] and 'f5' in why['text'], 'text names the squares')
    st, _, fa = d.post(ANSWER % ('castling-blocked', 4), {'answer': 'true', 'lang': 'fa'})
    check_eq(codes(fa), codes(b), 'codes do not change with the language')
    check(fa['feedback']['explanations'][1]['text'] != why['text'], 'text does')
    st, _, b = d.post(ANSWER % ('castling-blocked', 8), {'answer': 'true'})
    check('castling_king_moved' in codes(b), 'king moved (from the step history)')
    st, _, b = d.post(ANSWER % ('castling-blocked', 9), {'answer': 'true'})
    check('castling_rook_moved' in codes(b), 'rook moved (from the step history)')
    # a wrong verdict on a dead position gets the dead-position analysis (arbiter.dead): the proof,
    # or a mating line that shows the position is alive
    st, _, b = d.post(ANSWER % ('dead-positions', 5), {'answer': 'play'})
    check('material_bishops_one_color' in codes(b), 'bishops of one colour: the proof')
    st, _, b = d.post(ANSWER % ('dead-positions', 3), {'answer': 'draw', 'lang': 'fa'})
    check(codes(b)[:3] == ['wrong_answer', 'alive_position', 'can_mate'], 'two knights: alive, with a mating line')
    st, _, b = d.post(ANSWER % ('dead-positions', 4), {'answer': 'play'})
    check(codes(b)[1:3] == ['dead_position', 'cannot_mate_locked'], 'locked pawns: dead, and why')
    st, _, b = d.post(ANSWER % ('checkmate', 2), {'answer': 'false'})
    check_eq(codes(b)[:3], ['wrong_answer', 'checkmate', 'check'], 'mate explained')
    st, _, b = d.post(ANSWER % ('check-three-ways', 2), {'answer': 'Bxe8'})
    check_eq(codes(b), ['deviation'], 'legal but not what the step asks')

    begin('lessons.answer.illegal')
    st, _, b = d.post(ANSWER % ('illegal-moves', 2), {'answer': 'Nc3'})
    check_eq((st, b['correct'], codes(b)), (200, False, ['pinned', 'illegal_move']), 'pinned knight')
    pinned = b['feedback']['explanations'][0]
    check_eq((pinned['squares'], pinned['rule'], pinned['params']), (['e2', 'e7', 'e1'], 'FIDE 3.9',
                                                                     {'piece': 'N', 'piece_color': 'white', 'by': 'R', 'by_color': 'black'}), 'pinned object')
    # the headline alone: the reasons say why, each once (2026-12 Persian review F18)
    check_eq(b['feedback']['text'], 'That move is not legal here.', 'feedback headline')
    st, _, b = d.post(ANSWER % ('castling-blocked', 11), {'answer': 'O-O'})
    check('castling_through_attack' in codes(b), 'illegal castling')
    st, _, b = d.post(ANSWER % ('check-three-ways', 2), {'answer': 'Ke2'})
    check('leaves_king_in_check' in codes(b), 'king stays in check')
    st, _, b = d.post(ANSWER % ('en-passant', 2), {'answer': 'e5f6'})
    check_eq(codes(b), ['pawn_diagonal_needs_capture', 'illegal_move'], 'UCI illegal: the reason first')
    st, _, b = d.post(ANSWER % ('checkmate', 4), {'answer': 'Ra9'})
    check_eq(codes(b), ['san_malformed'], 'malformed move text')
    st, _, b = d.post(ANSWER % ('checkmate', 4), {'answer': '   '})
    check_eq(codes(b), ['no_answer'], 'blank answer')

    begin('lessons.not_found')
    for path in ('/v1/lessons/nope', '/v1/lessons/' + 'x' * 120):
        st, _, b = d.get(path)
        check_eq((st, b['error']['code']), (404, 'not_found'), path[:30])
    for lesson, n, field in (('nope', 1, 'id'), ('checkmate', 0, 'n'), ('checkmate', 8, 'n'), ('checkmate', 'x', 'n'),
                             ('checkmate', '-1', 'n'), ('checkmate', '99999999', 'n'), ('checkmate', '1x', 'n')):
        st, _, b = d.post(ANSWER % (lesson, n), {'answer': 'true'})
        check_eq((st, b['error']['code'], b['error'].get('field')), (404, 'not_found', field), '%s/%s' % (lesson, n))
    st, _, b = d.get('/v1/lessons/checkmate/steps')
    check_eq(st, 404, 'no such route')

    begin('lessons.bad_body')
    url = ANSWER % ('checkmate', 2)
    for body, code, field in (('{"answer": ', 'invalid_json', None), ('[1]', 'not_object', None),
                              ('{}', 'missing_field', 'answer'), ('{"answer": 5}', 'invalid_field', 'answer'),
                              ('{"answer": null}', 'missing_field', 'answer'), ('{"answer": ["e4"]}', 'invalid_field', 'answer'),
                              ('{"answer": "a", "answer": "b"}', 'duplicate_key', None),
                              ('{"answer": "%s"}' % ('a' * 201), 'invalid_field', 'answer'),
                              ('{"answer": "a\\u0000"}', 'nul_byte', None)):
        st, _, b = d.post(url, body)
        check_eq((st, b['error']['code'], b['error'].get('field')), (400, code, field), body[:30])
    st, _, b = d.request('POST', url, '{"answer": "true"}', headers={'Content-Type': 'text/plain'})
    check_eq(st, 415, 'not JSON')
    st, _, b = d.post(url, {'answer': 'a' * 200})
    check_eq((st, codes(b)), (200, ['not_true_false']), '200 bytes is still an answer')
    check_eq(d.metric('arbiterd_lesson_failures_total'), 0.0, 'no script failures so far')
    check_eq(d.metric('arbiterd_requests_total',
                      'method="POST",route="/v1/lessons/{id}/steps/{n}/answer",status="200"') > 0, True, 'requests counted')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- a broken lesson: a step whose script loops, errors or eats memory on some answers ----
# (in explain: the checker samples wrong() and success() on every legal move at load, so a
# trap there would be refused at load; explain runs only for the answers a student sends)
BROKEN_STEP = '''    move_task {
      prompt = { en = "Play a move.", fa = "حرکتی کنید.", ar = "العب نقلة." },
      expect = is_move("e4"),
      explain = function(pos, game, step, ctx)
        if ctx.move.san == "a3" then
          while true do end
        elseif ctx.move.san == "h3" then
          error("the coach made a mistake")
        elseif ctx.move.san == "b3" then
          local t = {}
          for i = 1, 1e9 do t[i] = ("x"):rep(64) .. i end
        end
        return {}
      end,
      wrong = { en = "Not e4.", fa = "e4 نیست.", ar = "ليست e4." },
      tests = { right = { "e4" }, wrong = { ["d4"] = "deviation" } },
    },
'''
# minimal_lesson puts the extra step at line 12 of the file.
LOOP_LINE = 12 + BROKEN_STEP.split('\n').index('          while true do end')
# A long time budget for loops (no instruction budget to speak of), so that a client held up
# by a loop would be seen.
d = Daemon(BIN, {'threads': 2, 'log-level': 'warn', 'lesson-time-ms': 3000, 'lesson-instructions': 10 ** 12})
try:
    begin('lessons.broken.load')
    open(os.path.join(d.lessons_dir, 'broken.lua'), 'w').write(minimal_lesson('broken', BROKEN_STEP))
    open(os.path.join(d.lessons_dir, 'good.lua'), 'w').write(minimal_lesson('good'))
    open(os.path.join(d.lessons_dir, 'syntax.lua'), 'w').write('return lesson { id = "syntax", \n')
    open(os.path.join(d.lessons_dir, 'fails-check.lua'), 'w').write(
        minimal_lesson('fails-check').replace('["false"] = "wrong_answer"', '["true"] = "wrong_answer"'))
    d.signal(signal.SIGHUP)
    h = wait_generation(d, 2)
    check_eq(h['lessons'], 2, 'broken (loads fine) and good served; syntax and fails-check not')
    st, _, body = d.get('/v1/lessons')
    check_eq(sorted(l['id'] for l in body), ['broken', 'good'], 'served ids')
    log = d.log()
    check('syntax.lua' in log and 'not served' in log, 'the syntax error is logged')
    check("fails-check.lua:10: step 1: error: the wrong answer 'true' passes" in log,
          'the failed check is logged with its file:line')
    check_eq(d.metric('arbiterd_lesson_failures_total'), 2.0, 'two files failed to load')

    begin('lessons.broken.answers')
    st, _, b = d.post(ANSWER % ('broken', 2), {'answer': 'e4'})
    check_eq((st, b['correct'], b['next']), (200, True, None), 'the broken lesson answers normal moves')
    st, _, b = d.post(ANSWER % ('broken', 2), {'answer': 'a3'})
    e = b['error']
    check_eq((st, e['code'], e['lesson'], e['step'], e['file']), (500, 'lesson_script_failed', 'broken', 2, 'broken.lua'),
             'loop: 500 naming the lesson')
    check_eq((e['budget'], e['limit']), ('time', 3000), 'loop: names the budget that ran out')
    check_eq(e['line'], LOOP_LINE, 'loop: names the script line')
    check("lesson 'broken'" in e['message'] and 'line %d' % LOOP_LINE in e['message'] and 'budget' in e['message'],
          'message: %s' % e['message'])
    st, _, b = d.post(ANSWER % ('broken', 2), {'answer': 'h3'})
    e = b['error']
    check_eq((st, e['code'], e['budget'], e['line']), (500, 'lesson_script_failed', None, LOOP_LINE + 2), 'error')
    check('the coach made a mistake' in e['detail'], 'the script error is in the detail')
    st, _, b = d.post(ANSWER % ('broken', 2), {'answer': 'b3'})
    e = b['error']
    check_eq((st, e['code'], e['budget'], e['limit']), (500, 'lesson_script_failed', 'memory', 8 << 20), 'memory bomb')
    check(isinstance(e['line'], int) and LOOP_LINE + 4 <= e['line'] <= LOOP_LINE + 6, 'memory: line %r' % e['line'])
    check_eq(d.metric('arbiterd_lesson_failures_total'), 5.0, 'three script failures counted')

    begin('lessons.broken.others_keep_going')
    # Loops keep one thread busy; the other serves everyone else, each on a new connection.
    stop = threading.Event()
    loops = []

    def looper():
        while not stop.is_set():
            st, _, b = d.post(ANSWER % ('broken', 2), {'answer': 'a3'})
            loops.append(st)

    t = threading.Thread(target=looper)
    t.start()
    end = time.monotonic() + 20  # the loop is running on a work thread
    while d.metric('arbiterd_work_threads_busy') < 1 and time.monotonic() < end:
        time.sleep(0.01)
    slow, bad = [], []
    for i in range(30):
        t0 = time.monotonic()
        if i % 3 == 0:
            st, _, b = d.post(ANSWER % ('good', 1), {'answer': 'true'})
            good = st == 200 and b['correct']
        elif i % 3 == 1:
            st, _, b = d.post('/v1/move', {'move': 'e4'})
            good = st == 200 and b['legal']
        else:
            st, _, b = d.get('/v1/lessons/good')
            good = st == 200 and b['id'] == 'good'
        if not good:
            bad.append((i, st))
        slow.append(time.monotonic() - t0)
    stop.set()
    t.join()
    check_eq(bad, [], 'every other request answered')
    check(len(loops) >= 1 and set(loops) == {500}, 'the loops failed alone: %r' % loops[:5])
    # A looping answer runs 3 s before its budget stops it; the others never waited for one.
    check(max(slow) < 1.0, 'others were not held up by the loops (slowest %.3f s)' % max(slow))
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- SIGHUP reload: add one lesson, drop another, with answers in flight the whole time ----
d = Daemon(BIN, {'threads': 2, 'log-level': 'info'})
try:
    begin('lessons.reload')
    for name in ('b05-check.lua', 'i02-castling-blocked.lua'):
        shutil.copy(os.path.join(LESSONS, name), d.lessons_dir)
    d.signal(signal.SIGHUP)
    h = wait_generation(d, 2)
    check_eq(h['lessons'], 2, 'two lessons')
    stop = threading.Event()
    failures, done = [], [0]

    def busy(lesson, step, answer):
        c = d.conn()
        while not stop.is_set():
            try:
                st, _, b = d.post(ANSWER % (lesson, step), {'answer': answer}, conn=c)
                if st != 200 or not b['correct']:
                    failures.append((st, b))
                done[0] += 1
            except (OSError, http.client.HTTPException) as e:
                failures.append(repr(e))
                c = d.conn()
        c.close()

    # Answers on a lesson that stays, on kept-alive connections, through the whole reload.
    ts = [threading.Thread(target=busy, args=a) for a in (('check-three-ways', 4, 'Ne5'),
                                                          ('check-three-ways', 2, 'Kd2'))]
    for t in ts:
        t.start()
    end = time.monotonic() + 20  # answers are flowing
    while done[0] < 5 and time.monotonic() < end:
        time.sleep(0.01)
    before = done[0]
    shutil.copy(os.path.join(LESSONS, 't06-illegal-moves.lua'), d.lessons_dir)
    os.unlink(os.path.join(d.lessons_dir, 'i02-castling-blocked.lua'))
    d.signal(signal.SIGHUP)
    h = wait_generation(d, 3)
    after = done[0]
    end = time.monotonic() + 20  # answers flow on the new set too
    while done[0] < after + 5 and time.monotonic() < end:
        time.sleep(0.01)
    stop.set()
    for t in ts:
        t.join()
    check_eq(h['lessons'], 2, 'still two lessons')
    st, _, body = d.get('/v1/lessons')
    check_eq(sorted(l['id'] for l in body), ['check-three-ways', 'illegal-moves'], 'added one, dropped one')
    check_eq(d.get('/v1/lessons/castling-blocked')[0], 404, 'the dropped lesson is gone')
    st, _, b = d.post(ANSWER % ('illegal-moves', 2), {'answer': 'Nc3'})
    check('pinned' in codes(b), 'the added lesson answers')
    check_eq(failures, [], 'no request failed during the reloads')
    check(done[0] > before, 'answers kept flowing (%d)' % done[0])
    end = time.monotonic() + 20
    while 'lessons: generation 3, 2 loaded, 0 failed' not in d.log() and time.monotonic() < end:
        time.sleep(0.02)
    check('lessons: generation 3, 2 loaded, 0 failed' in d.log(), 'reload logged')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- texts over the old 1023 bytes: whole, or cut at a letter with "…", never a dropped field ----
d = Daemon(BIN, {'threads': 2, 'log-level': 'warn'})
try:
    begin('lessons.long_texts')
    shutil.copy(os.path.join(LESSONS, '..', 'tests', 'lua', 'data', 'long', 'long_texts.lua'), d.lessons_dir)
    d.signal(signal.SIGHUP)
    check_eq(wait_generation(d, 2)['lessons'], 1, 'loaded')
    st, _, lesson = d.get('/v1/lessons/long-texts?lang=fa')
    prompt = lesson['steps'][0]['prompt']
    check(len(prompt.encode()) > 3000, 'the Persian prompt, whole (%d bytes)' % len(prompt.encode()))
    st, _, b = d.post(ANSWER % ('long-texts', 1) + '?lang=fa', {'answer': 'true'})
    check_eq((st, b['correct'], b['feedback'].get('text')), (200, True, prompt), 'a paragraph of feedback, whole')
    st, _, b = d.post(ANSWER % ('long-texts', 1) + '?lang=ar', {'answer': 'نعم'})
    text = b['feedback'].get('text')
    check(b['correct'] and text is not None and text.endswith('…') and len(text.encode()) > 4000,
          'a runaway text is cut at a letter and says so: %r' % (text[-20:] if text else text))
    st, _, b = d.post(ANSWER % ('long-texts', 1) + '?lang=fa', {'answer': 'نه'})
    check(all(e.get('text') for e in b['feedback']['explanations']), 'every explanation keeps its text')
finally:
    check_eq(d.stop(), 0, 'exit status')
finish()
