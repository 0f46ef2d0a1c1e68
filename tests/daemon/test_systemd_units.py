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
finish()
