-- Only one legal move: en passant removes the checking pawn (FIDE 3.7.3.1).
return puzzle {
  id = "only-move-03-en-passant",
  kind = "only-move",
  fen = "3q3k/8/4n1p1/3pP3/4K3/r7/8/8 w - d6 0 1",
  prompt = { en = "Black has just played d7-d5, giving check. Find White's only legal move.",
    fa = "سیاه همین حالا d7-d5 را بازی کرد و کیش داد. تنها حرکت قانونی سفید را پیدا کنید.",
    ar = "لعب الأسود للتو d7-d5 وكشّ. اعثر على النقلة القانونية الوحيدة للأبيض." },
  hints = {
    { en = "Every square around the king is covered. The checking pawn can still be captured — in a special way.",
    fa = "همهٔ خانه‌های دور شاه زیر حمله‌اند. پیادهٔ کیش‌دهنده را هنوز می‌توان زد، به شیوه‌ای ویژه.",
    ar = "كل المربعات حول الملك مهاجمة، لكن يمكن أخذ البيدق الذي يكشّ بطريقة خاصة." },
  },
  success = { en = "exd6 en passant: the pawn on e5 takes the d5 pawn as if it had moved one square. Only right after the double step.",
    fa = "exd6 آن‌پاسان: پیادهٔ e5 پیادهٔ d5 را می‌زند، گویی یک خانه جلو آمده بود؛ فقط درست پس از حرکت دوخانه‌ای.",
    ar = "exd6 بالأخذ بالتجاوز: يأخذ بيدق e5 بيدق d5 كأنه تقدم مربعًا واحدًا، وذلك فقط مباشرة بعد تقدمه مربعين." },
  answer = "exd6",
  wrong = { ["Kxd5"] = true, ["Kf4"] = true, ["e6"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
