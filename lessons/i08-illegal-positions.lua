-- Illegal positions: boards no series of legal moves can reach (FIDE 3.10.3). The answers and
-- the explanations come from the engine's validation of each board.
local function question(board, en, fa, ar)
  return true_false {
    prompt = { en = en .. " " .. board, fa = fa .. " " .. board, ar = ar .. " " .. board },
    answer = function() return (arbiter.validate(board)) end,
    explain = function() return select(2, arbiter.validate(board)) end,
    wrong = { en = "That board could never arise in a game.", fa = "چنین صفحه‌ای هرگز در بازی پیش نمی‌آید.",
              ar = "لا يمكن أن تنشأ هذه الرقعة في أي مباراة." },
  }
end
local two_kings = question("4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
  "Could this position arise in a game?", "آیا این وضعیت می‌تواند در بازی پیش بیاید؟", "هل يمكن أن ينشأ هذا الوضع في مباراة؟")
two_kings.tests = { right = { "false" }, wrong = { ["true"] = "too_many_kings" } }
two_kings.success = { en = "Right: each side has exactly one king, always: a king is never captured and no pawn promotes to one.",
  fa = "درست است: هر طرف همیشه دقیقاً یک شاه دارد: شاه هرگز زده نمی‌شود و هیچ پیاده‌ای به شاه ارتقا نمی‌یابد.",
  ar = "صحيح: لكل طرف ملك واحد دائمًا: لا يُؤخذ الملك أبدًا، ولا يُرقّى بيدق إلى ملك." }
local back_rank = question("4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
  "A white pawn on a1. Could this position arise in a game?", "پیادهٔ سفید در a1. آیا این وضعیت می‌تواند در بازی پیش بیاید؟",
  "بيدق أبيض في a1. هل يمكن أن ينشأ هذا الوضع في مباراة؟")
back_rank.tests = { right = { "false" }, wrong = { ["true"] = "pawn_on_back_rank" } }
back_rank.success = { en = "Right: a pawn never stands on its own first rank: it starts on the second and only moves forward.",
  fa = "درست است: پیاده هرگز در ردیف اول خودش نیست: از ردیف دوم شروع می‌کند و فقط رو به جلو می‌رود.",
  ar = "صحيح: لا يقف البيدق أبدًا على صفه الأول: يبدأ من الصف الثاني ولا يتحرك إلا إلى الأمام." }
local wrong_check = question("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
  "White to move, and the black king is in check. Could this arise?", "نوبت سفید است و شاه سیاه در کیش است. آیا چنین چیزی ممکن است؟",
  "الدور على الأبيض والملك الأسود في كش. هل يمكن أن يحدث هذا؟")
wrong_check.tests = { right = { "false", "no" }, wrong = { ["true"] = "opposite_check" } }
wrong_check.success = { en = "Right: with White to move, Black's king in check means Black's last move left it in check, which no legal move does.",
  fa = "درست است: اگر نوبت سفید باشد و شاه سیاه کیش باشد، یعنی سیاه با حرکت آخرش شاه خود را در کیش گذاشته است، و هیچ حرکت قانونی چنین نمی‌کند.",
  ar = "صحيح: إن كان الدور على الأبيض والملك الأسود في كش، فمعنى ذلك أن الأسود ترك ملكه في كش بنقلته الأخيرة، ولا تفعل ذلك أي نقلة قانونية." }
local fine = question("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
  "The same board with Black to move. Could it arise?", "همان صفحه با نوبت سیاه. آیا ممکن است؟",
  "الرقعة نفسها والدور على الأسود. هل يمكن أن تنشأ؟")
fine.wrong = { en = "It can: Black is in check and it is Black's move, as it should be.",
               fa = "ممکن است: سیاه در کیش است و نوبت هم با سیاه است، همان‌طور که باید.",
               ar = "ممكن: الأسود في كش والدور له، كما ينبغي." }
fine.tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } }
fine.success = { en = "Right: White's last move gave check, and now Black must answer it.",
  fa = "درست است: سفید با حرکت آخرش کیش داده است و اکنون سیاه باید آن را رفع کند.",
  ar = "صحيح: كشّ الأبيض بنقلته الأخيرة، وعلى الأسود الآن أن يخرج من الكش." }
local adjacent = question("8/8/8/8/8/8/8/4Kk2 b - - 0 1",
  "The two kings stand side by side on e1 and f1. Could this arise?", "دو شاه در e1 و f1 کنار هم ایستاده‌اند. آیا چنین چیزی ممکن است؟",
  "الملكان متجاوران في e1 وf1. هل يمكن أن يحدث هذا؟")
adjacent.tests = { right = { "false" }, wrong = { ["true"] = "kings_adjacent" } }
adjacent.success = { en = "Right: a king may never step next to the other king, since it would move into check; so two kings can never stand side by side.",
  fa = "درست است: شاه هرگز نمی‌تواند کنار شاه دیگر برود، چون به خانه‌ای زیر حمله می‌رود؛ پس دو شاه هرگز کنار هم قرار نمی‌گیرند.",
  ar = "صحيح: لا يجوز للملك أبدًا أن يخطو إلى جوار الملك الآخر، لأنه يدخل بذلك في كش؛ فلا يقف الملكان متجاورين أبدًا." }
local nine_pawns = question("4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1",
  "White has nine pawns. Could this arise?", "سفید نُه پیاده دارد. آیا چنین چیزی ممکن است؟", "للأبيض تسعة بيادق. هل يمكن أن يحدث هذا؟")
