-- Only one legal move: the king must take the checking queen.
return puzzle {
  id = "only-move-01-capture",
  kind = "only-move",
  fen = "7k/8/8/8/8/8/6q1/7K w - - 0 1",
  prompt = { en = "White is in check. Find White's only legal move.",
    fa = "سفید کیش است. تنها حرکت قانونی سفید را پیدا کنید.",
    ar = "الأبيض في وضع كش. اعثر على النقلة القانونية الوحيدة للأبيض." },
  hints = {
    { en = "The queen stands next to your king, and nothing protects it.",
    fa = "وزیر کنار شاه شماست و هیچ مهره‌ای از آن دفاع نمی‌کند.",
    ar = "الوزير بجوار ملكك ولا تحميه أي قطعة." },
  },
  success = { en = "Kxg2: the king takes the unprotected queen. Every other square next to the king is attacked by the queen.",
    fa = "Kxg2: شاه وزیرِ بی‌دفاع را می‌زند. وزیر همهٔ خانه‌های دیگر کنار شاه را زیر حمله دارد.",
    ar = "Kxg2: يأخذ الملك الوزير غير المحمي. الوزير يهاجم كل المربعات الأخرى المجاورة للملك." },
  answer = "Kxg2",
  wrong = { ["Kg1"] = "leaves_king_in_check", ["Kh2"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
