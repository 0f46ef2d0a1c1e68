-- Quiz (arbiter's track): a player claims a draw by the fifty-move rule, now or writing the
-- move they intend to play (FIDE 9.3): valid when the last fifty moves of each player (or the
-- written move completing them) had no pawn move and no capture. Wrong claims: 9.5.3, the
-- game goes on and a written move must be played. The engine decides from the halfmove clock.
local Q = quizlib

local CHOICES = {
  { id = "draw", text = { en = "The claim is correct: the game is drawn", fa = "ادعای تساوی درست است: بازی مساوی است",
                          ar = "المطالبة بالتعادل صحيحة: تنتهي المباراة بالتعادل" } },
  { id = "play_on", text = { en = "The claim is wrong: the game goes on (and a written move must be played)",
                             fa = "ادعای تساوی نادرست است: بازی ادامه می‌یابد (و حرکتِ نوشته‌شده باید انجام شود)",
                             ar = "المطالبة بالتعادل غير صحيحة: تستمر المباراة (ويجب لعب النقلة المكتوبة)" } },
}
-- The counts as the rule states them: moves by each player since the last pawn move or capture.
local PROMPT_NOW = {
  en = "Since the last pawn move or capture, White has made {white} moves and Black {black}. {side} stops the clock and claims a draw by the fifty-move rule. What must the arbiter decide?",
  fa = "از آخرین حرکت پیاده یا زدن مهره، سفید {white} حرکت و سیاه {black} حرکت انجام داده است. {side} ساعت را متوقف می‌کند و طبق قانون پنجاه حرکت ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "منذ آخر نقلة بيدق أو آخر أخذ لعب الأبيض {white} نقلة والأسود {black} نقلة. يوقف {side} الساعة ويطالب بالتعادل وفق قاعدة الخمسين نقلة. بماذا يجب أن يقضي الحكم؟" }
local PROMPT_WRITTEN = {
  en = "Since the last pawn move or capture, White has made {white} moves and Black {black}. {side} writes {move} on the scoresheet without playing it, stops the clock and claims a draw by the fifty-move rule. What must the arbiter decide?",
  fa = "از آخرین حرکت پیاده یا زدن مهره، سفید {white} حرکت و سیاه {black} حرکت انجام داده است. {side} حرکت {move} را بدون انجام دادن روی برگهٔ ثبت حرکات می‌نویسد، ساعت را متوقف می‌کند و طبق قانون پنجاه حرکت ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "منذ آخر نقلة بيدق أو آخر أخذ لعب الأبيض {white} نقلة والأسود {black} نقلة. يكتب {side} النقلة {move} في ورقة التسجيل دون أن يلعبها، ويوقف الساعة ويطالب بالتعادل وفق قاعدة الخمسين نقلة. بماذا يجب أن يقضي الحكم؟" }

-- Each level draws "draw" and "play_on" evenly. Easy: a claim now, at 50 moves each or one
-- short. Medium: now, or with a quiet written move that completes the fifty (or does not).
-- Hard: the written move decides: a quiet one completes the fifty, a pawn move or a capture
-- starts the count again.
local CASES = {
  easy = { draw = { { 100 }, { 101 } }, play_on = { { 99 }, { 98 } } },
  medium = { draw = { { 100 }, { 99, "quiet" } }, play_on = { { 99 }, { 98, "quiet" } } },
  hard = { draw = { { 99, "quiet" } }, play_on = { { 99, "loud" }, { 99 }, { 97, "quiet" } } },
}

return quiz {
  id = "claim-fifty",
  title = { en = "Claiming the fifty-move rule", fa = "ادعای تساوی با قانون پنجاه حرکت", ar = "المطالبة بالتعادل وفق قاعدة الخمسين نقلة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local case = Q.pick(rng, CASES[level][Q.pick(rng, { "draw", "play_on" })])
    local clock, kind = case[1], case[2]
    for _ = 1, 60 do
      local _, p = Q.random_game(rng, 20, 60)
      if p and not p:ep_square() and p:legal_count() > 0 then
        local full = math.max(p:fullmove_number(), clock // 2 + rng:int(2, 40))
        local fen = p:fen():gsub(" (%d+) (%d+)$", function() return " " .. clock .. " " .. full end)
        local pos = arbiter.position(fen)
        if pos and pos:status() == "ongoing" then
          local written
          if kind then
            local quiet, loud = {}, {}
            for _, m in ipairs(pos:legal_moves()) do
              if m.piece == "P" or m.captured then loud[#loud + 1] = m else quiet[#quiet + 1] = m end
            end
            local from = kind == "loud" and loud or quiet
            if #from > 0 then written = Q.pick(rng, from) end
          end
          if written or not kind then
            -- the last of `clock` half-moves was made by the side not to move
            local mover, waiting = (clock + 1) // 2, clock // 2
            local white, black = waiting, mover
            if pos:turn() == "black" then white, black = mover, waiting end
            return Q.question(pos, written and PROMPT_WRITTEN or PROMPT_NOW,
              { vars = { white = white, black = black, move = written and written.san }, choices = CHOICES,
                game = arbiter.game(pos), written = written and written.uci,
                data = { claim = "fifty_moves", written = written and written.uci or "" } })
          end
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local out = q.game:outcome({ claim = "fifty_moves", with_move = q.written })
    return Q.grade_choice(q, answer, lang, out.claim_valid and "draw" or "play_on", out.explanations)
  end,
}
