-- Writing and typing Chess960 castling (Chess960 rules, App. C): O-O / O-O-O always, or in UCI
-- the king "capturing" its own rook. The engine reads both.
return lesson {
  id = "chess960-notation",
  title = { en = "Chess960: writing and typing castling", fa = "شطرنج ۹۶۰: نوشتن و تایپ قلعه", ar = "شطرنج 960: كتابة التبييت وإدخاله" },
  level = "advanced",
  tags = { "chess960", "notation" },
  rules = { "960", "C" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1",
      variant = "chess960",
      text = { en = "In Chess960 castling is written O-O (with the rook that stands towards h) and O-O-O (towards a), whatever the squares. In UCI, which computers use, castling is typed as the king moving onto its own rook's square: here f1g1 is O-O and f1b1 is O-O-O, since the king's two squares step would be ambiguous.",
               fa = "در شطرنج ۹۶۰ قلعه، هر خانه‌ای که باشد، O-O (با رخی که به سمت h است) و O-O-O (به سمت a) نوشته می‌شود. در UCI، که رایانه‌ها به کار می‌برند، قلعه به شکل رفتن شاه به خانهٔ رخ خودی تایپ می‌شود: اینجا f1g1 همان O-O است و f1b1 همان O-O-O، چون حرکت دوخانه‌ای شاه مبهم می‌بود.",
               ar = "في شطرنج 960 يُكتب التبييت O-O (مع الرخ الذي في جهة h) وO-O-O (في جهة a)، أيًّا كانت المربعات. وفي UCI، الذي تستخدمه الحواسيب، يُدخَل التبييت كأن الملك ينتقل إلى مربع رخّه: هنا f1g1 هي O-O، وf1b1 هي O-O-O، لأن خطوة الملك المزدوجة قد تكون مُبهمة." },
      diagram = { squares = { "g1", "b1" }, arrows = { { "f1", "g1" }, { "f1", "b1" } } },
    },
    move_task {
      fen = "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1",
      variant = "chess960",
      prompt = { en = "Castle queenside, typed in UCI.", fa = "قلعهٔ بزرگ بروید و آن را با UCI تایپ کنید.", ar = "بيّت تبييتًا طويلًا وأدخله بصيغة UCI." },
      expect = castles("queenside"),
      success = { en = "Right: f1b1 — the king onto the b1-rook: the king ends on c1 and the rook on d1.", fa = "درست است: f1b1؛ شاه به خانهٔ رخ b1: شاه در c1 و رخ در d1 قرار می‌گیرد.",
                  ar = "صحيح: ‏f1b1 — الملك إلى مربع رخ b1: فينتهي الملك في c1 والرخ في d1." },
      wrong = { en = "That is not queenside castling.", fa = "این قلعهٔ بزرگ نیست.", ar = "هذا ليس تبييتًا طويلًا." },
      tests = { right = { "f1b1", "O-O-O" }, wrong = { ["f1g1"] = "deviation", ["Ke2"] = "deviation" } },
    },
    move_task {
      fen = "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1",
      variant = "chess960",
      prompt = { en = "Castle kingside.", fa = "قلعهٔ کوچک بروید.", ar = "بيّت تبييتًا قصيرًا." },
      expect = castles("kingside"),
      success = { en = "Right: O-O (f1g1) — the king to g1 and the rook to f1: they change places.", fa = "درست است: O-O (f1g1)؛ شاه به g1 و رخ به f1: جای خود را عوض می‌کنند.",
                  ar = "صحيح: O-O ‏(f1g1) — الملك إلى g1 والرخ إلى f1: يتبادلان المكانين." },
      wrong = { en = "That is not kingside castling.", fa = "این قلعهٔ کوچک نیست.", ar = "هذا ليس تبييتًا قصيرًا." },
      tests = { right = { "O-O", "f1g1" }, wrong = { ["O-O-O"] = "deviation", ["Kf2"] = "deviation" } },
    },
  },
}
