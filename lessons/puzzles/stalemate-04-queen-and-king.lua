-- Stalemate trap: the queen mates next to the black king, protected by her own king.
return puzzle {
  id = "stalemate-04-queen-and-king",
  kind = "stalemate",
  fen = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
  goal = "mate",
  prompt = { en = "White to move: checkmate in one move — and do not stalemate!",
    fa = "نوبت سفید است: در یک حرکت مات کنید، و پات نکنید!",
    ar = "الدور على الأبيض: أمِت في نقلة واحدة، واحذر الجمود!" },
  hints = {
    { en = "Which square next to the black king does your king protect?",
    fa = "شاه شما از کدام خانهٔ کنار شاه سیاه دفاع می‌کند؟",
    ar = "أي مربع مجاور للملك الأسود يحميه ملكك؟" },
  },
  success = { en = "Qg7#: the queen checks from g7, protected by the king on f6, and covers every flight. Qg6 takes g7, g8 and h7 without check: stalemate.",
    fa = "Qg7#: وزیر از g7 با پشتیبانی شاهِ f6 کیش می‌دهد و همهٔ راه‌های فرار را می‌بندد. Qg6 خانه‌های g7، g8 و h7 را بی‌کیش می‌گیرد: پات.",
    ar = "Qg7#: يكشّ الوزير من g7 محميًا بالملك في f6 ويغطي كل المهارب. أما Qg6 فتغطي g7 وg8 وh7 دون كش: جمود." },
  answer = "Qg7#",
  wrong = { ["Qg6"] = "stalemate", ["Qg2"] = "not_checkmate" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
