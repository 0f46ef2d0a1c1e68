-- Rapid and blitz (FIDE Appendices A and B): what counts as rapid or blitz (A.1, B.1), the
-- scoresheet (A.2), supervised games under the Competition Rules (A.4, B.2) and unsupervised
-- ones (A.5, B.3): an illegal move nobody claimed before the next move stands (A.5.2), claims
-- after ten moves (A.5.1), flag falls (A.5.3, A.5.5), an illegal position (A.5.4). The engine
-- gives the penalties (arbiter.illegal_move_penalty with its options) and judges the claim.
local after4 = { "e4", "e5", "Nf3", "Nc6" }
local opts_unsup = { unsupervised = true }
local opts_late = { unsupervised = true, opponent_moved = true }
local KINDS = {
  { id = "standard", text = { en = "A standard game", fa = "بازی کلاسیک", ar = "مباراة كلاسيكية" } },
  { id = "rapid", text = { en = "Rapid", fa = "بازی سریع", ar = "شطرنج سريع" } },
  { id = "blitz", text = { en = "Blitz", fa = "بازی برق‌آسا", ar = "شطرنج خاطف" } },
}
local RULES = {
  { id = "supervised", text = { en = "The Competition Rules (a supervised game)", fa = "قوانین مسابقه (بازی زیر نظارت داور)",
                                ar = "قواعد المسابقة (مباراة تحت إشراف الحكم)" } },
  { id = "unsupervised", text = { en = "The rules for unsupervised games", fa = "قوانین بازی‌های بدون نظارت داور",
                                  ar = "قواعد المباريات التي لا يشرف عليها الحكم" } },
}
local PENALTY = {
  { id = "minute", text = { en = "The position is restored and Black gets one extra minute", fa = "وضعیت بازگردانده می‌شود و سیاه یک دقیقه وقت اضافه می‌گیرد",
                            ar = "يُعاد الوضع ويُمنح الأسود دقيقة إضافية واحدة" } },
  { id = "stands", text = { en = "The illegal move stands and the game goes on", fa = "حرکت غیرقانونی برقرار می‌ماند و بازی ادامه می‌یابد",
                            ar = "تبقى النقلة غير القانونية وتستمر المباراة" } },
  { id = "loss", text = { en = "White loses the game", fa = "سفید بازی را می‌بازد", ar = "يخسر الأبيض المباراة" } },
}
-- the engine's verdict on White's illegal move, as one of PENALTY's ids
local function penalty(pos, count, tc, opts)
  local out, extra = arbiter.illegal_move_penalty(pos, "white", count, tc, nil, opts)
  for _, e in ipairs(out.explanations) do
    if e.code == "illegal_move_stands" then return "stands" end
  end
  if out.result == "0-1" then return "loss" end
  return extra == 60 and "minute" or "other"
end

