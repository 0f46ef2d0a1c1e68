-- Chess960: queenside castling takes away the rook that shields the king: after it, the queen on
-- a1 attacks c1 (3.9.2, the engine's castling_attack_uncovered). The other castling is legal.
return puzzle {
  id = "chess960-05-rook-uncovers",
  kind = "chess960",
  fen = "4k3/8/8/8/8/8/8/qR1K3R w HB - 0 1",
  chess960 = true,
  castle = "kingside",
  prompt = { en = "Chess960. The black queen on a1 does not attack the white king now. One of White's castlings is illegal all the same: play the legal one, kingside.",
    fa = "شطرنج تصادفی فیشر. وزیر سیاه در a1 اکنون به شاه سفید حمله نمی‌کند. با این حال یکی از قلعه‌های سفید غیرقانونی است: قلعهٔ قانونی را بروید، قلعهٔ کوچک.",
    ar = "شطرنج فيشر العشوائي. الوزير الأسود في a1 لا يهاجم الملك الأبيض الآن. ومع ذلك فأحد تبييتَي الأبيض غير قانوني: العب التبييت القانوني، التبييت القصير." },
  hints = {
    { en = "In 0-0-0 the rook leaves b1 for d1, and the king goes to c1.",
    fa = "در 0-0-0 رخ از b1 به d1 می‌رود و شاه به c1.",
    ar = "في 0-0-0 يغادر الرخ b1 إلى d1 ويذهب الملك إلى c1." },
  },
  success = { en = "0-0: Kg1 and Rf1. 0-0-0 is illegal: the rook on b1 is what shields the first rank; once it moves to d1, the queen on a1 attacks the king on c1.",
    fa = "0-0: Kg1 و Rf1. 0-0-0 غیرقانونی است: همین رخ b1 است که ردیف اول را می‌پوشاند؛ وقتی به d1 برود، وزیر a1 به شاه در c1 حمله می‌کند.",
    ar = "0-0: Kg1 وRf1. أما 0-0-0 فغير قانوني: فالرخ في b1 هو ما يحجب الصف الأول، ومتى انتقل إلى d1 هاجم الوزير في a1 الملكَ في c1." },
  answer = "O-O",
  wrong = { ["O-O-O"] = "castling_attack_uncovered" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
