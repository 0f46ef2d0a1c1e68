-- Flag-fall traps: the lone minor piece that wins on time, because a mate is still possible
-- by some series of legal moves (FIDE 6.9). The engine decides who can still mate.
local function on_flag(color)
  return function(pos, game)
    local r = game:outcome({ flag = color }).result
    return r == "1/2-1/2" and "draw" or r
  end
end
local function why_flag(color)
  return function(pos, game) return game:outcome({ flag = color }).explanations end
end
-- after a move that is not mate, say what it did (check only, or stalemate and why)
local function what_it_did(pos, game, step, ctx) return select(2, ctx.after:explain_status()) end
local results = {
  { id = "1-0", text = { en = "White wins", fa = "سفید می‌برد", ar = "يفوز الأبيض" } },
  { id = "0-1", text = { en = "Black wins", fa = "سیاه می‌برد", ar = "يفوز الأسود" } },
  { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } },
}
return lesson {
  id = "flag-fall-traps",
  title = { en = "Flag fall: when a lone minor piece wins", fa = "تمام شدن وقت: وقتی یک مهرهٔ سبک تنها می‌برد",
            ar = "نفاد الوقت: حين تفوز قطعة خفيفة وحيدة" },
  level = "advanced",
  tags = { "arbiter", "time" },
  rules = { "6.9", "5.2.2" },
  steps = {
    teach {
      fen = "6rk/5N2/7K/8/8/8/8/8 b - - 0 1",
      text = { en = "When a flag falls, the player loses — unless the opponent cannot checkmate by any series of legal moves, even with the worst play (6.9). It is not about who is better: a knight alone against a rook can still mate, because the rook may block its own king. Here the black king on h8, walled in by its own rook on g8 and with the white king on h6 guarding g7 and h7, is mated by the knight on f7. So if the side with the rook runs out of time, the side with the knight wins.",
               fa = "وقتی پرچم می‌افتد، آن بازیکن می‌بازد، مگر اینکه حریف با هیچ رشته‌ای از حرکت‌های قانونی، حتی با بدترین بازی طرف مقابل، نتواند مات کند (۶٫۹). مسئله این نیست که چه کسی بهتر است: یک اسب تنها در برابر رخ هم می‌تواند مات کند، چون رخ ممکن است راه شاه خودش را ببندد. اینجا شاه سیاه در h8 که رخ خودش در g8 راهش را بسته و شاه سفید در h6 خانه‌های g7 و h7 را گرفته، با اسب f7 مات شده است. پس اگر وقت طرفِ دارای رخ تمام شود، طرفِ دارای اسب می‌برد.",
               ar = "حين يسقط العلم يخسر اللاعب، إلا إذا كان خصمه عاجزًا عن الإماتة بأي سلسلة من النقلات القانونية، ولو بأسوأ لعب من الطرف الآخر (6.9). وليست المسألة مسألة مَن هو الأفضل: فالحصان وحده أمام الرخ قادر على الإماتة، لأن الرخ قد يسدّ الطريق على ملكه. هنا الملك الأسود في h8، وقد حاصره رخّه في g8 ويحرس الملك الأبيض في h6 المربعين g7 وh7، مُمات بالحصان في f7. فإن انتهى وقت صاحب الرخ، فاز صاحب الحصان." },
      diagram = { squares = { "h8", "g8" }, arrows = { { "f7", "h8" } } },
    },
    move_task {
      fen = "6rk/8/7K/4N3/8/8/8/8 w - - 0 1",
      prompt = { en = "See it for yourself: with the black rook on g8, give checkmate with the knight.",
                 fa = "خودتان ببینید: با رخ سیاه در g8، با اسب مات کنید.",
                 ar = "انظر بنفسك: والرخ الأسود في g8، أَمِتْ بالحصان." },
      hints = { { en = "g8 is taken by Black's own rook; your king guards g7 and h7.", fa = "خانهٔ g8 را رخ خود سیاه گرفته است؛ شاه شما از g7 و h7 نگهبانی می‌کند.",
                  ar = "المربع g8 يشغله رخ الأسود نفسه، وملكك يحرس g7 وh7." } },
      expect = gives_checkmate(),
      explain = what_it_did,
      wrong = { en = "That is not checkmate: the black king or rook still has an answer.", fa = "این مات نیست: شاه یا رخ سیاه هنوز پاسخی دارد.",
                ar = "هذه ليست إماتة: ما زال لدى الملك الأسود أو رخّه ردّ." },
      success = { en = "Right: Nf7# — the king cannot go to g8, its own rook stands there, and nothing can take the knight. This is why a knight alone against a rook is not a draw on time.",
                  fa = "درست است: Nf7#؛ شاه نمی‌تواند به g8 برود چون رخ خودش آنجاست، و هیچ مهره‌ای نمی‌تواند اسب را بزند. برای همین اسب تنها در برابر رخ، با تمام شدن وقت، مساوی نیست.",
                  ar = "صحيح: Nf7#‏ — لا يستطيع الملك الذهاب إلى g8 لأن رخّه يقف فيه، ولا شيء يستطيع أخذ الحصان. ولهذا لا يكون الحصان وحده أمام الرخ تعادلًا عند نفاد الوقت." },
      tests = { right = { "Nf7#", "e5f7" }, wrong = { ["Ng6+"] = "check", ["Nc6"] = "deviation" } },
    },
    choice {
      fen = "k7/8/8/8/8/8/r7/4K1N1 b - - 0 1",
      prompt = { en = "Black has king and rook, White king and knight. Black's flag falls. What is the result?",
                 fa = "سیاه شاه و رخ دارد و سفید شاه و اسب. پرچم سیاه می‌افتد. نتیجه چیست؟",
                 ar = "للأسود ملك ورخ، وللأبيض ملك وحصان. سقط علم الأسود. ما النتيجة؟" },
      choices = results,
      answer = on_flag("black"),
      explain = why_flag("black"),
      success = { en = "Right: the knight can mate with the rook's help (a self-block), so Black loses on time.",
                  fa = "درست است: اسب با کمک رخ (بسته شدن راه شاه به دست مهرهٔ خودی) می‌تواند مات کند، پس سیاه با تمام شدن وقت می‌بازد.",
                  ar = "صحيح: الحصان قادر على الإماتة بمساعدة الرخ (حين يسدّ الرخ طريق ملكه)، فيخسر الأسود بسبب نفاد وقته." },
      tests = { right = { "1-0" }, wrong = { ["draw"] = "time_forfeit", ["0-1"] = "can_mate" } },
    },
    choice {
      fen = "k7/8/8/8/8/8/r7/4K1N1 w - - 0 1",
      prompt = { en = "Same material, but White's flag falls. What is the result?", fa = "همان مهره‌ها، اما پرچم سفید می‌افتد. نتیجه چیست؟",
                 ar = "القطع نفسها، لكن علم الأبيض هو الذي سقط. ما النتيجة؟" },
      choices = results,
      answer = on_flag("white"),
      explain = why_flag("white"),
      success = { en = "Right: the rook can certainly mate, so White loses on time.", fa = "درست است: رخ بی‌گمان می‌تواند مات کند، پس سفید با تمام شدن وقت می‌بازد.",
                  ar = "صحيح: الرخ قادر على الإماتة بلا شك، فيخسر الأبيض بسبب نفاد وقته." },
      tests = { right = { "0-1" }, wrong = { ["draw"] = "time_forfeit" } },
    },
    teach {
      fen = "8/8/8/8/8/8/5KBp/7k b - - 0 1",
      text = { en = "The same with a bishop against a pawn: the black king on h1 is shut in by its own pawn on h2, and the bishop gives mate. A bishop alone against a lone king, though, can never mate: then a flag fall is a draw.",
               fa = "همین حالت با فیل در برابر پیاده هم هست: شاه سیاه در h1 را پیادهٔ خودش در h2 محبوس کرده و فیل مات می‌کند. اما فیل تنها در برابر شاه تنها هرگز نمی‌تواند مات کند؛ آنجا تمام شدن وقت به تساوی می‌انجامد.",
               ar = "وكذلك الفيل أمام البيدق: الملك الأسود في h1 محصور ببيدقه في h2، فيُميته الفيل. أما الفيل وحده أمام ملك وحيد فلا يستطيع الإماتة أبدًا، وعندئذٍ يكون نفاد الوقت تعادلًا." },
      diagram = { squares = { "h1", "h2" }, arrows = { { "g2", "h1" } } },
    },
    move_task {
      fen = "8/8/8/8/8/8/5K1p/5B1k w - - 0 1",
      prompt = { en = "Give checkmate with the bishop — and beware of stalemate.", fa = "با فیل مات کنید و مراقب پات باشید.",
                 ar = "أَمِتْ بالفيل، واحذر الجمود." },
      expect = gives_checkmate(),
      explain = what_it_did,
      wrong = { en = "That is not checkmate.", fa = "این مات نیست.", ar = "هذه ليست إماتة." },
      success = { en = "Right: Bg2# — the black pawn on h2 takes its own king's last square, and your king guards g1 and the bishop.",
                  fa = "درست است: Bg2#؛ پیادهٔ سیاه در h2 آخرین خانهٔ شاه خودش را گرفته و شاه شما از g1 و از فیل نگهبانی می‌کند.",
                  ar = "صحيح: Bg2#‏ — بيدق الأسود في h2 يشغل آخر مربع لملكه، وملكك يحرس g1 والفيل." },
      tests = { right = { "Bg2#", "f1g2" }, wrong = { ["Bd3"] = "stalemate", ["Ke2"] = "deviation" } },
    },
    choice {
      fen = "8/8/8/8/8/8/4K2p/B6k b - - 0 1",
      prompt = { en = "Black has king and pawn, White king and bishop. Black's flag falls. What is the result?",
                 fa = "سیاه شاه و پیاده دارد و سفید شاه و فیل. پرچم سیاه می‌افتد. نتیجه چیست؟",
                 ar = "للأسود ملك وبيدق، وللأبيض ملك وفيل. سقط علم الأسود. ما النتيجة؟" },
      choices = results,
      answer = on_flag("black"),
      explain = why_flag("black"),
      success = { en = "Right: a mate exists, so White wins on time (6.9). Not with the pawn on h2 as before: this bishop runs on the dark squares, and h1 is light. But the pawn may promote, and the new piece can then block its own king while the bishop gives mate, as the engine's line shows.",
                  fa = "درست است: ماتی وجود دارد، پس سفید به سبب تمام شدن وقت حریف می‌برد (۶٫۹). نه با پیاده در h2 مثل مرحلهٔ پیش: این فیل روی خانه‌های تیره حرکت می‌کند و h1 روشن است. اما پیاده می‌تواند ارتقا یابد و مهرهٔ تازه راه شاه خودش را ببندد تا فیل مات کند، همان‌طور که خط موتور نشان می‌دهد.",
                  ar = "صحيح: الإماتة ممكنة، فيفوز الأبيض بنفاد وقت الأسود (6.9). لا بالبيدق في h2 كما في الخطوة السابقة، فهذا الفيل يسير على المربعات الداكنة وh1 مربع فاتح؛ لكن البيدق قد يترقّى، فتسدّ القطعة الجديدة طريق ملكها بينما يُميت الفيل، كما يبيّن خط المحرك." },
      tests = { right = { "1-0" }, wrong = { ["draw"] = "time_forfeit" } },
    },
    choice {
      fen = "8/8/8/8/8/8/4K3/B6k b - - 0 1",
      prompt = { en = "Black has a lone king, White king and bishop. Black's flag falls. What is the result?",
                 fa = "سیاه فقط شاه دارد و سفید شاه و فیل. پرچم سیاه می‌افتد. نتیجه چیست؟",
                 ar = "للأسود ملك وحيد، وللأبيض ملك وفيل. سقط علم الأسود. ما النتيجة؟" },
      choices = results,
      answer = on_flag("black"),
      explain = why_flag("black"),
      success = { en = "Right: king and bishop cannot mate a lone king by any series of moves, so it is a draw (in fact the position is already dead, 5.2.2).",
                  fa = "درست است: شاه و فیل با هیچ رشته‌ای از حرکت‌ها نمی‌توانند شاه تنها را مات کنند، پس بازی مساوی است (در واقع وضعیت از پیش مرده است، ۵٫۲٫۲).",
                  ar = "صحيح: لا يستطيع الملك والفيل إماتة ملك وحيد بأي سلسلة من النقلات، فالنتيجة تعادل (بل إن الوضع ميت أصلًا، 5.2.2)." },
      tests = { right = { "draw" }, wrong = { ["1-0"] = "material_lone_minor" } },
    },
    true_false {
      fen = "k7/8/8/8/8/8/r7/4K1N1 w - - 0 1",
      prompt = { en = "Can White, with only king and knight, still checkmate here by some series of legal moves?",
                 fa = "آیا سفید فقط با شاه و اسب، با رشته‌ای از حرکت‌های قانونی، هنوز می‌تواند اینجا مات کند؟",
                 ar = "هل يستطيع الأبيض، بالملك والحصان فقط، أن يُميت هنا بسلسلة ما من النقلات القانونية؟" },
      answer = function(pos) return pos:can_mate("white") end,
      -- the engine's mating line for the knight (6.9)
      explain = function(pos) return arbiter.unwinnable(pos, "white").explanations end,
      success = { en = "Right: the black rook can wall in its own king, so a knight mate remains possible — that is why 6.9 gives White the win if Black's flag falls.",
                  fa = "درست است: رخ سیاه می‌تواند راه شاه خودش را ببندد، پس مات با اسب ممکن می‌ماند؛ برای همین طبق ۶٫۹ اگر پرچم سیاه بیفتد سفید می‌برد.",
                  ar = "صحيح: قد يحاصر الرخ الأسود ملكه، فتبقى الإماتة بالحصان ممكنة؛ ولهذا يمنح البند 6.9 الفوز للأبيض إن سقط علم الأسود." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    choice {
      fen = "k7/8/8/8/8/8/8/1n2K1B1 b - - 0 1",
      prompt = { en = "White has king and bishop, Black king and knight. Black's flag falls. What is the result?",
                 fa = "سفید شاه و فیل دارد و سیاه شاه و اسب. وقت سیاه تمام می‌شود. نتیجه چیست؟",
                 ar = "للأبيض ملك وفيل، وللأسود ملك وحصان. سقط علم الأسود. ما النتيجة؟" },
      choices = results,
      answer = on_flag("black"),
      explain = why_flag("black"),
      success = { en = "Right: the black knight can block its own king in a corner, and the bishop then mates; so White wins on time, though K+B v K alone would be a draw.",
                  fa = "درست است: اسب سیاه می‌تواند در گوشه راه شاه خودش را ببندد و آن‌گاه فیل مات می‌کند؛ پس سفید به سبب تمام شدن وقت حریف می‌برد، هرچند شاه و فیل در برابر شاه تنها مساوی می‌بود.",
                  ar = "صحيح: يستطيع الحصان الأسود أن يسدّ الطريق على ملكه في الزاوية، ثم يُميت الفيل؛ فيفوز الأبيض بالوقت، مع أن الملك والفيل أمام ملك وحيد تعادل." },
      tests = { right = { "1-0" }, wrong = { ["draw"] = "time_forfeit" } },
    },
  },
}
