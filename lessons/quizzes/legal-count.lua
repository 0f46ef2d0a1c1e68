-- Quiz: how many legal moves does the side to move have? Four numbers to choose from, the
-- right one among them; the count (and, when in check, why it is small) comes from the engine.
-- Hard asks for a count that turns on a rule, not a longer game: the side to move is in check,
-- has a pinned piece, may castle, promote (four moves a push) or capture en passant.
local Q = quizlib

local PLIES = { easy = { 2, 8 }, medium = { 8, 30 }, hard = { 8, 40 } }

-- Does a rule beyond the pieces' ways of moving shape this position's count?
local function turns_on_a_rule(pos)
  if pos:in_check() or #pos:pinned(pos:turn()) > 0 then return true end
  for _, m in ipairs(pos:legal_moves()) do
    local from, to = m.uci:sub(1, 2), m.uci:sub(3, 4)
    local pawn = pos:piece_at(from):upper() == "P"
    if m.san:sub(1, 3) == "O-O" or #m.uci == 5 or (pawn and from:sub(1, 1) ~= to:sub(1, 1) and not pos:piece_at(to)) then
      return true
    end
  end
  return false
end
local LETTERS = { "A", "B", "C", "D" }

local MSG_COUNT = { en = "Legal moves of {side}: {n} ({moves}).", fa = "{side} {n} حرکت قانونی دارد: {moves}.",
                    ar = "عدد النقلات القانونية لدى {side}: {n}، وهي: {moves}." }

return quiz {
  id = "legal-count",
  title = { en = "Count the legal moves", fa = "حرکت‌های قانونی را بشمارید", ar = "عُدّ النقلات القانونية" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    for try = 1, 200 do
      local g, pos = Q.random_game(rng, r[1], r[2])
      local n = pos and pos:legal_count() or 0
      -- hard: a rule decides (the last tries take any position rather than fail)
      if n > 0 and (level ~= "easy" or n <= 30) and (level ~= "hard" or try > 150 or turns_on_a_rule(pos)) then
        local values, seen = { n }, { [n] = true }
        while #values < 4 do
          local v = n + rng:int(-6, 6)
          if v >= 0 and not seen[v] then seen[v] = true; values[#values + 1] = v end
        end
        Q.shuffle(rng, values)
        local choices = {}
        for i, v in ipairs(values) do choices[i] = { id = tostring(v), text = v } end -- text: a number, in the language's digits
        return Q.question(pos,
          { en = "{side} to move. How many legal moves does {side} have?",
            fa = "نوبت {side} است. {side} چند حرکت قانونی دارد؟",
            ar = "الدور على {side}. كم نقلة قانونية لدى {side}؟" },
          { choices = choices })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local n = q.pos:legal_count()
    local expected = tostring(n)
    local a = Q.norm(answer)
    local correct = a == expected
    local ex = { Q.verdict(correct, expected, lang) }
    local sans = {}
    for i, m in ipairs(q.pos:legal_moves()) do sans[i] = m.san end
    table.sort(sans)
    ex[2] = Q.note("legal_moves_count", MSG_COUNT, lang,
                   { side = Q.color_text(q.pos:turn()), n = n, moves = table.concat(sans, " ") })
    local _, why = arbiter.explain_status(q.pos)
    for _, e in ipairs(why) do ex[#ex + 1] = e end
    return { correct = correct, expected = expected, explanations = ex }
  end,
}
