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
      tests = { right = { "O-O", "g1h1" }, wrong = { ["Kf1"] = "deviation", ["O-O-O"] = "deviation" } },
    },
    which_squares {
      fen = fen, variant = "chess960",
      prompt = { en = "After White castles queenside here, which squares do the king and the b1-rook stand on?",
                 fa = "اگر سفید اینجا قلعهٔ بزرگ برود، شاه و رخ b1 روی کدام خانه‌ها قرار می‌گیرند؟",
                 ar = "إذا بيّت الأبيض هنا تبييتًا طويلًا، على أي مربعين يقف الملك ورخ b1؟" },
      answer = function(pos) return { pos:play("O-O-O"):king("white"), "d1" } end,
      tests = { right = { "c1 d1" }, wrong = { ["b1 c1"] = "squares_extra", ["c1"] = "squares_missing" } },
    },
    move_task {
      fen = fen, variant = "chess960",
      prompt = { en = "Now castle queenside.", fa = "حالا قلعهٔ بزرگ بروید.", ar = "والآن بيّت تبييتًا طويلًا." },
      expect = castles("queenside"),
      tests = { right = { "O-O-O", "g1b1" }, wrong = { ["O-O"] = "deviation", ["Rd1"] = "deviation" } },
    },
    true_false {
      fen = arbiter.chess960(0):fen(), variant = "chess960",
      prompt = { en = "This is Chess960 start position number 0. May White castle on the first move?",
                 fa = "این وضعیت آغازین شمارهٔ ۰ شطرنج ۹۶۰ است. آیا سفید در حرکت اول می‌تواند قلعه برود؟",
                 ar = "هذا وضع البداية رقم 0 في شطرنج 960. هل يجوز للأبيض التبييت في النقلة الأولى؟" },
      answer = function(pos) return pos:parse("O-O") ~= nil or pos:parse("O-O-O") ~= nil end,
      success = { en = "Right: pieces still stand between the king and both rooks.",
                  fa = "درست است: هنوز مهره‌هایی میان شاه و هر دو رخ هستند.",
                  ar = "صحيح: ما زالت قطع تقف بين الملك والرخين." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
