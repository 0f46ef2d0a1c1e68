-- Which move is illegal? Castling after the rook has moved (FIDE 3.8.2.1).
return puzzle {
  id = "illegal-06-castle-rook-moved",
  kind = "illegal",
  fen = "r3k3/8/8/8/8/8/8/R3K2R w K - 0 1",
  choices = { "O-O", "O-O-O", "Kd1", "Rb1" },
  prompt = { en = "White's rook on a1 has moved and come back; the one on h1 never moved. Which of these moves is illegal?",
    fa = "رخِ a1 سفید رفته و برگشته است؛ رخِ h1 هرگز حرکت نکرده است. کدام‌یک از این حرکت‌ها غیرقانونی است؟",
    ar = "تحرك رخ الأبيض في a1 ثم عاد، أما رخ h1 فلم يتحرك قط. أيّ هذه النقلات غير قانونية؟" },
  hints = {
    { en = "A rook that has moved can never castle again, even after it has come back.",
    fa = "رخی که حرکت کرده است دیگر هرگز نمی‌تواند قلعه برود، حتی اگر به خانه‌اش برگشته باشد.",
    ar = "الرخ الذي تحرّك لا يجوز التبييت به أبدًا، حتى لو عاد إلى مربعه." },
  },
  success = { en = "O-O-O is illegal: the a1 rook has moved, so queenside castling is lost for good, even though the rook is back.",
    fa = "O-O-O غیرقانونی است: رخِ a1 حرکت کرده است، پس حق قلعهٔ بزرگ برای همیشه از دست رفته، هرچند رخ برگشته است.",
    ar = "O-O-O غير قانونية: تحرك رخ a1، فضاع حق التبييت الطويل نهائيًا ولو عاد الرخ إلى مكانه." },
  answer = "b",
  wrong = { ["a"] = "move_is_legal" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
