return drill {
  id = "d1-castle",
  title = { en = "Castle kingside", fa = "قلعهٔ کوچک بروید", ar = "بيّت تبييتًا قصيرًا" },
  fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
  move = "O-O",
}
