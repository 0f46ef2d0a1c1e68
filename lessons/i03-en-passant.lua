-- En passant: a pawn that has just advanced two squares may be taken as if it had moved one,
-- on the very next move only (FIDE 3.7.3.1–2).
local function ep_available(pos)
  for _, m in ipairs(pos:legal_moves()) do
    if m.kind == "en_passant" then return true end
  end
  return false
end
return lesson {
  id = "en-passant",
  title = { en = "En passant", fa = "آن‌پاسان", ar = "الأخذ بالتجاوز (en passant)" },
  level = "intermediate",
  tags = { "pawn", "en passant" },
  rules = { "3.7.3.1", "3.7.3.2" },
  steps = {
    teach {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5" },
      text = { en = "En passant: when a pawn advances two squares and lands beside an enemy pawn, that enemy pawn may capture it as if it had moved only one square — but only on the very next move (3.7.3.1–3.7.3.2). Black has just played d7–d5 past the square d6; the white pawn on e5 may capture on d6 and remove the pawn on d5.",
               fa = "آن‌پاسان: وقتی پیاده‌ای دو خانه جلو می‌رود و کنار پیادهٔ حریف می‌ایستد، آن پیادهٔ حریف می‌تواند آن را طوری بزند که انگار فقط یک خانه جلو رفته است، اما فقط درست در حرکت بعدی (۳.۷.۳.۱ تا ۳.۷.۳.۲). سیاه همین حالا d7–d5 را بازی کرده و از d6 گذشته است؛ پیادهٔ سفید e5 می‌تواند در d6 بزند و پیادهٔ d5 را بردارد.",
               ar = "الأخذ بالتجاوز: إذا تقدم بيدق مربعين فوقف بجانب بيدق للخصم، جاز لذلك البيدق أن يأخذه كأنه تقدم مربعًا واحدًا، لكن في النقلة التالية مباشرةً فقط (3.7.3.1–3.7.3.2). لعب الأسود للتوّ d7–d5 متجاوزًا d6؛ فيجوز لبيدق الأبيض في e5 أن يأخذ في d6 ويرفع البيدق من d5." },
      diagram = { squares = { "d5", "d6" }, arrows = { { "d7", "d5" }, { "e5", "d6" } } },
    },
    move_task {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5" },
      prompt = { en = "Black has just played d7-d5, passing your pawn on e5. Capture it en passant.",
                 fa = "سیاه هم‌اکنون d7-d5 را بازی کرد و از کنار پیادهٔ e5 شما گذشت. آن را آن‌پاسان بزنید.",
                 ar = "لعب الأسود للتو d7-d5 متجاوزًا بيدقك في e5. خذه أخذًا بالتجاوز." },
      hints = { { en = "Your pawn goes to d6, the square the black pawn passed over.",
                  fa = "پیادهٔ شما به d6 می‌رود، همان خانه‌ای که پیادهٔ سیاه از رویش گذشت.",
                  ar = "يذهب بيدقك إلى d6، وهو المربع الذي عبره البيدق الأسود." } },
      expect = captures_en_passant(),
      success = { en = "Captured en passant: the pawn on d5 leaves the board.",
                  fa = "آن‌پاسان زدید: پیادهٔ d5 از صفحه برداشته می‌شود.",
                  ar = "أخذته أخذًا بالتجاوز: يُرفع البيدق الذي في d5 عن الرقعة." },
      wrong = { en = "Legal, but the chance to capture en passant is gone after this move.",
                fa = "قانونی است، اما پس از این حرکت فرصت آن‌پاسان از دست می‌رود.",
                ar = "نقلة قانونية، لكن فرصة الأخذ بالتجاوز تضيع بعدها." },
      tests = { right = { "exd6", "e5d6", "exd6e.p." }, wrong = { ["e6"] = "deviation", ["exd5"] = "no_piece_can_move_there", ["e5d5"] = "wrong_pattern", ["e5f6"] = "pawn_diagonal_needs_capture" } },
    },
    true_false {
      fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
      moves = { "d5", "Kd2", "Kd7" },
      prompt = { en = "This time White played Kd2 instead, and Black Kd7. May White still capture en passant?",
                 fa = "این بار سفید به جای آن Kd2 بازی کرد و سیاه Kd7. آیا سفید هنوز می‌تواند آن‌پاسان بزند؟",
                 ar = "هذه المرة لعب الأبيض Kd2 بدلًا من ذلك، ولعب الأسود Kd7. هل ما زال يجوز للأبيض الأخذ بالتجاوز؟" },
      answer = ep_available,
      explain = function(pos, game) return pos:explain_move("e5", "d6", nil, game) end,
      success = { en = "Right: en passant is only possible on the very next move.",
                  fa = "درست است: آن‌پاسان فقط در حرکت بلافاصله بعد ممکن است.",
                  ar = "صحيح: الأخذ بالتجاوز ممكن في النقلة التالية مباشرة فقط." },
      tests = { right = { "false" }, wrong = { ["true"] = "en_passant_too_late" } },
    },
    true_false {
      fen = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
      prompt = { en = "The black pawn reached d5 long ago (no en passant square in this position). May White take it en passant?",
                 fa = "پیادهٔ سیاه مدت‌ها پیش به d5 رسیده است (در این وضعیت خانهٔ آن‌پاسان نیست). آیا سفید می‌تواند آن را آن‌پاسان بزند؟",
                 ar = "وصل البيدق الأسود إلى d5 منذ زمن (لا يوجد مربع أخذ بالتجاوز في هذا الوضع). هل يجوز للأبيض أخذه أخذًا بالتجاوز؟" },
      answer = ep_available,
      explain = function(pos, game) return pos:explain_move("e5", "d6", nil, game) end,
      success = { en = "Right: en passant is possible only on the move right after the pawn's two-square advance, and that moment is long past.",
                  fa = "درست است: آن‌پاسان فقط درست در حرکتِ پس از پیشروی دوخانه‌ای پیاده ممکن است و آن فرصت مدت‌ها پیش گذشته است.",
                  ar = "صحيح: لا يجوز الأخذ بالتجاوز إلا في النقلة التالية مباشرة لتقدّم البيدق مربعين، وقد فات ذلك منذ زمن." },
      tests = { right = { "false" }, wrong = { ["true"] = "en_passant_unavailable" } },
    },
  },
}
