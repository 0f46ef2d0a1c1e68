-- The board, its coordinates and the set-up (FIDE 2.1–2.4). The engine's start position is the answer.
return lesson {
  id = "board-setup",
  title = { en = "The board, coordinates and set-up", fa = "صفحهٔ شطرنج، مختصات و چیدن مهره‌ها",
            ar = "الرقعة والإحداثيات ووضع القطع" },
  level = "beginner",
  tags = { "basics", "board" },
  rules = { "1.1", "1.3", "2", "2.1", "2.2", "2.3", "2.4", "C.5", "C.6", "C.7" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
      text = { en = "The board has 64 squares in 8 columns, the files a to h, and 8 rows, the ranks 1 to 8. A square is named by its file then its rank: e4 is on file e and rank 4. The board is placed with a light square in each player's right-hand corner. White sits on ranks 1 and 2, so h1 is light and a1, in White's bottom-left corner, is dark.",
               fa = "صفحهٔ شطرنج ۶۴ خانه دارد: ۸ ستون که از a تا h نام دارند و ۸ ردیف که از ۱ تا ۸ شماره دارند. نام هر خانه از ستون و سپس ردیف آن ساخته می‌شود: e4 در ستون e و ردیف ۴ است. صفحه را طوری می‌گذارند که خانهٔ گوشهٔ راستِ هر بازیکن روشن باشد. سفید در ردیف‌های ۱ و ۲ می‌نشیند، پس h1 روشن است و a1 در گوشهٔ چپ پایین او تیره.",
               ar = "للرقعة 64 مربعًا في 8 أعمدة تُسمّى من a إلى h، و8 صفوف مرقّمة من 1 إلى 8. يُسمّى المربع بعموده ثم صفّه: المربع e4 في العمود e والصف 4. وتوضع الرقعة بحيث يكون المربع الذي في الركن الأيمن لكل لاعب فاتحًا. يجلس الأبيض عند الصفين 1 و2، فالمربع h1 فاتح، والمربع a1 في ركنه الأيسر السفلي داكن." },
      diagram = { squares = { "a1", "h1", "e4" }, arrows = { { "a1", "h1" }, { "a1", "a8" } } },
    },
    teach {
      fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      diagram = { squares = { "e2", "e7" }, arrows = {} },
      text = { en = "Two opponents play on the board, taking turns: White moves first, then Black, then White again. Once your opponent's move has been made, you have the move: it is your turn.",
               fa = "دو حریف روی صفحه به نوبت بازی می‌کنند: اول سفید حرکت می‌کند، بعد سیاه، بعد دوباره سفید. وقتی حرکت حریف انجام شد، نوبت شماست.",
               ar = "يلعب خصمان على الرقعة بالتناوب: يبدأ الأبيض، ثم الأسود، ثم الأبيض من جديد. ومتى لُعبت نقلة خصمك صار الدور لك." },
    },
    which_squares {
      fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Name the four corner squares of the board.", fa = "نام چهار خانهٔ گوشهٔ صفحه را بنویسید.",
                 ar = "اذكر مربعات الأركان الأربعة للرقعة." },
      answer = { "a1", "h1", "a8", "h8" },
      success = { en = "Right: files a and h meet ranks 1 and 8 in the corners a1, h1, a8 and h8.",
                  fa = "درست است: ستون‌های a و h در گوشه‌ها به ردیف‌های ۱ و ۸ می‌رسند: a1، h1، a8 و h8.",
                  ar = "صحيح: يلتقي العمودان a وh بالصفين 1 و8 في الأركان a1 وh1 وa8 وh8." },
      tests = { right = { "a1 h1 a8 h8" }, wrong = { ["a1 h1"] = "squares_missing", ["a1 h1 a8 h8 e4"] = "squares_extra" } },
    },
    teach {
      text = { en = "The set-up: rooks in the corners, then knights, then bishops; the queen stands on her own colour (the white queen on the light d1, the black queen on the dark d8) and the king beside her on e1 or e8. The pawns fill the second rank in front of them.",
               fa = "چیدن مهره‌ها: رخ‌ها در گوشه‌ها، کنارشان اسب‌ها و سپس فیل‌ها؛ وزیر روی خانهٔ هم‌رنگ خودش می‌ایستد (وزیر سفید روی خانهٔ روشن d1 و وزیر سیاه روی خانهٔ تیرهٔ d8) و شاه کنار او در e1 یا e8. پیاده‌ها ردیف دوم را جلوی آن‌ها پر می‌کنند.",
               ar = "وضع القطع: الرخاخ في الأركان، ثم الأحصنة، ثم الأفيال؛ ويقف الوزير على مربع من لونه (الوزير الأبيض على المربع الفاتح d1، والوزير الأسود على المربع الداكن d8)، والملك بجانبه في e1 أو e8. وتملأ البيادق الصف الثاني أمامها." },
      diagram = { squares = { "d1", "e1", "d8", "e8" }, arrows = {} },
    },
    which_squares {
      prompt = { en = "In the starting position, on which squares do the white knights stand?",
                 fa = "در وضعیت آغازین، اسب‌های سفید روی کدام خانه‌ها هستند؟",
                 ar = "في الوضع الابتدائي، على أي مربعات تقف أحصنة الأبيض؟" },
      answer = function(pos)
        local out = {}
        for sq, p in pairs(pos:pieces()) do if p == "N" then out[#out + 1] = sq end end
        return out
      end,
      success = { en = "Right: the knights start next to the rooks, on b1 and g1.",
                  fa = "درست است: اسب‌ها کنار رخ‌ها، در b1 و g1 شروع می‌کنند.",
                  ar = "صحيح: تبدأ الأحصنة بجانب الرخاخ، في b1 وg1." },
      tests = { right = { "b1 g1" }, wrong = { ["c1 f1"] = "squares_missing", ["b1"] = "squares_missing" } },
    },
    choice {
      prompt = { en = "On which square does the white queen start?", fa = "وزیر سفید در کدام خانه شروع می‌کند؟",
                 ar = "في أي مربع يبدأ الوزير الأبيض؟" },
      choices = {
        { id = "d1", text = { en = "d1, a light square", fa = "d1، خانهٔ روشن", ar = "d1، مربع فاتح" } },
        { id = "e1", text = { en = "e1, a dark square", fa = "e1، خانهٔ تیره", ar = "e1، مربع داكن" } },
      },
      answer = function(pos)
        for sq, p in pairs(pos:pieces()) do if p == "Q" then return sq end end
      end,
      wrong = { en = "The queen stands on her own colour: the white queen on a light square, and e1 is dark — the king's square.", fa = "وزیر روی رنگ خودش می‌ایستد: وزیر سفید روی خانهٔ روشن؛ e1 تیره است و خانهٔ شاه.",
                ar = "يقف الوزير على لونه: الوزير الأبيض على مربع فاتح، أما e1 فداكن، وهو مربع الملك." },
      success = { en = "Right: the queen stands on her own colour, the white queen on the light d1.",
                  fa = "درست است: وزیر روی رنگ خودش می‌ایستد؛ وزیر سفید روی خانهٔ روشن d1.",
                  ar = "صحيح: يقف الوزير على لونه، فالوزير الأبيض على المربع الفاتح d1." },
      tests = { right = { "d1" }, wrong = { ["e1"] = "wrong_answer", ["f1"] = "unknown_choice" } },
    },
    true_false {
      prompt = { en = "Both kings start on the same file.", fa = "هر دو شاه در یک ستون شروع می‌کنند.",
                 ar = "يبدأ الملكان في العمود نفسه." },
      answer = function(pos) return pos:king("white"):sub(1, 1) == pos:king("black"):sub(1, 1) end,
      wrong = { en = "They do: the white king on e1 and the black king on e8 share the e-file.", fa = "در یک ستون‌اند: شاه سفید در e1 و شاه سیاه در e8، هر دو در ستون e.",
                ar = "بل في العمود نفسه: الملك الأبيض في e1 والملك الأسود في e8، كلاهما على العمود e." },
      success = { en = "True: the kings face each other on e1 and e8.", fa = "درست است: شاه‌ها در e1 و e8 روبه‌روی هم‌اند.",
                  ar = "صحيح: يتقابل الملكان في e1 وe8." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    which_squares {
      fen = "4k3/8/2N5/8/8/8/8/4K3 w - - 0 1",
      prompt = { en = "Name the square the white knight stands on.", fa = "اسب سفید روی کدام خانه ایستاده است؟ نام آن را بنویسید.",
                 ar = "اذكر المربع الذي يقف عليه الحصان الأبيض." },
      hints = { { en = "First the file (a letter, from the left), then the rank (a number, from White's side).",
                  fa = "اول ستون (حرفی که از چپ شمرده می‌شود)، سپس ردیف (عددی که از سمت سفید شمرده می‌شود).",
                  ar = "العمود أولًا (حرف يُعدّ من اليسار)، ثم الصف (رقم يُعدّ من جهة الأبيض)." } },
      answer = function(pos)
        local out = {}
        for sq, p in pairs(pos:pieces()) do if p == "N" then out[#out + 1] = sq end end
        return out
      end,
      success = { en = "Right: c6 — the third file, c, and the sixth rank.", fa = "درست است: c6؛ ستون سوم، یعنی c، و ردیف ششم.",
                  ar = "صحيح: c6 — العمود الثالث c، والصف السادس." },
      tests = { right = { "c6" }, wrong = { ["c6 f3"] = "squares_extra", ["none"] = "squares_missing" } },
    },
    which_squares {
      prompt = { en = "In the starting position, on which squares do the black bishops stand?",
                 fa = "در وضعیت آغازین، فیل‌های سیاه روی کدام خانه‌ها هستند؟",
                 ar = "في الوضع الابتدائي، على أي مربعات تقف أفيال الأسود؟" },
      answer = function(pos)
        local out = {}
        for sq, p in pairs(pos:pieces()) do if p == "b" then out[#out + 1] = sq end end
        return out
      end,
      success = { en = "Right: c8 and f8, next to the knights, on Black's back rank, the 8th.",
                  fa = "درست است: c8 و f8، کنار اسب‌ها، در ردیف آخر سیاه، یعنی ردیف هشتم.",
                  ar = "صحيح: c8 وf8، بجانب الأحصنة، على الصف الخلفي للأسود، أي الصف الثامن." },
      tests = { right = { "c8 f8" }, wrong = { ["c1 f1"] = "squares_missing", ["c8 f8 d8"] = "squares_extra" } },
    },
    which_squares {
      prompt = { en = "In the starting position, which squares of the e-file hold a piece?",
                 fa = "در وضعیت آغازین، کدام خانه‌های ستون e مهره دارند؟",
                 ar = "في الوضع الابتدائي، أي مربعات العمود e تقف عليها قطعة؟" },
      answer = function(pos)
        local out = {}
        for sq in pairs(pos:pieces()) do if sq:sub(1, 1) == "e" then out[#out + 1] = sq end end
        return out
      end,
      success = { en = "Right: the kings on e1 and e8 and their pawns on e2 and e7; ranks 3 to 6 start empty.",
                  fa = "درست است: شاه‌ها در e1 و e8 و پیاده‌هایشان در e2 و e7؛ ردیف‌های ۳ تا ۶ در آغاز خالی‌اند.",
                  ar = "صحيح: الملكان في e1 وe8 وبيدقاهما في e2 وe7؛ أما الصفوف من 3 إلى 6 فتبدأ خالية." },
      tests = { right = { "e1 e2 e7 e8" }, wrong = { ["e1 e8"] = "squares_missing", ["e1 e2 e4 e7 e8"] = "squares_extra" } },
    },
  },
}
