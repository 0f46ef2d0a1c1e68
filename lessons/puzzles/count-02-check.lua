-- How many legal moves when a knight is pinned to its king by a bishop.
return puzzle {
  id = "count-02-check",
  kind = "count",
  fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
  prompt = { en = "The knight on d2 stands between the bishop on b4 and the white king. How many legal moves does White have?",
    fa = "اسبِ d2 میان فیلِ b4 و شاه سفید ایستاده است. سفید چند حرکت قانونی دارد؟",
    ar = "يقف الحصان في d2 بين الفيل في b4 والملك الأبيض. كم نقلة قانونية لدى الأبيض؟" },
  hints = {
    { en = "The knight is pinned: if it moves, the bishop checks the king.",
    fa = "اسب آچمز است: اگر حرکت کند، فیل شاه را کیش می‌دهد.",
    ar = "الحصان مثبّت: إن تحرك كشّ الفيل الملك." },
  },
  success = { en = "4: only king moves. The knight on d2 is pinned to the king and may not move at all.",
    fa = "۴: فقط حرکت‌های شاه. اسبِ d2 به شاه آچمز است و اصلاً نمی‌تواند حرکت کند.",
    ar = "4: نقلات الملك فقط. الفيل يثبّت الحصان في d2 أمام الملك فلا يجوز له التحرك أبدًا." },
  answer = 4,
  wrong = { ["9"] = "legal_moves_count", ["5"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
