-- Right in English and Persian only (its position differs for an Arabic reader): the check in
-- every language must catch it.
return drill {
  id = "d3-arabic",
  title = { en = "A king move", fa = "حرکت شاه", ar = "نقلة الملك" },
  fen = arbiter.lang() == "ar" and "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1" or "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
  move = "Kd2",
}
