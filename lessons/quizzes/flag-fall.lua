-- Quiz (arbiter's track): a flag fell; what is the result? FIDE 6.9: the player whose flag
-- fell loses, unless the opponent cannot checkmate by any series of legal moves; then it is a
-- draw. The traps: a lone knight against a rook, or a bishop against a pawn, CAN mate (the
-- opponent's own piece blocks its king), so that side wins. The engine's unwinnability decides.
local Q = quizlib

-- {material of the side whose flag fell, material of the opponent} (FEN letters, White's case)
local MATERIAL = {
  easy = { { "", "Q" }, { "", "R" }, { "Q", "" }, { "R", "" }, { "", "" }, { "P", "" }, { "", "N" }, { "", "B" } },
  medium = { { "R", "N" }, { "Q", "B" }, { "R", "B" }, { "", "NN" }, { "P", "N" }, { "N", "N" }, { "", "BN" }, { "Q", "" } },
  hard = { { "R", "N" }, { "P", "B" }, { "P", "N" }, { "B", "B" }, { "N", "B" }, { "PP", "B" }, { "Q", "N" }, { "R", "B" } },
}

local function case(letters, color) return color == "white" and letters:upper() or letters:lower() end

return quiz {
  id = "flag-fall",
  title = { en = "Flag fall: who wins?", fa = "تمام شدن وقت: نتیجه چیست؟", ar = "نفاد الوقت: ما النتيجة؟" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 60 do
      local m = Q.pick(rng, MATERIAL[level])
      local fell = rng:int(0, 1) == 0 and "white" or "black"
      local other = Q.other(fell)
      local w = fell == "white" and m[1] or m[2]
      local b = fell == "white" and m[2] or m[1]
      local pos = Q.sparse_position(rng, case(w, "white"), case(b, "black"), rng:int(0, 1) == 0 and "white" or "black")
      if pos and pos:legal_count() > 0 and pos:status() == "ongoing" then
        return Q.question(pos, {
          en = "{side} to move. {fell}'s flag falls (the time is up). What is the result?",
          fa = "نوبت {side} است. پرچم {fell} می‌افتد (وقتش تمام شده است). نتیجهٔ بازی چیست؟",
          ar = "الدور على {side}. سقط علم {fell} (انتهى وقته). ما نتيجة المباراة؟" },
          { vars = { fell = Q.color_text(fell), opponent = Q.color_text(other) }, choices = Q.RESULT_CHOICES,
            data = { flag = fell }, fell = fell, game = arbiter.game(pos) })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local out = q.game:outcome({ flag = q.fell })
    return Q.grade_choice(q, answer, lang, Q.result_id(out), out.explanations)
  end,
}
