-- Which move is illegal? Castling out of check (FIDE 3.8.2.2).
return puzzle {
  id = "illegal-02-castle-in-check",
  kind = "illegal",
  fen = "4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1",
  choices = { "O-O", "Kf1", "Kd1", "Ke2" },
  prompt = { en = "White is in check from the bishop. Which of these moves is illegal?",
    fa = "سفید از فیل کیش خورده است. کدام‌یک از این حرکت‌ها غیرقانونی است؟",
    ar = "الأبيض في وضع كش من الفيل. أيّ هذه النقلات غير قانونية؟" },
  hints = {
    { en = "Castling is never a way out of check.",
    fa = "قلعه رفتن هرگز راه رفع کیش نیست.",
    ar = "التبييت ليس أبدًا طريقًا للخروج من الكش." },
  },
  success = { en = "O-O is illegal: a king in check may not castle. The three king moves all leave the bishop's diagonal.",
    fa = "O-O غیرقانونی است: شاهی که کیش است نمی‌تواند قلعه برود. هر سه حرکت شاه از قطر فیل بیرون می‌روند.",
    ar = "O-O غير قانونية: لا يجوز التبييت والملك في كش. نقلات الملك الثلاث كلها تخرج من قطر الفيل." },
  answer = "a",
  wrong = { ["b"] = "move_is_legal", ["d"] = "move_is_legal" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
