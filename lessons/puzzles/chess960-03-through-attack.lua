-- Chess960: kingside castling crosses the square the own rook stands on, and the enemy rook attacks it.
return puzzle {
  id = "chess960-03-through-attack",
  kind = "chess960",
  fen = "rk2r3/7p/8/8/8/7P/8/RK2R3 w EAea - 0 1",
  chess960 = true,
  castle = "queenside",
  prompt = { en = "Chess960. One of White's castlings is illegal because of the rook on e8. Play the legal one: castle queenside.",
    fa = "شطرنج تصادفی فیشر. یکی از قلعه‌های سفید به خاطر رخِ e8 غیرقانونی است. قلعهٔ قانونی را بروید: قلعهٔ بزرگ.",
    ar = "شطرنج فيشر العشوائي. أحد تبييتَي الأبيض غير قانوني بسبب الرخ في e8. العب التبييت القانوني: التبييت الطويل." },
  hints = {
    { en = "For O-O the king goes from b1 to g1 and crosses e1 on the way.",
    fa = "برای O-O شاه از b1 به g1 می‌رود و در راه از e1 می‌گذرد.",
    ar = "في O-O ينتقل الملك من b1 إلى g1 ويعبر e1 في طريقه." },
  },
  success = { en = "O-O-O: Kc1 and Rd1. O-O is illegal: the king would cross e1 — where its own rook stood — and the rook on e8 attacks that square.",
    fa = "O-O-O: Kc1 و Rd1. O-O غیرقانونی است: شاه از e1، جای رخ خودش، می‌گذشت و رخِ e8 به آن خانه حمله دارد.",
    ar = "O-O-O: Kc1 وRd1. أما O-O فغير قانوني: سيعبر الملك e1، حيث كان رخه، والرخ في e8 يهاجم ذلك المربع." },
  answer = "O-O-O",
  wrong = { ["O-O"] = "castling_through_attack" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
