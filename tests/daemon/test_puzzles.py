#!/usr/bin/env python3
# daemon.puzzles: GET /v1/puzzles, GET /v1/puzzles/{id}, POST /v1/puzzles/{id}/answer over real
# HTTP with the bundled puzzles: every recorded key is accepted by the solver, full lines solve,
# a wrong first move is refuted, another winning line than the recorded one is accepted, errors;
# the scripted puzzles (lessons/puzzles/*.lua): each kind answered right and wrong, the wrong
# answers explained by the engine, prompts in the request's language.
import os
import shutil
import signal
import sys
import tempfile
import time

from daemon_util import Daemon, begin, check, check_eq, finish

d = Daemon(sys.argv[1], {'lessons': sys.argv[2]})
try:
    begin('puzzles.list')
    st, _, body = d.get('/v1/puzzles')
    check_eq(st, 200, 'status')
    ps = body['puzzles']
    check(len(ps) >= 50, 'at least 50 puzzles: %d' % len(ps))
    check_eq(len({p['id'] for p in ps}), len(ps), 'unique ids')
    check_eq(d.get('/v1/health')[2]['puzzles'], len(ps), 'health counts the puzzles')
    check_eq(d.metric('arbiterd_puzzles'), float(len(ps)), 'so does the gauge')
    check_eq(d.metric('arbiterd_puzzle_failures_total'), 0.0, 'every bundled line reads')
    mates = [p for p in ps if p['kind'] == 'mate']
    scripted = [p for p in ps if p['kind'] != 'mate']
    MATE_SHAPE = {'id', 'kind', 'n', 'fen', 'turn', 'source', 'variant', 'prompt', 'answer_type', 'hints'}
    for p in mates:
        check(set(p) == MATE_SHAPE, 'shape, no keys given away: %r' % sorted(p))
        check_eq(p['answer_type'], 'line', p['id'] + ' is answered by a line')
        check(('mate in %d' % p['n']) in p['prompt'], p['id'] + ' prompt names mate in n: ' + p['prompt'])
    for p in scripted:
        check(not ({'answer', 'wrong', 'keys', 'judge'} & set(p)), 'no answer given away: %r' % sorted(p))
        check(p['prompt'] and p['answer_type'] in ('move', 'line', 'choice', 'number'), p['id'] + ' prompt and answer type')
    kinds = {p['kind'] for p in scripted}
    check(len(scripted) >= 30, 'at least 30 scripted puzzles: %d' % len(scripted))
    check(len(kinds) >= 6, 'of at least six kinds: %r' % sorted(kinds))
    st, _, one = d.get('/v1/puzzles/m2-opera-game')
    check_eq(one['n'], 2, 'one puzzle')
    st, _, _ = d.get('/v1/puzzles/nope')
    check_eq(st, 404, 'unknown puzzle')

    begin('puzzles.keys_accepted')
    keys = {}
    for line in open(sys.argv[2] + '/puzzles/puzzles.txt', encoding='utf-8'):
        line = line.strip()
        if line and not line.startswith('#'):
            f = [x.strip() for x in line.split('|')]
            keys[f[0]] = f[3].split()
    for p in mates:
        for k in keys[p['id']]:
            st, _, a = d.post('/v1/puzzles/%s/answer' % p['id'], {'answer': k})
            check_eq(st, 200, p['id'] + ' ' + k)
            check_eq(a.get('correct'), True, '%s: key %s accepted' % (p['id'], k))
            if p['n'] == 1:
                check_eq(a.get('verdict'), 'solved', p['id'] + ' mate in one solves')
            else:
                check_eq(a.get('verdict'), 'correct', p['id'] + ' correct so far')
                check(a.get('reply'), p['id'] + ' the defence is named')

    begin('puzzles.lines')
    st, _, a = d.post('/v1/puzzles/m2-opera-game/answer', {'moves': ['Qb8+', 'Nxb8', 'Rd8#']})
    check_eq((a['correct'], a['solved'], a['verdict']), (True, True, 'solved'), 'full line')
    check_eq(a['explanations'][0]['code'], 'mate_found', 'mate_found')
    st, _, a = d.post('/v1/puzzles/m2-opera-game/answer', {'answer': '1. Qb8+ Nxb8 2. Rd8#'})
    check_eq(a['verdict'], 'solved', 'line as text with move numbers')
    st, _, a = d.post('/v1/puzzles/m2-opera-game/answer', {'answer': 'Qb7'})
    check_eq((a['correct'], a['verdict']), (False, 'wrong'), 'wrong key')
    check_eq(a['explanations'][0]['code'], 'not_mate_in_n', 'explained by the solver')
    check(a.get('refutation'), 'a refutation is named')
    check_eq(a.get('expected'), 'Qb8+', 'the recorded key')
    st, _, a = d.post('/v1/puzzles/m2-opera-game/answer?lang=fa', {'answer': 'Qb7'})
    check(a['explanations'][0]['text'] and 'Qb7' in a['explanations'][0]['text'], 'Persian explanation')
    # an answer is quoted back as it was typed, not as the runtime read it (Persian review F16)
    st, _, a = d.post('/v1/puzzles/illegal-01-pinned-knight/answer?lang=fa', {'answer': '۹'})
    texts = [e['text'] for e in a.get('explanations', [])]
    check(st == 200 and any(t.startswith('«۹» جزو گزینه‌ها نیست') for t in texts), 'typed answer quoted as typed: %s' % texts)
    # A line continued with the defence the solver names is still correct so far.
    for p in mates:
        if p['n'] >= 2:
            st, _, a = d.post('/v1/puzzles/%s/answer' % p['id'], {'answer': keys[p['id']][0]})
            if a.get('reply'):
                st, _, b = d.post('/v1/puzzles/%s/answer' % p['id'], {'moves': [keys[p['id']][0], a['reply']]})
                check_eq(b.get('verdict'), 'correct', p['id'] + ' key + best defence is still correct')
                break

    begin('puzzles.errors')
    for body, status, code in [({}, 400, 'missing_field'), ({'answer': 5}, 400, 'invalid_field'),
                               ({'moves': 'Qb8+'}, 400, 'invalid_field'), ({'answer': 'Ke2'}, 422, 'illegal_move'),
                               ({'moves': ['Qb8+', 'Nxb8', 'Rd8#', 'Kd7', 'a3']}, 400, 'too_many_moves'),
                               ({'answer': '   '}, 400, 'invalid_field'),
                               ({'answer': 'e4', 'moves': ['e4']}, 400, 'conflicting_fields'),
                               ({'answer': 'Kxx'}, 422, 'invalid_move'),
                               ({'answr': 'Qb8+'}, 400, 'unknown_field')]:
        st, _, e = d.post('/v1/puzzles/m2-opera-game/answer', body)
        check_eq(st, status, 'status for %r' % body)
        check_eq(e.get('error', {}).get('code'), code, 'code for %r' % body)
    # an empty line is refused as an empty answer is (trial row 15: {"moves": []} was "correct so far")
    st, _, e = d.post('/v1/puzzles/m2-opera-game/answer', {'moves': []})
    check_eq((st, e.get('error', {}).get('code'), e.get('error', {}).get('field')), (400, 'invalid_field', 'moves'),
             'an empty list of moves')
    # A line that goes on past the mate is a record that ends (docs/api.md "Records that end").
    st, _, e = d.post('/v1/puzzles/m2-opera-game/answer', {'moves': ['Qb8+', 'Nxb8', 'Rd8#', 'Ke7']})
    e = e.get('error', {})
    check_eq((st, e.get('code'), e.get('field'), e.get('index'), e.get('ply')), (422, 'game_over', 'moves', 3, 3),
             'a move after the mate')
    check_eq([r['code'] for r in e.get('reasons', [])][:2], ['move_after_end', 'checkmate'], 'why: the mate')
    st, _, e = d.post('/v1/puzzles/nope/answer', {'answer': 'e4'})
    check_eq(st, 404, 'unknown puzzle answer')

    # Move numbers are read, not skipped (trial row 29): one that names the other side, or that is
    # neither the game's number nor the line's own, is refused, naming the move.
    begin('puzzles.move_numbers')
    for pid, answer, verdict in [('m2-opera-game', '16.Qb8+ Nxb8 17.Rd8#', 'solved'),
                                 ('m2-opera-game', '16. Qb8+ 16... Nxb8 17. Rd8#', 'solved'),
                                 ('m2-opera-game', '1.Qb8+ 1...Nxb8 2.Rd8#', 'solved'),
                                 ('m1-fools-mate', '2...Qh4#', 'solved'),
                                 ('m1-fools-mate', '1...Qh4#', 'solved'),
                                 ('m1-fools-mate', '2…Qh4#', 'solved')]:
        st, _, a = d.post('/v1/puzzles/%s/answer' % pid, {'answer': answer})
        check_eq((st, a.get('verdict')), (200, verdict), '%s %r' % (pid, answer))
    for pid, answer, index, says in [('m1-fools-mate', '2.Qh4#', 0, "'2.' numbers a White move, but Qh4# is Black's"),
                                     ('m2-opera-game', '1...Qb8+', 0, "'1...' numbers a Black move, but Qb8+ is White's"),
                                     ('m2-opera-game', '16.Qb8+ 17.Nxb8', 1, "'17.' numbers a White move"),
                                     ('m2-opera-game', '16.Qb8+ Nxb8 18.Rd8#', 2, "'18.' is not the number of Rd8#"),
                                     ('m1-fools-mate', '3...Qh4#', 0, "'3...' is not the number of Qh4#")]:
        st, _, e = d.post('/v1/puzzles/%s/answer' % pid, {'answer': answer})
        e = e.get('error', {})
        check_eq((st, e.get('code'), e.get('field'), e.get('index')), (400, 'invalid_field', 'answer', index),
                 '%s %r refused' % (pid, answer))
        check(says in (e.get('detail') or ''), '%r: the detail says %r (%r)' % (answer, says, e.get('detail')))
    st, h, _ = d.request('GET', '/v1/puzzles/m2-opera-game/answer')
    check_eq(st, 405, 'GET on answer')

    # Scripted puzzles: (id, right answer, wrong answer, a code the wrong answer's explanations carry)
    begin('puzzles.scripted')
    by_id = {p['id']: p for p in scripted}
    CASES = [
        ('only-move-03-en-passant', {'answer': 'exd6'}, {'answer': 'Kf4'}, 'leaves_king_in_check'),
        ('count-01-start', {'answer': '20'}, {'answer': '16'}, 'legal_moves_count'),
        ('illegal-02-castle-in-check', {'answer': 'a'}, {'answer': 'b'}, 'move_is_legal'),
        ('retro-01-discovered-double-check', {'answer': 'e5e8'}, {'answer': 'c1b2'}, 'retro_before_illegal'),
        ('helpmate-01-fools-mate', {'moves': ['f3', 'e5', 'g4', 'Qh4#']}, {'answer': 'f3 e5 g4'}, 'helpmate_length'),
        ('stalemate-01-queen-corner', {'answer': 'Qb7#'}, {'answer': 'Qb6'}, 'stalemate'),
        ('chess960-03-through-attack', {'answer': 'O-O-O'}, {'answer': 'O-O'}, 'castling_through_attack'),
    ]
    for pid, right, wrong, code in CASES:
        check(pid in by_id, pid + ' is served')
        st, _, a = d.post('/v1/puzzles/%s/answer' % pid, right)
        check_eq(st, 200, pid + ' right answer status')
        check_eq((a.get('kind'), a.get('correct'), a.get('verdict')), (by_id.get(pid, {}).get('kind'), True, 'solved'),
                 pid + ' right answer accepted')
        check(a.get('feedback'), pid + ' success text')
        st, _, a = d.post('/v1/puzzles/%s/answer' % pid, wrong)
        check_eq((st, a.get('correct')), (200, False), pid + ' wrong answer refused')
        codes = [e['code'] for e in a.get('explanations', [])]
        check(code in codes, '%s: wrong answer explained by %s: %r' % (pid, code, codes))
        check(a.get('feedback') == a['explanations'][0]['text'], pid + ' feedback is the first explanation')
    # the prompt and the explanations follow the request's language
    st, _, fa = d.get('/v1/puzzles/count-01-start?lang=fa')
    st, _, ar = d.get('/v1/puzzles/count-01-start?lang=ar')
    st, _, en = d.get('/v1/puzzles/count-01-start')
    check(len({fa['prompt'], ar['prompt'], en['prompt']}) == 3, 'three prompts')
    check('حرکت' in fa['prompt'] and 'نقلة' in ar['prompt'], 'Persian and Arabic prompts')
    st, _, a = d.post('/v1/puzzles/count-01-start/answer?lang=fa', {'answer': '۲۰'})
    check_eq(a.get('correct'), True, 'a number in Persian digits')

    # every puzzle's source in the request's language (Persian and Arabic review F15, M15): no
    # English prose outside the isolated moves, the moves isolated, the same puzzles in each
    begin('puzzles.source_in_language')
    import re
    en_list = {p['id']: p['source'] for p in d.get('/v1/puzzles')[2]['puzzles']}
    for lang, letters in (('fa', 'ساخته‌شده'), ('ar', 'وُضع')):
        served = d.get('/v1/puzzles?lang=' + lang)[2]['puzzles']
        check_eq({p['id'] for p in served}, set(en_list), lang + ': the same puzzles')
        for p in served:
            prose = re.sub('\u2066[^\u2069]*\u2069', ' ', p['source'])
            word = re.search(r'[A-Za-z]{2,}', prose)
            check(p['source'] and not word, '%s %s: English in the source (%s): %s' %
                  (lang, p['id'], word and word.group(0), p['source']))
        by = {p['id']: p['source'] for p in served}
        check(by['m1-back-rank'].startswith(letters) and by['count-01-start'].startswith(letters),
              lang + ': constructed puzzles say so: %s / %s' % (by['m1-back-rank'], by['count-01-start']))
        check('\u2066' in by['m2-opera-game'] and ('Qb8+' in by['m2-opera-game']), lang + ': moves isolated: ' +
              by['m2-opera-game'])
    check('1858' in en_list['m2-opera-game'] and 'constructed for Arbiter' == en_list['count-01-start'],
          'English stays English: ' + en_list['m2-opera-game'])
    check('۱۸۵۸' in d.get('/v1/puzzles/m2-opera-game?lang=fa')[2]['source'], 'fa: the year in Persian digits')
    # counted and ordered moves agree with their noun (one move in words, Arabic dual, ordinals)
    st, _, a = d.post('/v1/puzzles/helpmate-01-fools-mate/answer?lang=fa', {'answer': 'f3'})
    check('کمک‌مات در دو حرکت' in a['feedback'] and 'پاسخ شما یک نیم‌حرکت دارد' in a['feedback'], 'fa: ' + a['feedback'])
    st, _, a = d.post('/v1/puzzles/helpmate-01-fools-mate/answer?lang=ar', {'answer': 'f3'})
    check('في نقلتين' in a['feedback'] and 'من 4 أنصاف نقلات' in a['feedback'] and 'نصف نقلة واحد' in a['feedback'],
          'ar: ' + a['feedback'])
    st, _, a = d.post('/v1/puzzles/helpmate-01-fools-mate/answer?lang=ar', {'answer': 'f3 e5 g4 Qh4# Kf2'})
    check('بعد النقلة الرابعة' in a['feedback'], 'ar ordinal: ' + a['feedback'])
    st, _, a = d.post('/v1/puzzles/helpmate-03-smothered/answer?lang=fa', {'answer': 'a3'})
    check(a['feedback'].startswith('نخستین حرکت'), 'fa ordinal: ' + a['feedback'])
    st, _, a = d.post('/v1/puzzles/illegal-02-castle-in-check/answer', {'answer': 'zz'})
    check_eq(a['explanations'][0]['code'], 'unknown_choice', 'not a choice')
    ch = by_id['illegal-02-castle-in-check']
    check(len(ch.get('choices', [])) >= 3 and ch['answer_type'] == 'choice', 'choices listed')
    # errors are the mate puzzles' ones
    for body, status, code in [({}, 400, 'missing_field'), ({'answer': 5}, 400, 'invalid_field'),
                               ({'answer': 'x' * 300}, 400, 'invalid_field'),
                               ({'answer': 'e4', 'moves': ['e4']}, 400, 'conflicting_fields'),
                               ({'answr': '20'}, 400, 'unknown_field')]:
        st, _, e = d.post('/v1/puzzles/count-01-start/answer', body)
        check_eq((st, e.get('error', {}).get('code')), (status, code), 'scripted: %r' % (body,))
