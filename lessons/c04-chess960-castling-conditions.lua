-- When Chess960 castling is illegal (3.8.2, Chess960 rules): squares between king/rook and their
-- targets, attacked squares, lost rights, and the Chess960-only trap of a castling rook that was
-- shielding the king's target square. The engine gives every failed condition.

-- A true/false step on a Chess960 board: may White castle on `side`? The engine answers, and a
-- wrong answer gets every condition that fails.
local function may_castle(side, step)
  step.variant = "chess960"
  step.answer = function(pos) return pos:parse(side == "kingside" and "O-O" or "O-O-O") ~= nil end
  step.explain = function(pos, game) return select(2, pos:castling("white", side, game)) end
  return true_false(step)
end
-- A move task on a Chess960 board: castle on the side where it is legal.
local function castle_where_legal(step)
  step.variant = "chess960"
  step.prompt = { en = "Castle on the side where it is legal.", fa = "در جناحی که قلعه قانونی است قلعه بروید.", ar = "بيّت في الجناح الذي يكون فيه التبييت قانونيًا." }
  step.expect = castles()
  step.wrong = { en = "That is not castling.", fa = "این قلعه نیست.", ar = "هذا ليس تبييتًا." }
  return move_task(step)
end
return lesson {
  id = "chess960-castling-conditions",
  title = { en = "Chess960: when you may not castle", fa = "شطرنج تصادفی فیشر: چه زمانی نمی‌توان قلعه رفت", ar = "شطرنج فيشر العشوائي: متى لا يجوز التبييت" },
  level = "advanced",
  tags = { "chess960", "castling" },
  rules = { "II.3", "II.3.2.7", "3.8.2.1", "3.8.2.2", "3.9.2" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/1RK1N2R w HB - 0 1",
      variant = "chess960",
      text = { en = "The conditions are those of ordinary chess, applied to the squares the king and the rook travel: every square between the king and its target and between the rook and its target must be empty (except for those two pieces); the king may not be in check, and no square it crosses or lands on may be attacked. Here the knight on e1 stands on the king's path to g1, so O-O is illegal; O-O-O (king c1 stays, rook b1 to d1) is legal.",
               fa = "شرط‌ها همان شرط‌های شطرنج معمولی‌اند، اما برای خانه‌هایی که شاه و رخ از آن‌ها می‌گذرند: همهٔ خانه‌های میان شاه و مقصدش و میان رخ و مقصدش (جز خود آن دو مهره) باید خالی باشند؛ شاه نباید کیش باشد و هیچ خانه‌ای که از آن می‌گذرد یا در آن می‌ایستد نباید زیر حمله باشد. اینجا اسب e1 سر راه شاه به g1 است، پس O-O غیرقانونی است؛ اما O-O-O (شاه در c1 می‌ماند و رخ از b1 به d1 می‌رود) قانونی است.",
               ar = "الشروط هي شروط الشطرنج العادي، مطبَّقةً على المربعات التي يقطعها الملك والرخ: يجب أن تكون كل المربعات بين الملك وهدفه وبين الرخ وهدفه خالية (إلا من هاتين القطعتين)، وألّا يكون الملك في كش، وألّا يكون أي مربع يعبره أو يقف عليه مهاجَمًا. هنا الحصان في e1 على طريق الملك إلى g1، فالتبييت O-O غير قانوني؛ أما O-O-O (يبقى الملك في c1 وينتقل الرخ من b1 إلى d1) فقانوني." },
      diagram = { squares = { "e1" }, arrows = { { "c1", "g1" }, { "b1", "d1" } } },
    },
    may_castle("kingside", {
      fen = "4k3/8/8/8/8/8/8/1RK1N2R w HB - 0 1",
      prompt = { en = "May White castle kingside?", fa = "آیا سفید می‌تواند قلعهٔ کوچک برود؟", ar = "هل يجوز للأبيض التبييت القصير؟" },
      success = { en = "Right: the knight on e1 stands between the king and g1.", fa = "درست است: اسب e1 میان شاه و g1 ایستاده است.",
                  ar = "صحيح: الحصان في e1 يقف بين الملك وg1." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_path_blocked" } },
    }),
    castle_where_legal {
      fen = "4k3/8/8/8/8/8/8/1RK1N2R w HB - 0 1",
      success = { en = "Right: O-O-O — the king stays on c1 and the rook goes from b1 to d1.", fa = "درست است: O-O-O؛ شاه در c1 می‌ماند و رخ از b1 به d1 می‌رود.",
                  ar = "صحيح: O-O-O — يبقى الملك في c1 وينتقل الرخ من b1 إلى d1." },
      tests = { right = { "O-O-O" }, wrong = { ["O-O"] = "castling_path_blocked", ["Kc2"] = "deviation", ["Rd1"] = "path_blocked" } },
    },
    may_castle("kingside", {
      fen = "4kr2/8/8/8/8/8/8/1RK4R w HB - 0 1",
      prompt = { en = "The black rook on f8 watches f1. May White castle kingside (king c1 to g1)?", fa = "رخ سیاه f8 خانهٔ f1 را زیر نظر دارد. آیا سفید می‌تواند قلعهٔ کوچک برود (شاه از c1 به g1)؟",
                 ar = "الرخ الأسود في f8 يراقب f1. هل يجوز للأبيض التبييت القصير (الملك من c1 إلى g1)؟" },
      success = { en = "Right: the king would cross f1, an attacked square.", fa = "درست است: شاه از f1 می‌گذشت که زیر حمله است.",
                  ar = "صحيح: كان الملك سيعبر f1، وهو مربع مهاجَم." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_through_attack" } },
    }),
    teach {
      fen = "3rk3/8/8/8/8/8/8/RK6 w A - 0 1",
      variant = "chess960",
      text = { en = "Only the king's squares must be safe: the square it starts on (no castling out of check), the squares it crosses and the one it lands on. The rook may cross or land on an attacked square. Here O-O-O takes the king from b1 to c1 and the rook from a1 to d1: the black rook attacks d1, but the king never stands there, so castling is legal.",
               fa = "فقط خانه‌های شاه باید امن باشند: خانه‌ای که از آن شروع می‌کند (در حال کیش نمی‌توان قلعه رفت)، خانه‌هایی که از آن‌ها می‌گذرد و خانه‌ای که در آن می‌ایستد. رخ می‌تواند از خانهٔ زیر حمله بگذرد یا در آن بایستد. اینجا O-O-O شاه را از b1 به c1 و رخ را از a1 به d1 می‌برد: رخ سیاه به d1 حمله می‌کند، اما شاه هرگز در آن خانه نمی‌ایستد، پس قلعه قانونی است.",
               ar = "مربعات الملك وحدها يجب أن تكون آمنة: المربع الذي يبدأ منه (فلا تبييت والملك في كش)، والمربعات التي يعبرها، والمربع الذي يستقر فيه. أما الرخ فيجوز أن يعبر مربعًا مهاجَمًا أو يستقر فيه. هنا ينقل O-O-O الملك من b1 إلى c1 والرخ من a1 إلى d1: الرخ الأسود يهاجم d1، لكن الملك لا يقف فيه أبدًا، فالتبييت قانوني." },
      diagram = { squares = { "d1", "c1" }, arrows = { { "d8", "d1" }, { "b1", "c1" }, { "a1", "d1" } } },
    },
    may_castle("queenside", {
      fen = "3rk3/8/8/8/8/8/8/RK6 w A - 0 1",
      prompt = { en = "The black rook on d8 attacks d1, where the white rook would land. May White castle queenside?",
                 fa = "رخ سیاه در d8 به d1 حمله می‌کند، همان خانه‌ای که رخ سفید در آن می‌نشیند. آیا سفید می‌تواند قلعهٔ بزرگ برود؟",
                 ar = "الرخ الأسود في d8 يهاجم d1، حيث سيستقر الرخ الأبيض. هل يجوز للأبيض التبييت الطويل؟" },
      wrong = { en = "Only the king's squares must be safe: b1, where it starts, and c1, where it lands. The rook may land on an attacked square (3.8.2.2).",
                fa = "فقط خانه‌های شاه باید امن باشند: b1 که از آن آغاز می‌کند و c1 که در آن می‌ایستد. رخ می‌تواند در خانه‌ای زیر حمله بایستد (۳٫۸٫۲٫۲).",
                ar = "لا يجب أن تكون آمنة إلا مربعات الملك: b1 حيث يبدأ، وc1 حيث يصل. أما الرخ فيجوز أن يصل إلى مربع مهاجَم (3.8.2.2)." },
      success = { en = "Right: yes — the king goes only from b1 to c1, neither of them attacked; an attacked square under the rook does not matter (3.8.2.2).",
                  fa = "درست است: بله؛ شاه فقط از b1 به c1 می‌رود و هیچ‌یک از این دو خانه زیر حمله نیست؛ خانهٔ زیر حمله‌ای که رخ در آن می‌نشیند اهمیتی ندارد (۳٫۸٫۲٫۲).",
                  ar = "صحيح: نعم، فالملك لا ينتقل إلا من b1 إلى c1، وليس أيّهما مهاجَمًا، ولا عبرة بمربع مهاجَم يستقر فيه الرخ (3.8.2.2)." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    }),
    may_castle("queenside", {
      fen = "2r1k3/8/8/8/8/8/8/1RK4R w HB - 0 1",
      prompt = { en = "The black rook on c8 gives check to the king on c1. May White get out of check by castling queenside, where the king stays on c1?",
                 fa = "رخ سیاه در c8 شاه c1 را کیش داده است. آیا سفید می‌تواند با قلعهٔ بزرگ، که در آن شاه در c1 می‌ماند، از کیش بیرون بیاید؟",
                 ar = "الرخ الأسود في c8 يكشّ الملك في c1. هل يجوز للأبيض الخروج من الكش بالتبييت الطويل، الذي يبقى فيه الملك في c1؟" },
      success = { en = "Right: no — castling is never allowed while the king is in check (3.8.2.2); not even when the king would stay on its square. The rook on d1 would not block the check on the c-file anyway.",
                  fa = "درست است: نه؛ وقتی شاه کیش است هرگز نمی‌توان قلعه رفت (۳٫۸٫۲٫۲)، حتی وقتی شاه در خانهٔ خودش می‌ماند. رخ d1 هم به هر حال جلوی کیش در ستون c را نمی‌گرفت.",
                  ar = "صحيح: لا، فلا يجوز التبييت أبدًا والملك في كش (3.8.2.2)، ولو بقي الملك في مربعه. ثم إن الرخ في d1 لن يسدّ الكشّ الآتي على العمود c أصلًا." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_in_check" } },
    }),
    teach {
      fen = "4k3/8/8/8/8/8/8/rR2K2R w HB - 0 1",
      variant = "chess960",
      text = { en = "One trap exists only in Chess960: the castling rook itself may be what shields the king's target square. Here nothing attacks c1 now, because the rook on b1 stands between it and the black rook on a1. But in O-O-O that rook leaves b1 for d1, the king lands on c1, and the rook on a1 then attacks it. No move may leave one's own king in check (3.9.2), so this castling is illegal; O-O is legal.",
               fa = "یک دام فقط در شطرنج ۹۶۰ هست: ممکن است همان رخی که با آن قلعه می‌روید سپرِ خانهٔ مقصد شاه باشد. اینجا اکنون هیچ مهره‌ای به c1 حمله نمی‌کند، چون رخ b1 میان این خانه و رخ سیاه a1 ایستاده است. اما در O-O-O همین رخ از b1 به d1 می‌رود، شاه در c1 می‌ایستد و آن‌گاه رخ a1 به شاه حمله می‌کند. هیچ حرکتی نباید شاه خودی را در کیش بگذارد (۳٫۹٫۲)، پس این قلعه غیرقانونی است؛ اما O-O قانونی است.",
               ar = "ثمة فخّ لا يوجد إلا في شطرنج 960: قد يكون رخ التبييت نفسه هو ما يحمي مربع وصول الملك. هنا لا يهاجم شيءٌ المربعَ c1 الآن، لأن الرخ في b1 يقف بينه وبين الرخ الأسود في a1. لكن في O-O-O ينتقل هذا الرخ من b1 إلى d1، ويستقر الملك في c1، فيهاجمه الرخ في a1 عندئذٍ. ولا يجوز لأي نقلة أن تترك ملك صاحبها في كش (3.9.2)، فهذا التبييت غير قانوني؛ أما O-O فقانوني." },
      diagram = { squares = { "b1", "c1" }, arrows = { { "a1", "c1" }, { "b1", "d1" }, { "e1", "c1" } } },
    },
    may_castle("queenside", {
      fen = "4k3/8/8/8/8/8/8/rR2K2R w HB - 0 1",
      prompt = { en = "The white king is not in check, and c1 and d1 are not attacked now. May White castle queenside?",
                 fa = "شاه سفید کیش نیست و اکنون به c1 و d1 حمله‌ای نمی‌شود. آیا سفید می‌تواند قلعهٔ بزرگ برود؟",
                 ar = "الملك الأبيض ليس في كش، وليس المربعان c1 وd1 مهاجَمين الآن. هل يجوز للأبيض التبييت الطويل؟" },
      wrong = { en = "Look at the position after castling: the rook has left b1, and the king on c1 stands on the a1-rook's line. A castling that leaves the king in check is illegal (3.9.2).",
                fa = "وضعیت پس از قلعه را ببینید: رخ b1 را ترک کرده است و شاه در c1 سر راه رخ a1 ایستاده است. قلعه‌ای که شاه را در کیش بگذارد غیرقانونی است (۳٫۹٫۲).",
                ar = "انظر إلى الوضع بعد التبييت: غادر الرخ b1، فصار الملك في c1 على خط الرخ في a1. والتبييت الذي يترك الملك في كش غير قانوني (3.9.2)." },
      success = { en = "Right: no — once the rook leaves b1, the rook on a1 attacks the king on c1.",
                  fa = "درست است: نه؛ همین که رخ b1 را ترک کند، رخ a1 به شاه در c1 حمله می‌کند.",
                  ar = "صحيح: لا، فمتى غادر الرخ b1 هاجم الرخ في a1 الملكَ في c1." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_attack_uncovered" } },
    }),
    castle_where_legal {
      fen = "4k3/8/8/8/8/8/8/rR2K2R w HB - 0 1",
      success = { en = "Right: O-O — the king goes from e1 to g1 and the rook from h1 to f1.", fa = "درست است: O-O؛ شاه از e1 به g1 و رخ از h1 به f1 می‌رود.",
                  ar = "صحيح: O-O — ينتقل الملك من e1 إلى g1 والرخ من h1 إلى f1." },
      tests = { right = { "O-O" }, wrong = { ["O-O-O"] = "castling_attack_uncovered", ["Kd2"] = "deviation" } },
    },
    may_castle("kingside", {
      fen = "4k3/8/8/8/8/8/8/1RK4R w HB - 0 1",
      moves = { "Rh2", "Ke7", "Rh1", "Ke8" },
      prompt = { en = "The h-rook went to h2 and came back to h1. May White castle kingside now?",
                 fa = "رخ h به h2 رفت و به h1 برگشت. آیا سفید اکنون می‌تواند قلعهٔ کوچک برود؟",
                 ar = "ذهب رخ h إلى h2 ثم عاد إلى h1. هل يجوز للأبيض الآن التبييت القصير؟" },
      success = { en = "Right: no — a rook that has moved can never castle again in that game, even back on its square (3.8.2.1); O-O-O with the b1-rook is still possible.",
                  fa = "درست است: نه؛ رخی که حرکت کرده در آن بازی دیگر هرگز نمی‌تواند قلعه برود، حتی اگر به خانهٔ خود برگشته باشد (۳٫۸٫۲٫۱)؛ اما O-O-O با رخ b1 هنوز ممکن است.",
                  ar = "صحيح: لا، فالرخ الذي تحرّك لا يجوز التبييت معه أبدًا في تلك المباراة، ولو عاد إلى مربعه (3.8.2.1)؛ أما O-O-O مع رخ b1 فما زال ممكنًا." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_rook_moved" } },
    }),
  },
}
