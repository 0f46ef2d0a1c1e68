-- Quiz (arbiter's track): the players agree a draw; does it stand? FIDE 5.2.3: a draw by
-- agreement is valid only once both players have made at least one move; before that the
-- game goes on. A game already over (checkmate, stalemate) stays as it ended. The prompt gives
-- the moves as a scoresheet does (not their count); each level draws its answers evenly. The
-- engine decides.
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

local BOTH_MOVED = { en = "Both players have made at least one move, so they may agree a draw, and it ends the game at once (5.2.3).",
                     fa = "هر دو بازیکن دست‌کم یک حرکت انجام داده‌اند، پس می‌توانند بر تساوی توافق کنند و این بی‌درنگ بازی را تمام می‌کند (۵٫۲٫۳).",
                     ar = "لعب كلٌّ من اللاعبين نقلة واحدة على الأقل، فيجوز لهما الاتفاق على التعادل، وهذا ينهي المباراة فورًا (5.2.3)." }

return quiz {
  id = "draw-agreement",
  title = { en = "Draw by agreement", fa = "تساوی با توافق", ar = "التعادل بالاتفاق" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local want = Q.pick(rng, level == "hard" and { "draw", "play_on", "over" } or { "draw", "play_on" })
    for _ = 1, 40 do
      local start, moves = arbiter.start(), {}
      if want == "over" then
        moves = Q.pick(rng, MATES)
      else
        -- the record starts from the standard position, or from one set up on the board (a
        -- thematic event) with White to move as on move 1 (the engine counts moves from the
        -- FEN's move number: 1 there, so nobody has moved yet)
        if rng:int(1, 6) > (want == "play_on" and 1 or 3) then
          local set_up
          for _ = 1, 6 do
            local _, p = Q.random_game(rng, 6, 40)
            if p and p:turn() == "white" and p:status() == "ongoing" then set_up = p break end
          end
          if set_up then start = arbiter.position((set_up:fen():gsub(" %d+ %d+$", " 0 1"))) end
        end
        local g = arbiter.random_game(rng, want == "play_on" and rng:int(0, 1) or rng:int(2, 7), start)
        for _, m in ipairs(g:moves()) do moves[#moves + 1] = m.uci end
      end
      local game = arbiter.game(start, moves)
      local out = game and game:outcome({ agree_draw = true })
      local got = out and (out.result == "*" and "play_on" or out.termination == "agreement" and "draw" or "over")
      if got == want then
        local set_up = start:fen() ~= arbiter.start():fen()
        -- a sentence for each case, never a form field ("moves so far: no move yet", F55)
        local prompt
        if set_up and #moves > 0 then prompt = {
          en = "The game began from the position set up on the board, with {first} to move, and these moves have been played since: {moves}. Now the players agree to a draw. What is the result?",
          fa = "بازی از وضعیتی آغاز شد که روی صفحه چیده شده بود و نوبت {first} بود، و از آن پس این حرکت‌ها بازی شده است: {moves}. اکنون دو بازیکن بر تساوی توافق می‌کنند. نتیجه چیست؟",
          ar = "بدأت المباراة من وضعٍ رُتّب على الرقعة والدور فيه على {first}، ثم لُعبت هذه النقلات: {moves}. الآن يتفق اللاعبان على التعادل. ما النتيجة؟" }
        elseif set_up then prompt = {
          en = "The game began from the position set up on the board, with {first} to move, and no move has been played yet. Now the players agree to a draw. What is the result?",
          fa = "بازی از وضعیتی آغاز شد که روی صفحه چیده شده بود و نوبت {first} است، و هنوز هیچ حرکتی بازی نشده است. اکنون دو بازیکن بر تساوی توافق می‌کنند. نتیجه چیست؟",
          ar = "بدأت المباراة من وضعٍ رُتّب على الرقعة والدور فيه على {first}، ولم تُلعب أي نقلة بعد. الآن يتفق اللاعبان على التعادل. ما النتيجة؟" }
        elseif #moves > 0 then prompt = {
          en = "The moves so far: {moves}. Now the players agree to a draw. What is the result?",
          fa = "در این بازی تا اینجا این حرکت‌ها بازی شده است: {moves}. اکنون دو بازیکن بر تساوی توافق می‌کنند. نتیجه چیست؟",
          ar = "لُعبت في هذه المباراة حتى الآن هذه النقلات: {moves}. الآن يتفق اللاعبان على التعادل. ما النتيجة؟" }
        else prompt = {
          en = "No move has been played yet. Now the players agree to a draw. What is the result?",
          fa = "هنوز هیچ حرکتی بازی نشده است. اکنون دو بازیکن بر تساوی توافق می‌کنند. نتیجه چیست؟",
          ar = "لم تُلعب أي نقلة بعد. الآن يتفق اللاعبان على التعادل. ما النتيجة؟" }
        end
        local list = #moves > 0 and Q.move_list(game) or ""
        return Q.question(game:position(), prompt,
          { vars = { moves = list, first = Q.color_text(start:turn()) }, choices = CHOICES, start_fen = start:fen(), moves = moves, game = game,
            data = { event = "agree_draw" } })
      end
    end
    error("no game found", 0)
  end,

  grade = function(q, answer, lang)
    local out = q.game:outcome({ agree_draw = true })
    local expected = "play_on"
    if out.result ~= "*" then expected = out.termination == "agreement" and "draw" or "over" end
    local ex = {}
    if expected == "draw" then ex[1] = Q.note("agreement_both_moved", BOTH_MOVED, lang) end
    for _, e in ipairs(out.explanations) do ex[#ex + 1] = e end
    return Q.grade_choice(q, answer, lang, expected, ex)
  end,
}
