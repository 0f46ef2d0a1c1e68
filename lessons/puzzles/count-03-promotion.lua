-- How many legal moves with a pawn about to promote: each promotion piece is its own move.
return puzzle {
  id = "count-03-promotion",
  kind = "count",
  fen = "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
  prompt = { en = "The pawn on b7 is about to promote. How many legal moves does White have?",
    fa = "پیادهٔ b7 در آستانهٔ ارتقاست. سفید چند حرکت قانونی دارد؟",
    ar = "البيدق في b7 على وشك الترقية. كم نقلة قانونية لدى الأبيض؟" },
  hints = {
    { en = "b8=Q, b8=R, b8=B and b8=N are four different moves.",
    fa = "b8=Q، b8=R، b8=B و b8=N چهار حرکت جدا هستند.",
    ar = "b8=Q وb8=R وb8=B وb8=N أربع نقلات مختلفة." },
  },
  success = { en = "9: five king moves and four promotions — to a queen, rook, bishop or knight.",
    fa = "۹: پنج حرکت شاه و چهار ارتقا: به وزیر، رخ، فیل یا اسب.",
    ar = "9: خمس نقلات للملك وأربع ترقيات: إلى وزير أو رخ أو فيل أو حصان." },
  answer = 9,
  wrong = { ["6"] = "legal_moves_count" },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
