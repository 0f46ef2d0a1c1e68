-- Which move is illegal? A king may not step next to the other king (FIDE 3.8.1).
return puzzle {
  id = "illegal-04-king-next-to-king",
  kind = "illegal",
  fen = "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
  choices = { "Kc3", "Ke4", "Kd2", "Ke2" },
  prompt = { en = "Which of these White king moves is illegal?",
    fa = "کدام‌یک از این حرکت‌های شاه سفید غیرقانونی است؟",
    ar = "أيّ نقلات الملك الأبيض هذه غير قانونية؟" },
  hints = {
    { en = "Which squares does the black king attack?",
    fa = "شاه سیاه کدام خانه‌ها را زیر حمله دارد؟",
    ar = "ما المربعات التي يهاجمها الملك الأسود؟" },
  },
  success = { en = "Ke4 is illegal: e4 is next to the black king on d5, and a king may never move into check.",
    fa = "Ke4 غیرقانونی است: خانهٔ e4 کنار شاه سیاهِ d5 است و شاه هرگز نباید به خانه‌ای برود که زیر حمله است.",
    ar = "Ke4 غير قانونية: المربع e4 مجاور للملك الأسود في d5، ولا يجوز للملك أبدًا أن ينتقل إلى كش." },
  answer = "b",
  wrong = { ["a"] = "move_is_legal", ["Kd2"] = "move_is_legal" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
