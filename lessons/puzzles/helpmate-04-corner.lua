-- Helpmate in 1: the black king walks into the corner, where the rook mates on the back rank.
return puzzle {
  id = "helpmate-04-corner",
  kind = "helpmate",
  fen = "6k1/8/6K1/8/8/8/8/R7 b - - 0 1",
  n = 1,
  prompt = { en = "Helpmate in 1: Black moves, then White checkmates. Write both moves.",
    fa = "کمک‌مات در یک حرکت: سیاه حرکت می‌کند، سپس سفید مات می‌کند. هر دو حرکت را بنویسید.",
    ar = "مات تعاوني في نقلة واحدة: يتحرك الأسود ثم يُميت الأبيض. اكتب النقلتين." },
  hints = {
    { en = "In which corner square does the white king cover every flight?",
    fa = "در کدام خانهٔ گوشه شاه سفید همهٔ راه‌های فرار را می‌بندد؟",
    ar = "في أي مربع زاوية يغطي الملك الأبيض كل المهارب؟" },
  },
  success = { en = "Kh8 Ra8#: on h8 the white king takes g7 and h7, and the rook checks along the eighth rank.",
    fa = "Kh8 Ra8#: در h8 شاه سفید خانه‌های g7 و h7 را گرفته است و رخ در ردیف هشتم کیش می‌دهد.",
    ar = "Kh8 Ra8#: في h8 يغطي الملك الأبيض g7 وh7، ويكشّ الرخ على الصف الثامن." },
  answer = "Kh8 Ra8#",
  wrong = { ["Kf8 Ra8+"] = "helpmate_not_mate", ["Kh7 Ra8"] = "line_move" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
