#!/usr/bin/env python3
# daemon.systemd_tasks: arbiterd under the unit's TasksMax on hosts of 2 to 64 cores. The second
# security review's N2: TasksMax=64 was below the 5 x cores + 3 threads arbiterd started, so on 13+
# cores libmicrohttpd failed to start and systemd restart-looped. Here the unit's TasksMax becomes
# the pids.max of a cgroup of our own (what systemd does with TasksMax), the core count is simulated
# with ARBITERD_CPUS, and arbiterd must start, answer, reload and stop within it at every size;
# under a tighter limit the counts left at 0 shrink to fit (and say so), while explicit settings
# that cannot fit are refused at start with the numbers. Needs a pids cgroup we may create (root):
# skipped (77) otherwise. Arguments: arbiterd, the build's systemd/ folder, the lessons directory.
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import daemon_util
from daemon_util import begin, check, check_eq, finish

BIN, UNITS, LESSONS = sys.argv[1], sys.argv[2], sys.argv[3]
unit = open(os.path.join(UNITS, 'test-arbiterd.service')).read()
TASKS_MAX = int(re.search(r'^TasksMax=(\d+)$', unit, re.M).group(1))


def pids_hierarchy():
    """The directory to make a pids cgroup in (cgroup v1 or v2), or None."""
    if os.path.exists('/sys/fs/cgroup/pids/cgroup.procs'):
        return '/sys/fs/cgroup/pids'
    try:
        if 'pids' in open('/sys/fs/cgroup/cgroup.subtree_control').read().split():
            return '/sys/fs/cgroup'
    except OSError:
        pass
    return None


base = pids_hierarchy()
group = os.path.join(base, 'arbiterd-test-%d' % os.getpid()) if base else None
try:
    os.mkdir(group)
    with open(os.path.join(group, 'pids.max'), 'w') as f:
        f.write('%d\n' % TASKS_MAX)
except (OSError, TypeError) as e:
    print('cannot make a pids cgroup (%s): skipped' % e)
    if group and os.path.isdir(group):
        os.rmdir(group)
    sys.exit(77)


def limit(n):
    with open(os.path.join(group, 'pids.max'), 'w') as f:
        f.write('%d\n' % n)


def start(cores, settings):
    """arbiterd in the cgroup, ARBITERD_CPUS=cores; (process, port or None, stderr path)."""
    tmp = tempfile.mkdtemp()
    conf = os.path.join(tmp, 'arbiterd.conf')
    with open(conf, 'w') as f:
        for k, v in dict({'listen': '127.0.0.1:0', 'probe-listen': '127.0.0.1:0', 'lessons': LESSONS,
                          'log-level': 'info'}, **settings).items():
            f.write('%s = %s\n' % (k, v))
    err = os.path.join(tmp, 'stderr')
    cmd = ['sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', group, BIN, '--config', conf, '--print-port']
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=open(err, 'w'),
                         env=dict(os.environ, ARBITERD_CPUS=str(cores)))
    line = p.stdout.readline()
    return p, (int(line) if line.strip().isdigit() else None), err


def threads_of(pid):
    for line in open('/proc/%d/status' % pid):
        if line.startswith('Threads:'):
            return int(line.split()[1])
    return 0


def stop(p):
    p.send_signal(signal.SIGTERM)
    try:
        return p.wait(60)
    except subprocess.TimeoutExpired:
        p.kill()
        return p.wait()


try:
    for cores in (2, 12, 13, 16, 64):
        begin('tasks.unit_limit.%d_cores' % cores)
        limit(TASKS_MAX)
        p, port, err = start(cores, {})
        check(port is not None, '%d cores: started under TasksMax=%d: %s' % (cores, TASKS_MAX, open(err).read()[-400:]))
        if port is None:
            p.wait(30)
            continue
        d = daemon_util.Daemon.__new__(daemon_util.Daemon)
        d.port, d.validate = port, True
        want = min(cores, 16)
        check(re.search(r'listening on port \d+, %d polling threads' % want, open(err).read()),
              '%d cores: %d polling threads (one per core, at most 16): %s' % (cores, want, open(err).read()[-300:]))
        st, _, h = d.get('/v1/health')
        check_eq((st, h.get('status')), (200, 'ok'), '%d cores: health' % cores)
        check_eq(d.post('/v1/perft', {'depth': 2})[0], 200, '%d cores: a search on a work thread' % cores)
        gen = h['lessons_generation']
        p.send_signal(signal.SIGHUP)  # a reload loads in parallel: within the limit too
        end = time.monotonic() + 120
        while d.get('/v1/health')[2]['lessons_generation'] == gen and time.monotonic() < end:
            time.sleep(0.05)
        check_eq(d.get('/v1/health')[2]['lessons_generation'], gen + 1, '%d cores: a reload' % cores)
        n = threads_of(p.pid)
        check(0 < n <= TASKS_MAX, '%d cores: %d threads, within TasksMax=%d' % (cores, n, TASKS_MAX))
        check_eq(stop(p), 0, '%d cores: exit status' % cores)

    begin('tasks.tighter_limit_shrinks')
    limit(40)  # 64 cores would be 16 polling + 64 work threads: what is left at 0 gives way
    p, port, err = start(64, {})
    check(port is not None, 'started under pids.max 40: %s' % open(err).read()[-400:])
    if port is not None:
        log = open(err).read()
        check('to stay within the task limit of' in log, 'it says why it runs fewer threads: %s' % log[-300:])
        check(threads_of(p.pid) <= 40, 'within the limit: %d threads' % threads_of(p.pid))
        d = daemon_util.Daemon.__new__(daemon_util.Daemon)
        d.port, d.validate = port, True
        check_eq(d.get('/v1/health')[0], 200, 'health')
        check_eq(stop(p), 0, 'exit status')
    else:
        p.wait(30)

    begin('tasks.explicit_refused')
    limit(TASKS_MAX)
    p, port, err = start(2, {'threads': 32, 'script-threads': 128})
    check(port is None, 'not started')
    rc = p.wait(30)
    log = open(err).read()
    check_eq(rc, 1, 'exit status 1')
    check(re.search(r'32 polling and 128 work threads need \d+ tasks, but this process may have \d+', log),
          'the error names the numbers: %r' % log[-400:])
    check('libmicrohttpd could not start' not in log, 'before libmicrohttpd tries: %r' % log[-200:])
finally:
    for _ in range(50):  # the cgroup empties once its last task is reaped
        try:
            os.rmdir(group)
            break
        except OSError:
            time.sleep(0.1)
finish()
