#!/usr/bin/env python3
# daemon.lesson_cache: the answer cache of lesson steps. A repeated answer (also with other white
# space around it) returns the byte-identical body from the cache; languages are separate; a
# reload (SIGHUP) with a changed lesson answers with the new text; script failures are never
# cached; many distinct answers keep the cache within its entry and byte bounds (metrics);
# lesson-cache-entries 0 turns it off.
import http.client
import os
import signal
import sys
import time

from daemon_util import Daemon, begin, check, check_eq, finish

BIN = sys.argv[1]
ANSWER = '/v1/lessons/%s/steps/%s/answer'


def lesson(success_en, lesson_id='cached'):
    return ('return lesson {\n'
            '  id = "%s",\n'
            '  title = { en = "Cache", fa = "حافظه", ar = "ذاكرة" },\n'
            '  level = "beginner", tags = { "test" }, rules = { "3.1" },\n'
            '  steps = {\n'
            '    true_false {\n'
            '      prompt = { en = "A king moves one square.", fa = "شاه یک خانه حرکت می‌کند.",\n'
            '                 ar = "يتحرك الملك مربعًا واحدًا." },\n'
            '      answer = true,\n'
            '      success = { en = "%s", fa = "آفرین", ar = "أحسنت" },\n'
            '      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },\n'
            '    },\n'
            '    true_false {\n'
            '      prompt = { en = "Fails when wrong.", fa = "اشتباه خطا می‌دهد.", ar = "الخطأ يفشل." },\n'
            '      answer = true,\n'
            '      explain = function() error("explain failed on purpose") end,\n'
            '      tests = { right = { "true" } },\n'
            '    },\n'
            '  },\n'
            '}\n') % (lesson_id, success_en)


def raw_post(d, path, body):
    """Status and the exact body bytes."""
    c = d.conn()
    c.request('POST', path, body=body.encode(), headers={'Content-Type': 'application/json'})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def wait_generation(d, gen, timeout=20):
    end = time.monotonic() + timeout
    while d.get('/v1/health')[2]['lessons_generation'] < gen and time.monotonic() < end:
        time.sleep(0.02)
    return d.get('/v1/health')[2]['lessons_generation']


def write(d, name, text):
    with open(os.path.join(d.lessons_dir, name), 'w') as f:
        f.write(text)


# ---- hits, misses, identical bytes, languages, failures, reload ----
d = Daemon(BIN, {'threads': 2, 'lesson-cache-entries': 64})
try:
    write(d, 'cached.lua', lesson('Version one'))
    d.signal(signal.SIGHUP)
    check_eq(wait_generation(d, 2), 2, 'reloaded with the test lesson')

    begin('lesson_cache.identical')
    path = ANSWER % ('cached', 1)
    st1, b1 = raw_post(d, path, '{"answer": "true"}')
    st2, b2 = raw_post(d, path, '{"answer": "true"}')
    st3, b3 = raw_post(d, path, '{"answer": "  true\\n"}')
    check_eq((st1, st2, st3), (200, 200, 200), 'statuses')
    check(b'Version one' in b1, 'the success text')
    check_eq(b2, b1, 'the repeated answer is byte-identical')
    check_eq(b3, b1, 'the same answer with white space around it is byte-identical')
    check_eq(d.metric('arbiterd_lesson_cache_misses_total'), 1, 'one miss')
    check_eq(d.metric('arbiterd_lesson_cache_hits_total'), 2, 'two hits')
    check_eq(d.metric('arbiterd_lesson_cache_entries'), 1, 'one entry')

    begin('lesson_cache.languages')
    st, fa = raw_post(d, path + '?lang=fa', '{"answer": "true"}')
    check_eq(st, 200, 'status fa')
    check('آفرین' in fa.decode(), 'Persian success text')
    check(fa != b1, 'another body per language')
    st, fa2 = raw_post(d, path + '?lang=fa', '{"answer": "true"}')
    check_eq(fa2, fa, 'Persian answer cached too')
    check_eq(d.metric('arbiterd_lesson_cache_entries'), 2, 'two entries')
    st, wrong = raw_post(d, path, '{"answer": "false"}')
    check(b'"correct":false' in wrong, 'a wrong answer is judged, not served from the right one')

    begin('lesson_cache.failures_not_cached')
    hits = d.metric('arbiterd_lesson_cache_hits_total')
    failures = d.metric('arbiterd_lesson_failures_total')
    for i in range(3):
        st, body = raw_post(d, ANSWER % ('cached', 2), '{"answer": "false"}')
        check_eq(st, 500, 'the failing script answers 500 (%d)' % i)
        check(b'explain failed on purpose' in body, 'names the error (%d)' % i)
    check_eq(d.metric('arbiterd_lesson_cache_hits_total'), hits, 'no hit for a failed script')
    check_eq(d.metric('arbiterd_lesson_failures_total'), failures + 3, 'every failure ran the script')

    begin('lesson_cache.reload')
    write(d, 'cached.lua', lesson('Version two'))
    d.signal(signal.SIGHUP)
    check_eq(wait_generation(d, 3), 3, 'reloaded')
    check_eq(d.metric('arbiterd_lesson_cache_entries'), 0, 'the new set starts with an empty cache')
    st, b4 = raw_post(d, path, '{"answer": "true"}')
    check_eq(st, 200, 'status after reload')
    check(b'Version two' in b4 and b'Version one' not in b4, 'the changed lesson answers with its new text')
    st, b5 = raw_post(d, path, '{"answer": "true"}')
    check_eq(b5, b4, 'and caches it')
