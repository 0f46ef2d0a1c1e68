#!/usr/bin/env python3
# daemon.lifecycle: concurrent clients get exactly the right answers; SIGTERM under load drains
# every in-flight request and exits 0; at the drain timeout the running search still answers and
# the queued ones get 503; SIGTERM turns health to 503 "draining" at once and keeps serving for
# drain-grace; SIGHUP reloads lessons while requests keep flowing.
import http.client
import json
import os
import re
import signal
import sys
import threading
import time

from daemon_util import Daemon, begin, check, check_eq, finish, minimal_lesson

BIN = sys.argv[1]
AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'


def worker_keepalive(d, n, results, idx):
    c = d.conn()
    ok = 0
    for i in range(n):
        kind = i % 3
        try:
            if kind == 0:
                st, _, b = d.post('/v1/move', {'moves': ['e4', 'e5'], 'move': 'g1f3'}, conn=c)
                good = st == 200 and b['san'] == 'Nf3' and b['fen_after'] == AFTER_E4_E5
            elif kind == 1:
                st, _, b = d.post('/v1/analyze', {'moves': ['d4', 'd5', 'c4']}, conn=c)
                good = st == 200 and len(b['legal_moves']) == 28 and b['turn'] == 'black'
            else:
                st, _, b = d.post('/v1/move', {'move': 'Ke2'}, conn=c)
                good = st == 200 and b['legal'] is False
        except (OSError, http.client.HTTPException):
            good = False
            c.close()
            c = d.conn()
        ok += good
    c.close()
    results[idx] = ok


