-- Writing and typing Chess960 castling (Chess960 rules, App. C): O-O / O-O-O on the scoresheet
-- whatever the squares; in UCI the king moves onto its own rook. The engine reads both.
return lesson {
  id = "chess960-notation",
  title = { en = "Chess960: writing and typing castling", fa = "شطرنج تصادفی فیشر: نوشتن و تایپ قلعه", ar = "شطرنج فيشر العشوائي: كتابة التبييت وإدخاله" },
  level = "advanced",
  tags = { "chess960", "notation" },
  rules = { "II.3.2.6", "C", "C.13.1", "C.13.2" },
  steps = {
    teach {
      fen = "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1",
      variant = "chess960",
      text = { en = "On the scoresheet, Chess960 castling is written as in ordinary chess, whatever squares the king and rook start on: O-O with the rook on the h-file side of the king (the king ends on g1), O-O-O with the rook on the a-file side (the king ends on c1). Programs that use UCI in its Chess960 mode (the option UCI_Chess960; ordinary UCI writes e1g1) type castling as the king moving onto its own rook: "
                 .. "here f1g1 is O-O and f1b1 is O-O-O. In Chess960 the king may move one square, several or none when it castles, so its landing square alone cannot show castling; but a king never moves onto one of its own pieces, so \"king onto own rook\" can only mean castling.",
               fa = "روی برگهٔ ثبت حرکات، قلعه در شطرنج تصادفی فیشر مانند شطرنج معمولی نوشته می‌شود، شاه و رخ از هر خانه‌ای که شروع کرده باشند: O-O برای قلعه با رخی که طرفِ ستون h نسبت به شاه است (شاه در g1 می‌ایستد)، و O-O-O برای قلعه با رخی که طرفِ ستون a نسبت به شاه است (شاه در c1 می‌ایستد). برنامه‌هایی که با UCI در حالت شطرنج ۹۶۰ کار می‌کنند (گزینهٔ UCI_Chess960؛ UCI معمولی قلعه را e1g1 می‌نویسد) قلعه را به شکل رفتن شاه به خانهٔ رخ خودی تایپ می‌کنند: "
                 .. "اینجا f1g1 همان O-O است و f1b1 همان O-O-O. در شطرنج ۹۶۰ شاه هنگام قلعه ممکن است یک خانه، چند خانه یا هیچ حرکت کند، پس خانهٔ مقصد شاه به‌تنهایی نشان نمی‌دهد که قلعه است؛ اما شاه هرگز به خانهٔ مهرهٔ خودی نمی‌رود، پس «رفتن شاه به خانهٔ رخ خودی» فقط می‌تواند قلعه باشد.",
               ar = "في ورقة التسجيل يُكتب تبييت شطرنج فيشر العشوائي كما في الشطرنج العادي، أيًّا كان مربعا البداية للملك والرخ: O-O مع الرخ الذي في جهة العمود h من الملك (فيستقر الملك في g1)، وO-O-O مع الرخ الذي في جهة العمود a من الملك (فيستقر الملك في c1). أما البرامج التي تستخدم UCI في وضع شطرنج 960 (الخيار UCI_Chess960؛ أما UCI العادي فيكتب e1g1) فتُدخل التبييت كأن الملك ينتقل إلى مربع رخّه: "
                 .. "هنا f1g1 هي O-O، وf1b1 هي O-O-O. ففي شطرنج 960 قد يتحرك الملك عند التبييت مربعًا واحدًا أو عدة مربعات أو لا يتحرك أصلًا، فلا يكفي مربع وصوله لبيان أنه يبيّت؛ لكن الملك لا ينتقل أبدًا إلى مربع تشغله إحدى قطعه، فلا تعني «نقلة الملك إلى مربع رخّه» إلا التبييت." },
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
    move_task {
      fen = "1r3kr1/8/8/8/8/8/8/4K3 b gb - 0 1",
      variant = "chess960",
      prompt = { en = "Black to move: castle kingside, typed in UCI.", fa = "نوبت سیاه است: قلعهٔ کوچک بروید و آن را با UCI تایپ کنید.",
                 ar = "الدور على الأسود: بيّت تبييتًا قصيرًا وأدخله بصيغة UCI." },
      expect = castles("kingside"),
      wrong = { en = "That is not kingside castling.", fa = "این قلعهٔ کوچک نیست.", ar = "هذا ليس تبييتًا قصيرًا." },
      success = { en = "Right: f8g8 — the black king onto its own g8-rook; on the scoresheet it is O-O, and the king and rook change places.",
                  fa = "درست است: f8g8؛ شاه سیاه به خانهٔ رخ خودی در g8؛ روی برگهٔ ثبت حرکات O-O نوشته می‌شود و شاه و رخ جای خود را عوض می‌کنند.",
                  ar = "صحيح: f8g8‏ — الملك الأسود إلى مربع رخّه في g8؛ وفي ورقة التسجيل تُكتب O-O، ويتبادل الملك والرخ مكانيهما." },
      tests = { right = { "f8g8", "O-O" }, wrong = { ["f8b8"] = "deviation", ["Ke7"] = "deviation" } },
    },
    choice {
      fen = "4k3/8/8/8/8/8/8/R1K5 w A - 0 1",
      variant = "chess960",
      prompt = { en = "White castles: the king stays on c1 and the rook goes from a1 to d1. What is written on the scoresheet?",
                 fa = "سفید قلعه می‌رود: شاه در c1 می‌ماند و رخ از a1 به d1 می‌رود. روی برگهٔ ثبت حرکات چه نوشته می‌شود؟",
                 ar = "يبيّت الأبيض: يبقى الملك في c1 وينتقل الرخ من a1 إلى d1. ماذا يُكتب في ورقة التسجيل؟" },
      choices = {
        { id = "a", text = { en = "O-O-O", fa = "O-O-O", ar = "O-O-O" } },
        { id = "b", text = { en = "Rd1", fa = "Rd1", ar = "Rd1" } },
        { id = "c", text = { en = "O-O", fa = "O-O", ar = "O-O" } },
      },
      answer = function(pos) return pos:parse("c1a1").san == "O-O-O" and "a" or "b" end,
      wrong = { en = "It is castling, even though the king does not move: castling with the a-side rook is written 0-0-0 (O-O-O). Rd1 would mean an ordinary rook move, which is not even legal here.",
                fa = "این قلعه است، هرچند شاه حرکت نمی‌کند: قلعه با رخ سمت a به صورت 0-0-0 (O-O-O) نوشته می‌شود. Rd1 یعنی حرکت معمولی رخ، که اینجا حتی قانونی هم نیست.",
                ar = "إنه تبييت وإن لم يتحرك الملك: فالتبييت مع رخ جهة a يُكتب 0-0-0 (O-O-O). أما Rd1 فتعني نقلة رخ عادية، وهي هنا غير قانونية أصلًا." },
      success = { en = "Right: it is castling with the a-file rook, so O-O-O, even though the king does not move; Rd1 would be an ordinary rook move, and here it is not even legal, as the king is in the way.",
                  fa = "درست است: این قلعه با رخ ستون a است، پس O-O-O، هرچند شاه حرکت نمی‌کند؛ Rd1 حرکت معمولی رخ می‌بود و اینجا حتی قانونی هم نیست، چون شاه سر راه است.",
                  ar = "صحيح: هذا تبييت مع رخ العمود a، فيُكتب O-O-O وإن لم يتحرك الملك؛ أما Rd1 فنقلة عادية للرخ، وهي هنا غير قانونية أصلًا لأن الملك في طريقه." },
      tests = { right = { "a" }, wrong = { ["b"] = "wrong_answer", ["c"] = "wrong_answer" } },
    },
    true_false {
      fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1",
      variant = "chess960",
      prompt = { en = "King on g1, rook on h1. Typed in UCI, g1h1 is kingside castling.", fa = "شاه در g1 و رخ در h1. اگر g1h1 را با UCI تایپ کنید، قلعهٔ کوچک است.",
                 ar = "الملك في g1 والرخ في h1. إذا أُدخلت g1h1 بصيغة UCI فهي تبييت قصير." },
      answer = function(pos)
        local m = pos:parse("g1h1")
        return m ~= nil and m.castle == "kingside"
      end,
      wrong = { en = "In the Chess960 form of UCI, castling is written as the king moving onto its own rook: g1h1 can only be castling, since a king never captures its own piece.",
                fa = "در شکل شطرنج ۹۶۰ از UCI، قلعه به صورت حرکت شاه روی رخ خودش نوشته می‌شود: g1h1 فقط می‌تواند قلعه باشد، چون شاه هرگز مهرهٔ خودی را نمی‌زند.",
                ar = "في صيغة شطرنج 960 من UCI يُكتب التبييت انتقالًا للملك إلى مربع رخه: فلا يمكن أن تكون g1h1 إلا تبييتًا، لأن الملك لا يأخذ قطعته أبدًا." },
      success = { en = "Right: the king moves onto its own rook, which only castling can do; the rook goes to f1 and the king stays on g1. On the scoresheet: O-O.",
                  fa = "درست است: شاه به خانهٔ رخ خودی می‌رود و این کار فقط در قلعه ممکن است؛ رخ به f1 می‌رود و شاه در g1 می‌ماند. روی برگهٔ ثبت حرکات: O-O.",
                  ar = "صحيح: ينتقل الملك إلى مربع رخّه، ولا يكون ذلك إلا في التبييت؛ فيذهب الرخ إلى f1 ويبقى الملك في g1. وفي ورقة التسجيل: O-O." },
      tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } },
    },
  },
}
