-- Capturing, protection and piece values (FIDE 1.2, 3.1). The engine lists attackers and
-- defenders and refuses every capture of one's own piece.
local function defenders(sq, color)
  return function(pos) return pos:attackers(sq, color) end
end
return lesson {
  id = "capture-protection",
  title = { en = "Capturing, protecting and piece values", fa = "زدن مهره، پشتیبانی و ارزش مهره‌ها",
            ar = "الأخذ والحماية وقيم القطع" },
  level = "beginner",
  tags = { "basics", "capture" },
  rules = { "1.2", "3.1" },
  steps = {
    teach {
      fen = "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1",
      text = { en = "White and Black move in turn, each only their own pieces (1.2). A piece captures by moving to a square occupied by an enemy piece, which is removed from the board; no piece may move to a square occupied by a piece of its own colour (3.1). Here the rook on d2 may capture the black rook on d5.",
               fa = "سفید و سیاه به نوبت حرکت می‌کنند و هرکدام فقط مهره‌های خودش را (۱.۲). مهره با رفتن به خانه‌ای که مهرهٔ حریف در آن است، آن را می‌زند و آن مهره از صفحه برداشته می‌شود؛ هیچ مهره‌ای نمی‌تواند به خانه‌ای برود که مهرهٔ هم‌رنگ خودش در آن است (۳.۱). اینجا رخ d2 می‌تواند رخ سیاه d5 را بزند.",
               ar = "يتناوب الأبيض والأسود النقلات، ويحرّك كلٌّ منهما قطعه فقط (1.2). تأخذ القطعة قطعة الخصم بالانتقال إلى المربع الذي تقف عليه، فتُرفع تلك القطعة عن الرقعة؛ ولا يجوز لأي قطعة أن تنتقل إلى مربع تقف عليه قطعة من لونها (3.1). هنا يستطيع رخ d2 أن يأخذ الرخ الأسود في d5." },
      diagram = { squares = { "d5" }, arrows = { { "d2", "d5" } } },
    },
    move_task {
      fen = "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1",
      prompt = { en = "Capture the black rook.", fa = "رخ سیاه را بزنید.", ar = "خذ الرخ الأسود." },
      expect = captures("R"),
      success = { en = "Right: Rxd5 — the white rook takes the black rook's place, and the black rook leaves the board.",
                  fa = "درست است: Rxd5؛ رخ سفید جای رخ سیاه را می‌گیرد و رخ سیاه از صفحه بیرون می‌رود.",
                  ar = "صحيح: ‏Rxd5 — يحلّ الرخ الأبيض محلّ الرخ الأسود، ويُرفع الرخ الأسود عن الرقعة." },
      wrong = { en = "That move does not capture the rook on d5.", fa = "این حرکت رخ d5 را نمی‌زند.", ar = "هذه النقلة لا تأخذ رخ d5." },
      tests = { right = { "Rxd5", "d2d5" }, wrong = { ["Rd4"] = "deviation", ["Rxd5xd8"] = "san_malformed" } },
    },
    move_task {
      fen = "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1",
      prompt = { en = "Try to move the white king onto its own rook on d2; if that is not allowed, make another legal king move.", fa = "سعی کنید شاه سفید را به خانهٔ رخ سفید در d2 ببرید؛ اگر نشد، حرکت قانونی دیگری با شاه انجام دهید.",
                 ar = "حاول نقل الملك الأبيض إلى مربع الرخ الأبيض في d2؛ وإن لم يجز، فالعب نقلة قانونية أخرى بالملك." },
      expect = moves_piece("K"),
      success = { en = "Right: the king may go to any free neighbouring square, but never onto its own rook.",
                  fa = "درست است: شاه می‌تواند به هر خانهٔ خالیِ کناری برود، اما هرگز به خانهٔ رخ خودش.",
                  ar = "صحيح: يجوز للملك الذهاب إلى أي مربع مجاور خالٍ، لكن لا يجوز له أبدًا دخول مربع رخّه." },
      wrong = { en = "This step asks for a king move.", fa = "این مرحله یک حرکت شاه می‌خواهد.", ar = "تطلب هذه الخطوة نقلة بالملك." },
      tests = { right = { "Kf2", "Ke2" }, wrong = { ["Kxd2"] = "own_piece_on_target", ["e1d2"] = "own_piece_on_target", ["Rd3"] = "deviation" } },
    },
    teach {
      fen = "4k3/8/2p5/3n4/8/8/3R4/4K3 w - - 0 1",
      text = { en = "A piece is protected when a piece of its own colour could capture on its square if it were taken. The knight on d5 is protected by the pawn on c6: Rxd5 would win a knight (3 points) but lose the rook (5) to cxd5. Usual values: pawn 1, knight 3, bishop 3, rook 5, queen 9; the king cannot be exchanged.",
               fa = "مهره‌ای پشتیبانی‌شده است که اگر زده شود، مهرهٔ هم‌رنگش بتواند در همان خانه مهرهٔ زننده را بزند. اسب d5 را پیادهٔ c6 پشتیبانی می‌کند: Rxd5 اسب (۳ امتیاز) را می‌برد اما با cxd5 رخ (۵) از دست می‌رود. ارزش معمول مهره‌ها: پیاده ۱، اسب ۳، فیل ۳، رخ ۵، وزیر ۹؛ شاه را نمی‌توان معاوضه کرد.",
               ar = "تكون القطعة محمية إذا استطاعت قطعة من لونها أن تأخذ في مربعها لو أُخذت. الحصان في d5 يحميه البيدق في c6: فالنقلة Rxd5 تكسب حصانًا (3 نقاط) لكنها تخسر الرخ (5) بعد cxd5. القيم المعتادة: البيدق 1، الحصان 3، الفيل 3، الرخ 5، الوزير 9؛ أما الملك فلا يُبادَل." },
      diagram = { squares = { "d5" }, arrows = { { "c6", "d5" }, { "d2", "d5" } } },
    },
    which_squares {
      fen = "4k3/8/2p5/3n4/8/8/3R4/4K3 w - - 0 1",
      prompt = { en = "Which black pieces protect the knight on d5? Name their squares.", fa = "کدام مهره‌های سیاه از اسب d5 پشتیبانی می‌کنند؟ خانه‌هایشان را نام ببرید.",
                 ar = "أيّ قطع الأسود تحمي الحصان في d5؟ اذكر مربعاتها." },
      answer = defenders("d5", "black"),
      success = { en = "Right: only the pawn on c6 guards d5.", fa = "درست است: فقط پیادهٔ c6 از d5 محافظت می‌کند.",
                  ar = "صحيح: لا يحرس d5 إلا البيدق في c6." },
      tests = { right = { "c6" }, wrong = { ["e8"] = "squares_missing", ["c6 e8"] = "squares_extra" } },
    },
    choice {
      prompt = { en = "Which is worth the most: a rook, a bishop and a knight, or a queen?", fa = "کدام ارزش بیشتری دارد: یک رخ و یک فیل و یک اسب، یا یک وزیر؟",
                 ar = "أيّهما أكثر قيمة: رخ وفيل وحصان معًا، أم وزير؟" },
      choices = {
        { id = "a", text = { en = "Rook, bishop and knight (11)", fa = "رخ و فیل و اسب (۱۱)", ar = "الرخ والفيل والحصان (11)" } },
        { id = "b", text = { en = "The queen (9)", fa = "وزیر (۹)", ar = "الوزير (9)" } },
      },
      answer = "a",
      success = { en = "Right: 5 + 3 + 3 = 11 points, more than the queen's 9.", fa = "درست است: ۵ + ۳ + ۳ = ۱۱ امتیاز، بیشتر از ۹ امتیاز وزیر.",
                  ar = "صحيح: 5 + 3 + 3 = 11 نقطة، أكثر من نقاط الوزير التسع." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer" } },
    },
    move_task {
      fen = "4k3/8/4p3/3n4/8/8/3R2b1/4K3 w - - 0 1",
      prompt = { en = "Win material: capture the piece that is not protected.", fa = "مهره ببرید: مهره‌ای را بزنید که پشتیبانی ندارد.",
                 ar = "اكسب مادة: خذ القطعة غير المحمية." },
      expect = all_of(captures(), function(ctx) return #ctx.pos:attackers(ctx.move.to, "black") == 0 end),
      success = { en = "Right: nothing defends the bishop on g2, so Rxg2 wins it for free; Rxd5 would lose the rook to exd5.",
                  fa = "درست است: هیچ مهره‌ای از فیل g2 دفاع نمی‌کند، پس Rxg2 آن را مجانی می‌برد؛ اما Rxd5 با exd5 رخ را از دست می‌داد.",
                  ar = "صحيح: لا شيء يحمي الفيل في g2، فالنقلة Rxg2 تكسبه مجانًا؛ أما Rxd5 فكانت ستخسر الرخ بعد exd5." },
      wrong = { en = "That does not win an unprotected piece.", fa = "این حرکت مهرهٔ بی‌دفاعی را نمی‌برد.", ar = "هذه النقلة لا تكسب قطعة غير محمية." },
      deviations = { ["Rxd5"] = { en = "The knight on d5 is protected by the pawn on e6: after exd5 you have given a rook (5) for a knight (3).",
                                  fa = "اسب d5 را پیادهٔ e6 پشتیبانی می‌کند: پس از exd5 رخ (۵) را در برابر اسب (۳) داده‌اید.",
                                  ar = "الحصان في d5 يحميه البيدق في e6: بعد exd5 تكون قد أعطيت رخًّا (5) مقابل حصان (3)." } },
      tests = { right = { "Rxg2", "d2g2" }, wrong = { ["Rxd5"] = "deviation", ["Rd4"] = "deviation" } },
    },
    which_squares {
      fen = "4k3/8/2p5/3n4/8/5b2/8/4K3 w - - 0 1",
      prompt = { en = "Which black pieces (not the king) are not protected by any black piece? Name their squares.",
                 fa = "کدام مهره‌های سیاه (جز شاه) را هیچ مهرهٔ سیاهی پشتیبانی نمی‌کند؟ خانه‌هایشان را نام ببرید.",
                 ar = "أي قطع الأسود (غير الملك) لا تحميها أي قطعة سوداء؟ اذكر مربعاتها." },
      answer = function(pos)
        local out = {}
        for sq, p in pairs(pos:pieces()) do
          if p:lower() == p and p ~= "k" and #pos:attackers(sq, "black") == 0 then out[#out + 1] = sq end
        end
        return out
      end,
      success = { en = "Right: the pawn on c6 and the bishop on f3 stand alone; only the knight on d5 is protected, by the pawn.",
                  fa = "درست است: پیادهٔ c6 و فیل f3 بی‌پشتیبان‌اند؛ فقط اسب d5 پشتیبانی دارد، آن هم از پیاده.",
                  ar = "صحيح: البيدق في c6 والفيل في f3 بلا حماية؛ والحصان في d5 وحده محميّ، يحميه البيدق." },
      tests = { right = { "c6 f3" }, wrong = { ["f3"] = "squares_missing", ["c6 d5 f3"] = "squares_extra" } },
    },
    move_task {
      fen = "4k3/8/2p5/3n4/4P3/8/8/3QK3 w - - 0 1",
      prompt = { en = "The knight on d5 is protected. Capture it with the piece that costs you least if it is taken back.",
                 fa = "اسب d5 پشتیبانی دارد. آن را با مهره‌ای بزنید که اگر پس گرفته شود، کمترین ضرر را دارد.",
                 ar = "الحصان في d5 محميّ. خذه بالقطعة التي تكون خسارتها أقل ما يمكن إن أُخذت." },
      expect = all_of(moves_piece("P"), captures("N")),
      success = { en = "Right: exd5 gives a pawn (1) for a knight (3) if Black takes back with cxd5 — a good trade.",
                  fa = "درست است: با exd5، اگر سیاه با cxd5 پس بگیرد، پیاده (۱) را در برابر اسب (۳) داده‌اید؛ معاوضه‌ای سودمند.",
                  ar = "صحيح: بالنقلة exd5 تعطي بيدقًا (1) مقابل حصان (3) إن استردّ الأسود بالنقلة cxd5، وهي مبادلة رابحة." },
      wrong = { en = "That does not take the knight with the pawn.", fa = "این حرکت اسب را با پیاده نمی‌زند.", ar = "هذه النقلة لا تأخذ الحصان بالبيدق." },
      deviations = { ["Qxd5"] = { en = "After cxd5 you have given your queen (9) for a knight (3).",
                                  fa = "پس از cxd5 وزیرتان (۹) را در برابر اسب (۳) داده‌اید.",
                                  ar = "بعد cxd5 تكون قد أعطيت وزيرك (9) مقابل حصان (3)." } },
      tests = { right = { "exd5", "e4d5" }, wrong = { ["Qxd5"] = "deviation", ["e5"] = "deviation" } },
    },
    choice {
      prompt = { en = "Your rook takes a protected bishop, and the bishop's defender takes your rook. In points, what happened?",
                 fa = "رخ شما فیلی پشتیبانی‌شده را می‌زند و مدافعِ فیل رخ شما را می‌زند. از نظر امتیاز چه شد؟",
                 ar = "يأخذ رخك فيلًا محميًّا، ثم تأخذ القطعة التي تحميه رخك. بحساب النقاط، ماذا حدث؟" },
      choices = {
        { id = "won", text = { en = "You won 3 points", fa = "۳ امتیاز بردید", ar = "ربحت 3 نقاط" } },
        { id = "even", text = { en = "An even trade", fa = "معاوضهٔ برابر", ar = "مبادلة متكافئة" } },
        { id = "lost", text = { en = "You lost 2 points", fa = "۲ امتیاز باختید", ar = "خسرت نقطتين" } },
      },
      answer = "lost",
      success = { en = "Right: you won a bishop (3) but lost a rook (5): 3 − 5 = −2. Count what comes back before you capture a protected piece.",
                  fa = "درست است: فیل (۳) را بردید اما رخ (۵) را از دست دادید: ۳ − ۵ = −۲. پیش از زدن مهرهٔ پشتیبانی‌شده، حساب کنید چه پس گرفته می‌شود.",
                  ar = "صحيح: ربحت فيلًا (3) وخسرت رخًّا (5): ‏3 − 5 = −2. احسب ما يُستردّ قبل أن تأخذ قطعة محمية." },
      tests = { right = { "lost" }, wrong = { ["won"] = "wrong_answer", ["even"] = "wrong_answer" } },
    },
  },
}
