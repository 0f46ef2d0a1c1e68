#!/usr/bin/env python3
# daemon.cors: browser pages on other origins (--cors-origin): a real preflight (OPTIONS with
# Origin and Access-Control-Request-*) is answered with the path's methods and the headers a
# page may send; answers and errors carry Access-Control-Allow-Origin for a listed origin only;
# `*` allows any; without the option no CORS header is ever sent.
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

BIN = sys.argv[1]
PAGE = 'http://localhost:3000'
PREFLIGHT = {'Origin': PAGE, 'Access-Control-Request-Method': 'POST',
             'Access-Control-Request-Headers': 'content-type, accept-language'}

d = Daemon(BIN, extra_args=['--cors-origin', PAGE, '--cors-origin', 'https://school.example'])
try:
    begin('cors.preflight')
    for path, methods in [('/v1/move', {'POST', 'OPTIONS'}), ('/v1/quizzes', {'GET', 'HEAD', 'POST', 'OPTIONS'}),
                          ('/v1/lessons/illegal-moves/steps/2/answer', {'POST', 'OPTIONS'}),
                          ('/v1/health', {'GET', 'HEAD', 'OPTIONS'})]:
        st, h, body = d.request('OPTIONS', path, headers=PREFLIGHT)
        check_eq((st, body), (204, ''), path + ': 204, no body')
        check_eq(h.get('access-control-allow-origin'), PAGE, path + ': the origin')
        check_eq(set(m.strip() for m in h.get('access-control-allow-methods', '').split(',')), methods,
                 path + ': the methods')
        allowed = h.get('access-control-allow-headers', '').lower()
        check('content-type' in allowed and 'accept-language' in allowed, 'headers: %r' % allowed)
        check(int(h.get('access-control-max-age', '0')) > 0, 'a max age')
        check_eq(h.get('vary'), 'Origin', 'Vary: Origin')
    st, h, _ = d.request('OPTIONS', '/v1/nope', headers=PREFLIGHT)
    check_eq(st, 404, 'no such path')

    begin('cors.allow_headers')
    # The API trial's row 25: the list was fixed, so a page could not send the API key or
    # Authorization its proxy needs. The preflight's requested names are granted (arbiterd reads no
    # header it does not know); a malformed list gets the ones arbiterd reads.
    st, h, _ = d.request('OPTIONS', '/v1/move', headers=dict(PREFLIGHT, **{
        'Access-Control-Request-Headers': 'content-type, authorization, x-api-key'}))
    check_eq((st, h.get('access-control-allow-headers')), (204, 'content-type, authorization, x-api-key'),
             'the requested headers')
    st, h, _ = d.request('OPTIONS', '/v1/move', headers=dict(PREFLIGHT, **{'Access-Control-Request-Headers': 'a\x7fb'}))
    check('content-type' in h.get('access-control-allow-headers', '').lower(), 'a malformed list: the usual ones')
    st, h, _ = d.post('/v1/move', {'move': 'e4'}, headers={'Origin': PAGE})
    check('x-request-id' in h.get('access-control-expose-headers', '').lower(), 'X-Request-Id is exposed')

    begin('cors.vary_always')
    # The second review's N8: without an Origin (or with an unlisted one) the answer had no
    # Vary: Origin, so a shared cache could hand it to the listed origin's page, without the grant.
    for headers in ({}, {'Origin': 'https://evil.example'}, {'Origin': PAGE}):
        st, h, _ = d.get('/v1/lessons', headers=headers)
        check('origin' in [v.strip().lower() for v in h.get('vary', '').split(',')],
              'Vary names Origin with %r: %r' % (headers, h.get('vary')))

    begin('cors.answers_and_errors')
    for method, path, body, status in [('POST', '/v1/move', {'move': 'e4'}, 200),
                                       ('POST', '/v1/move', {'mvoe': 'e4'}, 400),
                                       ('POST', '/v1/move', {'move': 'e5'}, 200),
                                       ('GET', '/v1/nope', None, 404), ('PUT', '/v1/move', {}, 405),
                                       ('POST', '/v1/analyze', {'moves': ['e4', 'e4']}, 422),
                                       ('GET', '/v1/health', None, 200)]:
        st, h, _ = d.request(method, path, body, headers={'Origin': 'https://school.example'})
        check_eq((st, h.get('access-control-allow-origin')), (status, 'https://school.example'),
                 '%s %s' % (method, path))
        check('retry-after' in h.get('access-control-expose-headers', '').lower(), 'Retry-After readable')

    begin('cors.other_origin')
    st, h, _ = d.post('/v1/move', {'move': 'e4'}, headers={'Origin': 'http://evil.example'})
    check_eq((st, h.get('access-control-allow-origin')), (200, None), 'not listed: no header')
    st, h, _ = d.request('OPTIONS', '/v1/move', headers=dict(PREFLIGHT, Origin='http://localhost:3001'))
    check_eq((st, h.get('access-control-allow-origin'), h.get('allow')), (204, None, 'POST, OPTIONS'),
             'a preflight from another origin gets no grant')
finally:
    d.stop()

d = Daemon(BIN, extra_args=['--cors-origin', '*'])
try:
    begin('cors.any')
    st, h, _ = d.request('OPTIONS', '/v1/analyze', headers=dict(PREFLIGHT, Origin='http://anywhere.example'))
    check_eq((st, h.get('access-control-allow-origin'), h.get('vary')), (204, '*', None), '* grants every origin')
    st, h, _ = d.post('/v1/analyze', {}, headers={'Origin': 'http://anywhere.example'})
    check_eq(h.get('access-control-allow-origin'), '*', 'on the answer')
    st, h, _ = d.post('/v1/analyze', {})
    check_eq((h.get('access-control-allow-origin'), 'Origin' in h.get('vary', '')), ('*', False),
             'without an Origin too: the same answer for all, nothing to vary by')
finally:
    d.stop()

d = Daemon(BIN)
try:
    begin('cors.off_by_default')
    st, h, _ = d.request('OPTIONS', '/v1/move', headers=PREFLIGHT)
    check_eq((st, h.get('access-control-allow-origin'), h.get('allow')), (204, None, 'POST, OPTIONS'), 'preflight')
    st, h, _ = d.post('/v1/move', {'move': 'e4'}, headers={'Origin': PAGE})
    check(not any(k.startswith('access-control-') for k in h), 'no CORS header: %r' % h)
finally:
    d.stop()

begin('cors.bad_option')
for bad in ['localhost:3000', 'http://x.example/path', 'ftp://x.example', 'http://a b']:
    try:
        Daemon(BIN, extra_args=['--cors-origin', bad]).stop()
        check(False, '%r accepted' % bad)
    except RuntimeError as e:
        check('cors-origin' in str(e), '%r refused with the option named: %s' % (bad, e))
finish()
