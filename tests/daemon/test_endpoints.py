#!/usr/bin/env python3
# daemon.endpoints: every endpoint's answers and every JSON error of API.md, over real HTTP.
import json
import os
import re
import signal
import sys
import time

from daemon_util import Daemon, begin, check, check_eq, finish, minimal_lesson

START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

d = Daemon(sys.argv[1], {'perft-max-depth': 5, 'perft-max-nodes': 100000, 'max-moves': 10,
                         'max-json-depth': 8})
try:
    begin('health')
    st, h, body = d.get('/v1/health')
    check_eq(st, 200, 'status')
    check_eq(h.get('content-type'), 'application/json', 'content type')
    # An empty lessons directory serves nothing: degraded, still 200 (the rules endpoints serve).
    # The trial (row 27): "ok" with 0 lessons, quizzes and puzzles.
    check_eq((body['status'], body.get('reason')), ('degraded', 'no_content'), 'status field: nothing served')
    check_eq(body['version'], '0.1.0', 'version')
    check_eq(body['lessons'], 0, 'lessons')
    check_eq((body['quizzes'], body['puzzles']), (0, 0), 'no quizzes or puzzles without a lessons directory')

    begin('health.degraded')
    nowhere = Daemon(sys.argv[1], {'lessons': '/nonexistent/arbiter-lessons'})
    try:
        st, _, body = nowhere.get('/v1/health')
        check_eq((st, body['status'], body.get('reason'), body['lessons']), (200, 'degraded', 'lessons_unreadable', 0),
                 'an unreadable --lessons directory: degraded, 200, and why')
        st, _, a = nowhere.post('/v1/analyze', {})
        check_eq(st, 200, 'a degraded instance still serves the rules endpoints')
    finally:
        nowhere.stop()
    some = Daemon(sys.argv[1])
    try:
        with open(os.path.join(some.lessons_dir, 'one.lua'), 'w') as f:
            f.write(minimal_lesson('one'))
        some.signal(signal.SIGHUP)
        deadline = time.monotonic() + 30
        body = {}
        while time.monotonic() < deadline:
            st, _, body = some.get('/v1/health')
            if body.get('lessons') == 1:
                break
            time.sleep(0.1)
        check_eq((st, body.get('status'), 'reason' in body, body.get('lessons')), (200, 'ok', False, 1),
                 'one lesson served (after SIGHUP): ok, no reason')
    finally:
        some.stop()

    begin('openapi')
    st, h, body = d.get('/v1/openapi.json')
    check_eq(st, 200, 'status')
    check(body['openapi'].startswith('3.'), 'OpenAPI 3 document')
    for p in ('/v1/health', '/v1/analyze', '/v1/move', '/v1/validate', '/v1/perft', '/v1/dead'):
        check(p in body['paths'], 'documents ' + p)

    begin('analyze.start')
    st, _, a = d.post('/v1/analyze', {})
    check_eq(st, 200, 'status')
    check_eq(a['fen'], START, 'fen')
    check_eq(a['turn'], 'white', 'turn')
    check_eq(a['check'], False, 'check')
    check_eq(len(a['legal_moves']), 20, 'legal moves')
    check({'uci': 'g1f3', 'san': 'Nf3'} in a['legal_moves'], 'Nf3 listed with uci and san')
    check_eq(a['status'], 'ongoing', 'status')
    check_eq(a['result'], '*', 'result')

    begin('analyze.mixed_moves_checkmate')
    st, _, a = d.post('/v1/analyze', {'moves': ['f3', 'e7e5', 'g4', 'Qh4#']})
    check_eq(st, 200, 'status')
    check_eq(a['status'], 'checkmate', 'fool\'s mate')
    check_eq(a['result'], '0-1', 'result')
    check_eq(a['checkers'], ['h4'], 'checker')
    check_eq(a['legal_moves'], [], 'no legal moves')
    check_eq(a['plies'], 4, 'plies')

    begin('analyze.stalemate')
    st, _, a = d.post('/v1/analyze', {'fen': '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'})
    check_eq((st, a['status'], a['result']), (200, 'stalemate', '1/2-1/2'), 'stalemate')

    begin('analyze.chess960')
    st, _, a = d.post('/v1/analyze', {'variant': 'chess960',
                                      'fen': 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'})
    check_eq(st, 200, 'status')
    check_eq(len(a['legal_moves']), 21, 'chess960 perft(1) of the position')

    begin('position.no_fen_is_the_start_position')
    # Without "fen" the server starts from the start position without parsing a FEN: every
    # answer must be the one for the start FEN sent explicitly, in both variants (castling too).
    for variant in ('standard', 'chess960'):
        for path, extra in (('/v1/analyze', {'moves': ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5']}),
                            ('/v1/move', {'moves': ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5'], 'move': 'O-O'}),
                            ('/v1/analyze', {})):
            st1, _, implicit = d.post(path, dict(extra, variant=variant))
            st2, _, explicit = d.post(path, dict(extra, variant=variant, fen=START))
            check_eq((st1, implicit), (st2, explicit), f'{path} {variant} {sorted(extra)}')
    st, _, m = d.post('/v1/move', {'variant': 'chess960', 'moves': ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5'],
                                   'move': 'O-O'})
    check_eq((m['legal'], m['uci']), (True, 'e1h1'), 'chess960 castling from the implicit start position')

    begin('move.legal_san_and_uci')
    st, _, m = d.post('/v1/move', {'moves': ['e4', 'e5'], 'move': 'Nf3'})
    check_eq(st, 200, 'status')
    check_eq((m['legal'], m['uci'], m['san']), (True, 'g1f3', 'Nf3'), 'Nf3')
    check_eq(m['fen_after'], 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2', 'fen_after')
    check_eq(m['status_after'], 'ongoing', 'status_after')
    st, _, m = d.post('/v1/move', {'fen': KIWIPETE, 'move': 'e1g1'})
    check_eq((m['legal'], m['san']), (True, 'O-O'), 'castling in UCI')
    st, _, m = d.post('/v1/move', {'fen': KIWIPETE, 'move': 'e1h1'})
    check_eq((m['legal'], m['uci']), (True, 'e1g1'), 'king-takes-rook accepted in standard')
    st, _, m = d.post('/v1/move', {'moves': ['f3', 'e5', 'g4'], 'move': 'Qh4'})
    check_eq((m['legal'], m['san'], m['status_after']), (True, 'Qh4#', 'checkmate'), 'mating move')

    begin('move.illegal_has_reasons')
    # no knight reaches d4 at all: the summary leads (a piece that moves that way leads instead)
    st, _, m = d.post('/v1/move', {'move': 'Nd4'})
    check_eq(st, 200, 'status')
    check_eq(m['legal'], False, 'illegal')
    r = m['reasons'][0]
    check_eq(r['code'], 'no_piece_can_move_there', 'code')
    check_eq(r['rule'], 'FIDE 3.10.1', 'rule')
    check_eq(r['params'], {'found': 'Nd4'}, 'params')
    check('Nd4' in r['text'], 'text names the move')
    st, _, m = d.post('/v1/move', {'move': 'Ke2'})
    check_eq([x['code'] for x in m['reasons']], ['own_piece_on_target', 'illegal_move'], 'the king leads')
    st, _, m = d.post('/v1/move', {'move': 'Zz9'})
    check_eq(m['reasons'][0]['code'], 'san_malformed', 'malformed move is explained')

    begin('lang.selection')
    st, h, m = d.post('/v1/move?lang=fa', {'move': 'Nd4', 'lang': 'ar'}, headers={'Accept-Language': 'en'})
    check_eq(h.get('content-language'), 'fa', '?lang= wins')
    fa_text = m['reasons'][0]['text']
    check('قانونی نیست' in fa_text, 'Persian text: ' + fa_text)
    st, h, m = d.post('/v1/move', {'move': 'Nd4', 'lang': 'ar'}, headers={'Accept-Language': 'fa'})
    check_eq(h.get('content-language'), 'ar', 'body lang beats Accept-Language')
    check(m['reasons'][0]['text'] not in (fa_text,) and m['reasons'][0]['code'] == 'no_piece_can_move_there',
          'Arabic text, same code')
    st, h, m = d.post('/v1/move', {'move': 'Ke2'}, headers={'Accept-Language': 'de-DE, fa-IR;q=0.8, en;q=0.5'})
    check_eq(h.get('content-language'), 'fa', 'Accept-Language best supported q')
    st, h, m = d.post('/v1/move?lang=xx', {'move': 'Ke2'})
    check_eq(h.get('content-language'), 'en', 'unsupported lang falls back to en')
    st, h, m = d.post('/v1/move', {'move': 'Ke2', 'lang': 5})
    check_eq((st, m['error']['code'], m['error']['field']), (400, 'invalid_field', 'lang'), 'lang of wrong type')

    begin('lang.digits')
    nine = '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1'
    st, h, v = d.post('/v1/validate', {'fen': nine, 'lang': 'fa'})
    check('۹' in json.dumps(v, ensure_ascii=False) and ' 9 ' not in json.dumps(v, ensure_ascii=False),
          'Persian digits by default: %r' % v)
    st, h, v = d.post('/v1/validate', {'fen': nine, 'lang': 'fa', 'digits': 'latin'})
    check_eq(h.get('content-language'), 'fa', 'Content-Language is the language')
    check('سفید 9 پیاده' in json.dumps(v, ensure_ascii=False), 'digits latin: %r' % v)
    st, h, v = d.post('/v1/validate?lang=ar&digits=native', {'fen': nine})
    check('الأبيض ٩ بيادق' in json.dumps(v, ensure_ascii=False), '?digits=native in Arabic: %r' % v)
    st, h, v = d.post('/v1/validate?lang=fa-u-nu-latn', {'fen': nine})
    check('سفید 9 پیاده' in json.dumps(v, ensure_ascii=False), 'a tag with -u-nu-latn: %r' % v)
    st, h, v = d.post('/v1/validate', {'fen': nine, 'lang': 'ar'})
    check('الأبيض 9 بيادق' in json.dumps(v, ensure_ascii=False), 'Latin digits by default in Arabic: %r' % v)
    st, _, m = d.post('/v1/validate', {'fen': nine, 'digits': 'roman'})
    check_eq((st, m['error']['code'], m['error']['field']), (400, 'invalid_field', 'digits'), 'bad digits value')

    begin('validate')
    st, _, v = d.post('/v1/validate', {'fen': KIWIPETE})
    check_eq((st, v['valid'], v['problems']), (200, True, []), 'valid')
    check_eq(v['fen'], KIWIPETE, 'canonical fen')
    st, _, v = d.post('/v1/validate', {'fen': '8/8/8/8/8/8/8/8 w - - 0 1'})
    check_eq(v['valid'], False, 'empty board')
    check_eq([p['code'] for p in v['problems']], ['missing_king', 'missing_king'], 'both kings missing')
    st, _, v = d.post('/v1/validate', {'fen': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'})
    check_eq(v['problems'][0]['code'], 'fen_bad_piece', 'syntax problem')
    check_eq(v['problems'][0]['params']['found'], 'X', 'names the character')
    check_eq(v['problems'][0]['params']['offset'], 43, 'names the offset (from 1)')
    check_eq(v['warnings'], [], 'no warnings for a canonical FEN')
    st, _, v = d.post('/v1/validate?lang=fa', {'fen': 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 0'})
    check_eq((st, v['valid'], v['problems']), (200, True, []), 'lenient FEN still valid')
    check_eq([(w['code'], w['params']['field'], w['params']['offset']) for w in v['warnings']],
             [('fen_digits_adjacent', 'board', 19), ('fen_castling_order', 'castling', 48),
              ('fen_fullmove_zero', 'fullmove', 57)], 'warnings name field and character (from 1)')
    text = v['warnings'][0]['text']
    check('44' in text and 'چیدمان' in text, 'Persian text names what was written: ' + text)
    st, _, v = d.post('/v1/validate', {})
    check_eq((st, v['error']['code'], v['error']['field']), (400, 'missing_field', 'fen'), 'fen required')

    begin('perft')
    st, _, p = d.post('/v1/perft', {'depth': 3})
    check_eq((st, p['nodes']), (200, 8902), 'perft 3')
    check('divide' not in p, 'no divide unless asked')
    st, _, p = d.post('/v1/perft', {'fen': KIWIPETE, 'depth': 2, 'divide': True})
    check_eq(p['nodes'], 2039, 'kiwipete perft 2')
    check_eq(len(p['divide']), 48, 'divide per move')
    check_eq(sum(x['nodes'] for x in p['divide']), 2039, 'divide sums to nodes')
    st, _, p = d.post('/v1/perft', {'depth': 0})
    check_eq(p.get('nodes'), 1, 'depth 0: %r' % p)
    st, _, p = d.post('/v1/perft', {'depth': 6})
    check_eq((st, p['error']['code'], p['error']['limit']), (400, 'out_of_range', 5), 'depth cap')
    st, _, p = d.post('/v1/perft', {'depth': 5})
    check_eq((st, p['error']['code'], p['error']['limit']), (422, 'budget_exceeded', 100000), 'node budget')
    check_eq(d.metric('arbiterd_search_budget_exhausted_total'), 1.0, 'budget exhaustion counted')
    st, _, p = d.post('/v1/perft', {'depth': '3'})
    check_eq((st, p['error']['code'], p['error'].get('field')), (400, 'invalid_field', 'depth'), 'depth type')
    st, _, p = d.post('/v1/perft', {})
    check_eq((st, p['error']['code']), (400, 'missing_field'), 'depth required')

    begin('dead')
    # K+N v K+R: both colours can mate (with help), each with a witness that replays to mate
    st, _, x = d.post('/v1/dead', {'fen': '8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1'})
    check_eq(st, 200, 'status')
    check_eq(x['dead'], False, 'alive')
    check_eq(x['unwinnable'], {'white': False, 'black': False}, 'both can mate')
    check_eq(x['verdicts'], {'white': 'can_mate', 'black': 'can_mate'}, 'verdicts')
    check_eq(x['explanations'][0]['code'], 'alive_position', 'position verdict first')
    check(all(len(x['witness'][c]) > 0 for c in ('white', 'black')), 'witness per colour')
    for c in ('white', 'black'):
        fen = '8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1'
        st, _, a = d.post('/v1/analyze', {'fen': fen, 'moves': x['witness'][c][:10]})
        check_eq(st, 200, 'witness prefix is legal (%s)' % c)
    st, _, a = d.post('/v1/analyze', {'fen': '8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1', 'moves': x['witness']['white']})
    if len(x['witness']['white']) <= 10:
        check_eq((a['status'], a['result']), ('checkmate', '1-0'), 'white witness ends in mate')
    # locked pawns: White's bishops never reach the black king; Black can mate
    wall = '8/1p3k2/pPp3p1/P1Pp1pPp/2bP1P1P/4BK2/7B/8 b - - 0 1'
    st, _, x = d.post('/v1/dead', {'fen': wall, 'lang': 'fa'})
    check_eq((st, x['dead']), (200, False), 'alive')
    check_eq(x['unwinnable'], {'white': True, 'black': False}, 'only black can mate')
    check('white' not in x['witness'] and len(x['witness']['black']) == 7, 'black witness, 7 plies')
    check('cannot_mate_locked' in [e['code'] for e in x['explanations']], 'the proof')
    check_eq(x['explanations'][1]['rule'], 'FIDE 5.2.2', 'article (the dead-position verdict it supports, not flag fall)')
    st, _, a = d.post('/v1/analyze', {'fen': wall, 'moves': x['witness']['black']})
    check_eq((a['status'], a['result']), ('checkmate', '0-1'), 'witness replays to mate')
    # dead: a locked wall neither bishop can cross
    st, _, x = d.post('/v1/dead', {'fen': '2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1'})
    check_eq((st, x['dead'], x['unwinnable']), (200, True, {'white': True, 'black': True}), 'dead')
    check_eq(x['explanations'][0]['code'], 'dead_position', 'dead_position first')
    check_eq(x['witness'], {}, 'no witness')
    st, _, x = d.post('/v1/dead', {'fen': '8/8/8/4k3/8/8/8/4KB2 w - - 0 1'})
    check_eq((x['dead'], x['explanations'][0]['code']), (True, 'material_lone_minor'), 'insufficient material')
    # a tiny budget: undecided, said so, counted
    before = d.metric('arbiterd_search_budget_exhausted_total')
    st, _, x = d.post('/v1/dead', {'fen': '8/8/8/4k3/8/8/3r4/4KN2 w - - 0 1', 'budget': 1})
    check_eq((st, x['dead'], x['budget']), (200, 'unknown', 1), 'unknown within budget 1')
    check_eq(x['verdicts'], {'white': 'unknown', 'black': 'unknown'}, 'both unknown')
    check_eq(x['unwinnable'], {'white': None, 'black': None}, 'undecided is null, not false (not "can still win")')
    check('search_budget_spent' in [e['code'] for e in x['explanations']], 'says the budget ran out')
    check_eq(d.metric('arbiterd_search_budget_exhausted_total'), before + 1, 'budget exhaustion counted')
    # position input after moves, and errors
    st, _, x = d.post('/v1/dead', {'moves': ['e4', 'e5']})
    check_eq((st, x['dead']), (200, False), 'start + moves: alive')
    check(x['fen'].startswith('rnbqkbnr/pppp1ppp/8/4p3/4P3'), 'decided after the moves')
    st, _, x = d.post('/v1/dead', {'budget': 0})
    check_eq((st, x['error']['code'], x['error']['limit']), (400, 'out_of_range', 2000000), 'budget range')
    st, _, x = d.post('/v1/dead', {'budget': 3000000})
    check_eq((st, x['error']['code']), (400, 'out_of_range'), 'budget cap')
    st, _, x = d.post('/v1/dead', {'budget': 'lots'})
    check_eq((st, x['error']['code'], x['error']['field']), (400, 'invalid_field', 'budget'), 'budget type')
    st, _, x = d.post('/v1/dead', {'fen': 'not a fen'})
    check_eq((st, x['error']['code']), (400, 'invalid_fen'), 'bad fen')
    st, _, x = d.post('/v1/dead', {'fen': '8/8/8/8/8/8/8/8 w - - 0 1'})
    check_eq(st, 422, 'no kings: illegal position')
    st, _, x = d.post('/v1/dead', '[1,2]')
    check_eq((st, x['error']['code']), (400, 'not_object'), 'not an object')
    st, h, x = d.get('/v1/dead')
    check_eq((st, h.get('allow')), (405, 'POST'), 'GET: 405 with Allow')

    begin('errors.position_input')
    st, _, e = d.post('/v1/analyze', {'fen': 'not a fen'})
    check_eq((st, e['error']['code'], e['error']['field']), (400, 'invalid_fen', 'fen'), 'invalid fen')
    check('explanation' in e['error'] and e['error']['message'] == e['error']['explanation']['text'],
          'message is the explanation')
    st, _, e = d.post('/v1/analyze', {'fen': '8/8/8/8/8/8/8/K6k w - - 0 1'.replace('K6k', 'K5kk')})
    check_eq((st, e['error']['code']), (422, 'illegal_position'), 'two black kings')
    check_eq(e['error']['explanation']['code'], 'too_many_kings', 'explained')
    st, _, e = d.post('/v1/analyze', {'moves': ['e4', 'e5', 'Ke3']})
    check_eq((st, e['error']['code'], e['error']['index']), (422, 'illegal_move', 2), 'illegal move in moves')
    check_eq(e['error']['explanation']['params']['found'], 'Ke3', 'explanation names the move')
    st, _, e = d.post('/v1/analyze', {'moves': ['e4', '??']})
    check_eq((st, e['error']['code'], e['error']['index']), (422, 'invalid_move', 1), 'malformed move in moves')
    st, _, e = d.post('/v1/analyze', {'moves': ['e4', 7]})
    check_eq((st, e['error']['code'], e['error']['index']), (400, 'invalid_field', 1), 'non-string move')
    st, _, e = d.post('/v1/analyze', {'moves': 'e4'})
    check_eq((st, e['error']['code'], e['error']['field']), (400, 'invalid_field', 'moves'), 'moves not array')
    st, _, e = d.post('/v1/analyze', {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8'] * 3})
    check_eq((st, e['error']['code'], e['error']['limit']), (400, 'too_many_moves', 10), 'moves cap')
    st, _, e = d.post('/v1/analyze', {'variant': 'crazyhouse'})
    check_eq((st, e['error']['field']), (400, 'variant'), 'unknown variant')
    st, _, e = d.post('/v1/analyze', {'fen': 5})
    check_eq((st, e['error']['field']), (400, 'fen'), 'fen of wrong type')
    st, _, e = d.post('/v1/move', {})
    check_eq((st, e['error']['code'], e['error']['field']), (400, 'missing_field', 'move'), 'move required')
    st, _, e = d.post('/v1/move', {'move': ['e4']})
    check_eq((st, e['error']['code']), (400, 'invalid_field'), 'move of wrong type')

    begin('errors.body')
    cases = [
        (b'{"fen": ', 'invalid_json'),
        (b'{"moves": ["e4",]}', 'invalid_json'),
        (b'{"move": "e4", "move": "d4"}', 'duplicate_key'),
        (b'{"a": {"b": 1, "b": 2}}', 'duplicate_key'),
        (b'{"move": "e\xff4"}', 'invalid_utf8'),
        (b'{"move": "\xc3"}', 'invalid_utf8'),
        (b'{"move": "e4\x00"}', 'nul_byte'),
        (b'{"move": "e4\\u0000"}', 'nul_byte'),
        (b'{"a":' * 9 + b'1' + b'}' * 9, 'too_deep'),
        (b'[' * 5000, 'too_deep'),
        (b'["e4"]', 'not_object'),
        (b'"e4"', 'not_object'),
        (b'null', 'not_object'),
    ]
    for raw, code in cases:
        st, h, e = d.post('/v1/move', raw)
        check_eq((st, e['error']['code'] if isinstance(e, dict) else e), (400, code), repr(raw[:30]))
    st, _, e = d.post('/v1/analyze', b'{"fen":' + b'{"a":' * 7 + b'1' + b'}' * 8)
    check_eq((e['error']['code'], e['error']['field']), ('invalid_field', 'fen'), 'depth at the cap is accepted')
    st, _, e = d.post('/v1/move', b'{"fen": "' + b'[' * 50 + b'", "move": "e4"}')
    check_eq(st, 400, 'bracket-filled fen is read as a fen, not as depth')
    check_eq(e['error']['code'], 'invalid_fen', 'bracket-filled fen')

    begin('errors.routing')
    st, h, e = d.get('/v1/nothing')
    check_eq((st, e['error']['code']), (404, 'not_found'), '404')
    st, h, e = d.get('/v1/move')
    check_eq((st, e['error']['code'], h.get('allow')), (405, 'method_not_allowed', 'POST'), '405 with Allow')
    st, h, e = d.post('/v1/health', {})
    check_eq((st, h.get('allow')), (405, 'GET, HEAD'), '405 on a GET route')
    st, h, e = d.request('DELETE', '/metrics')
    check_eq(st, 405, 'DELETE')
    st, h, e = d.request('HEAD', '/v1/health')
    check_eq(st, 200, 'HEAD on a GET route')
    st, h, e = d.post('/v1/move', '{"move":"e4"}', headers={'Content-Type': 'text/plain'})
    check_eq((st, e['error']['code']), (415, 'unsupported_media_type'), '415')
    st, h, e = d.post('/v1/move', '{"move":"e4"}', headers={'Content-Type': 'application/json; charset=utf-8'})
    check_eq((st, e['legal']), (200, True), 'json with charset')

    begin('metrics')
    st, h, text = d.get('/metrics')
    check_eq(st, 200, 'status')
    check(h['content-type'].startswith('text/plain; version=0.0.4'), 'prometheus content type')
    check('arbiterd_requests_total{method="POST",route="/v1/move",status="200"}' in text, 'by route and status')
    check('arbiterd_requests_total{method="POST",route="/v1/move",status="400"}' in text, '400s counted')
    check('arbiterd_request_duration_seconds_bucket{method="POST",route="/v1/analyze",le="+Inf"}' in text,
          'histogram')
    check(re.search(r'^arbiterd_requests_in_flight [1-9]', text, re.M), 'in flight (at least this request)')
    check('arbiterd_lesson_failures_total 0' in text, 'lesson failures')
    n404 = d.metric('arbiterd_requests_total', 'method="",route="unmatched",status="404"')
    check_eq(n404, 1.0, '404 counted as unmatched')
finally:
    rc = d.stop()
begin('shutdown')
check_eq(rc, 0, 'exit status after SIGTERM')
finish()
