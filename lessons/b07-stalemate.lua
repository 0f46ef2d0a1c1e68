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
      success = { en = "Right: stalemate ends the game at once in a draw.", fa = "درست است: با پات بازی بی‌درنگ مساوی تمام می‌شود.",
                  ar = "صحيح: ينهي الجمود المباراة فورًا بالتعادل." },
      tests = { right = { "b", "B" }, wrong = { ["a"] = "wrong_answer", ["d"] = "unknown_choice" } },
    },
  },
}
