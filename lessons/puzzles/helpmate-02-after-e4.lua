-- Helpmate in 2 after 1.e4: Black begins and is mated by Qh5 (the mirror of Fool's mate).
return puzzle {
  id = "helpmate-02-after-e4",
  kind = "helpmate",
  fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
  n = 2,
  prompt = { en = "Helpmate in 2: Black begins, both sides cooperate, and after White's second move Black is checkmated. Write the four moves.",
    fa = "کمک‌مات در دو حرکت: سیاه آغاز می‌کند، دو طرف همکاری می‌کنند و پس از حرکت دوم سفید، سیاه مات می‌شود. چهار حرکت را بنویسید.",
    ar = "مات تعاوني في نقلتين: يبدأ الأسود ويتعاون الطرفان، وبعد نقلة الأبيض الثانية يكون الأسود في وضع كش مات. اكتب النقلات الأربع." },
  hints = {
    { en = "Black weakens the diagonal from h5 to e8: the pawns on f7 and g7 move.",
    fa = "سیاه قطر h5 تا e8 را سست می‌کند: پیاده‌های f7 و g7 حرکت می‌کنند.",
    ar = "يُضعف الأسود القطر من h5 إلى e8: يتحرك البيدقان في f7 وg7." },
  },
  success = { en = "g5, then f6 (or f5), and Qh5#: the queen checks along h5-e8 and Black's own pieces block every escape.",
    fa = "g5، سپس f6 (یا f5)، و Qh5#: وزیر از راه h5-e8 کیش می‌دهد و مهره‌های خود سیاه راه فرار را بسته‌اند.",
    ar = "g5 ثم f6 (أو f5) ثم Qh5#: يكشّ الوزير على القطر h5-e8 وقطع الأسود نفسها تسدّ كل مهرب." },
  answer = "g5 d4 f6 Qh5#",
  wrong = { ["g5 d4 f6"] = "helpmate_length", ["g5 d4 f6 Qg4"] = "helpmate_not_mate", ["e5 Qh5 Ke7 Qxf7+"] = "helpmate_not_mate" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
