#!/usr/bin/env python3
# web_languages: the page keeps its own list of languages (web/i18n.js LANGS: the page is static
# and asks the server nothing before it draws), so this test holds it to the one list, the
# engine's arb_languages(): the same languages in the same order, and each with a label table.
# Arguments: web/i18n.js, the print_languages program.
import re
import subprocess
import sys

i18n, printer = sys.argv[1], sys.argv[2]
engine = subprocess.run([printer], capture_output=True, text=True, check=True).stdout.split()
with open(i18n, encoding='utf-8') as f:
    text = f.read()
m = re.search(r'export const LANGS = \{(.*?)\n\}', text, re.S)
if not m:
    sys.exit('web_languages: no "export const LANGS = {" in ' + i18n)
page = re.findall(r'^\s*(\w+): \{name:', m.group(1), re.M)
failed = 0
if page != engine:
    print('FAIL web_languages: web/i18n.js LANGS lists %s, the engine %s' % (page, engine))
    failed += 1
for lang in engine:
    if not re.search(r'^\s*%s: \{\s*$' % lang, text, re.M) and not re.search(r'^const %s = \{' % lang, text, re.M):
        print('FAIL web_languages: web/i18n.js has no label table for %s' % lang)
        failed += 1
print('%d languages, %d failed' % (len(engine), failed))
sys.exit(1 if failed else 0)
