-- Chess960 set-up (FIDE Guidelines II, Chess960 rules: II.1, II.2): the back rank is shuffled, the king
-- stands between the rooks and the bishops on opposite colours. The engine builds each start.
local function back_rank(n)
  local pos = arbiter.chess960(n)
  local out = {}
  for f in ("abcdefgh"):gmatch(".") do out[#out + 1] = pos:piece_at(f .. "1") end
  return table.concat(out)
end
local function legal_setup(rank)
  -- the rules of II.2: bishops on opposite colours, king between the rooks
  local b1, b2 = rank:find("B"), rank:find("B", (rank:find("B") or 0) + 1)
  local r1, k, r2 = rank:find("R"), rank:find("K"), rank:find("R", (rank:find("R") or 0) + 1)
  return b1 ~= nil and b2 ~= nil and (b1 + b2) % 2 == 1 and r1 ~= nil and r2 ~= nil and r1 < k and k < r2
end
return lesson {
  id = "chess960-setup",
  title = { en = "Chess960: the starting position", fa = "شطرنج تصادفی فیشر (شطرنج ۹۶۰): وضعیت آغازین", ar = "شطرنج فيشر العشوائي (شطرنج 960): الوضع الابتدائي" },
  level = "advanced",
  tags = { "chess960" },
  rules = { "II", "II.1", "II.2", "II.2.1", "II.2.2", "II.2.3" },
  steps = {
    teach {
      fen = arbiter.chess960(0):fen(),
      variant = "chess960",
      text = { en = "In Chess960 the pieces of the first rank are placed at random, with two rules: the bishops stand on squares of opposite colours, and the king stands somewhere between the two rooks. The pawns are where they always are, and Black's pieces mirror White's. That gives 960 starting positions, numbered 0 to 959; number 518 is the ordinary one.",
               fa = "در شطرنج تصادفی فیشر مهره‌های ردیف اول به‌طور تصادفی چیده می‌شوند، با دو قاعده: فیل‌ها روی خانه‌های ناهم‌رنگ قرار می‌گیرند و شاه جایی میان دو رخ می‌ایستد. پیاده‌ها سر جای همیشگی‌شان هستند و مهره‌های سیاه قرینهٔ مهره‌های سفیدند. این کار ۹۶۰ وضعیت آغازین می‌سازد که از ۰ تا ۹۵۹ شماره دارند؛ شمارهٔ ۵۱۸ همان چیدمان معمولی است.",
               ar = "في شطرنج فيشر العشوائي تُوضع قطع الصف الأول عشوائيًا وفق قاعدتين: أن يقف الفيلان على مربعين مختلفي اللون، وأن يقف الملك في مكانٍ ما بين الرخين. وتبقى البيادق في أماكنها المعتادة، وتقابل قطع الأسود قطع الأبيض كالمرآة. فينتج 960 وضعًا ابتدائيًا مرقّمة من 0 إلى 959، والوضع رقم 518 هو الوضع العادي." },
      diagram = { squares = { "a1", "b1", "c1", "d1" }, arrows = {} },
    },
    true_false {
      prompt = { en = "Position 518 of Chess960 is the ordinary starting position.", fa = "وضعیت شمارهٔ ۵۱۸ شطرنج تصادفی فیشر همان وضعیت آغازین معمولی است.",
                 ar = "الوضع رقم 518 في شطرنج فيشر العشوائي هو الوضع الابتدائي العادي." },
      answer = function() return back_rank(518) == "RNBQKBNR" end,
      wrong = { en = "The 960 start positions are numbered 0 to 959, and the ordinary set-up, RNBQKBNR, is number 518.",
                fa = "۹۶۰ وضعیت آغازین از ۰ تا ۹۵۹ شماره‌گذاری شده‌اند و چیدمان معمولی، RNBQKBNR، شمارهٔ ۵۱۸ است.",
                ar = "تُرقَّم أوضاع البداية الـ960 من 0 إلى 959، والتشكيلة العادية RNBQKBNR هي رقم 518." },
      success = { en = "True: the numbering puts the classical set-up, RNBQKBNR, at 518.", fa = "درست است: در این شماره‌گذاری چیدمان کلاسیک، RNBQKBNR، شمارهٔ ۵۱۸ است.",
                  ar = "صحيح: يقع الترتيب الكلاسيكي RNBQKBNR في الرقم 518 من هذا الترقيم." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    true_false {
      prompt = { en = "Could BRBKRNNQ (from a1 to h1) be White's first rank in a Chess960 game?",
                 fa = "آیا BRBKRNNQ (از a1 تا h1) می‌تواند ردیف اول سفید در یک بازی شطرنج تصادفی فیشر باشد؟",
                 ar = "هل يمكن أن يكون BRBKRNNQ (من a1 إلى h1) الصفّ الأول للأبيض في مباراة شطرنج فيشر العشوائي؟" },
      answer = function() return legal_setup("BRBKRNNQ") end,
      wrong = { en = "The bishops must stand on squares of different colours (II.2.2): here both, on a1 and c1, are on dark squares.",
                fa = "فیل‌ها باید روی خانه‌هایی با رنگ متفاوت باشند (II.2.2): اینجا هر دو، در a1 و c1، روی خانه‌های تیره‌اند.",
                ar = "يجب أن يقف الفيلان على مربعين مختلفي اللون (II.2.2): وهنا كلاهما، في a1 وc1، على مربعين داكنين." },
      success = { en = "Right: no — the bishops on a1 and c1 both stand on dark squares; they must be on opposite colours.",
                  fa = "درست است: نه؛ فیل‌های a1 و c1 هر دو روی خانهٔ تیره‌اند، در حالی که باید روی خانه‌های ناهم‌رنگ باشند.",
                  ar = "صحيح: لا، فالفيلان في a1 وc1 كلاهما على مربع داكن، ويجب أن يكونا على لونين مختلفين." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    true_false {
      prompt = { en = "Could KRRBBNNQ (from a1 to h1) be White's first rank in a Chess960 game?",
                 fa = "آیا KRRBBNNQ (از a1 تا h1) می‌تواند ردیف اول سفید در یک بازی شطرنج تصادفی فیشر باشد؟",
                 ar = "هل يمكن أن يكون KRRBBNNQ (من a1 إلى h1) الصفّ الأول للأبيض في مباراة شطرنج فيشر العشوائي؟" },
      answer = function() return legal_setup("KRRBBNNQ") end,
      wrong = { en = "The king must stand between the two rooks (II.2.1): here it is on a1, outside them.",
                fa = "شاه باید میان دو رخ باشد (II.2.1): اینجا در a1 و بیرون از آن دو است.",
                ar = "يجب أن يقف الملك بين الرخين (II.2.1): وهو هنا في a1 خارجهما." },
      success = { en = "Right: no — the king on a1 is not between the rooks, so it could never castle on one side.",
                  fa = "درست است: نه؛ شاه در a1 میان دو رخ نیست، پس هرگز نمی‌توانست در یکی از جناح‌ها قلعه برود.",
                  ar = "صحيح: لا، فالملك في a1 ليس بين الرخين، فلن يستطيع التبييت في أحد الجناحين أبدًا." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    true_false {
      prompt = { en = "Could RBBKRNNQ (from a1 to h1) be White's first rank in a Chess960 game?",
                 fa = "آیا RBBKRNNQ (از a1 تا h1) می‌تواند ردیف اول سفید در یک بازی شطرنج تصادفی فیشر باشد؟",
                 ar = "هل يمكن أن يكون RBBKRNNQ (من a1 إلى h1) الصفّ الأول للأبيض في مباراة شطرنج فيشر العشوائي؟" },
      answer = function() return legal_setup("RBBKRNNQ") end,
      wrong = { en = "It meets both conditions: the bishops on b1 and c1 stand on squares of different colours, and the king on d1 stands between the rooks on a1 and e1 (II.2).",
                fa = "هر دو شرط برقرار است: فیل‌های b1 و c1 روی خانه‌هایی با رنگ متفاوت‌اند و شاه در d1 میان رخ‌های a1 و e1 است (II.2).",
                ar = "الشرطان متحققان: الفيلان في b1 وc1 على مربعين مختلفي اللون، والملك في d1 بين الرخين في a1 وe1 (II.2)." },
      success = { en = "Right: yes — the bishops on b1 (light) and c1 (dark) differ in colour, and the king on d1 stands between the rooks on a1 and e1.",
                  fa = "درست است: بله؛ فیل‌های b1 (روشن) و c1 (تیره) ناهم‌رنگ‌اند و شاه d1 میان رخ‌های a1 و e1 ایستاده است.",
                  ar = "صحيح: نعم، فالفيلان في b1 (فاتح) وc1 (داكن) مختلفا اللون، والملك في d1 يقف بين الرخين في a1 وe1." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    which_squares {
      fen = arbiter.chess960(0):fen(),
      variant = "chess960",
      prompt = { en = "Chess960 position 0: on which squares do the white rooks stand?", fa = "وضعیت شمارهٔ ۰ شطرنج تصادفی فیشر: رخ‌های سفید روی کدام خانه‌ها هستند؟",
                 ar = "الوضع رقم 0 في شطرنج فيشر العشوائي: على أي مربعات يقف رخّا الأبيض؟" },
      answer = function(pos)
        local out = {}
        for sq, p in pairs(pos:pieces()) do if p == "R" then out[#out + 1] = sq end end
        return out
      end,
      success = { en = "Right: and the king stands between them, as every Chess960 set-up requires.",
                  fa = "درست است: و شاه میان آن‌ها ایستاده، همان‌طور که هر چیدمان شطرنج تصادفی فیشر لازم دارد.",
                  ar = "صحيح: والملك يقف بينهما، كما يشترط كل وضع ابتدائي في شطرنج فيشر العشوائي." },
      tests = { right = { "f1 h1" }, wrong = { ["a1 h1"] = "squares_extra", ["h1"] = "squares_missing" } },
    },
    which_squares {
      fen = arbiter.chess960(959):fen(),
      variant = "chess960",
      prompt = { en = "Chess960 position 959: on which squares do the white bishops stand?", fa = "وضعیت شمارهٔ ۹۵۹ شطرنج تصادفی فیشر: فیل‌های سفید روی کدام خانه‌ها هستند؟",
                 ar = "الوضع رقم 959 في شطرنج فيشر العشوائي: على أي مربعين يقف فيلا الأبيض؟" },
      answer = function(pos)
        local out = {}
        for sq, p in pairs(pos:pieces()) do if p == "B" then out[#out + 1] = sq end end
        return out
      end,
      success = { en = "Right: one on a light square and one on a dark square — a Chess960 set-up always keeps one bishop of each colour.",
                  fa = "درست است: یکی روی خانهٔ روشن و دیگری روی خانهٔ تیره؛ چیدمان شطرنج تصادفی فیشر همیشه از هر رنگ یک فیل نگه می‌دارد.",
                  ar = "صحيح: أحدهما على مربع فاتح والآخر على مربع داكن، فوضع البداية في شطرنج فيشر العشوائي يُبقي دائمًا فيلًا لكل لون." },
      tests = { right = { "g1 h1" }, wrong = { ["g1"] = "squares_missing", ["f1 g1 h1"] = "squares_extra" } },
    },
    true_false {
      fen = arbiter.chess960(959):fen(),
      variant = "chess960",
      prompt = { en = "In this Chess960 start, does every black piece stand on the same file as the matching white piece?",
                 fa = "در این وضعیت آغازین شطرنج تصادفی فیشر، آیا هر مهرهٔ سیاه در همان ستونی است که مهرهٔ نظیرش از سفید؟",
                 ar = "في وضع البداية هذا من شطرنج فيشر العشوائي، هل تقف كل قطعة سوداء على العمود نفسه الذي تقف عليه نظيرتها البيضاء؟" },
      answer = function(pos)
        for f in ("abcdefgh"):gmatch(".") do
          if pos:piece_at(f .. "8") ~= pos:piece_at(f .. "1"):lower() then return false end
        end
        return true
      end,
      wrong = { en = "Black's pieces stand opposite White's, file for file (II.2.3): the same arrangement on both back ranks, mirrored.",
                fa = "مهره‌های سیاه روبه‌روی مهره‌های سفید، ستون به ستون، قرار می‌گیرند (II.2.3): همان چیدمان در هر دو ردیف آخر، قرینهٔ هم.",
                ar = "تقف قطع الأسود مقابل قطع الأبيض عمودًا بعمود (II.2.3): التشكيلة نفسها على الصفين الأخيرين، كصورة في مرآة." },
      success = { en = "Right: Black's first rank is the mirror of White's, so the kings face each other on one file, as do the rooks, bishops and the rest.",
                  fa = "درست است: ردیف اول سیاه قرینهٔ ردیف اول سفید است، پس دو شاه روبه‌روی هم در یک ستون‌اند و رخ‌ها و فیل‌ها و بقیهٔ مهره‌ها هم همین‌طور.",
                  ar = "صحيح: الصف الأول للأسود مرآة للصف الأول للأبيض، فيتقابل الملكان على عمود واحد، وكذلك الرخاخ والأفيال وسائر القطع." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
  },
}
