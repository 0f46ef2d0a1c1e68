#!/usr/bin/env python3
# daemon.cli_json: every `arbiter ... --json` prints exactly what the matching endpoint answers
# for the same input, errors and languages included: moves/status -> /v1/analyze, perft ->
# /v1/perft, fen/validate -> /v1/validate, explain -> /v1/move, castling -> /v1/castling,
# outcome -> /v1/outcome, touch -> /v1/touch, dead -> /v1/dead, mate -> /v1/mate, pgn -> /v1/pgn.
import json
import os
import subprocess
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

CLI, BIN = sys.argv[1], sys.argv[2]
FENS = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
    '8/8/8/8/8/8/8/8 w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1',
]
ROOKS = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
PIN = '4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1'
SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']


def cli(*args):
    r = subprocess.run([CLI] + list(args), capture_output=True, text=True)
    try:
        return r.returncode, json.loads(r.stdout)
    except ValueError:
        return r.returncode, 'not JSON: %r %r' % (r.stdout[:200], r.stderr[:200])


def same(name, args, path, body, lang='en', rc_ok=None):
    """`arbiter args --json --lang lang` == POST path?lang=lang body; exit 0 iff the answer is a
    200 (and rc_ok(answer), when given)."""
    begin('cli_json.%s.%s' % (name, lang))
    rc, out = cli(*(args[:1] + ['--json', '--lang', lang] + args[1:]))
    st, _, want = d.post(path + '?lang=' + lang, body)
    check_eq(out, want, '%s --json == %s' % (args[0], path))
    ok = st == 200 and (rc_ok is None or rc_ok(want))
    check_eq(rc, 0 if ok else 1, 'exit status')


