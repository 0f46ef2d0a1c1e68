-- Quiz: name the status of the position (check, checkmate, stalemate or none of these).
-- Random play gives "none" and "check"; sparse endings with the lone king on the edge give
-- stalemates, and mates once the solver's mating move is played. The
-- answer and its explanation (checkers, flight squares, blocked pieces) come from the engine.
local Q = quizlib

local CHOICES = {
  { id = "check", text = { en = "Check", fa = "کیش", ar = "كش" } },
  { id = "checkmate", text = { en = "Checkmate", fa = "مات", ar = "كش مات" } },
  { id = "stalemate", text = { en = "Stalemate", fa = "پات", ar = "جمود (بات)" } },
  { id = "none", text = { en = "None of these", fa = "هیچ‌کدام", ar = "لا شيء مما سبق" } },
}
local ID = { ongoing = "none", check = "check", checkmate = "checkmate", stalemate = "stalemate" }
-- "None of these" says why: the engine gives no reason for a position that is none of the three.
local MSG_NONE = { en = "{side}'s king is not in check and {side} has legal moves, so this is neither check, checkmate nor stalemate: the game goes on.",
                   fa = "شاه {side} کیش نیست و {side} حرکت قانونی دارد؛ پس این وضعیت نه کیش است، نه مات و نه پات: بازی ادامه می‌یابد.",
                   ar = "ملك {side} ليس في كش، ولدى {side} نقلات قانونية؛ فهذا الوضع ليس كشًّا ولا كش مات ولا جمودًا: تستمر المباراة." }
local MATERIAL = { easy = { "Q", "QP", "RR" }, medium = { "QR", "RR", "QB", "RB" }, hard = { "QN", "RB", "QRp", "RRp", "QBp" } }

local function find(rng, level, want)
  for _ = 1, 400 do
    local pos
    if want == "checkmate" or want == "stalemate" then
      -- Stalemates need little material: a queen or pawn more at the harder levels.
      local white = want == "stalemate" and Q.pick(rng, level == "easy" and { "Q" } or { "Q", "QP", "RR" })
        or Q.pick(rng, MATERIAL[level])
      local black = ""
      if white:find("p") then white, black = white:gsub("p", ""), "p" end
      -- The lone king on the edge; for mates, White's mating move (found by the solver) is
      -- played, so the question shows the mated position.
      -- For stalemates the queen (or first rook) and the white king start close to the lone king:
      -- most stalemates have them there, and far fewer tries are wasted.
      local near = want == "stalemate" and { [white:sub(1, 1)] = 2, K = 3 } or nil
      pos = Q.sparse_position(rng, white, black, want == "checkmate" and "white" or "black", Q.edge_square(rng), near)
      if pos and want == "checkmate" and pos:legal_count() > 0 then
        local r = arbiter.mate_in(pos, 1)
        pos = r and r.mate and pos:play(r.keys[rng:int(1, #r.keys)]) or nil
      end
    else
      -- One random game, scanned from its end for a position of the wanted kind.
      local g = arbiter.random_game(rng, rng:int(level == "easy" and 6 or 10, level == "hard" and 80 or 40))
      for i = g:length(), 1, -1 do
        local p = g:position(i)
        if ID[p:state()] == want then pos = p break end
      end
    end
    if pos and ID[pos:state()] == want then return pos end
  end
  return nil
end

return quiz {
  id = "status",
  title = { en = "Check, checkmate or stalemate?", fa = "کیش، مات یا پات؟", ar = "كش أم كش مات أم جمود؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 20 do
      local want = Q.pick(rng, { "check", "checkmate", "stalemate", "none" })
      local pos = find(rng, level, want)
      if pos then
        return Q.question(pos,
          { en = "{side} to move. What is the status of this position?",
            fa = "نوبت {side} است. این وضعیت کدام است: کیش، مات، پات یا هیچ‌کدام؟",
            ar = "الدور على {side}. ما حالة هذا الوضع؟" },
          { choices = CHOICES })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local state, why = arbiter.explain_status(q.pos)
    local expected = ID[state]
    local c = Q.find_choice(q, answer)
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    local text
    for _, ch in ipairs(CHOICES) do if ch.id == expected then text = ch.text end end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, text, lang)
    for _, e in ipairs(why) do ex[#ex + 1] = e end
    if expected == "none" then ex[#ex + 1] = Q.note("status_none", MSG_NONE, lang, { side = Q.color_text(q.pos:turn()) }) end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
