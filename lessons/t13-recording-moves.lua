-- Recording the moves (FIDE Article 8, Appendix C, A.2): the scoresheet in algebraic notation as
-- FIDE writes it (0-0, b8Q, the optional x + #, the long form Ng1f3), when a move is written
-- (8.1.2, 8.1.3), the draw offer (=), the five-minute rule (8.4), scoresheets brought up to date
-- (8.5), the signed result (8.7) and rapid games (A.2). The engine reads what is written.

-- A move written as on a scoresheet: a piece move starts with the piece's letter (Nbc3, Nb1c3),
-- castling is 0-0 or 0-0-0 (the letter O is read too), a promotion names its piece (b8Q).
local function on_scoresheet(ctx)
  local a = (ctx.answer or ctx.move.san):gsub("%s", "")
  if ctx.move.castle then return a:match("^[0O]%-[0O]") ~= nil end
  if ctx.move.promotion then return a:match("[QRBN][+#]?$") ~= nil end
  return ctx.move.piece == "P" or a:match("^[KQRBN]") ~= nil
end
local UCI_FORM = { en = "That is how a computer writes the move (its two squares, UCI). On the scoresheet a piece move starts with the piece's letter (the long form keeps it: Nb1c3), and a promotion names the new piece (C.8, C.11).",
                   fa = "رایانه حرکت را این‌طور می‌نویسد (با دو خانه‌اش، UCI). روی برگهٔ ثبت حرکات حرکت مهره با حرف آن مهره شروع می‌شود (شکل بلند هم آن را دارد: Nb1c3) و ارتقا نام مهرهٔ تازه را دارد (C.8، C.11).",
                   ar = "هكذا يكتب الحاسوب النقلة (بمربعيها، UCI). أما في ورقة التسجيل فتبدأ نقلة القطعة بحرفها (والصيغة الطويلة تحتفظ به: Nb1c3)، وتذكر الترقية اسم القطعة الجديدة (C.8، C.11)." }
-- A move task that wants the move `want` written as on a scoresheet: that move written as the
-- computer writes it gets UCI_FORM, any other move the step's `wrong` text.
local function scoresheet_task(want, step)
  local other = step.wrong
  step.expect = all_of(want, on_scoresheet)
  step.wrong = function(ctx)
    if ctx and want(ctx) then return UCI_FORM end
    return other
  end
  return move_task(step)
end
local yes_no_sign = {
  { id = "stands", text = { en = "The signed result stands", fa = "نتیجهٔ امضاشده پابرجاست", ar = "تبقى النتيجة الموقَّعة" } },
  { id = "corrected", text = { en = "It is always corrected to the real result", fa = "همیشه به نتیجهٔ واقعی اصلاح می‌شود", ar = "تُصحَّح دائمًا إلى النتيجة الحقيقية" } },
  { id = "replayed", text = { en = "The game is replayed", fa = "بازی دوباره انجام می‌شود", ar = "تُعاد المباراة" } },
}
return lesson {
  id = "recording-moves",
  title = { en = "Keeping the scoresheet", fa = "نوشتن برگهٔ ثبت حرکات", ar = "تسجيل النقلات في ورقة التسجيل" },
  level = "advanced",
  tags = { "arbiter", "notation" },
  rules = { "8", "8.1", "8.1.1", "8.1.2", "8.1.3", "8.1.5", "8.2", "8.3", "8.4", "8.5", "8.5.2", "8.6", "8.7", "9.1.2.2", "6.4", "A.2",
            "C", "C.8", "C.9", "C.10", "C.11", "C.12", "C.13" },
  steps = {
    teach {
      fen = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
      diagram = { squares = { "d5" }, arrows = { { "e4", "d5" }, { "c4", "d5" } } },
      text = { en = "In a standard game each player writes every move, his own and the opponent's, clearly in algebraic notation on the scoresheet, move after move (8.1). A move is written after it has been made — never in advance, except when claiming a draw (9.2, 9.3) or adjourning. Pawn captures keep the file they came from (exd5), a promotion shows the new piece (e8=Q).",
               fa = "در بازی کلاسیک هر بازیکن همهٔ حرکت‌ها را، چه حرکت خودش و چه حرکت حریف، یکی پس از دیگری و با خط خوانا به نگارش جبری روی برگهٔ ثبت حرکات می‌نویسد (۸٫۱). حرکت پس از انجام شدن نوشته می‌شود و هرگز از پیش، مگر هنگام ادعای تساوی (۹٫۲، ۹٫۳) یا به تعویق انداختن بازی. در زدن با پیاده ستون مبدأ نوشته می‌شود (exd5) و در ارتقا مهرهٔ تازه (e8=Q).",
               ar = "في المباراة الكلاسيكية يكتب كل لاعب جميع النقلات، نقلاته ونقلات خصمه، واحدة تلو الأخرى، بوضوح وبالتدوين الجبري في ورقة التسجيل (8.1). وتُكتب النقلة بعد أن تُلعب، لا قبل ذلك أبدًا، إلا عند المطالبة بالتعادل (9.2، 9.3) أو تأجيل المباراة. ويُحفظ في أخذ البيدق العمود الذي جاء منه (exd5)، وتُبيَّن في الترقية القطعة الجديدة (e8=Q)." },
    },
    true_false {
      prompt = { en = "A player writes his intended move on the scoresheet before playing it, to think it over. Is that allowed?",
                 fa = "بازیکنی حرکتی را که در نظر دارد پیش از انجام آن روی برگه می‌نویسد تا درباره‌اش فکر کند. آیا اجازهٔ این کار را دارد؟",
                 ar = "يكتب لاعب النقلة التي ينويها في ورقة التسجيل قبل أن يلعبها ليفكّر فيها. هل يجوز ذلك؟" },
      answer = false,
      wrong = { en = "Recording a move in advance is forbidden (8.1.2); a player may write a move first only to claim a draw (9.2, 9.3) or to seal it at an adjournment.",
                fa = "نوشتن حرکت از پیش ممنوع است (۸٫۱٫۲)؛ بازیکن فقط برای ادعای تساوی (۹٫۲، ۹٫۳) یا برای مهر و موم کردن حرکت هنگام به‌تعویق‌انداختن بازی می‌تواند حرکتی را پیش از انجام آن بنویسد.",
                ar = "تسجيل النقلة مسبقًا ممنوع (8.1.2)؛ ولا يجوز للاعب أن يكتب نقلة قبل لعبها إلا للمطالبة بالتعادل (9.2، 9.3) أو لختمها عند تأجيل المباراة." },
      success = { en = "Right: moves are written after they are made; recording one in advance is forbidden (8.1.2), except to claim a draw or to seal a move.",
                  fa = "درست است: حرکت پس از انجام شدن نوشته می‌شود؛ نوشتن آن از پیش ممنوع است (۸٫۱٫۲)، مگر برای ادعای تساوی یا مهر و موم کردن حرکت.",
                  ar = "صحيح: تُكتب النقلة بعد لعبها؛ وتسجيلها مسبقًا ممنوع (8.1.2)، إلا للمطالبة بالتعادل أو لختم نقلة." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    move_task {
      fen = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
      prompt = { en = "Record the capture on d5 by the e-pawn: play it as it would be written on the scoresheet.", fa = "زدن پیادهٔ d5 با پیادهٔ ستون e را همان‌طور که روی برگه نوشته می‌شود بازی کنید.",
                 ar = "العب أخذ بيدق d5 ببيدق العمود e كما يُكتب في ورقة التسجيل." },
      expect = all_of(from_square("e4"), to_square("d5")),
      success = { en = "Right: exd5 — the file the pawn came from tells the two possible captures apart (C.9.3); the x may be left out, and the long form e4xd5 is correct too.", fa = "درست است: exd5؛ ستون مبدأ پیاده دو زدن ممکن را از هم جدا می‌کند (C.9.3)؛ x را می‌توان ننوشت، و شکل بلند e4xd5 هم درست است.",
                  ar = "صحيح: ‏exd5 — عمود البيدق الذي جاء منه يميّز بين الأخذين الممكنين (C.9.3)؛ ويجوز حذف x، والصيغة الطويلة e4xd5 صحيحة أيضًا." },
      wrong = { en = "That is the other pawn's capture.", fa = "این زدن با پیادهٔ دیگر است.", ar = "هذا أخذ بالبيدق الآخر." },
      tests = { right = { "exd5", "e4d5" }, wrong = { ["cxd5"] = "deviation", ["xd5"] = "san_malformed" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "White castles on the side of the a1-rook. What goes on the scoresheet?", fa = "سفید در سمت رخ a1 قلعه می‌رود. روی برگه چه نوشته می‌شود؟",
                 ar = "يبيّت الأبيض في جهة رخ a1. ماذا يُكتب في ورقة التسجيل؟" },
      choices = {
        { id = "a", text = { en = "0-0-0", fa = "0-0-0", ar = "0-0-0" } },
        { id = "b", text = { en = "0-0", fa = "0-0", ar = "0-0" } },
        { id = "c", text = { en = "Kc1", fa = "Kc1", ar = "Kc1" } },
      },
      answer = function(pos) return pos:parse("e1c1").san == "O-O-O" and "a" or "c" end,
      wrong = { en = "Castling with the rook on a1 (or a8) is queenside castling, written 0-0-0 (C.13.2); 0-0 is castling with the h-rook, and Kc1 would be a king move, not castling.",
                fa = "قلعه با رخ a1 (یا a8) قلعهٔ بزرگ است و 0-0-0 نوشته می‌شود (C.13.2)؛ 0-0 قلعه با رخ h است و Kc1 حرکت شاه است، نه قلعه.",
                ar = "التبييت مع رخ a1 (أو a8) تبييت طويل ويُكتب 0-0-0 (C.13.2)؛ أما 0-0 فتبييت مع رخ h، وKc1 نقلة ملك لا تبييت." },
      success = { en = "Right: castling with the a-rook is queenside castling, 0-0-0 (C.13.2); computers and PGN files write the letter O: O-O-O.", fa = "درست است: قلعه با رخ a قلعهٔ بزرگ است: 0-0-0 (C.13.2)؛ رایانه‌ها و فایل‌های PGN حرف O می‌نویسند: O-O-O.",
                  ar = "صحيح: التبييت مع رخ a تبييت طويل: 0-0-0 (C.13.2)؛ والحاسوب وملفات PGN تكتب الحرف O: ‏O-O-O." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
    teach {
      fen = "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1",
      text = { en = "When two pieces of the same kind can reach the same square, the scoresheet must show which one moved: add the file it came from (Nbc3), or its rank when the file does not tell them apart (App. C). Here both knights can go to c3, so Nc3 alone would not say which.",
               fa = "وقتی دو مهرهٔ هم‌نوع بتوانند به یک خانه بروند، برگهٔ ثبت حرکات باید نشان دهد کدام‌یک حرکت کرده است: ستون مبدأ را بیفزایید (Nbc3)، یا اگر ستون آن دو را از هم جدا نمی‌کند، ردیف مبدأ را (پیوست C). اینجا هر دو اسب می‌توانند به c3 بروند، پس Nc3 به‌تنهایی نمی‌گوید کدام.",
               ar = "إذا استطاعت قطعتان من النوع نفسه بلوغ المربع نفسه، وجب أن تُبيّن ورقة التسجيل أيّهما تحرّكت: أضف العمود الذي جاءت منه (Nbc3)، أو صفّها إن لم يميّز العمود بينهما (الملحق C). هنا يستطيع الحصانان كلاهما الذهاب إلى c3، فلا تقول Nc3 وحدها أيّهما المقصود." },
      diagram = { squares = { "c3" }, arrows = { { "b1", "c3" }, { "d1", "c3" } } },
    },
    scoresheet_task(all_of(from_square("b1"), to_square("c3")), {
      fen = "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1",
      prompt = { en = "Play the knight from b1 to c3, written the way it goes on the scoresheet.",
                 fa = "اسب b1 را به c3 ببرید و حرکت را همان‌طور بنویسید که روی برگهٔ ثبت حرکات نوشته می‌شود.",
                 ar = "انقل الحصان من b1 إلى c3، واكتب النقلة كما تُكتب في ورقة التسجيل." },
      wrong = { en = "That is the other knight's move.", fa = "این حرکت اسب دیگر است.", ar = "هذه نقلة الحصان الآخر." },
      success = { en = "Right: Nbc3 — the b tells the reader which of the two knights went to c3.",
                  fa = "درست است: Nbc3؛ حرف b به خواننده می‌گوید کدام‌یک از دو اسب به c3 رفته است.",
                  ar = "صحيح: Nbc3‏ — يبيّن الحرف b للقارئ أيّ الحصانين ذهب إلى c3." },
      tests = { right = { "Nbc3", "Nb1c3" }, wrong = { ["b1c3"] = "deviation", ["Nc3"] = "ambiguous", ["Ndc3"] = "deviation" } },
    }),
    scoresheet_task(promotes("Q"), {
      fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Promote the pawn to a queen, written as on the scoresheet.", fa = "پیاده را به وزیر ارتقا دهید و حرکت را همان‌طور بنویسید که روی برگه نوشته می‌شود.",
                 ar = "رقِّ البيدق إلى وزير، واكتب النقلة كما تُكتب في ورقة التسجيل." },
      wrong = { en = "That promotes to another piece; this step asks for a queen.", fa = "این ارتقا به مهرهٔ دیگری است؛ این مرحله وزیر می‌خواهد.",
                ar = "هذه ترقية إلى قطعة أخرى، وهذه الخطوة تطلب وزيرًا." },
      success = { en = "Right: b8Q — the pawn's move, then the new piece (C.11); b8=Q is the computer's way. Without the piece (b8) the move is not complete.",
                  fa = "درست است: b8Q؛ حرکت پیاده و سپس مهرهٔ تازه (C.11)؛ b8=Q شیوهٔ رایانه است. بدون نام مهره (b8) حرکت کامل نیست.",
                  ar = "صحيح: b8Q‏ — نقلة البيدق ثم القطعة الجديدة (C.11)؛ أما b8=Q فطريقة الحاسوب. ومن دون القطعة (b8) لا تكتمل النقلة." },
      tests = { right = { "b8Q", "b8=Q" }, wrong = { ["b7b8q"] = "deviation", ["b8"] = "promotion_required", ["b8=N"] = "deviation" } },
    }),
    teach {
      fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      diagram = { squares = { "b5" }, arrows = { { "f1", "b5" } } },
      text = { en = "A player may answer the opponent's move before writing it down, but must record his or her previous move before making another (8.1.3). A draw offer is written by both players as (=) after the move (9.1.2.2, C.12). The x, + and # are optional (C.13), and the long form with the square of departure, Ng1f3 or e2e4, is correct too (C.8).",
               fa = "بازیکن می‌تواند پیش از نوشتن حرکت حریف به آن پاسخ دهد، اما باید حرکت قبلی خودش را پیش از انجام حرکتی دیگر بنویسد (۸٫۱٫۳). پیشنهاد تساوی را هر دو بازیکن پس از حرکت با (=) می‌نویسند (۹٫۱٫۲٫۲، C.12). x و + و # اختیاری‌اند (C.13)، و شکل بلند با خانهٔ مبدأ، Ng1f3 یا e2e4، هم درست است (C.8).",
               ar = "يجوز للاعب أن يردّ على نقلة خصمه قبل كتابتها، لكن يجب أن يسجّل نقلته السابقة قبل أن يلعب أخرى (8.1.3). ويكتب اللاعبان عرض التعادل بالرمز (=) بعد النقلة (9.1.2.2، C.12). والرموز x و+ و# اختيارية (C.13)، والصيغة الطويلة مع مربع الانطلاق، Ng1f3 أو e2e4، صحيحة أيضًا (C.8)." },
    },
    choice {
      fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      prompt = { en = "White plays Bb5 and offers a draw. What do both players write on their scoresheets?",
                 fa = "سفید Bb5 را بازی می‌کند و تساوی پیشنهاد می‌دهد. هر دو بازیکن روی برگهٔ خود چه می‌نویسند؟",
                 ar = "يلعب الأبيض Bb5 ويعرض التعادل. ماذا يكتب اللاعبان في ورقتي تسجيلهما؟" },
      choices = {
        { id = "a", text = { en = "Bb5 (=)", fa = "Bb5 (=)", ar = "Bb5 (=)" } },
        { id = "b", text = { en = "Bb5, and nothing about the offer", fa = "Bb5، و هیچ چیز دربارهٔ پیشنهاد", ar = "Bb5، ولا شيء عن العرض" } },
        { id = "c", text = { en = "Only White writes \"draw?\"", fa = "فقط سفید می‌نویسد «مساوی؟»", ar = "يكتب الأبيض وحده «تعادل؟»" } },
      },
      answer = "a",
      wrong = { en = "Both players record the offer, with the symbol (=) after the move (8.1.5, 9.1.2.2): it matters later, for instance when the arbiter decides whether offers were unreasonable.",
                fa = "هر دو بازیکن پیشنهاد را با نشانهٔ (=) پس از حرکت می‌نویسند (۸٫۱٫۵، ۹٫۱٫۲٫۲): این بعدها اهمیت دارد، مثلاً وقتی داور تصمیم می‌گیرد که آیا پیشنهادها نابجا بوده‌اند.",
                ar = "يسجّل اللاعبان كلاهما العرض بالرمز (=) بعد النقلة (8.1.5، 9.1.2.2): فلذلك أهمية لاحقًا، كأن يقرّر الحكم هل كانت العروض مفرطة." },
      success = { en = "Right: both players mark the offer with (=) after the move (8.1.5, 9.1.2.2, C.12).",
                  fa = "درست است: هر دو بازیکن پیشنهاد را پس از حرکت با (=) نشان می‌دهند (۸٫۱٫۵، ۹٫۱٫۲٫۲، C.12).",
                  ar = "صحيح: يميّز اللاعبان كلاهما العرض بالرمز (=) بعد النقلة (8.1.5، 9.1.2.2، C.12)." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
    true_false {
      prompt = { en = "Black answers White's move at once, before writing it down, and then writes both moves. Is that allowed?",
                 fa = "سیاه بی‌درنگ و پیش از نوشتن حرکت سفید به آن پاسخ می‌دهد و سپس هر دو حرکت را می‌نویسد. آیا سیاه اجازهٔ چنین کاری دارد؟",
                 ar = "يردّ الأسود على نقلة الأبيض فورًا قبل كتابتها، ثم يكتب النقلتين. هل يجوز ذلك؟" },
      answer = true,
      wrong = { en = "A player may reply before recording the opponent's move (8.1.3). What is not allowed is making another move of one's own while one's previous move is still unwritten.",
                fa = "بازیکن می‌تواند پیش از نوشتن حرکت حریف به آن پاسخ دهد (۸٫۱٫۳). کاری که اجازه ندارد، انجام حرکت دیگری از خود است، در حالی که حرکت قبلی‌اش هنوز نوشته نشده است.",
                ar = "يجوز للاعب أن يردّ قبل تسجيل نقلة خصمه (8.1.3). أما غير الجائز فأن يلعب نقلة أخرى له ونقلته السابقة لم تُكتب بعد." },
      success = { en = "Right: 8.1.3 lets a player reply first, as long as his or her own previous move is written before the next one is made.",
                  fa = "درست است: ۸٫۱٫۳ اجازه می‌دهد بازیکن اول پاسخ دهد، به شرط آنکه حرکت قبلی خودش پیش از انجام حرکت بعدی نوشته شده باشد.",
                  ar = "صحيح: يسمح البند 8.1.3 للاعب أن يردّ أولًا، ما دامت نقلته السابقة قد كُتبت قبل أن يلعب التالية." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    teach {
      text = { en = "When a player has less than five minutes left in a period and does not get 30 seconds or more added with each move, he or she need not record the moves for the rest of that period (8.4). After a flag falls, a player who stopped recording must bring the scoresheet up to date before moving a piece (8.5.2). In rapid and blitz nobody needs to record at all, and no right to claim is lost by that (A.2).",
               fa = "وقتی بازیکنی در یک دوره کمتر از پنج دقیقه وقت دارد و با هر حرکت ۳۰ ثانیه یا بیشتر به وقتش افزوده نمی‌شود، لازم نیست در باقی آن دوره حرکت‌ها را بنویسد (۸٫۴). پس از تمام شدن وقت یکی از دو بازیکن، بازیکنی که نوشتن را کنار گذاشته بود باید پیش از حرکت دادن هر مهره‌ای برگه‌اش را کامل کند (۸٫۵٫۲). در بازی سریع و برق‌آسا هیچ‌کس مجبور به نوشتن نیست، و از این راه هیچ حق ادعایی از دست نمی‌رود (A.2).",
               ar = "إذا بقي للاعب أقل من خمس دقائق في فترة ما، ولا تُضاف إليه 30 ثانية أو أكثر مع كل نقلة، فلا يلزمه تسجيل النقلات حتى نهاية تلك الفترة (8.4). وبعد نفاد وقت أحد اللاعبين يجب على اللاعب الذي توقف عن التسجيل أن يُكمل ورقته قبل أن يحرّك أي قطعة (8.5.2). وفي الشطرنج السريع والخاطف لا يلزم أحدًا التسجيل أصلًا، ولا يضيع بذلك أي حق في المطالبة (A.2)." },
      fen = "8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 60",
      diagram = { squares = { "d1", "d7" }, arrows = { { "d1", "d7" } } },
    },
    teach {
      fen = "8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 60",
      diagram = { squares = { "g2", "g7" }, arrows = {} },
      text = { en = "The scoresheet stays visible to the arbiter throughout the game (8.2), and the scoresheets belong to the organiser (8.3). If, after a flag fall, the scoresheets cannot be brought up to date to show that a player overstepped the time, the next move made counts as the first of the next period, unless there is evidence that more moves were made (8.6).",
               fa = "برگهٔ ثبت حرکات در تمام طول بازی باید برای داور دیدنی باشد (۸٫۲)، و برگه‌های ثبت حرکات متعلق به برگزارکنندهٔ مسابقه است (۸٫۳). اگر پس از افتادن پرچم نتوان برگه‌ها را چنان کامل کرد که نشان دهند بازیکنی از وقتش فراتر رفته است، حرکت بعدی نخستین حرکت دورهٔ بعد به شمار می‌آید، مگر آنکه شاهدی باشد که حرکت‌های بیشتری انجام شده است (۸٫۶).",
               ar = "تبقى ورقة التسجيل ظاهرة للحكم طوال المباراة (8.2)، وأوراق التسجيل ملك لمنظّم البطولة (8.3). وإذا تعذّر بعد سقوط علمٍ استكمال أوراق التسجيل بحيث تُظهر أن لاعبًا تجاوز وقته، عُدّت النقلة التالية أولى نقلات الفترة التالية، ما لم يقم دليل على أن نقلات أكثر قد لُعبت (8.6)." },
    },
    choice {
      prompt = { en = "A standard game at 90 minutes plus 30 seconds a move. White has three minutes left. Must White go on recording the moves?",
                 fa = "بازی کلاسیک با ۹۰ دقیقه و ۳۰ ثانیه برای هر حرکت. سفید سه دقیقه وقت دارد. آیا سفید باید نوشتن حرکت‌ها را ادامه دهد؟",
                 ar = "مباراة كلاسيكية بتسعين دقيقة وثلاثين ثانية لكل نقلة. بقي للأبيض ثلاث دقائق. هل يجب على الأبيض مواصلة تسجيل النقلات؟" },
      choices = {
        { id = "yes", text = { en = "Yes: the increment is 30 seconds", fa = "بله: افزایش زمان ۳۰ ثانیه است", ar = "نعم: الزيادة 30 ثانية" } },
        { id = "no", text = { en = "No: under five minutes nobody records", fa = "نه: زیر پنج دقیقه کسی نمی‌نویسد", ar = "لا: تحت خمس دقائق لا يسجّل أحد" } },
      },
      answer = "yes",
      wrong = { en = "The five-minute exception holds only without an increment of 30 seconds or more (8.4): with 30 seconds a move there is time to write, so White must go on recording.",
                fa = "استثنای پنج دقیقه فقط وقتی برقرار است که افزایش زمانِ ۳۰ ثانیه یا بیشتر در کار نباشد (۸٫۴): با ۳۰ ثانیه برای هر حرکت فرصت نوشتن هست، پس سفید باید نوشتن را ادامه دهد.",
                ar = "استثناء الدقائق الخمس لا يسري إلا إذا لم تكن هناك زيادة 30 ثانية أو أكثر (8.4): فمع 30 ثانية لكل نقلة يتسع الوقت للكتابة، فيجب على الأبيض مواصلة التسجيل." },
      success = { en = "Right: with 30 seconds or more added each move, the five-minute exception does not apply (8.4).",
                  fa = "درست است: وقتی با هر حرکت ۳۰ ثانیه یا بیشتر افزوده می‌شود، استثنای پنج دقیقه اجرا نمی‌شود (۸٫۴).",
                  ar = "صحيح: حين تُضاف 30 ثانية أو أكثر مع كل نقلة لا يسري استثناء الدقائق الخمس (8.4)." },
      tests = { right = { "yes" }, wrong = { ["no"] = "wrong_answer" } },
    },
    choice {
      prompt = { en = "A game at 90 minutes for 40 moves, then 30 minutes, no increment. Black has four minutes left before move 40 and stops recording. Black's flag falls after the 40th move was made, so the game goes on in the next period. What must Black do before moving a piece?",
                 fa = "بازی با ۹۰ دقیقه برای ۴۰ حرکت و سپس ۳۰ دقیقه، بدون افزایش زمان. سیاه پیش از حرکت ۴۰ چهار دقیقه وقت دارد و نوشتن را کنار می‌گذارد. وقت سیاه پس از انجام چهلمین حرکت تمام می‌شود، پس بازی در دورهٔ بعد ادامه می‌یابد. سیاه پیش از حرکت دادن مهره‌ای چه باید بکند؟",
                 ar = "مباراة بتسعين دقيقة لأربعين نقلة ثم ثلاثين دقيقة، دون زيادة. بقي للأسود أربع دقائق قبل النقلة الأربعين فتوقف عن التسجيل. ثم نفد وقت الأسود بعد أن لُعبت النقلة الأربعون، فتستمر المباراة في الفترة التالية. ماذا يجب على الأسود أن يفعل قبل أن يحرّك أي قطعة؟" },
      choices = {
        { id = "a", text = { en = "Bring the scoresheet up to date", fa = "برگه‌اش را کامل کند", ar = "أن يُكمل ورقة تسجيله" } },
        { id = "b", text = { en = "Nothing: only the arbiter keeps score now", fa = "هیچ: اکنون فقط داور حرکت‌ها را می‌نویسد", ar = "لا شيء: الحكم وحده يسجّل الآن" } },
        { id = "c", text = { en = "Nothing: he or she may play on without writing", fa = "هیچ: می‌تواند بی‌نوشتن ادامه دهد", ar = "لا شيء: يجوز له مواصلة اللعب دون كتابة" } },
      },
      answer = "a",
      wrong = { en = "The five-minute exception (8.4) lasts only until a flag falls. After it, the player who stopped must bring the scoresheet up to date before moving a piece (8.5.2), using the opponent's if needed.",
                fa = "۸٫۴ بازیکن را فقط تا تمام شدن وقت یکی از دو طرف از نوشتن معاف می‌کند. پس از آن، بازیکنی که نوشتن را کنار گذاشته بود باید پیش از حرکت دادن مهره‌ای برگه‌اش را کامل کند (۸٫۵٫۲)، و در صورت نیاز از برگهٔ حریف کمک بگیرد.",
                ar = "لا يعفي البند 8.4 اللاعب من التسجيل إلا حتى نفاد وقت أحد اللاعبين. وبعد ذلك يجب على من توقف عن التسجيل أن يُكمل ورقته قبل أن يحرّك قطعة (8.5.2)، مستعينًا بورقة خصمه عند الحاجة." },
      success = { en = "Right: once a flag has fallen, the player who stopped recording completes the scoresheet before moving a piece (8.5.2); the arbiter uses the scoresheets to check that the 40 moves were made (6.4).",
                  fa = "درست است: وقتی وقت یکی تمام شد، بازیکنی که نوشتن را کنار گذاشته بود پیش از حرکت دادن مهره‌ای برگه‌اش را کامل می‌کند (۸٫۵٫۲)؛ داور با برگه‌ها بررسی می‌کند که ۴۰ حرکت انجام شده باشد (۶٫۴).",
                  ar = "صحيح: متى نفد وقت أحدهما، يُكمل اللاعب الذي توقف عن التسجيل ورقته قبل أن يحرّك قطعة (8.5.2)؛ ويتحقق الحكم من الورقتين أن النقلات الأربعين قد لُعبت (6.4)." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
    choice {
      prompt = { en = "After the game both players sign the scoresheets with the result 1-0, but the game was in fact a draw. They notice an hour later. What happens?",
                 fa = "پس از بازی هر دو بازیکن برگه‌ها را با نتیجهٔ ۱-۰ امضا می‌کنند، اما بازی در واقع مساوی بود. یک ساعت بعد متوجه می‌شوند. چه می‌شود؟",
                 ar = "بعد المباراة يوقّع اللاعبان ورقتي التسجيل بالنتيجة 1-0، لكن المباراة كانت في الحقيقة تعادلًا. ويلاحظان ذلك بعد ساعة. ماذا يحدث؟" },
      choices = yes_no_sign,
      answer = "stands",
      wrong = { en = "A result both players signed stands even when it is wrong, unless the arbiter decides otherwise (8.7). Signing is not a formality: read the result before you sign.",
                fa = "نتیجه‌ای که هر دو بازیکن امضا کرده‌اند حتی اگر نادرست باشد پابرجا می‌ماند، مگر آنکه داور جز این تصمیم بگیرد (۸٫۷). امضا کردن تشریفات نیست: پیش از امضا نتیجه را بخوانید.",
                ar = "النتيجة التي وقّعها اللاعبان تبقى ولو كانت خاطئة، ما لم يقرّر الحكم خلاف ذلك (8.7). فالتوقيع ليس إجراءً شكليًا: اقرأ النتيجة قبل أن توقّع." },
      success = { en = "Right: even if incorrect, the signed result stands unless the arbiter decides otherwise (8.7).",
                  fa = "درست است: نتیجهٔ امضاشده حتی اگر نادرست باشد پابرجا می‌ماند، مگر آنکه داور جز این تصمیم بگیرد (۸٫۷).",
                  ar = "صحيح: تبقى النتيجة الموقّعة ولو كانت خاطئة، ما لم يقرّر الحكم خلاف ذلك (8.7)." },
      tests = { right = { "stands" }, wrong = { ["corrected"] = "wrong_answer", ["replayed"] = "wrong_answer" } },
    },
  },
}
