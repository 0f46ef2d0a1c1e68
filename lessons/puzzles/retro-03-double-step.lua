-- Retro: the en passant square in the FEN tells which pawn just moved, and how far.
return puzzle {
  id = "retro-03-double-step",
  kind = "retro",
  fen = "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1",
  prompt = { en = "The FEN says White may capture en passant on d6. What was Black's last move?",
    fa = "FEN می‌گوید سفید می‌تواند در d6 آن‌پاسان بزند. آخرین حرکت سیاه چه بود؟",
    ar = "يقول FEN إن للأبيض أن يأخذ بالتجاوز في d6. ما آخر نقلة للأسود؟" },
  hints = {
    { en = "Only a pawn's double step leaves an en passant square behind it.",
    fa = "تنها حرکت دوخانه‌ای پیاده خانهٔ آن‌پاسان پشت سرش می‌گذارد.",
    ar = "وحده تقدم البيدق مربعين يترك خلفه مربعًا للأخذ بالتجاوز." },
  },
  success = { en = "d7d5: the pawn passed d6 on a double step, so White may take it en passant on this move only.",
    fa = "d7d5: پیاده با حرکت دوخانه‌ای از d6 گذشت، پس سفید فقط در همین حرکت می‌تواند آن را آن‌پاسان بزند.",
    ar = "d7d5: عبر البيدق d6 بتقدمه مربعين، فللأبيض أن يأخذه بالتجاوز في هذه النقلة فقط." },
  answer = "d7d5",
  wrong = { ["d6d5"] = "retro_other", ["c7d5"] = "retro_not_legal", ["h8h7"] = "retro_no_piece", ["h7h8"] = "retro_other" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
