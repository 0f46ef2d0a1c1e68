-- Promotion in its simplest form, for beginners (FIDE 3.7.3.3): a pawn that reaches the last
-- rank becomes a queen, rook, bishop or knight of its own colour, whatever is already on the
-- board. The engine decides every answer, and says when a queen would stalemate.
return lesson {
  id = "promotion-basics",
  title = { en = "A pawn becomes a queen", fa = "پیاده وزیر می‌شود", ar = "البيدق يصبح وزيرًا" },
  level = "beginner",
  tags = { "basics", "pawn", "promotion" },
  rules = { "3.7.3.3" },
  steps = {
    teach {
      fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
      text = { en = "A pawn that reaches the last row turns into a new piece: a queen, a rook, a bishop or a knight. You choose. Most players choose a queen, the strongest piece.",
               fa = "پیاده‌ای که به ردیف آخر برسد به مهره‌ای تازه تبدیل می‌شود: وزیر، رخ، فیل یا اسب. انتخاب با شماست. بیشتر بازیکنان وزیر را انتخاب می‌کنند، چون قوی‌ترین مهره است.",
               ar = "البيدق الذي يصل إلى الصف الأخير يتحول إلى قطعة جديدة: وزير أو رخ أو فيل أو حصان، وأنت تختار. ويختار معظم اللاعبين الوزير لأنه أقوى القطع." },
      diagram = { squares = { "b8" }, arrows = { { "b7", "b8" } } },
    },
    move_task {
      fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Push the pawn to b8 and make it a queen.", fa = "پیاده را به b8 ببرید و آن را وزیر کنید.", ar = "ادفع البيدق إلى b8 واجعله وزيرًا." },
      expect = promotes("Q"),
      success = { en = "Well done! Your pawn is now a queen.", fa = "آفرین! پیادهٔ شما حالا وزیر است.", ar = "أحسنت! صار بيدقك وزيرًا." },
      wrong = { en = "Push the b7 pawn to b8 and choose a queen.", fa = "پیادهٔ b7 را به b8 ببرید و وزیر را انتخاب کنید.", ar = "ادفع بيدق b7 إلى b8 واختر الوزير." },
      tests = { right = { "b8=Q", "b7b8q" }, wrong = { ["b8=N"] = "deviation", ["Kd2"] = "deviation" } },
    },
    teach {
      fen = "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
      text = { en = "Careful! Here a new queen on c8 would leave the black king no move while it is not in check: that is stalemate, a draw. A rook on c8 leaves the king the square b7, and White still wins.",
               fa = "مواظب باشید! اینجا وزیر تازه در c8 هیچ حرکتی برای شاه سیاه باقی نمی‌گذارد، در حالی که شاه کیش نیست: این پات است، یعنی مساوی. رخ در c8 خانهٔ b7 را برای شاه باقی می‌گذارد و سفید همچنان می‌برد.",
               ar = "انتبه! هنا لو صار البيدق وزيرًا في c8 لما بقيت للملك الأسود أي نقلة وهو ليس في كش: وهذا جمود، أي تعادل. أما الرخ في c8 فيترك للملك المربع b7، ويبقى الأبيض فائزًا." },
      diagram = { squares = { "c8", "b7" }, arrows = { { "c7", "c8" } } },
    },
    move_task {
      fen = "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
      prompt = { en = "Promote the pawn, but do not stalemate Black.", fa = "پیاده را ارتقا دهید، اما سیاه را پات نکنید.", ar = "رقِّ البيدق، لكن لا توقع الأسود في الجمود." },
      hints = { { en = "Try a rook instead of a queen.", fa = "به‌جای وزیر، رخ را امتحان کنید.", ar = "جرّب الرخ بدلًا من الوزير." } },
      expect = promotes("R"),
      deviations = {
        ["c8=B"] = { en = "No stalemate, but a lone bishop can never checkmate: the game is a draw at once. A rook can win.",
                     fa = "پات نیست، اما فیل تنها هرگز نمی‌تواند مات کند: بازی همان لحظه مساوی است. رخ می‌تواند ببرد.",
                     ar = "ليس جمودًا، لكن الفيل وحده لا يستطيع الإماتة أبدًا: فالنتيجة تعادل فورًا. أما الرخ فيستطيع الفوز." },
        ["c8=N+"] = { en = "Check, but a lone knight can never checkmate: the game is a draw at once. A rook can win.",
                      fa = "کیش است، اما اسب تنها هرگز نمی‌تواند مات کند: بازی همان لحظه مساوی است. رخ می‌تواند ببرد.",
                      ar = "كش، لكن الحصان وحده لا يستطيع الإماتة أبدًا: فالنتيجة تعادل فورًا. أما الرخ فيستطيع الفوز." },
      },
      explain = function(pos, game, step, ctx) return select(2, ctx.after:explain_status()) end,
      success = { en = "Well done! The black king still has a move, so the game goes on and White will win.", fa = "آفرین! شاه سیاه هنوز حرکتی دارد، پس بازی ادامه می‌یابد و سفید خواهد برد.",
                  ar = "أحسنت! ما زالت للملك الأسود نقلة، فتستمر المباراة وسيفوز الأبيض." },
      wrong = { en = "Promote the c7 pawn, and leave the black king a square to go to.", fa = "پیادهٔ c7 را ارتقا دهید و خانه‌ای برای رفتن شاه سیاه باقی بگذارید.",
                ar = "رقِّ بيدق c7 واترك للملك الأسود مربعًا يذهب إليه." },
      tests = { right = { "c8=R", "c7c8r" }, wrong = { ["c8=Q"] = "stalemate", ["c8=B"] = "deviation", ["Kc6"] = "deviation" } },
    },
  },
}
