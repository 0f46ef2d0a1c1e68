-- Quiz: which draw rule applies here: threefold repetition, the fifty-move rule, a dead position
-- (by material alone, or behind locked pawns), or none? The 2023 Laws have no separate
-- "insufficient material" draw: king and bishop against king is a dead position (5.2.2), so both
-- dead choices say "dead position" and differ only in why. Repetitions are built by playing
-- pieces out and back; the rest come from random play and sparse or locked-pawn templates. The
-- engine decides.
local Q = quizlib

local CHOICES = {
  { id = "repetition", text = { en = "Threefold repetition (may be claimed)", fa = "تکرار سه‌باره (قابل ادعا)",
                                ar = "التكرار الثلاثي (يمكن المطالبة به)" } },
  { id = "fifty_moves", text = { en = "Fifty-move rule (may be claimed)", fa = "قانون پنجاه حرکت (قابل ادعا)",
                                 ar = "قاعدة الخمسين نقلة (يمكن المطالبة بها)" } },
  { id = "insufficient_material", text = { en = "Dead position: too little material to checkmate (drawn at once)",
                                           fa = "وضعیت مرده: مهرهٔ کافی برای مات نیست (بی‌درنگ مساوی)",
                                           ar = "وضع ميت: لا تكفي القطع للإماتة (تعادل فوري)" } },
  { id = "dead_position", text = { en = "Dead position: the pawns are locked and no checkmate is possible (drawn at once)",
                                   fa = "وضعیت مرده: پیاده‌ها قفل شده‌اند و هیچ ماتی ممکن نیست (بی‌درنگ مساوی)",
                                   ar = "وضع ميت: البيادق مقفلة ولا إماتة ممكنة (تعادل فوري)" } },
  { id = "none", text = { en = "None of these", fa = "هیچ‌کدام", ar = "لا شيء مما سبق" } },
}

local MSG_NONE = { en = "No draw rule applies: the game goes on.", fa = "هیچ قانون تساوی‌ای برقرار نیست: بازی ادامه دارد.",
                   ar = "لا تنطبق أي قاعدة تعادل: تستمر المباراة." }
-- Nobody claimed anything: the counts, without a wrong claim's penalty.
local MSG_COUNTS = {
  en = "Times this position has stood on the board: {times} (a claim needs three). Moves since the last pawn move or capture: White {white}, Black {black} (a claim needs {fifty} by each player).",
  fa = "شمار دفعاتی که این وضعیت روی صفحه آمده است: {times} (برای ادعا سه بار لازم است). حرکت‌ها از آخرین حرکت پیاده یا گرفتن مهره: سفید {white}، سیاه {black} (برای ادعا هر بازیکن {fifty} حرکت لازم دارد).",
  ar = "عدد مرات ظهور هذا الوضع على الرقعة: {times} (المطالبة تحتاج إلى ثلاث مرات). عدد النقلات منذ آخر تحريك لبيدق أو آخر أخذ: للأبيض {white} وللأسود {black} (المطالبة تحتاج إلى {fifty} نقلة لكل لاعب)." }

-- The engine's answer for a game: automatic endings first, then claims available now.
local function rule_of(g)
  local st = g:status()
  if st == "insufficient_material" or st == "dead_position" then return st, nil end
  local three = g:claim("threefold")
  if three.claim_valid then return "repetition", three end
  local fifty = g:claim("fifty_moves")
  if fifty.claim_valid then return "fifty_moves", fifty end
  return "none", three
end

