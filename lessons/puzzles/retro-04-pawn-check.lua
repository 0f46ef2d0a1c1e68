-- Retro: the pawn that gives check — how pawns move, taken backwards.
return puzzle {
  id = "retro-04-pawn-check",
  kind = "retro",
  fen = "7k/8/8/4p3/3K4/8/8/8 w - - 0 1",
  prompt = { en = "White's king is in check from the pawn on e5. Name a move that Black can have played last. Write it as its two squares, e6e5; a capture adds the piece it took: d6e5xn took a knight on e5.",
    fa = "شاه سفید از پیادهٔ e5 کیش خورده است. حرکتی را نام ببرید که سیاه می‌توانسته آخر بازی کرده باشد. آن را با دو خانه‌اش بنویسید، مثل e6e5؛ در زدن، مهرهٔ زده‌شده را هم بیفزایید: d6e5xn یعنی اسبی در e5 زده شد.",
    ar = "الملك الأبيض في كش من البيدق في e5. سمِّ نقلة يمكن أن يكون الأسود لعبها أخيرًا. اكتبها بمربعيها مثل e6e5؛ وفي الأخذ أضف القطعة المأخوذة: d6e5xn تعني أخذ حصان في e5." },
  hints = {
    { en = "A black pawn moves down the board, one square (two from the seventh rank), and captures diagonally.",
    fa = "پیادهٔ سیاه رو به پایین صفحه حرکت می‌کند، یک خانه (از ردیف هفتم دو خانه)، و مورب می‌زند.",
    ar = "يتحرك البيدق الأسود نحو أسفل الرقعة، مربعًا واحدًا (ومربعين من الصف السابع)، ويأخذ قطريًا." },
  },
  success = { en = "Possible: the pawn stepped forward from e6 and gave check (e6e5), or it captured a white piece on e5 coming from d6 or f6 (d6e5xn, f6e5xb, ...). Both leave the king in check from e5.",
    fa = "ممکن است: پیاده از e6 یک خانه جلو آمد و کیش داد (e6e5)، یا از d6 یا f6 مهره‌ای سفید را در e5 زد (d6e5xn، f6e5xb و ...). هر دو شاه را زیر کیشِ e5 می‌گذارند.",
    ar = "ممكن: تقدّم البيدق من e6 مربعًا فكشّ (e6e5)، أو أخذ قطعة بيضاء في e5 قادمًا من d6 أو f6 (d6e5xn وf6e5xb وغيرهما). وكلاهما يترك الملك في كش من e5." },
  answer = "e6e5",
  wrong = { ["e4e5"] = "retro_not_legal", ["f6e5"] = "retro_not_legal", ["d5e5"] = "retro_not_legal", ["e5e4"] = "retro_no_piece" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
