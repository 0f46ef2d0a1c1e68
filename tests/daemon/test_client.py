#!/usr/bin/env python3
# daemon.client: web/arbiter-client.js as an app uses it. Its usage comment runs against arbiterd
# as written (each `console.log(...)   // expected` line must print the expected text), and its
# 503 retry after Retry-After, its AbortSignal (before and during a wait) and its errors are
# checked with a fetch that answers as told. Needs node (skipped without).
import os
import re
import shutil
import subprocess
import sys
import tempfile

from daemon_util import Daemon, begin, check, check_eq, finish

BIN = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLIENT = os.path.join(ROOT, 'web', 'arbiter-client.js')
if not shutil.which('node'):
    print('SKIP: node is needed')
    sys.exit(77)


def node(code):
    with tempfile.NamedTemporaryFile('w', suffix='.mjs', delete=False) as f:
        f.write(code)
    try:
        out = subprocess.run(['node', f.name], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(f.name)
    return out.returncode, out.stdout, out.stderr


# The usage comment: the indented lines of the file's opening comment.
source = open(CLIENT, encoding='utf-8').read()
usage = [line[5:] for line in source.split('\n\n', 1)[0].splitlines() if line.startswith('//   ')]
expected = [m.group(1).strip() for line in usage for m in [re.search(r'console\.log\(.*\)\s*//\s*(.*)$', line)] if m]

d = Daemon(BIN)
try:
    begin('client.usage_comment_runs')
    check(len(usage) >= 4 and len(expected) >= 2, 'the usage comment has code and expected outputs: %r' % usage)
    code = '\n'.join(line.replace('http://localhost:8080', 'http://127.0.0.1:%d' % d.port) for line in usage)
    code = code.replace('from "./arbiter-client.js"', 'from "file://%s"' % CLIENT)
    rc, out, err = node(code)
    check_eq(rc, 0, 'the usage comment runs: ' + err[-800:])
    check_eq(out.strip().splitlines(), expected, 'and prints what its comments say')

    begin('client.batch')
    rc, out, err = node('import {ArbiterClient} from "file://%s"\n'
                        'const a = new ArbiterClient({base: "http://127.0.0.1:%d", lang: "en"})\n'
                        'const b = await a.batch([{method: "POST", path: "/v1/move", body: {move: "Ke2"}},\n'
                        '                         {method: "POST", path: "/v1/perft", body: {depth: 1}}])\n'
                        'console.log(JSON.stringify([b.responses.map(r => r.status), b.responses[0].body.reasons[0].code,\n'
                        '                            b.responses[1].body.error.field]))\n' % (CLIENT, d.port))
    check_eq((rc, out.strip()), (0, '[[200,400],"own_piece_on_target","requests[1].path"]'),
             'batch() resolves to each slot\'s status and body: ' + err[-400:])
finally:
    d.stop()

begin('client.retry_and_abort')
harness = '''
import {ArbiterClient, ArbiterError} from "file://%s"
const log = []
function answer(status, body, headers = {}) {
    return {status, ok: status < 400, headers: {get: k => headers[k] ?? null}, text: async () => JSON.stringify(body)}
}
// 503 twice (Retry-After 0, then none: 1 s capped by maxWait 0), then the answer
let calls = 0
let c = new ArbiterClient({retries: 2, maxWait: 0, fetch: async () => ++calls < 3
    ? answer(503, {error: {code: "overloaded", message: "busy"}}, {"Retry-After": "0"}) : answer(200, {status: "ok"})})
log.push((await c.health()).status + " after " + calls)
// more 503s than retries: the error
calls = 0
c = new ArbiterClient({retries: 1, maxWait: 0, fetch: async () => { calls++; return answer(503, {error: {code: "overloaded"}}) }})
try { await c.health() } catch (e) { log.push(e instanceof ArbiterError ? e.code + " " + e.status + " after " + calls : "?") }
// a signal aborted during the wait before a retry rejects at once
const stop = new AbortController()
c = new ArbiterClient({retries: 3, maxWait: 30, fetch: async (url, init) => {
    setTimeout(() => stop.abort(new Error("unmounted")), 10)
    return answer(503, {error: {code: "overloaded"}}, {"Retry-After": "30"}) }})
const t0 = Date.now()
try { await c.health({signal: stop.signal}) } catch (e) { log.push(e.message + (Date.now() - t0 < 5000 ? " at once" : " late")) }
// the signal reaches fetch
let seen = null
c = new ArbiterClient({fetch: async (url, init) => { seen = init.signal; return answer(200, {}) }})
const s2 = new AbortController()
await c.analyze({}, {signal: s2.signal})
log.push(seen === s2.signal ? "signal passed" : "signal lost")
// an error answer: the API's error object
c = new ArbiterClient({fetch: async () => answer(422, {error: {code: "illegal_move", field: "moves", index: 1}})})
try { await c.analyze({moves: ["e4", "Ke3"]}) } catch (e) { log.push(e.code + " " + e.error.field + " " + e.error.index) }
console.log(log.join("\\n"))
''' % CLIENT
rc, out, err = node(harness)
check_eq(rc, 0, 'the harness runs: ' + err[-800:])
check_eq(out.strip().splitlines(), ['ok after 3', 'overloaded 503 after 2', 'unmounted at once', 'signal passed',
                                    'illegal_move moves 1'], 'retry, abort, errors')
finish()
