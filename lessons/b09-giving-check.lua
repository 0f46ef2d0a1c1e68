-- Giving check (FIDE 3.9): a king attacked by an enemy piece is in check. The engine decides
-- which moves give check.
local function check_task(fen, piece, en, fa, ar, right, wrong, succ)
  return move_task {
    fen = fen,
    prompt = { en = en, fa = fa, ar = ar },
    expect = all_of(moves_piece(piece), gives_check()),
    explain = function(pos, game, step, ctx) return select(2, ctx.after:explain_status()) end,
    success = succ,
    wrong = { en = "That move does not give check with that piece.", fa = "این حرکت با آن مهره کیش نمی‌دهد.",
              ar = "هذه النقلة لا تعطي كشًّا بتلك القطعة." },
    tests = { right = right, wrong = wrong },
  }
end
return lesson {
  id = "giving-check",
  title = { en = "Giving check", fa = "کیش دادن", ar = "إعطاء الكش" },
  level = "beginner",
  tags = { "check" },
  rules = { "3.9", "3.9.1" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
      text = { en = "A king is in check when an enemy piece attacks its square (3.9). You give check by moving a piece so that it attacks the king: Ra8+ puts the rook on the 8th rank, facing the king on e8. The opponent must answer the check at once.",
               fa = "شاه وقتی کیش است که یک مهرهٔ حریف به خانهٔ آن حمله کند (۳٫۹). کیش دادن یعنی مهره‌ای را طوری حرکت دهید که به شاه حمله کند: Ra8+ رخ را به ردیف هشتم و روبه‌روی شاه e8 می‌برد. حریف باید بی‌درنگ به کیش پاسخ دهد.",
               ar = "يكون الملك في كش حين تهاجم قطعة للخصم مربعه (3.9). وتعطي الكش بنقل قطعة بحيث تهاجم الملك: ‏Ra8+ تضع الرخ على الصف الثامن في مواجهة الملك في e8. ويجب على الخصم أن يردّ على الكش فورًا." },
      diagram = { squares = { "e8" }, arrows = { { "a1", "a8" }, { "a8", "e8" } } },
    },
    check_task("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "R", "Give check with the rook.", "با رخ کیش بدهید.", "أعطِ كشًّا بالرخ.",
      { "Ra8+", "Ra8" }, { ["Ra7"] = "deviation", ["Kd2"] = "deviation" },
      { en = "Check: the rook on a8 attacks the king along the 8th rank.", fa = "کیش: رخ a8 در امتداد ردیف هشتم به شاه حمله می‌کند.",
        ar = "كش: الرخ في a8 يهاجم الملك على امتداد الصف الثامن." }),
    check_task("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "B", "Give check with the bishop.", "با فیل کیش بدهید.", "أعطِ كشًّا بالفيل.",
      { "Bb5+", "f1b5" }, { ["Bc4"] = "deviation", ["Be2"] = "deviation" },
      { en = "Check: from b5 the bishop attacks e8 along the diagonal c6–d7.", fa = "کیش: فیل از b5 در امتداد قطر c6–d7 به e8 حمله می‌کند.",
        ar = "كش: الفيل في b5 يهاجم e8 على القطر c6–d7." }),
    check_task("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "N", "Give check with the knight.", "با اسب کیش بدهید.", "أعطِ كشًّا بالحصان.",
      { "Nd6+", "Nf6+" }, { ["Nc5"] = "deviation", ["Ng5"] = "deviation" },
      { en = "Check: the knight's L-jump reaches e8 from this square, and a knight check cannot be blocked.",
        fa = "کیش: پرش L اسب از این خانه به e8 می‌رسد، و کیش اسب را نمی‌توان با گذاشتن مهره‌ای در میان رفع کرد.",
        ar = "كش: قفزة الحصان على شكل L تصل إلى e8 من هذا المربع، وكش الحصان لا يمكن سدّه." }),
    check_task("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", "P", "Give check with the pawn.", "با پیاده کیش بدهید.", "أعطِ كشًّا بالبيدق.",
      { "d7+", "d6d7" }, { ["Kd2"] = "deviation", ["e7"] = "no_piece_can_move_there" },
      { en = "Check: a pawn attacks the squares diagonally in front of it, and from d7 that includes e8.",
        fa = "کیش: پیاده به خانه‌های مورب جلوی خود حمله می‌کند و از d7 یکی از آن‌ها e8 است.",
        ar = "كش: يهاجم البيدق المربعين القطريين أمامه، ومن d7 يكون e8 أحدهما." }),
    check_task("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "Q", "Give check with the queen.", "با وزیر کیش بدهید.", "أعطِ كشًّا بالوزير.",
      { "Qa4+", "Qh5+", "Qd7+", "Qd8+", "Qe2+" }, { ["Qd5"] = "deviation", ["Qc2"] = "deviation" },
      { en = "Check: the queen attacks the king along a line nothing blocks.", fa = "کیش: وزیر در امتداد خطی که چیزی آن را نبسته به شاه حمله می‌کند.",
        ar = "كش: يهاجم الوزير الملك على خطٍّ لا يسدّه شيء." }),
    true_false {
      fen = "4k3/8/8/1B6/8/8/8/4K3 b - - 0 1",
      prompt = { en = "Is Black in check?", fa = "آیا سیاه کیش است؟", ar = "هل الأسود في كش؟" },
      answer = function(pos) return pos:in_check() end,
      explain = function(pos) return select(2, pos:explain_status()) end,
      success = { en = "Yes: the bishop on b5 attacks e8 through c6 and d7.", fa = "بله: فیل b5 از راه c6 و d7 به e8 حمله می‌کند.",
                  ar = "نعم: الفيل في b5 يهاجم e8 عبر c6 وd7." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    which_squares {
      fen = "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1",
      prompt = { en = "To which squares can the knight on e4 jump so that it gives check?", fa = "اسب e4 به کدام خانه‌ها بپرد تا کیش بدهد؟",
                 ar = "إلى أي المربعات يقفز الحصان في e4 ليعطي كشًّا؟" },
      answer = function(pos)
        local out = {}
        for _, sq in ipairs(targets(pos, "e4")) do
          if pos:play("e4" .. sq):in_check() then out[#out + 1] = sq end
        end
        return out
      end,
      success = { en = "Right: d6 and f6 — from both, the knight's L reaches e8.", fa = "درست است: d6 و f6؛ از هر دو خانه، پرش L اسب به e8 می‌رسد.",
                  ar = "صحيح: d6 وf6 — فمن كليهما تصل قفزة الحصان على شكل L إلى e8." },
      tests = { right = { "d6 f6" }, wrong = { ["d6"] = "squares_missing", ["d6 f6 c5"] = "squares_extra" } },
    },
    true_false {
      fen = "8/8/3k4/8/3K4/8/8/8 w - - 0 1",
      prompt = { en = "Only the two kings are left. Can any move of the white king give check?", fa = "فقط دو شاه مانده‌اند. آیا حرکتی از شاه سفید می‌تواند کیش بدهد؟",
                 ar = "لم يبقَ إلا الملكان. هل تستطيع أي نقلة للملك الأبيض أن تعطي كشًّا؟" },
      answer = function(pos)
        for _, m in ipairs(pos:legal_moves()) do
          if pos:play(m.uci):in_check() then return true end
        end
        return false
      end,
      wrong = { en = "A king never attacks the other king: it would have to stand next to it, and that square is always attacked.", fa = "شاه هرگز به شاه دیگر حمله نمی‌کند: برای این کار باید کنار آن بایستد، و آن خانه همیشه زیر حمله است.",
                ar = "لا يهاجم الملكُ الملكَ الآخر أبدًا: فعليه أن يقف بجواره، وذلك المربع مهاجَم دائمًا." },
      success = { en = "Right: a king attacks only the squares next to it, and it may never step next to the other king, so a king never gives check by itself.",
                  fa = "درست است: شاه فقط به خانه‌های کنارش حمله می‌کند و هرگز نمی‌تواند کنار شاه دیگر برود؛ پس شاه به‌تنهایی هرگز کیش نمی‌دهد.",
                  ar = "صحيح: لا يهاجم الملك إلا المربعات المجاورة له، ولا يجوز له أبدًا أن يقترب من الملك الآخر، فلا يعطي الملك كشًّا بنفسه أبدًا." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
