-- Quiz: is this move legal here? Positions from seeded random play; the candidate move is a
-- legal one or one the engine refuses, half and half. The illegal ones are moves a player could
-- believe legal: each follows its piece's way of moving, and fails on a rule. Easy: a blocked
-- path, an own piece on the square, a blocked pawn, the king stepping into check. Medium: a
-- pinned piece, moving while in check, castling that is not allowed. Hard: the same, chosen
-- among the subtlest (a pin, a check still standing, castling through an attacked square, an en
-- passant capture that is too late or uncovers the king). The prompt gives the last move, on
-- which en passant depends; castling rights lost earlier in the game are left to can-castle. The answer and the "why not" come
-- from the engine's move explanation.
local Q = quizlib

-- The engine's first reason (after illegal_move) that each level takes for an illegal move.
local REASONS = {
  easy = { path_blocked = true, own_piece_on_target = true, pawn_blocked = true, pawn_diagonal_needs_capture = true,
           pawn_double_not_from_start = true, leaves_king_in_check = true },
  medium = { pinned = true, leaves_king_in_check = true, still_in_check = true, castling_through_attack = true,
             castling_in_check = true, castling_into_attack = true, castling_path_blocked = true },
  hard = { pinned = true, still_in_check = true, castling_through_attack = true, castling_in_check = true,
           castling_into_attack = true, en_passant_too_late = true, en_passant_unavailable = true },
}

local PLIES = { easy = { 4, 16 }, medium = { 8, 40 }, hard = { 12, 60 } }

local KNIGHT = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } }
local KING = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } }
local LINES = { B = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }, R = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } }
LINES.Q = { LINES.B[1], LINES.B[2], LINES.B[3], LINES.B[4], LINES.R[1], LINES.R[2], LINES.R[3], LINES.R[4] }

-- Every square the piece on sq would reach by its way of moving on an empty board (a pawn: its
-- pushes and captures; a king: also the two castling squares), as from-to pairs.
local function pattern_moves(pos, sq)
  local p = pos:piece_at(sq)
  local t, white = p:upper(), p == p:upper()
  local f, r = sq:byte() - 96, tonumber(sq:sub(2, 2))
  local out = {}
  local function add(df, dr)
    local nf, nr = f + df, r + dr
    if nf >= 1 and nf <= 8 and nr >= 1 and nr <= 8 then out[#out + 1] = Q.square(nf, nr) return true end
    return false
  end
  if t == "N" then for _, d in ipairs(KNIGHT) do add(d[1], d[2]) end
  elseif t == "K" then
    for _, d in ipairs(KING) do add(d[1], d[2]) end
    if (white and sq == "e1") or (not white and sq == "e8") then add(2, 0) add(-2, 0) end
  elseif t == "P" then
    local dir = white and 1 or -1
    add(0, dir) add(1, dir) add(-1, dir)
    if (white and r == 2) or (not white and r == 7) then add(0, 2 * dir) end
  else
    for _, d in ipairs(LINES[t]) do
      local k = 1
      while add(d[1] * k, d[2] * k) do k = k + 1 end
    end
  end
  return out
end

-- The label a scoresheet reader knows: 0-0 / 0-0-0 for a king's two-square step, else the long
-- algebraic form (Bh4xf2).
local function label_of(pos, from, to, promo)
  local p = pos:piece_at(from)
  if p:upper() == "K" and math.abs(from:byte() - to:byte()) == 2 then return to:sub(1, 1) == "g" and "0-0" or "0-0-0" end
  return Q.move_label(pos, from, to, promo)
end

-- A candidate (from, to, promotion) for this position: legal when want_legal, else illegal for
-- one of the level's reasons; nil when the position offers none.
local function candidate(rng, pos, level, game, want_legal)
  local turn, mine = pos:turn(), {}
  for sq, p in pairs(pos:pieces()) do
    if (p == p:upper()) == (turn == "white") then mine[#mine + 1] = sq end
  end
  table.sort(mine)
  local pool = {}
  for _, from in ipairs(mine) do
    for _, to in ipairs(pattern_moves(pos, from)) do
      local promo
      if pos:piece_at(from):upper() == "P" and (to:sub(2, 2) == "8" or to:sub(2, 2) == "1") then promo = "q" end
      local uci = from .. to .. (promo or "")
      local m, why = arbiter.explain(pos, uci, game)
      if want_legal then
        if m then pool[#pool + 1] = { from, to, promo } end
      elseif not m then
        -- the first reason that says why (illegal_move is only the verdict)
        local first
        for _, e in ipairs(why) do if e.code ~= "illegal_move" then first = e.code break end end
        if first and REASONS[level][first] then pool[#pool + 1] = { from, to, promo } end
      end
    end
  end
  if #pool == 0 then return nil end
  local c = Q.pick(rng, pool)
  return c[1], c[2], c[3]
end

return quiz {
  id = "move-legal",
  title = { en = "Is this move legal?", fa = "آیا این حرکت قانونی است؟", ar = "هل هذه النقلة قانونية؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    local want_legal = rng:int(1, 2) == 1
    for _ = 1, 50 do
      local g, pos = Q.random_game(rng, r[1], r[2])
      if g and pos:legal_count() > 0 then
        local from, to, promo = candidate(rng, pos, level, g, want_legal)
        if from then
          local label = label_of(pos, from, to, promo)
          local uci = from .. to .. (promo and promo:lower() or "")
          return Q.question(pos,
            { en = "{side} to move; the last move was {last}. Is the move {move} legal here?",
              fa = "نوبت {side} است؛ آخرین حرکت {last} بود. آیا حرکت {move} در این وضعیت قانونی است؟",
              ar = "الدور على {side}، وكانت آخر نقلة {last}. هل النقلة {move} قانونية في هذا الوضع؟" },
            { vars = { move = label, last = Q.move_list(g, g:length() - 1) }, choices = Q.yes_no(), data = { move = uci }, uci = uci, label = label, game = g,
              start_fen = g:position(0):fen(), moves = (function()
                local list = {}
                for _, m in ipairs(g:moves()) do list[#list + 1] = m.uci end
                return list
              end)() })
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local m, reasons = arbiter.explain(q.pos, q.uci, q.game)
    local legal, why = m ~= nil, reasons or {}
    local expected = legal and "yes" or "no"
    local c = Q.find_choice(q, answer)
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, legal and Q.MSG.yes or Q.MSG.no, lang)
    for _, e in ipairs(why) do ex[#ex + 1] = e end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
