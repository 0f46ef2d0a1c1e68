#!/usr/bin/env python3
# install.pkg_config (issue 25 §6): `meson install` into a temporary DESTDIR holds libarbiter, shared
# and static, the public headers with their reasons/ folder and .def files, and arbiter.pc; a
# small C program (example.c) then builds against it exactly as another project would, with
# `pkg-config --cflags --libs arbiter`, linked once to the shared library and once to the static
# one, and runs.
# On a sanitizer build the library is instrumented, so the program is built with the same
# -fsanitize (pkg-config does not carry it: an installed library is a release build's).
# Usage: test_install.py BUILD_DIR SOURCE_DIR SANITIZE
import glob
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from checks import check, finish, run  # noqa: E402

build, source, sanitize = sys.argv[1], sys.argv[2], sys.argv[3]

with tempfile.TemporaryDirectory() as dest:
    rc, out = run(['meson', 'install', '-C', build, '--destdir', dest, '--no-rebuild', '--quiet'])
    check(rc == 0, 'meson install into a DESTDIR: ' + out[-400:])
    pcs = glob.glob(dest + '/**/pkgconfig/arbiter.pc', recursive=True)
    check(len(pcs) == 1, 'one arbiter.pc installed: %s' % pcs)
    shared = glob.glob(dest + '/**/libarbiter.so*', recursive=True)
    static = glob.glob(dest + '/**/libarbiter.a', recursive=True)
    check(shared and static, 'libarbiter installed shared and static: %s %s' % (shared, static))
    tops = glob.glob(dest + '/**/include/arbiter.h', recursive=True)
    check(len(tops) == 1, 'arbiter.h installed: %s' % tops)
    incdir = os.path.dirname(tops[0]) if tops else dest
    headers = sorted(os.path.relpath(h, incdir) for h in glob.glob(incdir + '/**/*', recursive=True) if os.path.isfile(h))
    srcinc = os.path.join(source, 'engine', 'include')
    want = sorted(os.path.relpath(h, srcinc) for h in glob.glob(srcinc + '/**/*', recursive=True) if os.path.isfile(h))
    check(headers == want, 'the public headers as laid out in engine/include: %s' % headers)
    check('arbiter/reasons/retrograde.def' in headers and 'arbiter/reasons/warnings.def' in headers,
          'reasons/ kept as a folder, every .def in it')
    if pcs and shared and static and shutil.which('pkg-config') and shutil.which('cc'):
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.dirname(pcs[0]), PKG_CONFIG_SYSROOT_DIR=dest,
                   PKG_CONFIG_LIBDIR=os.path.dirname(pcs[0]))
        rc, cflags = run(['pkg-config', '--cflags', 'arbiter'], env)
        rc2, libs = run(['pkg-config', '--libs', 'arbiter'], env)
        check(rc == 0 and rc2 == 0 and '-larbiter' in libs, 'pkg-config --cflags --libs arbiter: %s %s' % (cflags, libs))
        exe = os.path.join(dest, 'example')
        example = os.path.join(source, 'tests', 'install', 'example.c')
        strict = ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror']
        if sanitize != 'none':
            strict += ['-fsanitize=' + sanitize]
        rc, out = run(['cc'] + strict + [example, '-o', exe] + cflags.split() + libs.split())
        check(rc == 0, 'the example builds against the shared library: ' + out[-600:])
        libdir = os.path.dirname(shared[0])
        rc, out = run([exe], dict(os.environ, LD_LIBRARY_PATH=libdir))
        check(rc == 0 and 'moves 20 perft3 8902' in out and 'first pinned' in out, 'it runs: ' + out[-400:])
        check('fa: ' in out and 'ar: ' in out and 'pinned by the bishop' in out, 'explanations in every language: ' + out[-400:])
        n = [line for line in out.splitlines() if line.startswith('codes ')]
        check(n and n[0].split()[1] == n[0].split()[3], 'the .def table through the installed headers: %s' % n)
        rc, ldd = run(['ldd', exe], dict(os.environ, LD_LIBRARY_PATH=libdir))
        check(libdir in ldd, 'linked to the installed shared library: ' + ldd[-300:])
        rc, out = run(['cc'] + strict + [example, '-o', exe + '-static'] + cflags.split() +
                      ['-L' + libdir, '-Wl,-Bstatic', '-larbiter', '-Wl,-Bdynamic'])
        check(rc == 0, 'the example builds against the static library: ' + out[-600:])
        rc, out = run([exe + '-static'])
        check(rc == 0 and 'moves 20 perft3 8902' in out, 'the static build runs: ' + out[-300:])
    else:
        check(shutil.which('pkg-config') and shutil.which('cc'), 'pkg-config and cc are installed')
finish()
