#!/usr/bin/env python3
# deploy/docker/Dockerfile, in two tests:
#   deploy.docker_file  (always): the file's promises read from it, and the paths it copies out of
#                       the build stage are what `meson install` installs with its prefix (/usr).
#   deploy.docker_image (live): builds the image, runs it on a loopback port, waits for Docker's
#                       own health check to say healthy, and calls the API. It needs a Docker
#                       daemon and ARB_DOCKER_TEST=1 (a build downloads Debian packages);
#                       ARB_DOCKER_BASE names the Debian 12 image to start from (default
#                       debian:12-slim). Otherwise it exits 77: meson reports SKIP, never a pass.
# Usage: test_docker.py file SOURCE_ROOT BUILD_DIR | test_docker.py image SOURCE_ROOT
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'daemon'))
from daemon_util import begin, check, check_eq, finish  # noqa: E402

MODE, ROOT = sys.argv[1], sys.argv[2]
DOCKERFILE = os.path.join(ROOT, 'deploy', 'docker', 'Dockerfile')
text = open(DOCKERFILE, encoding='utf-8').read()
lines = [l.strip() for l in re.sub(r'\\\n', ' ', text).splitlines() if l.strip() and not l.strip().startswith('#')]


def instr(name):
    return [l[len(name) + 1:].strip() for l in lines if l.split(None, 1)[0].upper() == name]


def static():
    begin('docker_file.base')
    base = [a for a in instr('ARG') if a.startswith('BASE=')]
    check(base and base[0].startswith('BASE=debian:12'), 'Debian 12 by default: %r' % base)
    check_eq([f.split()[0] for f in instr('FROM')], ['${BASE}', '${BASE}'], 'both stages start from BASE')
    begin('docker_file.runtime')
    users = instr('USER')
    check(users and users[-1] not in ('root', '0'), 'runs as a user other than root: %r' % users)
    entry = json.loads(instr('ENTRYPOINT')[-1])
    check_eq(entry[:1], ['/usr/sbin/arbiterd'], 'the daemon is the entry point')
    check('--listen' in entry and entry[entry.index('--listen') + 1] == '0.0.0.0:8080', 'listens on 8080: %r' % entry)
    check_eq(instr('EXPOSE'), ['8080'], 'exposes 8080')
    hc = ' '.join(instr('HEALTHCHECK'))
    check('/v1/health' in hc and '"status":"ok"' in hc.replace('\\"', '"') and '200' in hc,
          'the health check asks /v1/health for 200 and "status":"ok": %r' % hc[:200])
    begin('docker_file.install_layout')
    # What meson installs, with the Dockerfile's prefix: every COPY --from=build source exists.
    build = sys.argv[3]
    out = subprocess.run(['meson', 'introspect', build, '--installed'], capture_output=True, text=True)
    installed = json.loads(out.stdout or '{}').values()
    opts = {o['name']: o['value'] for o in json.loads(subprocess.run(['meson', 'introspect', build, '--buildoptions'],
                                                                       capture_output=True, text=True).stdout)}
    prefix = opts['prefix']

    def as_docker(p):  # --prefix=/usr --sysconfdir=/etc in the image
        sysconf = opts['sysconfdir'] if os.path.isabs(opts['sysconfdir']) else os.path.join(prefix, opts['sysconfdir'])
        if p.startswith(sysconf + '/'):
            return '/etc/' + p[len(sysconf) + 1:]
        return '/usr/' + p[len(prefix) + 1:] if p.startswith(prefix + '/') else p
    paths = [as_docker(p) for p in installed]
    check(paths, 'meson introspect lists the installed files')
    for c in instr('COPY'):
        parts = c.split()
        if parts[0] != '--from=build':
            continue
        src = parts[1][len('/out'):]
        check(any(p == src or p.startswith(src + '/') for p in paths), 'COPY %s: meson installs it (%s)' % (parts[1], src))
    lessons = entry[entry.index('--lessons') + 1] if '--lessons' in entry else ''
    check(lessons in paths or any(p.startswith(lessons + '/') for p in paths), 'the lessons path is installed: %s' % lessons)
    begin('docker_file.context')
    ignore = open(os.path.join(ROOT, '.dockerignore'), encoding='utf-8').read().split()
    check('build' in ignore and 'build-*' in ignore and '.git' in ignore, 'the build dirs and .git stay out of the context')


