-- How a draw is claimed: the written move, the clock, the arbiter, the penalty (FIDE 9.2–9.5,
-- App. A.3). The engine judges every claim from the game's history.
local shuffle = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1" }
local played = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" }
-- the minutes the engine adds to the opponent's clock for a wrong claim (9.5.3, A.3)
local function penalty_minutes(game, event)
  for _, e in ipairs(game:outcome(event).explanations) do
    if e.code == "claim_penalty_time" or e.code == "claim_penalty_time_rapid" then return tostring(e.params.n) end
  end
  return "0"
end
return lesson {
  id = "claim-procedure",
  title = { en = "Claiming a draw: the procedure", fa = "روند ادعای تساوی", ar = "إجراءات المطالبة بالتعادل" },
  level = "advanced",
  tags = { "arbiter", "draw", "claim" },
  rules = { "9.2", "9.2.1", "9.2.2", "9.3", "9.4", "9.5", "9.5.1", "9.5.3", "A.3" },
  steps = {
    teach {
      moves = shuffle,
      text = { en = "Black is to move, and Ng8 would bring this position on the board for the third time. To claim, Black does not play Ng8: Black writes Ng8 on the scoresheet, declares to the arbiter the intention to make that move, and claims the draw (9.2.1). The clock is paused while the arbiter checks. A player who plays the move first, or touches a piece, loses the right to claim on that move (9.4).",
               fa = "نوبت سیاه است و Ng8 این وضعیت را برای سومین بار روی صفحه می‌آورد. برای ادعا، سیاه Ng8 را بازی نمی‌کند: آن را روی برگهٔ ثبت حرکات می‌نویسد، به داور اعلام می‌کند که قصد دارد این حرکت را انجام دهد و ادعای تساوی می‌کند (۹٫۲٫۱). تا داور بررسی کند، ساعت متوقف می‌شود. بازیکنی که اول حرکت را انجام دهد یا به مهره‌ای دست بزند، حق ادعا بر سر آن حرکت را از دست می‌دهد (۹٫۴).",
               ar = "الدور على الأسود، والنقلة Ng8 تُعيد هذا الوضع إلى الرقعة للمرة الثالثة. للمطالبة لا يلعب الأسود Ng8، بل يكتبها في ورقة التسجيل، ويُعلن للحكم نيّته أن يلعب هذه النقلة، ويطالب بالتعادل (9.2.1). وتُوقَف الساعة ريثما يتحقق الحكم. ومن يلعب النقلة أولًا أو يلمس قطعة يفقد حقّ المطالبة بتلك النقلة (9.4)." },
      diagram = { squares = { "f6", "g8" }, arrows = { { "f6", "g8" } } },
    },
    true_false {
      moves = shuffle,
      prompt = { en = "Black writes Ng8 on the scoresheet and claims threefold repetition. Is the claim correct?",
                 fa = "سیاه Ng8 را روی برگهٔ ثبت حرکات می‌نویسد و ادعای تکرار سه‌باره می‌کند. آیا ادعا درست است؟",
                 ar = "يكتب الأسود Ng8 في ورقة التسجيل ويطالب بالتعادل بالتكرار الثلاثي. هل المطالبة صحيحة؟" },
      answer = function(pos, game) return game:claim("threefold", "Ng8").claim_valid end,
      explain = function(pos, game) return game:claim("threefold", "Ng8").explanations end,
      success = { en = "Right: after Ng8 the same position, with the same player to move and the same rights, stands for the third time.",
                  fa = "درست است: پس از Ng8 همان وضعیت، با همان نوبت و همان حق‌ها، برای سومین بار پدید می‌آید.",
                  ar = "صحيح: بعد Ng8 يتكرر الوضع نفسه، بالدور نفسه والحقوق نفسها، للمرة الثالثة." },
      tests = { right = { "true" }, wrong = { ["false"] = "threefold_with_move" } },
    },
    true_false {
      moves = shuffle,
      prompt = { en = "Black writes Nc6 instead and claims threefold repetition. Is the claim correct?",
                 fa = "این بار سیاه Nc6 را می‌نویسد و ادعای تکرار سه‌باره می‌کند. آیا ادعا درست است؟",
                 ar = "يكتب الأسود هذه المرة Nc6 ويطالب بالتعادل بالتكرار الثلاثي. هل المطالبة صحيحة؟" },
      answer = function(pos, game) return game:claim("threefold", "Nc6").claim_valid end,
      explain = function(pos, game) return game:claim("threefold", "Nc6").explanations end,
      success = { en = "Right: the position after Nc6 has never stood on the board, so the claim is wrong and the written move Nc6 must be played (9.5.3).",
                  fa = "درست است: وضعیتِ پس از Nc6 هرگز روی صفحه نبوده است، پس ادعا نادرست است و حرکت نوشته‌شده، Nc6، باید انجام شود (۹٫۵٫۳).",
                  ar = "صحيح: الوضع بعد Nc6 لم يظهر على الرقعة قط، فالمطالبة خاطئة، ويجب أن تُلعب النقلة المكتوبة Nc6 (9.5.3)." },
      tests = { right = { "false" }, wrong = { ["true"] = "threefold_wrong_with_move" } },
    },
    choice {
      moves = shuffle,
      prompt = { en = "A standard game: Black's claim with the written move Nc6 is wrong. How many minutes does the arbiter add to White's clock?",
                 fa = "بازی کلاسیک: ادعای سیاه با حرکت نوشته‌شدهٔ Nc6 نادرست است. داور چند دقیقه به ساعت سفید اضافه می‌کند؟",
                 ar = "مباراة كلاسيكية: مطالبة الأسود بالنقلة المكتوبة Nc6 خاطئة. كم دقيقة يضيف الحكم إلى ساعة الأبيض؟" },
      choices = {
        { id = "1", text = { en = "One minute", fa = "یک دقیقه", ar = "دقيقة واحدة" } },
        { id = "2", text = { en = "Two minutes", fa = "دو دقیقه", ar = "دقيقتان" } },
        { id = "0", text = { en = "None: a wrong claim costs nothing", fa = "هیچ: ادعای نادرست هزینه‌ای ندارد", ar = "لا شيء: المطالبة الخاطئة بلا ثمن" } },
      },
      answer = function(pos, game) return penalty_minutes(game, { claim = "threefold", with_move = "Nc6" }) end,
      explain = function(pos, game) return game:outcome({ claim = "threefold", with_move = "Nc6" }).explanations end,
      success = { en = "Right: in a standard game a wrong claim gives the opponent two extra minutes (9.5.3), so that claiming is never a free pause.",
                  fa = "درست است: در بازی کلاسیک ادعای نادرست دو دقیقه وقت اضافه به حریف می‌دهد (۹٫۵٫۳)، تا ادعا کردن هرگز وقفه‌ای رایگان نباشد.",
                  ar = "صحيح: في المباراة الكلاسيكية تمنح المطالبة الخاطئة الخصم دقيقتين إضافيتين (9.5.3)، حتى لا تصبح المطالبة استراحة بلا ثمن." },
      tests = { right = { "2" }, wrong = { ["1"] = "claim_penalty_time", ["0"] = "claim_penalty_time" } },
    },
    teach {
      moves = shuffle,
      diagram = { squares = { "c6" }, arrows = { { "b8", "c6" } } },
      text = { en = "If the claim is wrong, the arbiter adds two minutes to the opponent's remaining time (9.5.3) — one minute in rapid and blitz (App. A.3) — and the game continues with the written move, which must be played.",
               fa = "اگر ادعا نادرست باشد، داور دو دقیقه به وقت باقی‌ماندهٔ حریف اضافه می‌کند (۹٫۵٫۳) — در بازی‌های سریع و برق‌آسا یک دقیقه (پیوست A.3) — و بازی با حرکت نوشته‌شده ادامه می‌یابد که باید انجام شود.",
               ar = "إن كانت المطالبة خاطئة، يضيف الحكم دقيقتين إلى الوقت المتبقي للخصم (9.5.3) — ودقيقة واحدة في الشطرنج السريع والخاطف (الملحق A.3) — وتستمر المباراة بالنقلة المكتوبة التي يجب أن تُلعب." },
    },
    choice {
      moves = shuffle,
      prompt = { en = "In a rapid game, Black's claim with the written move Nc6 is wrong. What does the arbiter do?",
                 fa = "در یک بازی سریع، ادعای سیاه با حرکت نوشته‌شدهٔ Nc6 نادرست است. داور چه می‌کند؟",
                 ar = "في مباراة سريعة، مطالبة الأسود بالنقلة المكتوبة Nc6 خاطئة. ماذا يفعل الحكم؟" },
      choices = {
        { id = "a", text = { en = "Adds one minute to White's time; Black must play Nc6", fa = "یک دقیقه به وقت سفید می‌افزاید؛ سیاه باید Nc6 را بازی کند",
                             ar = "يضيف دقيقة إلى وقت الأبيض، ويجب على الأسود أن يلعب Nc6" } },
        { id = "b", text = { en = "Adds two minutes to White's time; Black may play any move", fa = "دو دقیقه به وقت سفید می‌افزاید؛ سیاه هر حرکتی می‌تواند بکند",
                             ar = "يضيف دقيقتين إلى وقت الأبيض، ويجوز للأسود أن يلعب أي نقلة" } },
        { id = "c", text = { en = "Declares the game lost for Black", fa = "بازی را باخت سیاه اعلام می‌کند", ar = "يعلن خسارة الأسود" } },
      },
      answer = function(pos, game)
        local o = game:outcome({ claim = "threefold", with_move = "Nc6", time_control = "rapid" })
        return o.result == "*" and "a" or "c"
      end,
      explain = function(pos, game)
        return game:outcome({ claim = "threefold", with_move = "Nc6", time_control = "rapid" }).explanations
      end,
      success = { en = "Right: in rapid the penalty for a wrong claim is one minute for the opponent (A.3), and the written move stands (9.5.3).",
                  fa = "درست است: در بازی سریع جریمهٔ ادعای نادرست یک دقیقه به سود حریف است (A.3) و حرکت نوشته‌شده باید انجام شود (۹٫۵٫۳).",
                  ar = "صحيح: في الشطرنج السريع عقوبة المطالبة الخاطئة دقيقة تُضاف إلى وقت الخصم (A.3)، وتبقى النقلة المكتوبة مُلزِمة (9.5.3)." },
      tests = { right = { "a" }, wrong = { ["b"] = "claim_penalty_time_rapid", ["c"] = "claim_move_must_be_played" } },
    },
    true_false {
      moves = shuffle,
      prompt = { en = "Black plays Ng8 on the board, presses the clock, and only then claims threefold repetition. May the arbiter still grant this claim?",
                 fa = "سیاه Ng8 را روی صفحه بازی می‌کند، ساعت را می‌زند و تازه آن‌وقت ادعای تکرار سه‌باره می‌کند. آیا داور هنوز می‌تواند این ادعا را بپذیرد؟",
                 ar = "يلعب الأسود Ng8 على الرقعة ويضغط الساعة، ثم يطالب بالتعادل بالتكرار الثلاثي. هل ما زال يجوز للحكم قبول هذه المطالبة؟" },
      answer = false,
      wrong = { en = "A claim with the repeating move must be made before that move is played: Black writes Ng8 and claims without playing it. Once Black has played it and pressed the clock, it is White's move, and only White may claim now (9.2.1, 9.2.2).",
                fa = "ادعا با حرکتِ تکراری باید پیش از انجام آن حرکت باشد: سیاه Ng8 را می‌نویسد و بی‌آنکه بازی کند ادعا می‌کند. وقتی سیاه آن را بازی کرد و ساعت را زد، نوبت سفید است و اکنون فقط سفید می‌تواند ادعا کند (۹٫۲٫۱، ۹٫۲٫۲).",
                ar = "يجب أن تكون المطالبة بالنقلة المكرِّرة قبل لعبها: يكتب الأسود Ng8 ويطالب دون أن يلعبها. فإذا لعبها وضغط الساعة صار الدور على الأبيض، ولا يطالب الآن إلا الأبيض (9.2.1، 9.2.2)." },
      success = { en = "Right: after pressing the clock it is White's move; Black has lost this claim (9.4) — White, on the move, may now claim instead.",
                  fa = "درست است: پس از زدن ساعت نوبت سفید است و سیاه این ادعا را از دست داده است (۹٫۴)؛ اکنون سفید، که نوبت اوست، می‌تواند ادعا کند.",
                  ar = "صحيح: بعد ضغط الساعة صار الدور على الأبيض، وفقد الأسود هذه المطالبة (9.4)؛ أما الأبيض، صاحب الدور، فيجوز له الآن أن يطالب." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    true_false {
      moves = played,
      prompt = { en = "Black has played Ng8 and pressed the clock. White is to move in a position that now stands for the third time. May White claim the draw?",
                 fa = "سیاه Ng8 را بازی کرده و ساعت را زده است. نوبت سفید است و این وضعیت اکنون برای سومین بار روی صفحه است. آیا سفید می‌تواند ادعای تساوی کند؟",
                 ar = "لعب الأسود Ng8 وضغط الساعة. الدور على الأبيض في وضع يظهر الآن للمرة الثالثة. هل يجوز للأبيض المطالبة بالتعادل؟" },
      answer = function(pos, game) return game:claim("threefold").claim_valid end,
      explain = function(pos, game) return game:claim("threefold").explanations end,
      success = { en = "Right: the right to claim belongs to the player on the move. The position is on the board for the third time with White to move, so White may claim at once, before touching a piece (9.2.2).",
                  fa = "درست است: حق ادعا از آنِ بازیکنی است که نوبت اوست. این وضعیت با نوبت سفید برای سومین بار روی صفحه است، پس سفید می‌تواند بی‌درنگ و پیش از دست زدن به مهره‌ای ادعا کند (۹٫۲٫۲).",
                  ar = "صحيح: حقّ المطالبة للاعب صاحب الدور. فالوضع على الرقعة للمرة الثالثة والدور على الأبيض، فيجوز له أن يطالب فورًا قبل أن يلمس أي قطعة (9.2.2)." },
      tests = { right = { "true" }, wrong = { ["false"] = "threefold_now" } },
    },
    true_false {
      moves = played,
      prompt = { en = "Same position. White first touches the knight on g1, then stops and claims the draw. Does White still have the right to claim on this move?",
                 fa = "همان وضعیت. سفید اول به اسب g1 دست می‌زند، سپس دست نگه می‌دارد و ادعای تساوی می‌کند. آیا سفید هنوز در این حرکت حق ادعا دارد؟",
                 ar = "الوضع نفسه. يلمس الأبيض أولًا الحصان في g1، ثم يتوقف ويطالب بالتعادل. هل ما زال للأبيض حقّ المطالبة في هذه النقلة؟" },
      answer = false,
      wrong = { en = "Touching a piece with the intention of moving it costs the right to claim a draw on that move (9.4): White must now move the knight; the right comes back on the next move.",
                fa = "لمس کردن مهره‌ای به قصد حرکت دادنش، حق ادعای تساوی را برای همان حرکت از بین می‌برد (۹٫۴): اکنون سفید باید اسب را حرکت دهد؛ حق ادعا در حرکت بعدی برمی‌گردد.",
                ar = "لمس قطعة بنيّة تحريكها يُفقد حقّ المطالبة بالتعادل في تلك النقلة (9.4): فيجب على الأبيض الآن تحريك الحصان؛ ويعود الحق في النقلة التالية." },
      success = { en = "Right: a player who touches a piece without having claimed loses the right to claim on that move (9.4); White must now move the knight, and may claim again on a later move if the conditions hold.",
                  fa = "درست است: بازیکنی که پیش از ادعا به مهره‌ای دست بزند، حق ادعا در آن حرکت را از دست می‌دهد (۹٫۴)؛ اکنون سفید باید اسب را حرکت دهد و اگر شرایط فراهم باشد، در حرکت‌های بعدی می‌تواند دوباره ادعا کند.",
                  ar = "صحيح: من يلمس قطعة قبل أن يطالب يفقد حقّ المطالبة في تلك النقلة (9.4)؛ ويجب على الأبيض الآن أن يحرّك الحصان، ويجوز له أن يطالب في نقلة لاحقة إن توفرت الشروط." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
  },
}
