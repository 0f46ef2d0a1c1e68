#!/usr/bin/env python3
# daemon.systemd_runtime: socket activation (LISTEN_FDS/LISTEN_PID on fd 3) serves requests; with
# libsystemd the daemon sends READY=1, WATCHDOG=1 pings (withheld while a polling thread is stalled),
# RELOADING=1 on SIGHUP and STOPPING=1.
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import daemon_util
from daemon_util import begin, check, check_eq, finish

BIN = sys.argv[1]
with_systemd = len(sys.argv) > 2 and sys.argv[2] == 'systemd'
KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

tmp = tempfile.TemporaryDirectory()
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(('127.0.0.1', 0))
listener.listen(64)
port = listener.getsockname()[1]
notify_path = os.path.join(tmp.name, 'notify')
notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
notify.bind(notify_path)
notify.settimeout(10)

env = dict(os.environ, LISTEN_FDS='1', NOTIFY_SOCKET=notify_path, WATCHDOG_USEC='200000')
env.pop('LISTEN_PID', None)
fd = listener.fileno()


def as_fd3():
    os.dup2(fd, 3)
    os.set_inheritable(3, True)


# LISTEN_PID and WATCHDOG_PID must be the daemon's pid: the shell exports its own and execs.
proc = subprocess.Popen(['/bin/sh', '-c', 'LISTEN_PID=$$ WATCHDOG_PID=$$ exec "$0" --listen 127.0.0.1:1 '
                         '--lessons "$1" --log-level warn --threads 2 --stall-timeout-ms 40', BIN, tmp.name],
                        env=env, preexec_fn=as_fd3, close_fds=False,
                        stderr=subprocess.PIPE)
listener.close()
messages = []


def wait_message(prefix, seconds=10):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for m in messages:
            if m.startswith(prefix) or ('\n' + prefix) in m:
                return True
        try:
            messages.append(notify.recv(4096).decode())
        except socket.timeout:
            break
    return False


try:
    if with_systemd:
        begin('systemd.notify.ready')
        check(wait_message('READY=1'), 'READY=1 sent: %r' % messages)
    else:
        time.sleep(0.5)

    begin('systemd.socket_activation')
    d = daemon_util.Daemon.__new__(daemon_util.Daemon)
    d.port = port
    st, _, h = d.get('/v1/health')
    check_eq((st, h['status']), (200, 'degraded'), 'served (degraded: no lessons) on the passed socket (not --listen 127.0.0.1:1)')
    st, _, m = d.post('/v1/move', {'move': 'e4'})
    check_eq((st, m['uci']), (200, 'e2e4'), 'move')

    if with_systemd:
        begin('systemd.notify.watchdog')
        check(wait_message('WATCHDOG=1'), 'watchdog pings: %r' % messages)
        begin('systemd.notify.watchdog_stall')
        # stall-timeout-ms 40: while searches of ~0.2 s each (longer under ASan) run back to back
        # for about 2 s, a polling thread counts as hung and the pings (every 100 ms) stop.
        pings = []
        stop = threading.Event()

        def listen():
            while not stop.is_set():
                try:
                    m = notify.recv(4096).decode()
                except socket.timeout:
                    continue
                messages.append(m)
                if 'WATCHDOG=1' in m:
                    pings.append(time.monotonic())
        notify.settimeout(0.05)
        listener_thread = threading.Thread(target=listen)
        listener_thread.start()
        time.sleep(0.5)
        c = d.conn()
        t0 = time.monotonic()
        while time.monotonic() - t0 < 2.0:
            st, _, _ = d.post('/v1/perft', {'fen': KIWIPETE, 'depth': 5}, conn=c)
            check_eq(st, 200, 'search')
        t1 = time.monotonic()
        c.close()
        end = time.monotonic() + 30  # pings resume once the stall is over
        while not any(p > t1 for p in pings) and time.monotonic() < end:
            time.sleep(0.05)
        stop.set()
        listener_thread.join()
        notify.settimeout(10)
        during = [t0] + [p for p in pings if t0 <= p <= t1] + [t1]
        gap = max(b - a for a, b in zip(during, during[1:]))
        check(gap >= 0.5, 'no ping for at least 0.5 s while the searches ran (longest gap %.2f s)' % gap)
        check(any(p > t1 for p in pings), 'pings resume once the searches are over')
        begin('systemd.notify.reload')
        proc.send_signal(signal.SIGHUP)
        check(wait_message('RELOADING=1'), 'RELOADING=1 on SIGHUP')
    proc.send_signal(signal.SIGTERM)
    rc = proc.wait(30)
    begin('systemd.stop')
    check_eq(rc, 0, 'exit 0')
    if with_systemd:
        check(wait_message('STOPPING=1'), 'STOPPING=1 sent')
finally:
    if proc.poll() is None:
        proc.kill()
        proc.wait()
finish()
