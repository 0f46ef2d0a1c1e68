return lesson {
  id = "impossible", level = "beginner", rules = { "3.7.3" }, tags = {},
  title = { en = "x", fa = "x", ar = "x" },
  steps = {
    move_task { prompt = { en = "Capture en passant.", fa = "x", ar = "x" }, expect = captures_en_passant(),
                tests = { right = { "e4" }, wrong = { d4 = "deviation" } } },
    choice { prompt = { en = "x", fa = "x", ar = "x" }, answer = "d",
             choices = { { id = "a", text = { en = "a", fa = "a", ar = "a" } }, { id = "b", text = { en = "b", fa = "b", ar = "b" } } },
             tests = { right = { "a" }, wrong = { b = "wrong_answer" } } },
  },
}
