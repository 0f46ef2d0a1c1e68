#!/usr/bin/env python3
# Embeds a text file (the Lua prelude) in a C file as a byte array: embed.py IN OUT SYMBOL
# [ARTICLES]. With ARTICLES (tests/data/fide-laws-2023.tsv, the one table of the FIDE articles),
# the placeholder --[[FIDE_ARTICLES]] in the text becomes the list of its article numbers.
import sys

src, out, sym = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(src, 'rb').read()
if len(sys.argv) > 4:
    numbers = [line.split('\t', 1)[0] for line in open(sys.argv[4], encoding='utf-8')
               if line.strip() and not line.startswith('#')]
    placeholder = b'--[[FIDE_ARTICLES]]'
    if data.count(placeholder) != 1 or not numbers:
        sys.exit('embed.py: %s must hold %s once, and %s articles' % (src, placeholder.decode(), sys.argv[4]))
    data = data.replace(placeholder, ', '.join('"%s"' % n for n in numbers).encode())
with open(out, 'w') as f:
    f.write('/* Generated from %s by embed.py: do not edit. */\n' % src.split('/')[-1])
    f.write('#include <stddef.h>\n')
    f.write('extern const char *const %s_text;\nextern const size_t %s_len;\n' % (sym, sym))
    f.write('static const unsigned char bytes[] = {\n')
    for i in range(0, len(data), 16):
        f.write('  ' + ', '.join('%d' % b for b in data[i:i + 16]) + ',\n')
    f.write('  0\n};\n')
    f.write('const char *const %s_text = (const char *)bytes;\n' % sym)
    f.write('const size_t %s_len = %d;\n' % (sym, len(data)))
