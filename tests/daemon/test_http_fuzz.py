#!/usr/bin/env python3
# daemon.http_fuzz: a seeded, bounded HTTP-level fuzz campaign against the built daemon. Raw
# requests from nine families (request lines, headers, Content-Length, chunked bodies,
# pipelining, bodies/URIs/headers at and past every limit, JSON bodies, smuggling framing, slow
# clients) are sent on their own connections, a few at a time. Each answer must be documented:
# JSON with an error code of docs/api.md whose status matches (the requests libmicrohttpd's own
# parser refuses included: daemon/refusals.c answers them), or the connection closed without an
# answer; no answer may be an HTML page or carry its status line twice; nothing may hang past the
# request deadline. After each family every route answers, health says ok and nothing is left in
# flight; at the end the daemon exits 0 (under ASan: no leak, no error). Environment:
# HTTP_FUZZ_SEED, HTTP_FUZZ_CASES, HTTP_FUZZ_SECONDS.
import json
import os
import random
import re
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from daemon_util import Daemon, begin, check, check_eq, finish

BIN = sys.argv[1]
API_MD = sys.argv[2]
SEED = int(os.environ.get('HTTP_FUZZ_SEED', '20261201'))
CASES = int(os.environ.get('HTTP_FUZZ_CASES', '2000'))
SECONDS = float(os.environ.get('HTTP_FUZZ_SECONDS', '120'))
LIMITS = {'max-body': 2048, 'max-uri': 512, 'max-headers': 2048, 'request-timeout': 2, 'timeout': 2,
          'threads': 2, 'max-per-ip': 0}
WAIT = LIMITS['request-timeout'] + 4  # no case may stay unanswered and open longer than this

# The error codes docs/api.md documents, with their status.
DOCUMENTED = {m.group(1): int(m.group(2))
              for m in re.finditer(r'^\| `([a-z_0-9]+)` \| (\d{3}) \|', open(API_MD).read(), re.M)}

rng = random.Random(SEED)
ROUTES_GET = ['/v1/health', '/metrics', '/v1/openapi.json', '/v1/lessons', '/v1/lessons/none',
              '/v1/quizzes', '/v1/puzzles', '/v1/nothing', '/']
ROUTES_POST = ['/v1/move', '/v1/analyze', '/v1/validate', '/v1/outcome', '/v1/castling', '/v1/touch',
               '/v1/perft', '/v1/dead', '/v1/quizzes', '/v1/quizzes/answer', '/v1/puzzles/p1/answer',
               '/v1/lessons/x/steps/1/answer']
BODIES = [b'{"move":"e4"}', b'{}', b'{"moves":["e4","e5"],"move":"Nf3"}', b'{"depth":2}',
          b'{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}', b'[]', b'{"move":', b'\xff\xfe', b'{"a\\u0000":1}']


def pick(xs):
    return xs[rng.randrange(len(xs))]


def junk(n):
    return bytes(rng.randrange(256) for _ in range(n))


def request(method=b'POST', target=None, version=b'HTTP/1.1', headers=None, body=b'', close=True):
    target = target or pick(ROUTES_POST if method == b'POST' else ROUTES_GET).encode()
    h = [(b'Host', b't')] + list(headers or [])
    if close:
        h.append((b'Connection', b'close'))
    return method + b' ' + target + b' ' + version + b'\r\n' + b''.join(k + b': ' + v + b'\r\n' for k, v in h) + \
        b'\r\n' + body


def post(body, extra=(), close=True, target=None):
    return request(b'POST', target, headers=[(b'Content-Type', b'application/json'),
                                              (b'Content-Length', b'%d' % len(body))] + list(extra),
                   body=body, close=close)


