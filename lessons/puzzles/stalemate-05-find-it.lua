-- Stalemate as the thing to recognise: which queen move leaves Black no legal move?
return puzzle {
  id = "stalemate-05-find-it",
  kind = "stalemate",
  fen = "k7/8/1K6/8/8/8/8/3Q4 w - - 0 1",
  goal = "stalemate",
  prompt = { en = "White to move. Find the queen move that stalemates Black — the move a winning player must never play.",
    fa = "نوبت سفید است. حرکتی از وزیر را پیدا کنید که سیاه را پات می‌کند، حرکتی که بازیکنِ برنده هرگز نباید بازی کند.",
    ar = "الدور على الأبيض. اعثر على نقلة الوزير التي تضع الأسود في وضع الجمود، وهي نقلة لا ينبغي للطرف الفائز أن يلعبها أبدًا." },
  hints = {
    { en = "The black king's only free square is b8.",
    fa = "تنها خانهٔ آزاد شاه سیاه b8 است.",
    ar = "المربع الحر الوحيد للملك الأسود هو b8." },
  },
  success = { en = "Qd6 takes b8 away along the diagonal without check: Black has no legal move and is not in check, so the game is drawn at once. Qd8# would have mated.",
    fa = "Qd6 خانهٔ b8 را از راه قطر و بی‌کیش می‌گیرد: سیاه هیچ حرکت قانونی ندارد و در کیش نیست، پس بازی بی‌درنگ مساوی است. Qd8# مات می‌کرد.",
    ar = "Qd6 تغطي b8 على القطر دون كش: لا نقلة قانونية للأسود وليس في وضع كش، فتنتهي المباراة بالتعادل فورًا. وكانت Qd8# ستُميت." },
  answer = "Qd6",
  wrong = { ["Qd8+"] = "not_stalemate", ["Qd5+"] = "not_stalemate" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
