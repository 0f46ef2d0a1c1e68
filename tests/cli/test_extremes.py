#!/usr/bin/env python3
# cli.extremes: the extreme-position family (tests/fuzz/extreme-positions.txt) through every
# `arbiter` command that takes a position, and (with Lua) through the script checkers: a lesson
# whose answer calls every binding on every board, a puzzle script and a mate-file line on the
# review's 263-move board. Accepted boards answer with the engine's count; refused ones exit 1
# naming the limit; nothing crashes (before issue 20 §1 these died of SIGSEGV, exit 139).
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import checks  # noqa: E402
from checks import check, finish  # noqa: E402

ARBITER, FAMILY = sys.argv[1], sys.argv[2]
EXPLAIN_76 = 'Q6Q/Q5Q1/Q4Q2/Q3Q3/Q2Qpp2/p1p2k2/pr2ppp1/KnnQQQQQ w - - 0 1'
LUA = len(sys.argv) > 3 and sys.argv[3] == 'lua'


def run(*args, timeout=120):
    return checks.run([ARBITER] + list(args), timeout=timeout)


boards = []
for line in open(FAMILY, encoding='utf-8'):
    if line.startswith('#') or '|' not in line:
        continue
    name, variant, fen, answer = [x.strip() for x in line.split('|')]
    boards.append((name, variant, fen, None if answer.startswith('refused') else int(answer)))
check(len(boards) >= 15, 'the family file has its boards')

for name, variant, fen, count in boards:
    v = ['--variant', variant]
    rc, out = run('moves', *v, fen)
    if count is None:
        check(rc == 1 and 'pieces' in out and '16' in out, '%s: moves refused naming the limit (exit %d): %s' % (name, rc, out[:200]))
        commands = [['perft'] + v + [fen, '1'], ['explain'] + v + [fen, 'Qa2'], ['castling'] + v + [fen],
                    ['status'] + v + [fen], ['outcome'] + v + [fen], ['touch', fen, 'a1'], ['dead'] + v + [fen, '1000'],
                    ['mate', '--budget', '1000', fen, '1']]
        for c in commands:
            rc, out = run(*c)
            check(rc in (1, 2) and rc != 139 and ('16' in out or 'pieces' in out), '%s: %s refused (exit %d): %s' % (name, c[0], rc, out[:200]))
        rc, out = run('validate', *v, fen)
        check(rc == 1 and 'too_many_pieces' in out, '%s: validate names too_many_pieces (exit %d)' % (name, rc))
        continue
    lines = [x for x in out.splitlines() if x.strip()]
    check(rc == 0 and len(lines) == count, '%s: moves lists %d (exit %d, %d lines)' % (name, count, rc, len(lines)))
    first = lines[0].split()[0] if lines else 'a1a2'
    rc, out = run('perft', *v, '--json', '--divide', fen, '2')
    ok = rc == 0
    if ok:
        p = json.loads(out)
        ok = len(p['divide']) == count and sum(x['nodes'] for x in p['divide']) == p['nodes']
    check(ok, '%s: perft 2 divides into its %d moves' % (name, count))
    for c in [['explain'] + v + [fen, first], ['explain'] + v + [fen, 'Ka1a1'], ['castling'] + v + [fen],
              ['status'] + v + [fen], ['outcome', '--claim', 'fifty_moves'] + v + [fen], ['touch', fen, first[:2]],
              ['dead'] + v + [fen, '2000'], ['validate'] + v + [fen], ['fen'] + v + [fen]]:
        rc, out = run(*c)
        check(rc in (0, 1) and out.strip(), '%s: %s answers (exit %d): %s' % (name, c[0], rc, out[:200]))
    if variant == 'standard':
        rc, out = run('mate', '--budget', '50000', fen, '1')
        check(rc in (0, 1, 3), '%s: mate answers (exit %d)' % (name, rc))