return lesson {
  id = "rapid-blitz",
  title = { en = "Rapid and blitz: with and without an arbiter", fa = "بازی سریع و برق‌آسا: با داور و بدون داور",
            ar = "الشطرنج السريع والخاطف: بإشراف الحكم ومن دونه" },
  level = "advanced",
  tags = { "arbiter", "rapid", "blitz" },
  rules = { "A.1", "A.2", "A.3", "A.4", "A.4.1", "A.4.2", "A.5", "A.5.1", "A.5.1.2", "A.5.2", "A.5.3", "A.5.4", "A.5.5", "A.6",
            "B.1", "B.2", "B.3", "B.4" },
  steps = {
    teach {
      diagram = { squares = { "e1", "e8" }, arrows = {} },
      text = { en = "A rapid game gives each player more than 10 and less than 60 minutes (A.1). A blitz game gives 10 minutes or less (B.1). With an increment, count 60 moves: 15 minutes plus 10 seconds a move is 15 + 10 = 25 minutes, so rapid; 3 minutes plus 2 seconds is 3 + 2 = 5 minutes, so blitz.",
               fa = "در بازی سریع هر بازیکن بیش از ۱۰ و کمتر از ۶۰ دقیقه وقت دارد (A.1). در بازی برق‌آسا ۱۰ دقیقه یا کمتر (B.1). اگر برای هر حرکت وقت اضافه داده شود، ۶۰ حرکت را حساب کنید: ۱۵ دقیقه و ۱۰ ثانیه برای هر حرکت یعنی ۱۵ + ۱۰ = ۲۵ دقیقه، پس بازی سریع است؛ ۳ دقیقه و ۲ ثانیه یعنی ۳ + ۲ = ۵ دقیقه، پس بازی برق‌آسا است.",
               ar = "في الشطرنج السريع يكون لكل لاعب أكثر من 10 دقائق وأقل من 60 دقيقة (A.1). وفي الشطرنج الخاطف 10 دقائق أو أقل (B.1). وإذا أُضيف وقت عن كل نقلة فاحسب 60 نقلة: 15 دقيقة مع 10 ثوانٍ لكل نقلة تساوي 15 + 10 = 25 دقيقة، فهو شطرنج سريع؛ و3 دقائق مع ثانيتين تساوي 3 + 2 = 5 دقائق، فهو شطرنج خاطف." },
    },
    choice {
      prompt = { en = "Each player has 10 minutes, plus 5 seconds for every move. What kind of game is it?",
                 fa = "هر بازیکن ۱۰ دقیقه وقت دارد و برای هر حرکت ۵ ثانیه به وقتش افزوده می‌شود. این چه نوع بازی‌ای است؟",
                 ar = "لكل لاعب 10 دقائق، وتُضاف 5 ثوانٍ عن كل نقلة. ما نوع هذه المباراة؟" },
      choices = KINDS,
      answer = "rapid",
      success = { en = "Right: 60 moves of 5 seconds are 5 minutes, and 10 + 5 = 15 minutes is more than 10: rapid (A.1).",
                  fa = "درست است: ۶۰ حرکت با ۵ ثانیه می‌شود ۵ دقیقه، و ۱۰ + ۵ = ۱۵ دقیقه بیش از ۱۰ دقیقه است: بازی سریع (A.1).",
                  ar = "صحيح: 60 نقلة بخمس ثوانٍ تساوي 5 دقائق، و10 + 5 = 15 دقيقة أكثر من 10 دقائق: شطرنج سريع (A.1)." },
      wrong = { en = "Count the increment for 60 moves: 5 seconds times 60 is 5 minutes, so 10 + 5 = 15 minutes, more than 10 and less than 60 minutes: rapid (A.1).",
                fa = "وقت اضافه را برای ۶۰ حرکت حساب کنید: ۵ ثانیه ضرب در ۶۰ می‌شود ۵ دقیقه، پس ۱۰ + ۵ = ۱۵ دقیقه، بیش از ۱۰ و کمتر از ۶۰ دقیقه: بازی سریع (A.1).",
                ar = "احسب الوقت المضاف لستين نقلة: 5 ثوانٍ في 60 تساوي 5 دقائق، فيكون المجموع 10 + 5 = 15 دقيقة، أي أكثر من 10 دقائق وأقل من 60 دقيقة: شطرنج سريع (A.1)." },
      tests = { right = { "rapid" }, wrong = { ["blitz"] = "wrong_answer" } },
    },
    choice {
      prompt = { en = "Each player has 60 minutes for the whole game, with no increment. What kind of game is it?",
                 fa = "هر بازیکن برای کل بازی ۶۰ دقیقه وقت دارد، بدون وقت اضافه. این چه نوع بازی‌ای است؟",
                 ar = "لكل لاعب 60 دقيقة للمباراة كلها، دون وقت مضاف. ما نوع هذه المباراة؟" },
      choices = KINDS,
      answer = "standard",
      success = { en = "Right: rapid means less than 60 minutes each (A.1); 60 minutes or more is a standard game.",
                  fa = "درست است: بازی سریع یعنی کمتر از ۶۰ دقیقه برای هر بازیکن (A.1)؛ ۶۰ دقیقه یا بیشتر بازی کلاسیک است.",
                  ar = "صحيح: الشطرنج السريع أقل من 60 دقيقة لكل لاعب (A.1)؛ أما 60 دقيقة أو أكثر فمباراة كلاسيكية." },
      wrong = { en = "Rapid means less than 60 minutes for each player (A.1). With exactly 60 minutes it is a standard game.",
                fa = "بازی سریع یعنی کمتر از ۶۰ دقیقه برای هر بازیکن (A.1). با درست ۶۰ دقیقه بازی کلاسیک است.",
                ar = "الشطرنج السريع أقل من 60 دقيقة لكل لاعب (A.1). ومع 60 دقيقة تمامًا تكون المباراة كلاسيكية." },
      tests = { right = { "standard" }, wrong = { ["rapid"] = "wrong_answer" } },
    },
    teach {
      moves = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" },
      diagram = { squares = { "g1", "g8" }, arrows = { { "g1", "f3" }, { "g8", "f6" } } },
      text = { en = "In rapid the players need not write down the moves, and they keep the claims that usually need a scoresheet (A.2): a player who kept no score may still claim a draw by repetition.",
               fa = "در بازی سریع بازیکنان لازم نیست حرکت‌ها را بنویسند و ادعاهایی که معمولاً برگهٔ ثبت حرکات لازم دارند همچنان حقشان است (A.2): بازیکنی که حرکت‌ها را ننوشته است هم می‌تواند ادعای تساوی به سبب تکرار کند.",
               ar = "في الشطرنج السريع لا يلزم اللاعبين تدوين النقلات، ويبقى لهم حق المطالبات التي تحتاج عادةً إلى ورقة التسجيل (A.2): فاللاعب الذي لم يدوّن النقلات يستطيع مع ذلك المطالبة بالتعادل بالتكرار." },
    },
    true_false {
      moves = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8" },
      prompt = { en = "A rapid game. White has written down no moves. The knights went out and back twice; White is to move. May White claim a draw?",
                 fa = "بازی سریع. سفید هیچ حرکتی ننوشته است. اسب‌ها دو بار رفتند و برگشتند و نوبت سفید است. آیا سفید می‌تواند ادعای تساوی کند؟",
                 ar = "مباراة سريعة. لم يدوّن الأبيض أي نقلة. خرجت الأحصنة وعادت مرتين، والدور على الأبيض. هل يجوز للأبيض المطالبة بالتعادل؟" },
      answer = function(pos, game) return game:claim("threefold").claim_valid end,
      explain = function(pos, game) return game:claim("threefold").explanations end,
      success = { en = "Right: the starting position is on the board for the third time, and in rapid a player without a scoresheet keeps the claim (A.2).",
                  fa = "درست است: وضعیت آغاز بازی برای سومین بار روی صفحه است، و در بازی سریع بازیکنی که حرکت‌ها را ننوشته است حق ادعا را از دست نمی‌دهد (A.2).",
                  ar = "صحيح: وضع البداية على الرقعة للمرة الثالثة، وفي الشطرنج السريع لا يفقد اللاعب الذي لم يدوّن النقلات حقّ المطالبة (A.2)." },
      wrong = { en = "Not keeping score takes no claim away in rapid (A.2), and the position has appeared three times.",
                fa = "در بازی سریع ننوشتن حرکت‌ها هیچ حق ادعایی را از بازیکن نمی‌گیرد (A.2)، و این وضعیت سه بار پیش آمده است.",
                ar = "في الشطرنج السريع لا يُسقط عدمُ التدوين أيَّ حق في المطالبة (A.2)، وقد تكرر هذا الوضع ثلاث مرات." },
      tests = { right = { "true" }, wrong = { ["false"] = "threefold_now" } },
    },
    teach {
      diagram = { squares = { "d1", "e1" }, arrows = {} },
      text = { en = "Rapid and blitz follow the rules of a standard game, the Competition Rules, only when the games are supervised. In rapid, one arbiter watches at most three games (A.4.1). In blitz, one arbiter watches each game (B.2). The arbiter or an assistant also records every game (A.4.2). Otherwise the rules for unsupervised games apply (A.5, B.3). The regulations of the event say which rules apply to the whole event (A.6, B.4).",
               fa = "بازی سریع و برق‌آسا فقط وقتی از قوانین بازی کلاسیک، یعنی قوانین مسابقه، پیروی می‌کنند که داور بر بازی‌ها نظارت کند. در بازی سریع، یک داور بر حداکثر سه بازی نظارت می‌کند (A.4.1). در بازی برق‌آسا، برای هر بازی یک داور هست (B.2). داور یا دستیارش هم حرکت‌های هر بازی را ثبت می‌کند (A.4.2). در غیر این صورت قوانین بازی‌های بدون نظارت داور اجرا می‌شود (A.5، B.3). مقررات مسابقه تعیین می‌کند کدام قوانین در کل مسابقه اجرا می‌شود (A.6، B.4).",
               ar = "لا يتبع الشطرنج السريع والخاطف قواعدَ المباراة الكلاسيكية، أي قواعد المسابقة، إلا إذا أشرف الحكم على المباريات. ففي الشطرنج السريع يشرف حكم واحد على ثلاث مباريات على الأكثر (A.4.1). وفي الشطرنج الخاطف يكون لكل مباراة حكم (B.2). ويسجّل الحكم أو مساعده نقلات كل مباراة (A.4.2). وفي غير ذلك تُطبَّق قواعد المباريات التي لا يشرف عليها الحكم (A.5، B.3). وتحدد لوائح البطولة أيّ القواعد تُطبَّق على البطولة كلها (A.6، B.4)." },
    },
    choice {
      prompt = { en = "A rapid tournament: one arbiter watches three games, and an assistant records each of them. Which rules apply?",
                 fa = "مسابقهٔ سریع: یک داور بر سه بازی نظارت می‌کند و یک دستیار حرکت‌های هر سه بازی را ثبت می‌کند. کدام قوانین اجرا می‌شود؟",
                 ar = "بطولة شطرنج سريع: يشرف حكم واحد على ثلاث مباريات، ويسجّل مساعدٌ نقلات كلٍّ منها. أيّ القواعد تُطبَّق؟" },
      choices = RULES,
      answer = "supervised",
      success = { en = "Right: at most three games for one arbiter, all recorded: the games are supervised and the Competition Rules apply (A.4).",
                  fa = "درست است: حداکثر سه بازی برای یک داور و ثبت همهٔ حرکت‌ها: بازی‌ها زیر نظارت داورند و قوانین مسابقه اجرا می‌شود (A.4).",
                  ar = "صحيح: ثلاث مباريات على الأكثر لحكم واحد، وكلها مسجّلة: فالمباريات تحت إشراف الحكم وتُطبَّق قواعد المسابقة (A.4)." },
      wrong = { en = "Three games for one arbiter, each one recorded, is what rapid needs to count as supervised: the Competition Rules apply (A.4).",
                fa = "سه بازی برای یک داور، با ثبت حرکت‌های هر بازی، همان چیزی است که بازی سریع برای اینکه زیر نظارت داور به شمار آید لازم دارد: قوانین مسابقه اجرا می‌شود (A.4).",
                ar = "ثلاث مباريات لحكم واحد، مع تسجيل كل مباراة، هو ما يحتاجه الشطرنج السريع ليُعدّ تحت إشراف الحكم: فتُطبَّق قواعد المسابقة (A.4)." },
      tests = { right = { "supervised" }, wrong = { ["unsupervised"] = "wrong_answer" } },
    },
    choice {
      prompt = { en = "A blitz tournament: one arbiter watches two games, and nobody records them. Which rules apply?",
                 fa = "مسابقهٔ برق‌آسا: یک داور بر دو بازی نظارت می‌کند و کسی حرکت‌ها را ثبت نمی‌کند. کدام قوانین اجرا می‌شود؟",
                 ar = "بطولة شطرنج خاطف: يشرف حكم واحد على مباراتين، ولا يسجّل نقلاتهما أحد. أيّ القواعد تُطبَّق؟" },
      choices = RULES,
      answer = "unsupervised",
      success = { en = "Right: blitz is supervised only with one arbiter for each game (B.2); otherwise the rules for unsupervised games apply (B.3).",
                  fa = "درست است: بازی برق‌آسا فقط با یک داور برای هر بازی زیر نظارت به شمار می‌آید (B.2)؛ در غیر این صورت قوانین بازی‌های بدون نظارت داور اجرا می‌شود (B.3).",
                  ar = "صحيح: لا يُعدّ الشطرنج الخاطف تحت إشراف الحكم إلا إذا كان لكل مباراة حكم (B.2)؛ وفي غير ذلك تُطبَّق قواعد المباريات التي لا يشرف عليها الحكم (B.3)." },
      wrong = { en = "Two games for one arbiter is enough in rapid, not in blitz: blitz needs one arbiter for each game (B.2). Here the rules for unsupervised games apply (B.3).",
                fa = "دو بازی برای یک داور در بازی سریع کافی است، اما در بازی برق‌آسا نه: بازی برق‌آسا برای هر بازی یک داور لازم دارد (B.2). اینجا قوانین بازی‌های بدون نظارت داور اجرا می‌شود (B.3).",
                ar = "مباراتان لحكم واحد تكفيان في الشطرنج السريع لا في الخاطف: فالشطرنج الخاطف يحتاج إلى حكم لكل مباراة (B.2). وهنا تُطبَّق قواعد المباريات التي لا يشرف عليها الحكم (B.3)." },
      tests = { right = { "unsupervised" }, wrong = { ["supervised"] = "wrong_answer" } },
    },
    teach {
      moves = after4,
      diagram = { squares = { "f3", "c6" }, arrows = {} },
      text = { en = "An illegal move in an unsupervised game is dealt with only if the arbiter sees it, or if the opponent claims before making his or her own move (A.5.2). Then it costs what it costs in a supervised game: one extra minute for the opponent the first time, the game the second time (A.3). If nobody acts and the opponent makes a move, the illegal move stands and the game goes on (A.5.2).",
               fa = "در بازی بدون نظارت داور، به حرکت غیرقانونی فقط وقتی رسیدگی می‌شود که داور آن را ببیند، یا حریف پیش از انجام حرکت خودش ادعا کند (A.5.2). در آن صورت جریمه همان جریمهٔ بازی زیر نظارت است: بار اول یک دقیقه وقت اضافه برای حریف، بار دوم باخت (A.3). اگر کسی کاری نکند و حریف حرکتش را انجام دهد، حرکت غیرقانونی برقرار می‌ماند و بازی ادامه می‌یابد (A.5.2).",
               ar = "في المباراة التي لا يشرف عليها الحكم لا يُنظر في النقلة غير القانونية إلا إذا رآها الحكم، أو طالب بها الخصم قبل أن يلعب نقلته (A.5.2). وعندئذ تكون العقوبة كما في المباراة التي يشرف عليها الحكم: دقيقة إضافية للخصم في المرة الأولى، وخسارة المباراة في الثانية (A.3). وإن لم يتدخل أحد ولعب الخصم نقلته، بقيت النقلة غير القانونية واستمرت المباراة (A.5.2)." },
    },
    choice {
      moves = after4,
      prompt = { en = "Unsupervised blitz. White completes a first illegal move; Black stops the clock at once and claims, before making a move. This was the position before it. What happens now?",
                 fa = "بازی برق‌آسای بدون نظارت داور. سفید نخستین حرکت غیرقانونی‌اش را کامل می‌کند؛ سیاه بی‌درنگ و پیش از انجام حرکتی ساعت را متوقف می‌کند و ادعا می‌کند. این وضعیتِ پیش از آن حرکت بود. اکنون چه می‌شود؟",
                 ar = "مباراة خاطفة لا يشرف عليها الحكم. أكمل الأبيض أول نقلة غير قانونية، فأوقف الأسود الساعة فورًا وطالب قبل أن يلعب أي نقلة. وهذا هو الوضع الذي سبقها. ماذا يحدث الآن؟" },
      choices = PENALTY,
      answer = function(pos) return penalty(pos, 1, "blitz", opts_unsup) end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 1, "blitz", nil, opts_unsup)).explanations end,
      success = { en = "Right: Black claimed in time, so the position is restored and the first illegal move costs one minute, as in a supervised game (A.5.2, A.3).",
                  fa = "درست است: سیاه به‌موقع ادعا کرد، پس وضعیت بازگردانده می‌شود و نخستین حرکت غیرقانونی، مثل بازی زیر نظارت، یک دقیقه جریمه دارد (A.5.2، A.3).",
                  ar = "صحيح: طالب الأسود في الوقت المناسب، فيُعاد الوضع وتكلّف النقلة غير القانونية الأولى دقيقة واحدة كما في المباراة التي يشرف عليها الحكم (A.5.2، A.3)." },
      tests = { right = { "minute" }, wrong = { ["stands"] = "illegal_move_extra_time_rapid" } },
    },
    choice {
      moves = after4,
      prompt = { en = "Unsupervised rapid. From this position White completes an illegal move, the second by White in this game. Nobody notices; Black makes a move, and only then tells the arbiter. What happens now?",
                 fa = "بازی سریع بدون نظارت داور. سفید از این وضعیت یک حرکت غیرقانونی را کامل می‌کند، دومین حرکت غیرقانونی سفید در این بازی. کسی متوجه نمی‌شود؛ سیاه حرکتی انجام می‌دهد و تازه پس از آن به داور خبر می‌دهد. اکنون چه می‌شود؟",
                 ar = "مباراة سريعة لا يشرف عليها الحكم. أكمل الأبيض من هذا الوضع نقلة غير قانونية، وهي الثانية له في هذه المباراة. لم يلاحظ أحد، فلعب الأسود نقلة ثم أخبر الحكم بعد ذلك. ماذا يحدث الآن؟" },
      choices = PENALTY,
      answer = function(pos) return penalty(pos, 2, "rapid", opts_late) end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 2, "rapid", nil, opts_late)).explanations end,
      success = { en = "Right: Black made a move before claiming, so the illegal move stands, even though it was White's second (A.5.2).",
                  fa = "درست است: سیاه پیش از ادعا حرکتش را انجام داد، پس حرکت غیرقانونی برقرار می‌ماند، هرچند دومین حرکت غیرقانونی سفید بود (A.5.2).",
                  ar = "صحيح: لعب الأسود نقلته قبل أن يطالب، فتبقى النقلة غير القانونية مع أنها الثانية للأبيض (A.5.2)." },
      tests = { right = { "stands" }, wrong = { ["loss"] = "illegal_move_stands" } },
    },
    true_false {
      moves = after4,
      prompt = { en = "Supervised rapid: one arbiter for three games. White completes an illegal move, the first in this game, and it is found only after Black has moved. Does the illegal move stand?",
                 fa = "بازی سریع زیر نظارت داور: یک داور برای سه بازی. سفید یک حرکت غیرقانونی را کامل می‌کند، نخستین حرکت غیرقانونی‌اش در این بازی، و این حرکت تازه پس از حرکت سیاه دیده می‌شود. آیا حرکت غیرقانونی برقرار می‌ماند؟",
                 ar = "مباراة سريعة يشرف عليها الحكم: حكم واحد لثلاث مباريات. أكمل الأبيض نقلة غير قانونية، هي الأولى له في هذه المباراة، ولم تُكتشف إلا بعد أن لعب الأسود. هل تبقى النقلة غير القانونية؟" },
      answer = function(pos) return penalty(pos, 1, "rapid", { opponent_moved = true }) == "stands" end,
      explain = function(pos) return (arbiter.illegal_move_penalty(pos, "white", 1, "rapid", nil, { opponent_moved = true })).explanations end,
      success = { en = "Right: under the Competition Rules the arbiter restores the position before the illegal move, even later, and Black gets one extra minute (A.3).",
                  fa = "درست است: بنابر قوانین مسابقه، داور وضعیت پیش از حرکت غیرقانونی را برمی‌گرداند، حتی اگر دیرتر دیده شود، و سیاه یک دقیقه وقت اضافه می‌گیرد (A.3).",
                  ar = "صحيح: بحسب قواعد المسابقة يُعيد الحكم الوضع الذي سبق النقلة غير القانونية ولو اكتُشفت متأخرة، ويُمنح الأسود دقيقة إضافية (A.3)." },
      tests = { right = { "false" }, wrong = { ["true"] = "illegal_move_extra_time_rapid" } },
    },
    teach {
      diagram = { squares = { "e1", "h1", "e8", "h8" }, arrows = {} },
      text = { en = "More rules for unsupervised games. Once each player has made 10 moves (A.5.1), a wrong clock setting, a wrong set-up of the pieces or a board placed the wrong way can no longer be claimed. A king placed on the wrong square may not castle, and neither may a rook placed on the wrong square (A.5.1.2).",
               fa = "چند قانون دیگر برای بازی‌های بدون نظارت داور. وقتی هر بازیکن ۱۰ حرکت انجام داده باشد (A.5.1)، دیگر نمی‌توان دربارهٔ تنظیم نادرست ساعت، چیدن نادرست مهره‌ها یا صفحه‌ای که درست گذاشته نشده است ادعا کرد. شاهی که در خانهٔ نادرست چیده شده نمی‌تواند قلعه برود، و رخی که در خانهٔ نادرست چیده شده هم نه (A.5.1.2).",
               ar = "قواعد أخرى للمباريات التي لا يشرف عليها الحكم. متى لعب كل لاعب 10 نقلات (A.5.1) لم يعد يجوز الاعتراض على ضبط خاطئ للساعة، أو على ترتيب خاطئ للقطع، أو على رقعة وُضعت في اتجاه خاطئ. والملك الذي وُضع في مربع خاطئ لا يجوز له التبييت، وكذلك الرخ الذي وُضع في مربع خاطئ (A.5.1.2)." },
    },
    teach {
      diagram = { squares = { "e1", "e8" }, arrows = {} },
      text = { en = "To win on time in an unsupervised game, a player pauses the clock and tells the arbiter; but if the claimant cannot checkmate by any series of legal moves, the game is a draw (A.5.3). The arbiter also calls a flag fall he or she sees (A.5.5).",
               fa = "برای بردن به سبب تمام شدن وقت در بازی بدون نظارت داور، بازیکن ساعت را نگه می‌دارد و به داور خبر می‌دهد؛ اما اگر ادعاکننده با هیچ رشته‌ای از حرکت‌های قانونی نتواند مات کند، بازی مساوی است (A.5.3). داور هم تمام شدن وقتی را که ببیند اعلام می‌کند (A.5.5).",
               ar = "للفوز بنفاد الوقت في مباراة لا يشرف عليها الحكم يوقف اللاعب الساعة مؤقتًا ويُخبر الحكم؛ لكن إن كان المطالب عاجزًا عن الإماتة بأي سلسلة من النقلات القانونية فالنتيجة تعادل (A.5.3). ويعلن الحكم كذلك نفاد الوقت إذا رآه (A.5.5)." },
    },
    choice {
      fen = "8/8/4k3/1q6/8/4K3/8/8 b - - 0 1",
      prompt = { en = "Unsupervised blitz. Black's time runs out; White pauses the clock and tells the arbiter. What is the result?",
                 fa = "بازی برق‌آسای بدون نظارت داور. وقت سیاه تمام می‌شود؛ سفید ساعت را نگه می‌دارد و به داور خبر می‌دهد. نتیجه چیست؟",
                 ar = "مباراة خاطفة لا يشرف عليها الحكم. نفد وقت الأسود، فأوقف الأبيض الساعة مؤقتًا وأخبر الحكم. ما النتيجة؟" },
      choices = {
        { id = "1-0", text = { en = "White wins", fa = "سفید می‌برد", ar = "يفوز الأبيض" } },
        { id = "draw", text = { en = "Draw", fa = "مساوی", ar = "تعادل" } },
      },
      answer = function(pos, game)
        local r = game:outcome({ flag = "black" }).result
        return r == "1/2-1/2" and "draw" or r
      end,
      explain = function(pos, game) return game:outcome({ flag = "black" }).explanations end,
      success = { en = "Right: White, the claimant, has only a king and cannot checkmate by any series of legal moves, so the game is a draw (A.5.3).",
                  fa = "درست است: سفید که ادعا می‌کند فقط شاه دارد و با هیچ رشته‌ای از حرکت‌های قانونی نمی‌تواند مات کند، پس بازی مساوی است (A.5.3).",
                  ar = "صحيح: ليس للأبيض، صاحب المطالبة، إلا الملك، فهو عاجز عن الإماتة بأي سلسلة من النقلات القانونية، فالنتيجة تعادل (A.5.3)." },
      tests = { right = { "draw" }, wrong = { ["1-0"] = "time_forfeit_draw" } },
    },
    choice {
      prompt = { en = "Unsupervised rapid. The arbiter passes a board and sees a white pawn standing on the last rank: it was never replaced by a new piece. What does the arbiter do?",
                 fa = "بازی سریع بدون نظارت داور. داور از کنار صفحه‌ای می‌گذرد و پیادهٔ سفیدی را در ردیف آخر می‌بیند که هرگز با مهرهٔ تازه‌ای عوض نشده است. داور چه می‌کند؟",
                 ar = "مباراة سريعة لا يشرف عليها الحكم. يمرّ الحكم برقعة فيرى بيدقًا أبيض في الصف الأخير لم يُستبدل قط بقطعة جديدة. ماذا يفعل الحكم؟" },
      choices = {
        { id = "queen", text = { en = "Replaces the pawn with a queen at once", fa = "بی‌درنگ پیاده را با وزیر عوض می‌کند",
                                 ar = "يستبدل البيدق بوزير فورًا" } },
        { id = "wait", text = { en = "Waits until the next move is completed; if the position is still illegal, declares a draw",
                                fa = "صبر می‌کند تا حرکت بعدی کامل شود؛ اگر وضعیت هنوز غیرقانونی باشد، بازی را مساوی اعلام می‌کند",
                                ar = "ينتظر حتى تكتمل النقلة التالية؛ فإن بقي الوضع غير قانوني أعلن التعادل" } },
        { id = "loss", text = { en = "Declares the game lost for White", fa = "بازی را باخت سفید اعلام می‌کند", ar = "يعلن خسارة الأبيض" } },
      },
      answer = "wait",
      success = { en = "Right: with a pawn on the last rank, or both kings in check, the arbiter waits for the next move; if the illegal position is still there, the game is a draw (A.5.4).",
                  fa = "درست است: اگر پیاده‌ای در ردیف آخر باشد یا هر دو شاه کیش خورده باشند، داور منتظر حرکت بعدی می‌ماند؛ اگر وضعیت غیرقانونی هنوز برقرار باشد، بازی مساوی است (A.5.4).",
                  ar = "صحيح: إذا كان بيدق في الصف الأخير أو كان الملكان كلاهما في كش، ينتظر الحكم النقلة التالية؛ فإن بقي الوضع غير القانوني فالنتيجة تعادل (A.5.4)." },
      wrong = { en = "In an unsupervised game the arbiter does not correct a pawn on the last rank: he or she waits for the next move, and if the position is still illegal, declares a draw (A.5.4).",
                fa = "در بازی بدون نظارت داور، داور پیادهٔ ردیف آخر را اصلاح نمی‌کند: منتظر حرکت بعدی می‌ماند و اگر وضعیت هنوز غیرقانونی باشد، بازی را مساوی اعلام می‌کند (A.5.4).",
                ar = "في المباراة التي لا يشرف عليها الحكم لا يصحّح الحكم وضع البيدق في الصف الأخير: بل ينتظر النقلة التالية، فإن بقي الوضع غير قانوني أعلن التعادل (A.5.4)." },
      tests = { right = { "wait" }, wrong = { ["queen"] = "wrong_answer" } },
    },
  },
}
