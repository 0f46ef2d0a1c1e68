-- The `arbiter` module, case by case: test_binding.c runs each case in a fresh locked sandbox in its
-- language; a case asserts the engine's answers (exact FENs, squares, counts, codes) and returns "ok".
-- A case is {name, language, function}.

return {
  { "binding.position.start", "en", function()
    local p = arbiter.start()
    assert(p:fen() == 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    assert(p:turn() == 'white' and p:variant() == 'standard')
    assert(#p:legal_moves() == 20 and p:legal_count() == 20)
    assert(p:piece_at('e1') == 'K' and p:piece_at('d8') == 'q' and p:piece_at('e4') == nil)
    assert(p:pieces().g1 == 'N')
    assert(p:king('black') == 'e8')
    assert(p:castling_rook('white', 'queenside') == 'a1')
    assert(p:status() == 'ongoing' and not p:in_check() and #p:checkers() == 0)
    assert(p:perft(3) == 8902)
    assert(#p:key() == 16 and p:key() == arbiter.position():key())
    assert(tostring(p) == p:fen() and p == arbiter.position())
    return 'ok'
  end },
  { "binding.position.immutable_play", "en", function()
    local p = arbiter.start()
    local q = p:play('e4')
    assert(p:piece_at('e2') == 'P' and q:piece_at('e4') == 'P')
    assert(q:fen() == 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')
    assert(q:turn() == 'black')
    local r = q:play('e7e5'):play({uci = 'g1f3'})
    assert(r:piece_at('f3') == 'N' and r:fullmove_number() == 2 and r:halfmove_clock() == 1)
    return 'ok'
  end },
  { "binding.position.bad_fen", "en", function()
    local p, why = arbiter.position('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1')
    assert(p == nil and why.code == 'fen_bad_piece' and why.params.found == 'X')
    assert(why.text:find('Unknown piece letter', 1, true))
    local v, problems = arbiter.validate('4k3/8/8/8/8/8/8/K3K3 w - - 0 1')
    assert(v == false and problems[1].code == 'too_many_kings' and problems[1].rule == 'FIDE 3.10.3')
    assert(problems[1].params.n == 2 and problems[1].params.piece == 'K')
    assert(arbiter.validate('4k3/8/8/8/8/8/8/4K3 w - - 0 1') == true)
    local big = arbiter.position(('8/'):rep(200))
    assert(big == nil)
    assert(not pcall(arbiter.position, {}))
    return 'ok'
  end },
  { "binding.moves", "en", function()
    local p = arbiter.position('r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1')
    local kinds = {}
    for _, m in ipairs(p:legal_moves()) do kinds[m.san] = m end
    assert(kinds['exd6'].kind == 'en_passant' and kinds['exd6'].captured == 'P')
    assert(kinds['O-O'].castle == 'kingside' and kinds['O-O'].uci == 'e1g1')
    assert(kinds['O-O-O'].castle == 'queenside' and kinds['O-O-O'].piece == 'K')
    assert(kinds['Rxa8+'].captured == 'R' and kinds['Rxa8+'].from == 'a1' and kinds['Rxa8+'].to == 'a8')
    local m = arbiter.position('8/4P3/8/8/8/8/k7/4K3 w - - 0 1'):parse('e8=N')
    assert(m.kind == 'promotion' and m.promotion == 'N' and m.uci == 'e7e8n')
    local none, why = p:parse('Qd4')
    assert(none == nil and why.code == 'no_piece_can_move_there')
    local _, why2 = p:play('e1e3')
    assert(why2.code == 'illegal_move')
    local _, why3 = p:parse('e9e4')
    assert(why3.code == 'uci_malformed' or why3.code == 'san_malformed')
    return 'ok'
  end },
  { "binding.check_mate_stalemate", "en", function()
    local p = arbiter.position('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1')
    assert(p:in_check() and p:checkers()[1] == 'a8' and p:status() == 'checkmate')
    assert(arbiter.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'):status() == 'stalemate')
    local q = arbiter.position('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1')
    assert(q:pinned('white')[1] == 'e2')
    local a = q:attackers('e2', 'black')
    assert(#a == 1 and a[1] == 'e7')
    return 'ok'
  end },
  { "binding.chess960", "en", function()
    assert(arbiter.chess960(518):fen() == arbiter.start():fen())
    local p = arbiter.chess960(0)
    assert(p:fen():sub(1, 8) == 'bbqnnrkr' and p:variant() == 'chess960')
    assert(not pcall(arbiter.chess960, 960) and not pcall(arbiter.chess960, -1))
    local c = arbiter.position('4k3/8/8/8/8/8/8/1R4KR w KQ - 0 1', 'chess960')
    local m = c:parse('O-O')
    assert(m.uci == 'g1h1' and m.castle == 'kingside')
    local after = c:play('O-O')
    assert(after:piece_at('g1') == 'K' and after:piece_at('f1') == 'R')
    return 'ok'
  end },
  { "binding.game", "en", function()
    local g = arbiter.game(nil, {'e4', 'e5', 'Nf3'})
    assert(g:length() == 3 and g:position():turn() == 'black')
    assert(g:position(0):fen() == arbiter.start():fen())
    local ms = g:moves()
    assert(ms[3].san == 'Nf3' and ms[1].uci == 'e2e4')
    local g2 = g:play('Nc6')
    assert(g2:length() == 4 and g:length() == 3)
    local bad, why, idx = arbiter.game(nil, {'e4', 'e4'})
    assert(bad == nil and idx == 2 and why.code == 'no_piece_can_move_there')
    local nope, why4 = g:play('Ke2')
    assert(nope == nil and why4.code == 'no_piece_can_move_there')
    return 'ok'
  end },
  { "binding.game.ends_at_automatic_ending", "en", function()
    local over, why, idx = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#', 'Kf2'})
    assert(over == nil and idx == 5 and why.code == 'move_after_end', why and why.code)
    assert(why.params.move == 'Kf2' and why.params.n == 4)
    local mated = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#'})
    local none, why2 = mated:play('a3')
    assert(none == nil and why2.code == 'move_after_end')
    local shuffle = {}
    for i = 1, 4 do for _, m in ipairs({'Nf3', 'Nf6', 'Ng1', 'Ng8'}) do shuffle[#shuffle + 1] = m end end
    local five = arbiter.game(nil, shuffle)
    assert(five and five:length() == 16)
    assert(five:play('e4') == nil, 'no move after fivefold')
    local bare = arbiter.game('4k3/8/8/8/8/8/8/4K3 w - - 0 1')
    assert(bare:play('Kd1') == nil, 'a dead start position ends the record at once')
    local tail, why3, i3 = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#', 'a3', 'a6'})
    assert(tail == nil and i3 == 5 and why3.params.n == 4 and why3.params.move == 'a3')
    local bad, why4, i4 = arbiter.game(nil, {'e4', {uci = 'e7e5'}, 'Ke3'})
    assert(bad == nil and i4 == 3 and why4.code ~= 'move_after_end', why4 and why4.code)
    local kk = arbiter.random_game(arbiter.random(7), 20, arbiter.position('4k3/8/8/8/8/8/8/4K3 w - - 0 1'))
    assert(kk:length() == 0, 'random_game stops at the ending: ' .. kk:length())
    return 'ok'
  end },
  { "binding.random", "en", function()
    local a, b, c = arbiter.random(42), arbiter.random(42), arbiter.random(43)
    local same, differ = true, false
    for i = 1, 100 do
      local x, y, z = a:int(1, 6), b:int(1, 6), c:int(1, 6)
      assert(x >= 1 and x <= 6)
      same = same and x == y; differ = differ or x ~= z
    end
    assert(same and differ)
    local f = a:float() assert(f >= 0 and f < 1)
    assert(arbiter.random(1):int(0, 1000000) == arbiter.random(1):int(0, 1000000))
    assert(not pcall(a.int, a, 5, 1))
    return 'ok'
  end },
  { "binding.explanations_in_language", "fa", function()
    assert(arbiter.lang() == 'fa')
    local _, why = arbiter.start():parse('Qd4')
    assert(why.code == 'no_piece_can_move_there' and why.rule == 'FIDE 3.10.1')
    assert(why.text:find('\u{2066}', 1, true))
    local _, problems = arbiter.validate('4k3/8/8/8/8/8/8/P3K3 w - - 0 1')
    assert(problems[1].code == 'pawn_on_back_rank' and problems[1].squares[1] == 'a1')
    return 'ok'
  end },
  { "binding.type_errors", "en", function()
    assert(not pcall(arbiter.start().play))
    assert(not pcall(arbiter.start().piece_at, arbiter.start(), 'z9'))
    assert(not pcall(arbiter.start().attackers, arbiter.start(), 'e4', 'green'))
    assert(not pcall(arbiter.start().perft, arbiter.start(), 4))
    assert(getmetatable(arbiter.start()) == 'arbiter.position')
    assert(not pcall(setmetatable, arbiter.start(), {}))
    return 'ok'
  end },
  { "binding.rules.status", "en", function()
    assert(arbiter.position('8/8/4k3/8/8/3KB3/8/8 w - - 0 1'):status() == 'insufficient_material')
    assert(arbiter.position('8/8/4k3/8/8/3KB3/8/8 w - - 0 1'):insufficient_material())
    assert(not arbiter.position('8/8/4k3/8/8/3KN1N1/8/8 w - - 0 1'):insufficient_material())
    assert(arbiter.position('8/8/4k3/8/8/3K4/8/7R w - - 150 90'):status() == 'seventyfive_moves')
    local p = arbiter.position('8/8/4k3/8/8/3QK3/8/8 w - - 0 1')
    assert(p:can_mate('white') and not p:can_mate('black'))
    return 'ok'
  end },
  { "binding.rules.repetition", "en", function()
    local g = arbiter.game(nil, {'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'})
    local occ = g:occurrences()
    assert(#occ == 3 and occ[1] == 0 and occ[2] == 4 and occ[3] == 8)
    assert(#g:occurrences(6) == 2 and g:occurrences(2)[1] == 2)
    local c = g:claim('threefold')
    assert(c.claim_made and c.claim_valid and c.result == '1/2-1/2' and c.termination == 'threefold_claim')
    assert(#c.explanations >= 1 and c.explanations[1].rule:find('9.2', 1, true))
    local early = arbiter.game(nil, {'Nf3', 'Nf6'}):claim('threefold')
    assert(early.claim_made and not early.claim_valid and early.result == '*')
    assert(g:status() == 'ongoing')
    local _, why = g:claim('threefold', 'Ke2')
    assert(why.code == 'no_piece_can_move_there')
    assert(not pcall(g.claim, g, 'fourfold'))
    return 'ok'
  end },
  { "binding.rules.outcome", "en", function()
    local g = arbiter.game('8/8/4k3/8/8/3QK3/8/8 w - - 0 1')
    local o = g:outcome({flag = 'white'})
    assert(o.result == '1/2-1/2' and o.termination == 'time_forfeit_draw')
    assert(g:outcome({flag = 'black'}).result == '1-0')
    -- 5.1.2 (2023): Black has a bare king, so White resigning is a draw; Black resigning loses
    local r = g:outcome({resign = 'white'})
    assert(r.result == '1/2-1/2' and r.explanations[1].code == 'resignation_draw')
    -- the proof cites the verdict it supports: 5.1.2 under a resignation, 6.9 under a flag fall (L22)
    assert(r.explanations[2].code == 'cannot_mate_bare_king' and r.explanations[2].rule == 'FIDE 5.1.2')
    assert(o.explanations[2].code == 'cannot_mate_bare_king' and o.explanations[2].rule == 'FIDE 6.9')
    assert(g:outcome({resign = 'black'}).result == '1-0')
    -- a wrong claim costs one minute in blitz (App. A.3), two by default
    local w = arbiter.game(nil, {'Nf3'})
    local function penalty(o) for _, e in ipairs(o.explanations) do
      if e.code:find('^claim_penalty_time') then return e.code, e.params.n end end end
    local c1, n1 = penalty(w:outcome({claim = 'threefold', time_control = 'blitz'}))
    assert(c1 == 'claim_penalty_time_rapid' and tonumber(n1) == 1)
    local c2, n2 = penalty(w:outcome({claim = 'threefold'}))
    assert(c2 == 'claim_penalty_time' and tonumber(n2) == 2)
    assert(not pcall(w.outcome, w, {claim = 'threefold', time_control = 'bullet'}))
    assert(g:outcome().result == '*')
    assert(not pcall(g.outcome, g, {flag = 'white', resign = 'black'}))
    local mate = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#'}):outcome()
    assert(mate.result == '0-1' and mate.termination == 'checkmate')
    return 'ok'
  end },
  { "binding.rules.touch_and_penalty", "en", function()
    local t = arbiter.start():touch({'g1'})
    assert(not t.any and #t.moves == 2 and t.explanations[1].code == 'touch_move_piece')
    local u = arbiter.position('4k3/8/8/8/1b6/P7/8/7K w - - 0 1'):touch({'b4'})
    assert(#u.moves == 1 and u.moves[1].san == 'axb4')
    assert(not pcall(arbiter.start().touch, arbiter.start(), {'z9'}))
    local p = arbiter.position('3qk3/8/8/8/8/8/8/4K3 w - - 0 1')
    local o, extra = arbiter.illegal_move_penalty(p, 'white', 1)
    assert(o.result == '*' and extra == 120)
    local o2 = arbiter.illegal_move_penalty(p, 'white', 2)
    assert(o2.result == '0-1' and o2.termination == 'illegal_moves')
    local _, blitz = arbiter.illegal_move_penalty(p, 'white', 1, 'blitz')
    assert(blitz == 60)
    return 'ok'
  end },
  { "binding.explain.moves", "en", function()
    local p = arbiter.position('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1')
    local m, why = arbiter.explain(p, 'Nc3')
    assert(m == nil and why[1].code == 'pinned' and why[2].code == 'illegal_move')
    assert(why[1].squares[1] == 'e2' and why[1].params.by == 'r' and why[1].rule == 'FIDE 3.9')
    local m2, none = p:explain('Kd2')
    assert(m2.uci == 'e1d2' and #none == 0)
    local u = p:explain_move('e2', 'c3')
    assert(#u == 1 and u[1].code == 'pinned')
    assert(#p:explain_move('e1', 'd1') == 0)
    local bad = arbiter.explain_move(p, 'e1', 'e3')
    assert(bad[1].code == 'wrong_pattern')
    assert(not pcall(p.explain_move, p, 'e2', 'c3', 'X'))
    assert(not pcall(p.explain_move, p, 'z2', 'c3'))
    local _, mal = p:explain('Nz9')
    assert(mal[1].code == 'san_malformed')
    -- with the game: en passant too late names the move
    local g = arbiter.game('4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1', {'d5', 'Kd2', 'Kd7'})
    local late = g:position():explain_move('e5', 'd6', nil, g)
    local codes = {}
    for _, e in ipairs(late) do codes[e.code] = e end
    assert(codes.en_passant_unavailable and codes.en_passant_too_late)
    assert(codes.en_passant_too_late.params.move == 'd5')
    return 'ok'
  end },
  -- arbiter.render: the engine's template renderer for lesson and quiz texts
  { "binding.render.plural_and_digits", "fa", function()
    local t = { en = 'White has {n, plural, one {one move} other {# moves}}.', fa = 'سفید {n} حرکت دارد.',
                ar = 'لدى الأبيض {n, plural, one {نقلة واحدة} two {نقلتان} few {# نقلات} other {# نقلة}}.' }
    assert(arbiter.render(t, { n = 33 }) == 'سفید ۳۳ حرکت دارد.', arbiter.render(t, { n = 33 }))
    assert(arbiter.digits() == 'native')
    arbiter.set_digits('latin')
    assert(arbiter.digits() == 'latin' and arbiter.render(t, { n = 33 }) == 'سفید 33 حرکت دارد.')
    arbiter.set_digits('default')
    assert(arbiter.render('{8}') == '۸' and arbiter.plural(0) == 'one' and arbiter.plural(2) == 'other')
    assert(not pcall(arbiter.set_digits, 'roman'))
    return 'ok'
  end },
  { "binding.render.arabic_forms", "ar", function()
    local t = { en = '', ar = 'لدى الأبيض {n, plural, one {نقلة واحدة} two {نقلتان} few {# نقلات} other {# نقلة}}.' }
    assert(arbiter.render(t, { n = 2 }) == 'لدى الأبيض نقلتان.')
    assert(arbiter.render(t, { n = 3 }) == 'لدى الأبيض 3 نقلات.')
    assert(arbiter.plural(11) == 'many' and arbiter.plural(100) == 'other')
    local side = { word = 'color.black', en = 'Black', fa = 'سیاه', ar = 'الأسود' }
    assert(arbiter.render('يجوز {side.li} التبييت، والدور على {side}', { side = side }) ==
           'يجوز للأسود التبييت، والدور على الأسود')
    assert(arbiter.render('{sq} {list}', { sq = 'e4', list = { 'b1', 'c2', 'f3' } }) ==
           '\u{2066}e4\u{2069} \u{2066}b1\u{2069} و\u{2066}c2\u{2069} و\u{2066}f3\u{2069}')
    assert(arbiter.render('{c}', { c = { quoted = true, 'الأبيض يفوز', 'e4' } }) ==
           '«الأبيض يفوز» و«\u{2066}e4\u{2069}»', 'choice labels quoted, a Latin one isolated')
    assert(arbiter.render('{unknown} {n}', { n = 1 }) == '{unknown} 1')
    assert(not pcall(arbiter.render, 42))
    return 'ok'
  end },
  { "binding.render.english_player_names", "en", function()
    local side = { word = 'color.white', en = 'White' }
    assert(arbiter.render('{side} to move; the {side.x} king', { side = side }) == 'White to move; the white king')
    assert(arbiter.render('{n, plural, one {# time} other {# times}}', { n = 1 }) == '1 time')
    return 'ok'
  end },
  { "binding.explain.castling", "fa", function()
    local p = arbiter.position('4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1')
    local ok, why = arbiter.castling(p, 'white', 'kingside')
    assert(ok == false and #why == 1 and why[1].code == 'castling_through_attack')
    assert(why[1].permanent == false and why[1].squares[1] == 'f1')
    assert(why[1].text:find('f1', 1, true) and not why[1].text:find('castle', 1, true))
    assert(p:castling('white', 'queenside') == true)
    local g = arbiter.game('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', {'Ke2', 'Ke7', 'Ke1', 'Ke8'})
    local ok2, lost = g:position():castling('white', 'kingside', g)
    assert(not ok2 and lost[1].code == 'castling_king_moved' and lost[1].permanent == true)
    assert(lost[1].params.move == 'Ke2')
    local _, blocked = arbiter.position('r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1'):castling('white', 'queenside')
    assert(blocked[1].code == 'castling_path_blocked' and blocked[1].squares[1] == 'b1')
    assert(not pcall(p.castling, p, 'white', 'middle'))
    return 'ok'
  end },
  { "binding.explain.status", "ar", function()
    local mate = arbiter.position('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1')
    assert(mate:state() == 'checkmate')
    local st, why = mate:explain_status()
    assert(st == 'checkmate' and why[1].code == 'checkmate' and why[2].code == 'check')
    assert(why[2].squares[1] == 'a8' or why[2].squares[2] == 'a8')
    local st2, why2 = arbiter.explain_status(arbiter.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))
    assert(st2 == 'stalemate' and why2[1].code == 'stalemate' and #why2 == 4)
    assert(arbiter.state(arbiter.start()) == 'ongoing' and #select(2, arbiter.start():explain_status()) == 0)
    local st3, why3 = arbiter.position('R5k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1'):explain_status()
    assert(st3 == 'check' and #why3 == 1 and why3[1].code == 'check')
    return 'ok'
  end },
  { "binding.explain.validate_all", "en", function()
    local v, problems = arbiter.validate('4k3/8/8/8/8/8/8/P3K2K w Q - 0 1')
    local codes = {}
    for _, e in ipairs(problems) do codes[e.code] = true end
    assert(not v and codes.too_many_kings and codes.pawn_on_back_rank)
    local _, syntax = arbiter.validate('4k3/8/8/8/8/8/8/4K3 x - - 0 1')
    assert(syntax[1].code:find('^fen_') and #syntax == 1)
    assert(arbiter.validate('4k3/8/8/8/8/8/8/4K3 w - - 0 1') == true)
    return 'ok'
  end },
  -- arbiter.annotate: a game's rule events ply by ply and the result the Laws give (docs/games.md)
  { "binding.annotate.dead_draw_ply", "en", function()
    local g = assert(arbiter.game('4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/3n4/4K3 w - - 0 1', {'Kxd2'}))
    local a = arbiter.annotate(g)
    assert(a.result == '1/2-1/2' and a.termination == 'dead_position' and a.end_ply == 1 and a.basis == 'board')
    local dead
    for _, e in ipairs(a.events) do if e.code == 'dead_position' then dead = e end end
    assert(dead and dead.ply == 1 and #dead.explanations >= 2 and dead.rule == 'FIDE 5.2.2')
    assert(a.mis_scored == false and a.flagged == nil)
    return 'ok'
  end },
  { "binding.annotate.claim_and_tags", "fa", function()
    local s = assert(arbiter.game(nil, {'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8', 'e4'}))
    local t = arbiter.annotate(s, {result = '0-1'})
    assert(t.events[1].code == 'threefold_available' and t.events[1].ply == 8 and t.events[1].params.m == 1)
    assert(t.events[1].explanations[1].code == 'threefold_with_move' and t.events[1].text:find('سومین'))
    assert(t.events[2].code == 'resignation' and t.result == '0-1' and t.basis == 'event')
    local k = assert(arbiter.game('8/8/4k3/8/8/2K5/8/7q w - - 0 60'))
    local f = arbiter.annotate(k, {result = '1-0', termination = 'Time forfeit'})
    assert(f.result == '1/2-1/2' and f.mis_scored == true and f.flagged == 'black')
    assert(f.events[1].code == 'time_forfeit_draw' and f.events[2].code == 'result_tag_mismatch')
    assert(arbiter.annotate(k).result == '*')
    assert(not pcall(arbiter.annotate, k, {result = 'win'}))
    assert(not pcall(arbiter.annotate, arbiter.start()))
    return 'ok'
  end },
  -- arbiter.dead / arbiter.unwinnable: the data of POST /v1/dead (FIDE 5.2.2, 6.9)
  { "binding.dead.alive_with_witness", "en", function()
    local p = arbiter.position('8/8/8/4k3/8/8/8/4K2Q w - - 0 1')
    local d = arbiter.dead(p)
    assert(d.decided == true and d.dead == false)
    assert(d.unwinnable.white == false and d.unwinnable.black == true)
    assert(d.explanations[1].code == 'alive_position' and d.witness.black == nil)
    local q = p
    for _, m in ipairs(d.witness.white) do q = assert(q:play(m)) end
    assert(#d.witness.white > 0 and q:status() == 'checkmate' and q:turn() == 'black')
    local w = arbiter.unwinnable(p, 'white')
    assert(w.decided and w.unwinnable == false and w.explanations[1].code == 'can_mate')
    assert(#w.witness == #d.witness.white and w.nodes >= 0)
    local b = arbiter.unwinnable(p, 'black')
    assert(b.decided and b.unwinnable == true and b.witness == nil)
    assert(b.explanations[1].code == 'cannot_mate_bare_king', b.explanations[1].code)
    return 'ok'
  end },
  { "binding.dead.locked_pawns", "en", function()
    local p = arbiter.position('4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1')
    local d = arbiter.dead(p)
    assert(d.decided and d.dead == true, d.explanations[1].code)
    assert(d.unwinnable.white == true and d.unwinnable.black == true)
    assert(d.explanations[1].code == 'dead_position' and #d.explanations >= 3)
    assert(next(d.witness) == nil)
    return 'ok'
  end },
  -- A position that is already over says so first (docs/api.md "Records that end").
  { "binding.dead.mate_says_mate", "en", function()
    local mate = arbiter.position('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3')
    local d = arbiter.dead(mate)
    assert(d.decided and d.dead == false)
    assert(d.explanations[1].code == 'checkmate', 'says it is mate, not alive: ' .. d.explanations[1].code)
    assert(d.explanations[1].squares[1] == 'e1')
    local stale = arbiter.dead(arbiter.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))
    assert(stale.dead == true and stale.explanations[1].code == 'stalemate', stale.explanations[1].code)
    return 'ok'
  end },
  { "binding.dead.undecided_is_nil", "en", function()
    local d = arbiter.dead(arbiter.start(), 1)
    assert(d.decided == false and d.dead == nil)
    assert(d.unwinnable.white == nil and d.unwinnable.black == nil)
    assert(d.explanations[1].code == 'dead_unknown')
    local u = arbiter.unwinnable(arbiter.start(), 'black', 1)
    assert(u.decided == false and u.unwinnable == nil and u.witness == nil)
    assert(u.explanations[1].code == 'search_budget_spent')
    return 'ok'
  end },
  { "binding.dead.arguments", "en", function()
    local p = arbiter.start()
    assert(not pcall(arbiter.dead, p, 0) and not pcall(arbiter.dead, p, 2000001))
    assert(not pcall(arbiter.unwinnable, p, 'green') and not pcall(arbiter.unwinnable, p))
    assert(not pcall(arbiter.unwinnable, p, 'white', -5) and not pcall(arbiter.dead, 'fen'))
    return 'ok'
  end },
  { "binding.dead.in_language", "fa", function()
    local d = arbiter.dead(arbiter.position('4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1'))
    assert(d.dead and d.explanations[1].rule == 'FIDE 5.2.2', d.explanations[1].rule)
    assert(d.explanations[1].text:find('[\216-\219]'), d.explanations[1].text)
    return 'ok'
  end },
}
