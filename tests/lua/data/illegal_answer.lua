return lesson {
  id = "illegal-answer", level = "beginner", rules = { "3.8.2" }, tags = {},
  title = { en = "x", fa = "x", ar = "x" },
  steps = {
    move_task { fen = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", prompt = { en = "x", fa = "x", ar = "x" },
                expect = castles(), tests = { right = { "O-O", "O-O-O" }, wrong = { Kd1 = "deviation" } } },
  },
}
