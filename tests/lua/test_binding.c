/* The `arbiter` Lua module: each case runs a script in a locked sandbox; the script asserts the
 * engine's answers (exact FENs, squares, counts, codes) and returns "ok". */
#include <lauxlib.h>

#include "harness.h"
#include "sandbox.h"
#include "script_libs.h"

static void run_case(const char *name, const char *lang, const char *code)
{
    harness_begin(name);
    arbl_sandbox sb;
    char err[512] = "";
    CHECK(arbl_sandbox_open(&sb, NULL, lang, arbl_open_script_libs));
    arbl_sandbox_lock(&sb);
    int st = arbl_sandbox_load_text(&sb, code, strlen(code), "=binding.lua", err, sizeof err);
    if (st == LUA_OK)
        st = arbl_sandbox_pcall(&sb, 0, 1, err, sizeof err);
    CHECK_MSG(st == LUA_OK, "%s", err);
    if (st == LUA_OK)
        CHECK_STR(lua_tostring(sb.L, -1), "ok");
    arbl_sandbox_close(&sb);
}

int main(void)
{
    run_case("binding.position.start", "en",
        "local p = arbiter.start()\n"
        "assert(p:fen() == 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')\n"
        "assert(p:turn() == 'white' and p:variant() == 'standard')\n"
        "assert(#p:legal_moves() == 20 and p:legal_count() == 20)\n"
        "assert(p:piece_at('e1') == 'K' and p:piece_at('d8') == 'q' and p:piece_at('e4') == nil)\n"
        "assert(p:pieces().g1 == 'N')\n"
        "assert(p:king('black') == 'e8')\n"
        "assert(p:castling_rook('white', 'queenside') == 'a1')\n"
        "assert(p:status() == 'ongoing' and not p:in_check() and #p:checkers() == 0)\n"
        "assert(p:perft(3) == 8902)\n"
        "assert(#p:key() == 16 and p:key() == arbiter.position():key())\n"
        "assert(tostring(p) == p:fen() and p == arbiter.position())\n"
        "return 'ok'");
    run_case("binding.position.immutable_play", "en",
        "local p = arbiter.start()\n"
        "local q = p:play('e4')\n"
        "assert(p:piece_at('e2') == 'P' and q:piece_at('e4') == 'P')\n"
        "assert(q:fen() == 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')\n"
        "assert(q:turn() == 'black')\n"
        "local r = q:play('e7e5'):play({uci = 'g1f3'})\n"
        "assert(r:piece_at('f3') == 'N' and r:fullmove_number() == 2 and r:halfmove_clock() == 1)\n"
        "return 'ok'");
    run_case("binding.position.bad_fen", "en",
        "local p, why = arbiter.position('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1')\n"
        "assert(p == nil and why.code == 'fen_bad_piece' and why.params.found == 'X')\n"
        "assert(why.text:find('Unknown piece letter', 1, true))\n"
        "local v, problems = arbiter.validate('4k3/8/8/8/8/8/8/K3K3 w - - 0 1')\n"
        "assert(v == false and problems[1].code == 'too_many_kings' and problems[1].rule == 'FIDE 3.10.3')\n"
        "assert(problems[1].params.n == 2 and problems[1].params.piece == 'K')\n"
        "assert(arbiter.validate('4k3/8/8/8/8/8/8/4K3 w - - 0 1') == true)\n"
        "local big = arbiter.position(('8/'):rep(200))\n"
        "assert(big == nil)\n"
        "assert(not pcall(arbiter.position, {}))\n"
        "return 'ok'");
    run_case("binding.moves", "en",
        "local p = arbiter.position('r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1')\n"
        "local kinds = {}\n"
        "for _, m in ipairs(p:legal_moves()) do kinds[m.san] = m end\n"
        "assert(kinds['exd6'].kind == 'en_passant' and kinds['exd6'].captured == 'P')\n"
        "assert(kinds['O-O'].castle == 'kingside' and kinds['O-O'].uci == 'e1g1')\n"
        "assert(kinds['O-O-O'].castle == 'queenside' and kinds['O-O-O'].piece == 'K')\n"
        "assert(kinds['Rxa8+'].captured == 'R' and kinds['Rxa8+'].from == 'a1' and kinds['Rxa8+'].to == 'a8')\n"
        "local m = arbiter.position('8/4P3/8/8/8/8/k7/4K3 w - - 0 1'):parse('e8=N')\n"
        "assert(m.kind == 'promotion' and m.promotion == 'N' and m.uci == 'e7e8n')\n"
        "local none, why = p:parse('Qd4')\n"
        "assert(none == nil and why.code == 'no_piece_can_move_there')\n"
        "local _, why2 = p:play('e1e3')\n"
        "assert(why2.code == 'illegal_move')\n"
        "local _, why3 = p:parse('e9e4')\n"
        "assert(why3.code == 'uci_malformed' or why3.code == 'san_malformed')\n"
        "return 'ok'");
    run_case("binding.check_mate_stalemate", "en",
        "local p = arbiter.position('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1')\n"
        "assert(p:in_check() and p:checkers()[1] == 'a8' and p:status() == 'checkmate')\n"
        "assert(arbiter.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'):status() == 'stalemate')\n"
        "local q = arbiter.position('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1')\n"
        "assert(q:pinned('white')[1] == 'e2')\n"
        "local a = q:attackers('e2', 'black')\n"
        "assert(#a == 1 and a[1] == 'e7')\n"
        "return 'ok'");
    run_case("binding.chess960", "en",
        "assert(arbiter.chess960(518):fen() == arbiter.start():fen())\n"
        "local p = arbiter.chess960(0)\n"
        "assert(p:fen():sub(1, 8) == 'bbqnnrkr' and p:variant() == 'chess960')\n"
        "assert(not pcall(arbiter.chess960, 960) and not pcall(arbiter.chess960, -1))\n"
        "local c = arbiter.position('4k3/8/8/8/8/8/8/1R4KR w KQ - 0 1', 'chess960')\n"
        "local m = c:parse('O-O')\n"
        "assert(m.uci == 'g1h1' and m.castle == 'kingside')\n"
        "local after = c:play('O-O')\n"
        "assert(after:piece_at('g1') == 'K' and after:piece_at('f1') == 'R')\n"
        "return 'ok'");
    run_case("binding.game", "en",
        "local g = arbiter.game(nil, {'e4', 'e5', 'Nf3'})\n"
        "assert(g:length() == 3 and g:position():turn() == 'black')\n"
        "assert(g:position(0):fen() == arbiter.start():fen())\n"
        "local ms = g:moves()\n"
        "assert(ms[3].san == 'Nf3' and ms[1].uci == 'e2e4')\n"
        "local g2 = g:play('Nc6')\n"
        "assert(g2:length() == 4 and g:length() == 3)\n"
        "local bad, why, idx = arbiter.game(nil, {'e4', 'e4'})\n"
        "assert(bad == nil and idx == 2 and why.code == 'no_piece_can_move_there')\n"
        "local nope, why4 = g:play('Ke2')\n"
        "assert(nope == nil and why4.code == 'no_piece_can_move_there')\n"
        "return 'ok'");
    run_case("binding.game.ends_at_automatic_ending", "en",
        "local over, why, idx = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#', 'Kf2'})\n"
        "assert(over == nil and idx == 5 and why.code == 'move_after_end', why and why.code)\n"
        "assert(why.params.move == 'Kf2' and why.params.n == 4)\n"
        "local mated = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#'})\n"
        "local none, why2 = mated:play('a3')\n"
        "assert(none == nil and why2.code == 'move_after_end')\n"
        "local shuffle = {}\n"
        "for i = 1, 4 do for _, m in ipairs({'Nf3', 'Nf6', 'Ng1', 'Ng8'}) do shuffle[#shuffle + 1] = m end end\n"
        "local five = arbiter.game(nil, shuffle)\n"
        "assert(five and five:length() == 16)\n"
        "assert(five:play('e4') == nil, 'no move after fivefold')\n"
        "local bare = arbiter.game('4k3/8/8/8/8/8/8/4K3 w - - 0 1')\n"
        "assert(bare:play('Kd1') == nil, 'a dead start position ends the record at once')\n"
        "local tail, why3, i3 = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#', 'a3', 'a6'})\n"
        "assert(tail == nil and i3 == 5 and why3.params.n == 4 and why3.params.move == 'a3')\n"
        "local bad, why4, i4 = arbiter.game(nil, {'e4', {uci = 'e7e5'}, 'Ke3'})\n"
        "assert(bad == nil and i4 == 3 and why4.code ~= 'move_after_end', why4 and why4.code)\n"
        "local kk = arbiter.random_game(arbiter.random(7), 20, arbiter.position('4k3/8/8/8/8/8/8/4K3 w - - 0 1'))\n"
        "assert(kk:length() == 0, 'random_game stops at the ending: ' .. kk:length())\n"
        "return 'ok'");
    run_case("binding.random", "en",
        "local a, b, c = arbiter.random(42), arbiter.random(42), arbiter.random(43)\n"
        "local same, differ = true, false\n"
        "for i = 1, 100 do\n"
        "  local x, y, z = a:int(1, 6), b:int(1, 6), c:int(1, 6)\n"
        "  assert(x >= 1 and x <= 6)\n"
        "  same = same and x == y; differ = differ or x ~= z\n"
        "end\n"
        "assert(same and differ)\n"
        "local f = a:float() assert(f >= 0 and f < 1)\n"
        "assert(arbiter.random(1):int(0, 1000000) == arbiter.random(1):int(0, 1000000))\n"
        "assert(not pcall(a.int, a, 5, 1))\n"
        "return 'ok'");
    run_case("binding.explanations_in_language", "fa",
        "assert(arbiter.lang() == 'fa')\n"
        "local _, why = arbiter.start():parse('Qd4')\n"
        "assert(why.code == 'no_piece_can_move_there' and why.rule == 'FIDE 3.10.1')\n"
        "assert(why.text:find('\\u{2066}', 1, true))\n"
        "local _, problems = arbiter.validate('4k3/8/8/8/8/8/8/P3K3 w - - 0 1')\n"
        "assert(problems[1].code == 'pawn_on_back_rank' and problems[1].squares[1] == 'a1')\n"
        "return 'ok'");
    run_case("binding.type_errors", "en",
        "assert(not pcall(arbiter.start().play))\n"
        "assert(not pcall(arbiter.start().piece_at, arbiter.start(), 'z9'))\n"
        "assert(not pcall(arbiter.start().attackers, arbiter.start(), 'e4', 'green'))\n"
        "assert(not pcall(arbiter.start().perft, arbiter.start(), 4))\n"
        "assert(getmetatable(arbiter.start()) == 'arbiter.position')\n"
        "assert(not pcall(setmetatable, arbiter.start(), {}))\n"
        "return 'ok'");
    run_case("binding.rules.status", "en",
        "assert(arbiter.position('8/8/4k3/8/8/3KB3/8/8 w - - 0 1'):status() == 'insufficient_material')\n"
        "assert(arbiter.position('8/8/4k3/8/8/3KB3/8/8 w - - 0 1'):insufficient_material())\n"
        "assert(not arbiter.position('8/8/4k3/8/8/3KN1N1/8/8 w - - 0 1'):insufficient_material())\n"
        "assert(arbiter.position('8/8/4k3/8/8/3K4/8/7R w - - 150 90'):status() == 'seventyfive_moves')\n"
        "local p = arbiter.position('8/8/4k3/8/8/3QK3/8/8 w - - 0 1')\n"
        "assert(p:can_mate('white') and not p:can_mate('black'))\n"
        "return 'ok'");
    run_case("binding.rules.repetition", "en",
        "local g = arbiter.game(nil, {'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'})\n"
        "local occ = g:occurrences()\n"
        "assert(#occ == 3 and occ[1] == 0 and occ[2] == 4 and occ[3] == 8)\n"
        "assert(#g:occurrences(6) == 2 and g:occurrences(2)[1] == 2)\n"
        "local c = g:claim('threefold')\n"
        "assert(c.claim_made and c.claim_valid and c.result == '1/2-1/2' and c.termination == 'threefold_claim')\n"
        "assert(#c.explanations >= 1 and c.explanations[1].rule:find('9.2', 1, true))\n"
        "local early = arbiter.game(nil, {'Nf3', 'Nf6'}):claim('threefold')\n"
        "assert(early.claim_made and not early.claim_valid and early.result == '*')\n"
        "assert(g:status() == 'ongoing')\n"
        "local _, why = g:claim('threefold', 'Ke2')\n"
        "assert(why.code == 'no_piece_can_move_there')\n"
        "assert(not pcall(g.claim, g, 'fourfold'))\n"
        "return 'ok'");
    run_case("binding.rules.outcome", "en",
        "local g = arbiter.game('8/8/4k3/8/8/3QK3/8/8 w - - 0 1')\n"
        "local o = g:outcome({flag = 'white'})\n"
        "assert(o.result == '1/2-1/2' and o.termination == 'time_forfeit_draw')\n"
        "assert(g:outcome({flag = 'black'}).result == '1-0')\n"
        "-- 5.1.2 (2023): Black has a bare king, so White resigning is a draw; Black resigning loses\n"
        "local r = g:outcome({resign = 'white'})\n"
        "assert(r.result == '1/2-1/2' and r.explanations[1].code == 'resignation_draw')\n"
        "-- the proof cites the verdict it supports: 5.1.2 under a resignation, 6.9 under a flag fall (L22)\n"
        "assert(r.explanations[2].code == 'cannot_mate_bare_king' and r.explanations[2].rule == 'FIDE 5.1.2')\n"
        "assert(o.explanations[2].code == 'cannot_mate_bare_king' and o.explanations[2].rule == 'FIDE 6.9')\n"
        "assert(g:outcome({resign = 'black'}).result == '1-0')\n"
        "-- a wrong claim costs one minute in blitz (App. A.3), two by default\n"
        "local w = arbiter.game(nil, {'Nf3'})\n"
        "local function penalty(o) for _, e in ipairs(o.explanations) do\n"
        "  if e.code:find('^claim_penalty_time') then return e.code, e.params.n end end end\n"
        "local c1, n1 = penalty(w:outcome({claim = 'threefold', time_control = 'blitz'}))\n"
        "assert(c1 == 'claim_penalty_time_rapid' and tonumber(n1) == 1)\n"
        "local c2, n2 = penalty(w:outcome({claim = 'threefold'}))\n"
        "assert(c2 == 'claim_penalty_time' and tonumber(n2) == 2)\n"
        "assert(not pcall(w.outcome, w, {claim = 'threefold', time_control = 'bullet'}))\n"
        "assert(g:outcome().result == '*')\n"
        "assert(not pcall(g.outcome, g, {flag = 'white', resign = 'black'}))\n"
        "local mate = arbiter.game(nil, {'f3', 'e5', 'g4', 'Qh4#'}):outcome()\n"
        "assert(mate.result == '0-1' and mate.termination == 'checkmate')\n"
        "return 'ok'");
    run_case("binding.rules.touch_and_penalty", "en",
        "local t = arbiter.start():touch({'g1'})\n"
        "assert(not t.any and #t.moves == 2 and t.explanations[1].code == 'touch_move_piece')\n"
        "local u = arbiter.position('4k3/8/8/8/1b6/P7/8/7K w - - 0 1'):touch({'b4'})\n"
        "assert(#u.moves == 1 and u.moves[1].san == 'axb4')\n"
        "assert(not pcall(arbiter.start().touch, arbiter.start(), {'z9'}))\n"
        "local p = arbiter.position('3qk3/8/8/8/8/8/8/4K3 w - - 0 1')\n"
        "local o, extra = arbiter.illegal_move_penalty(p, 'white', 1)\n"
        "assert(o.result == '*' and extra == 120)\n"
        "local o2 = arbiter.illegal_move_penalty(p, 'white', 2)\n"
        "assert(o2.result == '0-1' and o2.termination == 'illegal_moves')\n"
        "local _, blitz = arbiter.illegal_move_penalty(p, 'white', 1, 'blitz')\n"
        "assert(blitz == 60)\n"
        "return 'ok'");
    run_case("binding.explain.moves", "en",
        "local p = arbiter.position('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1')\n"
        "local m, why = arbiter.explain(p, 'Nc3')\n"
        "assert(m == nil and why[1].code == 'pinned' and why[2].code == 'illegal_move')\n"
        "assert(why[1].squares[1] == 'e2' and why[1].params.by == 'r' and why[1].rule == 'FIDE 3.9')\n"
        "local m2, none = p:explain('Kd2')\n"
        "assert(m2.uci == 'e1d2' and #none == 0)\n"
        "local u = p:explain_move('e2', 'c3')\n"
        "assert(#u == 1 and u[1].code == 'pinned')\n"
        "assert(#p:explain_move('e1', 'd1') == 0)\n"
        "local bad = arbiter.explain_move(p, 'e1', 'e3')\n"
        "assert(bad[1].code == 'wrong_pattern')\n"
        "assert(not pcall(p.explain_move, p, 'e2', 'c3', 'X'))\n"
        "assert(not pcall(p.explain_move, p, 'z2', 'c3'))\n"
        "local _, mal = p:explain('Nz9')\n"
        "assert(mal[1].code == 'san_malformed')\n"
        "-- with the game: en passant too late names the move\n"
        "local g = arbiter.game('4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1', {'d5', 'Kd2', 'Kd7'})\n"
        "local late = g:position():explain_move('e5', 'd6', nil, g)\n"
        "local codes = {}\n"
        "for _, e in ipairs(late) do codes[e.code] = e end\n"
        "assert(codes.en_passant_unavailable and codes.en_passant_too_late)\n"
        "assert(codes.en_passant_too_late.params.move == 'd5')\n"
        "return 'ok'");
    /* arbiter.render: the engine's template renderer for lesson and quiz texts */
    run_case("binding.render.plural_and_digits", "fa",
        "local t = { en = 'White has {n, plural, one {one move} other {# moves}}.', fa = 'سفید {n} حرکت دارد.',\n"
        "            ar = 'لدى الأبيض {n, plural, one {نقلة واحدة} two {نقلتان} few {# نقلات} other {# نقلة}}.' }\n"
        "assert(arbiter.render(t, { n = 33 }) == 'سفید ۳۳ حرکت دارد.', arbiter.render(t, { n = 33 }))\n"
        "assert(arbiter.digits() == 'native')\n"
        "arbiter.set_digits('latin')\n"
        "assert(arbiter.digits() == 'latin' and arbiter.render(t, { n = 33 }) == 'سفید 33 حرکت دارد.')\n"
        "arbiter.set_digits('default')\n"
        "assert(arbiter.render('{8}') == '۸' and arbiter.plural(0) == 'one' and arbiter.plural(2) == 'other')\n"
        "assert(not pcall(arbiter.set_digits, 'roman'))\n"
        "return 'ok'");
    run_case("binding.render.arabic_forms", "ar",
        "local t = { en = '', ar = 'لدى الأبيض {n, plural, one {نقلة واحدة} two {نقلتان} few {# نقلات} other {# نقلة}}.' }\n"
        "assert(arbiter.render(t, { n = 2 }) == 'لدى الأبيض نقلتان.')\n"
        "assert(arbiter.render(t, { n = 3 }) == 'لدى الأبيض 3 نقلات.')\n"
        "assert(arbiter.plural(11) == 'many' and arbiter.plural(100) == 'other')\n"
        "local side = { word = 'color.black', en = 'Black', fa = 'سیاه', ar = 'الأسود' }\n"
        "assert(arbiter.render('يجوز {side.li} التبييت، والدور على {side}', { side = side }) ==\n"
        "       'يجوز للأسود التبييت، والدور على الأسود')\n"
        "assert(arbiter.render('{sq} {list}', { sq = 'e4', list = { 'b1', 'c2', 'f3' } }) ==\n"
        "       '\\u{2066}e4\\u{2069} \\u{2066}b1\\u{2069} و\\u{2066}c2\\u{2069} و\\u{2066}f3\\u{2069}')\n"
        "assert(arbiter.render('{c}', { c = { quoted = true, 'الأبيض يفوز', 'e4' } }) ==\n"
        "       '«الأبيض يفوز» و«\\u{2066}e4\\u{2069}»', 'choice labels quoted, a Latin one isolated')\n"
        "assert(arbiter.render('{unknown} {n}', { n = 1 }) == '{unknown} 1')\n"
        "assert(not pcall(arbiter.render, 42))\n"
        "return 'ok'");
    run_case("binding.render.english_player_names", "en",
        "local side = { word = 'color.white', en = 'White' }\n"
        "assert(arbiter.render('{side} to move; the {side.x} king', { side = side }) == 'White to move; the white king')\n"
        "assert(arbiter.render('{n, plural, one {# time} other {# times}}', { n = 1 }) == '1 time')\n"
        "return 'ok'");
    run_case("binding.explain.castling", "fa",
        "local p = arbiter.position('4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1')\n"
        "local ok, why = arbiter.castling(p, 'white', 'kingside')\n"
        "assert(ok == false and #why == 1 and why[1].code == 'castling_through_attack')\n"
        "assert(why[1].permanent == false and why[1].squares[1] == 'f1')\n"
        "assert(why[1].text:find('f1', 1, true) and not why[1].text:find('castle', 1, true))\n"
        "assert(p:castling('white', 'queenside') == true)\n"
        "local g = arbiter.game('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', {'Ke2', 'Ke7', 'Ke1', 'Ke8'})\n"
        "local ok2, lost = g:position():castling('white', 'kingside', g)\n"
        "assert(not ok2 and lost[1].code == 'castling_king_moved' and lost[1].permanent == true)\n"
        "assert(lost[1].params.move == 'Ke2')\n"
        "local _, blocked = arbiter.position('r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1'):castling('white', 'queenside')\n"
        "assert(blocked[1].code == 'castling_path_blocked' and blocked[1].squares[1] == 'b1')\n"
        "assert(not pcall(p.castling, p, 'white', 'middle'))\n"
        "return 'ok'");
    run_case("binding.explain.status", "ar",
        "local mate = arbiter.position('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1')\n"
        "assert(mate:state() == 'checkmate')\n"
        "local st, why = mate:explain_status()\n"
        "assert(st == 'checkmate' and why[1].code == 'checkmate' and why[2].code == 'check')\n"
        "assert(why[2].squares[1] == 'a8' or why[2].squares[2] == 'a8')\n"
        "local st2, why2 = arbiter.explain_status(arbiter.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))\n"
        "assert(st2 == 'stalemate' and why2[1].code == 'stalemate' and #why2 == 4)\n"
        "assert(arbiter.state(arbiter.start()) == 'ongoing' and #select(2, arbiter.start():explain_status()) == 0)\n"
        "local st3, why3 = arbiter.position('R5k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1'):explain_status()\n"
        "assert(st3 == 'check' and #why3 == 1 and why3[1].code == 'check')\n"
        "return 'ok'");
    run_case("binding.explain.validate_all", "en",
        "local v, problems = arbiter.validate('4k3/8/8/8/8/8/8/P3K2K w Q - 0 1')\n"
        "local codes = {}\n"
        "for _, e in ipairs(problems) do codes[e.code] = true end\n"
        "assert(not v and codes.too_many_kings and codes.pawn_on_back_rank)\n"
        "local _, syntax = arbiter.validate('4k3/8/8/8/8/8/8/4K3 x - - 0 1')\n"
        "assert(syntax[1].code:find('^fen_') and #syntax == 1)\n"
        "assert(arbiter.validate('4k3/8/8/8/8/8/8/4K3 w - - 0 1') == true)\n"
        "return 'ok'");
    /* arbiter.annotate: a game's rule events ply by ply and the result the Laws give (docs/games.md) */
    run_case("binding.annotate.dead_draw_ply", "en",
        "local g = assert(arbiter.game('4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/3n4/4K3 w - - 0 1', {'Kxd2'}))\n"
        "local a = arbiter.annotate(g)\n"
        "assert(a.result == '1/2-1/2' and a.termination == 'dead_position' and a.end_ply == 1 and a.basis == 'board')\n"
        "local dead\n"
        "for _, e in ipairs(a.events) do if e.code == 'dead_position' then dead = e end end\n"
        "assert(dead and dead.ply == 1 and #dead.explanations >= 2 and dead.rule == 'FIDE 5.2.2')\n"
        "assert(a.mis_scored == false and a.flagged == nil)\n"
        "return 'ok'");
    run_case("binding.annotate.claim_and_tags", "fa",
        "local s = assert(arbiter.game(nil, {'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8', 'e4'}))\n"
        "local t = arbiter.annotate(s, {result = '0-1'})\n"
        "assert(t.events[1].code == 'threefold_available' and t.events[1].ply == 8 and t.events[1].params.m == 1)\n"
        "assert(t.events[1].explanations[1].code == 'threefold_with_move' and t.events[1].text:find('سومین'))\n"
        "assert(t.events[2].code == 'resignation' and t.result == '0-1' and t.basis == 'event')\n"
        "local k = assert(arbiter.game('8/8/4k3/8/8/2K5/8/7q w - - 0 60'))\n"
        "local f = arbiter.annotate(k, {result = '1-0', termination = 'Time forfeit'})\n"
        "assert(f.result == '1/2-1/2' and f.mis_scored == true and f.flagged == 'black')\n"
        "assert(f.events[1].code == 'time_forfeit_draw' and f.events[2].code == 'result_tag_mismatch')\n"
        "assert(arbiter.annotate(k).result == '*')\n"
        "assert(not pcall(arbiter.annotate, k, {result = 'win'}))\n"
        "assert(not pcall(arbiter.annotate, arbiter.start()))\n"
        "return 'ok'");
    /* arbiter.dead / arbiter.unwinnable: the data of POST /v1/dead (FIDE 5.2.2, 6.9) */
    run_case("binding.dead.alive_with_witness", "en",
        "local p = arbiter.position('8/8/8/4k3/8/8/8/4K2Q w - - 0 1')\n"
        "local d = arbiter.dead(p)\n"
        "assert(d.decided == true and d.dead == false)\n"
        "assert(d.unwinnable.white == false and d.unwinnable.black == true)\n"
        "assert(d.explanations[1].code == 'alive_position' and d.witness.black == nil)\n"
        "local q = p\n"
        "for _, m in ipairs(d.witness.white) do q = assert(q:play(m)) end\n"
        "assert(#d.witness.white > 0 and q:status() == 'checkmate' and q:turn() == 'black')\n"
        "local w = arbiter.unwinnable(p, 'white')\n"
        "assert(w.decided and w.unwinnable == false and w.explanations[1].code == 'can_mate')\n"
        "assert(#w.witness == #d.witness.white and w.nodes >= 0)\n"
        "local b = arbiter.unwinnable(p, 'black')\n"
        "assert(b.decided and b.unwinnable == true and b.witness == nil)\n"
        "assert(b.explanations[1].code == 'cannot_mate_bare_king', b.explanations[1].code)\n"
        "return 'ok'");
    run_case("binding.dead.locked_pawns", "en",
        "local p = arbiter.position('4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1')\n"
        "local d = arbiter.dead(p)\n"
        "assert(d.decided and d.dead == true, d.explanations[1].code)\n"
        "assert(d.unwinnable.white == true and d.unwinnable.black == true)\n"
        "assert(d.explanations[1].code == 'dead_position' and #d.explanations >= 3)\n"
        "assert(next(d.witness) == nil)\n"
        "return 'ok'");
    /* A position that is already over says so first (docs/api.md "Records that end"). */
    run_case("binding.dead.mate_says_mate", "en",
        "local mate = arbiter.position('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3')\n"
        "local d = arbiter.dead(mate)\n"
        "assert(d.decided and d.dead == false)\n"
        "assert(d.explanations[1].code == 'checkmate', 'says it is mate, not alive: ' .. d.explanations[1].code)\n"
        "assert(d.explanations[1].squares[1] == 'e1')\n"
        "local stale = arbiter.dead(arbiter.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))\n"
        "assert(stale.dead == true and stale.explanations[1].code == 'stalemate', stale.explanations[1].code)\n"
        "return 'ok'");
    run_case("binding.dead.undecided_is_nil", "en",
        "local d = arbiter.dead(arbiter.start(), 1)\n"
        "assert(d.decided == false and d.dead == nil)\n"
        "assert(d.unwinnable.white == nil and d.unwinnable.black == nil)\n"
        "assert(d.explanations[1].code == 'dead_unknown')\n"
        "local u = arbiter.unwinnable(arbiter.start(), 'black', 1)\n"
        "assert(u.decided == false and u.unwinnable == nil and u.witness == nil)\n"
        "assert(u.explanations[1].code == 'search_budget_spent')\n"
        "return 'ok'");
    run_case("binding.dead.arguments", "en",
        "local p = arbiter.start()\n"
        "assert(not pcall(arbiter.dead, p, 0) and not pcall(arbiter.dead, p, 2000001))\n"
        "assert(not pcall(arbiter.unwinnable, p, 'green') and not pcall(arbiter.unwinnable, p))\n"
        "assert(not pcall(arbiter.unwinnable, p, 'white', -5) and not pcall(arbiter.dead, 'fen'))\n"
        "return 'ok'");
    run_case("binding.dead.in_language", "fa",
        "local d = arbiter.dead(arbiter.position('4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1'))\n"
        "assert(d.dead and d.explanations[1].rule == 'FIDE 5.2.2', d.explanations[1].rule)\n"
        "assert(d.explanations[1].text:find('[\\216-\\219]'), d.explanations[1].text)\n"
        "return 'ok'");
    return harness_finish();
}
