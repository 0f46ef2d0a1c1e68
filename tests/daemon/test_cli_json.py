#!/usr/bin/env python3
# daemon.cli_json: `arbiter moves|perft|fen --json` print exactly what the daemon answers for
# the same position (POST /v1/analyze, /v1/perft, /v1/validate), errors and languages included.
import json
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


def cli(*args):
    r = subprocess.run([CLI] + list(args), capture_output=True, text=True)
    return r.returncode, json.loads(r.stdout)


d = Daemon(BIN)
try:
    for i, fen in enumerate(FENS):
        for lang in ('en', 'fa'):
            begin('cli_json.moves.%d.%s' % (i, lang))
            rc, out = cli('moves', '--json', '--lang', lang, fen)
            st, _, want = d.post('/v1/analyze?lang=' + lang, {'fen': fen})
            check_eq(out, want, 'moves --json == /v1/analyze')
            check_eq(rc, 0 if st == 200 else 1, 'exit status')
            begin('cli_json.fen.%d.%s' % (i, lang))
            rc, out = cli('fen', '--json', '--lang', lang, fen)
            st, _, want = d.post('/v1/validate?lang=' + lang, {'fen': fen})
            check_eq(out, want, 'fen --json == /v1/validate')
            check_eq(rc, 0 if want['valid'] else 1, 'exit status')
        begin('cli_json.perft.%d' % i)
        rc, out = cli('perft', '--json', '--divide', fen, '2')
        st, _, want = d.post('/v1/perft', {'fen': fen, 'depth': 2, 'divide': True})
        check_eq(out, want, 'perft --json == /v1/perft')
    begin('cli_json.chess960')
    fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
    rc, out = cli('moves', '--json', '--variant', 'chess960', fen)
    st, _, want = d.post('/v1/analyze', {'fen': fen, 'variant': 'chess960'})
    check_eq(out, want, 'chess960')
finally:
    d.stop()
finish()
