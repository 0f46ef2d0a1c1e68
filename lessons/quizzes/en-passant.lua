-- Quiz: can the side to move capture en passant, and with which move? Positions from random
-- play where a pawn stands next to an enemy pawn on the en passant rank (just after the double
-- step, or later when the right has lapsed), plus pinned-pawn templates at the hard level.
local Q = quizlib

local PLIES = { easy = { 6, 30 }, medium = { 10, 50 }, hard = { 10, 60 } }
local NONE = { id = "none", text = { en = "No en passant capture", fa = "آن‌پاسان ممکن نیست", ar = "لا يوجد أخذ بالتجاوز" } }

-- Captures that would be en passant if the right existed: own pawn beside an enemy pawn on
-- the fifth rank (fourth for Black), target square behind it empty.
local function candidates(pos)
  local turn = pos:turn()
  local rank, ahead = turn == "white" and 5 or 4, turn == "white" and 6 or 3
  local own, enemy = turn == "white" and "P" or "p", turn == "white" and "p" or "P"
  local out = {}
  for f = 1, 8 do
    if pos:piece_at(Q.square(f, rank)) == own then
      for _, df in ipairs({ -1, 1 }) do
        local ef = f + df
        if ef >= 1 and ef <= 8 and pos:piece_at(Q.square(ef, rank)) == enemy and not pos:piece_at(Q.square(ef, ahead)) then
          out[#out + 1] = Q.square(f, rank) .. Q.square(ef, ahead)
        end
      end
    end
  end
  return out
end

-- White pawn and black pawn side by side on rank 5 with the white king and a black rook or
-- queen on the same rank: the capture would uncover the king (FIDE 3.7.3.1 with 3.9).
local function pin_template(rng)
  local pf = rng:int(2, 7)
  local bf = pf + (rng:int(0, 1) == 0 and -1 or 1)
  local lo, hi = math.min(pf, bf), math.max(pf, bf)
  if lo < 2 or hi > 7 then return nil end
  local kf, rf
  if rng:int(0, 1) == 0 then kf, rf = rng:int(1, lo - 1), rng:int(hi + 1, 8) else kf, rf = rng:int(hi + 1, 8), rng:int(1, lo - 1) end
  local row = {}
  for f = 1, 8 do row[f] = "1" end
  row[pf], row[bf], row[kf], row[rf] = "P", "p", "K", rng:int(0, 1) == 0 and "r" or "q"
  local function pack(cells)
    local s = table.concat(cells):gsub("1+", function(ones) return tostring(#ones) end)
    return s
  end
  local top = {}
  for f = 1, 8 do top[f] = "1" end
  top[rng:int(1, 8)] = "k"
  local fen = pack(top) .. "/8/8/" .. pack(row) .. "/8/8/8/8 w - " .. Q.square(bf, 6) .. " 0 1"
  return arbiter.position(fen)
end

return quiz {
  id = "en-passant",
  title = { en = "En passant?", fa = "آن‌پاسان؟", ar = "الأخذ بالتجاوز؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    for _ = 1, 100 do
      local pos
      if level == "hard" and rng:int(1, 3) == 1 then
        pos = pin_template(rng)
      else
        local g = arbiter.random_game(rng, rng:int(r[1], r[2]))
        local want_right = level == "easy" or rng:int(1, 3) > 1
        for i = g:length(), 1, -1 do
          local p = g:position(i)
          if (p:ep_square() ~= nil) == want_right and #candidates(p) > 0 and p:legal_count() > 0 then pos = p break end
        end
      end
      if pos and #candidates(pos) > 0 then
        local choices = {}
        for i, uci in ipairs(candidates(pos)) do
          choices[i] = { id = uci, text = Q.move_label(pos, uci:sub(1, 2), uci:sub(3, 4)) }
        end
        choices[#choices + 1] = NONE
        return Q.question(pos,
          { en = "{side} to move. Can {side} capture en passant? Choose the capture, or 'none'.",
            fa = "نوبت {side} است. آیا {side} می‌تواند آن‌پاسان بزند؟ حرکتِ آن‌پاسان را انتخاب کنید، یا «آن‌پاسان ممکن نیست».",
            ar = "الدور على {side}. هل يستطيع {side} الأخذ بالتجاوز؟ اختر النقلة، أو «لا يوجد أخذ بالتجاوز»." },
          { choices = choices })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local legal, ex = {}, {}
    for _, m in ipairs(q.pos:legal_moves()) do if m.kind == "en_passant" then legal[m.uci] = true end end
    local expected = "none"
    for _, c in ipairs(q.choices) do if legal[c.id] then expected = c.id break end end
    local c = Q.find_choice(q, answer)
    local correct = c ~= nil and ((c.id == "none" and expected == "none") or legal[c.id] == true)
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    -- the verdict names the choice as the student saw it (its label), not its id
    local shown = expected
    for _, ch in ipairs(q.choices) do if ch.id == expected then shown = ch.text end end
    ex[#ex + 1] = Q.verdict(correct, shown, lang)
    for _, ch in ipairs(q.choices) do
      if ch.id ~= "none" and not legal[ch.id] then
        local _, why = quizlib.why_illegal(q.pos, ch.id)
        for _, e in ipairs(why) do if e.code ~= "illegal_move" then ex[#ex + 1] = e end end
      end
    end
    return { correct = correct, expected = expected, explanations = ex }
  end,
}
