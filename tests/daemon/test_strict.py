#!/usr/bin/env python3
# daemon.strict: answers that must never look right when they are wrong (issue 14 §1): unknown
# fields and query parameters refused with the nearest name (checked against docs/api.md's
# fields table), records that go on past their end refused on every endpoint (the position's own
# state at the end is information: game_over), puzzle answers in the notation
# of the puzzles' own source lines with the reasons /v1/analyze gives, squares lists never cut,
# conflicting inputs refused, ply of an illegal-move loss, no stray Allow header, startpos.
import os
import re
import sys

import openapi_check
from daemon_util import Daemon, begin, check, check_eq, finish

BIN, LESSONS = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'] * 4          # the start position a fifth time at ply 16
FOOLS_MATE = ['f3', 'e5', 'g4', 'Qh4#']
# Where a route's {id}/{n} lead, and what a body needs besides the field under test.
SAMPLE_PATH = {'{id}': None, '{n}': '1'}
ROUTE_IDS = {'/v1/puzzles/{id}/answer': '/v1/puzzles/m2-opera-game/answer',
             '/v1/lessons/{id}/steps/{n}/answer': '/v1/lessons/illegal-moves/steps/2/answer'}
NESTED_BODY = {  # a body whose nested object carries the unknown key
    ('/v1/outcome', 'illegal_move'): lambda k: {'illegal_move': {'offender': 'white', k: 1}},
    ('/v1/touch', 'touched[]'): lambda k: {'touched': [{'square': 'g1', k: 1}]},
    ('/v1/touch', 'promotion'): lambda k: {'touched': [{'square': 'g1'}], 'promotion': {'square': 'a8', k: 1}},
    ('/v1/batch', 'requests[]'): lambda k: {'requests': [{'method': 'POST', 'path': '/v1/move', k: 1}]},
}


def fields_table():
    """docs/api.md's table: {(route, nested or None): [fields]}."""
    text = open(os.path.join(ROOT, 'docs', 'api.md'), encoding='utf-8').read()
    block = text.split('<!-- fields-table: begin -->')[1].split('<!-- fields-table: end -->')[0]
    table = {}
    for line in block.splitlines():
        m = re.match(r'\| POST (\S+)(?: (\S+))? \| (.*) \|$', line)
        if m:
            names = re.findall(r'`([a-z_]+)`', m.group(3).split('(')[0])
            table[(m.group(1), m.group(2))] = names
    return table


def error(resp):
    st, _, body = resp
    return st, body.get('error', {}) if isinstance(body, dict) else {}


