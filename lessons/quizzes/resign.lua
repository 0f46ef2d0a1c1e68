-- Quiz (arbiter's track): a player resigns; what is the result? FIDE 5.1.2 (since 2023): the
-- resigning player loses, unless the opponent cannot checkmate by any series of legal moves;
-- then the game is drawn (White resigning with K+Q v K draws). The engine decides.
local Q = quizlib

-- {material of the side that resigns, material of the opponent}
local MATERIAL = {
  easy = { { "Q", "" }, { "", "Q" }, { "R", "" }, { "", "R" }, { "QR", "" }, { "", "P" } },
  medium = { { "Q", "N" }, { "R", "B" }, { "", "N" }, { "", "B" }, { "R", "NN" }, { "P", "R" } },
  hard = { { "R", "N" }, { "P", "B" }, { "Q", "B" }, { "PP", "N" }, { "", "BN" }, { "N", "N" } },
}

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
      if pos and pos:legal_count() > 0 and pos:status() == "ongoing" then
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
    return Q.grade_choice(q, answer, lang, Q.result_id(out), out.explanations)
  end,
}
