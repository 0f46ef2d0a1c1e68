-- Chess960: castling in which the king does not move; only the rook jumps to f1.
return puzzle {
  id = "chess960-02-king-stays",
  kind = "chess960",
  fen = "1r4kr/p7/8/8/8/P7/8/1R4KR w HBhb - 0 1",
  chess960 = true,
  castle = "kingside",
  prompt = { en = "Chess960. White's king is already on g1, next to the rook on h1. Castle kingside.",
    fa = "شطرنج تصادفی فیشر. شاه سفید از پیش روی g1، کنار رخِ h1، است. قلعهٔ کوچک بروید.",
    ar = "شطرنج فيشر العشوائي. الملك الأبيض في g1 أصلًا بجوار الرخ في h1. بيّت تبييتًا قصيرًا." },
  hints = {
    { en = "Where do king and rook stand after kingside castling in standard chess?",
    fa = "در شطرنج معمولی پس از قلعهٔ کوچک شاه و رخ کجا می‌ایستند؟",
    ar = "أين يقف الملك والرخ بعد التبييت القصير في الشطرنج العادي؟" },
  },
  success = { en = "O-O: the king stays on g1 and the rook goes to f1. It is still castling — a move of the king — and uses up both castling rights of White.",
    fa = "O-O: شاه روی g1 می‌ماند و رخ به f1 می‌رود. باز هم قلعه رفتن است، حرکتی از شاه، و هر دو حق قلعهٔ سفید را از میان می‌برد.",
    ar = "O-O: يبقى الملك في g1 ويذهب الرخ إلى f1. إنه تبييت مع ذلك، أي نقلة للملك، ويُسقط حقَّي التبييت للأبيض." },
  answer = "O-O",
  wrong = { ["Rf1"] = "not_castling", ["O-O-O"] = "not_castling" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