d = Daemon(BIN, {'lessons': LESSONS})
try:
    begin('strict.fields_table')
    table = fields_table()
    check(len(table) >= 15, 'the docs table lists every endpoint: %d rows' % len(table))
    for (route, nested), names in sorted(table.items(), key=lambda kv: (kv[0][0], kv[0][1] or '')):
        path = ROUTE_IDS.get(route, route)
        if nested:
            body = NESTED_BODY[(route, nested)]('zz_unknown')
        else:
            body = {'zz_unknown': 1}
            if route == '/v1/quizzes':
                body['generator'] = 'status'
        st, e = error(d.post(path, body))
        check_eq((st, e.get('code')), (400, 'unknown_field'), '%s %s' % (route, nested or ''))
        want_field = (nested + '.zz_unknown') if nested else 'zz_unknown'
        check_eq(e.get('field'), want_field, 'field named by its path')
        allowed = [a for a in e.get('allowed', []) if a not in ('lang', 'digits')]
        if route == '/v1/quizzes':  # the generator's parameters come after the fixed names
            allowed = allowed[:len(names)]
        check_eq(allowed, names, 'docs/api.md lists what %s %s reads' % (route, nested or ''))
        check_eq('lang' in e.get('allowed', []), nested is None, 'lang at the top level only')

    begin('strict.fields_table.openapi')
    contract = openapi_check.contract()
    for (route, nested), names in sorted(table.items(), key=lambda kv: (kv[0][0], kv[0][1] or '')):
        schema = contract.doc['paths'][route]['post']['requestBody']['content']['application/json']['schema']
        if '$ref' in schema:
            schema = contract.components[schema['$ref'].split('/')[-1]]
        # closed, but for a quiz generator's own parameters (strings) that the handler checks
        check_eq(schema.get('additionalProperties'), route == '/v1/quizzes',
                 '%s: the request schema is closed' % route)
        for part in (nested or '').split():
            schema = schema['properties'][part.rstrip('[]')]
            if part.endswith('[]'):
                schema = schema['items']
        documented = [k for k in schema.get('properties', {}) if k not in ('lang', 'digits')]
        check_eq(sorted(documented), sorted(names), 'OpenAPI request fields of %s %s' % (route, nested or ''))

    begin('strict.typos')
    for path, body, field, nearest in [
            ('/v1/analyze', {'FEN': '8/8/4k3/8/8/4K3/8/8 w - - 0 1'}, 'FEN', 'fen'),
            ('/v1/analyze', {'position': '8/8/4k3/8/8/4K3/8/8 w - - 0 1'}, 'position', None),
            ('/v1/analyze', {'history': ['e4', 'e5']}, 'history', None),
            ('/v1/analyze', {'move': ['e4', 'e5']}, 'move', 'moves'),
            ('/v1/outcome', {'result': '1-0'}, 'result', None),
            ('/v1/outcome', {'resing': 'white'}, 'resing', 'resign'),
            ('/v1/touch', {'square': 'g1'}, 'square', None),
            ('/v1/touch', {'touched': [{'square': 'g1'}], 'promotio': {}}, 'promotio', 'promotion'),
            ('/v1/quizzes', {'generator': 'can-castle', 'seed': 1, 'level': 'easy'}, 'level', None),
            ('/v1/quizzes', {'generator': 'can-castle', 'seed': 1, 'dificulty': 'easy'}, 'dificulty', 'difficulty'),
            ('/v1/quizzes/answer', {'id': 'status:1:0', 'anwser': 'x'}, 'anwser', 'answer'),
            ('/v1/perft', {'depht': 2}, 'depht', 'depth'),
            ('/v1/dead', {'budjet': 10}, 'budjet', 'budget')]:
        st, e = error(d.post(path, body))
        check_eq((st, e.get('code'), e.get('field'), e.get('nearest')), (400, 'unknown_field', field, nearest),
                 '%s %r' % (path, body))
        if nearest:
            check("did you mean '%s'" % nearest in e.get('detail', ''), 'the detail says it: %r' % e.get('detail'))
    st, e = error(d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'cont': 2}}))
    check_eq((e.get('field'), e.get('nearest')), ('illegal_move.cont', 'count'), 'nested typo')
    st, e = error(d.post('/v1/touch', {'touched': [{'square': 'g1'}, {'sq': 'g2'}]}))
    check_eq((e.get('field'), e.get('index')), ('touched[].sq', 1), 'the touched entry is named by index')

    begin('strict.query')
    st, e = error(d.post('/v1/analyze?lng=fa', {}))
    check_eq((st, e.get('code'), e.get('field'), e.get('nearest')), (400, 'unknown_field', 'lng', 'lang'), 'POST')
    st, e = error(d.get('/v1/lessons?levl=beginner'))
    check_eq((st, e.get('code'), e.get('field'), e.get('nearest')), (400, 'unknown_field', 'levl', 'level'), 'GET')
    st, e = error(d.get('/v1/puzzles?_=1700000000'))
    check_eq((st, e.get('code'), e.get('field')), (400, 'unknown_field', '_'), 'a cache-buster is refused, one way')

    begin('strict.error_detail')  # trial row 16: allowed values, minimum and maximum, paths, a detail on every 404
    st, e = error(d.post('/v1/analyze', {'variant': 'Chess960'}))
    check_eq((e.get('code'), e.get('field'), e.get('allowed')), ('invalid_field', 'variant', ['standard', 'chess960']),
             'an enumeration lists its values')
    st, e = error(d.post('/v1/dead', {'budget': 0}))
    check_eq((e.get('code'), e.get('minimum'), e.get('maximum')), ('out_of_range', 1, 2000000), 'a range says both ends')
    st, e = error(d.post('/v1/quizzes', {'generator': 'can-castle', 'seed': 1, 'parameters': {'difficulty': 'Easy'}}))
    check_eq((e.get('field'), e.get('allowed')), ('parameters.difficulty', ['easy', 'medium', 'hard']),
             'a nested parameter by its path')
    for path in ('/v1/puzzles/nope', '/v1/lessons/nope'):
        st, e = error(d.get(path))
        check(st == 404 and 'nope' in e.get('detail', ''), '%s: a 404 with a detail: %r' % (path, e))
    # every other 404 too: an unknown route, a file the page does not have, a step, a Chess960 number, a generator
    for path in ('/v1/nope', '/nope', '/v1/lessons/illegal-moves/steps/99', '/v1/chess960/960'):
        st, e = error(d.get(path))
        check(st == 404 and e.get('code') == 'not_found' and e.get('detail'), '%s: a 404 with a detail: %r' % (path, e))
    st, e = error(d.post('/v1/quizzes', {'generator': 'nope', 'seed': 1}))
    check(st == 404 and e.get('detail'), 'an unknown generator: a 404 with a detail: %r' % e)

    begin('strict.list_filters')  # issue 24 §3, trial row 23
    st, _, every = d.get('/v1/lessons')
    for query, keep in [('level=beginner', lambda l: l['level'] == 'beginner'),
                        ('tag=castling', lambda l: 'castling' in l['tags']),
                        ('level=advanced&tag=draw', lambda l: l['level'] == 'advanced' and 'draw' in l['tags'])]:
        st, _, some = d.get('/v1/lessons?' + query)
        check_eq((st, some), (200, [l for l in every if keep(l)]), '?%s: those lessons, in the same order' % query)
        check(0 < len(some) < len(every), '?%s filters: %d of %d' % (query, len(some), len(every)))
    st, e = error(d.get('/v1/lessons?level=expert'))
    check_eq((st, e.get('code'), e.get('field'), e.get('allowed')), (400, 'invalid_field', 'level',
             ['beginner', 'intermediate', 'advanced']), 'an unknown level')
    st, _, none = d.get('/v1/lessons?tag=no-such-tag')
    check_eq((st, none), (200, []), 'a tag no lesson has: none')
    st, _, allp = d.get('/v1/puzzles')
    for query, keep in [('kind=retro', lambda p: p['kind'] == 'retro'), ('variant=chess960', lambda p: p['variant'] == 'chess960'),
                        ('kind=mate&variant=standard', lambda p: p['kind'] == 'mate' and p['variant'] == 'standard')]:
        st, _, some = d.get('/v1/puzzles?' + query)
        check_eq((st, some['puzzles']), (200, [p for p in allp['puzzles'] if keep(p)]), '?' + query)
        check(0 < len(some['puzzles']) < len(allp['puzzles']), '?%s filters' % query)
    check_eq(d.get('/v1/lessons')[2], every, 'the order is stable')
    begin('strict.list_paging')  # ?limit= and ?offset= (trial row 23: "no pagination")
    for path, items in (('/v1/lessons', lambda b: b), ('/v1/puzzles', lambda b: b['puzzles'])):
        st, h, b = d.get(path)
        whole = items(b)
        check_eq((st, h.get('x-total-count'), h.get('link')), (200, str(len(whole)), None), path + ': all, no next page')
        pages, url = [], path + '?limit=7&lang=en'
        while url and len(pages) < 100:
            st, h, b = d.get(url)
            check_eq((st, h.get('x-total-count')), (200, str(len(whole))), url)
            pages.append(items(b))
            link = h.get('link')
            url = link[1:link.index('>')] if link else None
            check(not link or link.endswith('>; rel="next"'), 'Link: %r' % link)
        check_eq(sum(pages, []), whole, path + ': the pages in turn are the whole list, each item once')
        check(all(len(p) == 7 for p in pages[:-1]) and 0 < len(pages[-1]) <= 7, '%d pages of 7' % len(pages))
        st, h, b = d.get(path + '?offset=%d' % (len(whole) - 2))
        check_eq((st, items(b), h.get('link')), (200, whole[-2:], None), path + '?offset= alone: the rest')
        st, h, b = d.get(path + '?offset=100000&limit=1')
        check_eq((st, items(b), h.get('link')), (200, [], None), path + ': past the end, empty')
        for q, code, field in (('limit=0', 'out_of_range', 'limit'), ('limit=101', 'out_of_range', 'limit'),
                               ('limit=x', 'invalid_field', 'limit'), ('offset=-1', 'invalid_field', 'offset'),
                               ('offset=100001', 'out_of_range', 'offset')):
            st, e = error(d.get(path + '?' + q))
            check_eq((st, e.get('code'), e.get('field')), (400, code, field), path + '?' + q)
    st, h, b = d.get('/v1/lessons?level=beginner&tag=castling&limit=1')
    every_b = [l for l in every if l['level'] == 'beginner' and 'castling' in l['tags']]
    check_eq((b, h.get('x-total-count')), (every_b[:1], str(len(every_b))), 'the filters, then the page')
    if len(every_b) > 1:
        check_eq(h.get('link'), '</v1/lessons?level=beginner&tag=castling&limit=1&offset=1>; rel="next"',
                 'the next page keeps the filters')
    st, _, body = d.post('/v1/analyze?lang=fa', {})
    check_eq(st, 200, '?lang= is read')

    begin('strict.record_ends.every_endpoint')
    after = SHUFFLE + ['Nc3']
    for path, extra in [('/v1/analyze', {}), ('/v1/move', {'move': 'e4'}), ('/v1/castling', {}),
                        ('/v1/outcome', {}), ('/v1/outcome', {'resign': 'white'}),
                        ('/v1/touch', {'touched': [{'square': 'b1'}]}), ('/v1/dead', {'budget': 100}),
                        ('/v1/perft', {'depth': 1})]:
        st, e = error(d.post(path, dict(extra, moves=after)))
        check_eq((st, e.get('code'), e.get('field'), e.get('index'), e.get('ply')), (422, 'game_over', 'moves', 16, 16),
                 path + ' refuses the move after fivefold')
        codes = [r['code'] for r in e.get('reasons', [])]
        check_eq(codes[:2], ['move_after_end', 'fivefold_repetition'], path + ': the refused move, then the ending')
        check_eq(e.get('explanation', {}).get('params', {}).get('move'), 'Nc3', 'names the move')
    st, _, a = d.post('/v1/analyze', {'moves': SHUFFLE})
    check_eq((st, a['status'], a['result'], a['ply']), (200, 'fivefold_repetition', '1/2-1/2', 16), 'ends there')
    st, _, a = d.post('/v1/analyze', {'moves': SHUFFLE[:15]})
    check_eq((a['status'], a['ply']), ('ongoing', None), 'ply is null while it goes on')
    st, _, o = d.post('/v1/outcome', {'moves': SHUFFLE})
    check_eq((o['result'], o['termination'], o['ply']), ('1/2-1/2', 'fivefold_repetition', 16), 'outcome agrees')

    # The position's own state is information (issue 24 §1): the move is judged by the rules of
    # movement, and game_over says how and where the game had ended.
    begin('strict.record_ends.position_is_information')
    st, _, m = d.post('/v1/move', {'moves': SHUFFLE, 'move': 'Nc3'})
    check_eq((st, m.get('legal'), m.get('san')), (200, True, 'Nc3'), '/v1/move after fivefold: judged by the board')
    go = m.get('game_over') or {}
    check_eq((go.get('ply'), go.get('status'), go.get('result')), (16, 'fivefold_repetition', '1/2-1/2'),
             'with the game_over object')
    check_eq([x['code'] for x in go.get('explanations', [])][:1], ['fivefold_repetition'], 'explained')
    st, _, m = d.post('/v1/move', {'moves': SHUFFLE[:15], 'move': 'Ng8'})
    check_eq((st, 'game_over' in m), (200, False), 'no game_over while the game goes on')
    kk = '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    st, _, m = d.post('/v1/move', {'fen': kk, 'move': 'Ke3'})
    codes = [x['code'] for x in m.get('reasons', [])]
    check_eq((st, m.get('legal')), (200, False), 'K v K: how does the king move? (Ke3)')
    check(codes[:2] == ['no_piece_can_move_there', 'wrong_pattern'] and codes[-1] == 'move_after_end',
          'the rules of movement first, the ended game last: %r' % codes)
    check_eq(((m.get('game_over') or {}).get('status'), (m.get('game_over') or {}).get('ply')),
             ('insufficient_material', 0), 'the diagram is over at ply 0')
    st, _, m = d.post('/v1/move', {'fen': kk, 'move': 'e1e3'})
    codes = [x['code'] for x in m.get('reasons', [])]
    check_eq((st, codes), (200, ['wrong_pattern', 'illegal_move', 'move_after_end']),
             'UCI too: the piece named by its square first (issue 24 §3)')
    st, _, m = d.post('/v1/move', {'fen': kk, 'move': 'Kd2'})
    check_eq((st, m.get('legal'), m.get('fen_after')), (200, True, '4k3/8/8/8/8/8/3K4/8 b - - 1 1'),
             'K v K: a king move is a king move')
    mated = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
    for body, ply in [({'fen': mated, 'move': 'Kf2'}, 0), ({'moves': FOOLS_MATE, 'move': 'Kf2'}, 4)]:
        st, _, m = d.post('/v1/move', body)
        codes = [x['code'] for x in m.get('reasons', [])]
        check_eq((st, m.get('legal')), (200, False), 'a mate, the student tries Kf2: %r' % body)
        check(codes[:1] == ['leaves_king_in_check'] and codes[-1] == 'move_after_end', '%r' % codes)
        after = m['reasons'][-1] if m.get('reasons') else {}
        check_eq((after.get('params', {}).get('n'), after.get('params', {}).get('move')), (ply, 'Kf2'),
                 'move_after_end names the ply and the move')
        check_eq(((m.get('game_over') or {}).get('status'), (m.get('game_over') or {}).get('ply'),
                  (m.get('game_over') or {}).get('result')), ('checkmate', ply, '0-1'), 'game_over')
    st, _, t = d.post('/v1/touch', {'moves': SHUFFLE, 'touched': [{'square': 'b1'}]})
    check_eq((st, (t.get('game_over') or {}).get('status')), (200, 'fivefold_repetition'),
             '/v1/touch: the obligation, and that the game had ended')
    check(any(x.get('uci') == 'b1c3' for x in t.get('moves', [])), 'the knight must move: %r' % t.get('moves'))
    st, _, dd = d.post('/v1/dead', {'fen': mated})
    check_eq((st, dd.get('dead'), [x['code'] for x in dd.get('explanations', [])][:1],
              (dd.get('game_over') or {}).get('status')), (200, False, ['checkmate'], 'checkmate'),
             '/v1/dead on a mate says it is mate, not "alive"')
    st, _, dd = d.post('/v1/dead', {'fen': '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'})
    check_eq((dd.get('dead'), [x['code'] for x in dd.get('explanations', [])][:1]), (True, ['stalemate']),
             'and on a stalemate that it is stalemate')

    begin('strict.record_ends.kinds')
    for what, body, index, ending in [
            ('checkmate', {'moves': FOOLS_MATE + ['Ke2']}, 4, 'checkmate'),
            ('stalemate', {'fen': '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1', 'moves': ['Qf7', 'Kh7']}, 1, 'stalemate'),
            ('75 moves', {'fen': '4k3/8/8/8/8/8/8/R3K3 w Q - 149 90', 'moves': ['Kd1', 'Kd8']}, 1, 'seventyfive_moves'),
            ('bare kings', {'fen': '4k3/8/8/8/8/8/8/3rK3 w - - 0 1', 'moves': ['Kxd1', 'Ke7']}, 1,
             'insufficient_material'),
            ('bare kings, then several moves', {'fen': '4k3/8/8/8/8/8/8/3rK3 w - - 0 1',
                                                'moves': ['Kxd1', 'Ke7', 'Kc2', 'Kd6', 'Kb3']}, 1,
             'insufficient_material'),
            ('a dead start', {'fen': '4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1', 'moves': ['Kd2']}, 0,
             'dead_position'),
            ('fivefold, then an illegal move', {'moves': SHUFFLE + ['Ke2']}, 16, 'fivefold_repetition'),
            ('mate, then an illegal move', {'moves': FOOLS_MATE + ['Kf2']}, 4, 'checkmate')]:
        st, e = error(d.post('/v1/analyze', body))
        check_eq((st, e.get('code'), e.get('index')), (422, 'game_over', index), what)
        codes = [r['code'] for r in e.get('reasons', [])]
        check(len(codes) > 1 and codes[0] == 'move_after_end' and codes[1] == ending, '%s: %r' % (what, codes))
    st, _, a = d.post('/v1/analyze', {'moves': FOOLS_MATE})
    check_eq((a['status'], a['result'], a['ply']), ('checkmate', '0-1', 4), 'a record that stops at mate')
    st, _, a = d.post('/v1/analyze', {'moves': ['Nf3', 'Nf6', 'Ng1', 'Ng8'] * 2 + ['Nf3']})
    check_eq(st, 200, 'a claimable threefold does not end the record')

    begin('strict.puzzles.notation')
    for answer in ['1.Qb8+ Nxb8 2.Rd8#', '16.Qb8+ Nxb8 17.Rd8#', '16. Qb8+ Nxb8 17. Rd8#', '1. Qb8+ Nxb8 2. Rd8#',
                   'Qb8+ Nxb8 Rd8#', '16.Qb8+ 16...Nxb8 17.Rd8#', '1.Qb8+ 1... Nxb8 2.Rd8#']:
        st, _, v = d.post('/v1/puzzles/m2-opera-game/answer', {'answer': answer})
        check_eq((st, v.get('verdict')), (200, 'solved'), repr(answer))
    st, _, v = d.post('/v1/puzzles/m2-opera-game/answer', {'answer': '16.Qb8+'})
    check_eq((st, v.get('verdict')), (200, 'correct'), 'the first move alone, numbered as in source')
    st, _, p = d.get('/v1/puzzles/m2-opera-game')
    st, _, v = d.post('/v1/puzzles/m2-opera-game/answer', {'answer': p['source']})
    check(st == 200 or v.get('error', {}).get('code') != 'missing_field', 'the source line itself reads: %r' % v)
    st, e = error(d.post('/v1/puzzles/m2-opera-game/answer', {'answer': '1.'}))
    check_eq((st, e.get('code'), e.get('field')), (400, 'invalid_field', 'answer'), 'numbers only')
    st, e = error(d.post('/v1/puzzles/m2-opera-game/answer', {'answer': 'Qb8+ Nxb8 Rd8# Kd7'}))
    check_eq((st, e.get('code'), e.get('index')), (422, 'game_over', 3), 'a move after the mate')

    begin('strict.puzzles.reasons')
    fen = p['fen']
    st, pe = error(d.post('/v1/puzzles/m2-opera-game/answer', {'moves': ['Qb8+', 'Ke7']}))
    st2, ae = error(d.post('/v1/analyze', {'fen': fen, 'moves': ['Qb8+', 'Ke7']}))
    check_eq((st, pe.get('code'), pe.get('index')), (422, 'illegal_move', 1), 'illegal reply')
    check(len(pe.get('reasons', [])) > 1, 'the puzzle error has reasons')
    check_eq([r['code'] for r in pe.get('reasons', [])], [r['code'] for r in ae.get('reasons', [])],
             'the same reasons as /v1/analyze')
    check('leaves_king_in_check' in [r['code'] for r in pe.get('reasons', [])], 'says the king would be in check')
    st, e = error(d.post('/v1/puzzles/m2-opera-game/answer', {'answer': 'Kxx'}))
    check_eq((st, e.get('code')), (422, 'invalid_move'), 'unreadable: invalid_move, as analyze')

    begin('strict.squares_uncut')
    st, _, a = d.post('/v1/lessons/sliding-pieces/steps/2/answer', {'answer': 'd1,d2'})  # step 1 teaches
    missing = [x for x in a['feedback']['explanations'] if x['code'] == 'squares_missing']
    check_eq(len(missing), 1, 'squares_missing given')
    if missing:
        check_eq(len(missing[0]['squares']), 12, 'all 12 squares, not 8: %r' % missing[0]['squares'])
        for sq in missing[0]['squares']:
            check(sq in missing[0]['text'], '%s in the text as in the list' % sq)
    st, _, dd = d.post('/v1/dead', {'fen': '4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1'})
    locked = [x for x in dd['explanations'] if x['code'] == 'cannot_mate_locked']
    check(len(locked) > 0, 'a locked wall of 16 pawns')
    for x in locked:
        check_eq(len(x['squares']), 16, 'every pawn of the wall is listed')

    begin('strict.illegal_move_ply')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'count': 2}})
    check_eq((o['result'], o['termination'], o['ply']), ('0-1', 'illegal_moves', 0), 'ply of the loss')
    st, _, o = d.post('/v1/outcome', {'moves': ['e4', 'e5'], 'illegal_move': {'offender': 'white', 'count': 2}})
    check_eq(o['ply'], 2, 'at the end of the record')
    st, _, o = d.post('/v1/outcome', {'illegal_move': {'offender': 'white', 'count': 1}})
    check_eq((o['result'], o['ply']), ('*', None), 'the game goes on: null')

    begin('strict.allow_only_on_405')
    for method, path, body in [('POST', '/v1/quizzes', {'generator': 'status', 'seed': 1, 'count': 1}),
                               ('POST', '/v1/quizzes', {'generator': 'nope', 'seed': 1}),
                               ('POST', '/v1/quizzes', {}), ('GET', '/v1/quizzes', None),
                               ('POST', '/v1/puzzles/m1-fools-mate/answer', {'answer': 'Qh4#'})]:
        st, h, _ = d.request(method, path, body)
        check('allow' not in h, '%s %s %d has no Allow: %r' % (method, path, st, h.get('allow')))
    st, h, _ = d.request('PUT', '/v1/quizzes', {})
    check_eq((st, h.get('allow')), (405, 'GET, HEAD, POST'), '405 lists every method')

    begin('strict.conflicting')
    st, e = error(d.post('/v1/puzzles/m1-fools-mate/answer', {'answer': 'e4', 'moves': ['e4']}))
    check_eq((st, e.get('code')), (400, 'conflicting_fields'), 'answer and moves')
    st, e = error(d.post('/v1/quizzes', {'generator': 'can-castle', 'seed': 1, 'count': 1,
                                         'parameters': {'difficulty': 'easy'}, 'difficulty': 'hard'}))
    check_eq((st, e.get('code'), e.get('field')), (400, 'conflicting_fields', 'difficulty'), 'a parameter twice')
    st, e = error(d.post('/v1/outcome', {'resign': 'white', 'flag': 'black'}))
    check_eq((st, e.get('code')), (400, 'conflicting_fields'), 'two events')

    begin('strict.one_explanation_shape')
    st, _, m = d.post('/v1/move', {'fen': '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1', 'move': 'Nc3'})
    core = [x for x in m['reasons'] if x['code'] == 'pinned'][0]
    st, _, a = d.post('/v1/lessons/illegal-moves/steps/2/answer', {'answer': 'Nc3'})
    lesson = [x for x in a['feedback']['explanations'] if x['code'] == 'pinned'][0]
    check_eq(lesson['params'], core['params'], 'a lesson says pinned as /v1/move does')
    check_eq(lesson['params'].get('by_color'), 'black', 'colours beside upper-case letters')
    by_lang = {}
    for lang in ['en', 'fa', 'ar']:
        st, _, g = d.post('/v1/quizzes/answer?lang=' + lang, {'id': 'can-castle:42:0', 'answer': 'kingside'})
        by_lang[lang] = g['explanations']
        for x in g['explanations']:
            check(x['rule'] is None or x['rule'].startswith('FIDE '), 'rule is FIDE or null: %r' % x['rule'])
            if x['code'] in ('castling_right_lost', 'castling_path_blocked', 'pinned'):
                check(x['params'].get('piece', 'K').isupper() and x['params'].get('by', 'R').isupper(),
                      'upper-case letters: %r' % x['params'])
    check_eq([x['params'] for x in by_lang['fa']], [x['params'] for x in by_lang['en']], 'params: fa = en')
    check_eq([x['params'] for x in by_lang['ar']], [x['params'] for x in by_lang['en']], 'params: ar = en')
    st, _, a = d.post('/v1/lessons/sliding-pieces/steps/2/answer', {'answer': 'd1,d2'})  # step 1 teaches
    for x in a['feedback']['explanations']:
        check(x['rule'] is None or x['rule'].startswith('FIDE '), 'lesson rule is FIDE or null: %r' % x['rule'])

    begin('strict.move_typed_otherwise')  # the API trial's UX row: exd5, nf3, E2E4, Pe4, ♘f3 (issue 24 §1)
    st, _, m = d.post('/v1/move', {'move': 'exd5'})
    check_eq((st, m.get('legal'), [x['code'] for x in m.get('reasons', [])]),
             (200, False, ['no_piece_can_move_there', 'nothing_to_capture', 'no_pawn_to_capture']),
             'exd5 from the start: nothing on d5, no pawn on e4')
    check_eq(m['reasons'][1].get('squares'), ['d5'], 'the empty square')
    for typed, meant, kind in (('nf3', 'Nf3', 1), ('Pe4', 'e4', 2), ('E2E4', 'e2e4', 3), ('♘f3', 'Nf3', 4)):
        for lang in ('en', 'fa', 'ar'):
            st, _, m = d.post('/v1/move?lang=' + lang, {'move': typed})
            r = (m.get('reasons') or [{}])[0]
            check_eq((st, m.get('legal'), r.get('code'), (r.get('params') or {}).get('move'),
                      (r.get('params') or {}).get('n')), (200, False, 'san_spelling', meant, kind), typed + ' ' + lang)
            check(meant in r.get('text', '') and typed in r.get('text', ''), 'the text says both: %r' % r.get('text'))
    st, _, m = d.post('/v1/move', {'move': 'nf5'})
    check_eq([x['code'] for x in m.get('reasons', [])][:2], ['san_spelling', 'no_piece_can_move_there'],
             'nf5: what was meant, then why Nf5 is not legal either')
    st, e = error(d.post('/v1/analyze', {'moves': ['e4', 'nf6']}))
    check_eq((st, e.get('code'), e.get('index'), (e.get('explanation') or {}).get('code')),
             (422, 'invalid_move', 1, 'san_spelling'),
             'a record refuses it as a move it cannot read, saying what was meant')
    begin('strict.startpos')
    st, _, a = d.post('/v1/analyze', {'fen': 'startpos', 'moves': ['e4']})
    st2, _, b = d.post('/v1/analyze', {'moves': ['e4']})
    check_eq((st, a.get('fen')), (200, b['fen']), '"startpos" is the start position, as in the CLI')
    begin('strict.chess960_hint')  # a Shredder-FEN without "variant" (issue 24 §3, trial row 20)
    shredder = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
    st, e = error(d.post('/v1/analyze', {'fen': shredder}))
    check_eq((st, e.get('code'), [x['code'] for x in e.get('reasons', [])][1:]),
             (422, 'illegal_position', ['fen_chess960_hint']), 'why, then did you mean chess960?')
    st, _, v = d.post('/v1/validate?lang=fa', {'fen': shredder})
    check_eq((v.get('valid'), v.get('problems', [{}])[0].get('code')), (False, 'fen_chess960_hint'), 'validate leads with it')
    st, _, v = d.post('/v1/validate', {'fen': shredder, 'variant': 'chess960'})
    check_eq((v.get('valid'), v.get('problems')), (True, []), 'and it is right')
    begin('strict.startpos')
    for variant in ('standard', 'chess960'):  # /v1/validate too (issue 24 §3, trial row 3)
        st, _, v = d.post('/v1/validate', {'fen': 'startpos', 'variant': variant})
        check_eq((st, v.get('valid'), v.get('fen'), v.get('problems'), v.get('warnings')),
                 (200, True, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [], []),
                 '/v1/validate reads "startpos" (%s)' % variant)
finally:
    d.stop()
finish()