d = Daemon(BIN, {'threads': 2, 'max-heavy': 8, 'perft-max-nodes': 0})
try:
    begin('concurrency.keepalive_clients')
    results = [0] * 16
    ts = [threading.Thread(target=worker_keepalive, args=(d, 60, results, i)) for i in range(16)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    check_eq(sum(results), 16 * 60, 'every concurrent answer exact')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- graceful shutdown under load ----
d = Daemon(BIN, {'threads': 4, 'max-heavy': 8, 'perft-max-nodes': 0, 'drain-timeout': 60}, log_level='info')
try:
    begin('shutdown.drain_under_load')
    perft_results = []
    stop_loops = threading.Event()
    loop_stats = {'ok': 0, 'shutting_down': 0, 'refused': 0, 'dropped': 0, 'wrong': 0}
    lock = threading.Lock()

    def perft_client():
        c = d.conn(timeout=300)  # perft 6 takes a second here, half a minute under the sanitizers
        try:
            st, _, b = d.post('/v1/perft', {'depth': 6}, conn=c)
            if st == 503 and isinstance(b, dict) and b.get('error', {}).get('code') == 'shutting_down':
                perft_results.append('refused')
            else:
                perft_results.append((st, b.get('nodes') if isinstance(b, dict) else None))
        except (OSError, http.client.HTTPException) as e:
            perft_results.append(('error', repr(e)))
        c.close()

    def loop_client():
        while not stop_loops.is_set():
            try:
                st, _, b = d.post('/v1/move', {'move': 'e4'})
                if st == 200 and b.get('uci') == 'e2e4':
                    key = 'ok'
                elif st == 503 and b['error']['code'] == 'shutting_down':
                    key = 'shutting_down'
                else:
                    key = 'wrong'
            except ConnectionRefusedError:
                key = 'refused'
                stop_loops.wait(0.01)
            except (OSError, http.client.HTTPException):
                key = 'dropped'
            with lock:
                loop_stats[key] += 1

    loops = [threading.Thread(target=loop_client) for _ in range(4)]
    for t in loops:
        t.start()
    end = time.monotonic() + 30
    while loop_stats['ok'] < 20 and time.monotonic() < end:  # the load is running
        time.sleep(0.01)
    perfts = [threading.Thread(target=perft_client) for _ in range(3)]
    for t in perfts:
        t.start()
    # SIGTERM once a search runs (searches run on the work threads: /metrics sees them). One that
    # arrives after SIGTERM must be refused cleanly (503 shutting_down); every search completed
    # with the exact count or was refused, none dropped or wrong, and at least one was drained.
    while d.metric('arbiterd_heavy_slots_busy') < 1 and time.monotonic() < end:
        time.sleep(0.01)
    d.signal(signal.SIGTERM)
    for t in perfts:
        t.join()
    rc = d.proc.wait(60)
    stop_loops.set()
    for t in loops:
        t.join()
    check_eq(rc, 0, 'exit 0 after draining')
    completed = [r for r in perft_results if r == (200, 119060324)]
    check_eq(len(completed) + perft_results.count('refused'), 3,
             'each search completed or was refused as shutting down: %r' % perft_results)
    check(len(completed) >= 1, 'a search in flight at SIGTERM was drained to completion: %r' % perft_results)
    log = d.log()
    check('SIGTERM: draining' in log, 'drain logged')
    check(' (aborted)' not in log, 'no request cut off mid-way: %s' % [l for l in log.splitlines() if 'aborted' in l or 'warn' in l][:8])
    served = len(re.findall(r'POST /v1/move 200 ', log))
    check_eq(loop_stats['ok'], served, 'every request the server answered reached its client')
    check_eq(loop_stats['wrong'], 0, 'no wrong answers')
    check(loop_stats['ok'] > 20, 'load was running: %r' % loop_stats)
    # 'dropped' may be non-zero: connections still in the kernel's listen backlog when the socket
    # closes are reset unread (never in flight; socket activation keeps the socket across restarts).
    print('shutdown under load: client outcomes %r' % loop_stats)
finally:
    d.stop()

# ---- N13: at the drain timeout the search still running is answered, the queued ones 503 ----
# A search that outlasts the 1 s drain timeout on a quiet machine too (Kiwipete depth 5 takes
# 0.5 s there, so the next queued search started inside the drain): the Chess Programming Wiki's
# perft position 4 at depth 6, 706,045,033 nodes (2.4 s quiet, tens of seconds under sanitizers).
POS4 = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'
POS4_D6 = 706045033
d = Daemon(BIN, {'threads': 2, 'max-heavy': 1, 'perft-max-nodes': 0, 'drain-timeout': 1, 'heavy-wait-ms': 60000})
try:
    begin('shutdown.drain_timeout_answers')
    # The second review's N13: with a 3-5 s drain-timeout the search that was running got no answer
    # in two of three runs (the work pool let it finish, then libmicrohttpd stopped at once).
    outcomes = []

    def search():
        try:
            st, _, b = d.post('/v1/perft', {'fen': POS4, 'depth': 6}, conn=d.conn(timeout=600))
            outcomes.append((st, b.get('nodes') if st == 200 else b.get('error', {}).get('code')))
        except (OSError, http.client.HTTPException) as e:
            outcomes.append(('no answer', repr(e)))
    first = threading.Thread(target=search)
    first.start()
    end = time.monotonic() + 30
    while d.metric('arbiterd_heavy_slots_busy') < 1 and time.monotonic() < end:
        time.sleep(0.02)
    queued = [threading.Thread(target=search) for _ in range(3)]
    for t in queued:
        t.start()
    while d.metric('arbiterd_heavy_queue_length') < 3 and time.monotonic() < end:
        time.sleep(0.02)
    check_eq((d.metric('arbiterd_heavy_slots_busy'), d.metric('arbiterd_heavy_queue_length')), (1.0, 3.0),
             'one search running and three queued at SIGTERM')
    d.signal(signal.SIGTERM)
    for t in [first] + queued:
        t.join()
    check_eq(d.proc.wait(300), 0, 'exit 0')
    # Queued searches may start inside the drain: on a quiet machine the search takes ~1.5 s, so
    # the next one can begin before the 1 s timeout and is then answered in full too. What N13
    # requires: every search answered, each in full or 503 shutting_down, and some refused at the
    # timeout (four searches cannot all fit in a 1 s drain).
    full = outcomes.count((200, POS4_D6))
    check_eq(len(outcomes), 4, 'every search answered: %r' % outcomes)
    check(full >= 1 and outcomes.count((503, 'shutting_down')) == 4 - full and full < 4,
          'the running search answered in full, the queued ones not started by the timeout 503 shutting_down: %r' % outcomes)
finally:
    d.stop()

# ---- readiness: SIGTERM makes health 503 "draining" at once, serving goes on for drain-grace ----
d = Daemon(BIN, {'threads': 2, 'drain-grace': 3, 'drain-timeout': 30}, log_level='info')
try:
    begin('shutdown.readiness_before_close')
    st, _, h = d.get('/v1/health')
    check_eq((st, h['status']), (200, 'degraded'), 'ready before SIGTERM (degraded: no lessons)')
    d.signal(signal.SIGTERM)
    end = time.monotonic() + 5
    while time.monotonic() < end:
        st, hdrs, h = d.get('/v1/health')
        if st != 200:
            break
        time.sleep(0.01)
    check_eq((st, h.get('status')), (503, 'draining'), 'health answers 503 draining once SIGTERM is taken')
    check(all(k in h for k in ('version', 'lessons', 'lessons_generation', 'quizzes', 'puzzles')),
          'the usual health fields stay: %r' % h)
    check_eq(hdrs.get('connection', '').lower(), 'close', 'draining answers close their connection')
    # Still inside the grace: new connections are accepted and served exactly.
    st, hdrs, b = d.post('/v1/move', {'moves': ['e4', 'e5'], 'move': 'g1f3'})
    check_eq((st, b.get('san'), b.get('fen_after')), (200, 'Nf3', AFTER_E4_E5), 'served during the grace')
    check_eq(d.proc.poll(), None, 'still running during the grace')
    rc = d.proc.wait(60)
    check_eq(rc, 0, 'exit 0 after the grace and the drain')
    refused = False
    try:
        d.get('/v1/health')
    except OSError:
        refused = True
    check(refused, 'the socket is closed after the drain')
    log = d.log()
    check('not ready: serving 3 s more' in log, 'grace logged')
    check(' (aborted)' not in log, 'nothing cut off')
finally:
    d.stop()

# ---- SIGHUP reload ----
d = Daemon(BIN, {'threads': 2}, log_level='info')
try:
    begin('reload.sighup')
    for name in ('a', 'b'):
        open(os.path.join(d.lessons_dir, name + '.lua'), 'w').write(minimal_lesson(name))
    open(os.path.join(d.lessons_dir, 'notes.txt'), 'w').write('return {}\n')
    st, _, h = d.get('/v1/health')
    check_eq((h['lessons'], h['lessons_generation']), (0, 1), 'started with none')

    stop = threading.Event()
    failures = []

    def busy():
        c = d.conn()
        while not stop.is_set():
            try:
                st, _, b = d.post('/v1/move', {'move': 'e4'}, conn=c)
                if st != 200:
                    failures.append(st)
            except (OSError, http.client.HTTPException) as e:
                failures.append(repr(e))
                c = d.conn()
        c.close()

    ts = [threading.Thread(target=busy) for _ in range(3)]
    for t in ts:
        t.start()
    d.signal(signal.SIGHUP)
    end = time.monotonic() + 10
    while d.get('/v1/health')[2]['lessons_generation'] < 2 and time.monotonic() < end:
        time.sleep(0.02)
    st, _, h = d.get('/v1/health')
    check_eq((h['lessons'], h['lessons_generation']), (2, 2), 'reloaded: 2 lessons')
    # The counter is bumped just after the new set is swapped in (and visible in health): wait.
    end = time.monotonic() + 5
    while d.metric('arbiterd_reloads_total') < 1 and time.monotonic() < end:
        time.sleep(0.02)
    check_eq(d.metric('arbiterd_reloads_total'), 1.0, 'reload counted')
    os.symlink('/nonexistent/file.lua', os.path.join(d.lessons_dir, 'broken.lua'))
    d.signal(signal.SIGHUP)
    end = time.monotonic() + 10
    while d.get('/v1/health')[2]['lessons_generation'] < 3 and time.monotonic() < end:
        time.sleep(0.02)
    check_eq(d.get('/v1/health')[2]['lessons'], 2, 'broken lesson skipped')
    check_eq(d.metric('arbiterd_lesson_failures_total'), 1.0, 'lesson failure counted')
    check_eq(d.metric('arbiterd_lessons'), 2.0, 'lessons gauge')
    stop.set()
    for t in ts:
        t.join()
    check_eq(failures, [], 'no request failed during reloads')
    check('lessons: generation 3, 2 loaded, 1 failed' in d.log(), 'reload logged')
finally:
    check_eq(d.stop(), 0, 'exit status')
finish()
