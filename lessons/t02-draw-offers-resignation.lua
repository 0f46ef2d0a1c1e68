-- Resignation and draw by agreement (FIDE 5.1.2, 5.2.3, 9.1): the engine gives each result.
local results = {
  { id = "1-0", text = { en = "White wins", fa = "سفید می‌برد", ar = "يفوز الأبيض" } },
  { id = "0-1", text = { en = "Black wins", fa = "سیاه می‌برد", ar = "يفوز الأسود" } },
  { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } },
}
local function result_of(event)
  return function(pos, game)
    local r = game:outcome(event).result
    return r == "1/2-1/2" and "draw" or r
  end
end
local function why(event) return function(pos, game) return game:outcome(event).explanations end end
return lesson {
  id = "draw-offers-resignation",
  title = { en = "Resigning and agreeing a draw", fa = "تسلیم شدن و توافق بر تساوی", ar = "الاستسلام والتعادل بالاتفاق" },
  level = "advanced",
  tags = { "arbiter", "draw", "resignation" },
  rules = { "5.1.2", "5.2.3", "9.1" },
  steps = {
    teach {
      fen = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",
      text = { en = "A player who resigns loses (5.1.2) — unless the opponent cannot checkmate by any series of legal moves: then resigning is a draw. Here Black has a lone king; if White resigns, Black still cannot win, so the game is drawn.",
               fa = "بازیکنی که تسلیم می‌شود می‌بازد (۵.۱.۲)، مگر اینکه حریف با هیچ سری از حرکت‌های قانونی نتواند مات کند؛ در آن صورت تسلیم به تساوی می‌انجامد. اینجا سیاه فقط شاه دارد؛ اگر سفید تسلیم شود، سیاه باز هم نمی‌تواند ببرد، پس بازی مساوی است.",
               ar = "اللاعب الذي يستسلم يخسر (5.1.2)، إلا إذا كان خصمه عاجزًا عن الإماتة بأي سلسلة من النقلات القانونية، فعندئذٍ يكون الاستسلام تعادلًا. هنا لم يبقَ للأسود إلا الملك؛ فإن استسلم الأبيض، لا يستطيع الأسود الفوز مع ذلك، فتنتهي المباراة بالتعادل." },
      diagram = { squares = { "e6" }, arrows = {} },
    },
    choice {
      fen = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",
      prompt = { en = "White, with king and queen against a lone king, resigns by mistake. What is the result?",
                 fa = "سفید با شاه و وزیر در برابر شاه تنها، به اشتباه تسلیم می‌شود. نتیجه چیست؟",
                 ar = "الأبيض، وله ملك ووزير أمام ملك وحيد، يستسلم خطأً. ما النتيجة؟" },
      choices = results,
      answer = result_of({ resign = "white" }),
      explain = why({ resign = "white" }),
      success = { en = "Right: a lone king can never checkmate, so White's resignation gives a draw.",
                  fa = "درست است: شاه تنها هرگز نمی‌تواند مات کند، پس تسلیم سفید به تساوی می‌انجامد.",
                  ar = "صحيح: الملك الوحيد لا يستطيع الإماتة أبدًا، فيكون استسلام الأبيض تعادلًا." },
      tests = { right = { "draw" }, wrong = { ["0-1"] = "resignation_draw", ["x"] = "unknown_choice" } },
    },
    choice {
      fen = "8/8/4k3/8/8/3QK3/8/8 b - - 0 1",
      prompt = { en = "Same position, but Black resigns. What is the result?", fa = "همان وضعیت، اما این بار سیاه تسلیم می‌شود. نتیجه چیست؟",
                 ar = "الوضع نفسه، لكن الأسود هو الذي يستسلم. ما النتيجة؟" },
      choices = results,
      answer = result_of({ resign = "black" }),
      explain = why({ resign = "black" }),
      success = { en = "Right: White's queen can checkmate, so Black's resignation loses.",
                  fa = "درست است: وزیر سفید می‌تواند مات کند، پس سیاه با تسلیم می‌بازد.",
                  ar = "صحيح: وزير الأبيض قادر على الإماتة، فيخسر الأسود باستسلامه." },
      tests = { right = { "1-0" }, wrong = { ["draw"] = "resignation" } },
    },
    teach {
      text = { en = "A draw may be agreed only once both players have made at least one move (5.2.3). Offer a draw just after making your move, before pressing the clock (9.1.2.1); the offer cannot be withdrawn and stands until the opponent accepts it, rejects it by word, touches a piece to move or capture it, or the game ends.",
               fa = "توافق بر تساوی فقط وقتی ممکن است که هر دو بازیکن دست‌کم یک حرکت کرده باشند (۵.۲.۳). پیشنهاد تساوی را درست پس از انجام حرکت خود و پیش از زدن ساعت بدهید (۹.۱.۲.۱)؛ پیشنهاد پس گرفته نمی‌شود و پابرجاست تا حریف آن را بپذیرد، با گفتن رد کند، به مهره‌ای برای حرکت یا زدن دست بزند، یا بازی به پایان برسد.",
               ar = "لا يجوز الاتفاق على التعادل إلا بعد أن يلعب كل لاعب نقلة واحدة على الأقل (5.2.3). اعرض التعادل بعد أن تلعب نقلتك مباشرةً وقبل أن تضغط الساعة (9.1.2.1)؛ ولا يجوز سحب العرض، ويبقى قائمًا حتى يقبله الخصم، أو يرفضه بالكلام، أو يلمس قطعة ليحرّكها أو يأخذها، أو تنتهي المباراة." },
    },
    true_false {
      moves = { "e4" },
      prompt = { en = "White has played 1.e4 and Black has not moved yet. May the players agree a draw now?",
                 fa = "سفید ۱.e4 را بازی کرده و سیاه هنوز حرکتی نکرده است. آیا بازیکنان اکنون می‌توانند بر تساوی توافق کنند؟",
                 ar = "لعب الأبيض ‎1.e4 ولم يلعب الأسود بعد. هل يجوز للاعبين الاتفاق على التعادل الآن؟" },
      answer = function(pos, game) return game:outcome({ agree_draw = true }).result == "1/2-1/2" end,
      explain = function(pos, game) return game:outcome({ agree_draw = true }).explanations end,
      success = { en = "Right: Black has not made a move yet, so no draw may be agreed (5.2.3).",
                  fa = "درست است: سیاه هنوز حرکتی نکرده است، پس توافق بر تساوی ممکن نیست (۵.۲.۳).",
                  ar = "صحيح: لم يلعب الأسود أي نقلة بعد، فلا يجوز الاتفاق على التعادل (5.2.3)." },
      tests = { right = { "false" }, wrong = { ["true"] = "agreement_too_early" } },
    },
    true_false {
      moves = { "e4", "e5" },
      prompt = { en = "After 1.e4 e5, may the players agree a draw?", fa = "پس از ۱.e4 e5، آیا بازیکنان می‌توانند بر تساوی توافق کنند؟",
                 ar = "بعد ‎1.e4 e5، هل يجوز للاعبين الاتفاق على التعادل؟" },
      answer = function(pos, game) return game:outcome({ agree_draw = true }).result == "1/2-1/2" end,
      explain = function(pos, game) return game:outcome({ agree_draw = true }).explanations end,
      success = { en = "Right: both players have moved, so a draw may be agreed (unless the event's rules forbid early draws).",
                  fa = "درست است: هر دو بازیکن حرکت کرده‌اند، پس توافق بر تساوی ممکن است (مگر مقررات مسابقه تساوی زودهنگام را منع کند).",
                  ar = "صحيح: لعب كلا اللاعبين، فيجوز الاتفاق على التعادل (ما لم تمنع لوائح البطولة التعادل المبكر)." },
      tests = { right = { "true" }, wrong = { ["false"] = "agreement" } },
    },
    choice {
      prompt = { en = "When should you offer a draw?", fa = "چه وقت باید پیشنهاد تساوی بدهید؟", ar = "متى ينبغي أن تعرض التعادل؟" },
      choices = {
        { id = "a", text = { en = "After making your move, before pressing the clock", fa = "پس از انجام حرکت خود و پیش از زدن ساعت",
                             ar = "بعد أن تلعب نقلتك وقبل أن تضغط الساعة" } },
        { id = "b", text = { en = "While the opponent is thinking", fa = "وقتی حریف در حال فکر کردن است", ar = "بينما يفكّر الخصم" } },
        { id = "c", text = { en = "After pressing the clock", fa = "پس از زدن ساعت", ar = "بعد ضغط الساعة" } },
      },
      answer = "a",
      success = { en = "Right: 9.1.2.1 — make the move, offer the draw, then press the clock; offering on the opponent's time disturbs them.",
                  fa = "درست است: طبق ۹.۱.۲.۱ حرکت را انجام دهید، تساوی پیشنهاد کنید و سپس ساعت را بزنید؛ پیشنهاد در وقت حریف مزاحم اوست.",
                  ar = "صحيح: وفق 9.1.2.1 العب النقلة، ثم اعرض التعادل، ثم اضغط الساعة؛ أما العرض في وقت الخصم فإزعاج له." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
  },
}
