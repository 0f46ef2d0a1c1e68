#!/usr/bin/env python3
# daemon.batch: POST /v1/batch (the API trial's §1 "Missing: batch calls"). Each sub-request is
# answered exactly as when it is sent alone, in order, with its own status; only light routes are
# batched (searches, scripts, lists, probes and batches are refused in their slot); the batch's
# own shape is bounded (16 sub-requests, max-body, max-json-depth) and checked like any body.
import json
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS = sys.argv[1], sys.argv[2]
d = Daemon(BIN, {'lessons': LESSONS, 'max-body': 8192, 'max-json-depth': 12})


def batch(requests, **kw):
    return d.post('/v1/batch', {'requests': requests}, **kw)


def slot_error(resp):
    return resp['status'], resp['body'].get('error', {}).get('code'), resp['body'].get('error', {}).get('field')


try:
    begin('batch.each_as_alone')
    subs = [
        ('POST', '/v1/move', {'move': 'e4'}),
        ('POST', '/v1/move', {'fen': 'startpos', 'move': 'Ke2'}),
        ('POST', '/v1/analyze', {'moves': ['f3', 'e5', 'g4', 'Qh4#'], 'lang': 'fa'}),
        ('POST', '/v1/castling', {'fen': 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'}),
        ('POST', '/v1/validate', {'fen': 'startpos'}),
        ('POST', '/v1/outcome', {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'], 'claim': 'threefold'}),
        ('POST', '/v1/touch', {'touched': [{'square': 'g1'}]}),
        ('POST', '/v1/move', {'fen': '8/8/8/8/8/8/8/8 w - - 0 1', 'move': 'e4'}),  # 422 in its slot
        ('GET', '/v1/chess960/518', None),
        ('GET', '/v1/chess960/960', None),  # 404 in its slot
        ('GET', '/v1/lessons/castling-blocked', None),
        ('GET', '/v1/puzzles/m1-fools-mate', None),
        ('POST', '/v1/analyze', {'digits': 'native', 'lang': 'ar', 'moves': ['e4']}),
    ]
    reqs = [dict({'method': m, 'path': p}, **({'body': b} if b is not None else {})) for m, p, b in subs]
    st, h, out = batch(reqs, headers={'Accept-Language': 'fa'})
    check_eq((st, len(out.get('responses', []))), (200, len(subs)), 'one answer per sub-request')
    for i, ((m, p, b), got) in enumerate(zip(subs, out.get('responses', []))):
        if m == 'POST':
            alone = d.post(p, b, headers={'Accept-Language': 'fa'})
        else:
            alone = d.get(p, headers={'Accept-Language': 'fa'})
        check_eq((got['status'], got['body']), (alone[0], alone[2]), '%d: %s %s answered as alone' % (i, m, p))
    check_eq([r['status'] for r in out['responses']][7:10], [422, 200, 404], 'a slot\'s 422 or 404 fails only that slot')
    st, _, fa = d.post('/v1/batch?lang=fa', {'requests': [{'method': 'POST', 'path': '/v1/move', 'body': {'move': 'Ke2'}}]})
    check('\u2066' in fa['responses'][0]['body']['reasons'][0]['text'], 'the batch\'s ?lang= is the sub-requests\' language')

    begin('batch.heavy_and_others_refused_in_their_slot')
    refused = [('POST', '/v1/perft', {'depth': 1}), ('POST', '/v1/dead', {}), ('POST', '/v1/pgn', {'pgn': '1. e4 *'}),
               ('POST', '/v1/mate', {'fen': 'startpos', 'n': 1}), ('POST', '/v1/quizzes', {'generator': 'pinned', 'seed': 1}),
               ('POST', '/v1/quizzes/answer', {'id': 'pinned:1:0', 'answer': 'none'}),
               ('POST', '/v1/lessons/castling-blocked/steps/1/answer', {'answer': 'ok'}),
               ('POST', '/v1/puzzles/m1-fools-mate/answer', {'answer': 'Qh4#'}),
               ('POST', '/v1/games/annotate', {'pgn': '1. e4 *'}),
               ('POST', '/v1/batch', {'requests': [{'method': 'POST', 'path': '/v1/move', 'body': {'move': 'e4'}}]}),
               ('GET', '/v1/lessons', None), ('GET', '/v1/puzzles', None), ('GET', '/v1/quizzes', None),
               ('GET', '/v1/health', None), ('GET', '/metrics', None), ('GET', '/v1/openapi.json', None),
               ('GET', '/', None), ('GET', '/web/app.js', None)]
    reqs = [dict({'method': m, 'path': p}, **({'body': b} if b is not None else {})) for m, p, b in refused]
    reqs.append({'method': 'POST', 'path': '/v1/move', 'body': {'move': 'e4'}})
    st, _, out = batch(reqs[:16])
    check_eq(st, 200, 'the batch is answered')
    for i, r in enumerate(out['responses']):
        check_eq(slot_error(r), (400, 'invalid_field', 'requests[%d].path' % i), 'refused: %s %s' % refused[i][:2])
    st, _, out = batch(reqs[16:])
    check_eq([slot_error(r) for r in out['responses'][:2]],
             [(400, 'invalid_field', 'requests[0].path'), (400, 'invalid_field', 'requests[1].path')], 'the page is not batched')
    check_eq(out['responses'][2]['status'], 200, 'a light one beside them is served')
    st, _, out = batch([{'method': 'POST', 'path': '/v1/nowhere'}, {'method': 'GET', 'path': '/v1/move'},
                        {'method': 'POST', 'path': '/v1/move?lang=fa', 'body': {'move': 'e4'}},
                        {'method': 'GET', 'path': '/v1/chess960/1', 'body': {'x': 1}},
                        {'method': 'POST', 'path': '/v1/move', 'body': {'mov': 'e4'}},
                        {'method': 'POST', 'path': '/v1/move', 'body': {'move': 'e4', 'digits': 'roman'}},
                        {'method': 'POST', 'path': '/v1/move'}])
    check_eq([slot_error(r) for r in out['responses']],
             [(404, 'not_found', 'requests[0].path'), (405, 'method_not_allowed', 'requests[1].path'),
              (400, 'invalid_field', 'requests[2].path'), (400, 'invalid_field', 'requests[3].body'),
              (400, 'unknown_field', 'mov'), (400, 'invalid_field', 'digits'), (400, 'missing_field', 'move')],
             'unknown route, wrong method, a query string, a GET body, the sub-body checked as alone')

    begin('batch.bounded_and_checked')
    one = {'method': 'POST', 'path': '/v1/move', 'body': {'move': 'e4'}}
    st, _, e = batch([one] * 16)
    check_eq((st, len(e.get('responses', []))), (200, 16), '16 sub-requests are served')
    st, _, e = batch([one] * 17)
    check_eq((st, e['error']['code'], e['error'].get('limit')), (400, 'out_of_range', 16), '17 are refused whole')
    st, _, e = batch([])
    check_eq((st, e['error']['code'], e['error'].get('field')), (400, 'invalid_field', 'requests'), 'none is refused')
    for bad, code, field in (({}, 'missing_field', 'requests'), ({'requests': {}}, 'invalid_field', 'requests'),
                             ({'requests': 'x'}, 'invalid_field', 'requests'),
                             ({'requests': [1]}, 'invalid_field', 'requests'),
                             ({'requests': [{'path': '/v1/move'}]}, 'missing_field', 'requests[].method'),
                             ({'requests': [{'method': 'POST'}]}, 'missing_field', 'requests[].path'),
                             ({'requests': [{'method': 'PUT', 'path': '/v1/move'}]}, 'invalid_field', 'requests[].method'),
                             ({'requests': [{'method': 'POST', 'path': ''}]}, 'invalid_field', 'requests[].path'),
                             ({'requests': [{'method': 'POST', 'path': '/v1/' + 'x' * 300}]}, 'invalid_field', 'requests[].path'),
                             ({'requests': [dict(one, verb='GET')]}, 'unknown_field', 'requests[].verb'),
                             ({'requests': [dict(one, body='e4')]}, 'invalid_field', 'requests[].body'),
                             ({'requests': [dict(one, body=[1])]}, 'invalid_field', 'requests[].body'),
                             ({'requests': [one], 'extra': 1}, 'unknown_field', 'extra')):
        st, _, e = d.post('/v1/batch', bad)
        check_eq((st, e.get('error', {}).get('code'), e.get('error', {}).get('field')), (400, code, field),
                 'malformed: %s' % json.dumps(bad)[:80])
    # nesting beyond max-json-depth inside a sub-request's body, and a body beyond max-body
    deep = {'move': 'e4'}
    for _ in range(12):
        deep = {'x': deep}
    st, _, e = batch([dict(one, body=deep)])
    check_eq((st, e['error']['code']), (400, 'too_deep'), 'a sub-body past max-json-depth refuses the batch')
    big = [{'method': 'POST', 'path': '/v1/move', 'body': {'fen': 'startpos', 'moves': ['e4'] * 400, 'move': 'e4'}}] * 4
    st, _, e = batch(big)
    check_eq((st, e['error']['code'], e['error'].get('limit')), (413, 'body_too_large', 8192), 'max-body bounds the batch')
    st, _, e = batch([{'method': 'POST', 'path': '/v1/move', 'body': {'moves': ['e4'] * 1001, 'move': 'e5'}}])
    check_eq((st, slot_error(e['responses'][0])[:2]), (200, (400, 'too_many_moves')), 'a sub-body\'s own limits hold')

    begin('batch.still_serving')
    st, _, h = d.get('/v1/health')
    check_eq((st, h.get('status')), (200, 'ok'), 'the daemon is healthy after the hostile batches')
    check(d.proc.poll() is None, 'arbiterd did not die')
finally:
    d.stop()
finish()
