-- Algebraic notation (FIDE Appendix C): piece letters, the optional x, + and #, castling 0-0,
-- promotion b8Q and telling two pieces apart. The engine reads every answer and says why an
-- unreadable or ambiguous one is refused; the tasks take the move as a scoresheet shows it
-- (Nf3 or the long form Ng1f3, not the computer's g1f3).

-- A move written as on a scoresheet: a piece move starts with the piece's letter (Nf3, Ng1f3),
-- castling is 0-0 or 0-0-0 (the letter O is read too), a promotion names its piece (b8Q).
local function on_scoresheet(ctx)
  local a = ctx.answer:gsub("%s", "")
  if ctx.move.castle then return a:match("^[0O]%-[0O]") ~= nil end
  if ctx.move.promotion then return a:match("[QRBN][+#]?$") ~= nil end
  return ctx.move.piece == "P" or a:match("^[KQRBN]") ~= nil
end
local UCI_FORM = { en = "That is how a computer writes the move (its two squares). On a scoresheet a piece move starts with the piece's letter, castling is 0-0 or 0-0-0, and a promotion names the new piece.",
                   fa = "رایانه حرکت را این‌طور می‌نویسد (با دو خانه‌اش). روی برگهٔ ثبت حرکات، حرکت مهره با حرف آن مهره شروع می‌شود، قلعه 0-0 یا 0-0-0 نوشته می‌شود و ارتقا نام مهرهٔ تازه را دارد.",
                   ar = "هكذا يكتب الحاسوب النقلة (بمربعيها). أما في ورقة التسجيل فتبدأ نقلة القطعة بحرفها، ويُكتب التبييت 0-0 أو 0-0-0، وتذكر الترقية اسم القطعة الجديدة." }
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
return lesson {
  id = "notation",
  title = { en = "Writing moves: algebraic notation", fa = "نوشتن حرکت‌ها: نگارش جبری",
            ar = "تدوين النقلات: التدوين الجبري" },
  level = "beginner",
  tags = { "basics", "notation" },
  rules = { "C", "C.1", "C.2", "C.3", "C.4", "C.10" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
      text = { en = "A move is written as the piece's letter and the square it goes to: K king, Q queen, R rook, B bishop, N knight; a pawn has no letter. The knight from g1 to f3 is Nf3, a pawn to e4 is e4. A capture adds x (Nxe5, or exd5 for a pawn, with the file it left), check adds +, checkmate #.",
               fa = "هر حرکت با حرف مهره و خانهٔ مقصد نوشته می‌شود: K شاه، Q وزیر، R رخ، B فیل، N اسب؛ پیاده حرفی ندارد. اسب از g1 به f3 می‌شود Nf3 و پیاده به e4 می‌شود e4. در گرفتن مهره x اضافه می‌شود (Nxe5، یا برای پیاده exd5 با ستونی که از آن آمده)، کیش با + و مات با # نوشته می‌شود.",
               ar = "تُكتب النقلة بحرف القطعة ثم المربع الذي تذهب إليه: K الملك، Q الوزير، R الرخ، B الفيل، N الحصان؛ أما البيدق فلا حرف له. نقلة الحصان من g1 إلى f3 تُكتب Nf3، ونقلة البيدق إلى e4 تُكتب e4. ويُضاف x عند الأخذ (Nxe5، أو exd5 للبيدق مع العمود الذي غادره)، و+ للكش، و# للإماتة." },
      diagram = { squares = { "g1", "f3" }, arrows = { { "g1", "f3" } } },
    },
    scoresheet_task(is_move("Nf3"), {
      prompt = { en = "Play the knight from g1 to f3, written in notation.", fa = "اسب را از g1 به f3 ببرید و حرکت را با نگارش جبری بنویسید.",
                 ar = "انقل الحصان من g1 إلى f3 واكتب النقلة بالتدوين الجبري." },
      success = { en = "Right: N for the knight, f3 for the square: Nf3. The long form Ng1f3, with the square it came from, is correct too.",
                  fa = "درست است: N برای اسب و f3 برای خانه: Nf3. شکل بلند Ng1f3، با خانه‌ای که از آن آمد، هم درست است.",
                  ar = "صحيح: N للحصان وf3 للمربع: Nf3. والصيغة الطويلة Ng1f3، مع المربع الذي جاء منه، صحيحة أيضًا." },
      wrong = { en = "That is a legal move, but not the knight to f3.", fa = "این حرکت قانونی است، اما حرکت اسب به f3 نیست.",
                ar = "هذه نقلة قانونية، لكنها ليست نقلة الحصان إلى f3." },
      tests = { right = { "Nf3", "Ng1f3" }, wrong = { ["g1f3"] = "deviation", ["Nc3"] = "deviation", ["Kf3"] = "no_piece_can_move_there", ["Nf9"] = "san_malformed" } },
    }),
    move_task {
      fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
      prompt = { en = "Capture the pawn on d5 with your pawn.", fa = "با پیادهٔ خود پیادهٔ d5 را بزنید.",
                 ar = "خذ بيدق d5 ببيدقك." },
      expect = captures("P"),
      success = { en = "Right: exd5 — the pawn's file e, x for the capture, then the square d5.",
                  fa = "درست است: exd5 — ستون پیاده (e)، x برای گرفتن و سپس خانهٔ d5.",
                  ar = "صحيح: exd5 — عمود البيدق e، ثم x للأخذ، ثم المربع d5." },
      wrong = { en = "That move does not capture the pawn on d5.", fa = "این حرکت پیادهٔ d5 را نمی‌زند.",
                ar = "هذه النقلة لا تأخذ بيدق d5." },
      tests = { right = { "exd5", "e4d5" }, wrong = { ["e5"] = "deviation", ["Kd2"] = "deviation" } },
    },
    teach {
      fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
      diagram = { squares = { "g1" }, arrows = {} },
      text = { en = "In notation, \"piece\" means any piece other than a pawn (C.1). Each player may write the piece letters of his or her own language: a French player writes F, for fou, for the bishop (C.3). These lessons use the English letters K, Q, R, B and N (C.2).",
               fa = "منظور از مهره در نگارش، هر مهره‌ای جز پیاده است (C.1). هر بازیکن می‌تواند حرف‌های مهره‌ها را به زبان خودش بنویسد: بازیکن فرانسوی برای فیل F می‌نویسد، از واژهٔ fou (C.3). این درس‌ها حرف‌های انگلیسی K، Q، R، B و N را به کار می‌برند (C.2).",
               ar = "المقصود بالقطعة في التدوين أي قطعة غير البيدق (C.1). ويجوز لكل لاعب أن يكتب حروف القطع بلغته: فاللاعب الفرنسي يكتب F للفيل، من كلمة fou (C.3). وتستعمل هذه الدروس الحروف الإنجليزية K وQ وR وB وN (C.2)." },
    },
    teach {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      text = { en = "Castling has its own signs, written with zeros: 0-0 is kingside castling and 0-0-0 queenside castling (computers write the letter O: O-O). A pawn that promotes writes the new piece right after the square: e8Q (computers add =: e8=Q).",
               fa = "قلعه نشانهٔ خودش را دارد که با صفر نوشته می‌شود: 0-0 قلعهٔ کوچک و 0-0-0 قلعهٔ بزرگ است (رایانه‌ها حرف O می‌نویسند: O-O). پیاده‌ای که ارتقا می‌یابد، مهرهٔ تازه را درست پس از خانه می‌نویسد: e8Q (رایانه‌ها = هم می‌گذارند: e8=Q).",
               ar = "للتبييت رمزه الخاص ويُكتب بالأصفار: 0-0 للتبييت القصير و0-0-0 للتبييت الطويل (والحاسوب يكتب الحرف O: ‏O-O). والبيدق الذي يترقّى تُكتب القطعة الجديدة بعد مربعه مباشرة: e8Q (ويضيف الحاسوب =: ‏e8=Q)." },
      diagram = { squares = { "g1", "c1" }, arrows = { { "e1", "g1" }, { "e1", "c1" } } },
    },
    scoresheet_task(castles("queenside"), {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "Castle queenside, written in notation.", fa = "قلعهٔ بزرگ بروید و آن را با نگارش جبری بنویسید.",
                 ar = "بيّت تبييتًا طويلًا واكتبه بالتدوين الجبري." },
      success = { en = "Right: three zeros for the long castling, 0-0-0 (O-O-O with the letter).", fa = "درست است: قلعهٔ بزرگ با سه صفر نوشته می‌شود: 0-0-0 (با حرف: O-O-O).",
                  ar = "صحيح: يُكتب التبييت الطويل بثلاثة أصفار: 0-0-0 (وبالحرف: ‏O-O-O)." },
      wrong = { en = "That is not queenside castling (0-0-0).", fa = "این قلعهٔ بزرگ (0-0-0) نیست.", ar = "هذا ليس تبييتًا طويلًا (0-0-0)." },
      tests = { right = { "0-0-0", "O-O-O" }, wrong = { ["e1c1"] = "deviation", ["O-O"] = "deviation", ["O-O-O-O"] = "san_malformed" } },
    }),
    teach {
      fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
      text = { en = "When two pieces of the same kind can go to the same square, add the file (or, if that is not enough, the rank) of the one that moves: both knights reach d2, so write Nbd2 or Nfd2. Nd2 alone is ambiguous.",
               fa = "وقتی دو مهرهٔ هم‌نوع می‌توانند به یک خانه بروند، ستون مهره‌ای را که حرکت می‌کند اضافه کنید (و اگر کافی نبود، ردیف آن را): هر دو اسب به d2 می‌رسند، پس بنویسید Nbd2 یا Nfd2. نوشتن Nd2 به‌تنهایی مبهم است.",
               ar = "إذا استطاعت قطعتان من النوع نفسه الذهاب إلى المربع نفسه، فأضف عمود القطعة التي تتحرك (أو صفّها إن لم يكفِ العمود): كلا الحصانين يصل إلى d2، فاكتب Nbd2 أو Nfd2. أما Nd2 وحدها فمُبهمة." },
      diagram = { squares = { "d2" }, arrows = { { "b1", "d2" }, { "f1", "d2" } } },
    },
    scoresheet_task(all_of(from_square("b1"), to_square("d2")), {
      fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
      prompt = { en = "Move the knight from b1 to d2, written so that there is no doubt which knight moves.",
                 fa = "اسب b1 را به d2 ببرید و طوری بنویسید که معلوم باشد کدام اسب حرکت می‌کند.",
                 ar = "انقل حصان b1 إلى d2، واكتبها بحيث لا يبقى شكّ في أي حصان تحرّك." },
      success = { en = "Right: Nbd2 names the knight from the b-file.", fa = "درست است: Nbd2 اسب ستون b را مشخص می‌کند.",
                  ar = "صحيح: ‏Nbd2 تحدّد حصان العمود b." },
      wrong = { en = "That moves the other knight, or goes elsewhere.", fa = "این حرکت اسب دیگر است یا به خانهٔ دیگری می‌رود.",
                ar = "هذه نقلة الحصان الآخر، أو إلى مربع آخر." },
      tests = { right = { "Nbd2", "Nb1d2" }, wrong = { ["b1d2"] = "deviation", ["Nd2"] = "ambiguous", ["Nfd2"] = "deviation" } },
    }),
    choice {
      fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
      prompt = { en = "White plays the rook to a8. Which way of writing it also tells the reader what the move does to the black king?",
                 fa = "سفید رخ را به a8 می‌برد. کدام شکل نوشتن به خواننده هم می‌گوید این حرکت با شاه سیاه چه می‌کند؟",
                 ar = "يلعب الأبيض الرخ إلى a8. أي كتابة لها تخبر القارئ أيضًا بما تفعله النقلة بالملك الأسود؟" },
      choices = {
        { id = "a", text = { en = "Ra8", fa = "Ra8", ar = "Ra8" } },
        { id = "b", text = { en = "Ra8+", fa = "Ra8+", ar = "Ra8+" } },
        { id = "c", text = { en = "Ra8#", fa = "Ra8#", ar = "Ra8#" } },
      },
      answer = function(pos) local m = pos:parse("Ra8"); return ({ ["Ra8"] = "a", ["Ra8+"] = "b", ["Ra8#"] = "c" })[m.san] end,
      explain = function(pos) return select(2, pos:play("Ra8"):explain_status()) end,
      wrong = { en = "The black king is in check and has no way out, so the move mates: # (or ++) says so, + would say only check. Plain Ra8 is a correct record too, but it tells nothing about the king.",
                fa = "شاه سیاه کیش است و راه فراری ندارد، پس این حرکت مات می‌کند: # (یا ++) همین را می‌گوید، و + فقط کیش را. Ra8 تنها هم نوشتنی درست است، اما چیزی دربارهٔ شاه نمی‌گوید.",
                ar = "الملك الأسود في كش ولا مخرج له، فالنقلة تُميت: وهذا ما تقوله # (أو ++)، أما + فلا تقول إلا كش. وكتابة Ra8 وحدها صحيحة أيضًا، لكنها لا تخبر بشيء عن الملك." },
      success = { en = "Right: the black king is in check and has no way out, so the move is checkmate: Ra8#. Writing + or # is optional: plain Ra8 is a correct record too, but Ra8# tells more.",
                  fa = "درست است: شاه سیاه کیش است و راه فراری ندارد، پس این حرکت مات است: Ra8#. نوشتن + یا # اختیاری است: Ra8 تنها هم درست است، اما Ra8# بیشتر می‌گوید.",
                  ar = "صحيح: الملك الأسود في كش ولا مخرج له، فالنقلة كش مات: Ra8#. وكتابة + أو # اختيارية: فكتابة Ra8 وحدها صحيحة أيضًا، لكن Ra8# تخبر بأكثر." },
      tests = { right = { "c" }, wrong = { ["b"] = "checkmate", ["a"] = "wrong_answer" } },
    },
    choice {
      fen = "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1",
      prompt = { en = "The knight on f3 captures the pawn on e5. Which of these is NOT a correct way to write the move?", fa = "اسب f3 پیادهٔ e5 را می‌زند. کدام‌یک از این‌ها شکل درستی برای نوشتن این حرکت نیست؟",
                 ar = "يأخذ الحصان في f3 البيدق في e5. أيّ هذه الكتابات ليست طريقة صحيحة لكتابة النقلة؟" },
      choices = {
        { id = "a", text = { en = "Ne5", fa = "Ne5", ar = "Ne5" } },
        { id = "b", text = { en = "Nxe5", fa = "Nxe5", ar = "Nxe5" } },
        { id = "c", text = { en = "fxe5", fa = "fxe5", ar = "fxe5" } },
      },
      answer = function(pos) return pos:parse("fxe5") == nil and "c" or "a" end,
      wrong = { en = "Both Nxe5 and Ne5 are correct: a capture may be marked with x, but it need not be. fxe5 is wrong: a file letter at the start means a pawn, and no pawn can capture on e5.",
                fa = "Nxe5 و Ne5 هر دو درست‌اند: زدن را می‌توان با x نشان داد، اما لازم نیست. fxe5 نادرست است: حرف ستون در آغاز یعنی پیاده، و هیچ پیاده‌ای نمی‌تواند در e5 بزند.",
                ar = "كلٌّ من Nxe5 وNe5 صحيح: يجوز تمييز الأخذ بالحرف x ولا يجب. أما fxe5 فخطأ: فحرف العمود في البداية يعني بيدقًا، ولا بيدق يستطيع الأخذ في e5." },
      success = { en = "Right: fxe5 would be a pawn from the f-file, and there is none that can capture on e5. Nxe5 and Ne5 are both correct: the x for a capture is optional.",
                  fa = "درست است: fxe5 یعنی پیاده‌ای از ستون f، و چنین پیاده‌ای نیست که در e5 بزند. Nxe5 و Ne5 هر دو درست‌اند: x برای زدن اختیاری است.",
                  ar = "صحيح: fxe5 تعني بيدقًا من العمود f، ولا بيدق منه يأخذ في e5. أما Nxe5 وNe5 فكلتاهما صحيحة: فالحرف x للأخذ اختياري." },
      tests = { right = { "c" }, wrong = { ["a"] = "wrong_answer", ["b"] = "wrong_answer" } },
    },
    scoresheet_task(promotes("Q"), {
      fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Promote the pawn on b7 to a queen, written in notation.", fa = "پیادهٔ b7 را به وزیر ارتقا دهید و حرکت را با نگارش جبری بنویسید.",
                 ar = "رقِّ البيدق في b7 إلى وزير، واكتب النقلة بالتدوين الجبري." },
      success = { en = "Right: b8Q+ on a scoresheet (b8=Q+ in a computer file) — the square, the new piece, and + because the new queen checks along the 8th rank.",
                  fa = "درست است: روی برگه b8Q+ (در فایل رایانه b8=Q+)؛ خانه، مهرهٔ تازه، و + چون وزیر تازه در ردیف هشتم کیش می‌دهد.",
                  ar = "صحيح: ‏b8Q+ في ورقة التسجيل (و‏b8=Q+ في ملفات الحاسوب) — المربع ثم القطعة الجديدة، و+ لأن الوزير الجديد يكشّ على الصف الثامن." },
      wrong = { en = "That promotes, but not to a queen.", fa = "این ارتقاست، اما نه به وزیر.", ar = "هذه ترقية، لكن ليست إلى وزير." },
      tests = { right = { "b8Q+", "b8Q", "b8=Q" }, wrong = { ["b7b8q"] = "deviation", ["b8=N"] = "deviation", ["b8"] = "promotion_required" } },
    }),
    scoresheet_task(all_of(from_square("a1"), to_square("a3")), {
      fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
      prompt = { en = "Both rooks can reach a3. Move the rook on a1 there, written so that there is no doubt which rook moves.",
                 fa = "هر دو رخ به a3 می‌رسند. رخ a1 را به آنجا ببرید و طوری بنویسید که معلوم باشد کدام رخ حرکت می‌کند.",
                 ar = "يصل الرخّان كلاهما إلى a3. انقل رخ a1 إليه، واكتبها بحيث لا يبقى شكّ في أي رخ تحرّك." },
      hints = { { en = "Both rooks stand on the a-file, so the file does not help: give the rank.", fa = "هر دو رخ در ستون a هستند، پس نام ستون کمکی نمی‌کند: ردیف را بنویسید.",
                  ar = "الرخّان على العمود a، فلا يفيد ذكر العمود: اذكر الصف." } },
      success = { en = "Right: R1a3 — both rooks share the a-file, so the rank they start from tells them apart.",
                  fa = "درست است: R1a3؛ هر دو رخ در ستون a هستند، پس ردیفی که از آن حرکت می‌کنند آن‌ها را از هم جدا می‌کند.",
                  ar = "صحيح: ‏R1a3 — الرخّان على العمود نفسه، فالصف الذي يبدأ منه كلٌّ منهما هو ما يميّزهما." },
      wrong = { en = "That moves the other rook, or goes elsewhere.", fa = "این حرکت رخ دیگر است یا به خانهٔ دیگری می‌رود.",
                ar = "هذه نقلة الرخ الآخر، أو إلى مربع آخر." },
      tests = { right = { "R1a3", "Ra1a3" }, wrong = { ["a1a3"] = "deviation", ["Ra3"] = "ambiguous", ["R5a3"] = "deviation" } },
    }),
    scoresheet_task(castles("kingside"), {
      fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
      prompt = { en = "Castle kingside, written in notation.", fa = "قلعهٔ کوچک بروید و آن را با نگارش جبری بنویسید.",
                 ar = "بيّت تبييتًا قصيرًا واكتبه بالتدوين الجبري." },
      success = { en = "Right: two zeros, 0-0, for the short castling on the kingside.", fa = "درست است: قلعهٔ کوچک با دو صفر نوشته می‌شود: 0-0.",
                  ar = "صحيح: يُكتب التبييت القصير بصفرين: 0-0." },
      wrong = { en = "That is not kingside castling (0-0).", fa = "این قلعهٔ کوچک (0-0) نیست.", ar = "هذا ليس تبييتًا قصيرًا (0-0)." },
      tests = { right = { "0-0", "O-O" }, wrong = { ["e1g1"] = "deviation", ["O-O-O"] = "castling_no_rook", ["Kf1"] = "deviation" } },
    }),
  },
}
