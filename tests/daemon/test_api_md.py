#!/usr/bin/env python3
# daemon.api_md: docs/api.md's examples run. Every ```json block of it is preceded by a marker,
#   <!-- example: METHOD PATH [BODY] [at KEY.INDEX...] -->
# (or `<!-- example: not run (why) -->`); the request is the marker's body, else the block's text
# before " →"; the answer must match the rest of the block, where `...` (or `…`) stands for
# members or items left out, and a string ending in `…` for the rest of that text. Everything the
# block does state must be what arbiterd answers, member for member.
import json
import os
import re
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ELIDED = '__elided__'


def loads_elided(text):
    """JSON where a bare ... or … stands for members (in an object) or items (in an array)."""
    out, stack, i, in_str = [], [], 0, False
    while i < len(text):
        c = text[i]
        if in_str:
            out.append(c)
            if c == '\\':
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            out.append(c)
        elif text.startswith('...', i) or c == '…':
            out.append('"%s": 0' % ELIDED if stack and stack[-1] == '{' else '"%s"' % ELIDED)
            i += 3 if c == '.' else 1
            continue
        else:
            if c in '{[':
                stack.append(c)
            elif c in '}]':
                stack.pop()
            out.append(c)
        i += 1
    return json.loads(''.join(out))


def match(want, got, where):
    """Problems where got differs from the elided pattern want."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return ['%s: an object expected, got %r' % (where, got)]
        open_ = ELIDED in want
        keys = [k for k in want if k != ELIDED]
        out = [p for k in keys for p in (match(want[k], got[k], where + '.' + k) if k in got
                                         else ['%s.%s: missing' % (where, k)])]
        if not open_ and set(got) != set(keys):
            out.append('%s: members %s, the example says %s (no ...)' % (where, sorted(got), sorted(keys)))
        return out
    if isinstance(want, list):
        if not isinstance(got, list):
            return ['%s: an array expected' % where]
        items = [w for w in want if w != ELIDED]
        if ELIDED not in want:
            if len(got) != len(items):
                return ['%s: %d items, the example shows %d (no ...)' % (where, len(got), len(items))]
            return [p for k, (w, g) in enumerate(zip(items, got)) for p in match(w, g, '%s[%d]' % (where, k))]
        j, out = 0, []  # in order, with gaps
        for w in items:
            while j < len(got) and match(w, got[j], where):
                j += 1
            if j == len(got):
                out.append('%s: no item matches %s (in order)' % (where, json.dumps(w, ensure_ascii=False)[:120]))
                break
            j += 1
        return out
    if isinstance(want, str) and want.endswith('…') and isinstance(got, str):
        return [] if got.startswith(want[:-1]) else ['%s: %r does not start with %r' % (where, got, want[:-1])]
    return [] if want == got else ['%s: %r, the example says %r' % (where, got, want)]


text = open(os.path.join(ROOT, 'docs', 'api.md'), encoding='utf-8').read()
blocks = list(re.finditer(r'(?:<!-- example: (.*?) -->\n)?```json\n(.*?)```', text, re.S))
d = Daemon(BIN, {'lessons': LESSONS})
try:
    begin('api_md.every_example_marked')
    check(len(blocks) >= 6, 'the examples: %d' % len(blocks))
    ran = 0
    for m in blocks:
        marker, block = m.group(1), m.group(2)
        line = text[:m.start()].count('\n') + 1
        check(marker is not None, 'docs/api.md:%d: a ```json block without an example marker' % line)
        if not marker or marker.startswith('not run'):
            continue
        begin('api_md.line_%d' % line)
        mk = re.match(r'(GET|POST) (\S+)(?: (\{.*?\}))?(?: at (\S+))?$', marker)
        check(mk is not None, 'docs/api.md:%d: marker %r' % (line, marker))
        if not mk:
            continue
        method, path, body, at = mk.groups()
        if ' →' in block:
            request, answer = block.split(' →', 1)
            body = body or request
        else:
            answer = block
        want = loads_elided(answer)
        st, _, got = d.request(method, path, json.loads(body) if body else None)
        for k in (at.split('.') if at else []):
            got = got[int(k)] if isinstance(got, list) else got.get(k)
        problems = match(want, got, 'answer')
        check(st == 200 and not problems, 'docs/api.md:%d %s %s: %d %s' % (line, method, path, st, problems[:3]))
        ran += 1
    begin('api_md.count')
    check(ran >= 5, 'examples run: %d' % ran)

    begin('api_md.runtime_codes')  # every code a lesson, quiz or puzzle runtime adds is documented
    import glob
    sources = glob.glob(os.path.join(ROOT, 'lua', '*.lua')) + glob.glob(os.path.join(ROOT, 'lessons', '**', '*.lua'),
                                                                         recursive=True)
    codes = set()
    for f in sources:
        codes |= set(re.findall(r'note\("([a-z_]+)"', open(f, encoding='utf-8').read()))
        codes |= set(re.findall(r'code = "([a-z_]+)"', open(f, encoding='utf-8').read()))
    section = text.split('### Explanation object', 1)[1].split('### Errors', 1)[0]
    check(len(codes) > 20, 'the runtimes\' codes: %d' % len(codes))
    for c in sorted(codes):
        check('`%s`' % c in section, 'docs/api.md "Explanation object" names the runtime code %s' % c)
finally:
    d.stop()
finish()
