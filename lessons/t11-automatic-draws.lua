-- Draws that need no claim (FIDE 9.6): the fivefold repetition and the seventy-five-move rule.
-- The engine counts the repetitions and the moves.
local four = {}
for _ = 1, 4 do for _, m in ipairs({ "Nf3", "Nf6", "Ng1", "Ng8" }) do four[#four + 1] = m end end
local three = {}
for i = 1, 12 do three[i] = four[i] end
return lesson {
  id = "automatic-draws",
  title = { en = "Draws without a claim: fivefold and 75 moves", fa = "تساوی بدون ادعا: پنج بار تکرار و ۷۵ حرکت",
            ar = "التعادل دون مطالبة: التكرار الخماسي وقاعدة الخمس والسبعين نقلة" },
  level = "advanced",
  tags = { "arbiter", "draw" },
  rules = { "9.6", "9.6.1", "9.6.2" },
  steps = {
    teach {
      moves = four,
      text = { en = "Two draws need no claim: the arbiter steps in and the game is drawn at once when the same position has appeared at least five times (9.6.1), or when each player has made 75 moves without a pawn move or a capture (9.6.2) — unless the last of those moves was checkmate. Here the knights have gone out and back four times: the start position stands on the board for the fifth time.",
               fa = "دو نوع تساوی به ادعا نیاز ندارد: داور دخالت می‌کند و بازی بی‌درنگ مساوی می‌شود، اگر همان وضعیت دست‌کم پنج بار پدید آید (۹.۶.۱)، یا هر بازیکن ۷۵ حرکت بدون حرکت پیاده و بدون زدن مهره انجام داده باشد (۹.۶.۲)، مگر آنکه آخرین حرکت مات باشد. اینجا اسب‌ها چهار بار رفته و برگشته‌اند: وضعیت آغازین برای پنجمین بار روی صفحه است.",
               ar = "نوعان من التعادل لا يحتاجان إلى مطالبة: يتدخل الحكم وتنتهي المباراة بالتعادل فورًا إذا ظهر الوضع نفسه خمس مرات على الأقل (9.6.1)، أو إذا لعب كل لاعب 75 نقلة دون تحريك بيدق ودون أخذ (9.6.2)، إلا إذا كانت آخر تلك النقلات كش مات. هنا خرجت الأحصنة وعادت أربع مرات، فالوضع الابتدائي على الرقعة للمرة الخامسة." },
      diagram = { squares = { "b1", "g1", "b8", "g8" }, arrows = {} },
    },
    true_false {
      moves = four,
      prompt = { en = "Is the game over, without anyone claiming?", fa = "آیا بازی بدون ادعای کسی تمام شده است؟", ar = "هل انتهت المباراة دون أن يطالب أحد؟" },
      answer = function(pos, game) return game:status() ~= "ongoing" end,
      success = { en = "Right: the fifth occurrence ends the game in a draw by itself (9.6.1).", fa = "درست است: پنجمین تکرار خودبه‌خود بازی را مساوی تمام می‌کند (۹.۶.۱).",
                  ar = "صحيح: الظهور الخامس يُنهي المباراة بالتعادل من تلقاء نفسه (9.6.1)." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    true_false {
      moves = three,
      prompt = { en = "After three rounds of the same knight moves, is the game over without a claim?", fa = "پس از سه دور از همان حرکت‌های اسب، آیا بازی بدون ادعا تمام شده است؟",
                 ar = "بعد ثلاث جولات من نقلات الأحصنة نفسها، هل انتهت المباراة دون مطالبة؟" },
      answer = function(pos, game) return game:status() ~= "ongoing" end,
      success = { en = "Right: the position has occurred four times; the player to move may claim (9.2), but the game goes on until someone does.",
                  fa = "درست است: وضعیت چهار بار پدید آمده است؛ بازیکنی که نوبت اوست می‌تواند ادعا کند (۹.۲)، اما تا کسی ادعا نکند بازی ادامه دارد.",
                  ar = "صحيح: ظهر الوضع أربع مرات؛ يجوز لصاحب الدور أن يطالب (9.2)، لكن المباراة تستمر ما لم يطالب أحد." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    true_false {
      fen = "4k3/8/8/8/8/8/8/R3K3 b - - 150 120",
      prompt = { en = "The last 75 moves of each player had no capture and no pawn move (the halfmove clock is 150). Is the game over?",
                 fa = "در ۷۵ حرکت آخرِ هر بازیکن نه مهره‌ای زده شده و نه پیاده‌ای حرکت کرده است (شمارندهٔ نیم‌حرکت ۱۵۰ است). آیا بازی تمام شده است؟",
                 ar = "لم يكن في آخر 75 نقلة لكل لاعب أخذٌ ولا نقلة بيدق (عدّاد أنصاف النقلات 150). هل انتهت المباراة؟" },
      answer = function(pos) return pos:status() == "seventyfive_moves" end,
      explain = function(pos) return select(2, pos:explain_status()) end,
      success = { en = "Right: 75 moves each without a capture or pawn move end the game in a draw at once (9.6.2).",
                  fa = "درست است: ۷۵ حرکت از هر طرف بدون زدن مهره یا حرکت پیاده، بازی را بی‌درنگ مساوی تمام می‌کند (۹.۶.۲).",
                  ar = "صحيح: 75 نقلة لكل لاعب دون أخذ أو نقلة بيدق تُنهي المباراة بالتعادل فورًا (9.6.2)." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    true_false {
      fen = "4k3/8/8/8/8/8/8/R3K3 b - - 100 120",
      prompt = { en = "Now the halfmove clock is 100: fifty moves each without a capture or pawn move. Is the game over without a claim?",
                 fa = "اکنون شمارندهٔ نیم‌حرکت ۱۰۰ است: پنجاه حرکت از هر طرف بدون زدن مهره یا حرکت پیاده. آیا بازی بدون ادعا تمام شده است؟",
                 ar = "الآن عدّاد أنصاف النقلات 100: خمسون نقلة لكل لاعب دون أخذ أو نقلة بيدق. هل انتهت المباراة دون مطالبة؟" },
      answer = function(pos) return pos:status() ~= "ongoing" end,
      success = { en = "Right: after fifty moves a player may claim a draw (9.3), but only 75 moves end the game by themselves.",
                  fa = "درست است: پس از پنجاه حرکت بازیکن می‌تواند ادعای تساوی کند (۹.۳)، اما فقط ۷۵ حرکت خودبه‌خود بازی را تمام می‌کند.",
                  ar = "صحيح: بعد خمسين نقلة يجوز للاعب أن يطالب بالتعادل (9.3)، لكن النقلات الخمس والسبعين وحدها تُنهي المباراة تلقائيًا." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    move_task {
      fen = "7k/8/6K1/8/8/8/8/R7 w - - 149 150",
      prompt = { en = "The halfmove clock stands at 149: your next move is the 75th without a capture or pawn move. Win the game with it.",
                 fa = "شمارندهٔ نیم‌حرکت روی ۱۴۹ است: حرکت بعدی شما هفتاد و پنجمین حرکت بدون زدن مهره یا حرکت پیاده است. با همین حرکت بازی را ببرید.",
                 ar = "عدّاد أنصاف النقلات عند 149: نقلتك التالية هي الخامسة والسبعون دون أخذ أو نقلة بيدق. اربح المباراة بها." },
      hints = { { en = "Only checkmate beats the 75-move rule.", fa = "فقط مات بر قانون ۷۵ حرکت مقدم است.", ar = "وحدها الإماتة تتقدّم على قاعدة الخمس والسبعين نقلة." } },
      expect = gives_checkmate(),
      explain = function(pos, game, step, ctx)
        local after = game:play(ctx.move.uci)
        return after and after:outcome().explanations or {}
      end,
      wrong = { en = "After that move each player has made 75 moves without a capture or pawn move: the game is drawn at once.",
                fa = "پس از این حرکت هر بازیکن ۷۵ حرکت بدون زدن مهره یا حرکت پیاده انجام داده است: بازی بی‌درنگ مساوی می‌شود.",
                ar = "بعد هذه النقلة يكون كل لاعب قد لعب 75 نقلة دون أخذ أو نقلة بيدق، فتنتهي المباراة بالتعادل فورًا." },
      success = { en = "Right: Ra8# — the 75th move gives checkmate, and checkmate takes precedence over the 75-move draw (9.6.2).",
                  fa = "درست است: Ra8#؛ حرکت هفتاد و پنجم مات می‌کند و مات بر تساوی ۷۵ حرکت مقدم است (۹.۶.۲).",
                  ar = "صحيح: Ra8#‏ — النقلة الخامسة والسبعون كش مات، والإماتة مقدَّمة على التعادل بقاعدة الخمس والسبعين نقلة (9.6.2)." },
      tests = { right = { "Ra8#", "a1a8" }, wrong = { ["Ra7"] = "seventyfive_moves", ["Kf6"] = "seventyfive_moves" } },
    },
  },
}
