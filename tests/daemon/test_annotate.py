#!/usr/bin/env python3
# daemon.annotate: POST /v1/games/annotate over real HTTP. The hand-made games of
# tests/data/pgn/annotate-events.pgn: each element of "games" is exactly the line `arbiter annotate
# --json` prints for it (in en and fa), the summary counts them; the strict input (pgn required, a
# string, no unknown field), the 100-game limit, max-body (413); the route waits in the heavy
# queue (max-heavy 1: two at once both answered, one after the other). Every answer is checked
# against docs/openapi.json by Daemon.request.
import json
import subprocess
import sys
import threading

from daemon_util import Daemon, begin, check, check_eq, finish

BIN, CLI, EVENTS = sys.argv[1], sys.argv[2], sys.argv[3]
pgn = open(EVENTS, encoding='utf-8').read()

d = Daemon(BIN, {'max-heavy': 1, 'threads': 4, 'heavy-queue': 4, 'heavy-wait-ms': 60000})
try:
    for lang in ('en', 'fa'):
        begin('annotate.same_as_cli.' + lang)
        st, h, a = d.post('/v1/games/annotate?lang=' + lang, {'pgn': pgn})
        check_eq(st, 200, 'status')
        lines = subprocess.run([CLI, 'annotate', '--json', '--lang', lang, EVENTS], capture_output=True,
                               text=True).stdout.splitlines()
        games = a.get('games', [])
        check_eq(len(games), 25, 'games')
        check_eq(games, [json.loads(l) for l in lines], 'each game is the CLI --json line')
        check_eq(a.get('summary', {}).get('games'), 25, 'summary.games')
        check_eq(a.get('summary', {}).get('mis_scored'), 8, 'summary.mis_scored')
        check_eq(a['summary']['events'].get('checkmate'), 3, 'summary.events.checkmate')

    begin('annotate.mate_against_the_tag')
    st, _, a = d.post('/v1/games/annotate', {'pgn': '[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0'})
    g = a['games'][0]
    check_eq((st, g['result'], g['mis_scored'], [e['code'] for e in g['events']]),
             (200, '0-1', True, ['checkmate', 'result_tag_mismatch']), 'answer')
    check_eq(g['events'][0]['move'], {'number': 2, 'side': 'black', 'san': 'Qh4#'}, 'the move of the event')

    begin('annotate.unreadable_game_then_the_next')
    st, _, a = d.post('/v1/games/annotate', {'pgn': '[White "x]\n\n1. e4 *\n\n[Event "y"]\n\n1. e4 e5 *'})
    check_eq(st, 200, 'status')
    check_eq([('error' in g, g['game']) for g in a['games']], [(True, 1), (False, 2)], 'games')
    check_eq(a['summary']['unreadable'], 1, 'summary.unreadable')

    begin('annotate.strict_input')
    for body, code, field in (({}, 'missing_field', 'pgn'), ({'pgn': 5}, 'invalid_field', 'pgn'),
                              ({'pgn': '*', 'pgnn': 1}, 'unknown_field', 'pgnn')):
        st, _, e = d.post('/v1/games/annotate', body)
        check_eq((st, e.get('error', {}).get('code'), e.get('error', {}).get('field')), (400, code, field), repr(body))

    begin('annotate.at_most_100_games')
    st, _, a = d.post('/v1/games/annotate', {'pgn': '1. e4 *\n' * 100})
    check_eq((st, len(a.get('games', []))), (200, 100), '100 games')
    st, _, e = d.post('/v1/games/annotate', {'pgn': '1. e4 *\n' * 101})
    check_eq((st, e.get('error', {}).get('code'), e.get('error', {}).get('field'), e.get('error', {}).get('limit')),
             (400, 'out_of_range', 'pgn', 100), '101 games')

    begin('annotate.body_limit')
    st, _, e = d.post('/v1/games/annotate', {'pgn': '{' + 'x' * 70000 + '} *'})
    check_eq((st, e.get('error', {}).get('code')), (413, 'body_too_large'), 'over max-body')

    begin('annotate.heavy_queue')
    results = []
    threads = [threading.Thread(target=lambda: results.append(d.post('/v1/games/annotate', {'pgn': pgn})[0]))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check_eq(results, [200, 200], 'both answered through one heavy slot')
    check(d.metric('arbiterd_heavy_queue_wait_seconds_count') >= 0, 'the queue metric is there')
finally:
    check_eq(d.stop(), 0, 'exit status')
finish()
