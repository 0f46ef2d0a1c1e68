-- The stalemating defence, with a judge of its own: Black has no king move left, so a rook that
-- gives check and is taken leaves Black stalemated. The judge asks the engine whether the move
-- checks and whether taking the rook stalemates.
local P = puzzlelib

local MSG = {
  no_check = { en = "{found} gives no check: White simply ignores the rook and wins.",
    fa = "{found} کیش نمی‌دهد: سفید رخ را نادیده می‌گیرد و می‌برد.",
    ar = "{found} لا تكشّ: يتجاهل الأبيض الرخ ويفوز." },
  no_capture = { en = "After {found} White cannot take the rook, so nothing forces the stalemate.",
    fa = "پس از {found} سفید نمی‌تواند رخ را بزند، پس هیچ چیز پات را اجباری نمی‌کند.",
    ar = "بعد {found} لا يستطيع الأبيض أخذ الرخ، فلا شيء يفرض الجمود." },
}

return puzzle {
  id = "stalemate-06-desperado",
  kind = "stalemate",
  goal = "stalemate",
  fen = "k7/8/1Q6/8/8/8/7r/6K1 b - - 0 1",
  prompt = { en = "Black to move is lost — unless the rook can force a stalemate. Find the rook's check that White must take.",
    fa = "سیاه در حال باختن است، مگر آن‌که رخ بتواند پات را اجباری کند. کیشی از رخ را پیدا کنید که سفید باید آن را بزند.",
    ar = "الأسود الذي عليه الدور خاسر، إلا إن استطاع الرخ أن يفرض الجمود. جد كش الرخ الذي يجب على الأبيض أن يأخذه." },
  hints = {
    { en = "The black king has no legal move. If the rook disappears, what is left for Black?",
      fa = "شاه سیاه هیچ حرکت قانونی ندارد. اگر رخ از صفحه برود، برای سیاه چه می‌ماند؟",
      ar = "لا نقلة قانونية للملك الأسود. إن اختفى الرخ، فماذا يبقى للأسود؟" },
  },
  success = { en = "The rook checks next to the white king: White must take it, and then Black, not in check, has no legal move — stalemate, a draw.",
    fa = "رخ کنار شاه سفید کیش می‌دهد: سفید باید آن را بزند، و آن‌گاه سیاه که در کیش نیست هیچ حرکت قانونی ندارد: پات و مساوی.",
    ar = "يكشّ الرخ بجوار الملك الأبيض: على الأبيض أن يأخذه، وعندئذ لا نقلة قانونية للأسود وهو ليس في وضع كش: جمود وتعادل." },
  judge = function(ctx, answer, lang)
    local m, why = P.read_move(ctx.pos, answer)
    if not m then return { correct = false, explanations = why } end
    local after = ctx.pos:play(m)
    if not after:in_check() then
      return { correct = false, explanations = { P.note("desperado_no_check", MSG.no_check, lang, { found = m.san }) } }
    end
    for _, reply in ipairs(after:legal_moves()) do
      if reply.to == m.to then -- White takes the rook: the engine says whether Black is stalemated
        local state, swhy = after:play(reply):explain_status()
        if state == "stalemate" then return { correct = true, explanations = swhy } end
      end
    end
    return { correct = false, explanations = { P.note("desperado_no_capture", MSG.no_capture, lang, { found = m.san }) } }
  end,
  answer = "Rh1+",
  wrong = { ["Rh7"] = "desperado_no_check", ["Rb2"] = "desperado_no_check", ["Ka7"] = "leaves_king_in_check" },
  source = "constructed for Arbiter",
}
