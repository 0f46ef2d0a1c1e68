-- Threefold and fivefold repetition (FIDE 9.2, 9.6.1). The positions are built from real
-- moves, so the engine counts the repetitions and judges the claim.
local dance = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" }
return lesson {
  id = "repetition",
  title = { en = "Threefold and fivefold repetition", fa = "تکرار سه‌باره و پنج‌باره", ar = "تكرار الوضع ثلاث وخمس مرات" },
  level = "intermediate",
  tags = { "draw", "repetition" },
  rules = { "9.2", "9.2.1", "9.2.2", "9.6.1" },
  steps = {
    choice {
      moves = dance,
      prompt = { en = "Both sides played Nf3 Nf6 Ng1 Ng8 twice. How many times has the current position occurred, counting the start?",
                 fa = "هر دو طرف دو بار Nf3 Nf6 Ng1 Ng8 بازی کردند. وضعیت فعلی، با احتساب آغاز بازی، چند بار پیش آمده است؟",
                 ar = "لعب الطرفان Nf3 Nf6 Ng1 Ng8 مرتين. كم مرة ظهر الوضع الحالي، مع احتساب بداية المباراة؟" },
      choices = {
        { id = "1", text = { en = "Once", fa = "یک بار", ar = "مرة واحدة" } },
        { id = "2", text = { en = "Twice", fa = "دو بار", ar = "مرتين" } },
        { id = "3", text = { en = "Three times", fa = "سه بار", ar = "ثلاث مرات" } },
      },
      answer = function(pos, game) return tostring(#game:occurrences()) end,
      tests = { right = { "3" }, wrong = { ["2"] = "wrong_answer", ["4"] = "unknown_choice" } },
    },
    true_false {
      moves = dance,
      prompt = { en = "White is to move in this position. May White claim a draw?",
                 fa = "در این وضعیت نوبت سفید است. آیا سفید می‌تواند ادعای تساوی کند؟",
                 ar = "الدور على الأبيض في هذا الوضع. هل يجوز للأبيض المطالبة بالتعادل؟" },
      answer = function(pos, game) return game:claim("threefold").claim_valid end,
      explain = function(pos, game) return game:claim("threefold").explanations end,
      success = { en = "Yes: the same position, same side to move, same possible moves, for the third time.",
                  fa = "بله: همان وضعیت، با همان نوبت و همان حرکت‌های ممکن، برای بار سوم.",
                  ar = "نعم: الوضع نفسه، بالدور نفسه والنقلات الممكنة نفسها، للمرة الثالثة." },
      tests = { right = { "true" }, wrong = { ["false"] = "threefold_now" } },
    },
    choice {
      prompt = { en = "What happens when the same position appears for the fifth time?",
                 fa = "وقتی همان وضعیت برای بار پنجم پیش بیاید چه می‌شود؟",
                 ar = "ماذا يحدث عندما يظهر الوضع نفسه للمرة الخامسة؟" },
      choices = {
        { id = "a", text = { en = "The game is drawn at once, without a claim", fa = "بازی بی‌درنگ و بدون ادعا مساوی می‌شود",
                             ar = "تنتهي المباراة بالتعادل فورًا دون مطالبة" } },
        { id = "b", text = { en = "A player must claim the draw", fa = "یکی از بازیکنان باید ادعای تساوی کند",
                             ar = "يجب أن يطالب أحد اللاعبين بالتعادل" } },
        { id = "c", text = { en = "Nothing: play goes on", fa = "هیچ: بازی ادامه می‌یابد", ar = "لا شيء: يستمر اللعب" } },
      },
      answer = "a",
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
    true_false {
      fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      moves = { "Ke2", "Ke7", "Ke1", "Ke8" },
      prompt = { en = "The pieces stand where they stood four moves ago, but both kings have moved. Is it the same position as the start, for repetition?",
                 fa = "مهره‌ها همان جایی هستند که چهار حرکت پیش بودند، اما هر دو شاه حرکت کرده‌اند. آیا از نظر تکرار، این همان وضعیت آغازین است؟",
                 ar = "القطع في أماكنها قبل أربع نقلات، لكن الملكين تحركا. هل هذا هو الوضع الابتدائي نفسه من حيث التكرار؟" },
      answer = function(pos, game) return #game:occurrences() > 1 end,
      success = { en = "Right: castling rights were lost, so the possible moves differ.",
                  fa = "درست است: حق قلعه از دست رفته، پس حرکت‌های ممکن فرق دارند.",
                  ar = "صحيح: ضاعت حقوق التبييت، فاختلفت النقلات الممكنة." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
