-- Quiz (arbiter's track): a player completed an illegal move and the arbiter restored the
-- position; what now? FIDE 7.5.5 (standard), A.4.2 (rapid) and B.3 (blitz): the first illegal
-- move costs time (2 minutes to the opponent in standard, 1 in rapid and blitz), the second
-- loses, unless the opponent cannot mate by any series of legal moves (then a draw).
local Q = quizlib

local CHOICES = {
  { id = "two_minutes", text = { en = "The game goes on; the opponent gets two extra minutes",
                                 fa = "بازی ادامه می‌یابد؛ حریف دو دقیقه وقت اضافه می‌گیرد",
                                 ar = "تستمر المباراة، ويُمنح الخصم دقيقتين إضافيتين" } },
  { id = "one_minute", text = { en = "The game goes on; the opponent gets one extra minute",
                                fa = "بازی ادامه می‌یابد؛ حریف یک دقیقه وقت اضافه می‌گیرد",
                                ar = "تستمر المباراة، ويُمنح الخصم دقيقة إضافية واحدة" } },
  { id = "loss", text = { en = "The player who moved illegally loses", fa = "بازیکنی که حرکت غیرقانونی کرد بازنده است",
                          ar = "يخسر اللاعب الذي لعب النقلة غير القانونية" } },
  { id = "draw", text = { en = "Draw: the opponent cannot checkmate", fa = "مساوی: حریف نمی‌تواند مات کند",
                          ar = "تعادل: الخصم لا يستطيع الإماتة" } },
}
local TC = {
  standard = { en = "a standard game", fa = "یک بازی کلاسیک", ar = "مباراة كلاسيكية" },
  rapid = { en = "a rapid game", fa = "یک بازی سریع (رپید)", ar = "مباراة سريعة (رابيد)" },
  blitz = { en = "a blitz game", fa = "یک بازی برق‌آسا (بلیتس)", ar = "مباراة خاطفة (بليتز)" },
}
local ORDINAL = {
  { en = "first", fa = "نخستین", ar = "الأولى" },
  { en = "second", fa = "دومین", ar = "الثانية" },
}
-- The opponent's material when the question is about a lone king or a minor piece.
local THIN = { "", "N", "B", "R", "P" }

return quiz {
  id = "illegal-penalty",
  title = { en = "Illegal move: the penalty", fa = "حرکت غیرقانونی: جریمه", ar = "النقلة غير القانونية: العقوبة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 60 do
      local pos
      if level ~= "easy" and rng:int(1, 2) == 1 then
        -- a thin opponent: the second illegal move may draw instead of losing
        local offender = rng:int(0, 1) == 0 and "white" or "black"
        local mine, theirs = Q.pick(rng, { "Q", "R", "RB" }), Q.pick(rng, THIN)
        local w, b = mine, theirs:lower()
        if offender == "black" then w, b = theirs, mine:lower() end
        pos = Q.sparse_position(rng, w, b, offender)
      else
        pos = select(2, Q.random_game(rng, 6, 50))
      end
      if pos and pos:legal_count() > 0 and pos:status() == "ongoing" then
        local tc = level == "easy" and "standard" or Q.pick(rng, { "standard", "rapid", "blitz" })
        local count = rng:int(1, 2)
        return Q.question(pos, {
          en = "In {tc}, {side} completes an illegal move (the {nth} by {side} in this game). The arbiter restores this position. What happens now?",
          fa = "در {tc}، {side} یک حرکت غیرقانونی را کامل می‌کند ({nth} حرکت غیرقانونی {side} در این بازی). داور این وضعیت را برمی‌گرداند. اکنون چه می‌شود؟",
          ar = "في {tc}، أكمل {side} نقلة غير قانونية (وهي النقلة غير القانونية {nth} التي يلعبها {side} في هذه المباراة). أعاد الحكم هذا الوضع. ماذا يحدث الآن؟" },
          { vars = { tc = TC[tc], nth = ORDINAL[count] }, choices = CHOICES,
            data = { time_control = tc, count = tostring(count) }, tc = tc, count = count })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local out, extra = arbiter.illegal_move_penalty(q.pos, q.pos:turn(), q.count, q.tc)
    local expected = "loss"
    if out.result == "*" then expected = extra >= 120 and "two_minutes" or "one_minute"
    elseif out.result == "1/2-1/2" then expected = "draw" end
    return Q.grade_choice(q, answer, lang, expected, out.explanations)
  end,
}
