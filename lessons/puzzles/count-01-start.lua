-- How many legal moves in the starting position? (16 pawn moves, 4 knight moves.)
return puzzle {
  id = "count-01-start",
  kind = "count",
  fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  prompt = { en = "The starting position. How many legal moves does White have?",
    fa = "وضعیت آغازین. سفید چند حرکت قانونی دارد؟",
    ar = "الوضع الابتدائي. كم نقلة قانونية لدى الأبيض؟" },
  hints = {
    { en = "Each pawn may advance one or two squares; only the knights can jump over the pawns.",
    fa = "هر پیاده یک یا دو خانه جلو می‌رود؛ فقط اسب‌ها می‌توانند از روی پیاده‌ها بپرند.",
    ar = "كل بيدق يتقدم مربعًا أو مربعين، والحصانان وحدهما يقفزان فوق البيادق." },
  },
  success = { en = "20: sixteen pawn moves (eight pawns, one or two squares) and four knight moves.",
    fa = "۲۰: شانزده حرکت پیاده (هشت پیاده، یک یا دو خانه) و چهار حرکت اسب.",
    ar = "20: ست عشرة نقلة للبيادق (ثمانية بيادق، مربع أو مربعان) وأربع نقلات للحصانين." },
  answer = 20,
  wrong = { ["16"] = "legal_moves_count", ["24"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