finally:
    d.stop()

# ---- bounds under many distinct answers ----
for settings, name in (({'lesson-cache-entries': 8}, 'entries'),
                       ({'lesson-cache-bytes': 3000}, 'bytes')):
    d = Daemon(BIN, dict(settings, threads=2))
    try:
        write(d, 'cached.lua', lesson('Version one'))
        d.signal(signal.SIGHUP)
        wait_generation(d, 2)
        begin('lesson_cache.bound_' + name)
        c = d.conn()
        bodies = {}
        for i in range(60):
            ans = 'word%03d' % i
            st, _, body = d.request('POST', ANSWER % ('cached', 1), {'answer': ans}, conn=c)
            check_eq(st, 200, 'status %s' % ans)
            bodies[ans] = body
            entries = d.metric('arbiterd_lesson_cache_entries')
            size = d.metric('arbiterd_lesson_cache_bytes')
            if name == 'entries':
                check(entries <= 8, 'at most 8 entries after %d answers (%d)' % (i + 1, entries))
            else:
                check(size <= 3000, 'at most 3000 bytes after %d answers (%d)' % (i + 1, size))
        c.close()
        check_eq(d.metric('arbiterd_lesson_cache_misses_total'), 60, 'every distinct answer missed')
        check(d.metric('arbiterd_lesson_cache_entries') >= 2, 'the newest answers stay')
        st, _, again = d.post(ANSWER % ('cached', 1), {'answer': 'word059'})
        check_eq(again, bodies['word059'], 'the newest answer again')
        check_eq(d.metric('arbiterd_lesson_cache_hits_total'), 1, 'is a hit')
        st, _, old = d.post(ANSWER % ('cached', 1), {'answer': 'word000'})
        check_eq(old, bodies['word000'], 'an evicted answer runs again with the same result')
        check_eq(d.metric('arbiterd_lesson_cache_misses_total'), 61, 'as a miss')
    finally:
        d.stop()

# ---- off ----
d = Daemon(BIN, {'threads': 1, 'lesson-cache-entries': 0})
try:
    write(d, 'cached.lua', lesson('Version one'))
    d.signal(signal.SIGHUP)
    wait_generation(d, 2)
    begin('lesson_cache.off')
    for _ in range(3):
        st, _, body = d.post(ANSWER % ('cached', 1), {'answer': 'true'})
        check_eq(st, 200, 'status')
    check_eq(d.metric('arbiterd_lesson_cache_hits_total'), 0, 'no hits')
    check_eq(d.metric('arbiterd_lesson_cache_misses_total'), 0, 'no misses counted')
    check_eq(d.metric('arbiterd_lesson_cache_entries'), 0, 'nothing held')
finally:
    d.stop()
finish()