-- Plays a piece out and back for each side, twice: the position occurs three times.
local function repetition(rng, level)
  local g = arbiter.random_game(rng, rng:int(level == "easy" and 2 or 6, level == "hard" and 40 or 16))
  local start = g:position(0)
  local moves = {}
  for _, m in ipairs(g:moves()) do moves[#moves + 1] = m.uci end
  local pos = g:position()
  local function shuffle_move(p)
    local list = {}
    for _, m in ipairs(p:legal_moves()) do
      if m.piece ~= "P" and m.piece ~= "K" and m.piece ~= "R" and not m.captured then list[#list + 1] = m end
    end
    if #list == 0 then return nil end
    return list[rng:int(1, #list)]
  end
  local a = shuffle_move(pos)
  if not a then return nil end
  local p1 = pos:play(a.uci)
  local b = shuffle_move(p1)
  if not b then return nil end
  local cycle = { a.uci, b.uci, a.to .. a.from, b.to .. b.from }
  -- Hard: sometimes only twice (no claim yet).
  local rounds = (level == "hard" and rng:int(1, 3) == 1) and 1 or 2
  for _ = 1, rounds do for _, u in ipairs(cycle) do moves[#moves + 1] = u end end
  local game = arbiter.game(start, moves)
  if not game then return nil end
  return game, start, moves
end

local function fifty(rng, level)
  local _, pos = Q.random_game(rng, 20, 60)
  if not pos or pos:ep_square() or pos:legal_count() == 0 then return nil end
  local clock = level == "hard" and rng:int(92, 110) or rng:int(100, 120)
  local fen = pos:fen():gsub(" (%d+) (%d+)$", function(_, full) return " " .. clock .. " " .. math.max(tonumber(full), 60) end)
  local p = arbiter.position(fen)
  return p and arbiter.game(p)
end

local SPARSE = { { "", "" }, { "B", "" }, { "N", "" }, { "", "b" }, { "", "n" }, { "B", "b" }, { "N", "n" }, { "R", "" }, { "BB", "" }, { "P", "" } }
local function material(rng)
  local m = Q.pick(rng, SPARSE)
  local pos = Q.sparse_position(rng, m[1], m[2], rng:int(0, 1) == 0 and "white" or "black")
  return pos and pos:legal_count() > 0 and arbiter.game(pos)
end

-- Locked pawn walls with the kings kept apart (the engine decides whether they are dead).
local WALLS = {
  "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3", "8/4k3/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3K4/8",
  "2k5/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/5K2", "k7/8/p7/Pp6/1Pp5/2Pp4/3Pp3/4P2K",
}
local function dead(rng)
  local fen = Q.pick(rng, WALLS) .. (rng:int(0, 1) == 0 and " w" or " b") .. " - - 0 1"
  local pos = arbiter.position(fen)
  return pos and arbiter.game(pos)
end

return quiz {
  id = "draw-rule",
  title = { en = "Which draw rule applies?", fa = "کدام قانون تساوی برقرار است؟", ar = "أي قاعدة تعادل تنطبق؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 40 do
      local want = Q.pick(rng, { "repetition", "fifty_moves", "insufficient_material", "dead_position", "none" })
      local g, start, moves
      if want == "repetition" then g, start, moves = repetition(rng, level)
      elseif want == "fifty_moves" then g = fifty(rng, level)
      elseif want == "insufficient_material" then g = material(rng)
      elseif want == "dead_position" then g = dead(rng)
      else g = select(1, Q.random_game(rng, 4, 60)) end
      -- Keep questions whose answer is the one looked for (dead positions only once the
      -- engine recognises them; near misses at the hard level).
      if g and g:position():legal_count() > 0 then
        local rule = rule_of(g)
        if rule == want or (level == "hard" and rule == "none") then
          local q = {
            fen = g:position():fen(),
            prompt = { en = "{side} to move. Which draw rule applies in this position?",
                       fa = "نوبت {side} است. در این وضعیت کدام قانون تساوی برقرار است؟",
                       ar = "الدور على {side}. أي قاعدة تعادل تنطبق في هذا الوضع؟" },
            vars = { side = Q.color_text(g:position():turn()) },
            choices = CHOICES,
            game = g,
          }
          if start then q.start_fen, q.moves = start:fen(), moves end
          return q
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local expected, outcome = rule_of(q.game)
    local c = Q.find_choice(q, answer)
    local ex = {}
    if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
    local text
    for _, ch in ipairs(CHOICES) do if ch.id == expected then text = ch.text end end
    ex[#ex + 1] = Q.verdict(c ~= nil and c.id == expected, text, lang)
    if expected == "insufficient_material" or expected == "dead_position" then
      for _, e in ipairs(q.game:outcome().explanations) do ex[#ex + 1] = e end
    elseif outcome and expected ~= "none" then
      for _, e in ipairs(outcome.explanations) do ex[#ex + 1] = e end
    else
      ex[#ex + 1] = Q.note("no_draw_rule", MSG_NONE, lang)
      local pos = q.game:position()
      local clock = pos:halfmove_clock()
      -- the last of `clock` half-moves was made by the side not to move (as the engine counts, 9.3)
      local mover, waiting = (clock + 1) // 2, clock // 2
      local white, black = waiting, mover
      if pos:turn() == "black" then white, black = mover, waiting end
      ex[#ex + 1] = Q.note("draw_counts", MSG_COUNTS, lang,
        { times = #q.game:occurrences(), white = white, black = black, fifty = 50 })
    end
    return { correct = c ~= nil and c.id == expected, expected = expected, explanations = ex }
  end,
}
