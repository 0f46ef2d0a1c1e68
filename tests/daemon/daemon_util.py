# Shared helpers for the arbiterd integration tests: start the built daemon on an ephemeral
# loopback port, talk HTTP to it (http.client or raw sockets), and named checks with a summary.
# Every answer Daemon.request receives is validated against docs/openapi.json (openapi_check).
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import openapi_check

passed = 0
failed = 0
current = ''


def begin(name):
    global current
    current = name


def check(cond, what=''):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        frame = sys._getframe(1)
        print('FAIL %s (%s:%d): %s' % (current, os.path.basename(frame.f_code.co_filename), frame.f_lineno, what),
              flush=True)
    return cond


def check_eq(got, want, what=''):
    return check(got == want, '%s: got %r, expected %r' % (what, got, want))


def finish():
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed else 0)


class Daemon:
    """The built arbiterd on 127.0.0.1:0; settings go through a config file (which tests it too)."""
    validate = True  # check every answer against docs/openapi.json

    def __init__(self, binary, settings=None, extra_args=(), wrapper=(), log_level='warn', env=None, validate=True):
        self.validate = validate
        self.tmp = tempfile.TemporaryDirectory()
        conf = os.path.join(self.tmp.name, 'arbiterd.conf')
        base = {'listen': '127.0.0.1:0', 'log-level': log_level, 'lessons': self.tmp.name}
        base.update(settings or {})
        with open(conf, 'w') as f:
            f.write('# written by the test\n')
            for k, v in base.items():
                f.write('%s = %s\n' % (k, v))
        self.stderr_path = os.path.join(self.tmp.name, 'stderr.log')
        self.stderr = open(self.stderr_path, 'w')
        cmd = list(wrapper) + [binary, '--config', conf, '--print-port'] + list(extra_args)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.stderr, env=env)
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait(5)
            raise RuntimeError('arbiterd did not start: ' + self.log())
        self.port = int(line)
        self.lessons_dir = self.tmp.name

    def log(self):
        if not self.stderr.closed:
            self.stderr.flush()
        with open(self.stderr_path) as f:
            return f.read()

    def conn(self, timeout=30):
        return http.client.HTTPConnection('127.0.0.1', self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, conn=None):
        """Returns (status, headers dict (lower-case names), parsed JSON or text)."""
        c = conn or self.conn()
        h = dict(headers or {})
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        if body is not None and 'Content-Type' not in h:
            h['Content-Type'] = 'application/json'
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        hdrs = {k.lower(): v for k, v in r.getheaders()}
        if conn is None:
            c.close()
        if hdrs.get('content-type', '').startswith('application/json') and data:
            parsed = json.loads(data)
        else:
            parsed = data.decode('utf-8', 'replace')
        if self.validate:  # every answer against docs/openapi.json (openapi_check.py)
            for problem in openapi_check.contract().problems(method, path, r.status, hdrs.get('content-type'), parsed):
                check(False, 'OpenAPI: ' + problem)
            if 200 <= r.status < 300:  # and a request the server accepted against the request schema
                sent = json.loads(body) if isinstance(body, (str, bytes)) and body and \
                    h.get('Content-Type', '').startswith('application/json') else None
                for problem in openapi_check.contract().request_problems(method, path, sent):
                    check(False, 'OpenAPI (a request the server accepted): ' + problem)
        return r.status, hdrs, parsed

    def post(self, path, body, **kw):
        return self.request('POST', path, body, **kw)

    def get(self, path, **kw):
        return self.request('GET', path, **kw)

    def raw(self, data, timeout=10):
        """Sends raw bytes on a new connection and returns everything read until close/timeout."""
        s = socket.create_connection(('127.0.0.1', self.port), timeout=timeout)
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        out = b''
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                out += chunk
        except OSError:
            pass
        s.close()
        return out

    def signal(self, sig):
        self.proc.send_signal(sig)

    def stop(self, timeout=30):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.stderr.close()
        if rc != 0:  # an ASan/UBSan report or a panic is on stderr: show it where the failure is read
            tail = self.log().splitlines()[-80:]
            print('arbiterd exited with %s; the end of its stderr:\n  %s' % (rc, '\n  '.join(tail)))
        return rc

    def in_flight_settled(self, seconds):
        """arbiterd_requests_in_flight once it reads 1 (the /metrics probe itself), or its last value
        after `seconds`. Judge the value this returns, never a second read: libmicrohttpd calls the
        completion callback after the client has its answer, so a fresh read may still count the
        previous probe, finishing on another polling thread. A leak never reads 1."""
        end = time.monotonic() + seconds
        value = self.metric('arbiterd_requests_in_flight')
        while value != 1 and time.monotonic() < end:
            time.sleep(0.05)
            value = self.metric('arbiterd_requests_in_flight')
        return value

    def metric(self, name, labels=''):
        """The value of one Prometheus sample, e.g. metric('arbiterd_reloads_total')."""
        status, _, text = self.get('/metrics')
        key = name + ('{' + labels + '}' if labels else '')
        for line in text.splitlines():
            if line.startswith(key + ' '):
                return float(line.split()[-1])
        return 0.0


def minimal_lesson(lesson_id, extra_step=''):
    """The text of a small valid lesson (one true/false step; extra_step: Lua for more steps)."""
    return ('return lesson {\n'
            '  id = "%s",\n'
            '  title = { en = "Test %s", fa = "آزمون %s", ar = "اختبار %s" },\n'
            '  level = "beginner", tags = { "test" }, rules = { "3.1" },\n'
            '  steps = {\n'
            '    true_false {\n'
            '      prompt = { en = "A king moves one square.", fa = "شاه یک خانه حرکت می‌کند.",\n'
            '                 ar = "يتحرك الملك مربعًا واحدًا." },\n'
            '      answer = true,\n'
            '      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },\n'
            '    },\n'
            '%s'
            '  },\n'
            '}\n') % (lesson_id, lesson_id, lesson_id, lesson_id, extra_step)


def parse_status(raw):
    """HTTP status code from a raw response, or 0."""
    try:
        return int(raw.split(b' ', 2)[1])
    except (IndexError, ValueError):
        return 0


def parse_json_body(raw):
    try:
        return json.loads(raw.split(b'\r\n\r\n', 1)[1])
    except (IndexError, ValueError):
        return None
