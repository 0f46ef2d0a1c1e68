#!/usr/bin/env python3
# daemon.openapi_examples: every example of docs/openapi.json is a real exchange. Each request of
# tests/data/openapi-examples.json is sent to arbiterd and its answer must be the recorded one
# (arrays cut to their first three items, 'volatile' members not compared, 'keep' only those
# members, 'text_lines' the first lines of a text answer); the document must carry exactly these
# examples (scripts/gen-openapi puts them there), and every operation must have one.
# Usage: test_openapi_examples.py ARBITERD LESSONS [--record]  (--record rewrites the answers)
import collections
import json
import os
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS = sys.argv[1], sys.argv[2]
RECORD = '--record' in sys.argv
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATH = os.path.join(ROOT, 'tests', 'data', 'openapi-examples.json')
CUT = 3


def cut(v):
    if isinstance(v, list):
        return [cut(x) for x in v[:CUT]]
    if isinstance(v, dict):
        return collections.OrderedDict((k, cut(x)) for k, x in v.items())
    return v


def shown(ex, status, body):
    """The answer as the example shows it."""
    if ex.get('text_lines'):
        return '\n'.join(body.splitlines()[:ex['text_lines']])
    if ex.get('keep'):
        body = collections.OrderedDict((k, body[k]) for k in ex['keep'] if k in body)
    return cut(body)


def compared(ex, v):
    """What must match: the example without its 'volatile' members (their recorded values stay in
    the document, so the example still fits its schema)."""
    if isinstance(v, dict) and isinstance(v.get('body'), dict):
        v = dict(v, body={k: x for k, x in v['body'].items() if k not in ex.get('volatile', [])})
    return v


with open(PATH, encoding='utf-8') as f:
    data = json.load(f, object_pairs_hook=collections.OrderedDict)
examples = data['examples']
servers = {False: Daemon(BIN, {'lessons': LESSONS}),
           True: Daemon(BIN, {'lessons': LESSONS, 'lesson-preview': 'true'})}
try:
    begin('openapi_examples.replayed')
    for ex in examples:
        d = servers[bool(ex.get('preview'))]
        req = ex['request']
        st, _, body = d.request(req['method'], req['path'], req.get('body'))
        got = {'status': st, 'body': shown(ex, st, body)}
        if RECORD:
            ex['response'] = got
            continue
        check_eq(compared(ex, got), compared(ex, ex['response']),
                 '%s (%s): the answer is the recorded one (an intended change: rerecord with `python3 '
                 'tests/daemon/test_openapi_examples.py build/daemon/arbiterd lessons --record`, then '
                 'scripts/gen-openapi)' % (ex['operation'], ex['name']))
    if RECORD:
        with open(PATH, 'w', encoding='utf-8') as f:
            f.write(json.dumps(data, indent=1, ensure_ascii=False) + '\n')
        print('recorded', len(examples), 'examples in', PATH)

    begin('openapi_examples.in_the_document')
    with open(os.path.join(ROOT, 'docs', 'openapi.json'), encoding='utf-8') as f:
        doc = json.load(f)
    ops = {op['operationId']: op for path in doc['paths'].values() for m, op in path.items() if m in ('get', 'post')}
    check_eq(sorted(ops), sorted(ex['operation'] for ex in examples), 'one example for every operation')
    for ex in examples:
        op = ops.get(ex['operation'], {})
        if 'body' in ex['request']:
            media = op.get('requestBody', {}).get('content', {}).get('application/json', {})
            check_eq(media.get('examples', {}).get(ex['name'], {}).get('value'), ex['request']['body'],
                     ex['operation'] + ': the request example')
        resp = op.get('responses', {}).get(str(ex['response']['status']), {})
        media = next(iter(resp.get('content', {}).values()), {})
        check_eq(media.get('examples', {}).get(ex['name'], {}).get('value'), ex['response']['body'],
                 ex['operation'] + ': the answer example')
finally:
    for d in servers.values():
        d.stop()
finish()
