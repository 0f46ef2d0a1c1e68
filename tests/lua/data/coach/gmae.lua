-- The sandbox review's m05 mistake: a misspelled local (gmae) passed as the game reads as nil, the
-- engine then explains without the history, and every example still passes. The check must say
-- that gmae is not defined (a global read as nil), with its line and the local meant.
return lesson{
  id = "coach-gmae", title = { en = "Whose move?", fa = "نوبت کیست؟", ar = "دور من؟" }, level = "beginner",
  tags = { "turn" }, rules = { "1.2" },
  steps = {
    true_false{
      fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Is it White's move?", fa = "آیا نوبت سفید است؟", ar = "هل الدور على الأبيض؟" },
      answer = true,
      explain = function(pos, game) return { select(2, pos:explain_move("e1", "e3", nil, gmae)) } end,
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
  },
}
