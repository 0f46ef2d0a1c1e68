-- Only one legal move for Black: the king in the corner.
return puzzle {
  id = "only-move-05-corner",
  kind = "only-move",
  fen = "k7/8/1K6/8/8/8/8/1R6 b - - 0 1",
  prompt = { en = "Black to move. Find Black's only legal move.",
    fa = "نوبت سیاه است. تنها حرکت قانونی سیاه را پیدا کنید.",
    ar = "الدور على الأسود. اعثر على النقلة القانونية الوحيدة للأسود." },
  hints = {
    { en = "The white king covers a7 and b7.",
    fa = "شاه سفید خانه‌های a7 و b7 را زیر حمله دارد.",
    ar = "الملك الأبيض يهاجم a7 وb7." },
  },
  success = { en = "Kb8: a7 and b7 are next to the white king. The rook on b1 does not reach b8 yet: the white king stands between.",
    fa = "Kb8: خانه‌های a7 و b7 کنار شاه سفیدند. رخِ b1 هنوز به b8 نمی‌رسد، چون شاه سفید سر راه است.",
    ar = "Kb8: المربعان a7 وb7 بجوار الملك الأبيض، والرخ في b1 لا يصل إلى b8 لأن الملك الأبيض يقف في طريقه." },
  answer = "Kb8",
  wrong = { ["Ka7"] = "leaves_king_in_check", ["Kb7"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
