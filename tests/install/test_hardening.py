#!/usr/bin/env python3
# install.hardening (issue 20 §2): installs the build into a temporary DESTDIR (`meson install`)
# and reads every installed ELF file's headers with readelf (binutils): each must have a
# non-executable stack (GNU_STACK RW), full RELRO (a GNU_RELRO segment and BIND_NOW), and the
# stack protector (__stack_chk_fail imported); each executable must be a PIE (type DYN, FLAGS_1
# PIE); with _FORTIFY_SOURCE (meson.build enables it on optimised builds without sanitizers) each
# executable imports glibc's checked functions (__*_chk), and without it none does.
# Usage: test_hardening.py BUILD_DIR FORTIFY_LEVEL SANITIZE
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from checks import check, finish, run  # noqa: E402

build, fortify, sanitize = sys.argv[1], int(sys.argv[2]), sys.argv[3]

readelf = shutil.which('readelf')
check(readelf is not None, 'readelf (binutils) is installed')
if not readelf:
    finish()


def readelf_out(*args):
    return subprocess.run([readelf, '-W'] + list(args), capture_output=True, text=True, check=True).stdout


with tempfile.TemporaryDirectory() as dest:
    rc, out = run(['meson', 'install', '-C', build, '--destdir', dest, '--no-rebuild', '--quiet'])
    check(rc == 0, 'meson install into a DESTDIR: ' + out[-600:])
    elves = []
    for root, _, files in os.walk(dest):
        for f in files:
            path = os.path.join(root, f)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, 'rb') as fh:
                if fh.read(4) == b'\x7fELF':
                    elves.append(path)
    names = sorted(os.path.basename(e) for e in elves)
    print('installed ELF files: ' + ', '.join(names) + ' (fortify level %d, sanitize %s)' % (fortify, sanitize))
    check('arbiter' in names, 'the CLI is installed')
    if os.path.exists(os.path.join(build, 'daemon', 'arbiterd')):
        check('arbiterd' in names, 'arbiterd is installed')
    for path in elves:
        name = os.path.relpath(path, dest)
        header = readelf_out('-h', path)
        dynamic = readelf_out('-d', path)
        segments = readelf_out('-l', path)
        symbols = readelf_out('--dyn-syms', path)
        executable = 'Position-Independent Executable' in header or os.access(path, os.X_OK) and '.so' not in name
        check('DYN' in re.search(r'Type:\s+(.*)', header).group(1), name + ': position independent (type DYN)')
        if executable:
            check(re.search(r'FLAGS_1\).*\bPIE\b', dynamic) is not None, name + ': FLAGS_1 has PIE')
        stack = re.search(r'GNU_STACK(.*)', segments)
        check(stack is not None and 'RW ' in stack.group(1) and 'RWE' not in stack.group(1), name + ': the stack is not executable')
        check('GNU_RELRO' in segments, name + ': RELRO segment')
        check(re.search(r'\(FLAGS\).*BIND_NOW', dynamic) is not None or re.search(r'FLAGS_1\).*\bNOW\b', dynamic) is not None,
              name + ': BIND_NOW (full RELRO)')
        check('__stack_chk_fail' in symbols, name + ': stack protector (__stack_chk_fail)')
        checked = sorted(set(re.findall(r'\b(__\w+_chk)\b', symbols)) - {'__stack_chk_fail'})
        if executable:
            if fortify > 0:
                check(checked, name + ': _FORTIFY_SOURCE (glibc __*_chk functions)')
            else:
                check(not checked, name + ': no _FORTIFY_SOURCE in this build, yet ' + ' '.join(checked))
finish()
