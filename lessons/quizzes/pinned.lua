-- Quiz: which pieces of the side to move are pinned to their king? The answer is the engine's
-- pin set; the explanation is the engine's reason a pinned piece may not leave its line.
local Q = quizlib

local PLIES = { easy = { 10, 30 }, medium = { 15, 50 }, hard = { 20, 80 } }

local MSG_NONE = { en = "No piece of {side} is pinned.", fa = "هیچ مهره‌ای از {side} آچمز نیست.",
                   ar = "لا توجد قطعة مثبّتة لدى {side}." }

local MSG_ALONG = { en = "The piece on {sq} is pinned: it may move only along the line between its king and the piece that pins it.",
                    fa = "مهرهٔ {sq} آچمز است: فقط در امتداد خطِ میان شاهش و مهره‌ای که آن را آچمز کرده می‌تواند حرکت کند.",
                    ar = "القطعة في {sq} مثبّتة: لا يجوز لها أن تتحرك إلا على الخط بين ملكها والقطعة التي تثبّتها." }

-- The engine's "pinned" reason for the piece on sq: a move off the pin line.
local function pin_reason(pos, sq)
  for f = 1, 8 do
    for r = 1, 8 do
      local to = Q.square(f, r)
      if to ~= sq then
        local legal, why = quizlib.why_illegal(pos, sq .. to)
        if not legal then
          for _, e in ipairs(why) do if e.code == "pinned" then return e end end
        end
      end
    end
  end
  return nil
end

return quiz {
  id = "pinned",
  title = { en = "Find the pinned pieces", fa = "مهره‌های آچمز را پیدا کنید", ar = "حدّد القطع المثبّتة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },
  answer_type = "squares",

  generate = function(rng, params)
    local level = Q.level(params)
    local r = PLIES[level]
    -- Easy: half the positions with a pin, half without; medium: two in three with a pin;
    -- hard: always a pin, sometimes two.
    local need = level == "hard" and 1 or (level == "medium" and (rng:int(1, 3) > 1 and 1 or 0) or rng:int(0, 1))
    for _ = 1, 200 do
      local g, pos = Q.random_game(rng, r[1], r[2])
      local pins = pos and #pos:pinned(pos:turn())
      if pos and pos:legal_count() > 0 and pins >= need and (need > 0 or pins == 0) then
        return Q.question(pos,
          { en = "{side} to move. Which pieces of {side} are pinned to the king? Answer with squares (e.g. c3 f6), or 'none'.",
            fa = "نوبت {side} است. کدام مهره‌های {side} به شاه آچمز شده‌اند؟ با نام خانه‌ها پاسخ دهید (مثلاً c3 f6) یا «هیچ‌کدام».",
            ar = "الدور على {side}. أي قطع {side} مثبّتة على الملك؟ أجب بأسماء المربعات (مثل c3 f6) أو «لا شيء»." },
          { data = { color = pos:turn() } })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local pins = q.pos:pinned(q.pos:turn())
    table.sort(pins)
    local expected = Q.squares_text(pins)
    local given, bad = Q.parse_squares(answer)
    local correct = given ~= nil and Q.squares_text(given) == expected
    local ex = {}
    if not given then
      ex[1] = Q.note("not_a_square", { en = "'{found}' is not a square (a1 to h8).",
                                       fa = "«{found}» نام یک خانه نیست (a1 تا h8).",
                                       ar = "«{found}» ليس اسم مربع (من a1 إلى h8)." }, lang, { found = bad })
    end
    ex[#ex + 1] = Q.verdict(correct, Q.squares_text(pins, lang), lang)
    if #pins == 0 then ex[#ex + 1] = Q.note("no_pins", MSG_NONE, lang, { side = Q.color_text(q.pos:turn()) }) end
    for _, sq in ipairs(pins) do
      -- the engine's reason for a move off the line; a piece with none (a pawn that may still
      -- push along the file) gets the rule said plainly
      ex[#ex + 1] = pin_reason(q.pos, sq) or Q.note("pinned_along_line", MSG_ALONG, lang, { sq = sq }, { sq })
    end
    return { correct = correct, expected = expected, explanations = ex }
  end,
}
