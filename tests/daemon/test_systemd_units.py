#!/usr/bin/env python3
# daemon.systemd_units: the units pass `systemd-analyze verify` and the service's sandbox rates
# 1.5 or better in `systemd-analyze security --offline=true`. Skipped (77) without systemd-analyze.
import os
import re
import shutil
import subprocess
import sys
import tempfile

from daemon_util import begin, check, check_eq, finish

analyze = shutil.which('systemd-analyze')
if not analyze:
    print('systemd-analyze is not installed: skipped')
    sys.exit(77)

build_units = sys.argv[1]  # the build's systemd/ folder (test-arbiterd.* point at the build tree)
tmp = tempfile.TemporaryDirectory()
units = {}
for kind in ('service', 'socket'):
    src = os.path.join(build_units, 'test-arbiterd.' + kind)
    dst = os.path.join(tmp.name, 'arbiterd.' + kind)
    shutil.copy(src, dst)
    units[kind] = dst

begin('systemd.verify')
r = subprocess.run([analyze, 'verify', '--man=false', units['service'], units['socket']],
                   capture_output=True, text=True, cwd=tmp.name)
check_eq(r.returncode, 0, 'systemd-analyze verify: ' + r.stdout + r.stderr)
check_eq(r.stderr.strip(), '', 'no warnings')

begin('systemd.security')
r = subprocess.run([analyze, 'security', '--offline=true', '--no-pager', units['service']],
                   capture_output=True, text=True, cwd=tmp.name)
m = re.search(r'Overall exposure level for arbiterd\.service: ([0-9.]+)', r.stdout)
check(m is not None, 'exposure level printed: ' + r.stdout[-300:] + r.stderr)
if m:
    level = float(m.group(1))
    print('exposure level: %.1f' % level)
    check(level <= 1.5, 'exposure %.1f <= 1.5' % level)

begin('systemd.unit_contents')
service = open(units['service']).read()
check('Type=notify' in service, 'Type=notify')
check(re.search(r'^WatchdogSec=', service, re.M), 'watchdog')
check('ExecReload=/bin/kill -HUP $MAINPID' in service, 'reload is SIGHUP')
check('ListenStream=' in open(units['socket']).read(), 'socket unit listens')

begin('systemd.resources')
def setting(name):
    m = re.search(r'^%s=(\S+)$' % name, service, re.M)
    return m.group(1) if m else None
def megabytes(v):
    return int(v[:-1]) * {'K': 1 / 1024, 'M': 1, 'G': 1024}[v[-1]] if v and v[-1] in 'KMG' else None
conf = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'daemon', 'arbiterd.conf')).read()
max_connections = int(re.search(r'^# max-connections = (\d+)$', conf, re.M).group(1))
nofile = setting('LimitNOFILE')
check(nofile is not None and nofile.isdigit() and int(nofile) >= max_connections + 64,
      'LimitNOFILE %s covers max-connections %d plus the daemon\'s own descriptors' % (nofile, max_connections))
mem_max, mem_high = megabytes(setting('MemoryMax')), megabytes(setting('MemoryHigh'))
check(mem_max is not None and mem_max >= 64, 'MemoryMax set with room above the measured ~25 MB: %r' % mem_max)
check(mem_high is None or mem_high < mem_max, 'MemoryHigh below MemoryMax')
tasks = setting('TasksMax')
check(tasks is not None and tasks.isdigit() and 8 <= int(tasks) <= 1024, 'TasksMax bounded: %r' % tasks)
check(re.search(r'^WatchdogSec=(\d+)s$', service, re.M) and
      int(re.search(r'^WatchdogSec=(\d+)s$', service, re.M).group(1)) >= 2,
      'the watchdog interval leaves room for two pings')
finish()
