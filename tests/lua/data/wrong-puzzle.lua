-- A puzzle whose recorded answer is wrong: the engine counts 3 legal moves (tests/lua/test_puzzle_cli.sh).
return puzzle {
  id = "wrong-count",
  kind = "count",
  fen = "7k/8/8/8/8/8/8/K7 w - - 0 1",
  prompt = { en = "How many legal moves has White?", fa = "سفید چند حرکت قانونی دارد؟", ar = "كم نقلة قانونية لدى الأبيض؟" },
  success = { en = "Right.", fa = "درست است.", ar = "صحيح." },
  source = "constructed for Arbiter",
  answer = 5,
}
