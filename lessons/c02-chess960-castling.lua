-- Castling in Chess960: the king and rook end where they would in ordinary chess (FIDE Chess960 guidelines).
local fen = "4k3/8/8/8/8/8/8/1R4KR w KQ - 0 1"
return lesson {
  id = "chess960-castling",
  title = { en = "Castling in Chess960", fa = "قلعه رفتن در شطرنج ۹۶۰", ar = "التبييت في شطرنج 960" },
  level = "advanced",
  tags = { "castling", "chess960" },
  rules = { "3.8.2", "960" },
  steps = {
    move_task {
      fen = fen, variant = "chess960",
      prompt = { en = "The king starts on g1. Castle kingside.", fa = "شاه از g1 شروع می‌کند. قلعهٔ کوچک بروید.",
                 ar = "يبدأ الملك في g1. بيّت تبييتًا قصيرًا." },
      hints = { { en = "After O-O the king is on g1 and the rook on f1, as always. Here only the rook moves.",
                  fa = "پس از O-O مثل همیشه شاه در g1 و رخ در f1 است. اینجا فقط رخ جابه‌جا می‌شود.",
                  ar = "بعد O-O يكون الملك في g1 والرخ في f1 كالعادة. هنا يتحرك الرخ وحده." } },
      expect = castles("kingside"),
      success = { en = "Castled: the king stays on g1 and the rook goes from h1 to f1.",
                  fa = "قلعه رفتید: شاه در g1 می‌ماند و رخ از h1 به f1 می‌رود.",
                  ar = "تمّ التبييت: يبقى الملك في g1 وينتقل الرخ من h1 إلى f1." },
      tests = { right = { "O-O", "g1h1" }, wrong = { ["Kf1"] = "deviation", ["O-O-O"] = "deviation" } },
    },
    which_squares {
      fen = fen, variant = "chess960",
      prompt = { en = "After White castles queenside here, which squares do the king and the b1-rook stand on?",
                 fa = "اگر سفید اینجا قلعهٔ بزرگ برود، شاه و رخ b1 روی کدام خانه‌ها قرار می‌گیرند؟",
                 ar = "إذا بيّت الأبيض هنا تبييتًا طويلًا، على أي مربعين يقف الملك ورخ b1؟" },
      answer = function(pos) return { pos:play("O-O-O"):king("white"), "d1" } end,
      success = { en = "Right: the king on c1 and the rook on d1, as in ordinary chess.",
                  fa = "درست است: شاه در c1 و رخ در d1، مثل شطرنج معمولی.",
                  ar = "صحيح: الملك في c1 والرخ في d1، كما في الشطرنج العادي." },
      tests = { right = { "c1 d1" }, wrong = { ["b1 c1"] = "squares_extra", ["c1"] = "squares_missing" } },
    },
    move_task {
      fen = fen, variant = "chess960",
      prompt = { en = "Now castle queenside.", fa = "حالا قلعهٔ بزرگ بروید.", ar = "والآن بيّت تبييتًا طويلًا." },
      expect = castles("queenside"),
      success = { en = "Castled: the king went from g1 to c1 and the rook from b1 to d1.",
                  fa = "قلعه رفتید: شاه از g1 به c1 رفت و رخ از b1 به d1.",
                  ar = "تمّ التبييت: انتقل الملك من g1 إلى c1 والرخ من b1 إلى d1." },
      tests = { right = { "O-O-O", "g1b1" }, wrong = { ["O-O"] = "deviation", ["Rd1"] = "deviation" } },
    },
    true_false {
      fen = arbiter.chess960(0):fen(), variant = "chess960",
      prompt = { en = "This is Chess960 start position number 0. May White castle on the first move?",
                 fa = "این وضعیت آغازین شمارهٔ ۰ شطرنج ۹۶۰ است. آیا سفید در حرکت اول می‌تواند قلعه برود؟",
                 ar = "هذا وضع البداية رقم 0 في شطرنج 960. هل يجوز للأبيض التبييت في النقلة الأولى؟" },
      answer = function(pos) return pos:parse("O-O") ~= nil or pos:parse("O-O-O") ~= nil end,
      -- SP 0 is BBQNNRKR: the king stands next to both rooks; what stops castling is the squares
      -- the king and rook must pass or land on.
      success = { en = "Right: for O-O the h1-rook must go to f1, where the other rook stands; for O-O-O the king must pass e1 and d1 (knights) and land on c1 (queen). Every square the king and rook pass or land on must be empty, apart from the king and the castling rook themselves.",
                  fa = "درست است: در قلعهٔ کوچک، رخ h1 باید به f1 برود که رخ دیگر آنجاست؛ در قلعهٔ بزرگ، شاه باید از e1 و d1 (جای اسب‌ها) بگذرد و در c1 (جای وزیر) بنشیند. همهٔ خانه‌هایی که شاه و رخ از آن‌ها می‌گذرند یا در آن‌ها می‌نشینند باید خالی باشند؛ فقط خودِ شاه و رخی که با آن قلعه می‌روید می‌توانند در آن‌ها باشند.",
                  ar = "صحيح: في التبييت القصير يجب أن ينتقل رخ h1 إلى f1 حيث يقف الرخ الآخر، وفي التبييت الطويل يجب أن يعبر الملك e1 وd1 (وعليهما الحصانان) ليستقر في c1 (وعليه الوزير). ويجب أن تكون كل المربعات التي يعبرها الملك أو الرخ أو يستقران فيها خالية، باستثناء الملك ورخ التبييت نفسيهما." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
