-- Illegal moves and their penalties (FIDE 3.9, 7.5).
return lesson {
  id = "illegal-moves",
  title = { en = "Illegal moves and penalties", fa = "حرکت غیرقانونی و جریمهٔ آن", ar = "النقلات غير القانونية وعقوباتها" },
  level = "advanced",
  tags = { "arbiter", "illegal move" },
  rules = { "3.9", "3.10.1", "7.5", "7.5.1", "7.5.5" },
  steps = {
    move_task {
      fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
      prompt = { en = "Your knight on e2 shields your king from the rook. Play a legal king move.",
                 fa = "اسب e2 شاه شما را از رخ محافظت می‌کند. یک حرکت قانونی با شاه انجام دهید.",
                 ar = "حصانك في e2 يحمي ملكك من الرخ. العب نقلة قانونية بالملك." },
      hints = { { en = "The knight is pinned: moving it would expose your king to check.",
                  fa = "اسب آچمز است: حرکت دادنش شاه شما را در معرض کیش قرار می‌دهد.",
                  ar = "الحصان مثبَّت: تحريكه يعرّض ملكك للكش." } },
      expect = moves_piece("K"),
      wrong = { en = "Legal, but this step asks for a king move.", fa = "قانونی است، اما این مرحله حرکت شاه می‌خواهد.",
                ar = "نقلة قانونية، لكن هذه الخطوة تطلب نقلة بالملك." },
      success = { en = "Right: a king move. The knight could not move: the rook on e7 pins it to your king.",
                  fa = "درست است: حرکت شاه. اسب نمی‌توانست حرکت کند: رخ e7 آن را به شاه شما آچمز کرده است.",
                  ar = "صحيح: نقلة بالملك. لم يكن الحصان يستطيع الحركة: فالرخ في e7 يثبّته على ملكك." },
      tests = { right = { "Kd2", "Kf1" }, wrong = { ["Nc3"] = "pinned", ["e2c3"] = "pinned" } },
    },
    choice {
      fen = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "In a standard game a player completes a first illegal move. What happens?",
                 fa = "در یک بازی استاندارد بازیکنی نخستین حرکت غیرقانونی خود را کامل می‌کند. چه می‌شود؟",
                 ar = "في مباراة كلاسيكية أكمل لاعب أول نقلة غير قانونية. ماذا يحدث؟" },
      choices = {
        { id = "a", text = { en = "The position is restored and the opponent gets two extra minutes",
                             fa = "وضعیت پیش از آن بازگردانده می‌شود و حریف دو دقیقه وقت اضافه می‌گیرد",
                             ar = "يُعاد الوضع السابق ويحصل الخصم على دقيقتين إضافيتين" } },
        { id = "b", text = { en = "The player loses the game", fa = "بازیکن بازی را می‌بازد", ar = "يخسر اللاعب المباراة" } },
        { id = "c", text = { en = "The move stands", fa = "حرکت معتبر می‌ماند", ar = "تبقى النقلة قائمة" } },
      },
      answer = function(pos)
        local outcome, extra = arbiter.illegal_move_penalty(pos, "white", 1)
        return (outcome.result == "*" and extra == 120) and "a" or "b"
      end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 1)).explanations end,
      success = { en = "Right: the position before the illegal move is restored and the opponent gets two extra minutes (one in rapid and blitz).",
                  fa = "درست است: وضعیت پیش از حرکت غیرقانونی بازگردانده می‌شود و حریف دو دقیقه وقت اضافه می‌گیرد (در بازی سریع و برق‌آسا یک دقیقه).",
                  ar = "صحيح: يُعاد الوضع الذي سبق النقلة غير القانونية ويحصل الخصم على دقيقتين إضافيتين (دقيقة واحدة في الشطرنج السريع والخاطف)." },
      tests = { right = { "a" }, wrong = { ["b"] = "illegal_move_extra_time", ["c"] = "wrong_answer" } },
    },
    choice {
      fen = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "The same player completes a second illegal move, and the opponent still has a queen. What happens?",
                 fa = "همان بازیکن دومین حرکت غیرقانونی را کامل می‌کند و حریف هنوز وزیر دارد. چه می‌شود؟",
                 ar = "أكمل اللاعب نفسه نقلة غير قانونية ثانية، وما زال لدى الخصم وزير. ماذا يحدث؟" },
      choices = {
        { id = "a", text = { en = "Two more minutes for the opponent", fa = "دو دقیقهٔ دیگر برای حریف", ar = "دقيقتان أخريان للخصم" } },
        { id = "b", text = { en = "The player loses the game", fa = "بازیکن بازی را می‌بازد", ar = "يخسر اللاعب المباراة" } },
        { id = "c", text = { en = "The game is drawn", fa = "بازی مساوی می‌شود", ar = "تنتهي المباراة بالتعادل" } },
      },
      answer = function(pos)
        local outcome = arbiter.illegal_move_penalty(pos, "white", 2)
        return ({ ["0-1"] = "b", ["1/2-1/2"] = "c" })[outcome.result] or "a"
      end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2)).explanations end,
      success = { en = "Right: a loss, unless the opponent could not checkmate by any series of legal moves; then it is a draw.",
                  fa = "درست است: باخت، مگر آنکه حریف با هیچ رشته‌ای از حرکت‌های قانونی نتواند مات کند؛ در آن صورت مساوی است.",
                  ar = "صحيح: خسارة، إلا إذا كان الخصم لا يستطيع إعطاء كش مات بأي سلسلة من النقلات القانونية؛ فعندئذٍ تعادل." },
      tests = { right = { "b" }, wrong = { ["a"] = "illegal_moves_loss", ["c"] = "wrong_answer" } },
    },
    true_false {
      prompt = { en = "Pressing the clock without making a move counts as an illegal move.",
                 fa = "زدن ساعت بدون انجام حرکت، حرکت غیرقانونی به شمار می‌آید.",
                 ar = "الضغط على الساعة دون لعب نقلة يُعدّ نقلة غير قانونية." },
      answer = true,
      success = { en = "Right: pressing the clock without making a move is penalised as an illegal move.",
                  fa = "درست است: زدن ساعت بدون انجام حرکت، حرکت غیرقانونی به شمار می‌آید و همان جریمه را دارد.",
                  ar = "صحيح: الضغط على الساعة دون لعب نقلة يُعدّ نقلة غير قانونية ويُعاقَب عليه مثلها." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
  },
}
