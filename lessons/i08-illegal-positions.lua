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
return lesson {
  id = "illegal-positions",
  title = { en = "Illegal positions", fa = "وضعیت‌های غیرقانونی", ar = "الأوضاع غير القانونية" },
  level = "intermediate",
  tags = { "positions", "arbiter" },
  rules = { "3.10.3", "3.9", "3.7.3.3" },
  steps = { two_kings, back_rank, wrong_check, fine },
}
