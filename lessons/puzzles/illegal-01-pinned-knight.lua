-- Which move is illegal? The knight on c3 is pinned to its king (FIDE 3.9).
return puzzle {
  id = "illegal-01-pinned-knight",
  kind = "illegal",
  fen = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1",
  choices = { "Kf2", "Nd5", "Ke2", "Kd1" },
  prompt = { en = "Which of these White moves is illegal?",
    fa = "کدام‌یک از این حرکت‌های سفید غیرقانونی است؟",
    ar = "أيّ نقلات الأبيض هذه غير قانونية؟" },
  hints = {
    { en = "Look at the line from b4 to e1.",
    fa = "به خط b4 تا e1 نگاه کنید.",
    ar = "انظر إلى الخط من b4 إلى e1." },
  },
  success = { en = "Nd5 is illegal: the knight on c3 is pinned by the bishop on b4; if it moved, the bishop would check the king.",
    fa = "Nd5 غیرقانونی است: فیلِ b4 اسبِ c3 را آچمز کرده است؛ اگر اسب حرکت کند، فیل شاه را کیش می‌دهد.",
    ar = "Nd5 غير قانونية: الفيل في b4 يثبّت الحصان في c3، فلو تحرك الحصان لكشّ الفيل الملك." },
  answer = "b",
  wrong = { ["a"] = "move_is_legal", ["Ke2"] = "move_is_legal", ["e"] = "unknown_choice" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
