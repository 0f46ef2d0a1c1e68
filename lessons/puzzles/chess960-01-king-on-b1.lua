-- Chess960: queenside castling with the king on b1 moves the king towards the h-file.
return puzzle {
  id = "chess960-01-king-on-b1",
  kind = "chess960",
  fen = "rk4r1/7p/8/8/8/7P/8/RK4R1 w GAga - 0 1",
  chess960 = true,
  castle = "queenside",
  prompt = { en = "Chess960. White's king is on b1, the rooks on a1 and g1. Castle queenside.",
    fa = "شطرنج تصادفی فیشر. شاه سفید روی b1 است و رخ‌ها روی a1 و g1. قلعهٔ بزرگ بروید.",
    ar = "شطرنج فيشر العشوائي. الملك الأبيض في b1 والرخان في a1 وg1. بيّت تبييتًا طويلًا." },
  hints = {
    { en = "After any castling the king and rook stand where they would in standard chess: Kc1 and Rd1.",
    fa = "پس از هر قلعه، شاه و رخ همان جایی می‌ایستند که در شطرنج معمولی: Kc1 و Rd1.",
    ar = "بعد أي تبييت يقف الملك والرخ حيث يقفان في الشطرنج العادي: Kc1 وRd1." },
  },
  success = { en = "O-O-O: the king goes to c1 and the rook to d1. Here the king moves towards the h-file, one square. Kingside castling is illegal: the king would land on g1, attacked by the rook on g8.",
    fa = "O-O-O: شاه به c1 و رخ به d1 می‌رود. این‌جا شاه یک خانه به سوی ستون h می‌رود. قلعهٔ کوچک غیرقانونی است: شاه روی g1 فرود می‌آمد که رخِ g8 به آن حمله دارد.",
    ar = "O-O-O: يذهب الملك إلى c1 والرخ إلى d1، والملك هنا يتحرك مربعًا واحدًا نحو العمود h. التبييت القصير غير قانوني: سيحطّ الملك في g1 الذي يهاجمه الرخ في g8." },
  answer = "O-O-O",
  wrong = { ["O-O"] = "castling_into_attack", ["Kc1"] = "not_castling" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
