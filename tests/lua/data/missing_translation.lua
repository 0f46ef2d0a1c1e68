return lesson {
  id = "missing", level = "beginner", rules = { "3.6" }, tags = {},
  title = { en = "Knights", fa = "اسب", ar = "الحصان" },
  steps = {
    move_task { prompt = { en = "Move a knight.", fa = "اسب را حرکت دهید." }, expect = moves_piece("N"),
                tests = { right = { "Nf3" }, wrong = { e4 = "deviation" } } },
  },
}
