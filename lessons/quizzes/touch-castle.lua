-- Quiz (arbiter's track): the player touched the king and a rook (in one order or the other);
-- may they castle on that side? FIDE 4.4.1: king first, then rook: castle if it is legal;
-- 4.4.2: rook first, then king: no castling with that rook on this move; 4.4.3: king first, but
-- that castling is illegal: another king move. Half the answers are "yes". The engine's
-- touch-move obligation decides, with the castling conditions (3.8.2) when they fail.
local Q = quizlib

local STARTS = {
  "r3k2r/pppppppp/2n5/8/8/2N5/PPPPPPPP/R3K2R w KQkq - 0 1",
  "r3k2r/ppp1pppp/2n5/3p4/3P4/2N5/PPP1PPPP/R3K2R w KQkq - 0 1",
  "r3k2r/pp3ppp/2n1b3/2bpp3/2BPP3/2N1B3/PP3PPP/R3K2R w KQkq - 0 1",
}
local PROMPT = {
  en = "{side} to move. {side} deliberately touches {first} and then {second}. May {side} castle with the rook on {rook} now?",
  fa = "نوبت {side} است. {side} عمداً نخست {first} و سپس {second} را لمس می‌کند. آیا {side} اکنون می‌تواند با رخ {rook} قلعه برود؟",
  ar = "الدور على {side}. يلمس {side} عمدًا {first} أولًا ثم {second}. هل يجوز أن يقوم {side} الآن بالتبييت مع الرخ الذي في {rook}؟" }
local KING = { en = "the king", fa = "شاه", ar = "الملك" }
local WANT_NO = { easy = { "no42", "no42", "no43" }, medium = { "no42", "no43" }, hard = { "no42", "no43", "no43" } }
local ROOK = { en = "the rook on {rook}", fa = "رخ {rook}", ar = "الرخ الذي في {rook}" }

return quiz {
  id = "touch-castle",
  title = { en = "Touch-move and castling", fa = "دست به مهره و قلعه رفتن", ar = "قاعدة القطعة الملموسة والتبييت" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    -- Half the questions "yes" (king first, castling legal); the others "no", by 4.4.2 (rook
    -- first) or, more often at the hard level, by 4.4.3 (king first, but that castling is
    -- illegal: the order alone does not tell).
    local want = rng:int(1, 2) == 1 and "yes" or Q.pick(rng, WANT_NO[level])
    for _ = 1, 120 do
      local start = arbiter.position(Q.pick(rng, STARTS))
      local g = arbiter.random_game(rng, rng:int(0, level == "easy" and 2 or (level == "medium" and 10 or 24)), start)
      local pos = g:position()
      local turn = pos:turn()
      local rank = turn == "white" and "1" or "8"
      local king = pos:king(turn)
      local rook = (rng:int(0, 1) == 0 and "a" or "h") .. rank
      local rp = pos:piece_at(rook)
      local side = rook:sub(1, 1) == "h" and "kingside" or "queenside"
      local legal = king == "e" .. rank and rp and pos:castling(turn, side, g)
      local fits = want == "no42" or (want == "yes") == (legal == true)
      if king == "e" .. rank and rp and rp:upper() == "R" and (rp == "R") == (turn == "white") and pos:legal_count() > 0
          and fits then
        local order = want == "no42" and { rook, king } or { king, rook }
        local kr = order[1] == king
        local lang_rook = {}
        for _, l in ipairs({ "en", "fa", "ar" }) do lang_rook[l] = Q.render(ROOK, l, { rook = rook }) end
        return Q.question(pos, PROMPT,
          { vars = { first = kr and KING or lang_rook, second = kr and lang_rook or KING, rook = rook },
            choices = Q.yes_no(), touched = order, rook = rook, game = g,
            data = { touched = table.concat(order, " "), rook = rook } })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local t = q.pos:touch(q.touched)
    local side = q.rook:sub(1, 1) == "h" and "kingside" or "queenside"
    local may = false
    for _, m in ipairs(t.moves) do
      if m.kind == "castle" and (m.to:sub(1, 1) > m.from:sub(1, 1)) == (side == "kingside") then may = true end
    end
    local ex = {}
    for _, e in ipairs(t.explanations) do ex[#ex + 1] = e end
    if not may then
      local _, why = q.pos:castling(q.pos:turn(), side, q.game)
      for _, e in ipairs(why or {}) do ex[#ex + 1] = e end
    end
    return Q.grade_choice(q, answer, lang, may and "yes" or "no", ex)
  end,
}
