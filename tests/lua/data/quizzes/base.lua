-- A clean quiz generator: the mistakes of tests/quiz/test_quiz_check.sh are planted in it, one each.
-- on their start squares with some castling rights, other pieces scattered at random (more at
-- harder levels). The answer and every failing condition come from the engine.
local Q = quizlib

local EXTRA = { easy = { 1, 3 }, medium = { 3, 6 }, hard = { 5, 10 } }
local LETTERS = "PNBRQpnbrq"

local CHOICES = {
  { id = "both", text = { en = "Both sides", fa = "هر دو طرف", ar = "كلا الجانبين" } },
  { id = "kingside", text = { en = "Kingside only", fa = "فقط در جناح شاه", ar = "جهة الملك فقط" } },
  { id = "queenside", text = { en = "Queenside only", fa = "فقط در جناح وزیر", ar = "جهة الوزير فقط" } },
  { id = "none", text = { en = "Neither", fa = "هیچ‌کدام", ar = "ولا أي منهما" } },
}

local function template(rng, level)
  local grid = {}
  for r = 1, 8 do grid[r] = {} end
  grid[1][5], grid[8][5] = "K", "k"
  local rights = {}
  for _, spec in ipairs({ { 1, 1, "R", "Q" }, { 1, 8, "R", "K" }, { 8, 1, "r", "q" }, { 8, 8, "r", "k" } }) do
    if rng:int(1, 6) > 1 then
      grid[spec[1]][spec[2]] = spec[3]
      if rng:int(1, 6) > 1 then rights[#rights + 1] = spec[4] end
    end
  end
  local e = EXTRA[level]
  for _ = 1, rng:int(e[1], e[2]) do
    local f, r = rng:int(1, 8), rng:int(1, 8)
    local i = rng:int(1, #LETTERS)
    local letter = LETTERS:sub(i, i)
    if not grid[r][f] and not ((letter == "P" or letter == "p") and (r == 1 or r == 8)) then grid[r][f] = letter end
  end
  local rows = {}
  for r = 8, 1, -1 do
    local row, empty = "", 0
    for f = 1, 8 do
      if grid[r][f] then
        if empty > 0 then row = row .. empty end
        empty = 0
        row = row .. grid[r][f]
      else
        empty = empty + 1
      end
    end
    if empty > 0 then row = row .. empty end
    rows[#rows + 1] = row
  end
  table.sort(rights, function(a, b) return ("KQkq"):find(a, 1, true) < ("KQkq"):find(b, 1, true) end)
  local cr = #rights > 0 and table.concat(rights) or "-"
  local turn = rng:int(1, 2) == 1 and "w" or "b"
  return arbiter.position(table.concat(rows, "/") .. " " .. turn .. " " .. cr .. " - 0 1")
end

local function answer_of(pos)
  local turn = pos:turn()
  local k, kwhy = arbiter.castling(pos, turn, "kingside")
  local qs, qwhy = arbiter.castling(pos, turn, "queenside")
  local id = (k and qs) and "both" or k and "kingside" or qs and "queenside" or "none"
  return id, kwhy, qwhy
end

return quiz {
  id = "coach-base",
  title = { en = "Can you castle?", fa = "آیا می‌توانید قلعه بروید؟", ar = "هل يمكنك التبييت؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 200 do
      local pos = template(rng, level)
      if pos and pos:legal_count() > 0 then
        -- Easy questions keep at least one right so the question is not always "neither".
        if level ~= "easy" or pos:castling_rook(pos:turn(), "kingside") or pos:castling_rook(pos:turn(), "queenside") then
          return Q.question(pos,
            { en = "{side} to move. On which sides may {side} castle now?",
              fa = "نوبت {side} است. {side} اکنون در کدام جناح می‌تواند قلعه برود؟",
              ar = "الدور على {side}. إلى أي جانب يمكن لـ{side} التبييت الآن؟" },
            { choices = CHOICES, data = { color = pos:turn() } })
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local expected, kwhy, qwhy = answer_of(q.pos)
    local c = Q.find_choice(q, answer)
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    local text
    for _, ch in ipairs(CHOICES) do if ch.id == expected then text = Q.render(ch.text, lang) end end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, text, lang)
    for _, e in ipairs(kwhy) do ex[#ex + 1] = e end
    for _, e in ipairs(qwhy) do ex[#ex + 1] = e end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
