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
local PROMPT_NOW = {
  en = "No capture and no pawn move for the last {plies} half-moves. {side} stops the clock and claims a draw by the fifty-move rule. What must the arbiter decide?",
  fa = "در {plies} نیم‌حرکت اخیر نه مهره‌ای زده شده و نه پیاده‌ای حرکت کرده است. {side} ساعت را متوقف می‌کند و طبق قانون پنجاه حرکت ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "لم تحدث أي عملية أخذ ولم يتحرك أي بيدق في آخر {plies} نصف نقلة. يوقف {side} الساعة ويطالب بالتعادل وفق قاعدة الخمسين نقلة. بماذا يجب أن يقضي الحكم؟" }
local PROMPT_WRITTEN = {
  en = "No capture and no pawn move for the last {plies} half-moves. {side} writes {move} on the scoresheet without playing it, stops the clock and claims a draw by the fifty-move rule. What must the arbiter decide?",
  fa = "در {plies} نیم‌حرکت اخیر نه مهره‌ای زده شده و نه پیاده‌ای حرکت کرده است. {side} حرکت {move} را بدون انجام دادن روی برگهٔ ثبت حرکات می‌نویسد، ساعت را متوقف می‌کند و طبق قانون پنجاه حرکت ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "لم تحدث أي عملية أخذ ولم يتحرك أي بيدق في آخر {plies} نصف نقلة. يكتب {side} النقلة {move} في ورقة التسجيل دون أن يلعبها، ويوقف الساعة ويطالب بالتعادل وفق قاعدة الخمسين نقلة. بماذا يجب أن يقضي الحكم؟" }

return quiz {
  id = "claim-fifty",
  title = { en = "Claiming the fifty-move rule", fa = "ادعای تساوی با قانون پنجاه حرکت", ar = "المطالبة بالتعادل وفق قاعدة الخمسين نقلة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 60 do
      local _, p = Q.random_game(rng, 20, 60)
      if p and not p:ep_square() and p:legal_count() > 0 then
        local clock = level == "easy" and Q.pick(rng, { 100, 99, 90 }) or Q.pick(rng, { 100, 99, 99, 98, 97 })
        local fen = p:fen():gsub(" (%d+) (%d+)$", function(_, full) return " " .. clock .. " " .. math.max(tonumber(full), 60) end)
        local pos = arbiter.position(fen)
        if pos and pos:status() == "ongoing" then
          local written
          if clock < 100 and (clock == 99 or rng:int(1, 2) == 1) then
            -- the written move: a quiet piece move, or (harder) a pawn move or a capture
            local quiet, loud = {}, {}
            for _, m in ipairs(pos:legal_moves()) do
              if m.piece == "P" or m.captured then loud[#loud + 1] = m else quiet[#quiet + 1] = m end
            end
            local from = (level ~= "easy" and #loud > 0 and rng:int(1, 3) == 1) and loud or quiet
            if #from > 0 then written = Q.pick(rng, from) end
          end
          local q = Q.question(pos, written and PROMPT_WRITTEN or PROMPT_NOW,
            { vars = { plies = clock, move = written and written.san }, choices = CHOICES, game = arbiter.game(pos),
              written = written and written.uci, data = { claim = "fifty_moves", written = written and written.uci or "" } })
          return q
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
