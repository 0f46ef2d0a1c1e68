#!/usr/bin/env python3
# daemon.caching: what a browser or a proxy may keep. The lessons, quiz and puzzle lists, a
# lesson, a puzzle and the OpenAPI document carry ETag and Cache-Control; If-None-Match with
# that tag is 304 without a body, while another language (another body) has another tag; Vary:
# Accept-Language wherever that header chose the language, never where ?lang= did.
import sys

from daemon_util import Daemon, begin, check, check_eq, finish


def language_vary(h):
    """The Vary header without Accept-Encoding (which every large text answer has: gzip)."""
    names = [v.strip() for v in h.get('vary', '').split(',') if v.strip() and v.strip() != 'Accept-Encoding']
    return ', '.join(names) or None

d = Daemon(sys.argv[1], {'lessons': sys.argv[2]})
try:
    begin('caching.etag')
    for path in ['/v1/lessons', '/v1/lessons/illegal-moves', '/v1/quizzes', '/v1/puzzles',
                 '/v1/puzzles/m2-opera-game', '/v1/openapi.json']:
        st, h, body = d.get(path)
        tag = h.get('etag', '')
        check(st == 200 and tag.startswith('"') and tag.endswith('"'), '%s: a quoted ETag: %r' % (path, tag))
        check_eq(h.get('cache-control'), 'public, max-age=60', path + ': Cache-Control')
        st2, h2, body2 = d.get(path, headers={'If-None-Match': tag})
        check_eq((st2, body2, h2.get('etag')), (304, '', tag), path + ': 304 with no body')
        # RFC 9110 §8.6: a 304's Content-Length, if any, is the 200's (the second review's N9:
        # it was "Content-Length: 0").
        check(h2.get('content-length') in (None, h.get('content-length')),
              path + ': 304 Content-Length %r, the 200 has %r' % (h2.get('content-length'), h.get('content-length')))
        st3, _, _ = d.get(path, headers={'If-None-Match': 'W/"0000000000000000", ' + tag})
        check_eq(st3, 304, path + ': the tag in a list')
        st4, _, body4 = d.get(path, headers={'If-None-Match': '"0000000000000000"'})
        check_eq((st4, body4), (200, body), path + ': another tag gets the body')
        st5, h5, _ = d.request('HEAD', path)
        check_eq((st5, h5.get('etag')), (200, tag), path + ': HEAD has the same tag')
    _, en, _ = d.get('/v1/lessons')
    _, fa, _ = d.get('/v1/lessons', headers={'Accept-Language': 'fa'})
    check(en['etag'] != fa['etag'], 'another language, another tag')
    st, _, _ = d.get('/v1/lessons', headers={'Accept-Language': 'fa', 'If-None-Match': en['etag']})
    check_eq(st, 200, 'an English tag does not validate the Persian list')
    st, h, _ = d.post('/v1/move', {'move': 'e4'})
    check('etag' not in h and 'cache-control' not in h, 'POST answers are not cached: %r' % h)
    d.validate = False  # the page is not an API route of the OpenAPI document
    st, h, page = d.get('/')
    st2, h2, body2 = d.get('/', headers={'If-None-Match': h.get('etag', '')})
    d.validate = True
    check_eq((st2, body2, h2.get('etag')), (304, '', h.get('etag')), 'the page: 304 with no body')
    check(h2.get('content-length') in (None, h.get('content-length')), 'the page: 304 Content-Length %r, not 0'
          % h2.get('content-length'))

    begin('caching.vary')
    for path in ['/v1/lessons', '/v1/puzzles', '/v1/quizzes']:
        st, h, _ = d.get(path)
        check_eq(language_vary(h), 'Accept-Language', path + ': the header picked the language')
        st, h, _ = d.get(path + '?lang=fa')
        check_eq(language_vary(h), None, path + '?lang=: the query did')
    st, h, _ = d.post('/v1/move', {'move': 'Ke2'})
    check_eq(language_vary(h), 'Accept-Language', 'explanations follow the header too')
    st, h, _ = d.post('/v1/move', {'move': 'Ke2', 'lang': 'ar'})
    check_eq(language_vary(h), None, 'the body chose')
    st, h, _ = d.get('/v1/openapi.json')
    check_eq(language_vary(h), None, 'the OpenAPI document is the same in every language')
    st, h, _ = d.get('/v1/health')
    check_eq(language_vary(h), None, 'health neither')
finally:
    d.stop()
finish()