d = Daemon(BIN, {'max-moves': 1000})
try:
    for i, fen in enumerate(FENS):
        for lang in ('en', 'fa'):
            same('moves.%d' % i, ['moves', fen], '/v1/analyze', {'fen': fen}, lang)
            same('status.%d' % i, ['status', fen], '/v1/analyze', {'fen': fen}, lang)
            same('fen.%d' % i, ['fen', fen], '/v1/validate', {'fen': fen}, lang, lambda a: a['valid'])
            same('validate.%d' % i, ['validate', fen], '/v1/validate', {'fen': fen}, lang, lambda a: a['valid'])
            same('castling.%d' % i, ['castling', fen], '/v1/castling', {'fen': fen}, lang)
        begin('cli_json.perft.%d' % i)
        rc, out = cli('perft', '--json', '--divide', fen, '2')
        st, _, want = d.post('/v1/perft', {'fen': fen, 'depth': 2, 'divide': True})
        check_eq(out, want, 'perft --json == /v1/perft')
    begin('cli_json.chess960')
    fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
    rc, out = cli('moves', '--json', '--variant', 'chess960', fen)
    st, _, want = d.post('/v1/analyze', {'fen': fen, 'variant': 'chess960'})
    check_eq(out, want, 'chess960')
    rc, out = cli('castling', '--json', '--variant', 'chess960', fen)
    st, _, want = d.post('/v1/castling', {'fen': fen, 'variant': 'chess960'})
    check_eq(out, want, 'chess960 castling')

    legal = lambda a: a['legal']
    for lang in ('en', 'fa', 'ar'):
        same('explain.pinned', ['explain', PIN, 'Nd5'], '/v1/move', {'fen': PIN, 'move': 'Nd5'}, lang, legal)
        same('explain.history', ['explain', ROOKS, 'Ke2', 'Ke7', 'Ke1', 'Ke8', 'O-O'], '/v1/move',
             {'fen': ROOKS, 'moves': ['Ke2', 'Ke7', 'Ke1', 'Ke8'], 'move': 'O-O'}, lang, legal)
        same('explain.bad_history', ['explain', 'startpos', 'e4', 'Ke3', 'Nf3'], '/v1/move',
             {'moves': ['e4', 'Ke3'], 'move': 'Nf3'}, lang, legal)
        same('castling.history', ['castling', ROOKS, 'Ra2', 'Rb8'], '/v1/castling',
             {'fen': ROOKS, 'moves': ['Ra2', 'Rb8']}, lang)
        same('status.claims', ['status', 'startpos'] + SHUFFLE, '/v1/analyze', {'moves': SHUFFLE}, lang)
        same('outcome.claim', ['outcome', '--claim', 'threefold', '--with', 'Ng8', 'startpos'] + SHUFFLE,
             '/v1/outcome', {'moves': SHUFFLE, 'claim': 'threefold', 'with_move': 'Ng8'}, lang)
        same('touch.castle', ['touch', ROOKS, 'e1', 'h1'], '/v1/touch',
             {'fen': ROOKS, 'touched': [{'square': 'e1'}, {'square': 'h1'}]}, lang)
    same('explain.legal', ['explain', 'startpos', 'e4', 'e5', 'Nf3'], '/v1/move', {'moves': ['e4', 'e5'], 'move': 'Nf3'},
         rc_ok=legal)
    same('outcome.fifty', ['outcome', '--claim', 'fifty', '4k3/8/8/8/8/8/8/R3K3 w Q - 100 80'], '/v1/outcome',
         {'fen': '4k3/8/8/8/8/8/8/R3K3 w Q - 100 80', 'claim': 'fifty_moves'})
    same('outcome.flag', ['outcome', '--flag', 'white', '4k3/8/8/8/8/8/8/4K2Q w - - 0 1'], '/v1/outcome',
         {'fen': '4k3/8/8/8/8/8/8/4K2Q w - - 0 1', 'flag': 'white'})
    same('outcome.resign', ['outcome', '--resign', 'black', 'startpos'], '/v1/outcome', {'resign': 'black'})
    same('outcome.agree', ['outcome', '--agree-draw', 'startpos', 'e4', 'e5'], '/v1/outcome',
         {'moves': ['e4', 'e5'], 'agree_draw': True})
    same('outcome.illegal', ['outcome', '--illegal', 'black', '--illegal', 'black', '--time-control', 'rapid',
                             'startpos'], '/v1/outcome',
         {'illegal_move': {'offender': 'black', 'count': 2, 'time_control': 'rapid', 'limit': 2}})
    same('outcome.claim_blitz', ['outcome', '--time-control', 'blitz', '--claim', 'threefold', 'startpos', 'Nf3'],
         '/v1/outcome', {'moves': ['Nf3'], 'claim': 'threefold', 'time_control': 'blitz'})
    same('outcome.illegal_with', ['outcome', '--claim', 'threefold', '--with', 'Ke2', 'startpos'], '/v1/outcome',
         {'claim': 'threefold', 'with_move': 'Ke2'})
    same('touch.promotion', ['touch', '--promote', 'a8=N', '4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7'], '/v1/touch',
         {'fen': '4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'touched': [{'square': 'a7'}],
          'promotion': {'square': 'a8', 'piece': 'N'}})
    same('touch.bad_square', ['touch', 'startpos', 'z9'], '/v1/touch', {'touched': [{'square': 'z9'}]})
    locked = '8/8/2k5/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1'
    for lang in ('en', 'fa'):
        same('dead.locked', ['dead', locked], '/v1/dead', {'fen': locked}, lang)
    same('dead.budget', ['dead', '4k3/8/8/8/8/8/8/4K2Q w - - 0 1', '1000'], '/v1/dead',
         {'fen': '4k3/8/8/8/8/8/8/4K2Q w - - 0 1', 'budget': 1000})
    same('dead.over_budget', ['dead', 'startpos', '5000000'], '/v1/dead', {'budget': 5000000})
    same('outcome.record_ended', ['outcome', 'startpos'] + SHUFFLE + ['Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8',
                                                                      'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nc3'],
         '/v1/outcome', {'moves': SHUFFLE + ['Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nc3']})
    # issue 24 §3: the CLI's pgn and mate have endpoints now, and print exactly what they answer
    opera = '4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16'
    for lang in ('en', 'fa', 'ar'):
        same('mate.opera', ['mate', opera, '2'], '/v1/mate', {'fen': opera, 'n': 2}, lang, lambda a: a['mate'] is True)
    same('mate.none', ['mate', opera, '1'], '/v1/mate', {'fen': opera, 'n': 1}, rc_ok=lambda a: a['mate'] is True)
    same('mate.budget', ['mate', '--budget', '10', opera, '3'], '/v1/mate', {'fen': opera, 'n': 3, 'budget': 10},
         rc_ok=lambda a: a['mate'] is True)
    same('mate.over_budget', ['mate', '--budget', '30000000', opera, '2'], '/v1/mate',
         {'fen': opera, 'n': 2, 'budget': 30000000})
    same('mate.cooks', ['mate', '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1', '1'], '/v1/mate',
         {'fen': '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1', 'n': 1}, rc_ok=lambda a: a['mate'] is True)
    data = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'data', 'pgn')
    for name in sorted(os.listdir(data)):
        if not name.endswith('.pgn') or name == 'latin1.pgn':  # JSON bodies are UTF-8: latin1 goes converted
            continue
        text = open(os.path.join(data, name), encoding='utf-8').read()
        for extra, body in [([], {}), (['--strict'], {'strict': True}), (['--skip-variations'], {'skip_variations': True})]:
            begin('cli_json.pgn.%s%s' % (name, ''.join(extra)))
            rc, out = cli('pgn', '--json', *extra, os.path.join(data, name))
            st, _, want = d.post('/v1/pgn', dict(body, pgn=text))
            check_eq(out, want, 'pgn --json %s == /v1/pgn' % name)
            check_eq(rc, 1 if want.get('refused') else 0, 'exit 1 when a game was refused')
    begin('cli_json.pgn.stdin')
    text = open(os.path.join(data, 'classics.pgn'), encoding='utf-8').read()
    r = subprocess.run([CLI, 'pgn', '--json', '-'], input=text, capture_output=True, text=True)
    check_eq(json.loads(r.stdout), d.post('/v1/pgn', {'pgn': text})[2], 'pgn --json - reads standard input')
finally:
    d.stop()
finish()
