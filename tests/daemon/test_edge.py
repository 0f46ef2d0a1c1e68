#!/usr/bin/env python3
# daemon.edge: the security reviews' defects (../shared/reviews/2026-12-http-security-review.md and
# -review-2.md), one regression each: requests libmicrohttpd drops leave nothing in flight (D1), the
# whole-request deadline answers 408 and closes trickling clients (D3, N12), health reports
# saturation and stalls and can be served by a probe listener that never waits behind searches
# (D8), framing that could smuggle a request is refused and the connection closed (D5), client text
# is escaped in logs (D4), bad config files are refused (D7), a half-closed request on a work-thread
# route is answered (N3), and errors found in the headers keep the connection when the framing
# allows (N15). Arguments: arbiterd [lessons directory].
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

from daemon_util import Daemon, begin, check, check_eq, finish, parse_json_body, parse_status

BIN = sys.argv[1]
LESSONS = sys.argv[2] if len(sys.argv) > 2 else None
KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
MOVE = b'{"move":"e4"}'


def others_in_flight(d):
    """Requests in flight besides the /metrics probe itself."""
    return d.metric('arbiterd_requests_in_flight') - 1


def wait_for(pred, seconds=20.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return pred()


def every_route_answers(d, what):
    """A request on each family of routes is served (none is 503 overloaded)."""
    # The previous request's completion callback may still be running on its polling thread after
    # its client has the answer: wait (bounded) for health to see nothing in flight.
    last = []
    wait_for(lambda: last.append(d.get('/v1/health')) or last[-1][2].get('load', {}).get('in_flight') == 0, 10)
    st, _, h = last[-1]
    check_eq((st, h['status'], h.get('load', {}).get('in_flight')), (200, 'degraded', 0), what + ': health serving (degraded: no lessons), nothing in flight')
    check_eq(d.post('/v1/move', {'move': 'e4'})[0], 200, what + ': move')
    check_eq(d.post('/v1/analyze', {})[0], 200, what + ': analyze')
    check_eq(d.post('/v1/perft', {'depth': 2})[0], 200, what + ': perft (a search)')
    check_eq(d.get('/v1/lessons')[0], 200, what + ': lessons')
    check_eq(d.get('/v1/openapi.json')[0], 200, what + ': openapi')
    check(wait_for(lambda: others_in_flight(d) == 0), what + ': the in-flight gauge returns to 0')


def closed_within(s, seconds):
    """Reads until the server closes; returns (bytes, seconds taken) or (bytes, None) if still open."""
    t0 = time.monotonic()
    s.settimeout(0.2)
    out = b''
    while time.monotonic() - t0 < seconds:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            return out, time.monotonic() - t0
        if not chunk:
            return out, time.monotonic() - t0
        out += chunk
    return out, None


def trickle(d, head, body_byte=None, every=0.25, seconds=8.0):
    """Sends head, then one byte (of the header, or body_byte) every `every` s until the server
    closes; returns (answer, seconds until closed or None)."""
    s = socket.create_connection(('127.0.0.1', d.port), timeout=10)
    s.sendall(head)
    t0 = time.monotonic()
    out = b''
    s.settimeout(every)
    while time.monotonic() - t0 < seconds:
        try:
            chunk = s.recv(65536)
            if not chunk:
                s.close()
                return out, time.monotonic() - t0
            out += chunk
        except socket.timeout:
            pass
        except OSError:
            s.close()
            return out, time.monotonic() - t0
        try:
            s.sendall(body_byte or b'X')
        except OSError:
            pass
    s.close()
    return out, None


# ---- D1: a GET with hundreds of query arguments ----
d = Daemon(BIN, {'threads': 2})
try:
    begin('edge.query_args.nothing_left_in_flight')
    query = '&'.join('a%d=b' % i for i in range(300)).encode()
    for i in range(600):
        s = socket.create_connection(('127.0.0.1', d.port), timeout=10)
        s.sendall(b'GET /v1/health?' + query + b' HTTP/1.1\r\nHost: x\r\n\r\n')
        if i % 50 == 0:  # some wait a moment for what comes back, most go away at once
            s.settimeout(0.3)
            try:
                while s.recv(65536):
                    pass
            except OSError:
                pass
        s.close()
    every_route_answers(d, 'after 600 GETs with 300 query arguments')
    check_eq(d.get('/v1/health?' + '&'.join('lang=en' for i in range(20)))[0], 200, 'a few arguments are fine')
finally:
    check_eq(d.stop(), 0, 'exit status (and, under ASan, no leak)')

# ---- D3: whole-request deadline ----
d = Daemon(BIN, {'request-timeout': 2, 'timeout': 10, 'max-per-ip': 4, 'threads': 2})
try:
    def timed_out(out, what):
        """The documented 408 (the second review's N12: the connection used to close with no answer)."""
        err = (parse_json_body(out) or {}).get('error', {})
        check_eq((parse_status(out), err.get('code'), err.get('limit')), (408, 'request_timeout', 2), what + ': 408')
        check_eq(len(re.findall(rb'(?:^|\r\n)HTTP/1\.[01] [0-9]{3} ', out)), 1, what + ': one answer')

    begin('edge.deadline.headers_trickle')
    out, took = trickle(d, b'GET /v1/health HTTP/1.1\r\nHost: t\r\nX-Slow: ')
    check(took is not None and took < 6, 'a trickled header is closed by the 2 s deadline, not kept (%s s)' % took)
    timed_out(out, 'trickled header')

    begin('edge.deadline.request_line_trickle')
    out, took = trickle(d, b'GET /v1/hea')
    check(took is not None and took < 6, 'a trickled request line is closed (%s s)' % took)
    check_eq(out, b'', 'no request line yet: closed without an answer, like an idle connection')

    begin('edge.deadline.body_trickle')
    out, took = trickle(d, b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n'
                           b'Content-Length: 500\r\n\r\n{"move":"e4"', body_byte=b' ')
    check(took is not None and took < 6, 'a trickled body is cut by the deadline (%s s)' % took)
    timed_out(out, 'trickled body')

    begin('edge.deadline.silent')
    for what, head in [('partial body', b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n'
                                        b'Content-Length: 500\r\n\r\n{"move"'),
                       ('partial headers', b'GET /v1/health HTTP/1.1\r\nHost: t\r\n'),
                       ('unfinished chunked body', b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n'
                                                   b'Transfer-Encoding: chunked\r\n\r\n5\r\n{"mov')]:
        s = socket.create_connection(('127.0.0.1', d.port), timeout=10)
        s.sendall(head)  # then nothing: the client waits
        out, took = closed_within(s, 8)
        s.close()
        check(took is not None and took < 6, what + ': closed by the deadline (%s s)' % took)
        timed_out(out, what)

    begin('edge.deadline.per_ip_limit_holds')
    results = []
    threads = [threading.Thread(target=lambda: results.append(
        trickle(d, b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Length: 900\r\n\r\n', body_byte=b' ')))
        for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check_eq(len([r for r in results if r[1] is not None and r[1] < 6]), 4, 'all 4 slow uploads cut in time')
    check(wait_for(lambda: d.get('/v1/health')[0] == 200, 10), 'the address is served again')

    begin('edge.deadline.keepalive_between_requests')
    c = d.conn()
    for i in range(3):  # 3 requests 1.2 s apart: 3.6 s on one connection, each well inside 2 s
        st, _, _ = d.post('/v1/move', {'move': 'e4'}, conn=c)
        check_eq(st, 200, 'keep-alive request %d' % i)
        time.sleep(1.2)
    c.close()
    check(d.metric('arbiterd_request_deadline_closes_total') >= 4, 'deadline closes are counted')
    check(wait_for(lambda: others_in_flight(d) == 0), 'nothing left in flight')
finally:
    check_eq(d.stop(), 0, 'exit status')

d = Daemon(BIN, {'request-timeout': 2, 'timeout': 10, 'max-connections': 3, 'max-per-ip': 0})
try:
    begin('edge.deadline.total_limit_holds')
    slow = [socket.create_connection(('127.0.0.1', d.port), timeout=10) for _ in range(3)]
    for s in slow:
        s.sendall(b'GET /v1/health HTTP/1.1\r\nHost: t\r\nX-Slow: ')
    time.sleep(0.3)
    t0 = time.monotonic()
    st, _, h = d.get('/v1/health')  # waits in the backlog until the deadline frees a slot
    took = time.monotonic() - t0
    check_eq(st, 200, 'a new client is served although 3 slow ones held every connection slot')
    check(took < 6, 'within the deadline and a margin (%.1f s), not the 10 s idle timeout' % took)
    for s in slow:
        s.close()
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- health: saturation and stalls ----
d = Daemon(BIN, {'threads': 2, 'max-heavy': 1, 'stall-timeout-ms': 40})
try:
    begin('edge.health.load')
    st, _, h = d.get('/v1/health')
    load = h.get('load', {})
    check_eq((st, h['status'], load.get('in_flight'), load.get('searches'), load.get('max_searches'),
              load.get('max_inflight'), load.get('stalled')), (200, 'degraded', 0, 0, 1, 512, 0), 'idle load (degraded: no lessons)')
    check(load.get('connections', 0) >= 1 and load.get('max_connections') == 1024, 'connections reported')

    begin('edge.health.stalled')
    # stall-timeout-ms 40: a 0.2 s search counts as a stalled polling thread while it runs.
    seen = None
    for attempt in range(8):
        done = []
        t = threading.Thread(target=lambda: done.append(d.post('/v1/perft', {'fen': KIWIPETE, 'depth': 5})))
        t.start()
        while not done and seen is None:
            st, _, h = d.get('/v1/health')
            if st == 503 and h['status'] == 'stalled':
                seen = h
        t.join()
        if seen:
            break
    if check(seen is not None, 'health answered 503 stalled while a handler ran past the stall limit'):
        check_eq(seen['load']['stalled'], 1, 'the stall reported')
    check(wait_for(lambda: d.get('/v1/health')[0] == 200, 5), 'ok again once the search is over')
    check('has been running /v1/perft' in d.log(), 'the stall is logged with its route')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- D8: probes on their own listener do not wait behind searches ----
d = Daemon(BIN, {'threads': 2, 'max-heavy': 2, 'probe-listen': '127.0.0.1:0'})
try:
    begin('edge.probe.routes')
    probe_port = int(re.search(r'probes \(health, metrics\) also on port (\d+)', d.log()).group(1))
    pc = http.client.HTTPConnection('127.0.0.1', probe_port, timeout=30)
    probe = Daemon.__new__(Daemon)
    probe.port = probe_port
    probe.validate = True
    check_eq(probe.get('/v1/health', conn=pc)[0], 200, 'health on the probe listener')
    check_eq(probe.get('/metrics', conn=pc)[0], 200, 'metrics on the probe listener')
    probe.validate = False  # the probe listener's 404 for API routes is not an endpoint's answer
    check_eq(probe.post('/v1/move', {'move': 'e4'})[2]['error']['code'], 'not_found', 'nothing else there')
    probe.validate = True

    begin('edge.probe.not_behind_searches')
    # Searches keep the main listener busy; a keep-alive probe must still be answered while two
    # run (its health then shows 2 searches in flight).
    stop = threading.Event()

    def searches():
        while not stop.is_set():
            d.post('/v1/perft', {'fen': KIWIPETE, 'depth': 5})
    workers = [threading.Thread(target=searches) for _ in range(4)]
    for w in workers:
        w.start()
    both = False
    end = time.monotonic() + 20
    while not both and time.monotonic() < end:
        st, _, h = probe.get('/v1/health', conn=pc)
        both = h['load']['searches'] == 2
    stop.set()
    for w in workers:
        w.join()
    check(both, 'a keep-alive probe was answered while two searches ran')
    pc.close()
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- N7: health on the probe listener says the main listener is full ----
d = Daemon(BIN, {'threads': 2, 'max-connections': 4, 'max-per-ip': 0, 'probe-listen': '127.0.0.1:0'})
try:
    begin('edge.probe.main_listener_full')
    # The second review's N7: with max-connections reached, health on the probe listener said "ok"
    # (and counted its own connection among the main listener's), so a balancer kept sending.
    probe = Daemon.__new__(Daemon)
    probe.port = int(re.search(r'probes \(health, metrics\) also on port (\d+)', d.log()).group(1))
    probe.validate = True
    held = [socket.create_connection(('127.0.0.1', d.port), timeout=10) for _ in range(4)]
    full = []
    wait_for(lambda: full.append(probe.get('/v1/health')) or full[-1][2]['load']['connections'] == 4, 10)
    st, _, h = full[-1]
    check_eq((st, h['status'], h['load']['connections'], h['load']['max_connections']), (503, 'overloaded', 4, 4),
             'the main listener full: 503 overloaded on the probe listener')
    for c in held:
        c.close()
    check(wait_for(lambda: probe.get('/v1/health')[0] == 200, 10), 'ok again once connections close')
    check_eq(probe.get('/v1/health')[2]['load']['connections'], 0, 'the probe\'s own connection is not counted')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- D8: searches run on work threads, so health on the main listener does not wait ----
d = Daemon(BIN, {'threads': 1, 'max-heavy': 2})
try:
    begin('edge.health.not_behind_searches')
    # One polling thread: if it ran the searches, no health answer could ever see one running.
    stop = threading.Event()

    def searches():
        while not stop.is_set():
            d.post('/v1/perft', {'fen': KIWIPETE, 'depth': 5})
    workers = [threading.Thread(target=searches) for _ in range(3)]
    for w in workers:
        w.start()
    hc = d.conn()
    seen = set()
    end = time.monotonic() + 20
    while 2 not in seen and time.monotonic() < end:
        st, _, h = d.get('/v1/health', conn=hc)
        seen.add(h['load']['searches'])
    stop.set()
    for w in workers:
        w.join()
    hc.close()
    check(2 in seen, 'a keep-alive health probe on the only polling thread was answered while two searches ran '
          '(searches seen: %s)' % sorted(seen))
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- D5: framing that could smuggle a request ----
d = Daemon(BIN)
try:
    smuggled = b'GET /v1/SMUGGLED HTTP/1.1\r\nHost: t\r\n\r\n'
    cases = {
        'cl_and_te': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 18\r\n'
                     b'Transfer-Encoding: chunked\r\n\r\nd\r\n' + MOVE + b'\r\n0\r\n\r\n' + smuggled,
        'te_and_cl': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n'
                     b'Content-Length: 18\r\n\r\nd\r\n' + MOVE + b'\r\n0\r\n\r\n' + smuggled,
        'two_lengths': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 13\r\n'
                       b'Content-Length: 5\r\n\r\n' + MOVE + smuggled,
        'te_gzip': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\nContent-Length: 13\r\n\r\n' + MOVE,
        'te_identity': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: identity\r\n\r\n' + MOVE,
        'te_list': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n',
        'te_twice': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n'
                    b'\r\n0\r\n\r\n' + smuggled,
        'te_http10': b'POST /v1/move HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\nd\r\n' + MOVE + b'\r\n0\r\n\r\n',
        'space_before_colon': b'POST /v1/move HTTP/1.1\r\nHost: t\r\nTransfer-Encoding : chunked\r\nContent-Length: 13\r\n'
                              b'\r\n' + MOVE + smuggled,
        'no_host': b'GET /v1/health HTTP/1.1\r\n\r\n',
        'two_hosts': b'GET /v1/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
    }
    for name, raw in cases.items():
        begin('edge.framing.' + name)
        s = socket.create_connection(('127.0.0.1', d.port), timeout=10)
        s.sendall(raw)  # no half-close: the server must close by itself
        out, took = closed_within(s, 5)
        s.close()
        body = parse_json_body(out) or {}
        check_eq((parse_status(out), body.get('error', {}).get('code')), (400, 'bad_request'), name + ': JSON 400')
        check(took is not None, name + ': connection closed by the server')
        check_eq(len(re.findall(rb'(?:^|\r\n)HTTP/1\.[01] [0-9]{3} ', out)), 1, name + ': one answer, nothing smuggled through')
    begin('edge.framing.http10_without_host')
    out = d.raw(b'GET /v1/health HTTP/1.0\r\n\r\n')
    check_eq(parse_status(out), 200, 'HTTP/1.0 needs no Host')
    begin('edge.framing.chunked_still_works')
    out = d.raw(b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: Chunked\r\n'
                b'Connection: close\r\n\r\nd\r\n' + MOVE + b'\r\n0\r\n\r\n')
    check_eq(parse_status(out), 200, 'a plain chunked body')
    check(wait_for(lambda: others_in_flight(d) == 0), 'nothing left in flight')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- D4: log injection ----
d = Daemon(BIN, log_level='info')
try:
    begin('edge.log.escaped')
    d.get('/v1/lessons/%0d%0aarbiterd:%20error:%20forged%20line')
    d.get('/v1/lessons/%ff%fe%1b[31m')
    d.get('/v1/lessons/%D8%B4%D8%A7%D9%87')  # valid UTF-8 stays as it is
    # A request's line is logged when it ends, a moment after its client has the answer.
    wait_for(lambda: '/v1/lessons/شاه 404' in d.log(), 20)
    log = d.log()
    check(not any(line.startswith('arbiterd: error: forged') for line in log.splitlines()), 'no forged line')
    check('/v1/lessons/\\x0d\\x0aarbiterd: error: forged line 404' in log, 'CR/LF written as \\x0d\\x0a')
    check('/v1/lessons/\\xff\\xfe\\x1b[31m 404' in log, 'bytes that are not UTF-8 and ESC escaped')
    check('/v1/lessons/شاه 404' in log, 'valid UTF-8 kept')
    log.encode('utf-8')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- N3: a client that half-closes after its request gets the answers of work-thread routes ----
def answered(s, seconds):
    """Reads one whole answer (its headers and Content-Length bytes), or to the close: the bytes."""
    s.settimeout(seconds)
    out = b''
    try:
        while True:
            head, sep, rest = out.partition(b'\r\n\r\n')
            m = re.search(rb'(?i)\r\ncontent-length: *(\d+)', head)
            if sep and m and len(rest) >= int(m.group(1)):
                return out
            chunk = s.recv(65536)
            if not chunk:
                return out
            out += chunk
    except OSError:
        return out


def half_closed(d, method, path, body):
    """Sends one request, then shutdown(SHUT_WR) (as nc -N does), and reads its answer: the status.
    (After an answer from a polling thread libmicrohttpd may keep the connection until the idle
    timeout: its edge-triggered epoll saw the end of the stream with the request. The answer is
    what N3 lost.)"""
    data = json.dumps(body).encode() if body is not None else b''
    head = b'%s %s HTTP/1.1\r\nHost: t\r\n' % (method.encode(), path.encode())
    if body is not None:
        head += b'Content-Type: application/json\r\nContent-Length: %d\r\n' % len(data)
    s = socket.create_connection(('127.0.0.1', d.port), timeout=30)
    s.sendall(head + b'\r\n' + data)
    s.shutdown(socket.SHUT_WR)
    out = answered(s, 30)
    s.close()
    return parse_status(out)


if LESSONS:
    d = Daemon(BIN, {'threads': 2, 'lessons': LESSONS})
    try:
        begin('edge.half_close.work_routes')
        # The second review's N3: the answer was lost whenever libmicrohttpd read the socket before
        # calling the handler again on resume. Idle connections on the same polling threads make
        # that the usual order (a lone connection got its answer: the timeout sweep came first).
        idle = [socket.create_connection(('127.0.0.1', d.port), timeout=30) for _ in range(8)]
        quiz = d.post('/v1/quizzes', {'generator': 'can-castle', 'seed': 1, 'count': 1})[2]['questions'][0]['id']
        routes = [('POST', '/v1/perft', {'fen': KIWIPETE, 'depth': 3}),
                  ('POST', '/v1/dead', {'fen': '8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1'}),
                  ('POST', '/v1/quizzes', {'generator': 'can-castle', 'seed': 7, 'count': 5}),
                  ('POST', '/v1/quizzes/answer', {'id': quiz, 'answer': 'zzz'}),
                  ('POST', '/v1/puzzles/m1-fools-mate/answer', {'answer': 'Qh4#'}),
                  ('POST', '/v1/lessons/illegal-moves/steps/2/answer', {'answer': 'Kd2'}),
                  ('POST', '/v1/lessons/illegal-moves/steps/2/answer', '{"answer":'),
                  ('POST', '/v1/move', {'move': 'e4'}),
                  ('GET', '/v1/lessons', None)]
        for method, path, body in routes:
            got = [half_closed(d, method, path, body) if not isinstance(body, str) else None for _ in range(10)]
            if isinstance(body, str):  # a body that is not JSON: answered 400 all the same
                s = socket.create_connection(('127.0.0.1', d.port), timeout=30)
                s.sendall(b'POST %s HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s'
                          % (path.encode(), len(body), body.encode()))
                s.shutdown(socket.SHUT_WR)
                got = [parse_status(answered(s, 30))]
                s.close()
            want = 400 if isinstance(body, str) else 200
            check_eq(got, [want] * len(got), '%s %s half-closed: every try answered' % (method, path))
        for c in idle:
            c.close()
        check(wait_for(lambda: others_in_flight(d) == 0), 'nothing left in flight')
        check('(aborted)' not in d.log(), 'no request logged as aborted')
    finally:
        check_eq(d.stop(), 0, 'exit status')

# ---- N15: errors found in the headers keep the connection when the framing allows ----
d = Daemon(BIN, {'cors-origin': 'https://app.example'})
try:
    begin('edge.keepalive.after_errors')
    c = d.conn()
    d.validate = False  # the refusals below are checked by hand
    for method, path, body, headers, status in [
            ('GET', '/v1/nothing', None, {}, 404),
            ('DELETE', '/v1/move', None, {}, 405),
            ('POST', '/v1/move', '{"move":"e4"}', {'Content-Type': 'text/plain'}, 415),
            ('GET', '/v1/health?x=1', None, {}, 400),
            ('POST', '/v1/nothing', '{"move":"e4"}', {}, 404),
            ('OPTIONS', '/v1/move', None, {'Origin': 'https://app.example', 'Access-Control-Request-Method': 'POST'}, 204),
            ('POST', '/v1/move', '{"mov":"e4"}', {}, 400),
            ('GET', '/v1/health', None, {}, 200)]:
        st, h, _ = d.request(method, path, body, headers=headers, conn=c)
        check_eq(st, status, '%s %s' % (method, path))
        check(h.get('connection', '').lower() != 'close', '%s %s: the connection is kept' % (method, path))
    c.close()
    d.validate = True
    begin('edge.keepalive.closed_when_needed')
    # A declared body over max-body is not read: the connection closes after the 413.
    s = socket.create_connection(('127.0.0.1', d.port), timeout=10)
    s.sendall(b'POST /v1/move HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n')
    out, took = closed_within(s, 5)
    s.close()
    check_eq(parse_status(out), 413, 'an oversized body is refused at once')
    check(took is not None, 'and the connection closed')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- D7: config files ----
begin('edge.config.long_line')
tmp = tempfile.TemporaryDirectory()
conf = os.path.join(tmp.name, 'long.conf')
with open(conf, 'w') as f:
    f.write('# ' + 'x' * 1021 + 'max-body = 64\n')
r = subprocess.run([BIN, '--config', conf, '--listen', '127.0.0.1:0', '--lessons', tmp.name],
                   capture_output=True, text=True, timeout=20)
check_eq(r.returncode, 2, 'refused: ' + r.stderr)
check(conf + ':1: line longer than 1023 bytes' in r.stderr, 'names the file and line: ' + r.stderr)
with open(conf, 'w') as f:
    f.write('# ' + 'x' * 1019 + '\nlisten = 127.0.0.1:0\n')  # 1022 bytes and its newline: fine
p = subprocess.Popen([BIN, '--config', conf, '--lessons', tmp.name, '--print-port', '--log-level', 'error'],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
check(p.stdout.readline().strip().isdigit(), 'a line of 1023 bytes is read and the daemon starts')
p.terminate()
check_eq(p.wait(30), 0, 'exit status')

begin('edge.config.directory')
r = subprocess.run([BIN, '--config', tmp.name, '--listen', '127.0.0.1:0'], capture_output=True, text=True, timeout=20)
check_eq(r.returncode, 2, 'refused: ' + r.stderr)
check('is a directory' in r.stderr, 'says why: ' + r.stderr)
finish()
