#!/usr/bin/env python3
# Embeds a text file (the Lua prelude) in a C file as a byte array: embed.py IN OUT SYMBOL.
import sys

src, out, sym = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(src, 'rb').read()
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
