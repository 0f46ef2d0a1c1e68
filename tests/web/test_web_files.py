#!/usr/bin/env python3
"""The playground's files: every file under web/ is listed in web/meson.build (so arbiterd embeds
it), every relative import of the page's modules resolves to a listed file, each UI label exists
in en, fa and ar, and arbiterd serves each file byte-identical with its type, an ETag that gives
304, a same-origin CSP, and 404 for anything else (no path outside web/)."""
import http.client
import os
import re
import subprocess
import sys

web, arbiterd = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print('FAIL:', what)


listed = set(re.findall(r"'([^']+)'", open(os.path.join(web, 'meson.build')).read().split('files(', 1)[1]))
present = {os.path.relpath(os.path.join(d, f), web) for d, _, fs in os.walk(web) for f in fs} - {'meson.build'}
check(listed == present, f'web/meson.build and web/ differ: unlisted {sorted(present - listed)}, missing {sorted(listed - present)}')

for name in sorted(p for p in present if p.endswith('.js')):
    for imp in re.findall(r'^\s*import\s[^"]*"([^"]+)"', open(os.path.join(web, name)).read(), re.M):
        target = os.path.normpath(os.path.join(os.path.dirname(name), imp)) if imp.startswith('.') else imp.lstrip('/').removeprefix('web/')
        check(target in listed, f'{name} imports {imp}, which is not served')

# Labels (read by node): the same keys in the three catalogs, and no Latin letters in fa/ar labels besides
# the names the page shows as they are (SAN, UCI, FEN, O-O, Lua, arbiterd, cm-chessboard...).
i18n = open(os.path.join(web, 'i18n.js')).read()
blocks = {lang: re.search(r'\nconst %s = \{(.*?)\n\}' % lang, i18n, re.S).group(1) for lang in ('en', 'fa', 'ar')}
keys = {}
for lang in ('en', 'fa', 'ar'):
    out = subprocess.run(['node', '--input-type=module', '-e',
                          f'import {{catalogKeys}} from "{os.path.abspath(web)}/i18n.js"; console.log(catalogKeys("{lang}").join(" "))'],
                         capture_output=True, text=True)
    check(out.returncode == 0, f'node cannot load i18n.js: {out.stderr}')
    keys[lang] = set(out.stdout.split())
for lang in ('fa', 'ar'):
    check(keys[lang] == keys['en'], f'{lang} labels differ from en: {sorted(keys["en"] ^ keys[lang])}')
    allowed = r'SAN|UCI|FEN|PGN|O-O-O|O-O|Lua|arbiterd|--lesson-preview|cm-chessboard|MIT|Cburnett|CC BY-SA|iso|move|fen|turn|f|n|total|forms|one|two|few|many|other|zero|plural'
    for line in blocks[lang].splitlines():
        strings = re.findall(r'"([^"]*)"|`([^`]*)`', line)
        for s in (a or b for a, b in strings):
            latin = re.sub(allowed, '', re.sub(r'\$\{[^}]*\}', '', s))
            check(not re.search(r'[A-Za-z]{2,}', latin), f'{lang} label has Latin words: {s!r}')
check('ي' not in blocks['fa'] and 'ك' not in blocks['fa'], 'Arabic ي/ك in Persian labels')
check(not re.search('[پچژگ]', blocks['ar']) and 'ی' not in blocks['ar'] and 'ک' not in blocks['ar'], 'Persian letters in Arabic labels')

if arbiterd:
    proc = subprocess.Popen([arbiterd, '--listen', '127.0.0.1:0', '--print-port', '--log-level', 'warn', '--lessons', '/nonexistent'],
                            stdout=subprocess.PIPE, text=True)
    port = int(proc.stdout.readline())

    def get(path, headers=None):
        c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
        c.request('GET', path, headers=headers or {})
        r = c.getresponse()
        body = r.read()
        c.close()
        return r, body

    types = {'.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.md': 'text/plain', '.ts': 'text/plain', '': 'text/plain'}
    for name in sorted(listed):
        r, body = get('/web/' + name)
        check(r.status == 200 and body == open(os.path.join(web, name), 'rb').read(), f'/web/{name}: {r.status}, not the file')
        check((r.getheader('Content-Type') or '').startswith(types[os.path.splitext(name)[1]]), f'/web/{name}: type {r.getheader("Content-Type")}')
        check(r.getheader('X-Content-Type-Options') == 'nosniff', f'/web/{name}: no nosniff')
        check("default-src 'self'" in (r.getheader('Content-Security-Policy') or ''), f'/web/{name}: no CSP')
        etag = r.getheader('ETag')
        r2, body2 = get('/web/' + name, {'If-None-Match': etag})
        check(r2.status == 304 and body2 == b'', f'/web/{name}: If-None-Match gives {r2.status}')
        r3, _ = get('/web/' + name, {'If-None-Match': '"other"'})
        check(r3.status == 200, f'/web/{name}: a stale ETag gives {r3.status}')
    r, body = get('/')
    check(r.status == 200 and body == open(os.path.join(web, 'index.html'), 'rb').read(), 'GET / is not index.html')
    r, body = get('/web/')
    check(r.status == 200 and b'<!DOCTYPE html>' in body, 'GET /web/ is not index.html')
    for path in ['/web/../etc/passwd', '/web/%2e%2e/meson.build', '/web/meson.build', '/web/vendor', '/web/nothing.js',
                 '/web//index.html', '/web/index.html/', '/index.html', '/web/' + 'a' * 300]:
        r, body = get(path)
        check(r.status in (404, 414) and b'"error"' in body, f'{path}: {r.status} {body[:80]!r}')
    r, body = get('/v1/chess960/518')
    check(r.status == 200 and b'"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"' in body, f'/v1/chess960/518: {body!r}')
    for bad in ['960', '-1', 'x', '0518', '+5', '']:
        r, _ = get('/v1/chess960/' + bad)
        check(r.status == 404, f'/v1/chess960/{bad}: {r.status}')
    proc.terminate()
    proc.wait(10)
    proc2 = subprocess.Popen([arbiterd, '--listen', '127.0.0.1:0', '--print-port', '--log-level', 'warn', '--no-web', '--lessons', '/nonexistent'],
                             stdout=subprocess.PIPE, text=True)
    port = int(proc2.stdout.readline())
    r, _ = get('/')
    check(r.status == 404, f'--no-web: GET / is {r.status}')
    proc2.terminate()
    proc2.wait(10)

print(f'{0 if failures else 1} passed, {1 if failures else 0} failed')
sys.exit(1 if failures else 0)
