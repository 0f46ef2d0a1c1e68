#!/usr/bin/env python3
# Writes the arbiter-lessons ConfigMap (YAML, stdout) from a lessons directory: the *.lua
# lessons, quizzes/*.lua and puzzles/puzzles.txt (with its puzzles.<lang>.txt sources), flat keys ("quizzes__can-castle.lua") that
# reload.sh lays out again. Usage: lessons_configmap.py LESSONS_DIR | kubectl apply -f -
import json
import os
import re
import sys

KEY = re.compile(r'^[-._a-zA-Z0-9]+$')
LIMIT = 1024 * 1024  # a ConfigMap holds at most 1 MiB


def entries(root):
    for sub, prefix in (('', ''), ('quizzes', 'quizzes__'), ('puzzles', 'puzzles__')):
        d = os.path.join(root, sub)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path) and (name.endswith('.lua') or (sub == 'puzzles' and re.match(r'^puzzles(\.[a-z]+)?\.txt$', name))):
                yield prefix + name, path


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit('usage: lessons_configmap.py LESSONS_DIR')
    data, size = {}, 0
    for key, path in entries(sys.argv[1]):
        if not KEY.match(key):
            sys.exit('lessons_configmap.py: %s: not a ConfigMap key' % key)
        with open(path, encoding='utf-8') as f:
            data[key] = f.read()
        size += len(data[key].encode('utf-8'))
    if size > LIMIT:
        sys.exit('lessons_configmap.py: %d bytes: more than a ConfigMap holds (use a volume)' % size)
    out = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: arbiter-lessons',
           '  labels:', '    app.kubernetes.io/name: arbiterd', 'data:']
    for key, text in data.items():
        out.append('  %s: %s' % (key, json.dumps(text, ensure_ascii=False)))  # JSON strings are YAML
    print('\n'.join(out))


main()
