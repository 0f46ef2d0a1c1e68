# Named checks for the Python test scripts that run on their own (install.*, cli.extremes; the
# daemon tests have tests/daemon/daemon_util.py): check() counts a pass or prints one FAIL line,
# finish() prints "N passed, N failed" and exits 1 when any check failed, run() gives a command's
# exit status and its stdout + stderr. A script imports it with tests/ on sys.path:
#     sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import subprocess
import sys

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print('FAIL ' + what)
    return cond


def finish():
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed else 0)


def run(cmd, env=None, timeout=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    return p.returncode, p.stdout + p.stderr
