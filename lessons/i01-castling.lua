-- Castling on both sides (FIDE 3.8.2).
local fen = "r3k2r/pppppppp/2n5/8/8/2N5/PPPPPPPP/R3K2R w KQkq - 0 1"
return lesson {
  id = "castling",
  title = { en = "Castling on both sides", fa = "قلعه رفتن در دو جناح", ar = "التبييت القصير والطويل" },
  level = "intermediate",
  tags = { "castling" },
  rules = { "3.8.2" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      text = { en = "Castling is a move of the king and a rook together, the only move in which two pieces of one player move: the king goes two squares towards the rook, and the rook jumps over it to the square next to the king (3.8.2). Kingside castling, O-O, ends with the king on g1 and the rook on f1; queenside castling, O-O-O, with the king on c1 and the rook on d1. Touch the king first (4.4.2).",
               fa = "قلعه حرکت شاه و یک رخ با هم است، تنها حرکتی که در آن دو مهرهٔ یک بازیکن جابه‌جا می‌شوند: شاه دو خانه به سمت رخ می‌رود و رخ از روی آن به خانهٔ کنار شاه می‌پرد (۳٫۸٫۲). قلعهٔ کوچک، O-O، با شاه در g1 و رخ در f1 تمام می‌شود و قلعهٔ بزرگ، O-O-O، با شاه در c1 و رخ در d1. اول به شاه دست بزنید (۴٫۴٫۲).",
               ar = "التبييت نقلة للملك ورخ معًا، وهي النقلة الوحيدة التي تتحرك فيها قطعتان للاعب واحد: يتحرك الملك مربعين نحو الرخ، ويقفز الرخ فوقه إلى المربع المجاور للملك (3.8.2). التبييت القصير O-O ينتهي بالملك في g1 والرخ في f1، والتبييت الطويل O-O-O ينتهي بالملك في c1 والرخ في d1. والمس الملك أولًا (4.4.2)." },
      diagram = { squares = { "g1", "f1", "c1", "d1" }, arrows = { { "e1", "g1" }, { "h1", "f1" }, { "e1", "c1" }, { "a1", "d1" } } },
    },
    move_task {
      fen = fen,
      prompt = { en = "Castle kingside.", fa = "قلعهٔ کوچک (در جناح شاه) بروید.", ar = "بيّت تبييتًا قصيرًا (في جناح الملك)." },
      hints = { { en = "The king moves two squares towards the h-rook, and the rook jumps over it.",
                  fa = "شاه دو خانه به سمت رخ h می‌رود و رخ از روی آن به خانهٔ کنارش می‌پرد.",
                  ar = "يتحرك الملك مربعين نحو رخ h، ثم يقفز الرخ فوقه إلى المربع المجاور." } },
      expect = castles("kingside"),
      success = { en = "Castled: the king went to g1 and the rook from h1 to f1.",
                  fa = "قلعه رفتید: شاه به g1 رفت و رخ از h1 به f1.",
                  ar = "تمّ التبييت: انتقل الملك إلى g1 والرخ من h1 إلى f1." },
      wrong = { en = "That is not kingside castling.", fa = "این قلعهٔ کوچک نیست.", ar = "هذا ليس تبييتًا قصيرًا." },
      tests = { right = { "O-O", "0-0", "e1g1" }, wrong = { ["O-O-O"] = "deviation", ["Kf1"] = "deviation" } },
    },
    move_task {
      fen = "r3k2r/pppppppp/2n5/8/8/2N5/PPPPPPPP/R3K2R b KQkq - 0 1",
      prompt = { en = "Black to move: castle queenside.", fa = "نوبت سیاه است: قلعهٔ بزرگ (در جناح وزیر) بروید.",
                 ar = "الدور على الأسود: بيّت تبييتًا طويلًا (في جناح الوزير)." },
      hints = { { en = "On the queenside the king still moves two squares, to c8; the rook goes to d8.",
                  fa = "در جناح وزیر هم شاه دو خانه حرکت می‌کند، به c8؛ رخ به d8 می‌رود.",
                  ar = "في جناح الوزير يتحرك الملك مربعين أيضًا إلى c8، ويذهب الرخ إلى d8." } },
      expect = castles("queenside"),
      success = { en = "Castled: the king went to c8 and the rook from a8 to d8.",
                  fa = "قلعه رفتید: شاه به c8 رفت و رخ از a8 به d8.",
                  ar = "تمّ التبييت: انتقل الملك إلى c8 والرخ من a8 إلى d8." },
      wrong = { en = "That is not queenside castling.", fa = "این قلعهٔ بزرگ نیست.", ar = "هذا ليس تبييتًا طويلًا." },
      tests = { right = { "O-O-O", "e8c8" }, wrong = { ["O-O"] = "deviation", ["Kd8"] = "deviation" } },
    },
    which_squares {
      fen = fen,
      prompt = { en = "After White castles kingside, which two squares do the king and the rook stand on?",
                 fa = "پس از قلعهٔ کوچک سفید، شاه و رخ روی کدام دو خانه قرار می‌گیرند؟",
                 ar = "بعد أن يبيّت الأبيض تبييتًا قصيرًا، على أي مربعين يقف الملك والرخ؟" },
      answer = function(pos)
        local after = pos:play("O-O")
        return { after:king("white"), "f1" }
      end,
      success = { en = "Right: the king on g1 and the rook on f1.", fa = "درست است: شاه در g1 و رخ در f1.",
                  ar = "صحيح: الملك في g1 والرخ في f1." },
      tests = { right = { "g1 f1" }, wrong = { ["h1 g1"] = "squares_extra", ["g1"] = "squares_missing" } },
    },
    move_task {
      fen = "r3k2r/pppppppp/2n5/8/8/2N5/PPPPPPPP/R3K2R b KQkq - 0 1",
      prompt = { en = "Black to move: castle kingside.", fa = "نوبت سیاه است: قلعهٔ کوچک بروید.", ar = "الدور على الأسود: بيّت تبييتًا قصيرًا." },
      expect = castles("kingside"),
      success = { en = "Castled: the black king went from e8 to g8 and the rook from h8 to f8 — the same pattern as White's, on the 8th rank.",
                  fa = "قلعه رفتید: شاه سیاه از e8 به g8 رفت و رخ از h8 به f8؛ همان الگوی سفید، در ردیف هشتم.",
                  ar = "تمّ التبييت: انتقل الملك الأسود من e8 إلى g8 والرخ من h8 إلى f8، على نمط الأبيض نفسه في الصف الثامن." },
      wrong = { en = "That is not kingside castling.", fa = "این قلعهٔ کوچک نیست.", ar = "هذا ليس تبييتًا قصيرًا." },
      tests = { right = { "O-O", "e8g8" }, wrong = { ["O-O-O"] = "deviation", ["Kf8"] = "deviation" } },
    },
    which_squares {
      fen = "r3k2r/pppppppp/2n5/8/8/2N5/PPPPPPPP/R3K2R b KQkq - 0 1",
      prompt = { en = "After Black castles queenside, which two squares do the black king and that rook stand on?",
                 fa = "پس از قلعهٔ بزرگ سیاه، شاه سیاه و آن رخ روی کدام دو خانه قرار می‌گیرند؟",
                 ar = "بعد أن يبيّت الأسود تبييتًا طويلًا، على أي مربعين يقف الملك الأسود وذلك الرخ؟" },
      answer = function(pos)
        local after = pos:play("O-O-O")
        local out = { after:king("black") }
        for sq, p in pairs(after:pieces()) do
          if p == "r" and pos:piece_at(sq) ~= "r" then out[#out + 1] = sq end
        end
        return out
      end,
      success = { en = "Right: the king on c8 and the rook on d8; the rook crossed b8, which the king never touches.",
                  fa = "درست است: شاه در c8 و رخ در d8؛ رخ از b8 گذشت، خانه‌ای که شاه هرگز از آن عبور نمی‌کند.",
                  ar = "صحيح: الملك في c8 والرخ في d8؛ وقد عبر الرخ b8، وهو مربع لا يمرّ به الملك أبدًا." },
      tests = { right = { "c8 d8" }, wrong = { ["b8 c8"] = "squares_extra", ["c8"] = "squares_missing" } },
    },
    true_false {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "In queenside castling, does the king move three squares, to b1?", fa = "آیا در قلعهٔ بزرگ شاه سه خانه، تا b1، حرکت می‌کند؟",
                 ar = "في التبييت الطويل، هل يتحرك الملك ثلاثة مربعات إلى b1؟" },
      answer = function(pos) return pos:play("O-O-O"):king("white") == "b1" end,
      wrong = { en = "In O-O-O the king goes two squares, e1 to c1; the rook goes from a1 to d1, crossing b1.", fa = "در O-O-O شاه دو خانه می‌رود، از e1 به c1؛ رخ از a1 به d1 می‌رود و از b1 می‌گذرد.",
                ar = "في O-O-O يتحرك الملك مربعين من e1 إلى c1؛ ويذهب الرخ من a1 إلى d1 عابرًا b1." },
      success = { en = "Right: on both sides the king moves exactly two squares; in O-O-O it goes to c1, and only the rook travels three squares.",
                  fa = "درست است: شاه در هر دو جناح دقیقاً دو خانه می‌رود؛ در O-O-O به c1 می‌رود و فقط رخ سه خانه حرکت می‌کند.",
                  ar = "صحيح: يتحرك الملك في الجانبين مربعين بالضبط؛ ففي O-O-O يذهب إلى c1، والرخ وحده يقطع ثلاثة مربعات." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
