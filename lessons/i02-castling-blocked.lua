-- When castling is not allowed: lost rights, pieces in between, check, attacked squares (FIDE 3.8.2.1–2).
-- Answers come from the engine: "can White castle?" is whether it accepts the castling move.
local function can(side)
  return function(pos) return pos:parse(side == "kingside" and "O-O" or "O-O-O") ~= nil end
end
-- Why not: every condition that fails, from the engine (with the game, so a lost right names the move).
local function why_not(side)
  return function(pos, game) return select(2, pos:castling("white", side, game)) end
end
local yes_no = function(en, fa, ar) return { en = en, fa = fa, ar = ar } end
return lesson {
  id = "castling-blocked",
  title = { en = "When you may not castle", fa = "چه زمانی نمی‌توان قلعه رفت", ar = "متى لا يجوز التبييت" },
  level = "intermediate",
  tags = { "castling" },
  rules = { "3.8.2", "3.8.2.1", "3.8.2.2" },
  steps = {
    true_false {
      fen = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
      prompt = { en = "May White castle queenside now?", fa = "آیا سفید اکنون می‌تواند قلعهٔ بزرگ برود؟",
                 ar = "هل يجوز للأبيض الآن التبييت الطويل؟" },
      answer = can("queenside"),
      explain = why_not("queenside"),
      success = yes_no("Right: the knight on b1 stands between king and rook. Every square between them must be empty.",
                       "درست است: اسب b1 میان شاه و رخ است. همهٔ خانه‌های میان آن دو باید خالی باشند.",
                       "صحيح: الحصان في b1 يقف بين الملك والرخ. يجب أن تكون كل المربعات بينهما خالية."),
      tests = { right = { "false" }, wrong = { ["true"] = "castling_path_blocked" } },
    },
    true_false {
      fen = "4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "The rook on e5 gives check. May White castle kingside to escape?",
                 fa = "رخ e5 کیش داده است. آیا سفید می‌تواند برای فرار قلعهٔ کوچک برود؟",
                 ar = "الرخ في e5 يكش. هل يجوز للأبيض التبييت القصير للهروب؟" },
      answer = can("kingside"),
      explain = why_not("kingside"),
      success = yes_no("Right: you may not castle out of check.", "درست است: در حال کیش نمی‌توان قلعه رفت.",
                       "صحيح: لا يجوز التبييت والملك في كش."),
      tests = { right = { "false" }, wrong = { ["true"] = "castling_in_check" } },
    },
    true_false {
      fen = "4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "The rook on f5 watches f1. May White castle kingside?",
                 fa = "رخ f5 خانهٔ f1 را زیر نظر دارد. آیا سفید می‌تواند قلعهٔ کوچک برود؟",
                 ar = "الرخ في f5 يراقب f1. هل يجوز للأبيض التبييت القصير؟" },
      answer = can("kingside"),
      explain = why_not("kingside"),
      success = yes_no("Right: the king may not cross an attacked square.",
                       "درست است: شاه نمی‌تواند از خانه‌ای که زیر حمله است عبور کند.",
                       "صحيح: لا يجوز للملك أن يعبر مربعًا مهاجَمًا."),
      tests = { right = { "false" }, wrong = { ["true"] = "castling_through_attack" } },
    },
    true_false {
      fen = "4k3/8/8/6r1/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "The rook on g5 watches g1. May White castle kingside?",
                 fa = "رخ g5 خانهٔ g1 را زیر نظر دارد. آیا سفید می‌تواند قلعهٔ کوچک برود؟",
                 ar = "الرخ في g5 يراقب g1. هل يجوز للأبيض التبييت القصير؟" },
      answer = can("kingside"),
      explain = why_not("kingside"),
      success = yes_no("Right: the king may not land in check.", "درست است: شاه نمی‌تواند در خانه‌ای بنشیند که زیر حمله است.",
                       "صحيح: لا يجوز للملك أن يستقرّ في مربع مهاجَم."),
      tests = { right = { "false" }, wrong = { ["true"] = "castling_into_attack" } },
    },
    true_false {
      fen = "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
      prompt = { en = "The rook on b8 attacks b1. May White castle queenside?",
                 fa = "رخ b8 به b1 حمله دارد. آیا سفید می‌تواند قلعهٔ بزرگ برود؟",
                 ar = "الرخ في b8 يهاجم b1. هل يجوز للأبيض التبييت الطويل؟" },
      answer = can("queenside"),
      explain = why_not("queenside"),
      success = yes_no("Yes! Only the king's squares matter: e1, d1 and c1. The rook may pass an attacked b1.",
                       "بله! فقط خانه‌های شاه مهم‌اند: e1 و d1 و c1. رخ می‌تواند از b1 زیر حمله عبور کند.",
                       "نعم! المهم مربعات الملك فقط: e1 وd1 وc1. ويجوز للرخ أن يعبر b1 المهاجَم."),
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
    true_false {
      fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      moves = { "Ke2", "Ke7", "Ke1", "Ke8" },
      prompt = { en = "Both kings walked out and came back (Ke2 Ke7 Ke1 Ke8). May White castle kingside now?",
                 fa = "هر دو شاه بیرون رفتند و برگشتند (Ke2 Ke7 Ke1 Ke8). آیا سفید اکنون می‌تواند قلعهٔ کوچک برود؟",
                 ar = "خرج الملكان ثم عادا (Ke2 Ke7 Ke1 Ke8). هل يجوز للأبيض الآن التبييت القصير؟" },
      answer = can("kingside"),
      explain = why_not("kingside"),
      success = yes_no("Right: once the king has moved, castling is lost for good.",
                       "درست است: وقتی شاه یک بار حرکت کند، حق قلعه برای همیشه از دست می‌رود.",
                       "صحيح: إذا تحرك الملك مرة واحدة ضاع حق التبييت نهائيًا."),
      tests = { right = { "false" }, wrong = { ["true"] = "castling_king_moved" } },
    },
    move_task {
      fen = "4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "Castle on the side where it is allowed.", fa = "در جناحی قلعه بروید که قلعه در آن قانونی است.",
                 ar = "بيّت في الجناح الذي يجوز فيه التبييت." },
      expect = castles(),
      success = { en = "Right: queenside castling is legal; kingside is not, because the rook on f5 attacks f1.",
                  fa = "درست است: قلعهٔ بزرگ قانونی است؛ قلعهٔ کوچک نه، چون رخ f5 به f1 حمله دارد.",
                  ar = "صحيح: التبييت الطويل قانوني، أما القصير فلا، لأن الرخ في f5 يهاجم f1." },
      tests = { right = { "O-O-O" }, wrong = { ["O-O"] = "castling_through_attack", ["Kd1"] = "deviation" } },
    },
  },
}
