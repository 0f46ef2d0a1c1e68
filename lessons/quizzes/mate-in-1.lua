-- Quiz: find the mate in one. Positions from random play (a mating move exists) and, at the
-- easy level, sparse endings too; the solver proves the mate, and any mating move is accepted.
local Q = quizlib

local SPARSE = { "QR", "RR", "QQ", "QB", "QN", "RB" }

-- (A position with no legal move has no mate in one either: mate_in says so.)
local function found(pos)
  if not pos then return false end
  local r = arbiter.mate_in(pos, 1)
  return r and r.mate
end

return quiz {
  id = "mate-in-1",
  title = { en = "Mate in one", fa = "مات در یک حرکت", ar = "كش مات في نقلة واحدة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 300 do
      local pos
      if level == "easy" and _ % 2 == 1 then
        pos = Q.sparse_position(rng, Q.pick(rng, SPARSE), "", "white")
      else
        local g = arbiter.random_game(rng, rng:int(20, level == "hard" and 120 or 80))
        for i = g:length(), math.max(1, g:length() - 30), -1 do
          local p = g:position(i)
          if found(p) then pos = p break end
        end
      end
      if found(pos) then
        return Q.question(pos,
          { en = "{side} to move and mate in one. Which move?",
            fa = "{side} حرکت می‌کند و در یک حرکت مات می‌کند. کدام حرکت؟",
            ar = "{side} يلعب ويحقق كش مات في نقلة واحدة. ما هي النقلة؟" })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local r = arbiter.mate_in(q.pos, 1)
    local key = q.pos:parse(r.keys[1])
    local expected = key.san
    local ex = {}
    local line, bad, idx = {}, nil, nil
    for tok in tostring(answer):gmatch("%S+") do line[#line + 1] = tok end
    local check, why = nil, nil
    if #line == 0 or #line > 2 then
      check = nil
    else
      check, why = arbiter.check_line(q.pos, 1, line)
    end
    local correct = check ~= nil and check.verdict == "solved"
    ex[1] = Q.verdict(correct, expected, lang)
    if check then
      for _, e in ipairs(check.explanations) do ex[#ex + 1] = e end
    elseif type(why) == "table" then
      local _, reasons = quizlib.why_illegal(q.pos, line[1])
      for _, e in ipairs(reasons) do ex[#ex + 1] = e end
    end
    return { correct = correct, expected = expected, explanations = ex }
  end,
}
