-- Helpmate in 1: Black blocks its own king, then a knight gives smothered mate.
return puzzle {
  id = "helpmate-03-smothered",
  kind = "helpmate",
  fen = "5r1k/6pp/8/6N1/8/8/8/1K6 b - - 0 1",
  n = 1,
  prompt = { en = "Helpmate in 1: Black moves, then White checkmates. Write both moves.",
    fa = "کمک‌مات در یک حرکت: سیاه حرکت می‌کند، سپس سفید مات می‌کند. هر دو حرکت را بنویسید.",
    ar = "مات تعاوني في نقلة واحدة: يتحرك الأسود ثم يُميت الأبيض. اكتب النقلتين." },
  hints = {
    { en = "Take away the king's last free square with a black piece.",
    fa = "آخرین خانهٔ آزاد شاه را با یک مهرهٔ سیاه ببندید.",
    ar = "اشغل آخر مربع حر للملك بقطعة سوداء." },
  },
  success = { en = "Rg8 Nf7#: the rook fills g8, and the knight checks a king surrounded by its own pieces — a smothered mate.",
    fa = "Rg8 Nf7#: رخ خانهٔ g8 را پر می‌کند و اسب شاهی را کیش می‌دهد که مهره‌های خودش دورش را گرفته‌اند: مات خفه.",
    ar = "Rg8 Nf7#: يشغل الرخ g8، ويكشّ الحصان ملكًا تحيط به قطعه: الإماتة الخانقة." },
  answer = "Rg8 Nf7#",
  wrong = { ["Rg8"] = "helpmate_length", ["h6 Nf7+"] = "helpmate_not_mate", ["Kg8 Nh6#"] = "line_move" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
