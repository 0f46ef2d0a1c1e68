#!/usr/bin/env python3
# daemon.preview: the coach preview (POST /v1/lessons/preview, /v1/lessons/preview/answer) over
# real HTTP: off unless --lesson-preview (404); a lesson with errors gives each with its line;
# a good lesson is described and its steps answered like an installed one; hostile sources
# (endless loops, huge text, wrong types) are refused or bounded, and the server keeps serving.
import sys
import time

from daemon_util import Daemon, begin, check, check_eq, finish

lessons = sys.argv[2]
good = open(lessons + '/b05-check.lua', encoding='utf-8').read()
broken = ('return lesson{\n  id = "broken",\n  title = {en = "Broken", fa = "خراب", ar = "معطوب"},\n'
          '  level = "beginner",\n  steps = {\n    step{ kind = "move", fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",\n  }\n}\n')

off = Daemon(sys.argv[1], {'lessons': lessons})
try:
    begin('preview.off_by_default')
    st, _, body = off.post('/v1/lessons/preview', {'source': good})
    check_eq(st, 404, 'the preview is off without --lesson-preview')
    check_eq(body['error']['code'], 'not_found', 'as a documented error')
    st, _, _ = off.post('/v1/lessons/preview/answer', {'source': good, 'step': 1, 'answer': 'Kd1'})
    check_eq(st, 404, 'its answers too')
finally:
    off.stop()

d = Daemon(sys.argv[1], {'lessons': lessons, 'lesson-preview': 'true'})
try:
    begin('preview.errors_with_lines')
    st, _, body = d.post('/v1/lessons/preview', {'source': broken})
    check_eq(st, 200, 'a lesson with errors is an answer, not a failure')
    check_eq(body['valid'], False, 'not valid')
    check_eq(body['lesson'], None, 'no lesson')
    check(body['errors'] and all(e['level'] in ('error', 'warning') for e in body['errors']), 'levels')
    check_eq(body['errors'][0]['line'], 9, 'the syntax error names line 9 (end of the file)')

    begin('preview.constructor_error_line')
    # The trial's row 27: "prelude:99: lesson{...} needs a 'steps' list" with line null. The
    # constructor's complaint is about the coach's call: its line, without the prelude's position.
    for src, line, msg in (('-- a draft\n\nreturn lesson{\n  id = "x",\n  title = "T",\n}\n', 3,
                            "lesson{...} needs a 'steps' list"),
                           ('-- a draft\nlocal t = { id = "x" }\n\nreturn lesson(t)\n', 4,
                            "lesson{...} needs a 'steps' list"),
                           ('-- a draft\nreturn lesson "x"\n', 2, 'lesson{...} takes a table')):
        st, _, body = d.post('/v1/lessons/preview', {'source': src})
        first = (body.get('errors') or [{}])[0]
        check_eq((st, first.get('line'), first.get('message')), (200, line, msg),
                 'the constructor error at the coach\'s line %d: %r' % (line, body.get('errors')))

    begin('preview.good_lesson_described_and_played')
    st, _, body = d.post('/v1/lessons/preview?lang=fa', {'source': good})
    check_eq(st, 200, 'status')
    check_eq(body['valid'], True, 'the bundled lesson is valid')
    check_eq(body['errors'], [], 'no errors')
    _, _, installed = d.get('/v1/lessons/check-three-ways?lang=fa')
    check_eq(body['lesson'], installed, 'described exactly as the installed lesson')
    for answer, correct in [('Kd1', True), ('Ke2', False)]:
        st, _, got = d.post('/v1/lessons/preview/answer', {'source': good, 'step': 2, 'answer': answer})
        _, _, want = d.post('/v1/lessons/check-three-ways/steps/2/answer', {'answer': answer})
        check_eq(st, 200, answer)
        check_eq(got['correct'], correct, answer + ' judged')
        check_eq(got, want, answer + ': the same answer as the installed lesson')

    begin('preview.startpos_in_a_source')  # issue 24 §3: a lesson source may say fen = "startpos"
    st, _, body = d.post('/v1/lessons/preview', {'source': (
        'return lesson {\n  id = "from-the-start",\n  title = { en = "The first move", fa = "حرکت اول", ar = "النقلة الأولى" },\n'
        '  level = "beginner",\n  tags = { "pawn" },\n  rules = { "3.7" },\n  steps = {\n    move_task {\n'
        '      fen = "startpos",\n      prompt = { en = "Move a pawn two squares.", fa = "یک پیاده را دو خانه جلو ببرید.",\n'
        '                 ar = "حرّك بيدقًا مربعين." },\n      expect = is_move("e4", "d4"),\n'
        '      tests = { right = { "e4" }, wrong = { ["Nf3"] = "deviation" } },\n    },\n  },\n}\n')})
    check_eq((st, body.get('valid'), body.get('errors')), (200, True, []), 'fen = "startpos" checks: %r' % body)
    steps = (body.get('lesson') or {}).get('steps') or [{}]
    check_eq(steps[0].get('fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'and is the start')

    begin('preview.bad_requests')
    for body, code, field in [({}, 'missing_field', 'source'), ({'source': 3}, 'invalid_field', 'source'),
                              ({'source': good, 'answer': 'Kd1'}, 'missing_field', 'step'),
                              ({'source': good, 'step': 'one', 'answer': 'Kd1'}, 'invalid_field', 'step'),
                              ({'source': good, 'step': 0, 'answer': 'Kd1'}, 'out_of_range', 'step'),
                              ({'source': good, 'step': 99, 'answer': 'Kd1'}, 'out_of_range', 'step'),
                              ({'source': broken, 'step': 1, 'answer': 'Kd1'}, 'invalid_field', 'source'),
                              ({'source': good, 'step': 1}, 'missing_field', 'answer')]:
        path = '/v1/lessons/preview/answer' if 'step' in body or 'answer' in body else '/v1/lessons/preview'
        st, _, got = d.post(path, body)
        check_eq(st, 400, '%s %r' % (path, sorted(body)))
        check_eq((got['error']['code'], got['error'].get('field')), (code, field), repr(sorted(body)))

    begin('preview.hostile_sources_bounded')
    for source in ['while true do end', 'local t = {} while true do t[#t + 1] = ("x"):rep(1000) end',
                   'return lesson{id = ("x"):rep(100)}', 'return 42', '\x1bLua', 'error(setmetatable({}, {}))']:
        start = time.monotonic()
        st, _, got = d.post('/v1/lessons/preview', {'source': source})
        took = time.monotonic() - start
        check_eq(st, 200, repr(source[:30]))
        check(got['valid'] is False and got['errors'], repr(source[:30]) + ' refused with a reason')
        check(took < 10, '%r answered in %.1f s' % (source[:30], took))
        check('0x' not in str(got), 'no memory address in ' + repr(got)[:120])
    st, _, got = d.post('/v1/lessons/preview', {'source': '-- ' + 'x' * 300000})
    check(st in (200, 413), 'a source over the limits: %d' % st)
    check_eq(d.get('/v1/health')[0], 200, 'the server still answers')
finally:
    d.stop()
finish()
