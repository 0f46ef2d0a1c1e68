-- Flag fall: losing on time, unless the opponent cannot checkmate by any series of legal moves
-- (FIDE 6.9). The engine gives each result.
local function on_flag(color)
  return function(pos, game)
    local r = game:outcome({ flag = color }).result
    return r == "1/2-1/2" and "draw" or r
  end
end
local function why_flag(color)
  return function(pos, game) return game:outcome({ flag = color }).explanations end
end
local results = {
  { id = "1-0", text = { en = "White wins", fa = "سفید می‌برد", ar = "يفوز الأبيض" } },
  { id = "0-1", text = { en = "Black wins", fa = "سیاه می‌برد", ar = "يفوز الأسود" } },
  { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } },
}
return lesson {
  id = "flag-fall",
  title = { en = "Flag fall", fa = "تمام شدن وقت (افتادن پرچم)", ar = "سقوط العلم (انتهاء الوقت)" },
  level = "advanced",
  tags = { "arbiter", "time" },
  rules = { "6.9" },
  steps = {
    teach {
      fen = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",
      text = { en = "A player whose flag falls loses the game (6.9) — unless the opponent cannot checkmate by any series of legal moves: then the game is drawn. Here, if White's time runs out, Black has only a king and can never checkmate, so it is a draw; if Black's time runs out, White wins.",
               fa = "بازیکنی که پرچمش بیفتد بازی را می‌بازد (۶.۹)، مگر اینکه حریف با هیچ سری از حرکت‌های قانونی نتواند مات کند؛ در آن صورت بازی مساوی است. اینجا اگر وقت سفید تمام شود، سیاه فقط شاه دارد و هرگز نمی‌تواند مات کند، پس مساوی است؛ اگر وقت سیاه تمام شود، سفید می‌برد.",
               ar = "اللاعب الذي يسقط علمه يخسر المباراة (6.9)، إلا إذا كان خصمه عاجزًا عن الإماتة بأي سلسلة من النقلات القانونية، فتكون النتيجة تعادلًا. هنا إن انتهى وقت الأبيض فليس للأسود إلا الملك ولن يستطيع الإماتة أبدًا، فالنتيجة تعادل؛ وإن انتهى وقت الأسود فاز الأبيض." },
      diagram = { squares = { "e6" }, arrows = {  } },
    },
    choice {
      fen = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1",
      prompt = { en = "White's flag falls. Black has only a king left. What is the result?",
                 fa = "وقت سفید تمام می‌شود. برای سیاه فقط شاه مانده است. نتیجه چیست؟",
                 ar = "سقط علم الأبيض. لم يبقَ للأسود إلا الملك. ما النتيجة؟" },
      choices = results,
      answer = on_flag("white"),
      explain = why_flag("white"),
      success = { en = "Right: a lone king can never checkmate, so the game is drawn.",
                  fa = "درست است: شاه تنها هرگز نمی‌تواند مات کند، پس بازی مساوی است.",
                  ar = "صحيح: الملك الوحيد لا يستطيع إعطاء كش مات أبدًا، فتنتهي المباراة بالتعادل." },
      tests = { right = { "draw" }, wrong = { ["0-1"] = "cannot_mate_bare_king", ["1/2"] = "unknown_choice" } },
    },
    choice {
      fen = "8/8/4k3/8/8/3QK3/8/8 b - - 0 1",
      prompt = { en = "Same material, but now Black's flag falls. What is the result?",
                 fa = "همان مهره‌ها، اما این بار وقت سیاه تمام می‌شود. نتیجه چیست؟",
                 ar = "القطع نفسها، لكن الآن سقط علم الأسود. ما النتيجة؟" },
      choices = results,
      answer = on_flag("black"),
      explain = why_flag("black"),
      success = { en = "Right: White's queen can still checkmate, so Black loses on time.",
                  fa = "درست است: وزیر سفید هنوز می‌تواند مات کند، پس سیاه با تمام شدن وقت می‌بازد.",
                  ar = "صحيح: ما زال وزير الأبيض قادرًا على الإماتة، فيخسر الأسود بسبب انتهاء وقته." },
      tests = { right = { "1-0" }, wrong = { ["draw"] = "time_forfeit" } },
    },
    choice {
      fen = "7k/8/8/8/8/8/6p1/5NK1 w - - 0 1",
      prompt = { en = "White's flag falls. Black has king and pawn, White king and knight. What is the result?",
                 fa = "وقت سفید تمام می‌شود. سیاه شاه و پیاده دارد و سفید شاه و اسب. نتیجه چیست؟",
                 ar = "سقط علم الأبيض. للأسود ملك وبيدق، وللأبيض ملك وحصان. ما النتيجة؟" },
      choices = results,
      answer = on_flag("white"),
      explain = why_flag("white"),
      success = { en = "Right: the black pawn can still promote and mate with White's help, so Black wins on time.",
                  fa = "درست است: پیادهٔ سیاه هنوز می‌تواند ارتقا یابد و با همکاری سفید مات کند، پس سیاه با وقت می‌برد.",
                  ar = "صحيح: ما زال بيدق الأسود قادرًا على الترقية ثم الإماتة بمساعدة الأبيض، فيفوز الأسود بالوقت." },
      tests = { right = { "0-1" }, wrong = { ["draw"] = "time_forfeit", ["1-0"] = "wrong_answer" } },
    },
  },
}
