-- Helpmate in 2 from the starting position: Fool's mate, the shortest game that ends in mate.
return puzzle {
  id = "helpmate-01-fools-mate",
  kind = "helpmate",
  fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  n = 2,
  prompt = { en = "Helpmate in 2: White begins, both sides cooperate, and after Black's second move White is checkmated. Write the four moves.",
    fa = "کمک‌مات در دو حرکت: سفید آغاز می‌کند، دو طرف همکاری می‌کنند و پس از حرکت دوم سیاه، سفید مات می‌شود. چهار حرکت را بنویسید.",
    ar = "مات تعاوني في نقلتين: يبدأ الأبيض ويتعاون الطرفان، وبعد نقلة الأسود الثانية يكون الأبيض في وضع كش مات. اكتب النقلات الأربع." },
  hints = {
    { en = "White must open the diagonal from h4 to e1 with two pawn moves.",
    fa = "سفید باید با دو حرکت پیاده قطر h4 تا e1 را باز کند.",
    ar = "على الأبيض أن يفتح القطر من h4 إلى e1 بنقلتين للبيادق." },
  },
  success = { en = "f3 e5 g4 Qh4#: Fool's mate. The queen checks along h4-e1, and White's own pieces take every square the king could use.",
    fa = "f3 e5 g4 Qh4#: مات احمقانه. وزیر از راه h4-e1 کیش می‌دهد و مهره‌های خود سفید همهٔ خانه‌های فرار شاه را گرفته‌اند.",
    ar = "f3 e5 g4 Qh4#: مات الأحمق. يكشّ الوزير على القطر h4-e1، وقطع الأبيض نفسها تشغل كل مربع يمكن أن يهرب إليه الملك." },
  answer = "f3 e5 g4 Qh4#",
  wrong = { ["f3 e5 g4"] = "helpmate_length", ["e4 e5 Qh5 Nc6"] = "helpmate_not_mate", ["f3 e5 g4 Qg5"] = "helpmate_not_mate", ["f3 e5 g4 Qh5"] = "line_move", ["f3 e5 g5 Qh4"] = "line_move" },
  source = { en = "Fool's mate (1.f3 e5 2.g4 Qh4#), the classic shortest game, set as a helpmate",
    fa = "مات احمقانه (1.f3 e5 2.g4 Qh4#)، کوتاه‌ترین بازی شناخته‌شده، به صورت کمک‌مات",
    ar = "مات الأحمق (1.f3 e5 2.g4 Qh4#)، أقصر مباراة معروفة، في صورة مات تعاوني" },
}
