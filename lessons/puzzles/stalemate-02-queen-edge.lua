-- Stalemate trap: the queen must give check from g7, guarded by the king, not take the last squares quietly.
return puzzle {
  id = "stalemate-02-queen-edge",
  kind = "stalemate",
  fen = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
  goal = "mate",
  prompt = { en = "White to move: checkmate in one move — and do not stalemate!",
    fa = "نوبت سفید است: در یک حرکت مات کنید، و پات نکنید!",
    ar = "الدور على الأبيض: أمِت في نقلة واحدة، واحذر الجمود!" },
  hints = {
    { en = "The white king on f6 guards g7.",
    fa = "شاه سفید در f6 از خانهٔ g7 پشتیبانی می‌کند.",
    ar = "الملك الأبيض في f6 يحمي المربع g7." },
  },
  success = { en = "Qg7#: the queen gives check next to the king, guarded by the king on f6, and covers g8 and h7. Qg6 takes the same squares without check: stalemate.",
    fa = "Qg7#: وزیر کنار شاه کیش می‌دهد، شاه f6 از آن پشتیبانی می‌کند، و خانه‌های g8 و h7 را هم می‌گیرد. Qg6 همین خانه‌ها را بی‌کیش می‌گیرد: پات.",
    ar = "Qg7#: يكشّ الوزير بجوار الملك محميًّا بالملك في f6، ويغطي g8 وh7. أما Qg6 فتغطي المربعات نفسها دون كش: جمود." },
  answer = "Qg7#",
  wrong = { ["Qg6"] = "stalemate", ["Qh1+"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
