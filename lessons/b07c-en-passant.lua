-- En passant in its simplest form, for beginners (FIDE 3.7.3.1): a pawn that has just moved two
-- squares may be taken by a pawn beside it, as if it had moved one, on the very next move only.
-- The engine decides every answer.
return lesson {
  id = "en-passant-basics",
  title = { en = "En passant", fa = "آن‌پاسان", ar = "الأخذ بالتجاوز" },
  level = "beginner",
  tags = { "basics", "pawn", "en-passant" },
  rules = { "3.7.3.1" },
  steps = {
    teach {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5" },
      text = { en = "The black pawn has just jumped two squares, from d7 to d5, and now stands next to the white pawn. White may take it as if it had moved only one square: the white pawn goes to d6, and the black pawn is removed. This is called en passant.",
               fa = "پیادهٔ سیاه همین حالا دو خانه پرید، از d7 به d5، و کنار پیادهٔ سفید ایستاد. سفید می‌تواند آن را طوری بزند که انگار فقط یک خانه رفته است: پیادهٔ سفید به d6 می‌رود و پیادهٔ سیاه از صفحه برداشته می‌شود. به این کار آن‌پاسان می‌گویند.",
               ar = "قفز البيدق الأسود للتو مربعين، من d7 إلى d5، فصار بجانب البيدق الأبيض. يجوز للأبيض أن يأخذه كأنه تقدم مربعًا واحدًا فقط: يذهب البيدق الأبيض إلى d6، ويُرفع البيدق الأسود عن الرقعة. وهذا يسمى الأخذ بالتجاوز." },
      diagram = { squares = { "d6", "d5" }, arrows = { { "e5", "d6" } } },
    },
    move_task {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5" },
      prompt = { en = "Black just played d7-d5. Take the pawn en passant.", fa = "سیاه همین حالا d7-d5 را بازی کرد. پیاده را آن‌پاسان بزنید.",
                 ar = "لعب الأسود للتو d7-d5. خذ البيدق بالتجاوز." },
      hints = { { en = "Your pawn goes diagonally to d6, the square the black pawn jumped over.", fa = "پیادهٔ شما مورب به d6 می‌رود، خانه‌ای که پیادهٔ سیاه از رویش پرید.",
                  ar = "يذهب بيدقك قطريًا إلى d6، المربع الذي قفز فوقه البيدق الأسود." } },
      expect = captures_en_passant(),
      success = { en = "Well done! exd6: the pawn on d5 is gone, though your pawn landed on d6.", fa = "آفرین! exd6: پیادهٔ d5 از صفحه رفت، هرچند پیادهٔ شما در d6 ایستاد.",
                  ar = "أحسنت! exd6: اختفى بيدق d5 مع أن بيدقك وقف في d6." },
      wrong = { en = "That is not the en passant capture. Move your pawn from e5 to d6.", fa = "این زدن آن‌پاسان نیست. پیادهٔ خود را از e5 به d6 ببرید.",
                ar = "هذا ليس أخذًا بالتجاوز. حرّك بيدقك من e5 إلى d6." },
      tests = { right = { "exd6", "e5d6" }, wrong = { ["e6"] = "deviation", ["Kd2"] = "deviation" } },
    },
    teach {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5", "Kd2", "Ke7" },
      text = { en = "En passant is allowed only right away, on the very next move. Here White played a king move first, so the chance is gone for good.",
               fa = "آن‌پاسان فقط بی‌درنگ، درست در حرکت بعدی، ممکن است. اینجا سفید اول شاهش را حرکت داد، پس این فرصت برای همیشه از دست رفت.",
               ar = "لا يجوز الأخذ بالتجاوز إلا فورًا، في النقلة التالية مباشرةً. هنا حرّك الأبيض ملكه أولًا، فضاعت الفرصة إلى الأبد." },
      diagram = { squares = { "d5" }, arrows = {} },
    },
    true_false {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5", "Kd2", "Ke7" },
      prompt = { en = "May White still take the d5 pawn en passant?", fa = "آیا سفید هنوز می‌تواند پیادهٔ d5 را آن‌پاسان بزند؟",
                 ar = "هل ما زال يجوز للأبيض أن يأخذ بيدق d5 بالتجاوز؟" },
      answer = function(pos) return pos:parse("exd6") ~= nil end,
      explain = function(pos, game) return select(2, pos:explain("exd6", game)) end,
      success = { en = "Right: the chance was only on the move right after d7-d5.", fa = "درست است: این فرصت فقط در حرکتِ درست بعد از d7-d5 بود.",
                  ar = "صحيح: كانت الفرصة في النقلة التي تلي d7-d5 مباشرةً فقط." },
      tests = { right = { "false" }, wrong = { ["true"] = "en_passant_too_late" } },
    },
  },
}
