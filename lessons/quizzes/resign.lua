-- Quiz (arbiter's track): a player resigns; what is the result? FIDE 5.1.2 (since 2023): the
-- resigning player loses, unless the opponent cannot checkmate by any series of legal moves;
-- then the game is drawn (White resigning with K+Q v K draws). A resignation that loses is shown
-- with a mating line the opponent still has (arbiter.unwinnable's witness). The engine decides.
local Q = quizlib

-- {material of the side that resigns, material of the opponent}
local MATERIAL = {
  easy = { { "Q", "" }, { "", "Q" }, { "R", "" }, { "", "R" }, { "QR", "" }, { "", "P" } },
  medium = { { "Q", "N" }, { "R", "B" }, { "", "N" }, { "", "B" }, { "R", "NN" }, { "P", "R" } },
  hard = { { "R", "N" }, { "P", "B" }, { "Q", "B" }, { "PP", "N" }, { "", "BN" }, { "N", "N" } },
}

local MSG_LINE = { en = "The opponent can still checkmate, so the resignation loses. One series of legal moves that ends in mate: {line}.",
                   fa = "حریف هنوز می‌تواند مات کند، پس تسلیم شدن به باخت می‌انجامد. یک رشته از حرکت‌های قانونی که به مات می‌رسد: {line}.",
                   ar = "ما زال الخصم قادرًا على الإماتة، فالاستسلام خسارة. وهذه سلسلة من النقلات القانونية تنتهي بالإماتة: {line}." }

local function case(letters, color) return color == "white" and letters:upper() or letters:lower() end

return quiz {
  id = "resign",
  title = { en = "Resignation: what is the result?", fa = "تسلیم شدن: نتیجه چیست؟", ar = "الاستسلام: ما النتيجة؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 60 do
      local m = Q.pick(rng, MATERIAL[level])
      local resigns = rng:int(0, 1) == 0 and "white" or "black"
      local w = resigns == "white" and m[1] or m[2]
      local b = resigns == "white" and m[2] or m[1]
      local pos = Q.sparse_position(rng, case(w, "white"), case(b, "black"), rng:int(0, 1) == 0 and "white" or "black")
      if pos and pos:legal_count() > 0 and pos:status() == "ongoing" and arbiter.validate(pos:fen()) then
        return Q.question(pos, {
          en = "{side} to move. {resigns} resigns in this position. What is the result?",
          fa = "نوبت {side} است. {resigns} در این وضعیت تسلیم می‌شود (بازی را واگذار می‌کند). نتیجهٔ بازی چیست؟",
          ar = "الدور على {side}. يستسلم {resigns} في هذا الوضع. ما نتيجة المباراة؟" },
          { vars = { resigns = Q.color_text(resigns) }, choices = Q.RESULT_CHOICES,
            data = { resign = resigns }, resigns = resigns, game = arbiter.game(pos) })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local out = q.game:outcome({ resign = q.resigns })
    local ex = {}
    for _, e in ipairs(out.explanations) do ex[#ex + 1] = e end
    -- a loss: the mating line that makes it one (5.1.2: the opponent can still checkmate)
    if out.result ~= "1/2-1/2" then
      local u = arbiter.unwinnable(q.pos, Q.other(q.resigns), 12000)
      if u and u.unwinnable == false and u.witness then
        local line = arbiter.game(q.pos, u.witness)
        if line then ex[#ex + 1] = Q.note("mating_line", MSG_LINE, lang, { line = Q.move_list(line) }) end
      end
    end
    return Q.grade_choice(q, answer, lang, Q.result_id(out), ex)
  end,
}
