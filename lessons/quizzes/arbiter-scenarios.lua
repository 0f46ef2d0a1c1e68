-- Quiz (arbiter's track): the scenarios an arbiter meets at the board, one question each, from
-- the whole of the Laws: moving and touching (Art. 4), the clock (6), irregularities and illegal
-- moves (7), recording (8), draws and claims (5, 9), conduct and the arbiter (10-12), rapid and
-- blitz (A, B), visually disabled players (D), adjourned games (I) and quickplay finishes (III),
-- and Chess960 castling (II.3). Where a position decides (a flag, a resignation, a claim, a
-- penalty, the moves played, a sealed move) the engine gives the answer and its reasons;
-- elsewhere the scenario's own text says why. The lesson t12 shows a few; this bank holds them all (tests/quiz: at least 50,
-- every answer checked against a second table, no answer above 60% at any level).
local Q = quizlib


local RESULT = {
  { id = "white", text = { en = "White wins", fa = "سفید برنده است", ar = "الأبيض يفوز" } }, { id = "black", text = { en = "Black wins", fa = "سیاه برنده است", ar = "الأسود يفوز" } },
  { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } }, { id = "play_on", text = { en = "The game goes on", fa = "بازی ادامه می‌یابد", ar = "تستمر المباراة" } },
}
local PENALTY = {
  { id = "two_minutes", text = { en = "The game goes on; the opponent gets two extra minutes", fa = "بازی ادامه می‌یابد؛ حریف دو دقیقه وقت اضافه می‌گیرد", ar = "تستمر المباراة، ويُمنح الخصم دقيقتين إضافيتين" } },
  { id = "one_minute", text = { en = "The game goes on; the opponent gets one extra minute", fa = "بازی ادامه می‌یابد؛ حریف یک دقیقه وقت اضافه می‌گیرد", ar = "تستمر المباراة، ويُمنح الخصم دقيقة إضافية واحدة" } },
  { id = "loss", text = { en = "The player who moved illegally loses", fa = "بازیکنی که حرکت غیرقانونی کرد بازنده است", ar = "يخسر اللاعب الذي لعب النقلة غير القانونية" } },
  { id = "draw", text = { en = "Draw: the opponent cannot checkmate", fa = "مساوی: حریف نمی‌تواند مات کند", ar = "تعادل: الخصم لا يستطيع الإماتة" } },
  { id = "stands", text = { en = "The illegal move stands and the game goes on", fa = "حرکت غیرقانونی برقرار می‌ماند و بازی ادامه می‌یابد", ar = "تبقى النقلة غير القانونية وتستمر المباراة" } },
}
local CLAIM = {
  { id = "draw", text = { en = "The claim is correct: the game is drawn", fa = "ادعا درست است: بازی مساوی است", ar = "المطالبة صحيحة: المباراة تعادل" } },
  { id = "play_on", text = { en = "The claim is wrong: the game goes on", fa = "ادعا نادرست است: بازی ادامه می‌یابد", ar = "المطالبة غير صحيحة: تستمر المباراة" } },
}
local YES, NO = { id = "yes", text = { en = "Yes", fa = "بله", ar = "نعم" } }, { id = "no", text = { en = "No", fa = "نه", ar = "لا" } }
local YESNO = { YES, NO }
local AGREE = {
  { id = "draw", text = { en = "The game is drawn by agreement", fa = "بازی با توافق مساوی می‌شود", ar = "تنتهي المباراة بالتعادل بالاتفاق" } },
  { id = "play_on", text = { en = "The agreement is not valid: the game goes on", fa = "توافق معتبر نیست: بازی ادامه می‌یابد", ar = "الاتفاق غير صحيح: تستمر المباراة" } },
}
local REPEAT6 = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" }
local RUY6 = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5" }
local RUY11 = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O",
                "h3", "Nb8", "d4", "Nbd7", "Nbd2", "Bb7" }
local SEAL = { "e4", "e5", "Nf3", "Nc6", "d4", "exd4" }
local MIDDLE = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4"

local AS_ILLEGAL = { id = "illegal", text = { en = "As an illegal move, with its penalty", fa = "مانند حرکت غیرقانونی، با جریمهٔ آن", ar = "كنقلة غير قانونية، بعقوبتها" } }
-- Scenarios asked twice, on other moves (the moves decide the answer).
local function wrong_colours(id, level, moves)
  return { id = id, level = level, moves = moves,
    prompt = { en = "After {moves} the players notice that they have the wrong colours. What happens?", fa = "پس از {moves} بازیکنان می‌بینند که رنگ‌ها را اشتباه گرفته‌اند. چه می‌شود؟",
               ar = "بعد {moves} لاحظ اللاعبان أن الألوان معكوسة. ماذا يحدث؟" },
    choices = { { id = "new_game", text = { en = "A new game with the right colours", fa = "بازی تازه با رنگ‌های درست", ar = "مباراة جديدة بالألوان الصحيحة" } },
                { id = "continue", text = { en = "The game goes on as it is", fa = "بازی همان‌طور ادامه می‌یابد", ar = "تستمر المباراة كما هي" } } },
    fn = function(pos, game) return game:length() < 20 and "new_game" or "continue" end,
    why = { en = "With colours reversed, fewer than ten moves by each player means a new game with the right colours, and after ten moves or more the game goes on (7.3).",
            fa = "با رنگ‌های جابه‌جا، اگر هر بازیکن کمتر از ده حرکت انجام داده باشد بازی تازه‌ای با رنگ‌های درست انجام می‌شود؛ با ده حرکت یا بیشتر بازی ادامه می‌یابد (۷٫۳).",
            ar = "مع الألوان المعكوسة: إن لعب كل لاعب أقل من عشر نقلات لُعبت مباراة جديدة بالألوان الصحيحة، وإن لعب عشرًا أو أكثر استمرت المباراة (7.3)." } }
end
local function agreement(id, level, moves)
  return { id = id, level = level, moves = moves, event = { agree_draw = true },
    prompt = { en = "After {moves} the players agree a draw. Does it stand?", fa = "پس از {moves} بازیکنان بر تساوی توافق می‌کنند. آیا معتبر است؟",
               ar = "بعد {moves} اتفق اللاعبان على التعادل. هل يصح ذلك؟" },
    choices = AGREE }
end
-- The engine's answer to "may White castle queenside?" on a Chess960 board, with its reasons.
local function queenside_960(fen)
  return function()
    local m, why = arbiter.position(fen, "chess960"):explain("O-O-O")
    return m and "yes" or "no", why
  end
end