nine_pawns.tests = { right = { "false" }, wrong = { ["true"] = "too_many_pawns" } }
nine_pawns.success = { en = "Right: each side starts with eight pawns and no move ever makes a new one.",
  fa = "درست است: هر طرف با هشت پیاده شروع می‌کند و هیچ حرکتی پیادهٔ تازه نمی‌سازد.",
  ar = "صحيح: يبدأ كل طرف بثمانية بيادق، ولا تصنع أي نقلة بيدقًا جديدًا." }
local rook_knight = question("4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1",
  "The white king is in check from the rook on e2 and the knight on f3 at once. Could this arise?",
  "شاه سفید هم‌زمان از رخ e2 و اسب f3 کیش خورده است. آیا چنین چیزی ممکن است؟",
  "الملك الأبيض في كش من الرخ في e2 والحصان في f3 معًا. هل يمكن أن يحدث هذا؟")
rook_knight.tests = { right = { "false" }, wrong = { ["true"] = "impossible_check" } }
rook_knight.success = { en = "Right: Black's last move gave both checks, but neither piece could have made it: a rook next to the king cannot be uncovered by the knight, and the knight did not arrive through the rook.",
  fa = "درست است: سیاه با حرکت آخرش باید هر دو کیش را داده باشد، اما هیچ‌یک از دو مهره نمی‌توانسته آن را بازی کند: رخی که کنار شاه است با حرکت اسب باز نمی‌شود و اسب هم از راه رخ نیامده است.",
  ar = "صحيح: كان على نقلة الأسود الأخيرة أن تعطي الكشّين معًا، ولا تستطيع أيٌّ من القطعتين أن تكون قد لعبتها: فالرخ المجاور للملك لا ينكشف بحركة الحصان، والحصان لم يأتِ عبر خط الرخ." }
local discovered = question("4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
  "The white king is in check from the rook on a1 and the knight on d3 at once. Could this arise?",
  "شاه سفید هم‌زمان از رخ a1 و اسب d3 کیش خورده است. آیا چنین چیزی ممکن است؟",
  "الملك الأبيض في كش من الرخ في a1 والحصان في d3 معًا. هل يمكن أن يحدث هذا؟")
discovered.wrong = { en = "It can: the knight came to d3 from the first rank and uncovered the rook's check, a double check.",
  fa = "ممکن است: اسب از ردیف اول به d3 آمد و راه کیش رخ را باز کرد؛ یک کیش دوگانه.",
  ar = "ممكن: جاء الحصان إلى d3 من الصف الأول فكشف كشّ الرخ، فصار كشًّا مزدوجًا." }
discovered.tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } }
discovered.success = { en = "Right: a knight on c1 jumped to d3, giving check and uncovering the rook on a1 at the same time: a double check is legal when one move gives both.",
  fa = "درست است: اسبی از c1 به d3 پرید؛ هم کیش داد و هم راه رخ a1 را باز کرد. کیش دوگانه وقتی قانونی است که یک حرکت هر دو کیش را بدهد.",
  ar = "صحيح: قفز حصان من c1 إلى d3 فأعطى كشًّا وكشف الرخ في a1 في آنٍ واحد؛ والكش المزدوج قانوني إذا أعطت نقلة واحدة الكشّين." }
local intro = teach {
  fen = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
  text = { en = "A position is illegal when no series of legal moves from the starting position could reach it (3.10.3). An arbiter checks: one king per side, never side by side; no pawn on the first or the last rank; no more than eight pawns per side, and no more pieces than promotions can explain; the side that has just moved is not in check, and a check could have been given by one move. Here the rook on e1 checks and it is Black's move: legal.",
           fa = "وضعیتی غیرقانونی است که هیچ رشته‌ای از حرکت‌های قانونی از وضعیت آغازین به آن نرسد (۳٫۱۰٫۳). داور بررسی می‌کند: هر طرف یک شاه، و دو شاه هرگز کنار هم نیستند؛ هیچ پیاده‌ای در ردیف اول یا آخر نیست؛ هر طرف حداکثر هشت پیاده دارد و بیش از آنچه ارتقا توضیح دهد مهره ندارد؛ طرفی که همین حالا حرکت کرده کیش نیست و هر کیش را یک حرکت می‌توانسته بدهد. اینجا رخ e1 کیش می‌دهد و نوبت سیاه است: قانونی.",
           ar = "يكون الوضع غير قانوني إذا لم تستطع أي سلسلة من النقلات القانونية بلوغه من الوضع الابتدائي (3.10.3). ويتحقّق الحكم من: ملك واحد لكل طرف، ولا يتجاور الملكان أبدًا؛ ولا بيدق في الصف الأول أو الأخير؛ ولا أكثر من ثمانية بيادق لكل طرف، ولا قطع أكثر مما تفسّره الترقيات؛ وألّا يكون الطرف الذي لعب للتوّ في كش، وأن يكون كل كش ممكنًا بنقلة واحدة. هنا يكشّ الرخ في e1 والدور على الأسود: وضع قانوني." },
  diagram = { squares = { "e8" }, arrows = { { "e1", "e8" } } },
}
return lesson {
  id = "illegal-positions",
  title = { en = "Illegal positions", fa = "وضعیت‌های غیرقانونی", ar = "الأوضاع غير القانونية" },
  level = "intermediate",
  tags = { "positions", "arbiter" },
  rules = { "3.10.3", "3.9", "3.7.3.3", "3.8.1" },
  steps = { intro, two_kings, back_rank, wrong_check, fine, adjacent, nine_pawns, rook_knight, discovered },
}
