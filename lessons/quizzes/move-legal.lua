-- Quiz: is this move legal here? Positions from seeded random play; the candidate move is a
-- legal one or one the engine refuses (harder levels: refused for subtler reasons). The answer
-- and the "why not" come from the engine's move explanation.
local Q = quizlib

-- Reasons each level looks for in an illegal candidate (first reason of the engine's list).
local SUBTLE = { pinned = true, leaves_king_in_check = true, still_in_check = true, path_blocked = true,
                 en_passant_unavailable = true, own_piece_on_target = true, pawn_blocked = true }

local PLIES = { easy = { 4, 12 }, medium = { 10, 30 }, hard = { 20, 60 } }

local function candidate(rng, pos, level)
  local mine = {}
  local turn = pos:turn()
  for sq, p in pairs(pos:pieces()) do
    if (p == p:upper()) == (turn == "white") then mine[#mine + 1] = sq end
  end
  table.sort(mine)
  local want_legal = rng:int(1, 2) == 1
  if want_legal then
    local moves = pos:legal_moves()
    local u = moves[rng:int(1, #moves)].uci -- castling reads e1g1 here, not king-takes-rook
    return u:sub(1, 2), u:sub(3, 4), u:sub(5, 5) ~= "" and u:sub(5, 5) or nil
  end
  for _ = 1, 60 do
    local from = Q.pick(rng, mine)
    local to = Q.square(rng:int(1, 8), rng:int(1, 8))
    -- King onto its own rook is castling in disguise (e1h1): not asked as a plain move.
    local target = pos:piece_at(to)
    local castling_like = pos:piece_at(from):upper() == "K" and target and target:upper() == "R" and
      (target == target:upper()) == (turn == "white")
    if to ~= from and not castling_like then
      local promo
      local p = pos:piece_at(from):upper()
      if p == "P" and (to:sub(2, 2) == "8" or to:sub(2, 2) == "1") then promo = "q" end
      local legal, why = quizlib.why_illegal(pos, from .. to .. (promo or ""))
      if not legal then
        local subtle = why[2] and SUBTLE[why[2].code] or SUBTLE[why[1].code]
        if level == "easy" or (level == "medium" and rng:int(1, 3) == 1) or subtle then
          return from, to, promo
        end
      end
    end
  end
  return nil
end

return quiz {
  id = "move-legal",
  title = { en = "Is this move legal?", fa = "آیا این حرکت قانونی است؟", ar = "هل هذه النقلة قانونية؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    for _ = 1, 50 do
      local g, pos = Q.random_game(rng, r[1], r[2])
      if g and pos:legal_count() > 0 then
        local from, to, promo = candidate(rng, pos, level)
        if from then
          local label = Q.move_label(pos, from, to, promo)
          local uci = from .. to .. (promo and promo:lower() or "")
          return Q.question(pos,
            { en = "{side} to move. Is the move {move} legal here?",
              fa = "نوبت {side} است. آیا حرکت {move} در این وضعیت قانونی است؟",
              ar = "الدور على {side}. هل النقلة {move} قانونية في هذا الوضع؟" },
            { vars = { move = label }, choices = Q.yes_no(), data = { move = uci }, uci = uci, label = label })
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local legal, why = quizlib.why_illegal(q.pos, q.uci)
    local expected = legal and "yes" or "no"
    local c = Q.find_choice(q, answer)
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, legal and Q.MSG.yes or Q.MSG.no, lang)
    for _, e in ipairs(why) do ex[#ex + 1] = e end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
