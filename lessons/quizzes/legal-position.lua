-- Quiz: could this position arise in a game (FIDE 3.10)? Positions from random play, half of
-- them then spoiled by one change (a pawn on the back rank, the side not to move in check,
-- kings side by side, a third king, nine pawns, a castling right without its rook...). The
-- verdict and every problem come from the engine's FEN validation.
local Q = quizlib

local PLIES = { easy = { 4, 20 }, medium = { 10, 40 }, hard = { 20, 70 } }

local function board_of(fen)
  local rows, b = {}, {}
  for row in fen:match("^(%S+)"):gmatch("[^/]+") do rows[#rows + 1] = row end
  for i, row in ipairs(rows) do
    local r = 9 - i
    b[r] = {}
    local f = 1
    for c in row:gmatch(".") do
      if c:match("%d") then f = f + tonumber(c) else b[r][f] = c; f = f + 1 end
    end
  end
  return b
end

local function fen_of(b, rest)
  local rows = {}
  for r = 8, 1, -1 do
    local row, empty = "", 0
    for f = 1, 8 do
      if b[r][f] then
        if empty > 0 then row = row .. empty end
        empty = 0
        row = row .. b[r][f]
      else empty = empty + 1 end
    end
    if empty > 0 then row = row .. empty end
    rows[#rows + 1] = row
  end
  return table.concat(rows, "/") .. " " .. rest
end

local function empty_square(rng, b, ranks)
  for _ = 1, 30 do
    local f, r = rng:int(1, 8), Q.pick(rng, ranks)
    if not b[r][f] then return f, r end
  end
end

-- One change that (usually) makes the position impossible; the engine has the last word.
local SPOILERS = {
  function(rng, b, rest) local f, r = empty_square(rng, b, { 1, 8 }) if f then b[r][f] = Q.pick(rng, { "P", "p" }) end return rest end,
  function(rng, b, rest) local f, r = empty_square(rng, b, { 2, 3, 4, 5, 6, 7 }) if f then b[r][f] = Q.pick(rng, { "K", "k" }) end return rest end,
  function(rng, b, rest) return rest:gsub("^(%a)", function(s) return s == "w" and "b" or "w" end) end,
  function(rng, b, rest)
    for _ = 1, 3 do local f, r = empty_square(rng, b, { 2, 3, 4, 5, 6, 7 }) if f then b[r][f] = "P" end end
    for _ = 1, 6 do local f, r = empty_square(rng, b, { 2, 3, 4, 5, 6, 7 }) if f then b[r][f] = "P" end end
    return rest
  end,
  function(rng, b, rest) return rest:gsub("^(%a) %S+", "%1 KQkq") end,
  function(rng, b, rest)
    for r = 1, 8 do for f = 1, 8 do if b[r][f] == "K" then b[r][f] = nil end end end
    local f, r
    for rr = 1, 8 do for ff = 1, 8 do if b[rr][ff] == "k" then f, r = ff, rr end end end
    local nf, nr = f + Q.pick(rng, { -1, 0, 1 }), r + Q.pick(rng, { -1, 1 })
    if nf >= 1 and nf <= 8 and nr >= 1 and nr <= 8 then b[nr][nf] = "K" end
    return rest
  end,
}

return quiz {
  id = "legal-position",
  title = { en = "Legal position or not?", fa = "وضعیت قانونی است یا نه؟", ar = "وضع قانوني أم لا؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    for _ = 1, 50 do
      local _, pos = Q.random_game(rng, r[1], r[2])
      if pos then
        local fen = pos:fen()
        if rng:int(0, 1) == 1 then
          local b = board_of(fen)
          local rest = fen:match("^%S+ (.*)$")
          local spoil = SPOILERS[rng:int(1, level == "easy" and 2 or #SPOILERS)]
          rest = spoil(rng, b, rest)
          fen = fen_of(b, rest)
        end
        return {
          fen = fen,
          prompt = { en = "Could this position arise in a game played by the rules? FEN: {fen}",
                     fa = "آیا این وضعیت می‌تواند در بازی‌ای طبق قوانین پیش بیاید؟ FEN: {fen}",
                     ar = "هل يمكن أن ينشأ هذا الوضع في مباراة وفق القواعد؟ FEN: {fen}" },
          vars = { fen = fen },
          choices = { { id = "legal", text = { en = "Yes, it is legal", fa = "بله، قانونی است", ar = "نعم، إنه قانوني" } },
                      { id = "illegal", text = { en = "No, it is illegal", fa = "نه، غیرقانونی است", ar = "لا، إنه غير قانوني" } } },
        }
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local valid, problems = arbiter.validate(q.fen)
    local expected = valid and "legal" or "illegal"
    local c = Q.find_choice(q, answer)
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    local text
    for _, ch in ipairs(q.choices) do if ch.id == expected then text = ch.text end end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, text, lang)
    for _, e in ipairs(problems) do ex[#ex + 1] = e end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
