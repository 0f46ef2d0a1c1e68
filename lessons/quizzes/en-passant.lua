-- Quiz: can the side to move capture en passant, and with which move? The prompt gives the last
-- moves of the game (the board alone does not say whether a pawn has just advanced two
-- squares), and the question carries the game, so the engine judges with its history. Each
-- level draws "a capture" and "none" evenly. Easy: the double step was the last move, or an
-- earlier one (the right has lapsed). Medium: also a pawn that arrived in two single steps.
-- Hard: also the capture that would uncover the king along the rank (FIDE 3.7.3.1 with 3.9).
local Q = quizlib

local PLIES = { easy = { 6, 30 }, medium = { 10, 50 }, hard = { 10, 60 } }
local NONE = { id = "none", text = { en = "No en passant capture", fa = "آن‌پاسان ممکن نیست", ar = "لا يوجد أخذ بالتجاوز" } }
local NONE_KINDS = { easy = { "lapsed" }, medium = { "lapsed", "single" }, hard = { "lapsed", "single", "pinned" } }

local PROMPT_LAST = {
  en = "{side} to move; the last move was {moves}. Can {side} capture en passant? Choose the capture, or 'none'.",
  fa = "نوبت {side} است؛ آخرین حرکت {moves} بود. آیا {side} می‌تواند آن‌پاسان بزند؟ حرکتِ آن‌پاسان را انتخاب کنید، یا «آن‌پاسان ممکن نیست».",
  ar = "الدور على {side}، وكانت آخر نقلة {moves}. هل يستطيع {side} الأخذ بالتجاوز؟ اختر النقلة، أو «لا يوجد أخذ بالتجاوز»." }
local PROMPT_LASTS = {
  en = "{side} to move; the last moves were {moves}. Can {side} capture en passant? Choose the capture, or 'none'.",
  fa = "نوبت {side} است؛ آخرین حرکت‌ها {moves} بودند. آیا {side} می‌تواند آن‌پاسان بزند؟ حرکتِ آن‌پاسان را انتخاب کنید، یا «آن‌پاسان ممکن نیست».",
  ar = "الدور على {side}، وكانت آخر النقلات {moves}. هل يستطيع {side} الأخذ بالتجاوز؟ اختر النقلة، أو «لا يوجد أخذ بالتجاوز»." }

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

local function ep_moves(pos)
  local n = 0
  for _, m in ipairs(pos:legal_moves()) do if m.kind == "en_passant" then n = n + 1 end end
  return n
end

