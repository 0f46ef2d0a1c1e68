#!/usr/bin/env python3
# daemon.api: the explanation and game-rule endpoints (move reasons, castling, validate,
# analyze's status/claims/castling/explanations, outcome, touch) on known positions: exact
# codes, squares and params, every error (types, missing fields, conflicts, illegal moves).
import sys

from daemon_util import Daemon, begin, check, check_eq, finish

KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
ROOKS = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
PIN = '4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1'
KQK = '4k3/8/8/8/8/8/8/4K2Q w - - 0 1'
SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']


def codes(items):
    return [x['code'] for x in items]


def shape_ok(r):
    """An API.md explanation object."""
    return (set(r) >= {'code', 'text', 'squares', 'rule', 'params'} and isinstance(r['text'], str) and r['text']
            and isinstance(r['squares'], list) and isinstance(r['params'], dict))


d = Daemon(sys.argv[1], {'max-moves': 40})
try:
    begin('move.pinned')
    st, _, m = d.post('/v1/move', {'fen': PIN, 'move': 'Nd5'})
    check_eq((st, m['legal']), (200, False), 'illegal')
    check_eq(codes(m['reasons']), ['pinned', 'illegal_move'], 'SAN: why the knight cannot, then the summary')
    pin = m['reasons'][0]
    check_eq(pin['squares'], ['c3', 'b4', 'e1'], 'pinned squares')
    check_eq(pin['rule'], 'FIDE 3.9', 'rule')
    check_eq(pin['params'], {'piece': 'N', 'piece_color': 'white', 'by': 'B', 'by_color': 'black'}, 'params')
    check(all(shape_ok(r) for r in m['reasons']), 'explanation objects')
    st, _, m = d.post('/v1/move', {'fen': PIN, 'move': 'c3d5'})
    check_eq(codes(m['reasons']), ['pinned', 'illegal_move'], 'UCI (a board drag): pinned first, as for SAN')

    begin('move.then_analyze')  # issue 24 §3, trial row 22: one round trip per typed move
    moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6']
    st, _, m = d.post('/v1/move', {'moves': moves, 'move': 'O-O', 'then': 'analyze'})
    st2, _, a = d.post('/v1/analyze', {'moves': moves + ['O-O']})
    check_eq((st, m.get('legal'), m.get('analysis')), (200, True, a), 'the analysis after the move, as /v1/analyze')
    st, _, m = d.post('/v1/move', {'moves': moves, 'move': 'O-O'})
    check('analysis' not in m, 'only when asked')
    st, _, m = d.post('/v1/move', {'moves': moves, 'move': 'Ke3', 'then': 'analyze'})
    check_eq((m.get('legal'), 'analysis' in m), (False, False), 'an illegal move has no position after it')
    st, _, m = d.post('/v1/move', {'fen': '7k/8/6K1/8/8/8/8/R7 w - - 0 1', 'move': 'Ra8', 'then': 'analyze'})
    check_eq((m['analysis']['status'], m['analysis']['result'], m['analysis']['ply']), ('checkmate', '1-0', 1),
             'the mate it gives')
    st, e = d.post('/v1/move', {'move': 'e4', 'then': 'castling'})[0], d.post('/v1/move', {'move': 'e4', 'then': 'x'})[2]
    check_eq((st, e['error']['code'], e['error'].get('allowed')), (400, 'invalid_field', ['analyze']), 'then is analyze')

    begin('move.history_names_the_move')
    st, _, m = d.post('/v1/move', {'fen': ROOKS, 'moves': ['Ke2', 'Ke7', 'Ke1', 'Ke8'], 'move': 'O-O'})
    check_eq(m['legal'], False, 'castling after the king moved')
    check_eq(m['reasons'][-1]['code'], 'illegal_move', 'the summary comes last')
    r = m['reasons'][0]
    check_eq((r['code'], r['squares'], r['rule']), ('castling_king_moved', ['e1', 'e2'], 'FIDE 3.8.2.1'), 'king moved')
    check_eq((r['params']['move'], r['params']['n'], r['params']['side']), ('Ke2', 1, 'kingside'), 'with the move')

    begin('move.wrong_pattern_and_blocked')
    st, _, m = d.post('/v1/move', {'move': 'a1a3'})
    check_eq(codes(m['reasons'])[:2], ['path_blocked', 'illegal_move'], 'rook through its pawn')
    check('a2' in m['reasons'][0]['squares'], 'blocker square named')
    st, _, m = d.post('/v1/move', {'move': 'e2e5'})
    check('pawn_double_not_from_start' in codes(m['reasons']) or 'wrong_pattern' in codes(m['reasons']),
          'pawn three squares: %r' % codes(m['reasons']))

    begin('move.status_after')
    st, _, m = d.post('/v1/move', {'moves': SHUFFLE[:-1] + ['Ng1', 'Ng8', 'Nf3', 'Nf6'], 'move': 'Ng1'})
    check_eq(m['status_after'], 'ongoing', 'fourth occurrence is not fivefold')
    st, _, m = d.post('/v1/move', {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8'] * 3, 'move': 'Nf3'})
    check_eq((m['legal'], m['status_after'], m['result_after']), (True, 'ongoing', '*'), 'fourth time after Nf3')
    st, _, m = d.post('/v1/move', {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8'] * 3 + ['Nf3', 'Nf6', 'Ng1'], 'move': 'Ng8'})
    check_eq((m['status_after'], m['result_after']), ('fivefold_repetition', '1/2-1/2'), 'fifth time: fivefold')
    st, _, m = d.post('/v1/move', {'fen': '4k3/8/8/8/8/8/8/3rK2n w - - 0 1', 'move': 'Kxd1'})
    check_eq(m['status_after'], 'insufficient_material', 'K v K+N')
    st, _, m = d.post('/v1/move', {'fen': '4k3/8/8/8/8/8/8/R3K3 w Q - 149 90', 'move': 'Kd1'})
    check_eq(m['status_after'], 'seventyfive_moves', '75 moves')
    st, _, m = d.post('/v1/move', {'fen': '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', 'move': 'Qf7'})
    check_eq((m['status_after'], m['check_after']), ('stalemate', False), 'stalemate')
    st, _, m = d.post('/v1/move', {'fen': '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', 'move': 'Qf8'})
    check_eq((m['san'], m['status_after'], m['result_after']), ('Qf8#', 'checkmate', '1-0'), 'mate')

    begin('castling')
    st, _, c = d.post('/v1/castling', {'fen': 'r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1', 'moves': ['Ra2', 'Rb8']})
    check_eq(st, 200, 'status')
    check_eq(set(c), {'white', 'black'}, 'colors')
    wk, wq, bk, bq = c['white']['kingside'], c['white']['queenside'], c['black']['kingside'], c['black']['queenside']
    check_eq((wk['allowed'], codes(wk['reasons'])), (False, ['castling_path_blocked']), 'white kingside blocked')
    check_eq((wk['reasons'][0]['squares'], wk['reasons'][0]['permanent']), (['g1'], False), 'g1, for now (3.8.2.2)')
    check_eq((wq['allowed'], codes(wq['reasons'])), (False, ['castling_rook_moved']), 'white queenside rook moved')
    check_eq((wq['reasons'][0]['permanent'], wq['reasons'][0]['params']['move']), (True, 'Ra2'), 'for good, by Ra2')
    check_eq((bk['allowed'], bk['reasons']), (True, []), 'black kingside allowed')
    check_eq(bq['reasons'][0]['params']['move'], 'Rb8', 'black queenside by Rb8')
    st, _, c = d.post('/v1/castling', {'moves': ['f3', 'e5', 'g4', 'Qh4']})
    wk = c['white']['kingside']
    check_eq(codes(wk['reasons']), ['castling_in_check', 'castling_path_blocked', 'castling_path_blocked'],
             'every failing condition, not only the first')
    check_eq([r['squares'] for r in wk['reasons']], [['h4'], ['f1'], ['g1']], 'squares')
    st, _, c = d.post('/v1/castling', {'fen': '4k3/8/8/8/8/8/8/4K3 w - - 0 1'})
    check_eq(codes(c['white']['kingside']['reasons']), ['castling_right_lost', 'castling_no_rook'],
             'no right (no history tells why) and no rook')
    check_eq([r['permanent'] for r in c['white']['kingside']['reasons']], [True, True], 'both for good')
    st, _, c = d.post('/v1/castling', {'fen': 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1',
                                       'moves': ['Rb8', 'Rb1', 'Ra8', 'Ra1']})
    check_eq(c['black']['queenside']['reasons'][0]['params']['move'], 'Rb8', 'even after the rook came back')
    st, _, e = d.post('/v1/castling', {'moves': ['e4', 'e4']})
    check_eq((st, e['error']['code'], e['error']['index']), (422, 'illegal_move', 1), 'illegal move in moves')

    begin('validate')
    st, _, v = d.post('/v1/validate', {'fen': '8/8/8/8/8/8/8/8 w KQ - 0 1'})
    check_eq(codes(v['problems']), ['invalid_castling_rights', 'invalid_castling_rights', 'missing_king',
                                    'missing_king'], 'every problem')
    check_eq(v['problems'][0]['params']['offset'], 19, 'castling right offset (from 1)')
    check_eq(v['problems'][0]['params']['field'], 'castling', 'field')
    st, _, v = d.post('/v1/validate', {'fen': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'})
    check_eq((v['valid'], v['problems'][0]['params']['field'], v['problems'][0]['params']['offset']),
             (False, 'side', 45), 'side field syntax error')
    st, _, v = d.post('/v1/validate', {'fen': '4k3/8/8/8/8/8/8/R3K2R b K - 0 1'.replace('b K', 'w K') + ''})
    check_eq(v['valid'], True, 'valid')
    st, _, v = d.post('/v1/validate', {'fen': 'k7/8/8/8/8/8/8/K6r w - - 0 1'.replace('w', 'b')})
    check_eq(codes(v['problems']), ['opposite_check'], 'side not to move in check')
    st, _, v = d.post('/v1/validate', {'fen': 5})
    check_eq((st, v['error']['code'], v['error']['field']), (400, 'invalid_field', 'fen'), 'fen type')
    st, _, v = d.post('/v1/validate', {'fen': 'x' * 5000})
    check_eq((st, v['valid']), (200, False), 'oversized fen is a problem, not a crash')

    begin('analyze.complete')
    st, _, a = d.post('/v1/analyze', {'moves': ['f3', 'e5', 'g4', 'Qh4#']})
    ex = a['explanations']
    check_eq(codes(ex)[:2], ['checkmate', 'check'], 'mate then the check')
    check_eq(ex[1]['squares'], ['e1', 'h4'], 'checker')
    check_eq([e['squares'][0] for e in ex if e['code'].startswith('flight_')], ['d1', 'f1', 'd2', 'e2', 'f2'],
             'every king square accounted for')
    check_eq(a['claims'], [], 'no claims after mate')
    check_eq(set(a['castling']), {'white', 'black'}, 'castling included')
    st, _, a = d.post('/v1/analyze', {'fen': '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'})
    check_eq((a['status'], a['result']), ('stalemate', '1/2-1/2'), 'stalemate')
    check_eq(codes(a['explanations']), ['stalemate', 'flight_attacked', 'flight_attacked', 'flight_attacked'], 'why')
    st, _, a = d.post('/v1/analyze', {'fen': '8/8/8/4k3/8/8/8/4K2N w - - 0 1'})
    check_eq((a['status'], a['result']), ('insufficient_material', '1/2-1/2'), 'K+N v K')
    check_eq(codes(a['explanations']), ['insufficient_material', 'material_lone_minor'], 'why')
    check_eq(a['explanations'][1]['squares'], ['h1'], 'the knight')
    st, _, a = d.post('/v1/analyze', {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8'] * 4})
    check_eq((a['status'], a['result']), ('fivefold_repetition', '1/2-1/2'), 'fivefold')
    check_eq(codes(a['explanations'])[0], 'fivefold_repetition', 'why')
    st, _, a = d.post('/v1/analyze', {'fen': '4k3/8/8/8/8/8/8/R3K3 b Q - 150 90'})
    check_eq((a['status'], a['result']), ('seventyfive_moves', '1/2-1/2'), '75 moves')
    st, _, a = d.post('/v1/analyze', {'fen': KIWIPETE})
    check_eq((a['status'], a['check'], a['claims'], a['explanations']), ('ongoing', False, [], []), 'ongoing')
    check_eq((a['castling']['white']['kingside']['allowed'], a['castling']['white']['queenside']['allowed']),
             (True, True), 'kiwipete castles both ways')
    st, _, a = d.post('/v1/analyze', {'fen': '4k3/8/8/8/8/8/4r3/4K3 w - - 0 1'})
    check_eq((a['status'], a['check'], a['checkers']), ('ongoing', True, ['e2']), 'check')
    check_eq(codes(a['explanations']), ['check'], 'check explained')

    begin('analyze.claims')
    st, _, a = d.post('/v1/analyze', {'moves': SHUFFLE})
    check_eq(len(a['claims']), 1, 'one claim: %r' % [c['with_move'] for c in a['claims']])
    c = a['claims'][0]
    check_eq((c['claim'], c['with_move']), ('threefold', {'uci': 'f6g8', 'san': 'Ng8'}), 'threefold with Ng8')
    check_eq(codes(c['explanations']), ['threefold_with_move', 'repetition_at', 'repetition_at', 'repetition_at'],
             'why: the three occurrences')
    check_eq([e['params']['m'] for e in c['explanations'][1:]], [0, 4, 8], 'at plies 0, 4, 8')
    st, _, a = d.post('/v1/analyze', {'moves': SHUFFLE + ['Ng8']})
    check_eq([(c['claim'], c['with_move']) for c in a['claims']], [('threefold', None)], 'threefold now')
    st, _, a = d.post('/v1/analyze', {'fen': '4k3/8/8/8/8/8/8/R3K3 w Q - 100 80'})
    check_eq([(c['claim'], c['with_move']) for c in a['claims']], [('fifty_moves', None)], 'fifty now, once')
    check_eq(codes(a['claims'][0]['explanations']), ['fifty_now'], 'why')
    st, _, a = d.post('/v1/analyze', {'fen': '4k3/8/8/8/8/8/P7/R3K3 w Q - 99 80'})
    sans = sorted(c['with_move']['san'] for c in a['claims'])
    check('a3' not in sans and 'a4' not in sans, 'pawn moves reset the count')
    check('Kd1' in sans and 'O-O-O' in sans and all(c['claim'] == 'fifty_moves' for c in a['claims']),
          'king moves and castling complete fifty: %r' % sans)

    begin('outcome')
    st, _, o = d.post('/v1/outcome', {'moves': SHUFFLE, 'claim': 'threefold', 'with_move': 'Ng8'})
    check_eq((st, o['result'], o['termination'], o['claim_valid'], o['ply']),
             (200, '1/2-1/2', 'threefold_claim', True, 7), 'threefold with a move')
    st, _, o = d.post('/v1/outcome', {'moves': SHUFFLE, 'claim': 'threefold'})
    check_eq((o['result'], o['termination'], o['claim_valid']), ('*', 'none', False), 'wrong claim')
    check_eq(codes(o['explanations'])[0], 'threefold_wrong', 'why')
    check('claim_penalty_time' in codes(o['explanations']), '9.5.3 penalty')
    st, _, o = d.post('/v1/outcome', {'fen': '4k3/8/8/8/8/8/8/R3K3 w Q - 100 80', 'claim': 'fifty_moves'})
    check_eq((o['termination'], o['claim_valid']), ('fifty_moves_claim', True), 'fifty')
    st, _, o = d.post('/v1/outcome', {'fen': KQK, 'flag': 'white'})
    check_eq((o['result'], o['termination']), ('1/2-1/2', 'time_forfeit_draw'), 'flag: black cannot mate')
    check_eq(codes(o['explanations']), ['time_forfeit_draw', 'cannot_mate_bare_king'], 'why')
    st, _, o = d.post('/v1/outcome', {'fen': KQK, 'flag': 'black'})
    check_eq((o['result'], o['termination'], o['claim_valid']), ('1-0', 'time_forfeit', None), 'flag: loss')
    st, _, o = d.post('/v1/outcome', {'resign': 'black'})
    check_eq((o['result'], o['termination']), ('1-0', 'resignation'), 'resign')
    st, _, o = d.post('/v1/outcome', {'fen': KQK, 'resign': 'white'})
    check_eq((o['result'], o['termination'], codes(o['explanations'])),
             ('1/2-1/2', 'resignation', ['resignation_draw', 'cannot_mate_bare_king']),
             '5.1.2: resigning against a bare king is a draw')
    check_eq(o['explanations'][0]['rule'], 'FIDE 5.1.2', 'resignation_draw cites 5.1.2')

    begin('outcome.claim_time_control')
    for tc, code, n in (('standard', 'claim_penalty_time', 2), ('rapid', 'claim_penalty_time_rapid', 1),
                        ('blitz', 'claim_penalty_time_rapid', 1)):
        st, _, o = d.post('/v1/outcome', {'moves': SHUFFLE, 'claim': 'threefold', 'time_control': tc})
        pen = [e for e in o['explanations'] if e['code'].startswith('claim_penalty_time')]
        check_eq((st, [e['code'] for e in pen], pen[0]['params'].get('n') if pen else None), (200, [code], n),
                 'wrong claim in ' + tc)
    check_eq(pen[0]['rule'], 'FIDE 9.5.3, A.3', 'A.3 cited')
    st, _, o = d.post('/v1/outcome', {'moves': SHUFFLE, 'claim': 'threefold'})
    check('claim_penalty_time' in codes(o['explanations']), 'standard by default')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'count': 1}, 'time_control': 'rapid'})
    check_eq(o['extra_seconds'], 60, 'top-level time_control applies to illegal moves too')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'count': 1, 'time_control': 'standard'},
                                      'time_control': 'rapid'})
    check_eq(o['extra_seconds'], 120, "illegal_move's own time_control wins")
    st, _, o = d.post('/v1/outcome', {'agree_draw': True})
    check_eq((o['result'], codes(o['explanations'])), ('*', ['agreement_too_early']), 'agreement before moves')
    st, _, o = d.post('/v1/outcome', {'moves': ['e4', 'e5'], 'agree_draw': True})
    check_eq((o['result'], o['termination']), ('1/2-1/2', 'agreement'), 'agreement')
    st, _, o = d.post('/v1/outcome', {'moves': ['f3', 'e5', 'g4', 'Qh4'], 'resign': 'black'})
    check_eq((o['result'], o['termination'], o['ply']), ('0-1', 'checkmate', 4), 'mate stands')
    check_eq(codes(o['explanations'])[-1], 'event_after_end', 'resignation after the end ignored')
    st, _, o = d.post('/v1/outcome', {})
    check_eq((st, o['result'], o['termination'], o['claim_valid']), (200, '*', 'none', None), 'nothing happened')
    st, _, o = d.post('/v1/outcome', {'fen': KQK, 'illegal_move': {'offender': 'white', 'count': 2}})
    check_eq((o['result'], o['termination'], o['extra_seconds']), ('1/2-1/2', 'illegal_moves', 0),
             'second illegal move, opponent cannot mate')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'black', 'count': 2}})
    check_eq((o['result'], o['termination']), ('1-0', 'illegal_moves'), 'second illegal move loses')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'count': 1, 'time_control': 'blitz'}})
    check_eq((o['result'], o['extra_seconds'], codes(o['explanations'])), ('*', 60, ['illegal_move_extra_time_rapid']),
             'first: a minute in blitz')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'count': 2, 'limit': 3}})
    check_eq((o['result'], o['extra_seconds']), ('*', 120, ), 'limit 3') if False else \
        check_eq((o['result'], o['extra_seconds']), ('*', 120), 'limit 3: the second is not the end')

    begin('outcome.errors')
    cases = [
        ({'claim': 'fifty'}, 400, 'invalid_field', 'claim'),
        ({'claim': 3}, 400, 'invalid_field', 'claim'),
        ({'with_move': 'Nf3'}, 400, 'missing_field', 'claim'),
        ({'flag': 'red'}, 400, 'invalid_field', 'flag'),
        ({'resign': True}, 400, 'invalid_field', 'resign'),
        ({'agree_draw': 'yes'}, 400, 'invalid_field', 'agree_draw'),
        ({'claim': 'threefold', 'flag': 'white'}, 400, 'conflicting_fields', 'flag'),
        ({'resign': 'white', 'agree_draw': True}, 400, 'conflicting_fields', 'agree_draw'),
        ({'illegal_move': 'white'}, 400, 'invalid_field', 'illegal_move'),
        ({'illegal_move': {}}, 400, 'missing_field', 'illegal_move.offender'),
        ({'illegal_move': {'offender': 'white', 'count': 0}}, 400, 'out_of_range', 'illegal_move.count'),
        ({'illegal_move': {'offender': 'white', 'time_control': 'bullet'}}, 400, 'invalid_field',
         'illegal_move.time_control'),
        ({'claim': 'threefold', 'time_control': 'bullet'}, 400, 'invalid_field', 'time_control'),
        ({'claim': 'threefold', 'time_control': 1}, 400, 'invalid_field', 'time_control'),
        ({'claim': 'threefold', 'with_move': 'Ke2'}, 422, 'illegal_move', 'with_move'),
        ({'claim': 'threefold', 'with_move': 'zz'}, 422, 'invalid_move', 'with_move'),
        ({'moves': ['e4', 'Ke7', 'd4']}, 422, 'illegal_move', 'moves'),
    ]
    for body, status, code, field in cases:
        st, _, e = d.post('/v1/outcome', body)
        check_eq((st, e['error']['code'], e['error'].get('field')), (status, code, field), repr(body))
    st, _, e = d.post('/v1/outcome', {'claim': 'threefold', 'with_move': 'Ke2'})
    check_eq(e['error']['explanation']['code'], 'own_piece_on_target', 'explained')

    begin('touch')
    st, _, t = d.post('/v1/touch', {'touched': [{'square': 'g1'}]})
    check_eq((st, t['any'], t['binding']), (200, False, {'square': 'g1', 'piece': 'N'}), 'knight binds')
    check_eq(t['moves'], [{'uci': 'g1f3', 'san': 'Nf3'}, {'uci': 'g1h3', 'san': 'Nh3'}], 'its moves')
    check_eq((codes(t['explanations']), t['explanations'][0]['rule']), (['touch_move_piece'], 'FIDE 4.3.1'), 'why')
    st, _, t = d.post('/v1/touch', {'fen': ROOKS, 'touched': [{'square': 'e1'}, {'square': 'h1'}]})
    check_eq((t['moves'], codes(t['explanations'])), ([{'uci': 'e1g1', 'san': 'O-O'}], ['touch_must_castle']),
             'king then rook: castle (4.4.1)')
    st, _, t = d.post('/v1/touch', {'fen': ROOKS, 'touched': [{'square': 'h1'}, {'square': 'e1'}]})
    check('O-O' not in [m['san'] for m in t['moves']] and 'touch_rook_first_no_castle' in codes(t['explanations']),
          'rook then king: no castling that side (4.4.2): %r' % codes(t['explanations']))
    st, _, t = d.post('/v1/touch', {'touched': [{'square': 'e4'}]})
    check_eq((t['any'], len(t['moves']), t['binding']), (True, 20, None), 'empty square: any move')
    # no piece was touched: nothing about 'the touched pieces' (2026-12 Persian review F42)
    check_eq(codes(t['explanations']), ['touch_empty_square'], 'why')
    st, _, t = d.post('/v1/touch', {'fen': '4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'touched': [{'square': 'a7'}],
                                    'promotion': {'square': 'a8', 'piece': 'N'}})
    check_eq([m['uci'] for m in t['moves']], ['a7a8n'], 'promotion piece fixed (4.4.4)')
    for body, code, field, index in [
        ({}, 'missing_field', 'touched', None),
        ({'touched': 'g1'}, 'invalid_field', 'touched', None),
        ({'touched': [{'square': 'g1'}, {'square': 'z9'}]}, 'invalid_field', 'touched[].square', 1),
        ({'touched': [{'square': 'g1'}, 'g1']}, 'invalid_field', 'touched', 1),
        ({'touched': [{'square': 'g1x'}]}, 'invalid_field', 'touched[].square', 0),
        ({'touched': [{'square': 'g1'}] * 17}, 'out_of_range', 'touched', None),
        ({'touched': [{'square': 'g1'}], 'promotion': {'square': 'a8', 'piece': 'K'}}, 'invalid_field',
         'promotion.piece', None),
        ({'touched': [{'square': 'g1'}], 'promotion': 'Q'}, 'invalid_field', 'promotion', None),
    ]:
        st, _, e = d.post('/v1/touch', body)
        check_eq((st, e['error']['code'], e['error'].get('field'), e['error'].get('index')), (400, code, field, index),
                 repr(body)[:60])

    begin('errors.illegal_move_in_moves')
    st, _, e = d.post('/v1/move', {'fen': PIN, 'moves': ['Nd5'], 'move': 'Kd1'})
    check_eq((st, e['error']['code'], e['error']['index'], e['error']['field']), (422, 'illegal_move', 0, 'moves'),
             'index of the illegal move')
    check_eq(codes(e['error']['reasons']), ['pinned', 'illegal_move'], 'every reason')
    check_eq(e['error']['reasons'][0]['squares'], ['c3', 'b4', 'e1'], 'pin squares')
    check_eq(e['error']['message'], e['error']['explanation']['text'], 'message is the first explanation')

    begin('lang.new_endpoints')
    st, h, c = d.post('/v1/castling?lang=fa', {'moves': ['f3', 'e5', 'g4', 'Qh4']})
    t = c['white']['kingside']['reasons'][0]['text']
    check_eq(h.get('content-language'), 'fa', 'Persian')
    check(any('\u0600' <= ch <= '\u06ff' for ch in t), 'Persian text: ' + t)
    st, h, t = d.post('/v1/touch', {'touched': [{'square': 'g1'}], 'lang': 'ar'})
    check('حصان' in t['explanations'][0]['text'], 'Arabic knight: ' + t['explanations'][0]['text'])

    begin('openapi.new_paths')
    st, _, doc = d.get('/v1/openapi.json')
    for p in ('/v1/castling', '/v1/outcome', '/v1/touch'):
        check(p in doc['paths'], 'documents ' + p)
finally:
    rc = d.stop()
begin('shutdown')
check_eq(rc, 0, 'exit status')
finish()
