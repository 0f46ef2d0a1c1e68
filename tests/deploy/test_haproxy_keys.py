#!/usr/bin/env python3
# deploy.haproxy_keys: deploy/haproxy/haproxy.cfg's access control, as shipped, in front of one
# arbiterd: with ARBITER_KEYS (a map file of keys and their limits) a request without a known key
# is 401 with the API's JSON error (health checks and CORS preflights need none); a key sent as
# X-Api-Key or as Authorization: Bearer is let through, without the key reaching arbiterd; a key
# past its own limit, and a client address past ARBITER_ADDR_RATE, get the API's JSON 429 with
# Retry-After while other keys go on. Skips (77) only when haproxy is not installed.
# Usage: test_haproxy_keys.py ARBITERD HAPROXY_CFG
import http.client
import http.server
import threading
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'daemon'))
import openapi_check  # noqa: E402
from daemon_util import Daemon, begin, check, check_eq, finish  # noqa: E402

BIN, CFG = sys.argv[1], sys.argv[2]
HAPROXY = shutil.which('haproxy') or (os.path.exists('/usr/sbin/haproxy') and '/usr/sbin/haproxy')
if not HAPROXY:
    print('SKIP: haproxy is not installed (Debian: apt-get install haproxy; scripts/deps installs it)')
    sys.exit(77)


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_haproxy(env_extra, backend=None):
    port = free_port()
    to = '127.0.0.1:%d' % (backend or d.port)
    env = dict(os.environ, ARBITER_BIND='127.0.0.1:%d' % port, ARBITER_1=to, ARBITER_2=to, ARBITER_3=to, **env_extra)
    proc = subprocess.Popen([HAPROXY, '-db', '-f', CFG], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + 30
    while time.monotonic() < end:  # up once it answers through a healthy server
        try:
            c = http.client.HTTPConnection('127.0.0.1', port, timeout=5)
            c.request('GET', '/v1/health')
            if c.getresponse().status == 200:
                break
        except OSError:
            pass
        time.sleep(0.2)
    return proc, port


def ask(port, method='POST', path='/v1/analyze', body='{}', headers=None):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
    h = {'Content-Type': 'application/json'}
    h.update(headers or {})
    c.request(method, path, body=body if method != 'GET' else None, headers=h)
    r = c.getresponse()
    data = r.read()
    hdrs = {k.lower(): v for k, v in r.getheaders()}
    c.close()
    try:
        return r.status, hdrs, json.loads(data) if data else None
    except ValueError:
        return r.status, hdrs, data


def api_error(what, st, body):
    """The proxy's refusal has the API's error shape (docs/openapi.json's Error)."""
    schema = openapi_check._to_json_schema(openapi_check.contract().components['Error'],
                                           openapi_check.contract().components)
    import jsonschema
    errs = list(jsonschema.Draft202012Validator(schema).iter_errors(body))
    check(not errs, '%s: the API error shape: %s %r' % (what, [e.message for e in errs[:2]], body))


tmp = tempfile.TemporaryDirectory()
keys = os.path.join(tmp.name, 'keys.map')
with open(keys, 'w') as f:
    f.write('# test keys\nsmall-key 5\nbig-key 1000\n')

d = Daemon(BIN, {'threads': 2})
haproxy = None
try:
    haproxy, port = start_haproxy({'ARBITER_KEYS': keys, 'ARBITER_ADDR_RATE': '1000'})
    begin('haproxy_keys.unknown_or_missing_key')
    for headers in ({}, {'X-Api-Key': 'nope'}, {'Authorization': 'Bearer nope'}, {'Authorization': 'Basic eDp5'}):
        st, h, body = ask(port, headers=headers)
        check_eq((st, (body or {}).get('error', {}).get('code')), (401, 'unauthorized'), 'refused: %r' % headers)
        check_eq(h.get('content-type'), 'application/json', 'as JSON')
        check(h.get('www-authenticate', '').startswith('Bearer'), 'says how: %r' % h.get('www-authenticate'))
        api_error('401', st, body)
    st, _, body = ask(port, 'GET', '/v1/health')
    check_eq(st, 200, 'health checks need no key')
    st, _, body = ask(port, 'OPTIONS', '/v1/analyze', headers={'Origin': 'http://localhost:3000',
                                                                   'Access-Control-Request-Method': 'POST'})
    check(st != 401, 'a CORS preflight needs no key: %d' % st)

    begin('haproxy_keys.key_lets_through')
    direct = d.post('/v1/analyze', {'moves': ['e4']})[2]
    for headers in ({'X-Api-Key': 'big-key'}, {'Authorization': 'Bearer big-key'}):
        st, _, body = ask(port, body='{"moves": ["e4"]}', headers=headers)
        check_eq((st, body), (200, direct), 'the answer arbiterd gives: %r' % headers)

    begin('haproxy_keys.per_key_limit')
    statuses = [ask(port, headers={'X-Api-Key': 'small-key'})[0] for _ in range(5)]
    check_eq(statuses, [200] * 5, 'the first 5 in 10 s')
    st, h, body = ask(port, headers={'X-Api-Key': 'small-key'})
    err = (body or {}).get('error', {})
    check_eq((st, err.get('code'), err.get('limit')), (429, 'too_many_requests', 5), 'the 6th: 429 with the limit')
    check_eq(h.get('retry-after'), '10', 'and Retry-After')
    api_error('429 per key', st, body)
    st, _, _ = ask(port, headers={'Authorization': 'Bearer small-key'})
    check_eq(st, 429, 'the same key by the other header counts the same')
    st, _, _ = ask(port, headers={'X-Api-Key': 'big-key'})
    check_eq(st, 200, 'another key goes on')
finally:
    if haproxy:
        haproxy.terminate()
        haproxy.wait(10)

try:
    haproxy, port = start_haproxy({'ARBITER_KEYS': keys, 'ARBITER_ADDR_RATE': '8'})
    begin('haproxy_keys.per_address_limit')
    statuses = [ask(port, headers={'X-Api-Key': 'big-key'})[0] for _ in range(12)]
    check(200 in statuses and statuses[-1] == 429, 'past 8 requests in 10 s from one address: %r' % statuses)
    st, h, body = ask(port, 'GET', '/v1/health')
    err = (body or {}).get('error', {})
    check_eq((st, err.get('code'), err.get('limit'), h.get('retry-after')), (429, 'too_many_requests', 8, '10'),
             'every request of that address, with the limit and Retry-After')
    api_error('429 per address', st, body)
finally:
    if haproxy:
        haproxy.terminate()
        haproxy.wait(10)

class Echo(http.server.BaseHTTPRequestHandler):
    """A backend that answers with the headers it was sent (health checks: 200 too)."""
    def answer(self):
        body = json.dumps({k.lower(): v for k, v in self.headers.items()}).encode()
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:  # a health check that hung up after the status line
            pass

    def do_GET(self):
        self.answer()

    def do_POST(self):
        self.rfile.read(int(self.headers.get('Content-Length', 0)))
        self.answer()

    def log_message(self, *args):
        pass


echo = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Echo)
threading.Thread(target=echo.serve_forever, daemon=True).start()
try:
    haproxy, port = start_haproxy({'ARBITER_KEYS': keys, 'ARBITER_ADDR_RATE': '1000'}, echo.server_address[1])
    begin('haproxy_keys.key_stops_at_the_proxy')
    for headers in ({'X-Api-Key': 'big-key'}, {'Authorization': 'Bearer big-key'}):
        st, _, seen = ask(port, headers=dict(headers, **{'X-Request-Id': 'k1'}))
        check_eq((st, 'x-api-key' in seen, 'authorization' in seen, seen.get('x-request-id')), (200, False, False, 'k1'),
                 'the backend never sees the key: %r' % headers)
finally:
    if haproxy:
        haproxy.terminate()
        haproxy.wait(10)
    echo.shutdown()

try:
    haproxy, port = start_haproxy({})
    begin('haproxy_keys.off_without_a_map')
    st, _, _ = ask(port)
    check_eq(st, 200, 'no ARBITER_KEYS: no key needed (the shipped default)')
finally:
    if haproxy:
        haproxy.terminate()
        haproxy.wait(10)
    d.stop()
finish()
