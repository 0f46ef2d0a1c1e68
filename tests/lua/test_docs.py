#!/usr/bin/env python3
# lua.docs: every function a script can call is documented — each binding of lua/binding*.c
# (module functions, position, game and RNG methods) in docs/lessons.md, each global the lesson
# prelude defines (constructors, predicates) in docs/lessons.md, and each quizlib helper in
# docs/quizzes.md, each puzzlelib helper in docs/lessons.md. Fails naming what is missing. Argument: the source root.
import glob
import os
import re
import sys

root = sys.argv[1]


def read(path):
    with open(root + '/' + path, encoding='utf-8') as f:
        return f.read()


# The binding's files: each luaL_Reg table, by name, with the file it is in.
tables = {}
for path in sorted(glob.glob(os.path.join(root, 'lua', 'binding*.c'))):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    for m in re.finditer(r'^(?:static )?const luaL_Reg (\w+)\[\] = \{(.*?)\{NULL, NULL\}', text, re.S | re.M):
        tables[m.group(1)] = m.group(2)
lessons_doc = read('docs/lessons.md')
quizzes_doc = read('docs/quizzes.md')


def reg_names(table):
    if table not in tables:
        sys.exit('lua.docs: no luaL_Reg %s in lua/binding*.c' % table)
    return re.findall(r'\{"(\w+)",', tables[table])


# How each table's names are written in the docs. Module functions: module_fns (binding.c) and
# every arbl_*_fns but the explanations (also methods) and the text functions.
METHODS = {'arbl_position_methods': 'pos:', 'arbl_game_methods': 'game:', 'arbl_random_methods': 'rng:'}
# Not checked: metamethods.
UNCHECKED = {'arbl_position_meta', 'arbl_game_meta'}
MODULE = sorted(t for t in tables if (t == 'module_fns' or t.endswith('_fns'))
                and t not in UNCHECKED and t != 'arbl_explain_fns')
unknown = sorted(set(tables) - set(MODULE) - set(METHODS) - UNCHECKED - {'arbl_explain_fns'})
if unknown:
    sys.exit('lua.docs: luaL_Reg tables this test does not know how to check: ' + ', '.join(unknown))


missing = []
checked = 0


def need(doc, docname, forms, what):
    global checked
    checked += 1
    if not any(f in doc for f in forms):
        missing.append('%s: %s (looked for %s)' % (docname, what, ' or '.join(forms)))


for table in MODULE:
    for name in reg_names(table):
        need(lessons_doc, 'docs/lessons.md', ['arbiter.' + name], 'arbiter.' + name)
for name in reg_names('arbl_explain_fns'):
    need(lessons_doc, 'docs/lessons.md', ['pos:' + name + '(', 'arbiter.' + name + '('], 'pos:' + name)
for table, prefix in METHODS.items():
    for name in reg_names(table):
        need(lessons_doc, 'docs/lessons.md', [prefix + name + '('], prefix + name)

prelude = read('lua/prelude.lua')
for name in re.findall(r'^function (\w+)\(', prelude, re.M) + re.findall(r'^(\w+) = with_kind\(', prelude, re.M):
    need(lessons_doc, 'docs/lessons.md', ['`' + name + '(', '`' + name + '{', '`' + name + ' {', name + '()`'],
         'the lesson global ' + name)

quiz_prelude = read('lua/quiz_prelude.lua')
helpers = re.findall(r'^function Q\.(\w+)\(', quiz_prelude, re.M) + re.findall(r'^Q\.(\w+) =', quiz_prelude, re.M)
for name in helpers:
    need(quizzes_doc, 'docs/quizzes.md', ['quizlib.' + name], 'quizlib.' + name)

puzzle_prelude = read('lua/puzzle_prelude.lua')
helpers = re.findall(r'^function P\.(\w+)\(', puzzle_prelude, re.M) + re.findall(r'^P\.(\w+) =', puzzle_prelude, re.M)
for name in helpers:
    need(lessons_doc, 'docs/lessons.md', ['puzzlelib.' + name], 'puzzlelib.' + name)

if checked < 60:
    sys.exit('lua.docs: only %d names found: the binding tables moved?' % checked)
for m in missing:
    print('FAIL lua.docs: undocumented ' + m)
print('%d documented, %d missing' % (checked - len(missing), len(missing)))
sys.exit(1 if missing else 0)
