-- How many legal moves with both castlings and an en passant capture available.
return puzzle {
  id = "count-04-castling-en-passant",
  kind = "count",
  fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
  prompt = { en = "Black has just played d7-d5. How many legal moves does White have? Count castling and en passant too.",
    fa = "سیاه همین حالا d7-d5 را بازی کرد. سفید چند حرکت قانونی دارد؟ قلعه رفتن و آن‌پاسان را هم بشمارید.",
    ar = "لعب الأسود للتو d7-d5. كم نقلة قانونية لدى الأبيض؟ احسب التبييت والأخذ بالتجاوز أيضًا." },
  hints = {
    { en = "Both castlings are legal, and exd6 en passant is possible only now.",
    fa = "هر دو قلعه قانونی‌اند و exd6 آن‌پاسان فقط همین حالا ممکن است.",
    ar = "التبييتان كلاهما قانونيان، والأخذ بالتجاوز exd6 ممكن الآن فقط." },
  },
  success = { en = "28: the rooks and king's moves, O-O and O-O-O, e6, and exd6 en passant.",
    fa = "۲۸: حرکت‌های رخ‌ها و شاه، O-O و O-O-O، e6 و exd6 آن‌پاسان.",
    ar = "28: نقلات الرخين والملك، وO-O وO-O-O، وe6، والأخذ بالتجاوز exd6." },
  answer = 28,
  wrong = { ["27"] = "legal_moves_count", ["26"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
