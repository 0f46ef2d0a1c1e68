-- Quiz (arbiter's track): a player claims a draw by threefold repetition, now or writing the
-- move they intend to play (FIDE 9.2). Valid: the game is drawn. Wrong: 9.5.3, the game goes
-- on, a written move must be played, and the opponent gets two minutes (one in rapid and blitz,
-- A.3). Repetitions are built by playing two pieces out and back; the engine decides.
local Q = quizlib

local CHOICES = {
  { id = "draw", text = { en = "The claim is correct: the game is drawn", fa = "ادعای تساوی درست است: بازی مساوی است",
                          ar = "المطالبة بالتعادل صحيحة: تنتهي المباراة بالتعادل" } },
  { id = "play_on", text = { en = "The claim is wrong: the game goes on (and a written move must be played)",
                             fa = "ادعای تساوی نادرست است: بازی ادامه می‌یابد (و حرکتِ نوشته‌شده باید انجام شود)",
                             ar = "المطالبة بالتعادل غير صحيحة: تستمر المباراة (ويجب لعب النقلة المكتوبة)" } },
}
local PROMPT_NOW = {
  en = "{side} stops the clock and claims a draw by threefold repetition in this position. What must the arbiter decide?",
  fa = "{side} ساعت را متوقف می‌کند و در این وضعیت به دلیل تکرار سه‌باره ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "يوقف {side} الساعة ويطالب بالتعادل بالتكرار الثلاثي في هذا الوضع. بماذا يجب أن يقضي الحكم؟" }
local PROMPT_WRITTEN = {
  en = "{side} writes {move} on the scoresheet without playing it, stops the clock and claims a draw by threefold repetition. What must the arbiter decide?",
  fa = "{side} حرکت {move} را بدون انجام دادن روی برگهٔ ثبت حرکات می‌نویسد، ساعت را متوقف می‌کند و به دلیل تکرار سه‌باره ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "يكتب {side} النقلة {move} في ورقة التسجيل دون أن يلعبها، ويوقف الساعة ويطالب بالتعادل بالتكرار الثلاثي. بماذا يجب أن يقضي الحكم؟" }

local function shuffle_move(rng, pos)
  local list = {}
  for _, m in ipairs(pos:legal_moves()) do
    if m.piece ~= "P" and m.piece ~= "K" and m.piece ~= "R" and not m.captured then list[#list + 1] = m end
  end
  return #list > 0 and list[rng:int(1, #list)] or nil
end

return quiz {
  id = "claim-threefold",
  title = { en = "Claiming threefold repetition", fa = "ادعای تساوی با تکرار سه‌باره", ar = "المطالبة بالتعادل بالتكرار الثلاثي" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 40 do
      local g = arbiter.random_game(rng, rng:int(4, level == "hard" and 30 or 14))
      local start, moves = g:position(0), {}
      for _, m in ipairs(g:moves()) do moves[#moves + 1] = m.uci end
      local p0 = g:position()
      local a = shuffle_move(rng, p0)
      local b = a and shuffle_move(rng, p0:play(a.uci))
      if b then
        local cycle = { a.uci, b.uci, a.to .. a.from, b.to .. b.from, a.uci, b.uci, a.to .. a.from, b.to .. b.from }
        -- played: the whole cycle (claim now), all but its last move (that move written), or short of it
        local played = level == "easy" and Q.pick(rng, { 8, 7, 4 }) or Q.pick(rng, { 8, 7, 7, 6, 4, 3 })
        for i = 1, played do moves[#moves + 1] = cycle[i] end
        local game = arbiter.game(start, moves)
        if game then
          local pos = game:position()
          local written
          if played < 8 then
            written = cycle[played + 1]
            -- sometimes another move is written instead of the repeating one
            if level ~= "easy" and rng:int(1, 3) == 1 then written = Q.pick(rng, pos:legal_moves()).uci end
          end
          local q = Q.question(pos, written and PROMPT_WRITTEN or PROMPT_NOW,
            { choices = CHOICES, start_fen = start:fen(), moves = moves, game = game, written = written,
              data = { claim = "threefold", written = written or "" } })
          if written then q.vars.move = pos:parse(written).san end
          return q
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local out = q.game:outcome({ claim = "threefold", with_move = q.written })
    return Q.grade_choice(q, answer, lang, out.claim_valid and "draw" or "play_on", out.explanations)
  end,
}
