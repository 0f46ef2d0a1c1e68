-- Insufficient material and dead positions (FIDE 5.2.2, 6.9): the engine decides whether any
-- series of legal moves can still end in mate.
local function dead_step(fen, dead, en, fa, ar, succ)
  return true_false {
    fen = fen,
    prompt = { en = en .. " Is the game drawn at once (a dead position)?", fa = fa .. " آیا بازی بی‌درنگ مساوی است (وضعیت مرده)؟",
               ar = ar .. " هل تنتهي المباراة بالتعادل فورًا (وضع ميت)؟" },
    answer = function(pos) return pos:insufficient_material() end,
    -- the engine's analysis: the proof that no mate is possible, or a mating line (5.2.2)
    explain = function(pos) return arbiter.dead(pos).explanations end,
    success = succ,
    -- the expected answer is written here, not computed: the test checks the engine against it
    tests = { right = { tostring(dead) }, wrong = { [tostring(not dead)] = "wrong_answer" } },
  }
end
return lesson {
  id = "insufficient-material",
  title = { en = "Not enough to mate", fa = "مهرهٔ کافی برای مات نیست", ar = "عدم كفاية القطع للإماتة" },
  level = "intermediate",
  tags = { "draw", "dead-position" },
  rules = { "5.2.2", "6.9" },
  steps = {
    teach {
      fen = "8/8/4k3/8/8/2N1K3/8/8 w - - 0 1",
      text = { en = "King and knight, or king and bishop, can never mate a lone king: the position is dead and the game ends in a draw at once (5.2.2). Two knights, or a knight against a pawn, are different: a mate exists, even if only with the other side's help, so the game goes on.",
               fa = "شاه و اسب، یا شاه و فیل، هرگز نمی‌توانند شاه تنها را مات کنند: وضعیت مرده است و بازی بی‌درنگ مساوی تمام می‌شود (۵٫۲٫۲). دو اسب، یا اسب در برابر پیاده، فرق دارند: ماتی وجود دارد، حتی اگر فقط با همکاری طرف مقابل باشد، پس بازی ادامه می‌یابد.",
               ar = "الملك والحصان، أو الملك والفيل، لا يستطيعان أبدًا إماتة ملك وحيد: فالوضع ميت وتنتهي المباراة بالتعادل فورًا (5.2.2). أما الحصانان، أو الحصان أمام بيدق، فأمر مختلف: فالإماتة ممكنة ولو بمساعدة الطرف الآخر، فتستمر المباراة." },
      diagram = { squares = { "c3" }, arrows = {} },
    },
    dead_step("8/8/4k3/8/8/2N1K3/8/8 w - - 0 1", true, "King and knight against king.", "شاه و اسب در برابر شاه.", "ملك وحصان أمام ملك.",
      { en = "Right: no series of moves ends in mate, so it is a draw at once.", fa = "درست است: هیچ رشته‌ای از حرکت‌ها به مات نمی‌رسد، پس بی‌درنگ مساوی است.",
        ar = "صحيح: لا تنتهي أي سلسلة من النقلات بالإماتة، فالنتيجة تعادل فورًا." }),
    dead_step("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1", false, "King and two knights against king.", "شاه و دو اسب در برابر شاه.", "ملك وحصانان أمام ملك.",
      { en = "Right: a mate with two knights exists if the defender blunders, so the game goes on.", fa = "درست است: اگر مدافع اشتباه کند، مات با دو اسب ممکن است، پس بازی ادامه دارد.",
        ar = "صحيح: الإماتة بحصانين ممكنة إن أخطأ المدافع، فتستمر المباراة." }),
    dead_step("8/8/4k3/8/8/2B1K3/8/8 w - - 0 1", true, "King and bishop against king.", "شاه و فیل در برابر شاه.", "ملك وفيل أمام ملك.",
      { en = "Right: a lone bishop cannot mate, so it is a draw at once.", fa = "درست است: فیل تنها نمی‌تواند مات کند، پس بی‌درنگ مساوی است.",
        ar = "صحيح: الفيل وحده لا يستطيع الإماتة، فالنتيجة تعادل فورًا." }),
    dead_step("8/8/4k3/8/8/2B1K3/4B3/8 w - - 0 1", false, "King and two bishops on squares of opposite colours against king.", "شاه و دو فیل روی خانه‌های ناهم‌رنگ در برابر شاه.", "ملك وفيلان على لونين مختلفين أمام ملك.",
      { en = "Right: two bishops on opposite colours mate by force, so the game goes on.", fa = "درست است: دو فیل ناهم‌رنگ مات اجباری دارند، پس بازی ادامه دارد.",
        ar = "صحيح: الفيلان المختلفا اللون يفرضان الإماتة، فتستمر المباراة." }),
    true_false {
      fen = "8/8/4k3/8/8/2N1K3/8/8 b - - 0 1",
      prompt = { en = "King and knight against king: could White (with the knight) still checkmate by any series of legal moves?",
                 fa = "شاه و اسب در برابر شاه: آیا سفید (با اسب) با رشته‌ای از حرکت‌های قانونی هنوز می‌تواند مات کند؟",
                 ar = "ملك وحصان أمام ملك: هل يستطيع الأبيض (صاحب الحصان) الإماتة بسلسلة ما من النقلات القانونية؟" },
      answer = function(pos) return pos:can_mate("white") end,
      wrong = { en = "No mate position exists with king and knight against a lone king, so White can never mate.",
                fa = "با شاه و اسب در برابر شاه تنها هیچ وضعیتِ ماتی وجود ندارد، پس سفید هرگز نمی‌تواند مات کند.",
                ar = "لا توجد أي وضعية إماتة بملك وحصان أمام ملك وحيد، فلا يستطيع الأبيض الإماتة أبدًا." },
      success = { en = "Right: no — without a black piece to block its own king, a knight can never mate.", fa = "درست است: نه؛ بدون مهرهٔ سیاهی که راه شاه خودش را ببندد، اسب هرگز نمی‌تواند مات کند.",
                  ar = "صحيح: لا، فمن دون قطعة سوداء تسدّ طريق ملكها لا يستطيع الحصان الإماتة أبدًا." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    dead_step("8/8/4k3/4p3/8/2B1K3/8/8 w - - 0 1", false, "King and bishop against king and pawn.", "شاه و فیل در برابر شاه و پیاده.", "ملك وفيل أمام ملك وبيدق.",
      { en = "Right: the pawn can still promote, and even the bishop can mate if Black's own pawn blocks its king, so the game goes on.",
        fa = "درست است: پیاده هنوز می‌تواند ارتقا یابد و حتی فیل هم می‌تواند مات کند، اگر پیادهٔ خود سیاه راه شاهش را ببندد؛ پس بازی ادامه دارد.",
        ar = "صحيح: ما زال البيدق قادرًا على الترقية، بل يستطيع الفيل أن يُميت إن سدّ بيدق الأسود طريق ملكه، فتستمر المباراة." }),
  },
}
