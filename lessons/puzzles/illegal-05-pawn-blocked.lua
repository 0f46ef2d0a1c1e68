-- Which move is illegal? A pawn cannot capture straight ahead (FIDE 3.7.1).
return puzzle {
  id = "illegal-05-pawn-blocked",
  kind = "illegal",
  fen = "4k3/8/8/4p3/4P3/8/8/1N2K3 w - - 0 1",
  choices = { "e5", "Kd2", "Kf2", "Ke2" },
  prompt = { en = "Which of these White moves is illegal?",
    fa = "کدام‌یک از این حرکت‌های سفید غیرقانونی است؟",
    ar = "أيّ نقلات الأبيض هذه غير قانونية؟" },
  hints = {
    { en = "A pawn moves straight ahead but captures diagonally.",
    fa = "پیاده مستقیم جلو می‌رود اما مورب می‌زند.",
    ar = "يتقدم البيدق إلى الأمام مباشرة لكنه يأخذ قطريًا." },
  },
  success = { en = "e5 is illegal: the black pawn stands on e5, and a pawn can neither move onto nor capture a piece straight ahead.",
    fa = "e5 غیرقانونی است: پیادهٔ سیاه روی e5 است و پیاده نه می‌تواند به خانهٔ پر روبه‌رو برود و نه مهرهٔ روبه‌رو را بزند.",
    ar = "e5 غير قانونية: البيدق الأسود في e5، ولا يستطيع البيدق أن يتقدم إلى مربع مشغول أمامه ولا أن يأخذ ما أمامه." },
  answer = "a",
  wrong = { ["c"] = "move_is_legal" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
