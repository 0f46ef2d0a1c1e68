-- Quiz (arbiter's track): the players agree a draw; does it stand? FIDE 5.2.3: a draw by
-- agreement is valid only once both players have made at least one move; before that the
-- game goes on. A game already over (checkmate, stalemate) stays as it ended. The engine decides.
local Q = quizlib

local CHOICES = {
  { id = "draw", text = { en = "The game is drawn by agreement", fa = "بازی با توافق مساوی می‌شود",
                          ar = "تنتهي المباراة بالتعادل بالاتفاق" } },
  { id = "play_on", text = { en = "The agreement is not valid: the game goes on", fa = "توافق معتبر نیست: بازی ادامه می‌یابد",
                             ar = "الاتفاق غير صحيح: تستمر المباراة" } },
  { id = "over", text = { en = "The game had already ended: its result stands", fa = "بازی پیش‌تر تمام شده بود: نتیجهٔ آن به قوت خود باقی است",
                          ar = "كانت المباراة قد انتهت من قبل: تبقى نتيجتها كما هي" } },
}
-- Short games that end in checkmate, for the "already over" case (UCI from the start).
local MATES = {
  { "f2f3", "e7e5", "g2g4", "d8h4" }, { "e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7" },
  { "e2e4", "g7g5", "d2d4", "f7f6", "d1h5" }, { "f2f4", "e7e6", "g2g4", "d8h4" },
}

return quiz {
  id = "draw-agreement",
  title = { en = "Draw by agreement", fa = "تساوی با توافق", ar = "التعادل بالاتفاق" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local start = arbiter.start()
    local moves
    if level == "hard" and rng:int(1, 3) == 1 then
      moves = Q.pick(rng, MATES)
    else
      local g = arbiter.random_game(rng, rng:int(0, level == "easy" and 3 or 6))
      moves = {}
      for _, m in ipairs(g:moves()) do moves[#moves + 1] = m.uci end
    end
    -- hard: sometimes a position set up with Black to move (the record starts there)
    if level ~= "easy" and #moves < 4 and rng:int(1, 3) == 1 then
      start = arbiter.position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
      local g = arbiter.random_game(rng, rng:int(0, 2), start)
      moves = {}
      for _, m in ipairs(g:moves()) do moves[#moves + 1] = m.uci end
    end
    local game = arbiter.game(start, moves)
    if not game then error("bad game", 0) end
    local pos = game:position()
    return Q.question(pos, {
      en = "The game began from the position given; half-moves played since: {count}. Now the players agree to a draw. What is the result?",
      fa = "بازی از وضعیت داده‌شده آغاز شد؛ شمار نیم‌حرکت‌های انجام‌شده از آن پس: {count}. اکنون دو بازیکن بر تساوی توافق می‌کنند. نتیجه چیست؟",
      ar = "بدأت المباراة من الوضع المعطى؛ عدد أنصاف النقلات التي لُعبت بعده: {count}. الآن يتفق اللاعبان على التعادل. ما النتيجة؟" },
      { vars = { count = #moves }, choices = CHOICES, start_fen = start:fen(), moves = moves, game = game,
        data = { event = "agree_draw" } })
  end,

  grade = function(q, answer, lang)
    local out = q.game:outcome({ agree_draw = true })
    local expected = "play_on"
    if out.result ~= "*" then expected = out.termination == "agreement" and "draw" or "over" end
    return Q.grade_choice(q, answer, lang, expected, out.explanations)
  end,
}
