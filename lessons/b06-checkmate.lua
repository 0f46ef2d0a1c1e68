-- Checkmate: the king is in check and no legal move gets it out (FIDE 1.4, 3.9, 5.1.1).
-- Wrong answers get the engine's reasons: every flight square, capture and block that fails.
local function why_status(pos) return select(2, pos:explain_status()) end
local function why_after(pos, game, step, ctx) return ctx and select(2, ctx.after:explain_status()) or {} end
return lesson {
  id = "checkmate",
  title = { en = "Checkmate", fa = "مات", ar = "كش مات" },
  level = "beginner",
  tags = { "check", "checkmate" },
  rules = { "1.4", "3.9", "5.1.1" },
  steps = {
    true_false {
      fen = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
      prompt = { en = "Black to move. Is Black checkmated?", fa = "نوبت سیاه است. آیا سیاه مات شده است؟",
                 ar = "الدور على الأسود. هل تلقّى الأسود كش مات؟" },
      hints = { { en = "Look for any legal move: a king step, a capture, a block.",
                  fa = "دنبال هر حرکت قانونی بگردید: حرکت شاه، زدن، یا سد کردن.",
                  ar = "ابحث عن أي نقلة قانونية: خطوة للملك أو أخذ أو سد." } },
      answer = function(pos) return pos:status() == "checkmate" end,
      explain = why_status,
      success = { en = "Yes: the black pawns block their own king's escape.",
                  fa = "بله: پیاده‌های سیاه راه فرار شاه خودشان را بسته‌اند.",
                  ar = "نعم: بيادق الأسود تسد طريق هروب ملكها." },
      tests = { right = { "true", "yes" }, wrong = { ["false"] = "checkmate", ["maybe"] = "not_true_false" } },
    },
    true_false {
      fen = "R5k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1",
      prompt = { en = "And now, with the h-pawn on h6: is Black checkmated?",
                 fa = "و حالا که پیادهٔ h در h6 است: آیا سیاه مات شده است؟",
                 ar = "والآن، والبيدق في h6: هل تلقّى الأسود كش مات؟" },
      answer = function(pos) return pos:status() == "checkmate" end,
      explain = why_status,
      success = { en = "Right: it is only check; the king escapes to h7.",
                  fa = "درست است: فقط کیش است؛ شاه به h7 فرار می‌کند.",
                  ar = "صحيح: إنه كش فقط؛ يهرب الملك إلى h7." },
      wrong = { en = "Not mate: look at h7.", fa = "مات نیست: به خانهٔ h7 نگاه کنید.", ar = "ليس كش مات: انظر إلى h7." },
      tests = { right = { "false", "no" }, wrong = { ["true"] = "check" } },
    },
    move_task {
      fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
      prompt = { en = "White to move: give checkmate in one move.", fa = "نوبت سفید است: در یک حرکت مات کنید.",
                 ar = "الدور على الأبيض: حقّق كش مات في نقلة واحدة." },
      hints = { { en = "The back rank is the black king's weak spot.", fa = "ردیف آخر نقطه‌ضعف شاه سیاه است.",
                  ar = "الصف الأخير هو نقطة ضعف الملك الأسود." } },
      expect = gives_checkmate(),
      explain = why_after,
      wrong = { en = "Legal, but not checkmate.", fa = "قانونی است، اما مات نیست.", ar = "نقلة قانونية، لكنها ليست كش مات." },
      success = { en = "Checkmate: the rook checks along the back rank, and the black pawns block their own king.",
                  fa = "مات: رخ در ردیف آخر کیش می‌دهد و پیاده‌های سیاه راه شاه خودشان را بسته‌اند.",
                  ar = "كش مات: يكشّ الرخ على الصف الأخير، وبيادق الأسود تسدّ طريق ملكها." },
      tests = { right = { "Ra8#", "a1a8" }, wrong = { ["Ra7"] = "deviation", ["Rh1"] = "path_blocked", ["Ra9"] = "san_malformed" } },
    },
  },
}
