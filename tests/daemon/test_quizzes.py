#!/usr/bin/env python3
# daemon.quizzes: GET /v1/quizzes, POST /v1/quizzes and POST /v1/quizzes/answer over real HTTP
# with the bundled generators: shapes, determinism across requests and daemons, grading right
# and wrong answers in three languages, count caps and every error.
import os
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

GENERATORS = {'move-legal', 'can-castle', 'status', 'legal-count', 'pinned', 'en-passant', 'draw-rule',
              'legal-position', 'touch-move', 'mate-in-1', 'mate-in-2', 'flag-fall', 'resign', 'draw-agreement',
              'claim-threefold', 'claim-fifty', 'illegal-penalty', 'touch-castle', 'arbiter-scenarios'}
# every bundled generator file (the budget test below counts those that fit and those that do not)
BUNDLED = len([f for f in os.listdir(os.path.join(sys.argv[2], 'quizzes')) if f.endswith('.lua')])

d = Daemon(sys.argv[1], {'lessons': sys.argv[2]})
try:
    begin('quizzes.list')
    st, h, body = d.get('/v1/quizzes')
    check_eq(st, 200, 'status')
    check_eq(h.get('content-type'), 'application/json', 'content type')
    ids = {q['id'] for q in body['quizzes']}
    check(GENERATORS <= ids, 'all generators listed: %r' % sorted(ids))
    check_eq(d.get('/v1/health')[2]['quizzes'], len(ids), 'health counts the generators')
    check_eq(d.metric('arbiterd_quizzes'), float(len(ids)), 'so does the gauge')
    check_eq(d.metric('arbiterd_quiz_failures_total'), 0.0, 'every bundled generator loads')
    begin('quizzes.answer_type')  # issue 24 §3, trial row 5: what an app's input widget must be
    want = {'pinned': 'squares', 'mate-in-1': 'move', 'mate-in-2': 'line'}
    for gen in sorted(ids):
        st, _, batch = d.post('/v1/quizzes', {'generator': gen, 'seed': 7, 'count': 3})
        for q in batch.get('questions', []):
            t = q.get('answer_type')
            check(t in ('choice', 'move', 'line', 'squares', 'number'), '%s: answer_type %r' % (q['id'], t))
            check_eq(t == 'choice', bool(q['choices']), '%s: choice exactly when there are choices' % q['id'])
            if gen in want:
                check_eq(t, want[gen], q['id'])
    st, _, q = d.post('/v1/quizzes', {'generator': 'pinned', 'seed': 7, 'count': 1})
    qid = q['questions'][0]['id']
    st, _, g = d.post('/v1/quizzes/answer', {'id': qid, 'answer': 'none'})
    check_eq(st, 200, 'a squares answer is graded')
    for q in body['quizzes']:
        check(q['title'], 'title of ' + q['id'])
        check_eq(q['parameters'][0]['name'], 'difficulty', q['id'] + ' parameter')
        check_eq(q['parameters'][0]['values'], ['easy', 'medium', 'hard'], q['id'] + ' values')
    st, _, fa = d.get('/v1/quizzes?lang=fa')
    titles_en = {q['id']: q['title'] for q in body['quizzes']}
    check(all(q['title'] != titles_en[q['id']] for q in fa['quizzes']), 'titles in Persian')

    begin('quizzes.openapi')
    st, _, doc = d.get('/v1/openapi.json')
    check('/v1/quizzes' in doc['paths'] and 'get' in doc['paths']['/v1/quizzes'] and
          'post' in doc['paths']['/v1/quizzes'], 'documents /v1/quizzes')
    check('/v1/quizzes/answer' in doc['paths'], 'documents /v1/quizzes/answer')

    begin('quizzes.generate')
    for gen in sorted(GENERATORS):
        st, _, b = d.post('/v1/quizzes', {'generator': gen, 'seed': 42, 'count': 10})
        check_eq(st, 200, gen + ' status')
        qs = b.get('questions', [])
        check_eq(len(qs), 10, gen + ' count')
        check_eq(len({(q['fen'], q['prompt'], tuple(q.get('moves', []))) for q in qs}), 10, gen + ' distinct')
        for q in qs:
            check(q['id'].startswith(gen + ':42:'), 'id encodes generator and seed: ' + q['id'])
            check(q['fen'] and q['prompt'], 'fen and prompt')
        st, _, again = d.post('/v1/quizzes', {'generator': gen, 'seed': 42, 'count': 10})
        check_eq(again, b, gen + ' same questions twice')
        # Grade the first question: a nonsense answer is wrong and says what was expected.
        st, _, g = d.post('/v1/quizzes/answer', {'id': qs[0]['id'], 'answer': 'zzz'})
        check_eq(st, 200, gen + ' answer status')
        check_eq(g['correct'], False, gen + ' nonsense is wrong')
        check(g['expected'], gen + ' expected given')
        check(len(g['explanations']) >= 1, gen + ' explanations')
        for e in g['explanations']:
            check(set(e) == {'code', 'text', 'squares', 'rule', 'params'}, 'explanation shape %r' % e)
        st, _, g2 = d.post('/v1/quizzes/answer', {'id': qs[0]['id'], 'answer': g['expected']})
        check_eq(g2['correct'], True, gen + ' expected answer is right')

    begin('quizzes.answer.engine_explanations')
    st, _, b = d.post('/v1/quizzes', {'generator': 'status', 'seed': 1, 'count': 20})
    for q in b['questions']:
        st, _, g = d.post('/v1/quizzes/answer', {'id': q['id'], 'answer': 'none'})
        if g['expected'] == 'checkmate':
            codes = [e['code'] for e in g['explanations']]
            check('checkmate' in codes, 'checkmate explained by the engine: %r' % codes)
            check(any((e['rule'] or '').startswith('FIDE') for e in g['explanations']), 'with FIDE articles')
            break
    else:
        check(False, 'a checkmate among 20 status questions')

    begin('quizzes.parameters')
    st, _, b = d.post('/v1/quizzes', {'generator': 'can-castle', 'seed': 5, 'count': 2,
                                      'parameters': {'difficulty': 'hard'}})
    check_eq(st, 200, 'status')
    check(all(q['id'].endswith(':difficulty=hard') for q in b['questions']), 'difficulty in the ids')
    st, _, b2 = d.post('/v1/quizzes', {'generator': 'can-castle', 'seed': 5, 'count': 2, 'difficulty': 'hard'})
    check_eq(b2, b, 'top-level difficulty is the same')
    st, _, b3 = d.post('/v1/quizzes', {'generator': 'can-castle', 'seed': 5, 'count': 1, 'index': 1,
                                       'difficulty': 'hard'})
    check_eq(b3['questions'][0]['id'], b['questions'][1]['id'], 'index picks up where it says')

    begin('quizzes.languages')
    st, _, en = d.post('/v1/quizzes', {'generator': 'touch-move', 'seed': 3, 'count': 1})
    st, _, fa = d.post('/v1/quizzes', {'generator': 'touch-move', 'seed': 3, 'count': 1, 'lang': 'fa'})
    st, _, ar = d.post('/v1/quizzes?lang=ar', {'generator': 'touch-move', 'seed': 3, 'count': 1})
    check_eq(fa['questions'][0]['id'], en['questions'][0]['id'], 'same id in Persian')
    check_eq(ar['questions'][0]['fen'], en['questions'][0]['fen'], 'same fen in Arabic')
    check(len({en['questions'][0]['prompt'], fa['questions'][0]['prompt'], ar['questions'][0]['prompt']}) == 3,
          'three prompts')
    qid = en['questions'][0]['id']
    st, _, gfa = d.post('/v1/quizzes/answer', {'id': qid, 'answer': 'zzz', 'lang': 'fa'})
    st, _, gen_ = d.post('/v1/quizzes/answer', {'id': qid, 'answer': 'zzz'})
    check_eq(gfa['expected'], gen_['expected'], 'expected is a code, not text')
    check(gfa['explanations'][-1]['text'] != gen_['explanations'][-1]['text'], 'explanations in Persian')

    begin('quizzes.errors')
    cases = [
        ({'seed': 1}, 400, 'missing_field', 'generator'),
        ({'generator': 'status'}, 400, 'missing_field', 'seed'),
        ({'generator': 5, 'seed': 1}, 400, 'invalid_field', 'generator'),
        ({'generator': 'status', 'seed': 'x'}, 400, 'invalid_field', 'seed'),
        ({'generator': 'status', 'seed': -1}, 400, 'out_of_range', 'seed'),
        ({'generator': 'status', 'seed': 2 ** 53}, 400, 'out_of_range', 'seed'),
        ({'generator': 'status', 'seed': 1, 'count': 101}, 400, 'out_of_range', 'count'),
        ({'generator': 'status', 'seed': 1, 'count': -1}, 400, 'out_of_range', 'count'),
        ({'generator': 'nope', 'seed': 1}, 404, 'not_found', 'generator'),
        ({'generator': 'status', 'seed': 1, 'difficulty': 'impossible'}, 400, 'invalid_field', 'difficulty'),
        ({'generator': 'status', 'seed': 1, 'parameters': {'colour': 'red'}}, 400, 'unknown_field', 'parameters.colour'),
        ({'generator': 'status', 'seed': 1, 'level': 'easy'}, 400, 'unknown_field', 'level'),
        ({'generator': 'can-castle', 'seed': 1, 'parameters': {'difficulty': 'easy'}, 'difficulty': 'hard'}, 400,
         'conflicting_fields', 'difficulty'),
        ({'generator': 'status', 'seed': 1, 'parameters': []}, 400, 'invalid_field', 'parameters'),
    ]
    for body, status, code, field in cases:
        st, _, e = d.post('/v1/quizzes', body)
        check_eq(st, status, 'status for %r' % body)
        check_eq(e.get('error', {}).get('code'), code, 'code for %r' % body)
        check_eq(e.get('error', {}).get('field'), field, 'field for %r' % body)
    st, _, e = d.post('/v1/quizzes', {'generator': 'status', 'seed': 1, 'count': 101})
    check_eq(e['error'].get('limit'), 100, 'the cap is stated')
    answers = [
        ({'answer': 'x'}, 400, 'missing_field', 'id'),
        ({'id': 'status:1:0'}, 400, 'missing_field', 'answer'),
        ({'id': 'status:1', 'answer': 'x'}, 400, 'invalid_field', 'id'),
        ({'id': 'status:1:0:difficulty=medium', 'answer': 'x'}, 400, 'invalid_field', 'id'),
        ({'id': 'nope:1:0', 'answer': 'x'}, 404, 'not_found', 'id'),
        ({'id': 'status:1:0', 'answer': 'x' * 500}, 400, 'invalid_field', 'answer'),
        ({'id': 7, 'answer': 'x'}, 400, 'invalid_field', 'id'),
    ]
    for body, status, code, field in answers:
        st, _, e = d.post('/v1/quizzes/answer', body)
        check_eq(st, status, 'status for %r' % body)
        check_eq(e.get('error', {}).get('code'), code, 'code for %r' % body)
        check_eq(e.get('error', {}).get('field'), field, 'field for %r' % body)
    st, h, _ = d.request('DELETE', '/v1/quizzes')
    check_eq(st, 405, 'wrong method')
    check('GET' in h.get('allow', '') and 'POST' in h.get('allow', ''), 'Allow lists GET and POST')
    st, _, _ = d.request('GET', '/v1/quizzes/answer')
    check_eq(st, 405, 'GET on answer')
