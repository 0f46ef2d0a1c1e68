#!/usr/bin/env python3
# daemon.contract: every constraint of docs/openapi.json's request schemas is one the server
# enforces, and every example request is one it accepts. For each operation with a body, the
# example request (tests/data/openapi-examples.json) is changed to break exactly one constraint
# of its schema (a wrong type, a value outside an enumeration, one past a minimum or maximum, a
# string too long, an unknown member, a required member left out, two members that exclude each
# other, a member without the one it needs) and the server must refuse it with 400 naming that
# field. Together with Daemon.request (every accepted request must fit its schema), the schemas
# and the server cannot disagree in either direction.
import copy
import json
import os
import sys

import openapi_check
from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
examples = json.load(open(os.path.join(ROOT, 'tests', 'data', 'openapi-examples.json'), encoding='utf-8'))['examples']
contract = openapi_check.contract()
WRONG_TYPE = {'string': 5, 'integer': 'x', 'boolean': 'yes', 'array': 'e4', 'object': [1]}
# Members the base body gets so that their own members are tried too (and those it then drops).
NEEDS = {'decideOutcome': ({'illegal_move': {'offender': 'white'}}, ['claim']),
         'touchMove': ({'promotion': {'square': 'a8', 'piece': 'Q'}}, [])}


def resolve(s):
    while '$ref' in s:
        s = contract.components[s['$ref'].split('/')[-1]]
    return s


def value_of(schema):
    """A value that fits a member's schema (for members a test adds)."""
    s = resolve(schema)
    if 'enum' in s:
        return s['enum'][0]
    if 'const' in s:
        return s['const']
    t = s.get('type')
    return {'string': 'a1' if s.get('pattern') else 'x', 'integer': max(s.get('minimum', 1), 1), 'boolean': True,
            'array': [], 'object': {}}.get(t, 'x')


def breakers(schema, body, where):
    """(description, field path, body) for each way of breaking one constraint of the object
    schema at `where` (a list of keys into body)."""
    s = resolve(schema)
    target = body
    for k in where:
        target = target[k]
    name = '.'.join(str(k) for k in where)
    prefix = name + '.' if name else ''
    for prop, ps in s.get('properties', {}).items():
        ps = resolve(ps)
        t = ps.get('type')
        present = prop in target
        def variant(v, prop=prop):
            b = copy.deepcopy(body)
            o = b
            for k in where:
                o = o[k]
            if v is None:
                o.pop(prop, None)
            else:
                o[prop] = v
            return b
        if isinstance(t, str) and t in WRONG_TYPE:
            yield 'wrong type', prefix + prop, variant(WRONG_TYPE[t])
        if 'enum' in ps:
            yield 'not in the enumeration', prefix + prop, variant('Not-' + str(ps['enum'][0]))
        if 'pattern' in ps:
            yield 'not the pattern', prefix + prop, variant('z9')
        if 'minimum' in ps:
            yield 'below the minimum', prefix + prop, variant(ps['minimum'] - 1)
        if 'maximum' in ps:
            yield 'above the maximum', prefix + prop, variant(ps['maximum'] + 1)
        if 'maxLength' in ps:
            yield 'too long', prefix + prop, variant('x' * (ps['maxLength'] + 1))
        if 'minLength' in ps and ps['minLength'] > 0:
            yield 'too short', prefix + prop, variant('')
        if 'maxItems' in ps:
            item = resolve(ps.get('items', {}))
            one = value_of(item) if item.get('type') != 'object' else {k: value_of(v) for k, v in
                                                                        item.get('properties', {}).items()}
            if item.get('type') == 'string' and not item.get('pattern'):
                one = 'e4'
            yield 'too many items', prefix + prop, variant([one] * (ps['maxItems'] + 1))
        if 'minItems' in ps and ps['minItems'] > 0:
            yield 'too few items', prefix + prop, variant([])
        if prop in s.get('required', []) and present:
            yield 'required, left out', prefix + prop, variant(None)
        if t == 'object' and ps.get('properties') and ps.get('additionalProperties') is False:
            sub = copy.deepcopy(target.get(prop)) if present else None
            if sub is None:
                continue
            for d, f, b in breakers(ps, variant(sub), where + [prop]):
                yield d, f, b
    if s.get('additionalProperties') is False:
        b = copy.deepcopy(body)
        o = b
        for k in where:
            o = o[k]
        o['zz_not_a_field'] = 1
        yield 'an unknown member', prefix + 'zz_not_a_field', b


def between(schema, body):
    """Bodies that break the constraints between fields (not/anyOf pairs, oneOf, dependentRequired)."""
    s = resolve(schema)
    props = s.get('properties', {})
    pairs = s.get('not', {}).get('anyOf', [])
    exclusive = {part['required'][0] for pair in pairs for part in pair['allOf']}
    for pair in pairs:
        b = {k: v for k, v in body.items() if k not in exclusive}
        names = []
        for part in pair['allOf']:
            n = part['required'][0]
            names.append(n)
            v = part['properties'][n]
            b[n] = v['const'] if isinstance(v, dict) and 'const' in v else value_of(props[n])
        yield 'both %s and %s' % tuple(names), names[1], b
    if 'oneOf' in s:
        names = [o['required'][0] for o in s['oneOf']]
        b = {k: v for k, v in body.items() if k not in names}
        yield 'none of %s' % names, names[0], b
        b = copy.deepcopy(body)
        for n in names:
            b.setdefault(n, value_of(props[n]) if props[n].get('type') != 'array' else ['e4'])
        yield 'all of %s' % names, names[1], b
    for a, needs in s.get('dependentRequired', {}).items():
        b = {k: v for k, v in body.items() if k not in needs}
        b[a] = value_of(props[a])
        yield '%s without %s' % (a, needs[0]), needs[0], b


d = Daemon(BIN, {'lessons': LESSONS, 'lesson-preview': 'true'})
try:
    tried = 0
    for ex in examples:
        req = ex['request']
        if 'body' not in req:
            continue
        op = ex['operation']
        template, operation, _ = contract.operation(req['method'], req['path'])
        schema = operation['requestBody']['content']['application/json']['schema']
        base = copy.deepcopy(req['body'])
        extra, drop = NEEDS.get(op, ({}, []))
        base.update(copy.deepcopy(extra))
        for k in drop:
            base.pop(k, None)
        begin('contract.%s.accepted' % op)
        st, _, _ = d.request(req['method'], req['path'], base)
        check(st not in (400, 404), '%s: the example request (%r) is accepted: %d' % (op, base, st))
        begin('contract.%s.enforced' % op)
        for what, field, body in list(breakers(schema, base, [])) + list(between(schema, base)):
            st, _, answer = d.request(req['method'], req['path'], body, headers={'Content-Type': 'application/json'})
            err = answer.get('error', {}) if isinstance(answer, dict) else {}
            tried += 1
            got_field = err.get('field', '')
            check(st == 400 and (got_field == field or got_field.replace('[]', '') == field or
                                 field.startswith(got_field + '.') or got_field.split('.')[0] == field.split('.')[0]),
                  '%s, %s (%s): %d %s %r' % (op, what, field, st, err.get('code'), got_field))
    begin('contract.count')
    check(tried > 100, 'every constraint tried: %d requests' % tried)
finally:
    d.stop()
finish()
