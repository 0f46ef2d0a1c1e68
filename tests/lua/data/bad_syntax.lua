return lesson {
  id = "broken",
  title = { en = "x", fa = "x", ar = "x" },
  steps = { {
}
