-- A coach's lesson with one mistake made on purpose: expect in a choice step.
-- asserts the file:line and message the checker gives for it.
local T = function(en, fa, ar) return { en = en, fa = fa, ar = ar } end
return lesson {
  id = "coach-wrong-kind",
  title = T("Underpromotion", "ارتقای فرعی", "الترقية الصغرى"),
  level = "intermediate",
  tags = { "promotion" },
  rules = { "3.7.3.3" },
  steps = {
    move_task {
      fen = "8/2P5/8/8/3r4/8/2K5/k7 w - - 0 1",
      prompt = T("Promote to a rook.", "به رخ ارتقا دهید.", "رقِّ إلى رخ."),
      hints = { T("Not a queen.", "نه وزیر.", "ليس وزيرًا.") },
      expect = promotes("R"),
      success = T("Right.", "درست است.", "صحيح."),
      deviations = { ["c8=Q"] = T("Stalemate after Rc4+.", "پس از Rc4+ پات.", "جمود بعد Rc4+.") },
      wrong = T("Promote the pawn.", "پیاده را ارتقا دهید.", "رقِّ البيدق."),
      tests = { right = { "c8=R" }, wrong = { ["c8=Q"] = "deviation", ["Kb3"] = "deviation" } },
    },
    choice {
      prompt = T("Why underpromote?", "چرا ارتقای فرعی؟", "لماذا الترقية الصغرى؟"),
      choices = { { id = "a", text = T("Worth more", "ارزش بیشتر", "قيمة أكبر") },
                  { id = "b", text = T("Avoid stalemate", "پرهیز از پات", "تجنّب الجمود") } },
      answer = "b", expect = promotes("R"),
      tests = { right = { "b" }, wrong = { ["a"] = "wrong_answer" } },
    },
  },
}
