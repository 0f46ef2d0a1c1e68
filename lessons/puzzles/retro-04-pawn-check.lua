-- Retro: the pawn that gives check — how pawns move, taken backwards.
return puzzle {
  id = "retro-04-pawn-check",
  kind = "retro",
  fen = "7k/8/8/4p3/3K4/8/8/8 w - - 0 1",
  prompt = { en = "White's king is in check from the pawn on e5. Name a move that Black can have played last.",
    fa = "شاه سفید از پیادهٔ e5 کیش خورده است. حرکتی را نام ببرید که سیاه می‌توانسته آخر بازی کرده باشد.",
    ar = "الملك الأبيض في كش من البيدق في e5. سمِّ نقلة يمكن أن يكون الأسود لعبها أخيرًا." },
  hints = {
    { en = "A black pawn moves down the board, one square (two from the seventh rank), and captures diagonally.",
    fa = "پیادهٔ سیاه رو به پایین صفحه حرکت می‌کند، یک خانه (از ردیف هفتم دو خانه)، و مورب می‌زند.",
    ar = "يتحرك البيدق الأسود نحو أسفل الرقعة، مربعًا واحدًا (ومربعين من الصف السابع)، ويأخذ قطريًا." },
  },
  success = { en = "e6e5 is possible: the pawn stepped forward and gave check. So are e7e5, or a capture such as d6e5xn.",
    fa = "e6e5 ممکن است: پیاده یک خانه جلو آمد و کیش داد. e7e5 یا زدنی مانند d6e5xn هم ممکن است.",
    ar = "e6e5 ممكنة: تقدم البيدق مربعًا فكشّ. وكذلك e7e5 أو أخذ مثل d6e5xn." },
  answer = "e6e5",
  wrong = { ["e4e5"] = "retro_not_legal", ["f6e5"] = "retro_not_legal", ["d5e5"] = "retro_not_legal", ["e5e4"] = "retro_no_piece" },
  source = "constructed for Arbiter",
}
