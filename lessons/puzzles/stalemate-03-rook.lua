-- Stalemate trap: king and rook against a king in the corner.
return puzzle {
  id = "stalemate-03-rook",
  kind = "stalemate",
  fen = "7k/5K2/8/8/8/8/8/6R1 w - - 0 1",
  goal = "mate",
  prompt = { en = "White to move: checkmate in one move — and do not stalemate!",
    fa = "نوبت سفید است: در یک حرکت مات کنید، و پات نکنید!",
    ar = "الدور على الأبيض: أمِت في نقلة واحدة، واحذر الجمود!" },
  hints = {
    { en = "The rook must check on the h-file.",
    fa = "رخ باید روی ستون h کیش بدهد.",
    ar = "يجب أن يكشّ الرخ على العمود h." },
  },
  success = { en = "Rh1#: check on the h-file; the white king covers g7 and g8. Rg7, protected by the king, would take every square without check: stalemate.",
    fa = "Rh1#: کیش روی ستون h؛ شاه سفید g7 و g8 را گرفته است. Rg7 با پشتیبانی شاه همهٔ خانه‌ها را بی‌کیش می‌گرفت: پات.",
    ar = "Rh1#: كش على العمود h والملك الأبيض يغطي g7 وg8. أما Rg7 المحمي بالملك فيغطي كل المربعات دون كش: جمود." },
  answer = "Rh1#",
  wrong = { ["Rg7"] = "stalemate", ["Rg8+"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
