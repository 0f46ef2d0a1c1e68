#!/usr/bin/env python3
# Writes the seed corpora of the endpoint fuzz targets (tests/fuzz/corpus/endpoint-NAME/seed-*)
# from the request examples of docs/api.md and the bundled lesson, quiz and puzzle ids. Run
# once by hand when the API grows; the campaigns' regression inputs sit beside the seeds
# (regress-*) and are never rewritten. Usage: endpoint_seeds.py [CORPUS_DIR]
import json
import os
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'corpus')
KIWI = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
EP = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'
C960 = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
LOCKED = '8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1'
ARBITER_TRACK = ('flag-fall', 'resign', 'draw-agreement', 'claim-threefold', 'claim-fifty', 'illegal-penalty', 'touch-castle')
positions = [
    {'moves': ['f3', 'e7e5', 'g4', 'Qh4#']},
    {'fen': KIWI},
    {'fen': EP, 'lang': 'fa'},
    {'variant': 'chess960', 'fen': C960, 'lang': 'ar'},
    {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']},
    {'fen': LOCKED},
]
seeds = {
    'analyze': positions,
    'move_endpoint': [dict(p, move=m) for p, m in zip(positions, ['Nc3', 'O-O-O', 'exf6', 'O-O', 'Nf3', 'Kg1'])]
                     + [{'moves': ['e4', 'e5'], 'move': 'g1f3'}, {'move': 'Bc4'}, {'move': 'e8Q'}, {'move': 'Nbd7'}],
    'castling': positions + [{'moves': ['e4', 'e5', 'Ke2', 'Ke7', 'Ke1', 'Ke8']}],
    'validate': [{'fen': KIWI}, {'fen': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1'},
                 {'fen': 'k7/8/8/8/8/8/8/K6P w - - 0 1'}, {'fen': 'kK6/8/8/8/8/8/8/8 w - - 0 1', 'lang': 'fa'},
                 {'variant': 'chess960', 'fen': C960}],
    'outcome': [dict(positions[4], claim='threefold'), dict(positions[4], claim='threefold', with_move='Nf3'),
                {'fen': LOCKED, 'flag': 'white'}, {'resign': 'black', 'lang': 'ar'}, {'agree_draw': True},
                {'illegal_move': {'offender': 'white', 'count': 2, 'time_control': 'blitz', 'limit': 0}},
                {'claim': 'fifty_moves', 'fen': '8/8/8/4k3/8/8/4K3/7R w - - 99 80'}],
    'touch': [{'touched': [{'square': 'g1'}]}, {'fen': KIWI, 'touched': [{'square': 'e1'}, {'square': 'h1'}]},
              {'fen': '8/4P3/8/8/8/8/k7/4K3 w - - 0 1', 'touched': [{'square': 'e7'}],
               'promotion': {'square': 'e8', 'piece': 'N'}},
              {'touched': [{'square': 'e2'}, {'square': 'e7'}], 'lang': 'fa'}],
    'perft': [{'depth': 2}, {'depth': 3, 'divide': True}, {'fen': KIWI, 'depth': 2}, {'depth': 7},
              {'variant': 'chess960', 'fen': C960, 'depth': 1, 'divide': True}],
    'dead': [{'fen': LOCKED}, {'fen': '8/8/8/4k3/8/8/4K3/4B3 w - - 0 1', 'budget': 1000},
             {'fen': KIWI, 'budget': 2000}, {'moves': ['e4'], 'budget': 500}],
    'quiz_generate': [{'generator': g, 'seed': 42, 'count': 2} for g in
                      ('move-legal', 'can-castle', 'status', 'legal-count', 'pinned', 'en-passant', 'draw-rule',
                       'legal-position', 'touch-move', 'mate-in-1', 'mate-in-2')]
                     + [{'generator': 'can-castle', 'seed': 7, 'count': 1, 'index': 3,
                         'parameters': {'difficulty': 'hard'}, 'lang': 'fa'},
                        {'generator': 'pinned', 'seed': 1, 'count': 1, 'difficulty': 'easy', 'lang': 'ar'}]
                     # the arbiter's track (issue 17), after the older seeds so that their files keep their names
                     + [{'generator': g, 'seed': 42, 'count': 2} for g in ARBITER_TRACK]
                     + [{'generator': 'claim-threefold', 'seed': 7, 'count': 3, 'lang': 'fa'},
                        {'generator': 'illegal-penalty', 'seed': 11, 'count': 1, 'index': 2, 'lang': 'ar'}],
    'quiz_answer': [{'id': 'can-castle:42:0', 'answer': 'kingside'}, {'id': 'move-legal:42:1', 'answer': 'yes'},
                    {'id': 'pinned:3:0', 'answer': 'c3 f6'}, {'id': 'mate-in-1:5:0', 'answer': 'Qh4#'},
                    {'id': 'mate-in-2:1:0', 'answer': 'Qb8+ Nxb8 Rd8#'}, {'id': 'legal-count:9:2', 'answer': '20'},
                    {'id': 'can-castle:42:3:difficulty=hard', 'answer': 'none', 'lang': 'fa'},
                    {'id': 'status:8:0', 'answer': 'checkmate', 'lang': 'ar'},
                    {'id': 'touch-move:2:0', 'answer': 'Nf3'}, {'id': 'draw-rule:4:0', 'answer': 'threefold'},
                    # the arbiter's track: right and wrong answers, in the three languages
                    {'id': 'flag-fall:42:0', 'answer': 'white'}, {'id': 'flag-fall:42:0', 'answer': 'draw', 'lang': 'fa'},
                    {'id': 'resign:42:0', 'answer': 'draw', 'lang': 'ar'}, {'id': 'resign:42:0', 'answer': 'white'},
                    {'id': 'draw-agreement:42:0', 'answer': 'draw'}, {'id': 'draw-agreement:42:0', 'answer': 'play_on'},
                    {'id': 'claim-threefold:42:0', 'answer': 'play_on'}, {'id': 'claim-threefold:42:0', 'answer': 'draw', 'lang': 'fa'},
                    {'id': 'claim-fifty:42:0', 'answer': 'play_on', 'lang': 'ar'}, {'id': 'claim-fifty:42:0', 'answer': 'draw'},
                    {'id': 'illegal-penalty:42:0', 'answer': 'loss'}, {'id': 'illegal-penalty:42:0', 'answer': 'two_minutes', 'lang': 'fa'},
                    {'id': 'touch-castle:42:0', 'answer': 'no'}, {'id': 'touch-castle:42:0', 'answer': 'yes', 'lang': 'ar'}],
}
# Lines: "first line\nbody" for the routes with a {line} part.
lines = {
    'lesson_answer': [('illegal-moves/steps/2', {'answer': 'Nc3'}), ('castling/steps/2', {'answer': 'O-O'}),
                      ('castling/steps/4', {'answer': 'f1 g1'}), ('check-three-ways/steps/4', {'answer': 'Bb5+'}),
                      ('stalemate/steps/2', {'answer': 'true', 'lang': 'fa'}),
                      ('touch-move/steps/3', {'answer': 'a', 'lang': 'ar'}), ('en-passant/steps/2', {'answer': 'exd6'}),
                      ('promotion/steps/3', {'answer': 'e8=N'}), ('repetition/steps/9', {'answer': 'false'}),
                      ('chess960-castling/steps/2', {'answer': 'O-O-O'})],
    'puzzle_answer': [('m1-fools-mate', {'answer': 'Qh4#'}), ('m1-scholars-mate', {'answer': 'Qxf7+'}),
                      ('m1-caro-kann-smothered', {'moves': ['Nd6#']}), ('m1-kieninger-trap', {'answer': '8... Nd3#'})],
}
for name, bodies in seeds.items():
    d = os.path.join(OUT, 'endpoint-' + name)
    os.makedirs(d, exist_ok=True)
    for i, b in enumerate(bodies):
        with open(os.path.join(d, 'seed-%02d.json' % i), 'w') as f:
            f.write(json.dumps(b, ensure_ascii=False))
for name, items in lines.items():
    d = os.path.join(OUT, 'endpoint-' + name)
    os.makedirs(d, exist_ok=True)
    for i, (line, b) in enumerate(items):
        with open(os.path.join(d, 'seed-%02d' % i), 'w') as f:
            f.write(line + '\n' + json.dumps(b, ensure_ascii=False))