-- Every scenario: id, level, the board (fen, moves), prompt, choices, and its answer: a fixed
-- choice id with the text saying why (answer, why), or an engine question (event for the
-- game's outcome: flag, resign, claim with a written move, agree_draw, or nothing for what the
-- game already is; penalty for an illegal move's; fn for anything else).
local S = {
  -- Article 4: touching and moving
  { id = "touch-adjust-silent", level = "easy", fen = MIDDLE,
    prompt = { en = "It is White's move. White straightens the knight on f3 without saying anything first, and Black claims touch-move. What must White do?",
               fa = "نوبت سفید است. سفید بی‌آنکه اول چیزی بگوید اسب f3 را مرتب می‌کند و سیاه به قانون دست به مهره استناد می‌کند. سفید چه باید بکند؟",
               ar = "الدور على الأبيض. عدّل الأبيض وضع الحصان في f3 دون أن يقول شيئًا أولًا، فطالب الأسود بتطبيق قاعدة القطعة الملموسة. ماذا يجب على الأبيض؟" },
    choices = { { id = "move_it", text = { en = "Move the knight", fa = "اسب را حرکت دهد", ar = "أن يحرّك الحصان" } },
                { id = "nothing", text = { en = "Nothing: he was only adjusting", fa = "هیچ: فقط مهره را مرتب می‌کرد", ar = "لا شيء: كان يعدّل القطعة فقط" } },
                { id = "warning", text = { en = "Nothing, but he gets a warning", fa = "کاری لازم نیست، اما اخطار می‌گیرد", ar = "لا شيء، لكنه يُنذَر" } } },
    answer = "move_it",
    why = { en = "Adjusting is allowed only after saying so first, \"I adjust\" (4.2.1); any other deliberate touch binds, so White must move the knight, which can move (4.3.1).",
            fa = "مرتب کردن مهره فقط وقتی رواست که بازیکن اول بگوید «مرتب می‌کنم» (۴٫۲٫۱)؛ هر لمس عمدی دیگر تعهد می‌آورد، پس سفید باید اسب را که می‌تواند حرکت کند حرکت دهد (۴٫۳٫۱).",
            ar = "لا يُقبل تعديل القطع إلا بعد قول «أُعدِّل» أولًا (4.2.1)؛ وأي لمس متعمد آخر يُلزم، فعلى الأبيض أن يحرّك الحصان، وهو يستطيع الحركة (4.3.1)." } },
  { id = "touch-adjust-opponent-piece", level = "medium", backdrop = true,
    prompt = { en = "It is White's move. White says \"I adjust\" and straightens a black pawn. Is that allowed?",
               fa = "نوبت سفید است. سفید می‌گوید «مرتب می‌کنم» و یک پیادهٔ سیاه را مرتب می‌کند. آیا این کار درست است؟",
               ar = "الدور على الأبيض. قال الأبيض «أُعدِّل» وعدّل وضع بيدق أسود. هل يجوز ذلك؟" },
    choices = YESNO, answer = "yes",
    why = { en = "The player having the move may adjust one or more pieces on their squares, of either colour, having first said so (4.2.1).",
            fa = "بازیکنی که نوبت اوست، پس از اینکه اول بگوید، می‌تواند یک یا چند مهره را در خانه‌هایشان مرتب کند، از هر رنگی که باشند (۴٫۲٫۱).",
            ar = "يجوز للاعب الذي عليه الدور أن يعدّل قطعة أو أكثر في مربعاتها، من أي لون كانت، بعد أن يُعلن ذلك أولًا (4.2.1)." } },
  { id = "touch-adjust-not-on-move", level = "easy", fen = MIDDLE,
    prompt = { en = "It is White's move. Black says \"I adjust\" and straightens his own bishop. Is that allowed?",
               fa = "نوبت سفید است. سیاه می‌گوید «مرتب می‌کنم» و فیل خودش را مرتب می‌کند. آیا این کار درست است؟",
               ar = "الدور على الأبيض. قال الأسود «أُعدِّل» وعدّل وضع فيله. هل يجوز ذلك؟" },
    choices = YESNO, answer = "no",
    why = { en = "Only the player having the move may adjust pieces (4.2.1); Black must wait for his turn.",
            fa = "فقط بازیکنی که نوبت اوست می‌تواند مهره‌ها را مرتب کند (۴٫۲٫۱)؛ سیاه باید تا نوبت خودش صبر کند.",
            ar = "لا يعدّل القطع إلا اللاعب الذي عليه الدور (4.2.1)؛ فعلى الأسود أن ينتظر دوره." } },
  { id = "touch-released", level = "easy", fen = MIDDLE,
    prompt = { en = "White puts the bishop from f1 on b5 and lets go of it, then changes his mind and wants to put it on c4. May he?",
               fa = "سفید فیل f1 را در b5 می‌گذارد و رهایش می‌کند، سپس پشیمان می‌شود و می‌خواهد آن را در c4 بگذارد. آیا می‌تواند؟",
               ar = "وضع الأبيض الفيل من f1 في b5 وأفلته، ثم غيّر رأيه وأراد أن يضعه في c4. هل يجوز له ذلك؟" },
    choices = YESNO, answer = "no",
    why = { en = "A piece released on a square as a legal move cannot be moved to another square on this move (4.7).",
            fa = "مهره‌ای که در حرکتی قانونی در خانه‌ای رها شده، در همین حرکت دیگر به خانهٔ دیگری برده نمی‌شود (۴٫۷).",
            ar = "القطعة التي أُفلتت في مربع بنقلة قانونية لا يجوز نقلها إلى مربع آخر في هذه النقلة (4.7)." } },
  { id = "touch-claim-forfeited", level = "hard", fen = MIDDLE,
    prompt = { en = "White touched his knight with the intention of moving it, then moved the bishop instead. Black said nothing, touched his own pawn to move it, and only then claimed. Is Black's claim still valid?",
               fa = "سفید به قصد حرکت دادن اسبش به آن دست زد و به‌جایش فیل را حرکت داد. سیاه چیزی نگفت، برای حرکت دادن پیادهٔ خودش به آن دست زد و تازه پس از آن ادعا کرد. آیا ادعای سیاه هنوز معتبر است؟",
               ar = "لمس الأبيض حصانه بنيّة تحريكه ثم حرّك الفيل بدلًا منه. لم يقل الأسود شيئًا، ولمس بيدقه ليحرّكه، ثم طالب بعد ذلك. هل ما زالت مطالبة الأسود صحيحة؟" },
    choices = YESNO, answer = "no",
    why = { en = "A player loses the right to claim against the opponent's touch-move breach once he touches a piece himself with the intention of moving or capturing it (4.8).",
            fa = "بازیکنی که خودش به قصد حرکت دادن یا زدن به مهره‌ای دست بزند، حق ادعا دربارهٔ تخلف حریف از قانون دست به مهره را از دست می‌دهد (۴٫۸).",
            ar = "يفقد اللاعب حق المطالبة بمخالفة خصمه لقاعدة القطعة الملموسة متى لمس هو قطعة بنيّة تحريكها أو الأخذ بها (4.8)." } },
  { id = "touch-accidental", level = "medium", fen = MIDDLE,
    prompt = { en = "Reaching for the clock, White's sleeve clearly by accident brushes the queen on d1. Black claims that White must move the queen. Must he?",
               fa = "آستین سفید هنگام دراز کردن دست به سوی ساعت آشکارا ناخواسته به وزیر d1 می‌خورد. سیاه ادعا می‌کند سفید باید وزیر را حرکت دهد. آیا باید؟",
               ar = "احتكّ كمّ الأبيض بالوزير في d1 احتكاكًا عرضيًا واضحًا وهو يمدّ يده إلى الساعة. فطالب الأسود بأن يحرّك الأبيض الوزير. هل يجب عليه؟" },
    choices = YESNO, answer = "no",
    why = { en = "Clearly accidental contact does not count as intent (4.2.2), so touch-move does not apply.",
            fa = "تماسی که آشکارا ناخواسته باشد قصد به شمار نمی‌آید (۴٫۲٫۲)، پس قانون دست به مهره اجرا نمی‌شود.",
            ar = "الاحتكاك العرضي الواضح لا يُعدّ نيّة (4.2.2)، فلا تنطبق قاعدة القطعة الملموسة." } },
  { id = "touch-rook-then-king", level = "hard", fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
    prompt = { en = "White deliberately touches the rook on h1 first, then the king, and wants to castle kingside. What now?",
               fa = "سفید عمداً اول رخ h1 و سپس شاه را لمس می‌کند و می‌خواهد قلعهٔ کوچک برود. اکنون چه می‌شود؟",
               ar = "لمس الأبيض عمدًا الرخ في h1 أولًا ثم الملك، وأراد أن يبيّت تبييتًا قصيرًا. ماذا الآن؟" },
    choices = { { id = "castle", text = { en = "He castles kingside", fa = "قلعهٔ کوچک می‌رود", ar = "يبيّت تبييتًا قصيرًا" } },
                { id = "move_rook", text = { en = "He may not castle on that side: he must move the rook", fa = "نمی‌تواند به آن طرف قلعه برود: باید رخ را حرکت دهد", ar = "لا يجوز له التبييت في تلك الجهة: يجب أن يحرّك الرخ" } },
                { id = "any", text = { en = "Any legal move", fa = "هر حرکت قانونی", ar = "أي نقلة قانونية" } } },
    answer = "move_rook",
    why = { en = "Touching a rook and then the king forbids castling on that side on this move; the first touched piece that can move must be moved (4.4.2, 4.3.1).",
            fa = "لمس رخ و سپس شاه قلعه رفتن به آن طرف را در این حرکت ممنوع می‌کند؛ نخستین مهرهٔ لمس‌شده‌ای که می‌تواند حرکت کند باید حرکت داده شود (۴٫۴٫۲، ۴٫۳٫۱).",
            ar = "لمس الرخ ثم الملك يمنع التبييت في تلك الجهة في هذه النقلة؛ ويجب تحريك أول قطعة ملموسة تستطيع الحركة (4.4.2، 4.3.1)." } },
  { id = "touch-promotion-piece", level = "medium", fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
    prompt = { en = "White pushes the pawn to e8 and puts a knight down touching e8, then wants a queen instead. May he change it?",
               fa = "سفید پیاده را به e8 می‌برد و اسبی می‌گذارد که e8 را لمس می‌کند، سپس می‌خواهد به‌جایش وزیر بگذارد. آیا می‌تواند عوضش کند؟",
               ar = "دفع الأبيض البيدق إلى e8 ووضع حصانًا لمس المربع e8، ثم أراد وزيرًا بدلًا منه. هل يجوز له تغييره؟" },
    choices = YESNO, answer = "no",
    why = { en = "The choice of the new piece is final as soon as that piece has touched the promotion square (4.4.4).",
            fa = "انتخاب مهرهٔ تازه همین که آن مهره خانهٔ ارتقا را لمس کند قطعی می‌شود (۴٫۴٫۴).",
            ar = "يصبح اختيار القطعة الجديدة نهائيًا بمجرد أن تلمس تلك القطعة مربع الترقية (4.4.4)." } },

  -- Article 7.5 and Appendix A: illegal moves (the engine gives the penalty)
  { id = "illegal-first-standard", level = "easy", backdrop = true, penalty = { count = 1, tc = "standard" },
    prompt = { en = "A standard game. {side} completes a first illegal move from this position. The arbiter restores it. What happens now?",
               fa = "بازی کلاسیک. {side} از این وضعیت نخستین حرکت غیرقانونی‌اش را کامل می‌کند. داور وضعیت را برمی‌گرداند. اکنون چه می‌شود؟",
               ar = "مباراة كلاسيكية. أكمل {side} من هذا الوضع أول نقلة غير قانونية، فأعاد الحكم الوضع. ماذا يحدث الآن؟" },
    choices = PENALTY },
  { id = "illegal-second-lone-king", level = "medium", fen = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1", penalty = { count = 2, tc = "standard" },
    prompt = { en = "A standard game. White completes a second illegal move; Black has only his king. What happens?",
               fa = "بازی کلاسیک. سفید دومین حرکت غیرقانونی‌اش را کامل می‌کند؛ سیاه فقط شاه دارد. چه می‌شود؟",
               ar = "مباراة كلاسيكية. أكمل الأبيض نقلته غير القانونية الثانية، وليس للأسود إلا ملكه. ماذا يحدث؟" },
    choices = PENALTY },
  { id = "illegal-second-rapid", level = "medium", backdrop = true, penalty = { count = 2, tc = "rapid" },
    prompt = { en = "A rapid game with one arbiter for three games. From this position {side} completes a second illegal move. What happens?",
               fa = "بازی سریع با یک داور برای سه بازی. {side} از این وضعیت دومین حرکت غیرقانونی‌اش را کامل می‌کند. چه می‌شود؟",
               ar = "مباراة سريعة بحكم واحد لثلاث مباريات. أكمل {side} من هذا الوضع نقلته غير القانونية الثانية. ماذا يحدث؟" },
    choices = PENALTY },
  { id = "illegal-unsupervised-late", level = "hard", backdrop = true, penalty = { count = 1, tc = "blitz", how = "late" },
    prompt = { en = "Blitz, one arbiter for the whole hall. {side} completes an illegal move from this position; {opponent} makes a move and only then tells the arbiter. What happens?",
               fa = "بازی برق‌آسا با یک داور برای کل سالن. {side} از این وضعیت یک حرکت غیرقانونی را کامل می‌کند؛ {opponent} حرکتی انجام می‌دهد و تازه پس از آن به داور خبر می‌دهد. چه می‌شود؟",
               ar = "شطرنج خاطف بحكم واحد للقاعة كلها. أكمل {side} من هذا الوضع نقلة غير قانونية، فلعب {opponent} نقلة ثم أخبر الحكم بعد ذلك. ماذا يحدث؟" },
    choices = PENALTY },
  { id = "illegal-unsupervised-claimed", level = "hard", backdrop = true, penalty = { count = 1, tc = "rapid", how = "claim" },
    prompt = { en = "Rapid, one arbiter for the whole hall. {side} completes an illegal move; {opponent} stops the clock at once and claims, before moving. This was the position before it. What happens?",
               fa = "بازی سریع با یک داور برای کل سالن. {side} یک حرکت غیرقانونی را کامل می‌کند؛ {opponent} بی‌درنگ و پیش از حرکت ساعت را متوقف می‌کند و ادعا می‌کند. این وضعیتِ پیش از آن حرکت بود. چه می‌شود؟",
               ar = "شطرنج سريع بحكم واحد للقاعة كلها. أكمل {side} نقلة غير قانونية، فأوقف {opponent} الساعة فورًا وطالب قبل أن يلعب. وهذا هو الوضع الذي سبقها. ماذا يحدث؟" },
    choices = PENALTY },
  { id = "illegal-pawn-not-replaced", level = "medium", fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
    prompt = { en = "A standard game. White pushes the pawn to e8, leaves it there as a pawn and presses the clock. What happens?",
               fa = "بازی کلاسیک. سفید پیاده را به e8 می‌برد، آن را همان‌طور پیاده رها می‌کند و ساعت را می‌زند. چه می‌شود؟",
               ar = "مباراة كلاسيكية. دفع الأبيض البيدق إلى e8 وتركه بيدقًا وضغط الساعة. ماذا يحدث؟" },
    choices = { { id = "queen", text = { en = "An illegal move: the pawn becomes a queen, and Black gets two minutes", fa = "حرکت غیرقانونی است: پیاده وزیر می‌شود و سیاه دو دقیقه می‌گیرد", ar = "نقلة غير قانونية: يصبح البيدق وزيرًا ويُمنح الأسود دقيقتين" } },
                { id = "choose", text = { en = "White may still choose a piece, without penalty", fa = "سفید هنوز بی‌جریمه می‌تواند مهره‌ای انتخاب کند", ar = "ما زال يجوز للأبيض اختيار قطعة دون عقوبة" } },
                { id = "pawn", text = { en = "The pawn stays on e8", fa = "پیاده در e8 می‌ماند", ar = "يبقى البيدق في e8" } } },
    answer = "queen",
    why = { en = "A pawn left unpromoted on the last rank with the clock pressed is an illegal move: it is replaced by a queen (7.5.2), and the first illegal move gives the opponent two minutes (7.5.5).",
            fa = "پیاده‌ای که بی‌ارتقا در ردیف آخر بماند و ساعت زده شود حرکت غیرقانونی است: با وزیر عوض می‌شود (۷٫۵٫۲)، و نخستین حرکت غیرقانونی دو دقیقه به حریف می‌دهد (۷٫۵٫۵).",
            ar = "البيدق المتروك دون ترقية في الصف الأخير مع ضغط الساعة نقلة غير قانونية: يُستبدل بوزير (7.5.2)، وتمنح النقلة غير القانونية الأولى الخصمَ دقيقتين (7.5.5)." } },
  { id = "illegal-clock-without-move", level = "easy", backdrop = true,
    prompt = { en = "In time trouble White presses the clock without having made a move. How does the arbiter treat it?",
               fa = "سفید در تنگی وقت بی‌آنکه حرکتی کرده باشد ساعت را می‌زند. داور با این کار چگونه رفتار می‌کند؟",
               ar = "في ضيق الوقت ضغط الأبيض الساعة دون أن يلعب نقلة. كيف يتعامل الحكم مع ذلك؟" },
    choices = { AS_ILLEGAL,
                { id = "ignore", text = { en = "It changes nothing", fa = "چیزی را تغییر نمی‌دهد", ar = "لا يغيّر شيئًا" } },
                { id = "pass", text = { en = "Black now has the move", fa = "اکنون نوبت سیاه است", ar = "يصبح الدور على الأسود" } } },
    answer = "illegal",
    why = { en = "Pressing the clock without making a move is considered and penalised as an illegal move (7.5.3).",
            fa = "زدن ساعت بدون انجام حرکت، حرکت غیرقانونی به شمار می‌آید و مانند آن جریمه می‌شود (۷٫۵٫۳).",
            ar = "ضغط الساعة دون لعب نقلة يُعدّ نقلة غير قانونية ويعاقَب عليه كذلك (7.5.3)." } },
  { id = "illegal-two-hands", level = "medium", fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
    prompt = { en = "White castles, moving the king with one hand and the rook with the other, and presses the clock. How is it treated?",
               fa = "سفید قلعه می‌رود، شاه را با یک دست و رخ را با دست دیگر حرکت می‌دهد، و ساعت را می‌زند. این کار چگونه داوری می‌شود؟",
               ar = "بيّت الأبيض فحرّك الملك بيد والرخ باليد الأخرى، ثم ضغط الساعة. كيف يُعامَل ذلك؟" },
    choices = { AS_ILLEGAL,
                { id = "fine", text = { en = "It is a normal castling", fa = "قلعه رفتنی معمولی است", ar = "هو تبييت عادي" } },
                { id = "warning", text = { en = "Only a warning", fa = "فقط اخطار", ar = "إنذار فقط" } } },
    answer = "illegal",
    why = { en = "One move made with two hands, castling included, is considered and penalised as an illegal move (7.5.4): each move is made with one hand (4.1).",
            fa = "حرکتی که با دو دست انجام شود، از جمله قلعه رفتن، حرکت غیرقانونی به شمار می‌آید و مانند آن جریمه می‌شود (۷٫۵٫۴): هر حرکت با یک دست انجام می‌شود (۴٫۱).",
            ar = "النقلة التي تُلعب باليدين، ومنها التبييت، تُعدّ نقلة غير قانونية ويعاقَب عليها كذلك (7.5.4): فكل نقلة تُلعب بيد واحدة (4.1)." } },

  -- Articles 5 and 9: draws, claims, resignation (the engine decides)
  { id = "claim-threefold-correct", level = "medium", moves = REPEAT6, event = { claim = "threefold" },
    prompt = { en = "After {moves} White claims a draw by repetition. Is the claim correct?", fa = "پس از {moves} سفید ادعای تساوی به سبب تکرار می‌کند. آیا ادعا درست است؟",
               ar = "بعد {moves} طالب الأبيض بالتعادل بالتكرار. هل المطالبة صحيحة؟" },
    choices = CLAIM },
  { id = "claim-threefold-twice", level = "medium", moves = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1" }, event = { claim = "threefold" },
    prompt = { en = "After {moves} Black claims a draw by repetition. Is the claim correct?", fa = "پس از {moves} سیاه ادعای تساوی به سبب تکرار می‌کند. آیا ادعا درست است؟",
               ar = "بعد {moves} طالب الأسود بالتعادل بالتكرار. هل المطالبة صحيحة؟" },
    choices = CLAIM },
  { id = "claim-fifty-written", level = "hard", fen = "8/8/4k3/8/8/3K4/8/1R6 w - - 99 120", event = { claim = "fifty_moves", written = "Rb2" },
    prompt = { en = "Black has made 50 moves and White 49 without a pawn move or a capture. White writes Rb2 on the scoresheet, does not play it, and claims a draw. Is the claim correct?",
               fa = "سیاه ۵۰ حرکت و سفید ۴۹ حرکت بدون حرکت پیاده و بدون زدن مهره انجام داده‌اند. سفید Rb2 را روی برگه می‌نویسد، آن را انجام نمی‌دهد و ادعای تساوی می‌کند. آیا ادعا درست است؟",
               ar = "لعب الأسود 50 نقلة والأبيض 49 دون تحريك بيدق ودون أخذ. كتب الأبيض Rb2 على ورقة التسجيل دون أن يلعبها وطالب بالتعادل. هل المطالبة صحيحة؟" },
    choices = CLAIM },
  { id = "claim-fifty-too-soon", level = "hard", fen = "8/8/4k3/8/8/3K4/8/1R6 w - - 99 120", event = { claim = "fifty_moves" },
    prompt = { en = "Black has made 50 moves and White 49 without a pawn move or a capture. White claims a draw now, without writing a move. Is the claim correct?",
               fa = "سیاه ۵۰ حرکت و سفید ۴۹ حرکت بدون حرکت پیاده و بدون زدن مهره انجام داده‌اند. سفید اکنون، بی‌آنکه حرکتی بنویسد، ادعای تساوی می‌کند. آیا ادعا درست است؟",
               ar = "لعب الأسود 50 نقلة والأبيض 49 دون تحريك بيدق ودون أخذ. طالب الأبيض الآن بالتعادل دون أن يكتب نقلة. هل المطالبة صحيحة؟" },
    choices = CLAIM },
  { id = "claim-after-touch", level = "medium", moves = REPEAT6,
    prompt = { en = "After {moves} White touches his knight to move it, and only then claims a draw by repetition. May he still claim on this move?",
               fa = "پس از {moves} سفید به قصد حرکت دادن به اسبش دست می‌زند و تازه پس از آن ادعای تساوی به سبب تکرار می‌کند. آیا هنوز می‌تواند در این حرکت ادعا کند؟",
               ar = "بعد {moves} لمس الأبيض حصانه ليحرّكه، ثم طالب بعد ذلك بالتعادل بالتكرار. هل ما زال يجوز له أن يطالب في هذه النقلة؟" },
    choices = YESNO, answer = "no",
    why = { en = "Touching a piece with the intention of moving it loses the right to claim a draw under 9.2 or 9.3 on that move (9.4).",
            fa = "لمس کردن مهره‌ای به قصد حرکت دادنش حق ادعای تساوی بنابر ۹٫۲ یا ۹٫۳ را در همان حرکت از بین می‌برد (۹٫۴).",
            ar = "لمس قطعة بنيّة تحريكها يُسقط حق المطالبة بالتعادل وفق 9.2 أو 9.3 في تلك النقلة (9.4)." } },
  { id = "claim-counts-as-offer", level = "hard", moves = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1" },
    prompt = { en = "After {moves} Black claims a repetition and the arbiter finds the claim wrong. May White now accept a draw?",
               fa = "پس از {moves} سیاه ادعای تکرار می‌کند و داور ادعا را نادرست می‌یابد. آیا سفید اکنون می‌تواند تساوی را بپذیرد؟",
               ar = "بعد {moves} طالب الأسود بالتكرار فوجد الحكم المطالبة غير صحيحة. هل يجوز للأبيض الآن أن يقبل التعادل؟" },
    choices = YESNO, answer = "yes",
    why = { en = "A claim of a draw under 9.2 or 9.3 counts as a draw offer (9.1.2.3), so White may accept it.",
            fa = "ادعای تساوی بنابر ۹٫۲ یا ۹٫۳ پیشنهاد تساوی به شمار می‌آید (۹٫۱٫۲٫۳)، پس سفید می‌تواند آن را بپذیرد.",
            ar = "المطالبة بالتعادل وفق 9.2 أو 9.3 تُعدّ عرضًا للتعادل (9.1.2.3)، فيجوز للأبيض قبولها." } },
  { id = "draw-fivefold", level = "medium", moves = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" }, event = {},
    prompt = { en = "After {moves} nobody claims anything. What is the state of the game?", fa = "پس از {moves} هیچ‌کس ادعایی نمی‌کند. وضع بازی چیست؟",
               ar = "بعد {moves} لم يطالب أحد بشيء. ما حال المباراة؟" },
    choices = RESULT },
  { id = "draw-offer-withdrawn", level = "easy", backdrop = true,
    prompt = { en = "White moves, offers a draw and presses the clock. Before Black answers, White says he takes the offer back. May he?",
               fa = "سفید حرکت می‌کند، پیشنهاد تساوی می‌دهد و ساعت را می‌زند. پیش از پاسخ سیاه، سفید می‌گوید پیشنهادش را پس می‌گیرد. آیا می‌تواند؟",
               ar = "لعب الأبيض نقلته وعرض التعادل وضغط الساعة. وقبل أن يجيب الأسود قال الأبيض إنه يسحب العرض. هل يجوز له ذلك؟" },
    choices = YESNO, answer = "no",
    why = { en = "A draw offer cannot be withdrawn: it stands until the opponent accepts or rejects it, or the game ends (9.1.2.1).",
            fa = "پیشنهاد تساوی پس گرفته نمی‌شود: تا وقتی حریف آن را بپذیرد یا رد کند یا بازی تمام شود معتبر است (۹٫۱٫۲٫۱).",
            ar = "لا يجوز سحب عرض التعادل: يبقى قائمًا حتى يقبله الخصم أو يرفضه أو تنتهي المباراة (9.1.2.1)." } },
  { id = "draw-offer-condition", level = "medium", backdrop = true,
    prompt = { en = "White says: \"I offer a draw, if you also give me your pen back.\" Is such an offer valid as made?",
               fa = "سفید می‌گوید: «پیشنهاد تساوی می‌دهم، به شرط اینکه خودکارم را هم پس بدهی.» آیا چنین پیشنهادی به همین شکل معتبر است؟",
               ar = "قال الأبيض: «أعرض التعادل، بشرط أن تعيد إليّ قلمي.» هل هذا العرض صحيح كما قُدِّم؟" },
    choices = YESNO, answer = "no",
    why = { en = "No conditions can be attached to a draw offer (9.1.2.1).", fa = "به پیشنهاد تساوی نمی‌توان شرطی افزود (۹٫۱٫۲٫۱).", ar = "لا يجوز ربط عرض التعادل بأي شرط (9.1.2.1)." } },
  { id = "draw-regulations-forbid", level = "medium", backdrop = true,
    prompt = { en = "The regulations forbid draw offers before move 30 without the arbiter's consent. At move 20 the players agree a draw on their own. May they?",
               fa = "مقررات مسابقه پیشنهاد تساوی پیش از حرکت ۳۰ را بدون رضایت داور ممنوع کرده است. در حرکت ۲۰ بازیکنان خودشان بر تساوی توافق می‌کنند. آیا می‌توانند؟",
               ar = "تمنع اللوائح عروض التعادل قبل النقلة 30 دون موافقة الحكم. وفي النقلة 20 اتفق اللاعبان على التعادل من تلقاء نفسيهما. هل يجوز لهما ذلك؟" },
    choices = YESNO, answer = "no",
    why = { en = "The regulations of an event may forbid offering or agreeing a draw without the arbiter's consent, before a number of moves or at all (9.1.1).",
            fa = "مقررات مسابقه می‌تواند پیشنهاد یا توافق بر تساوی را بدون رضایت داور، پیش از شمار معینی از حرکت‌ها یا به‌کلی، ممنوع کند (۹٫۱٫۱).",
            ar = "يجوز للوائح البطولة أن تمنع عرض التعادل أو الاتفاق عليه دون موافقة الحكم، قبل عدد من النقلات أو مطلقًا (9.1.1)." } },
  { id = "resign-lone-king", level = "easy", fen = "8/8/4k3/8/8/3QK3/8/8 b - - 0 1", event = { resign = "white" },
    prompt = { en = "White resigns in this position. What is the result?", fa = "سفید در این وضعیت تسلیم می‌شود. نتیجه چیست؟", ar = "استسلم الأبيض في هذا الوضع. ما النتيجة؟" },
    choices = RESULT },
  { id = "resign-normal", level = "easy", fen = "8/8/4k3/8/8/3QK3/8/8 b - - 0 1", event = { resign = "black" },
    prompt = { en = "Black resigns in this position. What is the result?", fa = "سیاه در این وضعیت تسلیم می‌شود. نتیجه چیست؟", ar = "استسلم الأسود في هذا الوضع. ما النتيجة؟" },
    choices = RESULT },
  agreement("agree-too-early", "medium", { "e4" }),
  agreement("agree-after-one-each", "easy", { "e4", "e5" }),
  { id = "dead-after-capture", level = "medium", fen = "8/8/4k3/8/3n4/8/4KB2/8 w - - 0 1", moves = { "Kd3" }, event = {},
    prompt = { en = "After {moves}, Black is to move with a king and a knight against a king and a bishop. Nobody claims. What is the state of the game?",
               fa = "پس از {moves} نوبت سیاه است، با شاه و اسب در برابر شاه و فیل. هیچ‌کس ادعایی نمی‌کند. وضع بازی چیست؟",
               ar = "بعد {moves} الدور على الأسود، بملك وحصان مقابل ملك وفيل. لم يطالب أحد بشيء. ما حال المباراة؟" },
    choices = RESULT },
  { id = "stalemate-on-board", level = "easy", fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", event = {},
    prompt = { en = "Black is to move in this position. What is the result?", fa = "نوبت سیاه است. نتیجه چیست؟", ar = "الدور على الأسود في هذا الوضع. ما النتيجة؟" },
    choices = RESULT },

  -- Article 6: flag fall and the clock
  { id = "flag-bare-king", level = "easy", fen = "8/8/4k3/8/8/3QK3/8/8 w - - 0 1", event = { flag = "white" },
    prompt = { en = "White's flag falls in this position. What is the result?", fa = "پرچم سفید در این وضعیت می‌افتد. نتیجه چیست؟", ar = "سقط علم الأبيض في هذا الوضع. ما النتيجة؟" },
    choices = RESULT },
  { id = "flag-knight-v-rook", level = "hard", fen = "8/8/8/4k3/8/2n5/8/R3K3 w - - 0 1", event = { flag = "white" },
    prompt = { en = "White's flag falls. Black has only a king and a knight. What is the result?", fa = "پرچم سفید می‌افتد. سیاه فقط شاه و اسب دارد. نتیجه چیست؟",
               ar = "سقط علم الأبيض. ليس للأسود إلا ملك وحصان. ما النتيجة؟" },
    choices = RESULT },
  { id = "flag-after-mate", level = "medium", fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", moves = { "Rd8#" }, event = { flag = "white" },
    prompt = { en = "White plays {moves} and does not press the clock; then White's flag falls. What is the result?",
               fa = "سفید {moves} را بازی می‌کند و ساعت را نمی‌زند؛ سپس پرچم سفید می‌افتد. نتیجه چیست؟",
               ar = "لعب الأبيض {moves} ولم يضغط الساعة، ثم سقط علم الأبيض. ما النتيجة؟" },
    choices = RESULT },
  { id = "flag-arbiter-sees", level = "medium", backdrop = true,
    prompt = { en = "A standard game. The arbiter sees that White's flag has fallen; neither player has noticed. What does the arbiter do?",
               fa = "بازی کلاسیک. داور می‌بیند که پرچم سفید افتاده است و هیچ‌یک از دو بازیکن متوجه نشده است. داور چه می‌کند؟",
               ar = "مباراة كلاسيكية. رأى الحكم أن علم الأبيض قد سقط ولم يلاحظ أي من اللاعبين. ماذا يفعل الحكم؟" },
    choices = { { id = "declare", text = { en = "He declares the flag fall", fa = "افتادن پرچم را اعلام می‌کند", ar = "يعلن سقوط العلم" } },
                { id = "wait", text = { en = "He waits for Black to claim", fa = "منتظر ادعای سیاه می‌ماند", ar = "ينتظر مطالبة الأسود" } },
                { id = "nothing", text = { en = "He says nothing at all", fa = "اصلاً چیزی نمی‌گوید", ar = "لا يقول شيئًا أبدًا" } } },
    answer = "declare",
    why = { en = "A flag is considered to have fallen when the arbiter observes it, or when a player validly claims it (6.8).",
            fa = "پرچم وقتی افتاده به شمار می‌آید که داور آن را ببیند، یا بازیکنی ادعای درستی دربارهٔ آن بکند (۶٫۸).",
            ar = "يُعدّ العلم ساقطًا حين يراه الحكم، أو حين يطالب بذلك لاعب مطالبة صحيحة (6.8)." } },
  { id = "clock-default-time", level = "easy", backdrop = true,
    prompt = { en = "The regulations set no default time. Black reaches the board ten minutes after the start. What happens?",
               fa = "مقررات مسابقه حداکثر تأخیری تعیین نکرده است. سیاه ده دقیقه پس از آغاز به پای صفحه می‌رسد. چه می‌شود؟",
               ar = "لا تحدد اللوائح زمن تأخر مسموحًا. وصل الأسود إلى الرقعة بعد عشر دقائق من البدء. ماذا يحدث؟" },
    choices = { { id = "loses", text = { en = "Black loses, unless the arbiter decides otherwise", fa = "سیاه می‌بازد، مگر آنکه داور تصمیم دیگری بگیرد", ar = "يخسر الأسود ما لم يقرر الحكم غير ذلك" } },
                { id = "plays", text = { en = "Black plays with ten minutes less", fa = "سیاه با ده دقیقه وقت کمتر بازی می‌کند", ar = "يلعب الأسود وقد نقص من وقته عشر دقائق" } } },
    answer = "loses",
    why = { en = "A default time the regulations do not set is zero, and a player arriving after it loses, unless the arbiter decides otherwise (6.7.1).",
            fa = "حداکثر تأخیری که مقررات تعیین نکند صفر است و بازیکنی که پس از آن برسد می‌بازد، مگر آنکه داور تصمیم دیگری بگیرد (۶٫۷٫۱).",
            ar = "زمن التأخر الذي لا تحدده اللوائح صفر، ومن يصل بعده يخسر ما لم يقرر الحكم غير ذلك (6.7.1)." } },
  { id = "clock-other-hand", level = "easy", backdrop = true,
    prompt = { en = "White moves with the right hand and presses the clock with the left. Is that correct?", fa = "سفید با دست راست حرکت می‌کند و ساعت را با دست چپ می‌زند. آیا این کار درست است؟",
               ar = "لعب الأبيض بيده اليمنى وضغط الساعة باليسرى. هل هذا صحيح؟" },
    choices = YESNO, answer = "no",
    why = { en = "The clock is pressed with the same hand that made the move (6.2.3).", fa = "ساعت با همان دستی زده می‌شود که حرکت را انجام داد (۶٫۲٫۳).", ar = "تُضغط الساعة باليد نفسها التي لُعبت بها النقلة (6.2.3)." } },
  { id = "clock-pause-promotion", level = "medium", fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
    prompt = { en = "White wants to promote but no spare queen is at hand. May White pause the clock to call the arbiter?", fa = "سفید می‌خواهد ارتقا دهد اما وزیر اضافه‌ای در دسترس نیست. آیا سفید می‌تواند برای صدا کردن داور ساعت را نگه دارد؟",
               ar = "يريد الأبيض الترقية لكن لا يوجد وزير إضافي في متناوله. هل يجوز للأبيض إيقاف الساعة مؤقتًا لاستدعاء الحكم؟" },
    choices = YESNO, answer = "yes",
    why = { en = "A player may pause the clock to seek the arbiter's help, for example when the piece needed for a promotion is not available (6.11.2).",
            fa = "بازیکن می‌تواند برای کمک گرفتن از داور ساعت را نگه دارد، برای نمونه وقتی مهرهٔ لازم برای ارتقا در دسترس نیست (۶٫۱۱٫۲).",
            ar = "يجوز للاعب إيقاف الساعة مؤقتًا لطلب مساعدة الحكم، كأن لا تتوفر القطعة اللازمة للترقية (6.11.2)." } },
  { id = "clock-wrong-setting", level = "medium", backdrop = true,
    prompt = { en = "At move 42 the players notice that the clock never added the time for the second period: it was set wrongly. What happens?",
               fa = "در حرکت ۴۲ بازیکنان می‌بینند که ساعت وقت دورهٔ دوم را نیفزوده است: نادرست تنظیم شده بود. چه می‌شود؟",
               ar = "في النقلة 42 لاحظ اللاعبان أن الساعة لم تُضف وقت الفترة الثانية لأنها ضُبطت خطأً. ماذا يحدث؟" },
    choices = { { id = "correct", text = { en = "The arbiter installs the correct setting and adjusts the times", fa = "داور ساعت را درست تنظیم می‌کند و وقت‌ها را اصلاح می‌کند", ar = "يضبط الحكم الساعة ضبطًا صحيحًا ويصحح الأوقات" } },
                { id = "stands", text = { en = "The clock is conclusive: nothing changes", fa = "ساعت قطعی است: چیزی تغییر نمی‌کند", ar = "الساعة قاطعة: لا يتغير شيء" } } },
    answer = "correct",
    why = { en = "A wrong setting found during the game is corrected at once: the arbiter installs the correct setting and adjusts the times and the move counter (6.10.2).",
            fa = "تنظیم نادرستی که در میانهٔ بازی پیدا شود بی‌درنگ اصلاح می‌شود: داور ساعت را درست تنظیم می‌کند و وقت‌ها و شمارندهٔ حرکت‌ها را اصلاح می‌کند (۶٫۱۰٫۲).",
            ar = "يُصحَّح الضبط الخاطئ الذي يُكتشف أثناء المباراة فورًا: يضبط الحكم الساعة ضبطًا صحيحًا ويصحح الأوقات وعدّاد النقلات (6.10.2)." } },

  -- Article 7: irregularities
  wrong_colours("colours-early", "medium", RUY6),
  wrong_colours("colours-late", "hard", RUY11),
  { id = "setup-wrong", level = "hard", backdrop = true,
    prompt = { en = "A standard game, move 30: it turns out that the white king and queen started on each other's squares. What happens?",
               fa = "بازی کلاسیک، حرکت ۳۰: معلوم می‌شود که شاه و وزیر سفید از آغاز جای یکدیگر چیده شده بودند. چه می‌شود؟",
               ar = "مباراة كلاسيكية، النقلة 30: تبيّن أن الملك والوزير الأبيضين بدآ كلٌّ في مربع الآخر. ماذا يحدث؟" },
    choices = { { id = "new", text = { en = "The game is cancelled and a new game is played", fa = "بازی لغو می‌شود و بازی تازه‌ای انجام می‌شود", ar = "تُلغى المباراة وتُلعب مباراة جديدة" } },
                { id = "continue", text = { en = "The game goes on: more than ten moves have been played", fa = "بازی ادامه می‌یابد: بیش از ده حرکت انجام شده است", ar = "تستمر المباراة: فقد لُعبت أكثر من عشر نقلات" } } },
    answer = "new",
    why = { en = "In a standard game a wrong initial position found during the game means the game is cancelled and a new one played (7.2.1); the ten-move limit belongs to reversed colours (7.3).",
            fa = "در بازی کلاسیک، چیدمان آغازین نادرستی که در میانهٔ بازی پیدا شود یعنی بازی لغو می‌شود و بازی تازه‌ای انجام می‌شود (۷٫۲٫۱)؛ مرز ده حرکت مربوط به رنگ‌های جابه‌جا است (۷٫۳).",
            ar = "في المباراة الكلاسيكية يعني اكتشاف الترتيب الابتدائي الخاطئ أثناء المباراة إلغاءها ولعب مباراة جديدة (7.2.1)؛ أما حدّ النقلات العشر فيخص الألوان المعكوسة (7.3)." } },
  { id = "board-turned", level = "medium", backdrop = true,
    prompt = { en = "Move 18: the players notice the board is turned, with a dark square in each player's right-hand corner. What happens?",
               fa = "حرکت ۱۸: بازیکنان می‌بینند که صفحه چرخیده است و خانهٔ گوشهٔ راست هر بازیکن تیره است. چه می‌شود؟",
               ar = "النقلة 18: لاحظ اللاعبان أن الرقعة مقلوبة، فالمربع الركني عن يمين كل لاعب داكن. ماذا يحدث؟" },
    choices = { { id = "transfer", text = { en = "The position goes onto a correctly placed board and play goes on", fa = "وضعیت به صفحه‌ای که درست گذاشته شده منتقل می‌شود و بازی ادامه می‌یابد", ar = "يُنقل الوضع إلى رقعة موضوعة وضعًا صحيحًا ويستمر اللعب" } },
                { id = "new", text = { en = "A new game", fa = "بازی تازه", ar = "مباراة جديدة" } } },
    answer = "transfer",
    why = { en = "A wrongly placed board does not cancel the game: the position reached is moved onto a correctly placed board (7.2.2).",
            fa = "صفحه‌ای که نادرست گذاشته شده بازی را لغو نمی‌کند: وضعیت به‌دست‌آمده به صفحه‌ای که درست گذاشته شده منتقل می‌شود (۷٫۲٫۲).",
            ar = "الرقعة الموضوعة خطأً لا تلغي المباراة: يُنقل الوضع الذي بلغته إلى رقعة موضوعة وضعًا صحيحًا (7.2.2)." } },
  { id = "displaced-own-time", level = "medium", backdrop = true,
    prompt = { en = "White knocks over several pieces while moving and presses the clock. In whose time are the pieces put back?",
               fa = "سفید هنگام حرکت چند مهره را می‌اندازد و ساعت را می‌زند. مهره‌ها در وقت چه کسی سر جایشان گذاشته می‌شوند؟",
               ar = "أسقط الأبيض عدة قطع وهو يلعب نقلته وضغط الساعة. من وقت من تُعاد القطع إلى أماكنها؟" },
    choices = { { id = "white", text = { en = "White's own time", fa = "وقت خود سفید", ar = "من وقت الأبيض" } }, { id = "black", text = { en = "Black's time", fa = "وقت سیاه", ar = "من وقت الأسود" } } },
    answer = "white",
    why = { en = "The player who displaces pieces re-establishes the position in his or her own time (7.4.1).", fa = "بازیکنی که مهره‌ها را جابه‌جا کند، وضعیت را در وقت خودش درست می‌کند (۷٫۴٫۱).",
            ar = "اللاعب الذي يُزيح القطع يعيد الوضع الصحيح من وقته (7.4.1)." } },

  -- Article 8: recording
  { id = "record-in-advance", level = "medium", backdrop = true,
    prompt = { en = "White writes his next move on the scoresheet before playing it, to save time. He is not claiming a draw. Is that allowed?",
               fa = "سفید برای صرفه‌جویی در وقت، حرکت بعدی‌اش را پیش از انجام دادن روی برگه می‌نویسد. او ادعای تساوی نمی‌کند. آیا این کار درست است؟",
               ar = "كتب الأبيض نقلته التالية على ورقة التسجيل قبل أن يلعبها ليوفر الوقت، وهو لا يطالب بالتعادل. هل يجوز ذلك؟" },
    choices = YESNO, answer = "no",
    why = { en = "Recording moves in advance is forbidden, except to claim a draw under 9.2 or 9.3 or to seal a move (8.1.2).",
            fa = "نوشتن حرکت‌ها از پیش ممنوع است، مگر برای ادعای تساوی بنابر ۹٫۲ یا ۹٫۳ یا مهروموم کردن حرکت (۸٫۱٫۲).",
            ar = "يُمنع تدوين النقلات مسبقًا، إلا للمطالبة بالتعادل وفق 9.2 أو 9.3 أو لختم نقلة (8.1.2)." } },
  { id = "record-five-minutes", level = "medium", backdrop = true,
    prompt = { en = "90 minutes plus 30 seconds a move. White has four minutes left. Must White keep writing the moves?", fa = "۹۰ دقیقه و ۳۰ ثانیه برای هر حرکت. سفید چهار دقیقه وقت دارد. آیا سفید باید نوشتن حرکت‌ها را ادامه دهد؟",
               ar = "90 دقيقة مع 30 ثانية لكل نقلة. بقيت للأبيض أربع دقائق. هل يجب على الأبيض أن يواصل تدوين النقلات؟" },
    choices = YESNO, answer = "yes",
    why = { en = "Only a player with less than five minutes and less than 30 seconds added per move is freed from recording (8.4); with 30 seconds a move White must keep score.",
            fa = "فقط بازیکنی که کمتر از پنج دقیقه وقت دارد و با هر حرکت کمتر از ۳۰ ثانیه به وقتش افزوده می‌شود از نوشتن معاف است (۸٫۴)؛ با ۳۰ ثانیه برای هر حرکت سفید باید بنویسد.",
            ar = "لا يُعفى من التدوين إلا اللاعب الذي بقيت له أقل من خمس دقائق ولا يُضاف إليه عن كل نقلة 30 ثانية أو أكثر (8.4)؛ ومع 30 ثانية لكل نقلة يجب على الأبيض أن يدوّن." } },
  { id = "record-signed-wrong", level = "hard", backdrop = true,
    prompt = { en = "Both players sign scoresheets showing 1-0, though the game was a draw. What result stands?", fa = "هر دو بازیکن برگه‌هایی را امضا می‌کنند که ۱-۰ نشان می‌دهد، هرچند بازی مساوی بود. کدام نتیجه برقرار است؟",
               ar = "وقّع اللاعبان ورقتين تُظهران 1-0 مع أن المباراة انتهت بالتعادل. أي نتيجة تبقى؟" },
    choices = { { id = "signed", text = { en = "1-0, unless the arbiter decides otherwise", fa = "۱-۰، مگر آنکه داور تصمیم دیگری بگیرد", ar = "1-0، ما لم يقرر الحكم غير ذلك" } },
                { id = "real", text = { en = "The draw, automatically", fa = "خودبه‌خود همان تساوی", ar = "التعادل تلقائيًا" } } },
    answer = "signed",
    why = { en = "The result both players signed stands even if incorrect, unless the arbiter decides otherwise (8.7).", fa = "نتیجه‌ای که هر دو بازیکن امضا کرده‌اند، حتی اگر نادرست باشد، برقرار می‌ماند، مگر آنکه داور تصمیم دیگری بگیرد (۸٫۷).",
            ar = "النتيجة التي وقّعها اللاعبان تبقى ولو كانت خاطئة، ما لم يقرر الحكم غير ذلك (8.7)." } },

  -- Articles 10-12: points, conduct, the arbiter
  { id = "phone-rings", level = "easy", backdrop = true,
    prompt = { en = "The regulations say nothing about phones. A phone rings in Black's pocket during the game. What is the decision?", fa = "مقررات مسابقه دربارهٔ تلفن چیزی نمی‌گوید. در طول بازی تلفنی در جیب سیاه زنگ می‌زند. تصمیم چیست؟",
               ar = "لا تذكر اللوائح شيئًا عن الهواتف. رنّ هاتف في جيب الأسود أثناء المباراة. ما القرار؟" },
    choices = { { id = "loss", text = { en = "Black loses the game", fa = "سیاه بازی را می‌بازد", ar = "يخسر الأسود المباراة" } }, { id = "warning", text = { en = "A warning", fa = "اخطار", ar = "إنذار" } } },
    answer = "loss",
    why = { en = "A player who evidently has an electronic device on them in the venue loses the game, unless the regulations set a lighter penalty (11.3.2.2).",
            fa = "بازیکنی که آشکارا وسیلهٔ الکترونیکی‌ای در محل مسابقه همراه دارد بازی را می‌بازد، مگر آنکه مقررات جریمهٔ سبک‌تری تعیین کرده باشد (۱۱٫۳٫۲٫۲).",
            ar = "اللاعب الذي يثبت أن معه جهازًا إلكترونيًا في مكان اللعب يخسر المباراة، ما لم تحدد اللوائح عقوبة أخف (11.3.2.2)." } },
  { id = "arbiter-clock-not-pressed", level = "medium", backdrop = true,
    prompt = { en = "White has moved but not pressed the clock. May the arbiter point it out?", fa = "سفید حرکت کرده اما ساعت را نزده است. آیا داور می‌تواند یادآوری کند؟",
               ar = "لعب الأبيض نقلته لكنه لم يضغط الساعة. هل يجوز للحكم أن ينبّهه؟" },
    choices = YESNO, answer = "no",
    why = { en = "The arbiter must not tell a player that the opponent has moved, or that he has not pressed his clock (12.6).", fa = "داور نباید به بازیکن بگوید که حریف حرکتش را انجام داده یا خودش ساعت را نزده است (۱۲٫۶).",
            ar = "لا يجوز للحكم أن يُخبر اللاعب بأن خصمه لعب نقلته أو بأنه هو لم يضغط ساعته (12.6)." } },
  { id = "spectator-sees", level = "medium", backdrop = true,
    prompt = { en = "A spectator sees White complete an illegal move that nobody noticed. What may the spectator do?", fa = "تماشاگری می‌بیند که سفید حرکتی غیرقانونی را کامل کرده و کسی متوجه نشده است. تماشاگر چه می‌تواند بکند؟",
               ar = "رأى متفرج أن الأبيض أكمل نقلة غير قانونية لم يلاحظها أحد. ماذا يجوز للمتفرج أن يفعل؟" },
    choices = { { id = "arbiter", text = { en = "Tell the arbiter, and only the arbiter", fa = "به داور بگوید، و فقط به داور", ar = "أن يُخبر الحكم وحده" } },
                { id = "players", text = { en = "Tell the players", fa = "به بازیکنان بگوید", ar = "أن يُخبر اللاعبين" } }, { id = "nothing", text = { en = "Nothing at all", fa = "هیچ کاری", ar = "لا شيء أبدًا" } } },
    answer = "arbiter",
    why = { en = "Anyone who sees an irregularity may inform only the arbiter; spectators must not interfere in a game (12.7).", fa = "هر کس بی‌نظمی‌ای ببیند فقط می‌تواند به داور خبر دهد؛ تماشاگران نباید در بازی دخالت کنند (۱۲٫۷).",
            ar = "من رأى مخالفة فلا يُخبر بها إلا الحكم، ولا يجوز للمتفرجين التدخل في المباراة (12.7)." } },
  { id = "score-three-quarters", level = "easy", backdrop = true,
    prompt = { en = "May a game be scored 3/4 to 1/4?", fa = "آیا می‌توان به یک بازی امتیاز سه‌چهارم در برابر یک‌چهارم داد؟", ar = "هل يجوز أن تُحتسب مباراة بنتيجة ¾ مقابل ¼؟" },
    choices = YESNO, answer = "no",
    why = { en = "Scores must be those normally given for a game: 3/4 to 1/4 is not allowed (10.2).", fa = "امتیازها باید همان‌هایی باشند که معمولاً به بازی داده می‌شود: سه‌چهارم در برابر یک‌چهارم پذیرفته نیست (۱۰٫۲).",
            ar = "يجب أن تكون النتائج مما يُعطى عادةً للمباراة: فلا تُقبل ¾ مقابل ¼ (10.2)." } },
  { id = "appeal-after-signing", level = "medium", backdrop = true,
    prompt = { en = "After signing the scoresheet, may a player still appeal against the arbiter's decision?", fa = "آیا بازیکن پس از امضای برگهٔ ثبت حرکات هنوز می‌تواند به تصمیم داور اعتراض کند؟",
               ar = "هل يجوز للاعب بعد توقيع ورقة التسجيل أن يعترض على قرار الحكم؟" },
    choices = YESNO, answer = "yes",
    why = { en = "Unless the regulations say otherwise, a player may appeal against any decision of the arbiter, even after signing the scoresheet (11.10).", fa = "اگر مقررات چیز دیگری نگوید، بازیکن می‌تواند به هر تصمیم داور اعتراض کند، حتی پس از امضای برگهٔ ثبت حرکات (۱۱٫۱۰).",
            ar = "ما لم تنص اللوائح على غير ذلك، يجوز للاعب أن يعترض على أي قرار للحكم ولو بعد توقيع ورقة التسجيل (11.10)." } },

  -- Appendices A and B: rapid and blitz
  { id = "rapid-with-increment", level = "easy", backdrop = true,
    prompt = { en = "Each player has 10 minutes plus 5 seconds a move. Rapid or blitz?", fa = "هر بازیکن ۱۰ دقیقه و برای هر حرکت ۵ ثانیه وقت دارد. بازی سریع است یا برق‌آسا؟",
               ar = "لكل لاعب 10 دقائق و5 ثوانٍ عن كل نقلة. أهي سريعة أم خاطفة؟" },
    choices = { { id = "rapid", text = { en = "Rapid", fa = "بازی سریع", ar = "شطرنج سريع" } }, { id = "blitz", text = { en = "Blitz", fa = "بازی برق‌آسا", ar = "شطرنج خاطف" } } },
    answer = "rapid",
    why = { en = "Count 60 moves of the increment: 10 + 5 = 15 minutes, more than 10, so rapid (A.1).", fa = "وقت اضافهٔ ۶۰ حرکت را حساب کنید: ۱۰ + ۵ = ۱۵ دقیقه، بیش از ۱۰، پس بازی سریع (A.1).",
            ar = "احسب الوقت المضاف لستين نقلة: 10 + 5 = 15 دقيقة، أي أكثر من 10، فهي سريعة (A.1)." } },
  { id = "blitz-supervision", level = "medium", backdrop = true,
    prompt = { en = "Blitz with one arbiter watching two games, recorded by nobody. Do the Competition Rules apply?", fa = "بازی برق‌آسا با یک داور برای دو بازی و بی‌آنکه کسی حرکت‌ها را ثبت کند. آیا قوانین مسابقه اجرا می‌شود؟",
               ar = "شطرنج خاطف بحكم واحد يراقب مباراتين ولا يسجّل أحد النقلات. هل تُطبَّق قواعد المسابقة؟" },
    choices = YESNO, answer = "no",
    why = { en = "Blitz is supervised only with one arbiter for each game, every game recorded (B.2); otherwise the rules for unsupervised games apply (B.3).",
            fa = "بازی برق‌آسا فقط با یک داور برای هر بازی و ثبت همهٔ بازی‌ها زیر نظارت به شمار می‌آید (B.2)؛ در غیر این صورت قوانین بازی‌های بدون نظارت اجرا می‌شود (B.3).",
            ar = "لا يُعدّ الشطرنج الخاطف تحت إشراف الحكم إلا بحكم لكل مباراة وتسجيل كل مباراة (B.2)؛ وإلا طُبّقت قواعد المباريات التي لا يشرف عليها الحكم (B.3)." } },
  { id = "unsupervised-pawn-last-rank", level = "hard", backdrop = true,
    prompt = { en = "Unsupervised rapid. The arbiter sees a pawn standing on the last rank, never promoted. What does he do?", fa = "بازی سریع بدون نظارت داور. داور پیاده‌ای را در ردیف آخر می‌بیند که هرگز ارتقا نیافته است. چه می‌کند؟",
               ar = "شطرنج سريع لا يشرف عليه الحكم. رأى الحكم بيدقًا في الصف الأخير لم يُرقَّ قط. ماذا يفعل؟" },
    choices = { { id = "wait", text = { en = "Waits for the next move; if the position is still illegal, declares a draw", fa = "منتظر حرکت بعدی می‌ماند؛ اگر وضعیت هنوز غیرقانونی باشد، بازی را مساوی اعلام می‌کند", ar = "ينتظر النقلة التالية، فإن بقي الوضع غير قانوني أعلن التعادل" } },
                { id = "queen", text = { en = "Replaces the pawn with a queen at once", fa = "بی‌درنگ پیاده را با وزیر عوض می‌کند", ar = "يستبدل البيدق بوزير فورًا" } } },
    answer = "wait",
    why = { en = "In an unsupervised game the arbiter waits until the next move is completed; if an illegal position is still on the board, he declares a draw (A.5.4).",
            fa = "در بازی بدون نظارت، داور صبر می‌کند تا حرکت بعدی کامل شود؛ اگر وضعیت غیرقانونی هنوز روی صفحه باشد، بازی را مساوی اعلام می‌کند (A.5.4).",
            ar = "في المباراة التي لا يشرف عليها الحكم ينتظر الحكم حتى تكتمل النقلة التالية، فإن بقي وضع غير قانوني على الرقعة أعلن التعادل (A.5.4)." } },
  { id = "rapid-no-scoresheet-claim", level = "hard", moves = REPEAT6, event = { claim = "threefold" },
    prompt = { en = "A rapid game; White has not kept score. After {moves} White claims a draw by repetition. Is the claim correct?",
               fa = "بازی سریع؛ سفید حرکت‌ها را ننوشته است. پس از {moves} سفید ادعای تساوی به سبب تکرار می‌کند. آیا ادعا درست است؟",
               ar = "مباراة سريعة لم يدوّن فيها الأبيض النقلات. بعد {moves} طالب الأبيض بالتعادل بالتكرار. هل المطالبة صحيحة؟" },
    choices = CLAIM },

  -- Guidelines II (Chess960): castling judged by the engine on the Chess960 position. A quiz
  -- question carries a standard FEN, so the board shows the same pieces without castling rights;
  -- the prompt says the rights remain and `fn` asks the engine about the Chess960 position.
  { id = "chess960-rook-uncovers", level = "hard", fen = "4k3/8/8/8/8/8/8/rR2K2R w - - 0 1",
    prompt = { en = "A Chess960 game. White's king on e1 and rooks on b1 and h1 have not moved. White plays O-O-O: the king goes to c1 and the rook from b1 to d1. Is the castling legal?",
               fa = "بازی شطرنج ۹۶۰. شاه سفید در e1 و رخ‌های b1 و h1 هنوز حرکت نکرده‌اند. سفید O-O-O می‌رود: شاه به c1 و رخ از b1 به d1 می‌رود. آیا این قلعه قانونی است؟",
               ar = "مباراة شطرنج 960. لم يتحرك الملك الأبيض في e1 ولا الرخّان في b1 وh1. لعب الأبيض O-O-O: انتقل الملك إلى c1 والرخ من b1 إلى d1. هل هذا التبييت قانوني؟" },
    choices = YESNO, fn = queenside_960("4k3/8/8/8/8/8/8/rR2K2R w HB - 0 1") },
  { id = "chess960-rook-lands-attacked", level = "medium", fen = "3rk3/8/8/8/8/8/8/RK6 w - - 0 1",
    prompt = { en = "A Chess960 game. White's king on b1 and rook on a1 have not moved. The black rook on d8 attacks d1, where the white rook lands in O-O-O. May White castle queenside?",
               fa = "بازی شطرنج ۹۶۰. شاه سفید در b1 و رخ a1 هنوز حرکت نکرده‌اند. رخ سیاه در d8 به d1 حمله می‌کند، همان خانه‌ای که رخ سفید در O-O-O در آن می‌نشیند. آیا سفید می‌تواند قلعهٔ بزرگ برود؟",
               ar = "مباراة شطرنج 960. لم يتحرك الملك الأبيض في b1 ولا الرخ في a1. الرخ الأسود في d8 يهاجم d1، حيث يستقر الرخ الأبيض في O-O-O. هل يجوز للأبيض التبييت الطويل؟" },
    choices = YESNO,
    why = { en = "In Chess960 castling, as in ordinary castling (II.3), only the king's squares must be safe: the square it starts on, the squares it crosses and the one it lands on; the rook may land on an attacked square (3.8.2.2).",
            fa = "در قلعهٔ شطرنج ۹۶۰ هم، مانند قلعهٔ معمولی (II.3)، فقط خانه‌های شاه باید امن باشند: خانه‌ای که از آن آغاز می‌کند، خانه‌هایی که از آن‌ها می‌گذرد و خانه‌ای که در آن می‌ایستد؛ رخ می‌تواند در خانه‌ای زیر حمله بنشیند (۳٫۸٫۲٫۲).",
            ar = "في تبييت شطرنج 960، كما في التبييت العادي (II.3)، لا يجب أن تكون آمنة إلا مربعات الملك: المربع الذي يبدأ منه، والمربعات التي يعبرها، والمربع الذي يستقر فيه؛ أما الرخ فيجوز أن يستقر في مربع مهاجَم (3.8.2.2)." },
    fn = queenside_960("3rk3/8/8/8/8/8/8/RK6 w A - 0 1") },

  -- Appendix D (visually disabled players), Guidelines I (adjourned games) and III (quickplay finishes)
  { id = "blind-feeling", level = "medium", backdrop = true,
    prompt = { en = "A visually disabled player feels his knight, without taking it out of its hole. Has he touched it in the sense of touch-move?", fa = "بازیکن نابینا اسبش را لمس می‌کند بی‌آنکه آن را از سوراخش بیرون بیاورد. آیا به معنای قانون دست به مهره آن را لمس کرده است؟",
               ar = "تحسّس لاعب كفيف حصانه دون أن يُخرجه من ثقبه. هل يُعدّ ذلك لمسًا بمعنى قاعدة القطعة الملموسة؟" },
    choices = YESNO, answer = "no",
    why = { en = "On the special board a piece counts as touched only when it has been taken out of its hole (D.2.2).", fa = "روی صفحهٔ ویژه، مهره فقط وقتی لمس‌شده به شمار می‌آید که از سوراخش بیرون آورده شده باشد (D.2.2).",
            ar = "على الرقعة الخاصة لا تُعدّ القطعة ملموسة إلا حين تُخرج من ثقبها (D.2.2)." } },
  { id = "sealed-ambiguous", level = "hard", moves = SEAL,
    prompt = { en = "After {moves} White sealed \"Nd2\". The envelope is opened. What happens?", fa = "پس از {moves} سفید «Nd2» را مهروموم کرد. پاکت باز می‌شود. چه می‌شود؟",
               ar = "بعد {moves} ختم الأبيض «Nd2». فُتح الظرف. ماذا يحدث؟" },
    choices = { { id = "played", text = { en = "The sealed move is played", fa = "حرکت مهروموم‌شده انجام می‌شود", ar = "تُلعب النقلة المختومة" } },
                { id = "loss", text = { en = "White loses the game", fa = "سفید بازی را می‌بازد", ar = "يخسر الأبيض المباراة" } } },
    fn = function(pos, game) local m, why = pos:explain("Nd2", game); return m and "played" or "loss", why end },
  { id = "quickplay-both-flags", level = "hard", backdrop = true,
    prompt = { en = "A game of 90 minutes for all the moves, no increment, under Guidelines III. Both flags are down, and nobody knows which fell first. What is the result?",
               fa = "بازی‌ای با ۹۰ دقیقه برای همهٔ حرکت‌ها و بدون وقت اضافه، با اجرای رهنمودهای III. پرچم هر دو بازیکن افتاده است و کسی نمی‌داند کدام زودتر افتاد. نتیجه چیست؟",
               ar = "مباراة بتسعين دقيقة لكل النقلات دون وقت مضاف، تُطبَّق عليها الإرشادات III. سقط العلمان ولا يعرف أحد أيهما سقط أولًا. ما النتيجة؟" },
    choices = { { id = "draw", text = { en = "A draw", fa = "مساوی", ar = "تعادل" } }, { id = "play_on", text = { en = "The game goes on", fa = "بازی ادامه می‌یابد", ar = "تستمر المباراة" } } },
    answer = "draw",
    why = { en = "Both flags down with no way to tell which first: in the last period, the one in which all remaining moves must be made, the game is drawn (III.3.1.2).",
            fa = "افتادن هر دو پرچم بی‌آنکه بتوان گفت کدام زودتر افتاد: در بخش آخر، یعنی بخشی که همهٔ حرکت‌های باقی‌مانده باید در آن انجام شود، بازی مساوی است (III.3.1.2).",
            ar = "سقوط العلمين دون معرفة أيهما أولًا: في المرحلة الأخيرة، التي يجب أن تُلعب فيها كل النقلات الباقية، تنتهي المباراة بالتعادل (III.3.1.2)." } },
  { id = "quickplay-blitz", level = "medium", backdrop = true,
    prompt = { en = "A blitz game without increment. With 40 seconds left, White asks for a five-second increment under Guidelines III. Do they apply?",
               fa = "بازی برق‌آسا بدون وقت اضافه. سفید با ۴۰ ثانیه وقت، بنابر رهنمودهای III درخواست پنج ثانیه وقت اضافه می‌کند. آیا این رهنمودها اجرا می‌شوند؟",
               ar = "مباراة خاطفة دون وقت مضاف. بقيت للأبيض 40 ثانية فطلب إضافة خمس ثوانٍ وفق الإرشادات III. هل تنطبق؟" },
    choices = YESNO, answer = "no",
    why = { en = "These Guidelines apply only to standard and rapid games without increment, never to blitz (III.2.2).", fa = "این رهنمودها فقط در بازی‌های کلاسیک و سریع بدون وقت اضافه اجرا می‌شوند و در بازی برق‌آسا هرگز اجرا نمی‌شوند (III.2.2).",
            ar = "لا تُطبَّق هذه الإرشادات إلا على المباريات الكلاسيكية والسريعة دون وقت مضاف، ولا على الخاطف أبدًا (III.2.2)." } },
}

local BY_ID, BY_LEVEL = {}, { easy = {}, medium = {}, hard = {} }
for _, s in ipairs(S) do
  BY_ID[s.id] = s
  local list = BY_LEVEL[s.level]
  list[#list + 1] = s
end

-- The game a scenario is about: its board (FEN or the start) and its moves; a scenario whose
-- board does not matter shows a game in progress, White to move, so that no two questions of a
-- batch are alike.
local function game_of(s, rng)
  if s.backdrop then
    for _ = 1, 20 do
      local _, p = Q.random_game(rng, 8, 40)
      if p and p:turn() == "white" and p:status() == "ongoing" and p:legal_count() > 0 then return arbiter.game(p), p end
    end
  end
  local start = s.fen and arbiter.position(s.fen, s.variant) or arbiter.start()
  return arbiter.game(start, s.moves or {}), start
end

local function engine_answer(s, q)
  local game, pos = q.game, q.game:position()
  if s.event then
    local ev = {}
    for k, v in pairs(s.event) do ev[k == "written" and "with_move" or k] = v end
    local out = game:outcome(ev)
    if s.event.claim then return out.claim_valid and "draw" or "play_on", out.explanations end
    if s.event.agree_draw then
      return out.result == "*" and "play_on" or out.termination == "agreement" and "draw" or "over", out.explanations
    end
    local id = Q.result_id(out)
    return id == "ongoing" and "play_on" or id, out.explanations
  end
  if s.penalty then
    local p = s.penalty
    local opts = p.how and { unsupervised = true, opponent_moved = p.how == "late" } or nil
    local out, extra = arbiter.illegal_move_penalty(pos, pos:turn(), p.count, p.tc, nil, opts)
    for _, e in ipairs(out.explanations) do
      if e.code == "illegal_move_stands" then return "stands", out.explanations end
    end
    local id = out.result == "*" and (extra >= 120 and "two_minutes" or "one_minute") or out.result == "1/2-1/2" and "draw" or "loss"
    return id, out.explanations
  end
  local id, why = s.fn(pos, game)
  return id, why
end

return quiz {
  id = "arbiter-scenarios",
  title = { en = "At the arbiter's table", fa = "سر میز داور", ar = "على طاولة الحكم" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local s = Q.pick(rng, BY_LEVEL[Q.level(params)])
    local game, start = game_of(s, rng)
    local uci = {}
    for _, m in ipairs(game:moves()) do uci[#uci + 1] = m.uci end
    local data = { scenario = s.id }
    if s.event then
      data.engine = "event"
      for k, v in pairs(s.event) do data[k] = v == true and "yes" or v end
    elseif s.penalty then
      data.engine = "penalty"
      data.time_control, data.count, data.supervision = s.penalty.tc, tostring(s.penalty.count), s.penalty.how or "supervised"
    end
    return Q.question(game:position(), s.prompt,
      { vars = { moves = #uci > 0 and Q.move_list(game) or "", opponent = Q.color_text(Q.other(game:position():turn())) }, choices = s.choices, data = data, game = game,
        start_fen = start:fen(), moves = uci, scenario = s })
  end,

  grade = function(q, answer, lang)
    local s = q.scenario
    local expected, why
    if s.answer then
      expected = s.answer
      why = { Q.note("scenario_why", s.why, lang) }
    else
      expected, why = engine_answer(s, q)
      why = why or {}
      if s.why then table.insert(why, 1, Q.note("scenario_why", s.why, lang)) end
    end
    return Q.grade_choice(q, answer, lang, expected, why)
  end,
}
