-- Scenarios at the arbiter's table (FIDE 4.4, 5.1.2, 6.9, 7.5.5, 9.2, A.3), each decided by the
-- engine from the position and the game.
local results = {
  { id = "1-0", text = { en = "White wins", fa = "سفید می‌برد", ar = "يفوز الأبيض" } },
  { id = "0-1", text = { en = "Black wins", fa = "سیاه می‌برد", ar = "يفوز الأسود" } },
  { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } },
}
local function result(r) return r == "1/2-1/2" and "draw" or r end
return lesson {
  id = "arbiter-scenarios",
  title = { en = "At the arbiter's table", fa = "پشت میز داور", ar = "على طاولة الحكم" },
  level = "advanced",
  tags = { "arbiter" },
  rules = { "4.4", "5.1.2", "6.9", "7.5.5", "A.3" },
  steps = {
    teach {
      text = { en = "An arbiter decides from the position and the rules, never from who looks better. Before every ruling ask: who is to move, what was touched and in what order, how many illegal moves this player has completed, what the time control is, and whether the opponent could still checkmate by any series of legal moves.",
               fa = "داور بر پایهٔ وضعیت و قوانین تصمیم می‌گیرد، نه بر پایهٔ اینکه چه کسی بهتر به نظر می‌رسد. پیش از هر رأی بپرسید: نوبت کیست، به چه مهره‌هایی و به چه ترتیبی دست زده شده، این بازیکن چند حرکت غیرقانونی کامل کرده است، نوع زمان‌بندی بازی چیست، و آیا حریف هنوز با سری از حرکت‌های قانونی می‌تواند مات کند.",
               ar = "يحكم الحكم بالوضع والقوانين، لا بمن يبدو أفضل. وقبل كل قرار اسأل: لمن الدور، وما القطع التي لُمست وبأي ترتيب، وكم نقلة غير قانونية أكمل هذا اللاعب، وما نظام الوقت، وهل ما زال الخصم قادرًا على الإماتة بسلسلة ما من النقلات القانونية." },
    },
    choice {
      fen = "k7/8/8/8/8/8/r7/4K1N1 b - - 0 1",
      prompt = { en = "Blitz. Black (king and rook) oversteps the time; White has king and knight. The result?", fa = "بازی برق‌آسا. وقت سیاه (شاه و رخ) تمام می‌شود؛ سفید شاه و اسب دارد. نتیجه؟",
                 ar = "شطرنج خاطف. تجاوز الأسود (ملك ورخ) وقته، وللأبيض ملك وحصان. النتيجة؟" },
      choices = results,
      answer = function(pos, game) return result(game:outcome({ flag = "black" }).result) end,
      explain = function(pos, game) return game:outcome({ flag = "black" }).explanations end,
      success = { en = "Right: a knight mate with the rook blocking its own king exists, so White wins (6.9).", fa = "درست است: ماتی با اسب، در حالی که رخ راه شاه خودش را ببندد، وجود دارد؛ پس سفید می‌برد (۶.۹).",
                  ar = "صحيح: توجد إماتة بالحصان حين يسدّ الرخ طريق ملكه، فيفوز الأبيض (6.9)." },
      tests = { right = { "1-0" }, wrong = { ["draw"] = "time_forfeit" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
      prompt = { en = "White, with king and queen, resigns against a lone king. The result?", fa = "سفید با شاه و وزیر در برابر شاه تنها تسلیم می‌شود. نتیجه؟",
                 ar = "يستسلم الأبيض، وله ملك ووزير، أمام ملك وحيد. النتيجة؟" },
      choices = results,
      answer = function(pos, game) return result(game:outcome({ resign = "white" }).result) end,
      explain = function(pos, game) return game:outcome({ resign = "white" }).explanations end,
      success = { en = "Right: Black cannot checkmate by any series of moves, so the resignation gives a draw (5.1.2).", fa = "درست است: سیاه با هیچ سری از حرکت‌ها نمی‌تواند مات کند، پس تسلیم به تساوی می‌انجامد (۵.۱.۲).",
                  ar = "صحيح: لا يستطيع الأسود الإماتة بأي سلسلة من النقلات، فيكون الاستسلام تعادلًا (5.1.2)." },
      tests = { right = { "draw" }, wrong = { ["0-1"] = "resignation_draw" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1",
      prompt = { en = "Blitz. White completes a second illegal move; Black has king and rook. The result?", fa = "بازی برق‌آسا. سفید دومین حرکت غیرقانونی‌اش را کامل می‌کند؛ سیاه شاه و رخ دارد. نتیجه؟",
                 ar = "شطرنج خاطف. يُكمل الأبيض نقلته غير القانونية الثانية، وللأسود ملك ورخ. النتيجة؟" },
      choices = results,
      answer = function(pos) return result(arbiter.illegal_move_penalty(pos, "white", 2, "rapid").result) end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2, "rapid")).explanations end,
      success = { en = "Right: the second completed illegal move loses, in blitz as in standard play (7.5.5, A.3).", fa = "درست است: دومین حرکت غیرقانونیِ کامل‌شده، در بازی برق‌آسا هم مانند بازی استاندارد، به باخت می‌انجامد (۷.۵.۵، A.3).",
                  ar = "صحيح: النقلة غير القانونية الثانية المكتملة تُخسر، في الخاطف كما في الكلاسيكي (7.5.5، A.3)." },
      tests = { right = { "0-1" }, wrong = { ["draw"] = "illegal_moves_loss" } },
    },
    move_task {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "The player touched the rook on h1 first, then the king. Play the move the rules require.", fa = "بازیکن اول به رخ h1 و سپس به شاه دست زد. حرکتی را که قانون الزام می‌کند انجام دهید.",
                 ar = "لمس اللاعب رخ h1 أولًا ثم الملك. العب النقلة التي تفرضها القوانين." },
      expect = obeys_touch("h1", "e1"),
      explain = function(pos) return pos:touch({ "h1", "e1" }).explanations end,
      success = { en = "Right: touching the rook first means the rook must move; castling needs the king touched first (4.4.2).",
                  fa = "درست است: وقتی اول به رخ دست زده شود، رخ باید حرکت کند؛ برای قلعه باید اول به شاه دست زد (۴.۴.۲).",
                  ar = "صحيح: لمس الرخ أولًا يُلزم بتحريك الرخ؛ أما التبييت فيتطلب لمس الملك أولًا (4.4.2)." },
      wrong = { en = "The rook was touched first: move the rook.", fa = "اول به رخ دست زده شد: رخ را حرکت دهید.", ar = "لُمس الرخ أولًا: حرّك الرخ." },
      tests = { right = { "Rh7", "Rf1" }, wrong = { ["O-O"] = "touch_rook_first_no_castle", ["Kd2"] = "touch_move_piece" } },
    },
  },
}
