-- Quiz (arbiter's track): a player completed an illegal move; what now? FIDE 7.5.5 (standard)
-- and A.3 (rapid; blitz through Appendix B): the first illegal move costs time (2 minutes to the
-- opponent in standard, 1 in rapid and blitz), the second loses, unless the opponent cannot
-- mate by any series of legal moves (then a draw). Rapid and blitz without an arbiter for each
-- game (A.5, B.3): the illegal move is dealt with only if the opponent claims before making his
-- or her own move; otherwise it stands (A.5.2). Medium questions add the claim in time, hard
-- ones the claim too late. The engine decides (arbiter.illegal_move_penalty).
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
  { id = "stands", text = { en = "The illegal move stands and the game goes on, without a penalty",
                            fa = "حرکت غیرقانونی برقرار می‌ماند و بازی بی‌جریمه ادامه می‌یابد",
                            ar = "تبقى النقلة غير القانونية وتستمر المباراة دون عقوبة" } },
}
local PROMPTS = {
  supervised = {
    en = "In {tc}, {side} completes an illegal move (the {nth} by {side} in this game). The arbiter restores the position before it, the one shown. What happens now?",
    fa = "در {tc}، {side} یک حرکت غیرقانونی را کامل می‌کند ({nth} حرکت غیرقانونی {side} در این بازی). داور وضعیت پیش از آن حرکت را، که همین وضعیت است، برمی‌گرداند. اکنون چه می‌شود؟",
    ar = "في {tc}، أكمل {side} نقلة غير قانونية (وهي النقلة غير القانونية {nth} التي يلعبها {side} في هذه المباراة). فأعاد الحكم الوضع الذي سبق تلك النقلة، وهو هذا الوضع. ماذا يحدث الآن؟" },
  claim = {
    en = "In {tc} with one arbiter for the whole hall, not for each game, {side} completes an illegal move (the {nth} by {side} in this game). {opponent} stops the clock at once and claims it, before making a move; this was the position before it. What happens now?",
    fa = "در {tc} که یک داور برای کل سالن دارد، نه برای هر بازی، {side} یک حرکت غیرقانونی را کامل می‌کند ({nth} حرکت غیرقانونی {side} در این بازی). {opponent} بی‌درنگ و پیش از انجام حرکتی ساعت را متوقف می‌کند و ادعا می‌کند؛ این وضعیتِ پیش از آن حرکت بود. اکنون چه می‌شود؟",
    ar = "في {tc} يشرف عليها حكم واحد للقاعة كلها لا لكل مباراة، أكمل {side} نقلة غير قانونية (وهي النقلة غير القانونية {nth} التي يلعبها {side} في هذه المباراة). فأوقف {opponent} الساعة فورًا وطالب بذلك قبل أن يلعب أي نقلة؛ وهذا هو الوضع الذي سبقها. ماذا يحدث الآن؟" },
  late = {
    en = "In {tc} with one arbiter for the whole hall, not for each game, {side} completes an illegal move (the {nth} by {side} in this game) from this position. Nobody notices: {opponent} makes a move, and only then tells the arbiter. What happens now?",
    fa = "در {tc} که یک داور برای کل سالن دارد، نه برای هر بازی، {side} از این وضعیت یک حرکت غیرقانونی را کامل می‌کند ({nth} حرکت غیرقانونی {side} در این بازی). کسی متوجه نمی‌شود: {opponent} حرکتی انجام می‌دهد و تازه پس از آن به داور خبر می‌دهد. اکنون چه می‌شود؟",
    ar = "في {tc} يشرف عليها حكم واحد للقاعة كلها لا لكل مباراة، أكمل {side} من هذا الوضع نقلة غير قانونية (وهي النقلة غير القانونية {nth} التي يلعبها {side} في هذه المباراة). لم يلاحظ أحد: فلعب {opponent} نقلة، ثم أخبر الحكم بعد ذلك. ماذا يحدث الآن؟" },
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
        -- who watches the game: an arbiter (the Competition Rules, A.4 / B.2), or nobody in
        -- particular, and then the opponent claims in time or too late (A.5.2)
        local how = "supervised"
        if tc ~= "standard" then
          how = Q.pick(rng, level == "hard" and { "supervised", "claim", "late", "late" } or { "supervised", "claim" })
        end
        return Q.question(pos, PROMPTS[how],
          { vars = { tc = TC[tc], nth = ORDINAL[count], opponent = Q.color_text(Q.other(pos:turn())) }, choices = CHOICES,
            data = { time_control = tc, count = tostring(count), supervision = how }, tc = tc, count = count, how = how })
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local out, extra = arbiter.illegal_move_penalty(q.pos, q.pos:turn(), q.count, q.tc, nil,
      { unsupervised = q.how ~= "supervised", opponent_moved = q.how == "late" })
    local expected = "loss"
    if out.result == "*" then expected = extra >= 120 and "two_minutes" or extra > 0 and "one_minute" or "stands"
    elseif out.result == "1/2-1/2" then expected = "draw" end
    return Q.grade_choice(q, answer, lang, expected, out.explanations)
  end,
}
