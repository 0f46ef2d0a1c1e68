-- Stalemate trap: queen and king against a king in the corner.
return puzzle {
  id = "stalemate-01-queen-corner",
  kind = "stalemate",
  fen = "k7/8/2K5/8/8/8/8/1Q6 w - - 0 1",
  goal = "mate",
  prompt = { en = "White to move: checkmate in one move — and do not stalemate!",
    fa = "نوبت سفید است: در یک حرکت مات کنید، و پات نکنید!",
    ar = "الدور على الأبيض: أمِت في نقلة واحدة، واحذر الجمود!" },
  hints = {
    { en = "The queen needs the king's protection next to the black king.",
    fa = "وزیر کنار شاه سیاه به پشتیبانی شاه خودش نیاز دارد.",
    ar = "يحتاج الوزير إلى حماية ملكه بجوار الملك الأسود." },
  },
  success = { en = "Qb7#: the queen, protected by the king, checks and covers a7 and b8. Qb6 would leave Black no move and no check: stalemate, a draw.",
    fa = "Qb7#: وزیر با پشتیبانی شاه کیش می‌دهد و a7 و b8 را می‌گیرد. Qb6 سیاه را بی‌حرکت و بی‌کیش می‌گذاشت: پات و مساوی.",
    ar = "Qb7#: يكشّ الوزير المحمي بالملك ويغطي a7 وb8. أما Qb6 فتترك الأسود بلا نقلة ولا كش: جمود وتعادل." },
  answer = "Qb7#",
  wrong = { ["Qb6"] = "stalemate", ["Qb2"] = "not_checkmate", ["Qa2+"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
