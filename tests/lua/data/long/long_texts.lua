-- Texts longer than the old 1023-byte buffers, in Persian (two bytes a letter): a paragraph of
-- success text must arrive whole; a runaway one is cut at a letter and ends in "…".
local para = ("شاه در خانهٔ e1 است و هیچ حرکت قانونی ندارد. "):rep(60)
local huge = ("لا يجوز أن ينتهي التبييت والملك في كش. "):rep(400)
return lesson {
  id = "long-texts", level = "beginner", rules = { "5.1.1" }, tags = {},
  title = { en = "Long texts", fa = "متن‌های بلند", ar = "نصوص طويلة" },
  steps = {
    true_false {
      fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", answer = true,
      prompt = { en = "True?", fa = para, ar = "صحيح؟" },
      success = { en = ("The king stands on e1. "):rep(150), fa = para, ar = huge },
      wrong = { en = "No.", fa = huge, ar = huge },
      explain = function() return { { code = "long", text = para .. para, squares = {}, rule = "", params = {} } } end,
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    true_false {
      fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", answer = false,
      prompt = { en = "False?", fa = "نادرست؟", ar = "خطأ؟" },
      success = { en = "Right.", fa = "درست است.", ar = "صحيح." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    true_false {
      fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", answer = false,
      prompt = { en = "False?", fa = "نادرست؟", ar = "خطأ؟" },
      success = { en = "Right.", fa = "درست است.", ar = "صحيح." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
