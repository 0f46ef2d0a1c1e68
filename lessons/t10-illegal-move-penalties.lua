-- What counts as an illegal move and its penalty (FIDE 7.5.1–7.5.5, A.3). The engine gives the
-- penalty for each count and time control.
local start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
local second = {
  { id = "0-1", text = { en = "Black wins", fa = "سیاه می‌برد", ar = "يفوز الأسود" } },
  { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } },
  { id = "more", text = { en = "Two more minutes for Black", fa = "دو دقیقهٔ دیگر برای سیاه", ar = "دقيقتان أخريان للأسود" } },
}
-- the result of White's second illegal move (under a time control and an event's limit)
local function penalty_result(pos, tc, limit)
  local r = arbiter.illegal_move_penalty(pos, "white", 2, tc, limit).result
  return ({ ["0-1"] = "0-1", ["1/2-1/2"] = "draw" })[r] or "more"
end
local function second_result(pos) return penalty_result(pos, "standard") end
local function extra_minutes(pos, tc)
  local _, extra = arbiter.illegal_move_penalty(pos, "white", 1, tc)
  return tostring(extra // 60)
end
local minutes = {
  { id = "1", text = { en = "One minute", fa = "یک دقیقه", ar = "دقيقة واحدة" } },
  { id = "2", text = { en = "Two minutes", fa = "دو دقیقه", ar = "دقيقتان" } },
}
return lesson {
  id = "illegal-move-penalties",
  title = { en = "Illegal moves: what counts and the penalties", fa = "حرکت غیرقانونی: چه چیزی حساب می‌شود و جریمه‌ها",
            ar = "النقلات غير القانونية: ما يُحتسب منها والعقوبات" },
  level = "advanced",
  tags = { "arbiter", "illegal-moves" },
  rules = { "7.5.1", "7.5.2", "7.5.3", "7.5.4", "7.5.5", "A.3", "A.5.2" },
  steps = {
    teach {
      fen = start,
      diagram = { squares = { "e8" }, arrows = { { "e2", "e8" } } },
      text = { en = "An illegal move is completed once the player has pressed the clock. The arbiter restores the position just before it, and the player must make another move — with the piece touched, if possible (7.5.1). These also count as illegal moves: a pawn moved to the last rank without a new piece (it becomes a queen, 7.5.2), pressing the clock without moving (7.5.3), and making one move with two hands (7.5.4).",
               fa = "حرکت غیرقانونی وقتی کامل می‌شود که بازیکن ساعت را بزند. داور وضعیت درست پیش از آن را برمی‌گرداند و بازیکن باید حرکت دیگری انجام دهد، در صورت امکان با همان مهره‌ای که لمس کرده بود (۷٫۵٫۱). این‌ها هم حرکت غیرقانونی به شمار می‌روند: رساندن پیاده به ردیف آخر بدون گذاشتن مهرهٔ تازه (پیاده وزیر می‌شود، ۷٫۵٫۲)، زدن ساعت بدون حرکت (۷٫۵٫۳)، و انجام یک حرکت با دو دست (۷٫۵٫۴).",
               ar = "تكتمل النقلة غير القانونية حين يضغط اللاعب الساعة. فيُعيد الحكم الوضع الذي سبقها مباشرةً، ويجب على اللاعب أن يلعب نقلة أخرى، بالقطعة التي لمسها إن أمكن (7.5.1). وتُعدّ نقلاتٍ غير قانونية أيضًا: نقل بيدق إلى الصف الأخير دون وضع قطعة جديدة (فيُستبدل بوزير، 7.5.2)، وضغط الساعة دون لعب نقلة (7.5.3)، ولعب نقلة واحدة باليدين (7.5.4)." },
    },
    choice {
      fen = start,
      prompt = { en = "A standard game: White makes a first illegal move and presses the clock. What does the arbiter do?",
                 fa = "بازی کلاسیک: سفید نخستین حرکت غیرقانونی‌اش را انجام می‌دهد و ساعت را می‌زند. داور چه می‌کند؟",
                 ar = "مباراة كلاسيكية: يلعب الأبيض أول نقلة غير قانونية ويضغط الساعة. ماذا يفعل الحكم؟" },
      choices = {
        { id = "a", text = { en = "Restores the position and gives Black two extra minutes", fa = "وضعیت را برمی‌گرداند و دو دقیقه به وقت سیاه می‌افزاید",
                             ar = "يُعيد الوضع ويمنح الأسود دقيقتين إضافيتين" } },
        { id = "b", text = { en = "Declares the game lost for White", fa = "بازی را باخت سفید اعلام می‌کند", ar = "يعلن خسارة الأبيض" } },
      },
      answer = function(pos)
        local outcome, extra = arbiter.illegal_move_penalty(pos, "white", 1)
        return (outcome.result == "*" and extra == 120) and "a" or "b"
      end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 1)).explanations end,
      success = { en = "Right: for the first illegal move the opponent gets two minutes (7.5.5).", fa = "درست است: برای نخستین حرکت غیرقانونی، حریف دو دقیقه می‌گیرد (۷٫۵٫۵).",
                  ar = "صحيح: عن النقلة غير القانونية الأولى يحصل الخصم على دقيقتين (7.5.5)." },
      tests = { right = { "a" }, wrong = { ["b"] = "illegal_move_extra_time" } },
    },
    teach {
      fen = "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1",
      text = { en = "The penalty depends on the count and on the time control (7.5.5). First completed illegal move: two extra minutes for the opponent in a standard game, one minute in rapid and blitz (A.3). Second illegal move by the same player: the game is lost — unless the opponent cannot checkmate by any series of legal moves, then it is a draw.",
               fa = "جریمه به شمار حرکت‌های غیرقانونی و نوع زمان‌بندی بستگی دارد (۷٫۵٫۵). نخستین حرکت غیرقانونیِ کامل‌شده: در بازی کلاسیک دو دقیقه وقت اضافه برای حریف، در بازی سریع و برق‌آسا یک دقیقه (A.3). دومین حرکت غیرقانونی همان بازیکن: باخت، مگر آنکه حریف با هیچ رشته‌ای از حرکت‌های قانونی نتواند مات کند که در آن صورت بازی مساوی است.",
               ar = "تتوقف العقوبة على العدد وعلى نظام الوقت (7.5.5). النقلة غير القانونية الأولى المكتملة: دقيقتان إضافيتان للخصم في المباراة الكلاسيكية، ودقيقة واحدة في الشطرنج السريع والخاطف (A.3). النقلة غير القانونية الثانية للاعب نفسه: خسارة المباراة، إلا إذا كان الخصم عاجزًا عن الإماتة بأي سلسلة من النقلات القانونية، فتكون النتيجة تعادلًا." },
      diagram = { squares = { "a2" }, arrows = {} },
    },
    teach {
      fen = "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1",
      diagram = { squares = { "e1", "e8" }, arrows = {} },
      text = { en = "In rapid and blitz these penalties apply when an arbiter supervises the game. Without one, an illegal move nobody claims before the opponent's next move stands (A.5.2): the lesson on rapid and blitz teaches it.",
               fa = "در بازی سریع و برق‌آسا این جریمه‌ها وقتی اجرا می‌شود که داوری بر بازی نظارت کند. بدون نظارت داور، حرکت غیرقانونی‌ای که کسی پیش از حرکت بعدی حریف ادعایش نکند برقرار می‌ماند (A.5.2): درس بازی سریع و برق‌آسا این را آموزش می‌دهد.",
               ar = "في الشطرنج السريع والخاطف تُطبَّق هذه العقوبات حين يشرف الحكم على المباراة. أما من دون إشرافه فتبقى النقلة غير القانونية التي لم يطالب بها أحد قبل نقلة الخصم التالية (A.5.2): ويشرح ذلك درسُ الشطرنج السريع والخاطف." },
    },
    teach {
      fen = "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1",
      text = { en = "This count is not one an event's regulations may change: \"the third illegal move loses\" was the rule before 2014, and in FIDE-rated play the second completed illegal move loses (7.5.5).",
               fa = "مقررات مسابقه نمی‌تواند این شمار را تغییر دهد: «سومین حرکت غیرقانونی باخت است» قانونِ پیش از ۲۰۱۴ بود، و در بازی‌های ریتینگ فیده دومین حرکت غیرقانونیِ کامل‌شده به باخت می‌انجامد (۷٫۵٫۵).",
               ar = "ليس هذا العدد مما يجوز للوائح البطولة تغييره: فقاعدة «النقلة غير القانونية الثالثة تُخسر» كانت قبل عام 2014، وفي المباريات المحتسبة في تصنيف الفيدي تُخسر النقلة غير القانونية الثانية المكتملة (7.5.5)." },
      diagram = { squares = { "a2" }, arrows = {} },
    },
    choice {
      fen = start,
      prompt = { en = "A rapid game, an arbiter supervising: White's first illegal move. How much time does Black get?", fa = "بازی سریع زیر نظارت داور: نخستین حرکت غیرقانونی سفید. سیاه چقدر وقت می‌گیرد؟",
                 ar = "مباراة سريعة يشرف عليها الحكم: أول نقلة غير قانونية للأبيض. كم من الوقت يحصل عليه الأسود؟" },
      choices = {
        { id = "60", text = { en = "One minute", fa = "یک دقیقه", ar = "دقيقة واحدة" } },
        { id = "120", text = { en = "Two minutes", fa = "دو دقیقه", ar = "دقيقتان" } },
      },
      answer = function(pos) local _, extra = arbiter.illegal_move_penalty(pos, "white", 1, "rapid"); return tostring(extra) end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 1, "rapid")).explanations end,
      success = { en = "Right: in rapid and blitz the penalty is one minute (A.3).", fa = "درست است: در بازی سریع و برق‌آسا جریمه یک دقیقه است (A.3).",
                  ar = "صحيح: في الشطرنج السريع والخاطف تكون العقوبة دقيقة واحدة (A.3)." },
      tests = { right = { "60" }, wrong = { ["120"] = "illegal_move_extra_time_rapid" } },
    },
    choice {
      fen = start,
      prompt = { en = "A blitz game, an arbiter supervising: White's first completed illegal move. How much extra time does Black get?",
                 fa = "بازی برق‌آسا زیر نظارت داور: نخستین حرکت غیرقانونیِ کامل‌شدهٔ سفید. سیاه چقدر وقت اضافه می‌گیرد؟",
                 ar = "مباراة خاطفة يشرف عليها الحكم: أول نقلة غير قانونية مكتملة للأبيض. كم من الوقت الإضافي يحصل عليه الأسود؟" },
      choices = minutes,
      answer = function(pos) return extra_minutes(pos, "blitz") end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 1, "blitz")).explanations end,
      success = { en = "Right: blitz follows the rapid rules here, one minute instead of two (A.3).",
                  fa = "درست است: بازی برق‌آسا در این مورد از قوانین بازی سریع پیروی می‌کند: یک دقیقه به جای دو دقیقه (A.3).",
                  ar = "صحيح: يتبع الشطرنج الخاطف هنا قواعد الشطرنج السريع: دقيقة واحدة بدل دقيقتين (A.3)." },
      tests = { right = { "1" }, wrong = { ["2"] = "illegal_move_extra_time_rapid" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1",
      prompt = { en = "Black has king and rook. White completes a second illegal move in the game. What is the result?",
                 fa = "سیاه شاه و رخ دارد. سفید دومین حرکت غیرقانونی‌اش را در این بازی کامل می‌کند. نتیجه چیست؟",
                 ar = "للأسود ملك ورخ. يُكمل الأبيض نقلته غير القانونية الثانية في المباراة. ما النتيجة؟" },
      choices = second,
      answer = second_result,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2)).explanations end,
      success = { en = "Right: the second illegal move loses the game (7.5.5), and Black's rook can mate.", fa = "درست است: دومین حرکت غیرقانونی به باخت می‌انجامد (۷٫۵٫۵) و رخ سیاه می‌تواند مات کند.", ar = "صحيح: النقلة غير القانونية الثانية تُخسر المباراة (7.5.5)، ورخ الأسود قادر على الإماتة." },
      tests = { right = { "0-1" }, wrong = { ["more"] = "wrong_answer", ["draw"] = "illegal_moves_loss" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
      prompt = { en = "Black has a lone king. White completes a second illegal move in the game. What is the result?",
                 fa = "سیاه فقط شاه دارد. سفید دومین حرکت غیرقانونی‌اش را در این بازی کامل می‌کند. نتیجه چیست؟",
                 ar = "ليس للأسود إلا الملك. يُكمل الأبيض نقلته غير القانونية الثانية في المباراة. ما النتيجة؟" },
      choices = second,
      answer = second_result,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2)).explanations end,
      success = { en = "Right: a second illegal move loses — unless the opponent cannot checkmate by any series of legal moves; a lone king cannot, so it is a draw (7.5.5).", fa = "درست است: دومین حرکت غیرقانونی به باخت می‌انجامد، مگر آنکه حریف با هیچ رشته‌ای از حرکت‌های قانونی نتواند مات کند؛ شاه تنها نمی‌تواند، پس بازی مساوی است (۷٫۵٫۵).", ar = "صحيح: النقلة غير القانونية الثانية تُخسر، إلا إذا عجز الخصم عن الإماتة بأي سلسلة من النقلات القانونية؛ والملك الوحيد عاجز، فالنتيجة تعادل (7.5.5)." },
      tests = { right = { "draw" }, wrong = { ["0-1"] = "wrong_answer", ["more"] = "wrong_answer" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/r3P3/4K3 w - - 0 1",
      prompt = { en = "A FIDE-rated standard game. White completes a second illegal move; Black has king and rook. White's coach says the rule is \"three illegal moves before a loss\". What does the arbiter decide?",
                 fa = "بازی کلاسیک با ریتینگ فیده. سفید دومین حرکت غیرقانونی‌اش را کامل می‌کند؛ سیاه شاه و رخ دارد. مربی سفید می‌گوید قانون «سه حرکت غیرقانونی پیش از باخت» است. داور چه رأیی می‌دهد؟",
                 ar = "مباراة كلاسيكية محتسبة في تصنيف الفيدي. يُكمل الأبيض نقلته غير القانونية الثانية، وللأسود ملك ورخ. ويقول مدرب الأبيض إن القاعدة هي «ثلاث نقلات غير قانونية قبل الخسارة». بماذا يحكم الحكم؟" },
      choices = second,
      answer = second_result,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2)).explanations end,
      success = { en = "Right: Black wins. The second completed illegal move loses (7.5.5), and Black's rook can mate; \"three illegal moves\" was the rule before 2014, and no event's regulations bring it back in FIDE-rated play.",
                  fa = "درست است: سیاه می‌برد. دومین حرکت غیرقانونیِ کامل‌شده به باخت می‌انجامد (۷٫۵٫۵) و رخ سیاه می‌تواند مات کند؛ «سه حرکت غیرقانونی» قانونِ پیش از ۲۰۱۴ بود و مقررات هیچ مسابقه‌ای آن را در بازی‌های ریتینگ فیده برنمی‌گرداند.",
                  ar = "صحيح: يفوز الأسود. النقلة غير القانونية الثانية المكتملة تُخسر (7.5.5)، ورخ الأسود قادر على الإماتة؛ أما «ثلاث نقلات غير قانونية» فكانت القاعدة قبل عام 2014، ولا تعيدها لوائح أي بطولة في المباريات المحتسبة في تصنيف الفيدي." },
      wrong = { en = "In FIDE-rated play the second completed illegal move loses, whatever anyone remembers of older rules (7.5.5); it is a draw only if the opponent cannot checkmate.",
                fa = "در بازی‌های ریتینگ فیده دومین حرکت غیرقانونیِ کامل‌شده به باخت می‌انجامد، هر چه کسی از قوانین قدیمی به یاد داشته باشد (۷٫۵٫۵)؛ فقط اگر حریف نتواند مات کند بازی مساوی است.",
                ar = "في المباريات المحتسبة في تصنيف الفيدي تُخسر النقلة غير القانونية الثانية المكتملة، مهما تذكّر أحدٌ من قواعد قديمة (7.5.5)؛ ولا يكون التعادل إلا إذا عجز الخصم عن الإماتة." },
      tests = { right = { "0-1" }, wrong = { ["more"] = "illegal_moves_loss", ["draw"] = "illegal_moves_loss" } },
    },
    choice {
      fen = start,
      prompt = { en = "A rapid game, an arbiter supervising: White completes a second illegal move, and Black has a lone king. What is the result?",
                 fa = "بازی سریع زیر نظارت داور: سفید دومین حرکت غیرقانونی‌اش را کامل می‌کند و سیاه فقط شاه دارد. نتیجه چیست؟",
                 ar = "مباراة سريعة يشرف عليها الحكم: يُكمل الأبيض نقلته غير القانونية الثانية، وليس للأسود إلا الملك. ما النتيجة؟" },
      choices = second,
      answer = function(pos) return penalty_result(pos, "rapid") end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2, "rapid")).explanations end,
      success = { en = "Right: the time control changes the minutes, not the rule for the second illegal move: a lone king can never checkmate, so it is a draw.",
                  fa = "درست است: نوع زمان‌بندی فقط دقیقه‌ها را تغییر می‌دهد، نه حکم دومین حرکت غیرقانونی را: شاه تنها هرگز نمی‌تواند مات کند، پس بازی مساوی است.",
                  ar = "صحيح: نظام الوقت يغيّر عدد الدقائق لا حكم النقلة غير القانونية الثانية: الملك الوحيد لا يستطيع الإماتة أبدًا، فالنتيجة تعادل." },
      tests = { right = { "draw" }, wrong = { ["0-1"] = "illegal_moves_draw", ["more"] = "illegal_moves_draw" } },
    },
    true_false {
      prompt = { en = "A player presses the clock without making a move. Does that count as an illegal move?", fa = "بازیکنی بدون انجام حرکت ساعت را می‌زند. آیا این حرکت غیرقانونی به شمار می‌رود؟",
                 ar = "يضغط لاعب الساعة دون أن يلعب نقلة. هل يُعدّ ذلك نقلة غير قانونية؟" },
      answer = true,
      wrong = { en = "Pressing the clock without making a move counts and is penalised as an illegal move (7.5.3).",
                fa = "زدن ساعت بدون انجام حرکت، حرکت غیرقانونی به شمار می‌رود و همان جریمه را دارد (۷٫۵٫۳).",
                ar = "ضغط الساعة دون لعب نقلة يُعدّ نقلة غير قانونية ويُعاقب عليه بمثلها (7.5.3)." },
      success = { en = "Right: pressing the clock without making a move counts as an illegal move (7.5.3), with the same penalty.", fa = "درست است: طبق ۷٫۵٫۳ این کار حرکت غیرقانونی به شمار می‌رود و همان جریمه را دارد.",
                  ar = "صحيح: يعدّه البند 7.5.3 نقلة غير قانونية، بالعقوبة نفسها." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    choice {
      prompt = { en = "A player pushes a pawn to the 8th rank, presses the clock and leaves the pawn there. What happens?",
                 fa = "بازیکنی پیاده را به ردیف هشتم می‌برد، ساعت را می‌زند و پیاده را همان‌جا رها می‌کند. چه می‌شود؟",
                 ar = "يدفع لاعب بيدقًا إلى الصف الثامن ويضغط الساعة ويترك البيدق مكانه. ماذا يحدث؟" },
      choices = {
        { id = "a", text = { en = "It is an illegal move; the pawn is replaced by a queen", fa = "حرکت غیرقانونی است؛ پیاده با وزیر عوض می‌شود",
                             ar = "نقلة غير قانونية، ويُستبدل البيدق بوزير" } },
        { id = "b", text = { en = "The player may still choose any piece, without penalty", fa = "بازیکن هنوز بی‌جریمه هر مهره‌ای را می‌تواند انتخاب کند",
                             ar = "يجوز للاعب أن يختار أي قطعة بلا عقوبة" } },
      },
      answer = "a",
      wrong = { en = "A pawn left on the last rank when the clock is pressed makes the move illegal (7.5.2): the player gets the penalty of 7.5.5, and the pawn becomes a queen; there is no free choice any more.",
                fa = "پیاده‌ای که هنگام زدن ساعت در ردیف آخر مانده باشد حرکت را غیرقانونی می‌کند (۷٫۵٫۲): بازیکن جریمهٔ ۷٫۵٫۵ را می‌گیرد و پیاده وزیر می‌شود؛ دیگر انتخاب آزادی در کار نیست.",
                ar = "البيدق المتروك في الصف الأخير عند ضغط الساعة يجعل النقلة غير قانونية (7.5.2): فيُعاقَب اللاعب وفق 7.5.5، ويُستبدل البيدق بوزير؛ ولم يعد له اختيار." },
      success = { en = "Right: 7.5.2 — the move is illegal (penalised as in 7.5.5) and the pawn becomes a queen.",
                  fa = "درست است: طبق ۷٫۵٫۲ حرکت غیرقانونی است (با جریمهٔ ۷٫۵٫۵) و پیاده وزیر می‌شود.",
                  ar = "صحيح: وفق 7.5.2 النقلة غير قانونية (وعقوبتها وفق 7.5.5)، ويُستبدل البيدق بوزير." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer" } },
    },
    true_false {
      fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
      prompt = { en = "A player castles queenside, moving the king with one hand and the rook with the other, and presses the clock. Is that an illegal move?",
                 fa = "بازیکنی قلعهٔ بزرگ می‌رود، شاه را با یک دست و رخ را با دست دیگر جابه‌جا می‌کند و ساعت را می‌زند. آیا این حرکت غیرقانونی است؟",
                 ar = "يبيّت لاعب تبييتًا طويلًا، فيحرّك الملك بيد والرخ باليد الأخرى، ثم يضغط الساعة. هل هذه نقلة غير قانونية؟" },
      answer = true,
      wrong = { en = "Every move is made with one hand, castling included (4.1); a move made with two hands and completed by pressing the clock counts as an illegal move (7.5.4).",
                fa = "هر حرکتی، از جمله قلعه رفتن، با یک دست انجام می‌شود (۴٫۱)؛ حرکتی که با دو دست انجام و با زدن ساعت کامل شود حرکت غیرقانونی به شمار می‌آید (۷٫۵٫۴).",
                ar = "تُلعب كل نقلة بيد واحدة، ومنها التبييت (4.1)؛ والنقلة التي تُلعب باليدين وتُكمَل بضغط الساعة تُعدّ نقلة غير قانونية (7.5.4)." },
      success = { en = "Right: every move, castling included, is made with one hand (4.1); a move made with two hands counts as an illegal move (7.5.4), with the penalty of 7.5.5.",
                  fa = "درست است: هر حرکتی، از جمله قلعه رفتن، با یک دست انجام می‌شود (۴٫۱)؛ حرکتی که با دو دست انجام شود حرکت غیرقانونی به شمار می‌آید (۷٫۵٫۴) و جریمهٔ ۷٫۵٫۵ را دارد.",
                  ar = "صحيح: تُلعب كل نقلة، ومنها التبييت، بيد واحدة (4.1)، والنقلة التي تُلعب باليدين تُعدّ نقلة غير قانونية (7.5.4)، وعقوبتها وفق 7.5.5." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
  },
}
