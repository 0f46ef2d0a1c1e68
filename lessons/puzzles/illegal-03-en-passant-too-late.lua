-- Which move is illegal? En passant only right after the double step (FIDE 3.7.3.2).
return puzzle {
  id = "illegal-03-en-passant-too-late",
  kind = "illegal",
  fen = "4k3/7p/8/3pP3/8/8/7P/4K3 w - - 0 5",
  choices = { "e6", "exd6", "Kd2", "Kf1" },
  prompt = { en = "Black played d7-d5 two moves ago; since then both sides have moved their kings. Which of these moves is illegal?",
    fa = "سیاه دو حرکت پیش d7-d5 را بازی کرد و از آن پس هر دو طرف شاهشان را حرکت داده‌اند. کدام‌یک از این حرکت‌ها غیرقانونی است؟",
    ar = "لعب الأسود d7-d5 قبل نقلتين، ومنذ ذلك حرّك الطرفان ملكيهما. أيّ هذه النقلات غير قانونية؟" },
  hints = {
    { en = "En passant is allowed only on the very next move after the double step.",
    fa = "آن‌پاسان فقط درست در حرکت بعد از پیش‌روی دوخانه‌ای ممکن است.",
    ar = "لا يجوز الأخذ بالتجاوز إلا في النقلة التالية مباشرةً لتقدّم البيدق مربعين." },
  },
  success = { en = "exd6 is illegal now: en passant is possible only on the move right after the double step, and that move has passed.",
    fa = "حرکت exd6 اکنون غیرقانونی است: آن‌پاسان فقط درست در حرکتِ بلافاصله پس از پیش‌روی دوخانه‌ای ممکن است، و آن حرکت گذشته است.",
    ar = "النقلة exd6 غير قانونية الآن: لا يجوز الأخذ بالتجاوز إلا في النقلة التالية مباشرة لتقدّم البيدق مربعين، وقد فاتت تلك النقلة." },
  answer = "b",
  wrong = { ["a"] = "move_is_legal" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
