#!/usr/bin/env python3
# daemon.mhd_pin (issue 25 §6): daemon/refusals.c answers libmicrohttpd's parser refusals with the
# API's JSON only on the library version it was written for (AD_MHD_PINNED, daemon/meson.build).
# With that version (Debian 12's) a Content-Length that cannot be read gets the JSON error and
# start-up says nothing; with a library that reports another version (an LD_PRELOAD shim) start-up
# warns, naming both versions, and the refusal is the library's own page, unchanged; either way
# the connection closes, nothing stays in flight and the daemon serves on.
import os
import socket
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, SHIM, PINNED = sys.argv[1], sys.argv[2], sys.argv[3]
BAD = b'POST /v1/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n'


def refused(d):
    s = socket.create_connection(('127.0.0.1', d.port), timeout=10)
    s.sendall(BAD)
    out = b''
    while True:
        try:
            chunk = s.recv(65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    s.close()
    head = out.split(b'\r\n\r\n', 1)[0].decode('latin-1').lower()
    return out, head


begin('mhd_pin.pinned_version')
d = Daemon(BIN)
try:
    out, head = refused(d)
    check(head.startswith('http/1.1 400'), 'a bad Content-Length is 400: %r' % out[:120])
    check('content-type: application/json' in head and b'"bad_request"' in out, 'answered with the JSON error')
    check('is not ' + PINNED not in d.log(), 'no version warning with ' + PINNED)
    check_eq(d.in_flight_settled(20), 1, 'nothing left in flight (the probe itself)')
    check_eq(d.get('/v1/health')[0], 200, 'serving on')
finally:
    d.stop()

begin('mhd_pin.other_version')
env = dict(os.environ, LD_PRELOAD=SHIM)
# The sanitizer build's runtime must come first in the library list; the shim is not instrumented.
env['ASAN_OPTIONS'] = (os.environ.get('ASAN_OPTIONS', '') + ':verify_asan_link_order=0').lstrip(':')
d = Daemon(BIN, env=env)
try:
    check('libmicrohttpd 0.9.99-test is not ' + PINNED in d.log(), 'start-up names both versions: ' + d.log()[-300:])
    out, head = refused(d)
    check(head.startswith('http/1.1 400'), 'still 400: %r' % out[:120])
    check('application/json' not in head and b'"bad_request"' not in out, "the library's own page, unchanged: %r" % out[:200])
    check_eq(d.in_flight_settled(20), 1, 'nothing left in flight (the probe itself)')
    check_eq(d.get('/v1/health')[0], 200, 'serving on')
finally:
    d.stop()
finish()