-- White pawn beside a black pawn's start file on rank 5, with the white king and a black rook
-- or queen on that rank: after the double step the capture would uncover the king. Returns the
-- position before the double step (Black to move) and the double step.
local function pin_template(rng)
  local pf = rng:int(2, 7)
  local bf = pf + (rng:int(0, 1) == 0 and -1 or 1)
  local lo, hi = math.min(pf, bf), math.max(pf, bf)
  if lo < 2 or hi > 7 then return nil end
  local kf, rf
  if rng:int(0, 1) == 0 then kf, rf = rng:int(1, lo - 1), rng:int(hi + 1, 8) else kf, rf = rng:int(hi + 1, 8), rng:int(1, lo - 1) end
  local five, seven, eight = {}, {}, {}
  for f = 1, 8 do five[f], seven[f], eight[f] = "1", "1", "1" end
  five[pf], five[kf], five[rf] = "P", "K", rng:int(0, 1) == 0 and "r" or "q"
  seven[bf] = "p"
  eight[rng:int(1, 8)] = "k"
  local function pack(cells) return (table.concat(cells):gsub("1+", function(ones) return tostring(#ones) end)) end
  local before = arbiter.position(pack(eight) .. "/" .. pack(seven) .. "/8/" .. pack(five) .. "/8/8/8/8 b - - 0 1")
  return before, Q.square(bf, 7) .. Q.square(bf, 5)
end

-- A game that has just had a double step the side to move can capture en passant: the moves
-- (UCI) up to it, and the double step's index. nil when this random game has none.
local function double_step(rng, level)
  local r = PLIES[level]
  local g = arbiter.random_game(rng, rng:int(r[1], r[2]))
  local moves = {}
  for k, m in ipairs(g:moves()) do moves[k] = m.uci end
  for i = g:length(), 1, -1 do
    local pos = g:position(i)
    local white = pos:turn() == "white"
    local own, enemy = white and "P" or "p", white and "p" or "P"
    local r2, r3, r4 = white and 2 or 7, white and 3 or 6, white and 4 or 5
    for f = 1, 8 do
      -- a pawn at home whose double step lands beside an enemy pawn (cheap board look-ups first)
      if pos:piece_at(Q.square(f, r2)) == own and not pos:piece_at(Q.square(f, r3)) and not pos:piece_at(Q.square(f, r4))
          and ((f > 1 and pos:piece_at(Q.square(f - 1, r4)) == enemy) or (f < 8 and pos:piece_at(Q.square(f + 1, r4)) == enemy)) then
        local uci = Q.square(f, r2) .. Q.square(f, r4)
        local after = pos:parse(uci) and pos:play(uci)
        if after and ep_moves(after) > 0 then
          local part = {}
          for k = 1, i do part[k] = moves[k] end
          part[#part + 1] = uci
          return part
        end
      end
    end
  end
  return nil
end

-- A random legal move that leaves the pawns on `keep` (squares) alone, or nil.
local function quiet_move(rng, pos, keep)
  local list = {}
  for _, m in ipairs(pos:legal_moves()) do
    if not keep[m.from] and not keep[m.to] and m.kind ~= "en_passant" then list[#list + 1] = m.uci end
  end
  return #list > 0 and Q.pick(rng, list) or nil
end

-- The same situation, reached otherwise: "lapsed" (two or four more plies played, the pawns
-- untouched), "single" (the pawn came in two single steps, a move apart). nil when it fails.
local function variant(rng, moves, want)
  local game = arbiter.game(arbiter.start(), moves)
  local pos = game:position()
  local double = moves[#moves]
  local keep = {}
  for _, uci in ipairs(candidates(pos)) do keep[uci:sub(1, 2)] = true end
  keep[double:sub(3, 4)] = true
  local out = {}
  for k = 1, #moves do out[k] = moves[k] end
  if want == "lapsed" then
    for _ = 1, 2 * rng:int(1, 2) do
      local m = quiet_move(rng, game:position(), keep)
      if not m then return nil end
      out[#out + 1] = m
      game = arbiter.game(arbiter.start(), out)
      if not game then return nil end
    end
    return out
  end
  -- single: from the double step's square one step, a move of the other side, one step more
  out[#out] = nil
  local from, to = double:sub(1, 2), double:sub(3, 4)
  local mid = from:sub(1, 1) .. ((tonumber(from:sub(2, 2)) + tonumber(to:sub(2, 2))) // 2)
  out[#out + 1] = from .. mid
  local g1 = arbiter.game(arbiter.start(), out)
  local reply = g1 and quiet_move(rng, g1:position(), keep)
  if not reply then return nil end
  out[#out + 1] = reply
  out[#out + 1] = mid .. to
  return arbiter.game(arbiter.start(), out) and out or nil
end

return quiz {
  id = "en-passant",
  title = { en = "En passant?", fa = "آن‌پاسان؟", ar = "الأخذ بالتجاوز؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local want = rng:int(1, 2) == 1 and "capture" or Q.pick(rng, NONE_KINDS[level])
    for _ = 1, 40 do
      local game
      if want == "pinned" then
        local before, double = pin_template(rng)
        if before then
          local g = arbiter.game(before, { double })
          if g and ep_moves(g:position()) == 0 then game = g end
        end
      else
        local moves = double_step(rng, level)
        if moves and want ~= "capture" then moves = variant(rng, moves, want) end
        game = moves and arbiter.game(arbiter.start(), moves)
        if game and (ep_moves(game:position()) > 0) ~= (want == "capture") then game = nil end
      end
      local pos = game and game:position()
      if pos and #candidates(pos) > 0 and pos:legal_count() > 0 then
        local choices = {}
        for i, uci in ipairs(candidates(pos)) do
          choices[i] = { id = uci, text = Q.move_label(pos, uci:sub(1, 2), uci:sub(3, 4)) }
        end
        choices[#choices + 1] = NONE
        local n = game:length()
        local back = want == "lapsed" and 5 or want == "single" and 3 or 1
        if back > n then back = n end
        local moves = {}
        for _, m in ipairs(game:moves()) do moves[#moves + 1] = m.uci end
        return Q.question(pos, back == 1 and PROMPT_LAST or PROMPT_LASTS,
          { vars = { moves = Q.move_list(game, n - back) }, choices = choices, game = game,
            start_fen = game:position(0):fen(), moves = moves })
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
    -- why each offered capture is not legal, from the game (the double step it came too late
    -- for); two pawns that could have taken the same pawn share that reason: said once
    local said = {}
    for _, ch in ipairs(q.choices) do
      if ch.id ~= "none" and not legal[ch.id] then
        local _, why = arbiter.explain(q.pos, ch.id, q.game)
        for _, e in ipairs(why or {}) do
          if e.code ~= "illegal_move" and not said[e.text] then said[e.text] = true; ex[#ex + 1] = e end
        end
      end
    end
    return { correct = correct, expected = expected, explanations = ex }
  end,
}
