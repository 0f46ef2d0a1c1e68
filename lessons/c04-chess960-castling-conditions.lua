-- When Chess960 castling is illegal (3.8.2, Chess960 rules): squares between king/rook and their
-- targets, attacked squares, lost rights. The engine gives every failed condition.
local function can(side) return function(pos) return pos:parse(side == "kingside" and "O-O" or "O-O-O") ~= nil end end
local function why(side) return function(pos) return select(2, pos:castling("white", side)) end end
return lesson {
  id = "chess960-castling-conditions",
  title = { en = "Chess960: when you may not castle", fa = "شطرنج ۹۶۰: چه زمانی نمی‌توان قلعه رفت", ar = "شطرنج 960: متى لا يجوز التبييت" },
  level = "advanced",
  tags = { "chess960", "castling" },
  rules = { "960", "3.8.2.1", "3.8.2.2" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/1RK1N2R w HB - 0 1",
      variant = "chess960",
      text = { en = "The conditions are those of ordinary chess, applied to the squares the king and the rook travel: every square between the king and its target and between the rook and its target must be empty (except for those two pieces); the king may not be in check, and no square it crosses or lands on may be attacked. Here the knight on e1 stands on the king's path to g1, so O-O is illegal; O-O-O (king c1 stays, rook b1 to d1) is legal.",
               fa = "شرط‌ها همان شرط‌های شطرنج معمولی‌اند، اما برای خانه‌هایی که شاه و رخ از آن‌ها می‌گذرند: همهٔ خانه‌های میان شاه و مقصدش و میان رخ و مقصدش (جز خود آن دو مهره) باید خالی باشند؛ شاه نباید کیش باشد و هیچ خانه‌ای که از آن می‌گذرد یا در آن می‌ایستد نباید زیر حمله باشد. اینجا اسب e1 سر راه شاه به g1 است، پس O-O غیرقانونی است؛ اما O-O-O (شاه در c1 می‌ماند و رخ از b1 به d1 می‌رود) قانونی است.",
               ar = "الشروط هي شروط الشطرنج العادي، مطبَّقةً على المربعات التي يقطعها الملك والرخ: يجب أن تكون كل المربعات بين الملك وهدفه وبين الرخ وهدفه خالية (إلا من هاتين القطعتين)، وألّا يكون الملك في كش، وألّا يكون أي مربع يعبره أو يقف عليه مهاجَمًا. هنا الحصان في e1 على طريق الملك إلى g1، فالتبييت O-O غير قانوني؛ أما O-O-O (يبقى الملك في c1 وينتقل الرخ من b1 إلى d1) فقانوني." },
      diagram = { squares = { "e1" }, arrows = { { "c1", "g1" }, { "b1", "d1" } } },
    },
    true_false {
      fen = "4k3/8/8/8/8/8/8/1RK1N2R w HB - 0 1",
      variant = "chess960",
      prompt = { en = "May White castle kingside?", fa = "آیا سفید می‌تواند قلعهٔ کوچک برود؟", ar = "هل يجوز للأبيض التبييت القصير؟" },
      answer = can("kingside"),
      explain = why("kingside"),
      success = { en = "Right: the knight on e1 stands between the king and g1.", fa = "درست است: اسب e1 میان شاه و g1 ایستاده است.",
                  ar = "صحيح: الحصان في e1 يقف بين الملك وg1." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_path_blocked" } },
    },
    move_task {
      fen = "4k3/8/8/8/8/8/8/1RK1N2R w HB - 0 1",
      variant = "chess960",
      prompt = { en = "Castle on the side where it is legal.", fa = "در جناحی که قلعه قانونی است قلعه بروید.", ar = "بيّت في الجناح الذي يكون فيه التبييت قانونيًا." },
      expect = castles(),
      success = { en = "Right: O-O-O — the king stays on c1 and the rook goes from b1 to d1.", fa = "درست است: O-O-O؛ شاه در c1 می‌ماند و رخ از b1 به d1 می‌رود.",
                  ar = "صحيح: O-O-O — يبقى الملك في c1 وينتقل الرخ من b1 إلى d1." },
      wrong = { en = "That is not castling.", fa = "این قلعه نیست.", ar = "هذا ليس تبييتًا." },
      tests = { right = { "O-O-O" }, wrong = { ["O-O"] = "castling_path_blocked", ["Kc2"] = "deviation", ["Rd1"] = "path_blocked" } },
    },
    true_false {
      fen = "4kr2/8/8/8/8/8/8/1RK4R w HB - 0 1",
      variant = "chess960",
      prompt = { en = "The black rook on f8 watches f1. May White castle kingside (king c1 to g1)?", fa = "رخ سیاه f8 خانهٔ f1 را زیر نظر دارد. آیا سفید می‌تواند قلعهٔ کوچک برود (شاه از c1 به g1)؟",
                 ar = "الرخ الأسود في f8 يراقب f1. هل يجوز للأبيض التبييت القصير (الملك من c1 إلى g1)؟" },
      answer = can("kingside"),
      explain = why("kingside"),
      success = { en = "Right: the king would cross f1, an attacked square.", fa = "درست است: شاه از f1 می‌گذشت که زیر حمله است.",
                  ar = "صحيح: كان الملك سيعبر f1، وهو مربع مهاجَم." },
      tests = { right = { "false" }, wrong = { ["true"] = "castling_through_attack" } },
    },
  },
}
