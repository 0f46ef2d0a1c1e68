-- How many legal moves: a position made by a seeded generator (the same position for everyone,
-- since the seed is fixed): a white king and knight against the black king, White to move.
local FILES = "abcdefgh"

-- The FEN with pieces = {square = letter}, White to move, no castling or en passant.
local function fen_of(pieces)
  local rows = {}
  for rank = 8, 1, -1 do
    local row, empty = "", 0
    for f = 1, 8 do
      local p = pieces[FILES:sub(f, f) .. rank]
      if p then
        row = row .. (empty > 0 and tostring(empty) or "") .. p
        empty = 0
      else
        empty = empty + 1
      end
    end
    rows[#rows + 1] = row .. (empty > 0 and tostring(empty) or "")
  end
  return table.concat(rows, "/") .. " w - - 0 1"
end

local function square(rng)
  local f = rng:int(1, 8)
  return FILES:sub(f, f) .. rng:int(1, 8)
end

return puzzle {
  id = "count-06-seeded",
  kind = "count",
  seed = 2026,
  generate = function(rng)
    for _ = 1, 200 do -- until the engine accepts the position and White is not in check
      local wk, wn, bk = square(rng), square(rng), square(rng)
      if wk ~= wn and wk ~= bk and wn ~= bk then
        local pos = arbiter.position(fen_of({ [wk] = "K", [wn] = "N", [bk] = "k" }))
        if pos and not pos:in_check() then return { fen = pos:fen() } end
      end
    end
    error("no position found", 0)
  end,
  prompt = { en = "White to move with king and knight. How many legal moves does White have?",
    fa = "نوبت سفید است، با شاه و اسب. سفید چند حرکت قانونی دارد؟",
    ar = "الدور على الأبيض، وله ملك وحصان. كم نقلة قانونية لدى الأبيض؟" },
  hints = {
    { en = "Count the knight's jumps, then the king's steps; the king may not step next to the other king.",
      fa = "پرش‌های اسب را بشمارید، سپس گام‌های شاه را؛ شاه نمی‌تواند کنار شاه دیگر برود.",
      ar = "عُدّ قفزات الحصان ثم خطوات الملك، ولا يجوز للملك أن يقترب من الملك الآخر." },
  },
  success = { en = "Right: every knight jump and every king step that does not go next to the black king.",
    fa = "درست است: همهٔ پرش‌های اسب و همهٔ گام‌های شاه که به کنار شاه سیاه نمی‌روند.",
    ar = "صحيح: كل قفزات الحصان وكل خطوات الملك التي لا تقترب من الملك الأسود." },
  answer = 13,
  wrong = { ["8"] = "legal_moves_count" },
  source = { en = "constructed for Arbiter (a seeded generator)",
    fa = "ساخته‌شده برای آربیتر (وضعیت را مولدی با عدد آغازین ثابت می‌سازد)",
    ar = "وُضع خصيصًا لآربيتر (يولّد الوضعَ مولِّدٌ برقم بدء ثابت)" },
}
