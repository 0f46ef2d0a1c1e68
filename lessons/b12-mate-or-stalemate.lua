-- Mate or stalemate? (FIDE 5.1.1, 5.2.1): the engine tells which, and why.
local PLAY_ON = { en = "Neither: Black has at least one legal move, so this is not stalemate, and it is not checkmate either. The game goes on.",
                  fa = "هیچ‌کدام: سیاه دست‌کم یک حرکت قانونی دارد، پس این پات نیست و مات هم نیست. بازی ادامه دارد.",
                  ar = "لا هذا ولا ذاك: للأسود نقلة قانونية واحدة على الأقل، فليس هذا جمودًا وليس كش مات. المباراة مستمرة." }
local function status_step(fen, expected, succ)
  return choice {
    fen = fen,
    prompt = { en = "Black is to move. What is this position?", fa = "نوبت سیاه است. این وضعیت چیست؟", ar = "الدور على الأسود. ما هذا الوضع؟" },
    choices = {
      { id = "mate", text = { en = "Checkmate: White has won", fa = "مات: سفید برده است", ar = "كش مات: فاز الأبيض" } },
      { id = "stalemate", text = { en = "Stalemate: a draw", fa = "پات: مساوی", ar = "جمود (بات): تعادل" } },
      { id = "play", text = { en = "The game goes on", fa = "بازی ادامه دارد", ar = "المباراة مستمرة" } },
    },
    answer = function(pos)
      local s = pos:status()
      return s == "checkmate" and "mate" or s == "stalemate" and "stalemate" or "play"
    end,
    explain = function(pos) return select(2, pos:explain_status()) end,
    -- the engine explains mate and stalemate; a game that goes on is said plainly
    wrong = arbiter.position(fen):status() == "ongoing" and PLAY_ON or nil,
    success = succ,
    tests = { right = { expected }, wrong = { [expected == "play" and "mate" or "play"] = "wrong_answer" } },
  }
end
return lesson {
  id = "mate-or-stalemate",
  title = { en = "Checkmate or stalemate?", fa = "مات یا پات؟", ar = "كش مات أم جمود؟" },
  level = "beginner",
  tags = { "checkmate", "stalemate" },
  rules = { "5.1.1", "5.2.1" },
  steps = {
    teach {
      fen = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
      text = { en = "Both checkmate and stalemate leave the player to move without a legal move. The difference is check: a king in check with no way out is checkmated and loses (5.1.1); a king not in check whose side has no legal move is stalemated, and the game is drawn (5.2.1). Here the black king on a8 is not in check and cannot move: stalemate.",
               fa = "هم در مات و هم در پات، بازیکنی که نوبت اوست هیچ حرکت قانونی ندارد. فرق در کیش است: شاهی که کیش است و راه فراری ندارد مات شده و می‌بازد (۵٫۱٫۱)؛ اگر شاه کیش نباشد و طرفش هیچ حرکت قانونی نداشته باشد، پات است و بازی مساوی می‌شود (۵٫۲٫۱). اینجا شاه سیاه در a8 کیش نیست و نمی‌تواند حرکت کند: پات.",
               ar = "في كش مات وفي الجمود كليهما لا يملك صاحب الدور أي نقلة قانونية. والفرق هو الكش: الملك الذي في كش ولا مخرج له مُمات ويخسر (5.1.1)؛ أما إذا لم يكن الملك في كش ولم تكن لصاحبه نقلة قانونية فهو الجمود، وتنتهي المباراة بالتعادل (5.2.1). هنا الملك الأسود في a8 ليس في كش ولا يستطيع الحركة: جمود." },
      diagram = { squares = { "a8", "a7", "b8", "b7" }, arrows = {} },
    },
    status_step("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "stalemate",
      { en = "Right: not in check, no legal move — stalemate, a draw.", fa = "درست است: کیش نیست و حرکت قانونی ندارد؛ پات و مساوی.",
        ar = "صحيح: ليس في كش ولا نقلة قانونية له — جمود وتعادل." }),
    status_step("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "mate",
      { en = "Right: the queen on b7 checks, it is protected by the king, and the black king has no square — checkmate.", fa = "درست است: وزیر b7 کیش می‌دهد، شاه سفید از آن پشتیبانی می‌کند و شاه سیاه خانه‌ای ندارد؛ مات.",
        ar = "صحيح: الوزير في b7 يعطي كشًّا ويحميه الملك، ولا مربع للملك الأسود — كش مات." }),
    status_step("k7/8/1K6/8/8/8/8/2Q5 b - - 0 1", "play",
      { en = "Right: the black king is not in check and can still move to b8, so the game goes on.", fa = "درست است: شاه سیاه کیش نیست و هنوز می‌تواند به b8 برود، پس بازی ادامه دارد.",
        ar = "صحيح: الملك الأسود ليس في كش وما زال يستطيع الذهاب إلى b8، فتستمر المباراة." }),
    status_step("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate",
      { en = "Right: the queen on f7 takes g7, g8 and h7 away without giving check — stalemate.", fa = "درست است: وزیر f7 خانه‌های g7، g8 و h7 را می‌گیرد بی‌آنکه کیش بدهد؛ پات.",
        ar = "صحيح: الوزير في f7 يحرم الملك من g7 وg8 وh7 دون أن يعطي كشًّا — جمود." }),
    status_step("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "mate",
      { en = "Right: the queen on g7 checks, the king protects her, and h8 has no way out — checkmate.", fa = "درست است: وزیر g7 کیش می‌دهد، شاه از او پشتیبانی می‌کند و شاه h8 راه فراری ندارد؛ مات.",
        ar = "صحيح: الوزير في g7 يعطي كشًّا ويحميه الملك، ولا مخرج للملك في h8 — كش مات." }),
    status_step("k7/8/K7/8/8/8/8/1R6 b - - 0 1", "stalemate",
      { en = "Right: the rook holds the b-file and the white king covers a7 and b7, yet nothing checks a8 — stalemate.",
        fa = "درست است: رخ ستون b را گرفته و شاه سفید a7 و b7 را، اما هیچ مهره‌ای به a8 کیش نمی‌دهد؛ پات.",
        ar = "صحيح: يمسك الرخ العمود b ويحرس الملك الأبيض a7 وb7، لكن لا شيء يكشّ a8 — جمود." }),
  },
}
