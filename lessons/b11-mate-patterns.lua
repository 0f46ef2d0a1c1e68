-- First mate patterns (FIDE 5.1.1): the back-rank mate and the mate with the queen supported.
-- The engine tells mate from check and stalemate.
local function status_after(pos, game, step, ctx) return select(2, ctx.after:explain_status()) end
local function mate_task(fen, right, wrong, succ)
  return move_task {
    fen = fen,
    prompt = { en = "Give checkmate in one move.", fa = "در یک حرکت مات کنید.", ar = "أمِت في نقلة واحدة." },
    expect = gives_checkmate(),
    explain = status_after,
    success = succ,
    wrong = { en = "That is not checkmate.", fa = "این مات نیست.", ar = "هذه ليست كش مات." },
    tests = { right = right, wrong = wrong },
  }
end
return lesson {
  id = "mate-patterns",
  title = { en = "First mate patterns", fa = "نخستین الگوهای مات", ar = "أنماط الإماتة الأولى" },
  level = "beginner",
  tags = { "checkmate" },
  rules = { "5.1.1" },
  steps = {
    teach {
      fen = "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1",
      text = { en = "The back-rank mate: a king behind its own unmoved pawns cannot step forward. A rook or queen checking along the back rank is then mate, unless something can capture it or block. Here Rd8 is mate.",
               fa = "مات ردیف آخر: شاهی که پشت پیاده‌های حرکت‌نکردهٔ خودش مانده نمی‌تواند به جلو برود. اگر رخ یا وزیری در ردیف آخر کیش بدهد و چیزی نتواند آن را بزند یا راهش را ببندد، مات است. اینجا Rd8 مات است.",
               ar = "كش مات الصف الخلفي: الملك القابع خلف بيادقه التي لم تتحرك لا يستطيع التقدم. فإذا أعطى رخ أو وزير كشًّا على الصف الخلفي كان ذلك كش مات، ما لم تُؤخذ القطعة أو يُسدّ طريقها. هنا Rd8 كش مات." },
      diagram = { squares = { "f7", "g7", "h7" }, arrows = { { "d1", "d8" } } },
    },
    mate_task("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1", { "Rd8#", "d1d8" }, { ["Rd7"] = "deviation", ["Rc1"] = "deviation" },
      { en = "Checkmate: the pawns on f7, g7 and h7 wall in their own king.", fa = "مات: پیاده‌های f7، g7 و h7 راه شاه خودشان را بسته‌اند.",
        ar = "كش مات: البيادق في f7 وg7 وh7 تحاصر ملكها." }),
    true_false {
      fen = "r5k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1",
      prompt = { en = "Now a black rook stands on a8. Is Rd8 still checkmate?", fa = "اکنون رخ سیاهی در a8 است. آیا Rd8 هنوز مات است؟",
                 ar = "الآن يقف رخ أسود في a8. هل ما زالت Rd8 كش مات؟" },
      answer = function(pos) return pos:play("Rd8"):status() == "checkmate" end,
      explain = function(pos) return select(2, pos:play("Rd8"):explain_status()) end,
      success = { en = "Right: no — the rook on a8 simply captures on d8. A mate needs every way out closed.",
                  fa = "درست است: نه؛ رخ a8 به‌سادگی در d8 می‌زند. برای مات باید همهٔ راه‌های فرار بسته باشد.",
                  ar = "صحيح: لا، فالرخ في a8 يأخذ في d8 ببساطة. ولا يكون كش مات إلا إذا أُغلقت كل المخارج." },
      tests = { right = { "false" }, wrong = { ["true"] = "check" } },
    },
    mate_task("6k1/5ppp/8/8/8/8/5PPP/4Q1K1 w - - 0 1", { "Qe8#", "e1e8" }, { ["Qe7"] = "deviation", ["Qb4"] = "deviation" },
      { en = "Checkmate on the back rank, this time with the queen.", fa = "مات در ردیف آخر، این بار با وزیر.", ar = "كش مات على الصف الخلفي، بالوزير هذه المرة." }),
    teach {
      fen = "6k1/8/6K1/8/8/8/8/Q7 w - - 0 1",
      text = { en = "With king and queen, the king helps: on g6 it guards f7, g7 and h7, so a queen check along the 8th rank leaves the black king no square.",
               fa = "با شاه و وزیر، شاه کمک می‌کند: در g6 از f7، g7 و h7 محافظت می‌کند، پس کیش وزیر در ردیف هشتم هیچ خانه‌ای برای شاه سیاه باقی نمی‌گذارد.",
               ar = "مع الملك والوزير يساعد الملك: فهو في g6 يحرس f7 وg7 وh7، فلا يترك كشُّ الوزير على الصف الثامن أي مربع للملك الأسود." },
      diagram = { squares = { "f7", "g7", "h7" }, arrows = { { "a1", "a8" } } },
    },
    mate_task("6k1/8/6K1/8/8/8/8/Q7 w - - 0 1", { "Qa8#", "a1a8" }, { ["Qa7"] = "deviation", ["Qa2+"] = "check" },
      { en = "Checkmate: the queen holds the 8th rank and the king the 7th.", fa = "مات: وزیر ردیف هشتم را گرفته و شاه ردیف هفتم را.",
        ar = "كش مات: الوزير يمسك الصف الثامن والملك يمسك السابع." }),
    teach {
      fen = "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",
      text = { en = "The smothered mate: a king surrounded by its own pieces cannot move at all, and a knight check cannot be blocked. Here the rook on g8 and the pawns on g7 and h7 fill every square around the black king, so Nf7 is mate.",
               fa = "مات خفه: شاهی که مهره‌های خودش دورش را گرفته‌اند اصلاً نمی‌تواند حرکت کند، و کیش اسب را نمی‌توان با گذاشتن مهره‌ای در میان بست. اینجا رخ g8 و پیاده‌های g7 و h7 همهٔ خانه‌های دور شاه سیاه را پر کرده‌اند، پس Nf7 مات است.",
               ar = "الإماتة الخانقة: الملك الذي تحيط به قطعه لا يستطيع الحركة أبدًا، وكش الحصان لا يمكن سدّه. هنا يملأ الرخ في g8 والبيدقان في g7 وh7 كل المربعات حول الملك الأسود، فالنقلة Nf7 كش مات." },
      diagram = { squares = { "g8", "g7", "h7" }, arrows = { { "g5", "f7" }, { "f7", "h8" } } },
    },
    mate_task("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", { "Nf7#", "g5f7" }, { ["Ne6"] = "deviation", ["Nh3"] = "deviation" },
      { en = "Smothered mate: the knight on f7 checks, and the black king is walled in by its own rook and pawns.",
        fa = "مات خفه: اسب f7 کیش می‌دهد و شاه سیاه را رخ و پیاده‌های خودش محاصره کرده‌اند.",
        ar = "إماتة خانقة: يكشّ الحصان في f7، والملك الأسود محاصر برخّه وبيدقيه." }),
  },
}