finally:
    d.stop()

# A reload: a puzzle script that now fails keeps its last good version; a deleted one goes away.
begin('puzzles.reload_keeps_last_good')
tmp = tempfile.mkdtemp()
try:
    os.makedirs(os.path.join(tmp, 'puzzles'))
    for name in ('count-01-start.lua', 'only-move-02-block.lua'):
        shutil.copy(os.path.join(sys.argv[2], 'puzzles', name), os.path.join(tmp, 'puzzles'))
    d = Daemon(sys.argv[1], {'lessons': tmp})
    try:
        ids = sorted(p['id'] for p in d.get('/v1/puzzles')[2]['puzzles'])
        check_eq(ids, ['count-01-start', 'only-move-02-block'], 'both served')

        def reload():
            gen = d.get('/v1/health')[2]['lessons_generation']
            d.signal(signal.SIGHUP)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and d.get('/v1/health')[2]['lessons_generation'] == gen:
                time.sleep(0.05)
        with open(os.path.join(tmp, 'puzzles', 'count-01-start.lua'), 'a', encoding='utf-8') as f:
            f.write('this is not Lua\n')
        os.remove(os.path.join(tmp, 'puzzles', 'only-move-02-block.lua'))
        reload()
        ids = sorted(p['id'] for p in d.get('/v1/puzzles')[2]['puzzles'])
        check_eq(ids, ['count-01-start'], 'the failing file is still served, the deleted one is gone')
        st, _, a = d.post('/v1/puzzles/count-01-start/answer', {'answer': '20'})
        check_eq((st, a.get('correct')), (200, True), 'and still answers')
    finally:
        d.stop()
finally:
    shutil.rmtree(tmp)
finish()