def chunked(body, pieces):
    out, i = b'', 0
    while i < len(body):
        n = rng.randint(1, max(1, len(body) // pieces + 1))
        out += b'%x' % n + pick([b'', b';ext=1', b';a']) + b'\r\n' + body[i:i + n] + b'\r\n'
        i += n
    return out + b'0\r\n' + pick([b'', b'X-Trailer: 1\r\n']) + b'\r\n'


# ---- the families: each returns (raw bytes, expected answers or None, slow) ----
def fam_request_line():
    method = pick([b'GET', b'POST', b'HEAD', b'PUT', b'DELETE', b'OPTIONS', b'TRACE', b'CONNECT', b'get',
                   b'G\x01T', b'X' * rng.randint(20, 300), b''])
    target = pick([pick(ROUTES_GET).encode(), b'*', b'http://t/v1/health', b'/v1/%zz', b'/v1/lessons/%00',
                   b'/v1/lessons/' + b'a' * rng.randint(100, 700), b'/v1/../../etc/passwd', b'/v1/health?' +
                   b'&'.join(b'a%d=b' % i for i in range(rng.randint(1, 400))), junk(rng.randint(1, 30)), b''])
    version = pick([b'HTTP/1.1', b'HTTP/1.0', b'HTTP/0.9', b'HTTP/1.2', b'HTTP/2.0', b'HTTP/9.9', b'HTTP/1.1x',
                    b'http/1.1', b''])
    sep = pick([b' ', b' ', b'  ', b'\t'])
    end = pick([b'\r\n', b'\r\n', b'\n'])
    return method + sep + target + sep + version + end + b'Host: t\r\nConnection: close\r\n\r\n', None, False


def fam_headers():
    n = pick([1, 5, 40, rng.randint(100, 400)])
    hs = []
    for i in range(n):
        name = pick([b'X-%d' % i, b'X-Pad', b'Accept-Language', b'Content-Type', b'Expect', b'Cookie',
                     b'X A', b'', b'X-\x00', b'\xff'])
        value = pick([b'v', b'fa', b'ar;q=0.5, *', b'100-continue', b'a' * rng.randint(100, 3000),
                      b'\x00x', junk(5).replace(b'\r', b'').replace(b'\n', b''), b'application/json'])
        hs.append(name + pick([b': ', b':', b' : ']) + value)
    if rng.random() < 0.1:
        hs.append(b'NoColonHere')
    if rng.random() < 0.1:
        hs.append(b' folded continuation')
    body = pick(BODIES)
    head = b'POST ' + pick(ROUTES_POST).encode() + b' HTTP/1.1\r\nHost: t\r\nConnection: close\r\n' + \
        b'Content-Length: %d\r\n' % len(body) + b''.join(h + b'\r\n' for h in hs) + b'\r\n'
    return head + body, None, False


def fam_content_length():
    body = pick(BODIES)
    cl = pick([b'-1', b'+5', b'abc', b'18446744073709551616', b'18446744073709551615', b'5, 5', b'0005',
               b'%d' % len(body), b'%d' % (len(body) + rng.randint(1, 50)), b'%d' % max(0, len(body) - 3),
               b'1000000000', b' %d ' % len(body), b''])
    return request(b'POST', headers=[(b'Content-Type', b'application/json'), (b'Content-Length', cl)],
                   body=body), None, False


def fam_chunked():
    body = pick(BODIES) * rng.randint(1, 4)
    mode = rng.randrange(6)
    if mode == 0:
        payload = chunked(body, rng.randint(1, 8))
    elif mode == 1:
        payload = pick([b'zz', b'-5', b'ffffffffffffffff', b'10000000000000000', b'', b'5;' + b'e' * 3000]) + \
            b'\r\n' + body + b'\r\n0\r\n\r\n'
    elif mode == 2:
        payload = b'%x\r\n' % (len(body) + 7) + body + b'\r\n0\r\n\r\n'  # length mismatch
    elif mode == 3:
        payload = chunked(body, 3)[:-5]  # no terminator
    elif mode == 4:
        big = b'{"move":"e4","pad":"' + b'x' * rng.choice([2000, 2100, 9000, 20000]) + b'"}'
        payload = chunked(big, rng.randint(2, 20))
    else:
        payload = b'1\r\n{\r\n' * rng.randint(1, 3000) + b'0\r\n\r\n'
    te = pick([b'chunked', b'Chunked', b'chunked', b'gzip, chunked', b'identity'])
    return request(b'POST', headers=[(b'Content-Type', b'application/json'), (b'Transfer-Encoding', te)],
                   body=payload), None, False


def fam_pipeline():
    n = rng.randint(2, 20)
    reqs = []
    for i in range(n):
        if rng.random() < 0.5:
            reqs.append(request(b'GET', pick([b'/v1/health', b'/v1/lessons', b'/v1/nothing']), close=False))
        else:
            reqs.append(post(pick(BODIES[:5]), close=False))
    reqs.append(request(b'GET', b'/v1/health', close=True))
    return b''.join(reqs), n + 1, False


def fam_limits():
    which = rng.randrange(3)
    lim = LIMITS['max-body'] if which == 0 else LIMITS['max-uri'] if which == 1 else LIMITS['max-headers']
    size = lim + pick([-1, 0, 1, 2, 100, lim * 3, lim * 5])
    if which == 0:
        pad = max(0, size - len(b'{"move":"e4","pad":""}'))
        body = b'{"move":"e4","pad":"' + b'x' * pad + b'"}'
        if rng.random() < 0.5:
            return post(body), None, False
        return request(b'POST', headers=[(b'Content-Type', b'application/json'), (b'Transfer-Encoding', b'chunked')],
                       body=chunked(body, rng.randint(1, 10))), None, False
    if which == 1:
        return request(b'GET', b'/v1/health?p=' + b'a' * max(0, size - 14)), None, False
    return request(b'GET', b'/v1/health', headers=[(b'X-Pad', b'a' * max(0, size - 40))]), None, False


def fam_json():
    body = bytearray(pick(BODIES[:5]))
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(body) + 1)
        op = rng.randrange(3)
        if op == 0:
            body[i:i] = junk(rng.randint(1, 4))
        elif op == 1 and body:
            del body[min(i, len(body) - 1)]
        else:
            body[i:i] = pick([b'[' * 40, b'{"a":', b'"\\ud800"', b'1e999', b'\x00', b',', b'"lang":"fa",'])
    return post(bytes(body)), None, False


def fam_smuggle():
    body = b'{"move":"e4"}'
    smuggled = b'GET /v1/SMUGGLED HTTP/1.1\r\nHost: t\r\n\r\n'
    hs = pick([[(b'Content-Length', b'%d' % len(body)), (b'Transfer-Encoding', b'chunked')],
               [(b'Transfer-Encoding', b'chunked'), (b'Content-Length', b'3')],
               [(b'Content-Length', b'%d' % len(body)), (b'Content-Length', b'5')],
               [(b'Transfer-Encoding', b'chunked'), (b'Transfer-Encoding', b'identity')],
               [(b'transfer-encoding', b'chunked'), (b'content-length', b'4')]])
    payload = b'd\r\n' + body + b'\r\n0\r\n\r\n' if any(k == b'Transfer-Encoding' for k, _ in hs) else body
    return request(b'POST', b'/v1/move', headers=[(b'Content-Type', b'application/json')] + hs,
                   body=payload + smuggled, close=False), 1, False


def fam_slow():
    head = post(b'{"move":"e4"}', close=True)
    cut = rng.randrange(1, len(head))
    return head[:cut], None, True  # the rest never comes: the deadline closes it


FAMILIES = [('request_line', fam_request_line, 3), ('headers', fam_headers, 3), ('content_length', fam_content_length, 2),
            ('chunked', fam_chunked, 3), ('pipelining', fam_pipeline, 2), ('limits', fam_limits, 3),
            ('json', fam_json, 3), ('smuggling', fam_smuggle, 1), ('slow', fam_slow, 1)]


# ---- sending and judging ----
def exchange(port, raw, slow):
    """Sends raw (slowly, byte groups with pauses, when slow) and reads until the server closes.
    Returns (bytes, closed, seconds)."""
    s = socket.create_connection(('127.0.0.1', port), timeout=WAIT)
    t0 = time.monotonic()
    try:
        if slow:
            for i in range(0, len(raw), 7):
                s.sendall(raw[i:i + 7])
                time.sleep(0.05)
        else:
            s.sendall(raw)
    except OSError:
        pass
    out, closed = b'', False
    s.settimeout(0.25)
    while time.monotonic() - t0 < WAIT:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        out += chunk
    s.close()
    return out, closed, time.monotonic() - t0


def split_answers(data, head_request=False):
    """Parses a byte stream into [(status, headers, body)]; a tail that is not an answer is
    returned as (None, {}, rest). The answer to a HEAD request has no body, except a refusal of
    the HTTP parser (the method is not known then), which closes the connection: its body is
    exactly the rest of the stream."""
    answers = []
    while data:
        head_end = data.find(b'\r\n\r\n')
        m = re.match(rb'HTTP/1\.[01] (\d{3}) [^\r\n]*\r\n', data)
        if not m or head_end < 0:
            answers.append((None, {}, data))
            break
        headers = {}
        for line in data[m.end():head_end].split(b'\r\n'):
            if b':' in line:
                k, v = line.split(b':', 1)
                headers[k.strip().lower().decode('latin-1')] = v.strip().decode('latin-1')
        n = int(headers.get('content-length', '0') or 0)
        if head_request and not answers and not (headers.get('connection', '').lower() == 'close'
                                                 and len(data) - head_end - 4 == n):
            n = 0
        body = data[head_end + 4:head_end + 4 + n]
        answers.append((int(m.group(1)), headers, body))
        data = data[head_end + 4 + n:]
    return answers


stats = {'cases': 0, 'answers': 0, 'closed_without_answer': 0, 'status': {}, 'families': {}}
problems = []
lock = threading.Lock()


def judge(family, raw, expected, out, closed, took):
    answers = split_answers(out, raw.startswith(b'HEAD'))
    local = []
    if not closed:
        local.append('not closed after %.1f s' % took)
    for i, (status, headers, body) in enumerate(answers):
        if status is None:
            local.append('bytes that are not an HTTP answer: %r' % body[:80])
            continue
        ctype = headers.get('content-type', '')
        with lock:
            stats['answers'] += 1
            stats['status'][status] = stats['status'].get(status, 0) + 1
        if re.match(rb'HTTP/1\.[01] \d{3} ', body) or b'<html' in body.lower():
            local.append('%d with a second status line or an HTML page in its body: %r' % (status, body[:80]))
            continue
        if ctype.startswith('application/json'):
            if raw.startswith(b'HEAD') and not body:
                continue  # no body to judge
            try:
                doc = json.loads(body) if body else None
            except ValueError:
                local.append('%d with a body that is not JSON' % status)
                continue
            if status >= 400:
                code = (doc or {}).get('error', {}).get('code')
                if DOCUMENTED.get(code) != status:
                    local.append('%d with error code %r (documented: %r)' % (status, code, DOCUMENTED.get(code)))
                if status == 500:
                    local.append('500 %r' % doc)
        elif status < 400 and (ctype.startswith('text/plain') or body == b'' or ctype == ''):
            pass  # /metrics, HEAD, 100 Continue
        else:
            local.append('%d %r that is not the JSON error' % (status, ctype))
    if not answers:
        with lock:
            stats['closed_without_answer'] += 1
    real = [a for a in answers if a[0] not in (None, 100)]
    if expected is not None and len(real) != expected:
        # an answer queued before the body is read (an early error) closes the connection: the
        # requests after it are dropped, never mixed up; the answer says Connection: close
        if not (real and len(real) < expected and real[-1][1].get('connection', '').lower() == 'close'):
            local.append('%d answers, expected %d' % (len(real), expected))
    if local:
        with lock:
            problems.append((family, local, raw[:200]))


def check_healthy(d, family):
    st, _, h = d.get('/v1/health')
    check_eq((st, h.get('status')), (200, 'degraded'), family + ': health serving (degraded: no lessons)')
    check_eq(d.post('/v1/move', {'move': 'e4'})[0], 200, family + ': move answers')
    check_eq(d.post('/v1/perft', {'depth': 2})[0], 200, family + ': a search answers')
    # A leak never returns; a request still being finished on a loaded machine does, so the bound
    # is generous (deadline + idle timeout + 10 s).
    t0 = time.monotonic()
    inflight = d.in_flight_settled(WAIT + 10)
    if time.monotonic() - t0 > 1:
        print('note: %s: the in-flight gauge took %.1f s to return to 0' % (family, time.monotonic() - t0))
    check_eq(inflight, 1.0, family + ': nothing in flight but this probe (connections: %d)'
             % d.metric('arbiterd_connections'))
    check(d.proc.poll() is None, family + ': the daemon is running')


d = Daemon(BIN, LIMITS)
t_start = time.monotonic()
try:
    weights = sum(w for _, _, w in FAMILIES)
    for name, gen, weight in FAMILIES:
        begin('http_fuzz.' + name)
        n = max(20, CASES * weight // weights)
        cases = [gen() for _ in range(n)]
        with ThreadPoolExecutor(max_workers=24 if name == 'slow' else 12) as pool:
            futures = []
            for raw, expected, slow in cases:
                if time.monotonic() - t_start > SECONDS:
                    break
                futures.append((raw, expected, pool.submit(exchange, d.port, raw, slow)))
            for raw, expected, f in futures:
                out, closed, took = f.result()
                judge(name, raw, expected, out, closed, took)
        with lock:
            stats['cases'] += len(futures)
            stats['families'][name] = len(futures)
        for fam, why, raw in [p for p in problems if p[0] == name][:5]:
            print('problem (%s): %s; request %r' % (fam, '; '.join(why), raw))
        check_eq(len([p for p in problems if p[0] == name]), 0, name + ': every answer documented, nothing hung')
        check_healthy(d, name)
    elapsed = time.monotonic() - t_start
    begin('http_fuzz.bounded')
    check(stats['cases'] >= min(CASES, 500), 'at least %d cases ran (%d)' % (min(CASES, 500), stats['cases']))
    print('seed %d: %d cases in %.1f s, %d answers, %d closed without an answer; statuses %s; '
          'families %s; deadline closes %d' % (
              SEED, stats['cases'], elapsed, stats['answers'], stats['closed_without_answer'],
              dict(sorted(stats['status'].items())), stats['families'],
              d.metric('arbiterd_request_deadline_closes_total')))
finally:
    check_eq(d.stop(), 0, 'exit status (under ASan: no leak, no error)')
finish()
