-- Underpromotion (FIDE 3.7.3.3): a knight that checks, a rook that avoids stalemate. The engine
-- says what each promotion does.
local function status_after(pos, game, step, ctx) return select(2, ctx.after:explain_status()) end
return lesson {
  id = "underpromotion",
  title = { en = "Underpromotion: when a queen is wrong", fa = "ارتقای کم‌ارزش‌تر: وقتی وزیر انتخاب درستی نیست",
            ar = "الترقية إلى قطعة أدنى: حين لا يكون الوزير صائبًا" },
  level = "intermediate",
  tags = { "promotion" },
  rules = { "3.7.3.3" },
  steps = {
    teach {
      fen = "8/5P1k/8/6K1/8/8/8/8 w - - 0 1",
      text = { en = "A pawn may promote to a queen, rook, bishop or knight. Usually the queen is best, but not always: here f8=Q would leave Black without a move but not in check — stalemate, a draw — while f8=N is check, because a knight on f8 attacks h7.",
               fa = "پیاده می‌تواند به وزیر، رخ، فیل یا اسب ارتقا یابد. معمولاً وزیر بهترین است، اما نه همیشه: اینجا f8=Q سیاه را بی‌حرکت می‌گذارد بی‌آنکه کیش باشد؛ یعنی پات و تساوی. اما f8=N کیش است، چون اسب در f8 به h7 حمله می‌کند.",
               ar = "يجوز للبيدق أن يترقّى إلى وزير أو رخ أو فيل أو حصان. والوزير أفضلها في الغالب، لكن ليس دائمًا: هنا تترك f8=Q الأسود بلا نقلة ودون كش — أي الجمود والتعادل — أما f8=N فكش، لأن الحصان في f8 يهاجم h7." },
      diagram = { squares = { "f8", "h7" }, arrows = { { "f7", "f8" } } },
    },
    move_task {
      fen = "8/5P1k/8/6K1/8/8/8/8 w - - 0 1",
      prompt = { en = "Promote the pawn so that it gives check.", fa = "پیاده را طوری ارتقا دهید که کیش بدهد.", ar = "رقِّ البيدق بحيث يعطي كشًّا." },
      expect = all_of(promotes(), gives_check()),
      explain = status_after,
      success = { en = "Right: f8=N+ — the new knight attacks h7.", fa = "درست است: f8=N+؛ اسب تازه به h7 حمله می‌کند.", ar = "صحيح: ‏f8=N+ — الحصان الجديد يهاجم h7." },
      wrong = { en = "That promotion gives no check.", fa = "این ارتقا کیش نمی‌دهد.", ar = "هذه الترقية لا تعطي كشًّا." },
      tests = { right = { "f8=N+", "f7f8n" }, wrong = { ["f8=Q"] = "deviation", ["f8=R"] = "deviation" } },
    },
    true_false {
      fen = "8/5P1k/8/6K1/8/8/8/8 w - - 0 1",
      prompt = { en = "Would f8=Q stalemate Black?", fa = "آیا f8=Q سیاه را پات می‌کند؟", ar = "هل تُوقع f8=Q الأسود في الجمود؟" },
      answer = function(pos) return pos:play("f8=Q"):status() == "stalemate" end,
      explain = function(pos) return select(2, pos:play("f8=Q"):explain_status()) end,
      success = { en = "Yes: the queen covers g7, g8 and h8, the king covers g6 and h6, and Black is not in check — stalemate.",
                  fa = "بله: وزیر g7، g8 و h8 را می‌گیرد، شاه سفید g6 و h6 را، و سیاه کیش نیست؛ پات است.",
                  ar = "نعم: الوزير يحرس g7 وg8 وh8، والملك الأبيض يحرس g6 وh6، والأسود ليس في كش — إنه الجمود." },
      tests = { right = { "true" }, wrong = { ["false"] = "stalemate" } },
    },
    teach {
      fen = "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
      text = { en = "Always look at what the new piece does. Here a queen or a rook on c8 checks along the 8th rank and the white king on b6 covers a7 and b7: checkmate. A knight or a bishop on c8 would not even give check.",
               fa = "همیشه ببینید مهرهٔ تازه چه می‌کند. اینجا وزیر یا رخ در c8 در امتداد ردیف هشتم کیش می‌دهد و شاه سفید در b6 خانه‌های a7 و b7 را گرفته است: مات. اسب یا فیل در c8 حتی کیش هم نمی‌دهد.",
               ar = "انظر دائمًا إلى ما تفعله القطعة الجديدة. هنا يعطي الوزير أو الرخ في c8 كشًّا على الصف الثامن، والملك الأبيض في b6 يحرس a7 وb7: كش مات. أما الحصان أو الفيل في c8 فلا يعطي حتى كشًّا." },
      diagram = { squares = { "a8", "c8" }, arrows = { { "c7", "c8" } } },
    },
    move_task {
      fen = "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
      prompt = { en = "Promote without stalemating Black, and give checkmate.", fa = "بدون پات کردن سیاه ارتقا دهید و مات کنید.",
                 ar = "رقِّ البيدق دون إيقاع الأسود في الجمود، وأمِته." },
      expect = all_of(promotes(), gives_checkmate()),
      explain = status_after,
      success = { en = "Right: c8=Q+ or c8=R+ is mate here, since the king on b6 covers a7 and b7.",
                  fa = "درست است: اینجا c8=Q+ یا c8=R+ مات است، چون شاه b6 خانه‌های a7 و b7 را گرفته است.",
                  ar = "صحيح: ‏c8=Q+ أو c8=R+ كش مات هنا، لأن الملك في b6 يحرس a7 وb7." },
      wrong = { en = "That promotion does not mate.", fa = "این ارتقا مات نمی‌کند.", ar = "هذه الترقية لا تُميت." },
      tests = { right = { "c8=R#" }, wrong = { ["c8=N"] = "deviation", ["c8=B"] = "deviation" } },
    },
  },
}
