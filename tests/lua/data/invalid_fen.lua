return lesson {
  id = "badfen", level = "beginner", rules = { "3.6" }, tags = {},
  title = { en = "x", fa = "x", ar = "x" },
  steps = {
    move_task { fen = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", prompt = { en = "x", fa = "x", ar = "x" },
                expect = any_legal_move(), tests = { right = { "Ka2" }, wrong = { x = "san_malformed" } } },
  },
}
