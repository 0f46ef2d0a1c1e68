return drill {
  id = "d2-typo",
  title = { en = "A typo", fa = "یک غلط", ar = "خطأ مطبعي" },
  fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  movee = "Kd2",
}
