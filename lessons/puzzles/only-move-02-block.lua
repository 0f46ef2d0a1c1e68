-- Only one legal move: a knight interposes on the back rank.
return puzzle {
  id = "only-move-02-block",
  kind = "only-move",
  fen = "6k1/8/8/8/8/7N/6PP/r6K w - - 0 1",
  prompt = { en = "The rook on a1 gives check along the first rank. Find White's only legal move.",
    fa = "رخِ a1 در ردیف اول کیش می‌دهد. تنها حرکت قانونی سفید را پیدا کنید.",
    ar = "الرخ في a1 يكش على الصف الأول. اعثر على النقلة القانونية الوحيدة للأبيض." },
  hints = {
    { en = "The king cannot move: its own pawns hold g2 and h2, and the rook sees g1. Something must block.",
    fa = "شاه نمی‌تواند حرکت کند: پیاده‌های خودش g2 و h2 را گرفته‌اند و رخ خانهٔ g1 را می‌بیند. باید چیزی سد کند.",
    ar = "لا يستطيع الملك التحرك: بيادقه في g2 وh2 والرخ يرى g1. يجب أن تعترض قطعة." },
  },
  success = { en = "Ng1: the knight steps between the rook and the king. It is the only piece that reaches the first rank.",
    fa = "Ng1: اسب میان رخ و شاه قرار می‌گیرد. تنها مهره‌ای است که به ردیف اول می‌رسد.",
    ar = "Ng1: يدخل الحصان بين الرخ والملك، وهو القطعة الوحيدة التي تصل إلى الصف الأول." },
  answer = "Ng1",
  wrong = { ["Kg1"] = "leaves_king_in_check", ["Nf4"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
