-- Quiz: touch-move (FIDE 4.3-4.5). The player to move touched a piece (harder levels: an
-- opponent's piece, or two pieces); which of the offered moves may they now play? The engine's
-- touch-move obligation decides, and explains which piece binds and why.
local Q = quizlib

local PLIES = { easy = { 6, 20 }, medium = { 10, 40 }, hard = { 10, 60 } }
local ANY = { id = "any", text = { en = "Any legal move (the touch binds nothing)", fa = "هر حرکت قانونی (لمس تعهدی نمی‌آورد)",
                                   ar = "أي نقلة قانونية (اللمس لا يُلزم بشيء)" } }
local LETTERS = { "a", "b", "c" }
-- One touched piece, or several ("in that order" only then).
local PROMPT_ONE = {
  en = "It is {side}'s move, and {side} deliberately touched the piece on {squares}. Which move may {side} play now?",
  fa = "نوبت {side} است و {side} عمداً مهرهٔ {squares} را لمس کرد. اکنون {side} کدام حرکت را می‌تواند انجام دهد؟",
  ar = "الدور على {side}، وقد لمس {side} عمدًا القطعةَ في {squares}. أي نقلة يجوز أن يلعبها {side} الآن؟" }
local PROMPT_SEVERAL = {
  en = "It is {side}'s move, and {side} deliberately touched the pieces on {squares}, in that order. Which move may {side} play now?",
  fa = "نوبت {side} است و {side} عمداً مهره‌های {squares} را به همین ترتیب لمس کرد. اکنون {side} کدام حرکت را می‌تواند انجام دهد؟",
  ar = "الدور على {side}، وقد لمس {side} عمدًا القطعَ في {squares} بهذا الترتيب. أي نقلة يجوز أن يلعبها {side} الآن؟" }

local function touched_of(rng, pos, level)
  local turn = pos:turn()
  local own, opp = {}, {}
  for sq, p in pairs(pos:pieces()) do
    if (p == p:upper()) == (turn == "white") then own[#own + 1] = sq else opp[#opp + 1] = sq end
  end
  table.sort(own)
  table.sort(opp)
  local kind = level == "easy" and 1 or rng:int(1, level == "hard" and 3 or 2)
  if kind == 1 then return { Q.pick(rng, own) } end
  if kind == 2 then return { Q.pick(rng, opp) } end
  return { Q.pick(rng, own), Q.pick(rng, opp) }
end

return quiz {
  id = "touch-move",
  title = { en = "Touch-move", fa = "دست به مهره", ar = "قاعدة القطعة الملموسة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    for _ = 1, 60 do
      local _, pos = Q.random_game(rng, r[1], r[2])
      if pos and pos:legal_count() > 3 then
        local touched = touched_of(rng, pos, level)
        local t = pos:touch(touched)
        local allowed, ok_list, bad_list = {}, {}, {}
        for _, m in ipairs(t.moves) do allowed[m.uci] = true end
        for _, m in ipairs(pos:legal_moves()) do
          if t.any or allowed[m.uci] then ok_list[#ok_list + 1] = m else bad_list[#bad_list + 1] = m end
        end
        local offered
        if t.any then
          if #bad_list == 0 and #ok_list >= 3 then
            Q.shuffle(rng, ok_list)
            offered = { ok_list[1], ok_list[2], ok_list[3] }
          end
        elseif #ok_list >= 1 and #bad_list >= 2 then
          Q.shuffle(rng, bad_list)
          offered = { ok_list[rng:int(1, #ok_list)], bad_list[1], bad_list[2] }
          Q.shuffle(rng, offered)
        end
        -- With no obligation every offered move is allowed: the right choice is "any".
        if offered then
          local choices = {}
          for i, m in ipairs(offered) do choices[i] = { id = LETTERS[i], text = m.san, uci = m.uci } end
          choices[4] = ANY
          -- the squares in each language's list style, each isolated in RTL text
          local names = { en = table.concat(touched, ", ") }
          local iso = {}
          for i, sq in ipairs(touched) do iso[i] = "\u{2066}" .. sq .. "\u{2069}" end
          names.fa, names.ar = table.concat(iso, "، "), table.concat(iso, " و")
          return Q.question(pos, #touched == 1 and PROMPT_ONE or PROMPT_SEVERAL,
            { vars = { squares = names }, choices = choices, data = { touched = table.concat(touched, " ") }, touched = touched })
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local t = q.pos:touch(q.touched)
    local allowed = {}
    for _, m in ipairs(t.moves) do allowed[m.uci] = true end
    local expected = "any"
    if not t.any then
      for _, c in ipairs(q.choices) do if c.uci and allowed[c.uci] then expected = c.id end end
    end
    local c = Q.find_choice(q, answer)
    -- The move itself (SAN or UCI) is accepted for its letter.
    if not c then
      local m = q.pos:parse(tostring(answer))
      for _, ch in ipairs(q.choices) do if m and ch.uci == m.uci then c = ch end end
    end
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    -- the verdict names the right choice by its label (a move, or "any legal move"), not "b) ..."
    local shown = expected
    for _, ch in ipairs(q.choices) do if ch.id == expected then shown = ch.text end end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, shown, lang)
    for _, e in ipairs(t.explanations) do ex[#ex + 1] = e end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
