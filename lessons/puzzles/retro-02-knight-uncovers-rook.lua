-- Retro: the knight stepped off the rook's file and checked: a discovered double check.
return puzzle {
  id = "retro-02-knight-uncovers-rook",
  kind = "retro",
  fen = "k6r/8/8/8/8/6n1/8/7K w - - 0 1",
  prompt = { en = "White is in double check from the rook and the knight. What was Black's last move?",
    fa = "سفید از رخ و اسب کیش دوگانه خورده است. آخرین حرکت سیاه چه بود؟",
    ar = "الأبيض في كش مزدوج من الرخ والحصان. ما آخر نقلة للأسود؟" },
  hints = {
    { en = "The knight must have stood on the h-file, between the rook and the king.",
    fa = "اسب باید روی ستون h، میان رخ و شاه، بوده باشد.",
    ar = "لا بد أن الحصان كان على العمود h بين الرخ والملك." },
  },
  success = { en = "h5g3: the knight jumped from the h-file to g3, checking and uncovering the rook's check at once.",
    fa = "h5g3: اسب از ستون h به g3 پرید؛ هم کیش داد و هم کیشِ رخ را آشکار کرد.",
    ar = "h5g3: قفز الحصان من العمود h إلى g3 فكشّ وكشف كش الرخ في آن واحد." },
  answer = "h5g3",
  wrong = { ["f5g3"] = "retro_before_illegal", ["h8h7"] = "retro_no_piece", ["e4g3"] = "retro_before_illegal" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
