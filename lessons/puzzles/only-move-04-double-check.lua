-- Only one legal move: in double check only the king may move.
return puzzle {
  id = "only-move-04-double-check",
  kind = "only-move",
  fen = "6k1/8/8/2b5/8/3b1n2/6PP/6K1 w - - 0 1",
  prompt = { en = "White is in double check from the knight and the bishop. Find White's only legal move.",
    fa = "سفید از اسب و فیل کیش دوگانه خورده است. تنها حرکت قانونی سفید را پیدا کنید.",
    ar = "الأبيض في كش مزدوج من الحصان والفيل. اعثر على النقلة القانونية الوحيدة للأبيض." },
  hints = {
    { en = "Taking one checker does not stop the other check: the king must move.",
    fa = "زدنِ یکی از کیش‌دهنده‌ها کیشِ دیگری را رفع نمی‌کند: شاه باید حرکت کند.",
    ar = "أخذ إحدى القطعتين اللتين تكشّان لا يرفع الكش الآخر: يجب أن يتحرك الملك." },
  },
  success = { en = "Kh1: against a double check no capture or block helps, so the king moves, to the only square not attacked.",
    fa = "Kh1: در برابر کیش دوگانه زدن یا سد کردن فایده ندارد؛ شاه به تنها خانه‌ای می‌رود که زیر حمله نیست.",
    ar = "Kh1: في الكش المزدوج لا ينفع الأخذ ولا الاعتراض، فيتحرك الملك إلى المربع الوحيد غير المهاجم." },
  answer = "Kh1",
  wrong = { ["gxf3"] = true, ["Kf1"] = "leaves_king_in_check" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
