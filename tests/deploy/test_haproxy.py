#!/usr/bin/env python3
# deploy.haproxy: deploy/haproxy/haproxy.cfg as shipped, in front of three arbiterd instances on
# loopback ports picked at run time, under a mixed load (move, analyze, lesson answers, quiz
# generation and grading). One instance is killed with SIGKILL and restarted, another gets
# SIGTERM (readiness drain) and is brought back. Asserts: no request fails but those in flight
# on the killed instance (each matched to HAProxy's log line by its X-Request-Id, and counted);
# the drained instance leaves rotation through its health check (503 "draining"), not through
# refused connections; throughput recovers; every answer is byte-identical whichever instance
# gave it. Skips (77) only when haproxy is not installed.
# Usage: test_haproxy.py ARBITERD LESSONS_DIR HAPROXY_CFG lua|nolua
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'daemon'))
from daemon_util import Daemon, begin, check, check_eq, finish  # noqa: E402

BIN, LESSONS, CFG, LUA = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == 'lua'
HAPROXY = shutil.which('haproxy') or (os.path.exists('/usr/sbin/haproxy') and '/usr/sbin/haproxy')
if not HAPROXY:
    print('SKIP: haproxy is not installed (Debian: apt-get install haproxy; scripts/deps installs it)')
    sys.exit(77)

CLIENTS = 6
MIX = [
    ('move', '/v1/move', '{"moves": ["e4", "e5"], "move": "g1f3"}'),
    ('analyze', '/v1/analyze', '{"moves": ["d4", "d5", "c4"]}'),
    ('illegal', '/v1/move', '{"fen": "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "move": "Nc3", "lang": "fa"}'),
]
if LUA:
    MIX += [
        ('lesson', '/v1/lessons/castling/steps/1/answer', '{"answer": "O-O"}'),
        ('quiz', '/v1/quizzes', '{"generator": "can-castle", "seed": 42, "count": 3}'),
        ('grade', '/v1/quizzes/answer', '{"id": "can-castle:42:0", "answer": "kingside", "lang": "ar"}'),
    ]


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_instance(port):
    # drain-grace 2 s > HAProxy's inter 500ms x fall 2; max-heavy so quiz batches are not refused.
    return Daemon(BIN, {'listen': '127.0.0.1:%d' % port, 'lessons': LESSONS, 'threads': 2, 'max-heavy': 8,
                        'drain-grace': 2, 'drain-timeout': 20})


def direct(port, path, body):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
    c.request('POST', path, body=body, headers={'Content-Type': 'application/json'})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


ports = [free_port() for _ in range(3)]
front = free_port()
instances = [start_instance(p) for p in ports]
tmp = tempfile.TemporaryDirectory()
hlog_path = os.path.join(tmp.name, 'haproxy.log')
hlog = open(hlog_path, 'w')
env = dict(os.environ, ARBITER_BIND='127.0.0.1:%d' % front,
           **{'ARBITER_%d' % (i + 1): '127.0.0.1:%d' % p for i, p in enumerate(ports)})
haproxy = subprocess.Popen([HAPROXY, '-db', '-f', CFG], env=env, stdout=hlog, stderr=subprocess.STDOUT)

# The reference answer of each request, from one instance directly (not through HAProxy).
reference = {}
for kind, path, body in MIX:
    st, data = direct(ports[2], path, body)
    reference[kind] = data
    check_eq(st, 200, 'reference answer for %s' % kind)

results = []          # (t done, kind, status or exception name, server, body matches, request id, t sent)
lock = threading.Lock()
stop = threading.Event()
ids = iter(range(10 ** 9))


def client(n):
    c = None
    i = n
    while not stop.is_set():
        kind, path, body = MIX[i % len(MIX)]
        i += 1
        with lock:
            rid = 'c%d-%d' % (n, next(ids))
        t_sent = time.monotonic()
        try:
            if c is None:
                c = http.client.HTTPConnection('127.0.0.1', front, timeout=30)
            c.request('POST', path, body=body, headers={'Content-Type': 'application/json', 'X-Request-Id': rid})
            r = c.getresponse()
            data = r.read()
            outcome = (r.status, r.getheader('X-Arbiter-Server'), data == reference[kind])
            if r.getheader('Connection', '').lower() == 'close':
                c.close()
                c = None
        except (OSError, http.client.HTTPException) as e:
            outcome = (type(e).__name__, None, False)
            if c:
                c.close()
            c = None
        with lock:
            results.append((time.monotonic(),) + (kind,) + outcome + (rid, t_sent))
    if c:
        c.close()


