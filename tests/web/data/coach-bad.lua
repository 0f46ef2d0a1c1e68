-- A lesson with mistakes a coach makes (the playground trial, 1.4): a missing translation, a
-- level that does not exist, a misspelled field, a FEN with a 9, no tags and no test examples.
return lesson {
  id = "coach-bad",
  title = { en = "Broken", fa = "خراب" },
  level = "expert",
  rules = { "3.9" },
  steps = {
    move_task {
      fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
      prompt = { en = "Castle.", fa = "قلعه بروید.", ar = "بيّت." },
      sucess = { en = "Yes.", fa = "بله.", ar = "نعم." },
      expect = "O-O",
    },
    true_false {
      fen = "4k3/8/8/9/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Is it drawn?", fa = "مساوی است؟", ar = "هل هي تعادل؟" },
      answer = true,
    },
  },
}
