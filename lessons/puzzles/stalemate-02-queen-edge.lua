-- Stalemate trap: the queen must give check on the back rank, not take the last squares quietly.
return puzzle {
  id = "stalemate-02-queen-edge",
  kind = "stalemate",
  fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
  goal = "mate",
  prompt = { en = "White to move: checkmate in one move — and do not stalemate!",
    fa = "نوبت سفید است: در یک حرکت مات کنید، و پات نکنید!",
    ar = "الدور على الأبيض: أمِت في نقلة واحدة، واحذر الجمود!" },
  hints = {
    { en = "The white king already covers g7 and h7.",
    fa = "شاه سفید خانه‌های g7 و h7 را از پیش گرفته است.",
    ar = "الملك الأبيض يغطي g7 وh7 من قبل." },
  },
  success = { en = "Qf8#: check along the eighth rank, and every flight square is taken. Qf7 takes g8 without check: stalemate.",
    fa = "Qf8#: کیش در ردیف هشتم، و همهٔ خانه‌های فرار گرفته شده‌اند. Qf7 خانهٔ g8 را بی‌کیش می‌گیرد: پات.",
    ar = "Qf8#: كش على الصف الثامن وكل المهارب مغطاة. أما Qf7 فتغطي g8 دون كش: جمود." },
  answer = "Qf8#",
  wrong = { ["Qf7"] = "stalemate", ["Qf6+"] = true },
  source = "constructed for Arbiter",
}