def docker(*args, **kw):
    return subprocess.run(['docker'] + list(args), capture_output=True, text=True, **kw)


def live():
    if os.environ.get('ARB_DOCKER_TEST') != '1':
        print('SKIP: ARB_DOCKER_TEST=1 not set (the build downloads Debian packages)')
        sys.exit(77)
    try:
        if docker('info', timeout=20).returncode != 0:
            print('SKIP: no Docker daemon')
            sys.exit(77)
    except (OSError, subprocess.TimeoutExpired):
        print('SKIP: no docker command')
        sys.exit(77)
    tag, name = 'arbiter-test:%d' % os.getpid(), 'arbiter-test-%d' % os.getpid()
    base = os.environ.get('ARB_DOCKER_BASE', 'debian:12-slim')
    begin('docker_image.build')
    b = docker('build', '-q', '-f', DOCKERFILE, '--build-arg', 'BASE=' + base, '-t', tag, ROOT, timeout=1800)
    check_eq(b.returncode, 0, 'the image builds: %s' % b.stderr[-800:])
    if b.returncode:
        return
    try:
        begin('docker_image.run')
        r = docker('run', '-d', '--name', name, '-p', '127.0.0.1::8080', '--health-interval=1s', '--health-start-period=1s', tag)
        check_eq(r.returncode, 0, 'runs: %s' % r.stderr)
        port = docker('port', name, '8080/tcp').stdout.strip().rsplit(':', 1)[-1]
        deadline, health = time.monotonic() + 60, ''
        while time.monotonic() < deadline and health != 'healthy':
            health = docker('inspect', '--format', '{{.State.Health.Status}}', name).stdout.strip()
            time.sleep(0.5)
        check_eq(health, 'healthy', "Docker's health check")
        h = json.loads(urllib.request.urlopen('http://127.0.0.1:%s/v1/health' % port, timeout=10).read())
        check(h['status'] == 'ok' and h['lessons'] > 0 and h['quizzes'] > 0 and h['puzzles'] > 0,
              'the bundled lessons, quizzes and puzzles are served: %r' % h)
        req = urllib.request.Request('http://127.0.0.1:%s/v1/move' % port, data=b'{"move":"e4"}',
                                     headers={'Content-Type': 'application/json'})
        check_eq(json.loads(urllib.request.urlopen(req, timeout=10).read())['san'], 'e4', 'a move is judged')
        page = urllib.request.urlopen('http://127.0.0.1:%s/' % port, timeout=10)
        check_eq((page.status, 'text/html' in page.headers.get('Content-Type', '')), (200, True), 'the page is served')
        uid = docker('exec', name, 'sh', '-c', 'grep ^Uid: /proc/1/status').stdout.split()
        check(len(uid) > 1 and uid[1] != '0', 'arbiterd runs as a user other than root: %r' % uid)
        begin('docker_image.degraded_is_unhealthy')
        docker('rm', '-f', name)
        docker('run', '-d', '--name', name, '--health-interval=1s', '--health-start-period=1s', tag, '--lessons', '/nonexistent')
        deadline, health = time.monotonic() + 30, ''
        while time.monotonic() < deadline and health != 'unhealthy':
            health = docker('inspect', '--format', '{{.State.Health.Status}}', name).stdout.strip()
            time.sleep(0.5)
        check_eq(health, 'unhealthy', 'an instance that serves no lesson (health "degraded") is unhealthy')
    finally:
        docker('rm', '-f', name)
        docker('rmi', '-f', tag)


if MODE == 'file':
    static()
else:
    live()
finish()
