-- Quiz (arbiter's track): a player claims a draw by threefold repetition, now or writing the
-- move they intend to play (FIDE 9.2), the moves of the game given as on a scoresheet. Hard
-- questions turn on 9.2.3: the same board is not the same position when an en passant capture
-- or a castling right differs. Valid: the game is drawn. Wrong: 9.5.3, the game goes
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
  en = "The last moves of the game: {moves}. {side} stops the clock and claims a draw by threefold repetition in this position. What must the arbiter decide?",
  fa = "آخرین حرکت‌های بازی: {moves}. {side} ساعت را متوقف می‌کند و در این وضعیت به دلیل تکرار سه‌باره ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "آخر نقلات المباراة: {moves}. يوقف {side} الساعة ويطالب بالتعادل بالتكرار الثلاثي في هذا الوضع. بماذا يجب أن يقضي الحكم؟" }
local PROMPT_WRITTEN = {
  en = "The last moves of the game: {moves}. {side} writes {move} on the scoresheet without playing it, stops the clock and claims a draw by threefold repetition. What must the arbiter decide?",
  fa = "آخرین حرکت‌های بازی: {moves}. {side} حرکت {move} را بدون انجام دادن روی برگهٔ ثبت حرکات می‌نویسد، ساعت را متوقف می‌کند و به دلیل تکرار سه‌باره ادعای تساوی می‌کند. داور چه باید تصمیم بگیرد؟",
  ar = "آخر نقلات المباراة: {moves}. يكتب {side} النقلة {move} في ورقة التسجيل دون أن يلعبها، ويوقف الساعة ويطالب بالتعادل بالتكرار الثلاثي. بماذا يجب أن يقضي الحكم؟" }

-- A quiet move of a piece that keeps every right (no pawn, king, rook or capture), or nil.
local function shuffle_move(rng, pos)
  local list = {}
  for _, m in ipairs(pos:legal_moves()) do
    if m.piece ~= "P" and m.piece ~= "K" and m.piece ~= "R" and not m.captured then list[#list + 1] = m end
  end
  return #list > 0 and list[rng:int(1, #list)] or nil
end

-- A rook's quiet move from a square it can still castle with: it costs that right (9.2.3.2).
local function rook_move(rng, pos)
  local list = {}
  for _, m in ipairs(pos:legal_moves()) do
    if m.piece == "R" and not m.captured and (m.from == pos:castling_rook(pos:turn(), "kingside")
        or m.from == pos:castling_rook(pos:turn(), "queenside")) then list[#list + 1] = m end
  end
  return #list > 0 and list[rng:int(1, #list)] or nil
end

-- Openings that end with a double step the side to move may capture en passant (9.2.3.1).
local EP_LINES = {
  { "e2e4", "g8f6", "e4e5", "d7d5" }, { "d2d4", "e7e6", "d4d5", "c7c5" }, { "e2e4", "a7a6", "e4e5", "f7f5" },
  { "d2d4", "g8f6", "d4d5", "e7e5" }, { "g1f3", "d7d5", "e2e3", "d5d4", "c2c4" }, { "b1c3", "e7e5", "g1f3", "e5e4", "d2d4" },
}

-- The kinds of question each level asks, by answer. "now8": the cycle played twice, claim now;
-- "write7": all but its last move played, that move written; "now4"/"now6": the position only
-- twice so far; "write_other": another move written; "ep"/"castling": three times the same
-- board, but the first time an en passant capture or a castling right made it another position.
local CASES = {
  easy = { draw = { "now8", "write7" }, play_on = { "now4", "now6" } },
  medium = { draw = { "now8", "write7" }, play_on = { "now4", "now6", "write_other", "write3" } },
  hard = { draw = { "now8", "write7" }, play_on = { "ep", "castling", "write_other" } },
}

return quiz {
  id = "claim-threefold",
  title = { en = "Claiming threefold repetition", fa = "ادعای تساوی با تکرار سه‌باره", ar = "المطالبة بالتعادل بالتكرار الثلاثي" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local case = Q.pick(rng, CASES[level][Q.pick(rng, { "draw", "play_on" })])
    for _ = 1, 60 do
      local start, moves = arbiter.start(), {}
      if case == "ep" then
        for _, u in ipairs(Q.pick(rng, EP_LINES)) do moves[#moves + 1] = u end
      else
        local g = arbiter.random_game(rng, rng:int(case == "castling" and 4 or 4, level == "hard" and 16 or 12))
        for _, m in ipairs(g:moves()) do moves[#moves + 1] = m.uci end
      end
      local g0 = arbiter.game(start, moves)
      local p0 = g0 and g0:position()
      if p0 and (case ~= "ep" or p0:ep_capture_legal()) then
        local a = case == "castling" and rook_move(rng, p0) or shuffle_move(rng, p0)
        local b = a and shuffle_move(rng, p0:play(a.uci))
        if b then
          local cycle = { a.uci, b.uci, a.to .. a.from, b.to .. b.from, a.uci, b.uci, a.to .. a.from, b.to .. b.from }
          local played = ({ now8 = 8, write7 = 7, now4 = 4, now6 = 6, write_other = 7, write3 = 3, ep = 8, castling = 8 })[case]
          local head = #moves
          for k = 1, played do moves[#moves + 1] = cycle[k] end
          local game = arbiter.game(start, moves)
          if game then
            local pos = game:position()
            local written
            if case == "write7" or case == "write3" then written = cycle[played + 1] end
            if case == "write_other" then
              local others = {}
              for _, m in ipairs(pos:legal_moves()) do if m.uci ~= cycle[8] then others[#others + 1] = m.uci end end
              written = #others > 0 and Q.pick(rng, others) or nil
            end
            local out = game:outcome({ claim = "threefold", with_move = written })
            local want = (case == "now8" or case == "write7") 
            if (case ~= "write_other" or written) and out.claim_valid == want then
              local q = Q.question(pos, written and PROMPT_WRITTEN or PROMPT_NOW,
                { vars = { moves = Q.move_list(game, math.max(0, head - 6)) }, choices = CHOICES, start_fen = start:fen(),
                  moves = moves, game = game, written = written, data = { claim = "threefold", written = written or "" } })
              if written then q.vars.move = pos:parse(written).san end
              return q
            end
          end
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
