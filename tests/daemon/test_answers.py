#!/usr/bin/env python3
# daemon.answers: what every answer carries (the API trial's §7 rows 4, 10, 17, 24, 25; issue 24's
# "errors" row). An error whose message is English says Content-Language: en (one whose message is
# an explanation's text says the request's language); every answer has an X-Request-Id, the
# client's when it is a token, else one made per request (and logged); every 503 has Retry-After;
# large text answers are gzip for a client that takes it (Accept-Encoding), with their own ETag,
# 304 on it, and Vary: Accept-Encoding; small ones and clients that refuse gzip get them as they are.
import gzip
import http.client
import json
import re
import signal
import sys
import time

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS = sys.argv[1], sys.argv[2]


def raw(d, method, path, body=None, headers=None):
    """(status, headers (lower-case), bytes) without any decoding."""
    c = http.client.HTTPConnection('127.0.0.1', d.port, timeout=30)
    h = dict(headers or {})
    if body is not None:
        h.setdefault('Content-Type', 'application/json')
        body = json.dumps(body) if not isinstance(body, str) else body
    c.request(method, path, body=body, headers=h)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, data


d = Daemon(BIN, {'lessons': LESSONS, 'drain-grace': 3, 'retry-after': 4}, log_level='info')
try:
    begin('answers.error_language')
    st, h, e = d.post('/v1/move', {'mov': 'e4'}, headers={'Accept-Language': 'fa'})
    check_eq((st, e['error']['code'], h.get('content-language')), (400, 'unknown_field', 'en'),
             'an English message says so under Accept-Language: fa (the trial: it said fa)')
    st, h, e = d.get('/v1/nothing', headers={'Accept-Language': 'ar'})
    check_eq((st, h.get('content-language')), (404, 'en'), '404')
    st, h, e = d.post('/v1/move', {'moves': ['e4', 'Ke2', 'Ke3'], 'move': 'e5'}, headers={'Accept-Language': 'fa'})
    check_eq((st, e['error']['code'], h.get('content-language')), (422, 'illegal_move', 'fa'),
             'an explanation\'s text is the message: the request\'s language')
    check(re.search('[\u0600-\u06ff]', e['error']['message']), 'in Persian: %r' % e['error']['message'])
    st, h, b = d.post('/v1/move', {'move': 'e4'}, headers={'Accept-Language': 'fa'})
    check_eq((st, h.get('content-language')), (200, 'fa'), 'answers keep their language')

    begin('answers.request_id')
    ids = [d.get('/v1/health')[1].get('x-request-id') for _ in range(3)]
    check(all(i and re.fullmatch(r'[0-9a-f]{16}', i) for i in ids), 'made when none is sent: %r' % ids)
    check_eq(len(set(ids)), 3, 'one per request')
    st, h, _ = d.post('/v1/move', {'move': 'e4'}, headers={'X-Request-Id': 'app-42.x:7'})
    check_eq(h.get('x-request-id'), 'app-42.x:7', 'the client\'s is echoed')
    for bad in ('two words', 'x' * 65, 'semi;colon'):
        st, h, _ = d.get('/v1/health', headers={'X-Request-Id': bad})
        got = h.get('x-request-id', '')
        check(got != bad and re.fullmatch(r'[0-9a-f]{16}', got), '%r is not a token of 64 bytes: replaced (%r)' % (bad, got))
    st, h, _ = d.get('/v1/nothing', headers={'X-Request-Id': 'err-1'})
    check_eq((st, h.get('x-request-id')), (404, 'err-1'), 'on errors too')
    end = time.monotonic() + 20  # a request's line is logged when it ends, after its answer
    while 'id=app-42.x:7' not in d.log() and time.monotonic() < end:
        time.sleep(0.02)
    check(re.search(r'POST /v1/move 200 \d+us \d+B id=app-42\.x:7', d.log()), 'and logged with the request')

    begin('answers.gzip')
    for path in ('/v1/puzzles', '/v1/lessons', '/v1/openapi.json'):
        st, h, plain = raw(d, 'GET', path)
        st2, h2, packed = raw(d, 'GET', path, headers={'Accept-Encoding': 'gzip, deflate'})
        check_eq((st, h.get('content-encoding')), (200, None), path + ': without Accept-Encoding, as it is')
        check_eq((st2, h2.get('content-encoding')), (200, 'gzip'), path + ': gzip when taken (the trial: no gzip)')
        check_eq(gzip.decompress(packed), plain, path + ': the same answer')
        check(len(packed) < len(plain) / 2, path + ': %d bytes for %d' % (len(packed), len(plain)))
        check('Accept-Encoding' in h.get('vary', '') and 'Accept-Encoding' in h2.get('vary', ''),
              path + ': Vary: Accept-Encoding on both: %r %r' % (h.get('vary'), h2.get('vary')))
        check(h.get('etag') and h2.get('etag') and h.get('etag') != h2.get('etag'), path + ': its own ETag')
        st3, h3, body3 = raw(d, 'GET', path, headers={'Accept-Encoding': 'gzip', 'If-None-Match': h2['etag']})
        check_eq((st3, body3, h3.get('content-length')), (304, b'', h2.get('content-length')), path + ': 304 on its tag')
        st4, h4, body4 = raw(d, 'HEAD', path, headers={'Accept-Encoding': 'gzip'})
        check_eq((st4, body4, h4.get('content-encoding'), h4.get('content-length')),
                 (200, b'', 'gzip', h2.get('content-length')), path + ': HEAD has the same headers')
    for accept, coded in (('gzip;q=0', None), ('*', 'gzip'), ('gzip;q=0, *', None), ('identity', None),
                          ('x-gzip', 'gzip'), ('br', None)):
        st, h, _ = raw(d, 'GET', '/v1/puzzles', headers={'Accept-Encoding': accept})
        check_eq(h.get('content-encoding'), coded, 'Accept-Encoding: %s' % accept)
    st, h, data = raw(d, 'GET', '/v1/health', headers={'Accept-Encoding': 'gzip'})
    check_eq((st, h.get('content-encoding')), (200, None), 'a small answer as it is')
    json.loads(data)
    st, h, packed = raw(d, 'GET', '/web/app.js', headers={'Accept-Encoding': 'gzip'})
    st2, _, plain = raw(d, 'GET', '/web/app.js')
    check_eq((st, h.get('content-encoding'), gzip.decompress(packed) == plain), (200, 'gzip', True),
             'the page\'s scripts too (compressed at build time)')
    st, h, packed = raw(d, 'POST', '/v1/analyze', {'fen': 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'},
                        headers={'Accept-Encoding': 'gzip'})
    check_eq((st, h.get('content-encoding')), (200, 'gzip'), 'a large POST answer')
    check_eq(json.loads(gzip.decompress(packed))['turn'], 'white', 'and it reads')

    begin('answers.retry_after_on_every_503')
    d.signal(signal.SIGTERM)  # drain-grace 3: health 503 draining while everything is still served
    end = time.monotonic() + 10
    st, h, b = d.get('/v1/health')
    while st != 503 and time.monotonic() < end:
        time.sleep(0.02)
        st, h, b = d.get('/v1/health')
    check_eq((st, b.get('status'), h.get('retry-after')), (503, 'draining', '4'),
             'health\'s 503 draining has Retry-After (the trial: only the API\'s 503 errors had it)')
finally:
    check_eq(d.stop(), 0, 'exit status')

# The start-up line (the API trial's row 27): news at info, not a warning; "1 polling thread";
# no libmicrohttpd warning of a thread pool of size 0 with --threads 1.
begin('answers.startup_line')
for threads, level in ((1, 'info'), (2, 'info'), (1, 'warn')):
    one = Daemon(BIN, {'threads': threads}, log_level=level)
    try:
        check_eq(one.get('/v1/health')[0], 200, 'serves')
    finally:
        check_eq(one.stop(), 0, 'exit status')
    log = one.log()
    check('Zero size' not in log and 'thread pool' not in log, '%d thread(s): no pool warning: %r' % (threads, log[-300:]))
    said = re.search(r'info: listening on port \d+, %d polling thread%s(,|$)' % (threads, '' if threads == 1 else 's'),
                     log, re.M)
    check(bool(said) == (level == 'info'), '%d thread(s) at %s: the line %s: %r' %
          (threads, level, 'at info' if level == 'info' else 'left out', log[-300:]))
finish()