finally:
    d.stop()

begin('quizzes.budgets')
# quiz-instructions bounds every generated question and grading, and the check each generator
# passes when loaded: with 3,000 instructions some generators cannot produce a question at all,
# so they are logged and not served; the default serves all of them.
tight = Daemon(sys.argv[1], {'lessons': sys.argv[2], 'quiz-instructions': 3000})
try:
    st, _, h = tight.get('/v1/health')
    served = h.get('quizzes')
    check(st == 200 and 0 < served < BUNDLED, 'some generators fit 3,000 instructions, not all: %r' % served)
    check_eq(tight.metric('arbiterd_quiz_failures_total'), float(BUNDLED - served), 'the others counted as failures')
    st, _, listed = tight.get('/v1/quizzes')
    check_eq(len(listed['quizzes']), served, 'only those are listed')
    check('instruction budget (3000 instructions) ran out' in tight.log(), 'the log names the budget')
finally:
    tight.stop()

begin('quizzes.across_daemons')
d1, d2 = Daemon(sys.argv[1], {'lessons': sys.argv[2]}), Daemon(sys.argv[1], {'lessons': sys.argv[2]})
try:
    st, _, a = d1.post('/v1/quizzes', {'generator': 'pinned', 'seed': 77, 'count': 5})
    st, _, b = d2.post('/v1/quizzes', {'generator': 'pinned', 'seed': 77, 'count': 5})
    check_eq(a, b, 'two daemons, same questions')
    st, _, g1 = d1.post('/v1/quizzes/answer', {'id': a['questions'][2]['id'], 'answer': 'none'})
    st, _, g2 = d2.post('/v1/quizzes/answer', {'id': a['questions'][2]['id'], 'answer': 'none'})
    check_eq(g1, g2, 'graded alike anywhere')
finally:
    d1.stop()
    d2.stop()
finish()
