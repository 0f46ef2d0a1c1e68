-- Recording the moves (FIDE 8, App. C): the scoresheet in algebraic notation, a move written
-- after it is made, and the engine reading what is written.
return lesson {
  id = "recording-moves",
  title = { en = "Keeping the scoresheet", fa = "نوشتن برگهٔ ثبت حرکات", ar = "تسجيل النقلات في ورقة التسجيل" },
  level = "advanced",
  tags = { "arbiter", "notation" },
  rules = { "8", "C" },
  steps = {
    teach {
      text = { en = "In a standard game each player writes every move, his own and the opponent's, clearly in algebraic notation on the scoresheet, move after move (8.1). A move is written after it has been made — never in advance, except when claiming a draw (9.2, 9.3) or adjourning. Pawn captures keep the file they came from (exd5), a promotion shows the new piece (e8=Q).",
               fa = "در بازی استاندارد هر بازیکن همهٔ حرکت‌ها را، چه حرکت خودش و چه حرکت حریف، یکی پس از دیگری و با خط خوانا به نگارش جبری روی برگهٔ ثبت حرکات می‌نویسد (۸.۱). حرکت پس از انجام شدن نوشته می‌شود و هرگز از پیش، مگر هنگام ادعای تساوی (۹.۲، ۹.۳) یا به‌تعویق‌انداختن بازی. در زدن با پیاده ستون مبدأ نوشته می‌شود (exd5) و در ارتقا مهرهٔ تازه (e8=Q).",
               ar = "في المباراة الكلاسيكية يكتب كل لاعب جميع النقلات، نقلاته ونقلات خصمه، واحدة تلو الأخرى، بوضوح وبالتدوين الجبري في ورقة التسجيل (8.1). وتُكتب النقلة بعد أن تُلعب، لا قبل ذلك أبدًا، إلا عند المطالبة بالتعادل (9.2، 9.3) أو تأجيل المباراة. ويُحفظ في أخذ البيدق العمود الذي جاء منه (exd5)، وتُبيَّن في الترقية القطعة الجديدة (e8=Q)." },
    },
    true_false {
      prompt = { en = "A player writes his intended move on the scoresheet before playing it, to think it over. Is that allowed?",
                 fa = "بازیکنی حرکتی را که در نظر دارد پیش از انجام آن روی برگه می‌نویسد تا درباره‌اش فکر کند. آیا اجازهٔ این کار را دارد؟",
                 ar = "يكتب لاعب النقلة التي ينويها في ورقة التسجيل قبل أن يلعبها ليفكّر فيها. هل يجوز ذلك؟" },
      answer = false,
      success = { en = "Right: moves are written after they are made (8.1); writing a move first is only for a draw claim.",
                  fa = "درست است: حرکت پس از انجام شدن نوشته می‌شود (۸.۱)؛ نوشتن پیشاپیش حرکت فقط برای ادعای تساوی است.",
                  ar = "صحيح: تُكتب النقلة بعد لعبها (8.1)؛ ولا تُكتب مسبقًا إلا للمطالبة بالتعادل." },
      tests = { right = { "false" }, wrong = { ["true"] = "wrong_answer" } },
    },
    move_task {
      fen = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
      prompt = { en = "Record the capture on d5 by the e-pawn: play it as it would be written on the scoresheet.", fa = "زدن پیادهٔ d5 با پیادهٔ ستون e را همان‌طور که روی برگه نوشته می‌شود بازی کنید.",
                 ar = "العب أخذ بيدق d5 ببيدق العمود e كما يُكتب في ورقة التسجيل." },
      expect = all_of(from_square("e4"), to_square("d5")),
      success = { en = "Right: exd5 — the file the pawn came from tells the two possible captures apart.", fa = "درست است: exd5؛ ستون مبدأ پیاده دو زدن ممکن را از هم جدا می‌کند.",
                  ar = "صحيح: ‏exd5 — عمود البيدق الذي جاء منه يميّز بين الأخذين الممكنين." },
      wrong = { en = "That is the other pawn's capture.", fa = "این زدن با پیادهٔ دیگر است.", ar = "هذا أخذ بالبيدق الآخر." },
      tests = { right = { "exd5", "e4d5" }, wrong = { ["cxd5"] = "deviation", ["xd5"] = "san_malformed" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
      prompt = { en = "White castles on the side of the a1-rook. What goes on the scoresheet?", fa = "سفید در سمت رخ a1 قلعه می‌رود. روی برگه چه نوشته می‌شود؟",
                 ar = "يبيّت الأبيض في جهة رخ a1. ماذا يُكتب في ورقة التسجيل؟" },
      choices = {
        { id = "a", text = { en = "O-O-O", fa = "O-O-O", ar = "O-O-O" } },
        { id = "b", text = { en = "O-O", fa = "O-O", ar = "O-O" } },
        { id = "c", text = { en = "Kc1", fa = "Kc1", ar = "Kc1" } },
      },
      answer = function(pos) return pos:parse("e1c1").san == "O-O-O" and "a" or "c" end,
      success = { en = "Right: castling with the a-rook is queenside castling, O-O-O.", fa = "درست است: قلعه با رخ a قلعهٔ بزرگ است: O-O-O.",
                  ar = "صحيح: التبييت مع رخ a تبييت طويل: O-O-O." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
  },
}
