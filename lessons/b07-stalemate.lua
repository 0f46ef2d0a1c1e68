-- Stalemate: no legal move and not in check is a draw (FIDE 5.2.1).
-- Wrong answers get the engine's reasons: why the king and every other piece cannot move.
local function why_status(pos) return select(2, pos:explain_status()) end
local function why_after(pos, game, step, ctx) return ctx and select(2, ctx.after:explain_status()) or {} end
return lesson {
  id = "stalemate",
  title = { en = "Stalemate", fa = "پات", ar = "التعادل بالجمود (بات)" },
  level = "beginner",
  tags = { "stalemate", "draw" },
  rules = { "5.2.1" },
  steps = {
    teach {
      fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
      text = { en = "Stalemate: the player to move has no legal move, and their king is not in check. A stalemate ends the game at once in a draw (5.2.1), however much material the other side has. Here the black king on h8 is not attacked, but g8, g7 and h7 are all covered by the queen (g7 and h7 by the king on g6 too), and Black has no other piece to move.",
               fa = "پات: بازیکنی که نوبت اوست هیچ حرکت قانونی ندارد و شاهش هم کیش نیست. بازی بی‌درنگ مساوی تمام می‌شود (۵٫۲٫۱)، هر قدر هم طرف مقابل مهرهٔ بیشتری داشته باشد. اینجا شاه سیاه در h8 زیر حمله نیست، اما وزیر هر سه خانهٔ g8، g7 و h7 را گرفته است (g7 و h7 را شاه g6 هم گرفته است) و سیاه مهرهٔ دیگری برای حرکت ندارد.",
               ar = "الجمود: لا يملك صاحب الدور أي نقلة قانونية، وملكه ليس في كش. تنتهي المباراة فورًا بالتعادل (5.2.1)، مهما كانت قطع الطرف الآخر كثيرة. هنا الملك الأسود في h8 غير مهاجَم، لكن الوزير يهاجم g8 وg7 وh7 كلها (ويهاجم الملك في g6 أيضًا g7 وh7)، ولا قطعة أخرى للأسود يحرّكها." },
      diagram = { squares = { "h8", "g8", "g7", "h7" }, arrows = { { "f7", "g8" }, { "f7", "h7" } } },
    },
    true_false {
      fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
      prompt = { en = "Black to move. Is this stalemate?", fa = "نوبت سیاه است. آیا این وضعیت پات است؟",
                 ar = "الدور على الأسود. هل هذا جمود (بات)؟" },
      hints = { { en = "Is the black king in check? Does Black have any legal move?",
                  fa = "آیا شاه سیاه کیش است؟ آیا سیاه حرکت قانونی دارد؟",
                  ar = "هل الملك الأسود في كش؟ وهل للأسود أي نقلة قانونية؟" } },
      answer = function(pos) return pos:status() == "stalemate" end,
      explain = why_status,
      success = { en = "Yes: not in check, and no legal move. The game is drawn.",
                  fa = "بله: کیش نیست و هیچ حرکت قانونی هم ندارد. بازی مساوی است.",
                  ar = "نعم: ليس في كش ولا يملك أي نقلة قانونية. انتهت المباراة بالتعادل." },
      tests = { right = { "true" }, wrong = { ["false"] = "stalemate" } },
    },
    move_task {
      fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
      prompt = { en = "White to move: give checkmate, and beware of stalemate.",
                 fa = "نوبت سفید است: مات کنید و مراقب پات باشید.",
                 ar = "الدور على الأبيض: حقّق كش مات واحذر الجمود." },
      expect = gives_checkmate(),
      explain = why_after,
      deviations = {
        ["Qf7"] = { en = "Stalemate! Black has no legal move and is not in check: only a draw.",
                    fa = "پات! سیاه هیچ حرکت قانونی ندارد و کیش هم نیست: فقط مساوی.",
                    ar = "جمود! لا يملك الأسود أي نقلة قانونية وليس في كش: تعادل فقط." },
      },
      wrong = { en = "Legal, but not checkmate.", fa = "قانونی است، اما مات نیست.", ar = "نقلة قانونية، لكنها ليست كش مات." },
      success = { en = "Checkmate: the king is in check, and your queen and king cover every square it could flee to.",
                  fa = "مات: شاه کیش است و وزیر و شاه شما همهٔ خانه‌هایی را که می‌توانست به آن‌ها فرار کند گرفته‌اند.",
                  ar = "كش مات: الملك في كش، ووزيرك وملكك يهاجمان كل مربع يمكنه الهروب إليه." },
      tests = { right = { "Qf8#" }, wrong = { ["Qf7"] = "stalemate", ["Qh3+"] = "check" } },
    },
    choice {
      prompt = { en = "What is the result of a stalemate?", fa = "نتیجهٔ پات چیست؟", ar = "ما نتيجة الجمود؟" },
      choices = {
        { id = "a", text = { en = "The side that stalemated wins", fa = "طرفی که پات کرده برنده است",
                             ar = "يفوز الطرف الذي أوقع خصمه في الجمود" } },
        { id = "b", text = { en = "A draw", fa = "مساوی", ar = "تعادل" } },
        { id = "c", text = { en = "The stalemated side loses", fa = "طرف پات‌شده بازنده است", ar = "يخسر الطرف الواقع في الجمود" } },
      },
      answer = "b",
      wrong = { en = "Stalemate is neither a win nor a loss: the game ends at once in a draw (5.2.1).", fa = "پات نه برد است و نه باخت: بازی بی‌درنگ مساوی تمام می‌شود (۵٫۲٫۱).",
                ar = "ليس الجمود فوزًا ولا خسارة: تنتهي المباراة فورًا بالتعادل (5.2.1)." },
      success = { en = "Right: stalemate ends the game at once in a draw.", fa = "درست است: با پات بازی بی‌درنگ مساوی تمام می‌شود.",
                  ar = "صحيح: ينهي الجمود المباراة فورًا بالتعادل." },
      tests = { right = { "b", "B" }, wrong = { ["a"] = "wrong_answer", ["d"] = "unknown_choice" } },
    },
    true_false {
      fen = "7k/5Q2/6K1/8/p7/8/8/8 b - - 0 1",
      prompt = { en = "The same king and queen, but Black also has a pawn on a4. Is this stalemate?",
                 fa = "همان شاه و وزیر، اما سیاه پیاده‌ای هم در a4 دارد. آیا این وضعیت پات است؟",
                 ar = "الملك والوزير أنفسهما، لكن للأسود أيضًا بيدق في a4. هل هذا جمود؟" },
      answer = function(pos) return pos:status() == "stalemate" end,
      explain = why_status,
      success = { en = "Right: not stalemate — the king cannot move, but the pawn can go to a3, and stalemate means no legal move at all.",
                  fa = "درست است: پات نیست؛ شاه نمی‌تواند حرکت کند، اما پیاده می‌تواند به a3 برود، و پات یعنی هیچ حرکت قانونی وجود نداشته باشد.",
                  ar = "صحيح: ليس جمودًا؛ فالملك لا يستطيع الحركة، لكن البيدق يستطيع الذهاب إلى a3، والجمود يعني ألا تبقى أي نقلة قانونية." },
      wrong = { en = "Look at the pawn: it still has a legal move.", fa = "به پیاده نگاه کنید: هنوز یک حرکت قانونی دارد.",
                ar = "انظر إلى البيدق: ما زالت له نقلة قانونية." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    choice {
      fen = "k7/8/2K5/1Q6/8/8/8/8 w - - 0 1",
      prompt = { en = "White to move. Which of these queen moves stalemates Black?", fa = "نوبت سفید است. کدام‌یک از این حرکت‌های وزیر سیاه را پات می‌کند؟",
                 ar = "الدور على الأبيض. أي نقلة من نقلات الوزير هذه توقع الأسود في الجمود؟" },
      choices = {
        { id = "Qb6", text = { en = "Qb6", fa = "Qb6", ar = "Qb6" } },
        { id = "Qb7", text = { en = "Qb7#", fa = "Qb7#", ar = "Qb7#" } },
        { id = "Qa5", text = { en = "Qa5+", fa = "Qa5+", ar = "Qa5+" } },
      },
      answer = function(pos)
        for _, m in ipairs({ "Qb6", "Qb7", "Qa5" }) do
          if pos:play(m):status() == "stalemate" then return m end
        end
      end,
      explain = function(pos) return select(2, pos:play("Qb6"):explain_status()) end,
      success = { en = "Right: after Qb6 the king on a8 is not in check, yet a7, b7 and b8 are all attacked: stalemate. Qb7 is mate, Qa5+ only check.",
                  fa = "درست است: پس از Qb6 شاه a8 کیش نیست، اما a7، b7 و b8 همه زیر حمله‌اند: پات. Qb7 مات است و Qa5+ فقط کیش.",
                  ar = "صحيح: بعد Qb6 لا يكون الملك في a8 في كش، لكن a7 وb7 وb8 كلها مهاجَمة: جمود. أما Qb7 فكش مات، وQa5+ كش فقط." },
      tests = { right = { "Qb6", "qb6" }, wrong = { ["Qb7"] = "stalemate", ["Qh5"] = "unknown_choice" } },
    },
  },
}