def wait_until(pred, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return False


def served_by(name, since):
    with lock:
        return any(r[0] >= since and r[2] == 200 and r[3] == name for r in results)


def rate(t0, t1):
    with lock:
        return sum(1 for r in results if t0 <= r[0] < t1 and r[2] == 200) / (t1 - t0)


try:
    begin('haproxy.up')

    def front_ok():
        try:
            return direct(front, '/v1/move', '{"move": "e4"}')[0] == 200
        except OSError:
            return False
    check(wait_until(front_ok, 15) and haproxy.poll() is None, 'HAProxy forwards: %s' % open(hlog_path).read()[-2000:])
    # The second review's N10: /metrics was public through this config.
    for path in ('/metrics', '/%6detrics', '/metrics?x'):
        c = http.client.HTTPConnection('127.0.0.1', front, timeout=30)
        c.request('GET', path)
        r = c.getresponse()
        data = r.read()
        c.close()
        check_eq((r.status, json.loads(data)['error']['code'] if data.startswith(b'{') else data[:60]),
                 (404, 'not_found'), 'GET %s through HAProxy' % path)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    t_start = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(2.5)
    t_before = time.monotonic()

    begin('haproxy.sigkill')
    t_kill = time.monotonic()
    instances[0].proc.kill()
    instances[0].proc.wait()
    instances[0].stop()
    time.sleep(1.5)
    instances[0] = start_instance(ports[0])
    t_back1 = time.monotonic()
    check(wait_until(lambda: served_by('a1', t_back1), 20), 'the restarted instance serves again')
    t_kill_end = time.monotonic()

    begin('haproxy.sigterm_drain')
    t_term = time.monotonic()
    instances[1].signal(signal.SIGTERM)
    rc = instances[1].proc.wait(40)
    check_eq(rc, 0, 'the drained instance exits 0')
    t_exit2 = time.monotonic()
    instances[1].stop()
    instances[1] = start_instance(ports[1])
    t_back2 = time.monotonic()
    check(wait_until(lambda: served_by('a2', t_back2), 20), 'the drained instance serves again once back')

    begin('haproxy.recovery')
    t_after = time.monotonic()
    time.sleep(2.5)
    t_end = time.monotonic()
    stop.set()
    for t in threads:
        t.join()
    before, after = rate(t_start + 0.5, t_before), rate(t_after, t_end)
    # Generous: the machine is shared; the point is that the cluster is whole again, not a figure.
    check(after >= 0.4 * before, 'throughput recovered: %.0f req/s before, %.0f after' % (before, after))
    check(all(served_by(n, t_after) for n in ('a1', 'a2', 'a3')), 'all three instances serve at the end')

    begin('haproxy.answers')
    ok = [r for r in results if r[2] == 200]
    check_eq([r for r in ok if not r[4]][:3], [], 'every 200 is byte-identical to the reference answer')
    for kind, _, _ in MIX:
        servers = {r[3] for r in ok if r[1] == kind}
        check(len(servers) >= 2, '%s answered by several instances: %r' % (kind, servers))

    begin('haproxy.failures')
    haproxy.send_signal(signal.SIGUSR1)  # soft stop
    haproxy.wait(10)
    hlog.close()
    log = open(hlog_path).read()
    lines = {}
    for m in re.finditer(r'^\S+ (\S+) (\S+) (-?\d+) arbiterd/(\S+) (\S+) retries=(\+?\d+) Tt=\S+ id=\{([^}]*)\}', log, re.M):
        lines[m.group(7)] = m.groups()
    failed = [r for r in results if r[2] != 200]
    for r in failed:
        line = lines.get(r[5])
        # A request fails only if it was on a1 when it was killed: HAProxy's log names a1, and
        # the failure came between the kill and a1's return.
        check(line is not None and line[3] == 'a1' and t_kill <= r[0] <= t_kill_end,
              'failed request %r: log %r' % (r, line))
    check(len(failed) <= CLIENTS, 'no more failures than requests in flight: %d' % len(failed))
    retried = {rid for rid, l in lines.items() if l[5] not in ('0', '+0')}
    retried_kill = sum(1 for r in results if r[5] in retried and t_kill <= r[0] <= t_kill_end)
    # In flight on a1 when it was killed: sent before the SIGKILL, answered after it, and resent
    # by HAProxy (empty-response) to another instance; or failed (counted above).
    in_flight = [r for r in results if r[6] < t_kill < r[0] and (r[5] in retried or r[2] != 200)]
    check(all(r[2] == 200 or r in failed for r in in_flight), 'in-flight requests answered or counted')
    retried_drain = sum(1 for r in results if r[5] in retried and t_term <= r[0] <= t_back2)
    term_window = [r for r in results if t_term <= r[0] <= t_exit2]
    check(len(term_window) > 10, 'load ran through the drain: %d requests' % len(term_window))
    # Out through its health check while it still answered (Layer7: 503 "draining"; on a very
    # loaded machine the check may time out instead), not through a refused connection (Layer4).
    down_a2 = re.search(r'Server arbiterd/a2 is DOWN, reason: ([^,]*)(?:, (?:info: "[^"]*", )?code: (\d+))?', log)
    check(down_a2 is not None and down_a2.group(1).startswith('Layer7') and down_a2.group(2) in ('503', None),
          'a2 left rotation through its health check (503 draining): %r' % (down_a2 and down_a2.group(0)))
    down_a1 = re.search(r'Server arbiterd/a1 is DOWN, reason: ([^,]*)', log)
    check(down_a1 is not None, 'a1 marked down after SIGKILL')
    print('requests: %d answered, %d failed; %d in flight on the killed instance, of which %d answered by another '
          'after HAProxy resent them; retried by HAProxy: %d in all, %d around the kill, %d around the drain; '
          '%.0f req/s before, %.0f after'
          % (len(ok), len(failed), len(in_flight), sum(1 for r in in_flight if r[2] == 200), len(retried),
             retried_kill, retried_drain, before, after))
    print('HAProxy on the drain: %s; on the kill: %s' % (down_a2 and down_a2.group(0), down_a1 and down_a1.group(0)))
finally:
    stop.set()
    if haproxy.poll() is None:
        haproxy.kill()
        haproxy.wait()
    for d in instances:
        d.stop()
finish()
