-- Chess960: queenside castling is blocked by a knight on the rook's path; kingside castling is legal.
return puzzle {
  id = "chess960-04-blocked",
  kind = "chess960",
  fen = "rn2k2r/8/8/8/8/8/8/RN2K2R w AHah - 0 1",
  chess960 = true,
  castle = "kingside",
  prompt = { en = "Chess960. White's knight stands on b1, between the rook on a1 and the king. Castle on the side where it is legal: kingside.",
    fa = "شطرنج تصادفی فیشر. اسب سفید روی b1، میان رخِ a1 و شاه، است. در طرفی که قانونی است قلعه بروید: قلعهٔ کوچک.",
    ar = "شطرنج فيشر العشوائي. الحصان الأبيض في b1 بين الرخ في a1 والملك. بيّت في الجهة التي يكون فيها التبييت قانونيًا: التبييت القصير." },
  hints = {
    { en = "Every square between the king and the castling rook must be empty.",
    fa = "همهٔ خانه‌های میان شاه و رخِ قلعه باید خالی باشند.",
    ar = "يجب أن تكون كل المربعات بين الملك ورخ التبييت خالية." },
  },
  success = { en = "O-O: Kg1 and Rf1. O-O-O is illegal while the knight stands on b1: the squares between king and rook must be empty.",
    fa = "O-O: Kg1 و Rf1. تا اسب روی b1 است O-O-O غیرقانونی است: خانه‌های میان شاه و رخ باید خالی باشند.",
    ar = "O-O: Kg1 وRf1. أما O-O-O فغير قانوني ما دام الحصان في b1: يجب أن تخلو المربعات بين الملك والرخ." },
  answer = "O-O",
  wrong = { ["O-O-O"] = true, ["Kf1"] = "not_castling" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
