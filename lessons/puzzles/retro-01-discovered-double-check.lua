-- Retro: a double check from rook and bishop can only come from a discovered check.
return puzzle {
  id = "retro-01-discovered-double-check",
  kind = "retro",
  fen = "4R2k/8/8/8/8/8/1B6/K7 b - - 0 1",
  prompt = { en = "Black is in double check. What was White's last move? (Write its squares, e.g. e2e4.)",
    fa = "سیاه کیش دوگانه خورده است. آخرین حرکت سفید چه بود؟ (خانه‌هایش را بنویسید، مثلاً e2e4.)",
    ar = "الأسود في كش مزدوج. ما آخر نقلة للأبيض؟ (اكتب مربعيها، مثل e2e4.)" },
  hints = {
    { en = "If the bishop had moved last, the rook's check would have been there already — with White to move.",
    fa = "اگر فیل آخرین حرکت را کرده بود، کیشِ رخ از پیش بود، آن هم وقتی نوبت سفید بود.",
    ar = "لو كان الفيل آخر من تحرك لكان كش الرخ قائمًا من قبل، والدور على الأبيض." },
  },
  success = { en = "e5e8: the rook left the bishop's diagonal and checked along the rank, uncovering the bishop's check. Any other move would leave a position where the side not to move was in check.",
    fa = "e5e8: رخ از قطر فیل بیرون رفت و در ردیف کیش داد و کیشِ فیل را هم آشکار کرد. هر حرکت دیگری وضعیتی می‌ساخت که در آن طرفی که نوبتش نبود کیش بود.",
    ar = "e5e8: غادر الرخ قطر الفيل وكشّ على الصف فكشف كش الفيل. أي نقلة أخرى تعني وضعًا سابقًا كان فيه الطرف الذي ليس عليه الدور في كش." },
  answer = "e5e8",
  wrong = { ["c1b2"] = "retro_before_illegal", ["e1e8"] = "retro_before_illegal", ["b2b3"] = "retro_no_piece", ["e5"] = "retro_form" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
