return lesson {
  id = "unknown-rule", level = "beginner", rules = { "3.6", "3.99" }, tags = {},
  title = { en = "x", fa = "x", ar = "x" },
  steps = {
    move_task { prompt = { en = "x", fa = "x", ar = "x" }, expect = moves_piece("N"),
                tests = { right = { "Nf3" }, wrong = { e4 = "deviation" } } },
  },
}