if LUA:
    tmp = tempfile.TemporaryDirectory()
    # One lesson whose answer runs every binding on every board and asserts the engine's counts.
    table = ',\n'.join('  {%s, %s, %s}' % (json.dumps(fen), json.dumps(variant), count if count is not None else 'nil')
                       for name, variant, fen, count in boards)
    lesson = ('local BOARDS = {\n' + table + '\n}\n'
              'local function probe()\n'
              '  for _, b in ipairs(BOARDS) do\n'
              '    local p, why = arbiter.position(b[1], b[2])\n'
              '    if b[3] == nil then\n'
              '      -- checked in en, fa and ar: the English text says 16 (Arabic spells it out)\n'
              '      assert(p == nil and why.code == "too_many_pieces" and why.text ~= "", b[1])\n'
              '      assert(arbiter.lang() ~= "en" or why.text:find("16", 1, true), b[1])\n'
              '      assert(arbiter.game(b[1], {}, b[2]) == nil)\n'
              '    else\n'
              '      local moves = p:legal_moves()\n'
              '      assert(#moves == b[3] and p:legal_count() == b[3] and p:perft(1) == b[3], b[1])\n'
              '      local sq = moves[#moves].uci:sub(1, 2)\n'
              '      assert(#targets(p, sq) >= 1 and p:status() and p:state() and p:touch({sq}).moves, b[1])\n'
              '      assert(p:explain(moves[1].uci) and p:explain_status() and p:castling("white", "kingside") ~= nil, b[1])\n'
              '      local m = arbiter.mate_in(p, 1, 20000)\n'
              '      local d = arbiter.dead(p, 2000)\n'
              '      local g = arbiter.random_game(arbiter.random(7), 4, p)\n'
              '      assert(g:length() <= 4 and g:status(), b[1])\n'
              '    end\n'
              '  end\n'
              '  -- lists cut before issue 20 §1 at 64 explanations and 8 touch reasons\n'
              '  local _, why = arbiter.position(%s):explain("Qa1")\n'
              '  assert(#why == 76, "explain: " .. #why)\n'
              '  local valid, problems = arbiter.validate("4k3/8/8/8/8/8/8/4K3 w " .. ("K"):rep(200) .. " - 0 1")\n'
              '  assert(not valid and #problems == 200, "validate: " .. #problems)\n'
              '  local t = arbiter.position("k7/8/8/8/8/8/6PP/6RK w - - 0 1"):touch({"a1", "b1", "c1", "d1", "e1", "f1",\n'
              '    "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3", "c3", "h1"})\n'
              '  assert(#t.explanations == 17, "touch: " .. #t.explanations)\n'
              '  return true\n'
              'end\n' % json.dumps(EXPLAIN_76) +
              'return lesson {\n  id = "extremes", title = { en = "X", fa = "X", ar = "X" },\n'
              '  level = "beginner", tags = { "test" }, rules = { "3.1" },\n'
              '  steps = { true_false {\n'
              '    prompt = { en = "A king moves one square.", fa = "شاه یک خانه حرکت می‌کند.", ar = "يتحرك الملك مربعًا واحدًا." },\n'
              '    answer = function() return probe() end,\n'
              '    tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } } } } }\n')
    path = os.path.join(tmp.name, 'extremes.lua')
    open(path, 'w', encoding='utf-8').write(lesson)
    rc, out = run('lesson', 'check', path, timeout=300)
    check(rc == 0, 'lesson check runs every binding on every board (exit %d): %s' % (rc, out[-600:]))
    # The review's puzzle script (attacks/probe/pz/p263.lua): a count puzzle on the 263 board.
    review = [b for b in boards if b[0] == 'review_263'][0][2]
    pz = os.path.join(tmp.name, 'p263.lua')
    open(pz, 'w', encoding='utf-8').write(
        'return puzzle {\n  id = "p263", kind = "count",\n  fen = "%s",\n'
        '  prompt = { en = "How many?", fa = "چند؟", ar = "كم؟" },\n'
        '  success = { en = "263.", fa = "۲۶۳.", ar = "263." },\n  answer = 263,\n  source = "the 2026-12 review",\n}\n' % review)
    rc, out = run('puzzle', 'check', pz)
    check(rc == 1 and 'p263.lua' in out and '16' in out, 'the 263 puzzle script refused naming the limit (exit %d): %s' % (rc, out[-400:]))
    os.makedirs(os.path.join(tmp.name, 'puzzles'))
    mate = os.path.join(tmp.name, 'puzzles', 'puzzles.txt')
    open(mate, 'w').write('m1-queens | 1 | %s | Qf8xg8 | constructed\n' % review)
    rc, out = run('puzzle', 'check', mate)
    check(rc == 1 and '(line 1)' in out and '27 pieces' in out and '16' in out,
          'the 263 mate-file line refused naming the limit (exit %d): %s' % (rc, out[-400:]))

finish()
