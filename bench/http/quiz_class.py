#!/usr/bin/env python3
"""A class clicking "new quiz" together: N clients (default 30) each POST /v1/quizzes for a batch
of 10 questions at the same moment, against a fresh arbiterd on a loopback port (default
settings: threads = cores, max-heavy = threads - 1, the heavy queue on). Reports errors, the
answer-time percentiles and the daemon's own queue-wait figures from /metrics.
Usage: bench/http/quiz_class.py BUILD_DIR [CLIENTS] [ROUNDS]   (e.g. build 30 3)"""
import http.client
import json
import os
import subprocess
import sys
import threading
import time

build = sys.argv[1] if len(sys.argv) > 1 else 'build'
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 30
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
proc = subprocess.Popen([os.path.join(build, 'daemon', 'arbiterd'), '--listen', '127.0.0.1:0', '--print-port',
                         '--lessons', os.path.join(root, 'lessons'), '--log-level', 'warn'],
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
port = int(proc.stdout.readline())
generators = ['can-castle', 'status', 'pinned', 'move-legal', 'en-passant', 'touch-move', 'legal-count',
              'draw-rule', 'legal-position', 'mate-in-1']
times, statuses = [], []
lock = threading.Lock()


def student(i, rnd, start):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=120)
    body = json.dumps({'generator': generators[i % len(generators)], 'seed': 1000 * rnd + i, 'count': 10})
    start.wait()
    t0 = time.monotonic()
    c.request('POST', '/v1/quizzes', body, {'Content-Type': 'application/json'})
    r = c.getresponse()
    r.read()
    with lock:
        times.append(time.monotonic() - t0)
        statuses.append(r.status)
    c.close()


try:
    for rnd in range(rounds):
        start = threading.Event()
        ts = [threading.Thread(target=student, args=(i, rnd, start)) for i in range(clients)]
        for t in ts:
            t.start()
        time.sleep(0.2)
        start.set()
        for t in ts:
            t.join()
    c = http.client.HTTPConnection('127.0.0.1', port)
    c.request('GET', '/metrics')
    metrics = c.getresponse().read().decode()
finally:
    proc.terminate()
    proc.wait()


def metric(name):
    for line in metrics.splitlines():
        if line.startswith(name + ' '):
            return float(line.split()[-1])
    return 0.0


times.sort()
pct = lambda p: times[min(len(times) - 1, int(p / 100 * len(times)))] * 1000
errors = sum(1 for s in statuses if s != 200)
print('%d batches of 10 (%d rounds of %d at once): %d errors (%s)' %
      (len(statuses), rounds, clients, errors, sorted(set(statuses))))
print('answer time ms: p50 %.0f, p90 %.0f, p99 %.0f, max %.0f' % (pct(50), pct(90), pct(99), times[-1] * 1000))
waits = metric('arbiterd_heavy_queue_wait_seconds_count')
print('queue: %d waited, mean wait %.0f ms, max wait %.0f ms, %d timeouts' %
      (waits, metric('arbiterd_heavy_queue_wait_seconds_sum') / waits * 1000 if waits else 0,
       metric('arbiterd_heavy_queue_wait_max_seconds') * 1000, metric('arbiterd_heavy_queue_timeouts_total')))
sys.exit(1 if errors else 0)
