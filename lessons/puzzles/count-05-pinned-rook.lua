-- How many legal moves with a rook pinned on a file: it may still move along the pin.
return puzzle {
  id = "count-05-pinned-rook",
  kind = "count",
  fen = "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
  prompt = { en = "The white rook on e2 is pinned by the rook on e7. How many legal moves does White have?",
    fa = "رخ سفیدِ e2 را رخِ e7 آچمز کرده است. سفید چند حرکت قانونی دارد؟",
    ar = "الرخ الأبيض في e2 يثبّته الرخ في e7. كم نقلة قانونية لدى الأبيض؟" },
  hints = {
    { en = "A pinned rook may still move along the line of the pin, even capture the pinning rook.",
    fa = "رخِ آچمز هنوز می‌تواند در امتداد خط آچمز حرکت کند و حتی رخِ آچمزکننده را بزند.",
    ar = "يجوز للرخ المثبّت أن يتحرك على خط التثبيت، بل أن يأخذ الرخ المثبِّت." },
  },
  success = { en = "9: four king moves and five rook moves up the e-file (e3, e4, e5, e6 and Rxe7). Leaving the file is illegal.",
    fa = "۹: چهار حرکت شاه و پنج حرکت رخ روی ستون e ‏(e3، e4، e5، e6 و Rxe7). بیرون رفتن از ستون غیرقانونی است.",
    ar = "9: أربع نقلات للملك وخمس للرخ على العمود e ‏(e3 وe4 وe5 وe6 وRxe7). مغادرة العمود غير قانونية." },
  answer = 9,
  wrong = { ["18"] = "legal_moves_count", ["5"] = true },
  source = { en = "constructed for Arbiter", fa = "ساخته‌شده برای آربیتر", ar = "وُضع خصيصًا لآربيتر" },
}
