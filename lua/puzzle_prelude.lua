-- The puzzle runtime, loaded as text by the book (book.c) into every puzzle sandbox before the globals
-- are locked: the puzzle{} constructor, the `puzzlelib` helpers a coach's own judge may use, one
-- judge per kind (each decides by asking `arbiter`, never by a fixed string), and the describe /
-- judge entry points. No chess rule lives here: legality, mate, stalemate, counts and the
-- validity of a position are the engine's answers.

local frame, C = ... -- the host's view of the call stack (scripts.h) or nil; the shared runtime (common.lua)
local arbiter, type, pairs, ipairs, error, tostring, tonumber = arbiter, type, pairs, ipairs, error, tostring, tonumber
local concat, sort = table.concat, table.sort

-- Texts of the runtime, in every shipped language (docs/glossary.md).
local MSG = {
  wrong = { en = "Not right.", fa = "درست نیست.", ar = "ليس صحيحًا." },
  not_a_move = { en = "'{found}' is not a move in this position.", fa = "«{found}» در این وضعیت حرکت نیست.",
                 ar = "«{found}» ليست نقلة في هذا الوضع." },
  not_a_number = { en = "'{found}' is not a number.", fa = "«{found}» عدد نیست.", ar = "«{found}» ليس عددًا." },
  count_wrong = { en = "{side} has {n, plural, one {# legal move} other {# legal moves}}, not {found}: {moves}.",
                  fa = "{side} {n, plural, one {یک حرکت قانونی} other {# حرکت قانونی}} دارد، نه {found}: {moves}.",
                  ar = "لدى {side} {n, plural, zero {# نقلة قانونية} one {نقلة قانونية واحدة} two {نقلتان قانونيتان} few {# نقلات قانونية} many {# نقلة قانونية} other {# نقلة قانونية}}، لا {found}: {moves}." },
  count_right = { en = "{side} has {n, plural, one {# legal move} other {# legal moves}}: {moves}.",
                  fa = "{side} {n, plural, one {یک حرکت قانونی} other {# حرکت قانونی}} دارد: {moves}.",
                  ar = "لدى {side} {n, plural, zero {# نقلة قانونية} one {نقلة قانونية واحدة} two {نقلتان قانونيتان} few {# نقلات قانونية} many {# نقلة قانونية} other {# نقلة قانونية}}: {moves}." },
  move_is_legal = { en = "{found} is a legal move here.", fa = "{found} در این وضعیت حرکتی قانونی است.",
                    ar = "{found} نقلة قانونية في هذا الوضع." },
  unknown_choice = C.MSG.unknown_choice,
  line_length = { en = "A helpmate in {n} is a line of exactly {m} half-moves, the two sides moving in turn; yours has {found, plural, one {one} other {#}}.",
                  fa = "کمک‌مات در {n, plural, one {یک حرکت} =2 {دو حرکت} other {# حرکت}} رشته‌ای است دقیقاً از {m} نیم‌حرکت که دو طرف به نوبت بازی می‌کنند؛ پاسخ شما {found, plural, one {یک نیم‌حرکت} other {# نیم‌حرکت}} دارد.",
                  ar = "المات التعاوني في {n, plural, zero {# نقلة} one {نقلة واحدة} two {نقلتين} few {# نقلات} many {# نقلة} other {# نقلة}} سلسلةٌ من {m, plural, zero {# نصف نقلة} one {نصف نقلة واحد} two {نصفي نقلة} few {# أنصاف نقلات} many {# نصف نقلة} other {# نصف نقلة}} بالضبط، يلعبها الطرفان بالتناوب، وفي إجابتك {found, plural, zero {لا شيء} one {نصف نقلة واحد} two {نصفا نقلة} few {# أنصاف نقلات} many {# نصف نقلة} other {# نصف نقلة}}." },
  line_ended = { en = "The game is over after move {n} of the line ({found}); no move can follow.",
                 fa = "بازی پس از {n.ordinal} حرکت این رشته ({found}) تمام شده است؛ حرکتی پس از آن نمی‌آید.",
                 ar = "انتهت المباراة بعد النقلة {n.ordinal_f} من السلسلة ({found})؛ لا تأتي بعدها نقلة." },
  move_n = { en = "Move {n} of the line, {found}:", fa = "{n.ordinal} حرکت این رشته، {found}:", ar = "النقلة {n.ordinal_f} من السلسلة، {found}:" },
  no_helpmate = { en = "After {found} the side that began is not checkmated.",
                  fa = "پس از {found} طرفی که آغاز کرد مات نشده است.",
                  ar = "بعد {found} لا يكون الطرف الذي بدأ في وضع كش مات." },
  not_mate = { en = "{found} does not checkmate.", fa = "{found} مات نمی‌کند.", ar = "{found} لا تُميت." },
  not_stalemate = { en = "{found} does not stalemate: the opponent still has a legal move.",
                    fa = "{found} پات نمی‌کند: حریف هنوز حرکت قانونی دارد.",
                    ar = "{found} لا تؤدي إلى الجمود: ما زالت لدى الخصم نقلة قانونية." },
  not_castling = { en = "{found} is legal, but it is not {side.castling}.", fa = "{found} قانونی است، اما {side.castling} نیست.",
                   ar = "{found} قانونية، لكنها ليست {side.castling}." },
  retro_form = { en = "Write the last move as its squares, e.g. e2e4, g7g8q (a promotion), or b1c3xp when it captured a pawn on c3.",
                 fa = "حرکت آخر را با خانه‌هایش بنویسید، مثلاً e2e4، g7g8q (ارتقا)، یا b1c3xp اگر پیاده‌ای را در c3 گرفت.",
                 ar = "اكتب النقلة الأخيرة بمربعاتها، مثل e2e4 أو g7g8q (ترقية) أو b1c3xp إن أخذت بيدقًا في c3." },
  retro_no_piece = { en = "There is no piece of the side that just moved on {sq}.", fa = "در {sq} مهره‌ای از طرفی که تازه حرکت کرده نیست.",
                     ar = "لا توجد على {sq} قطعة للطرف الذي لعب للتو." },
  retro_from_taken = { en = "{sq} is occupied now, so no piece can have left it.", fa = "خانهٔ {sq} اکنون پر است، پس هیچ مهره‌ای از آن نرفته است.",
                       ar = "المربع {sq} مشغول الآن، فلا يمكن أن تكون قطعة قد غادرته." },
  retro_before_illegal = { en = "Before {found} the position would have been illegal:", fa = "پیش از {found} وضعیت غیرقانونی می‌بود:",
                           ar = "قبل {found} كان الوضع سيكون غير قانوني:" },
  retro_not_legal = { en = "In the position before, {found} is not a legal move:", fa = "در وضعیت پیشین، {found} حرکت قانونی نیست:",
                      ar = "في الوضع السابق، {found} ليست نقلة قانونية:" },
  retro_other = { en = "{found} does not lead to the position shown.", fa = "{found} به وضعیت نشان‌داده‌شده نمی‌رسد.",
                  ar = "{found} لا تؤدي إلى الوضع المعروض." },
  white = C.MSG.white,
  black = C.MSG.black,
  kingside = { word = "side.kingside" },
  queenside = { word = "side.queenside" },
}

-- The prompts of the mate file's puzzles (lessons/puzzles/puzzles.txt), by side to move and N.
local MATE_PROMPT = {
  white = {
    { en = "White to move: mate in 1.", fa = "نوبت سفید است: مات در یک حرکت.", ar = "الدور على الأبيض: مات في نقلة واحدة." },
    { en = "White to move: mate in 2.", fa = "نوبت سفید است: مات در دو حرکت.", ar = "الدور على الأبيض: مات في نقلتين." },
    { en = "White to move: mate in 3.", fa = "نوبت سفید است: مات در سه حرکت.", ar = "الدور على الأبيض: مات في ثلاث نقلات." },
  },
  black = {
    { en = "Black to move: mate in 1.", fa = "نوبت سیاه است: مات در یک حرکت.", ar = "الدور على الأسود: مات في نقلة واحدة." },
    { en = "Black to move: mate in 2.", fa = "نوبت سیاه است: مات در دو حرکت.", ar = "الدور على الأسود: مات في نقلتين." },
    { en = "Black to move: mate in 3.", fa = "نوبت سیاه است: مات در سه حرکت.", ar = "الدور على الأسود: مات في ثلاث نقلات." },
  },
}

-- A text in lang (common.lua; the puzzle checker watches for a text that falls back to English).
local text_of = C.text_of

-- ---- helpers (also for a coach's own judge) ----

local P = {} -- the scripts see it as puzzlelib, read-only (below)
P.MSG = MSG

function P.render(t, lang, vars) return arbiter.render(text_of(t, lang), vars or {}) end

-- A runtime explanation (not an engine reason): code, text in lang, the values as params.
function P.note(code, t, lang, vars, squares)
  -- params are data, never display text: a glossary word by its name ("side.kingside" ->
  -- "kingside"; a colour as `color`, since `side` is a castling side), other texts (tables per
  -- language) left out
  local p = {}
  for k, v in pairs(vars or {}) do
    if type(v) ~= "table" then p[k] = tostring(v)
    elseif type(v.word) == "string" then
      local kind, name = v.word:match("^(%a+)%.(.+)$")
      p[kind == "color" and "color" or k] = name
    end
  end
  return { code = code, text = P.render(t, lang, vars), squares = squares or {}, rule = "", params = p }
end

function P.color_text(color) return MSG[color] end
function P.other(color) return color == "white" and "black" or "white" end

-- The moves of an answer line: "1. Qb8+ Nxb8 2. Rd8#" -> {"Qb8+", "Nxb8", "Rd8#"} (the engine's
-- reader, as the mate puzzles' answers are read over HTTP).
function P.line_moves(answer) return arbiter.answer_moves(tostring(answer or "")) end

-- The legal moves of pos in SAN, sorted (for counts and notes).
function P.sans(pos)
  local s = {}
  for i, m in ipairs(pos:legal_moves()) do s[i] = m.san end
  sort(s)
  return s
end

-- The answer read as one move: the move table, or nil and the engine's reasons why not (the same
-- `reasons` /v1/move gives for an illegal move).
function P.read_move(pos, answer)
  local text = tostring(answer or ""):gsub("^%s+", ""):gsub("%s+$", "")
  local m, why = arbiter.explain(pos, text)
  if m then return m end
  if #why == 0 then why = { P.note("not_a_move", MSG.not_a_move, arbiter.lang(), { found = text }) } end
  return nil, why
end

local function append(list, more)
  for _, e in ipairs(more or {}) do list[#list + 1] = e end
  return list
end
P.append = append

-- The position a puzzle is set in: its fen and moves (or what its seeded generator returns).
function P.position_of(pz)
  local fen, moves = pz.fen, pz.moves
  if pz.generate then
    local g = pz.generate(arbiter.random(pz.seed or 1))
    if type(g) ~= "table" then error("generate() must return {fen = ..., moves = ...}", 0) end
    fen, moves = g.fen, g.moves
  end
  local variant = pz.chess960 and "chess960" or "standard"
  local pos, why = arbiter.position(fen, variant)
  if not pos then error("the puzzle's fen is not a position: " .. tostring(why and why.text), 0) end
  for i, m in ipairs(moves or {}) do
    local nxt, w = pos:play(m)
    if not nxt then error("move " .. i .. " of the puzzle's moves (" .. tostring(m) .. ") is illegal: " .. tostring(w and w.text), 0) end
    pos = nxt
  end
  return pos
end

-- ---- one judge per kind: (pz, pos, answer, lang) -> {correct, explanations} ----

local J = {}

-- mate: a first move or a whole line, judged by the engine's solver (any winning line).
function J.mate(pz, pos, answer, lang)
  local moves = P.line_moves(answer)
  if #moves == 0 or #moves > 2 * pz.n then
    return { correct = false, explanations = { P.note("not_a_move", MSG.not_a_move, lang, { found = answer }) } }
  end
  local r, why = arbiter.check_line(pos, pz.n, moves)
  if not r then
    if why == "budget" then error("the solver's budget ran out", 0) end
    return { correct = false, explanations = { why } }
  end
  return { correct = r.verdict == "solved" or r.verdict == "correct", explanations = r.explanations }
end

-- helpmate: both sides cooperate; the side to move begins and is checkmated after 2n moves.
function J.helpmate(pz, pos, answer, lang)
  local moves = P.line_moves(answer)
  local cur, mover = pos, pos:turn()
  for i, text in ipairs(moves) do
    local state = cur:state()
    if i > 1 and (state == "checkmate" or state == "stalemate") then
      return { correct = false, explanations = append({ P.note("line_ended", MSG.line_ended, lang, { n = i - 1, found = moves[i - 1] }) },
                                                        select(2, cur:explain_status())) }
    end
    local m, why = P.read_move(cur, text)
    if not m then
      return { correct = false, explanations = append({ P.note("line_move", MSG.move_n, lang, { n = i, found = text }) }, why) }
    end
    cur = cur:play(m)
  end
  if #moves ~= 2 * pz.n then
    return { correct = false, explanations = { P.note("helpmate_length", MSG.line_length, lang, { n = pz.n, m = 2 * pz.n, found = #moves }) } }
  end
  local state, why = cur:explain_status()
  if state == "checkmate" and cur:turn() == mover then return { correct = true, explanations = why } end
  return { correct = false, explanations = append({ P.note("helpmate_not_mate", MSG.no_helpmate, lang, { found = concat(moves, " ") }) }, why) }
end

-- only-move: the side to move has exactly one legal move (the checker makes sure); name it.
J["only-move"] = function(pz, pos, answer, lang)
  local m, why = P.read_move(pos, answer)
  if not m then return { correct = false, explanations = why } end
  local legal = pos:legal_moves()
  return { correct = #legal == 1 and legal[1].uci == m.uci, explanations = {} }
end

-- illegal: which of the listed moves is illegal? The engine says which and why.
local function choice_of(pz, answer)
  local a = tostring(answer or ""):lower():gsub("^%s+", ""):gsub("%s+$", "")
  for i, c in ipairs(pz.choices or {}) do
    if a == string.char(96 + i) or a == tostring(c):lower() then return i, c end
  end
  return nil
end
P.choice_of = choice_of

function J.illegal(pz, pos, answer, lang)
  local i, move = choice_of(pz, answer)
  if not i then
    local moves = {} -- the moves as listed (the letters a, b, c are accepted too)
    for k, c in ipairs(pz.choices or {}) do moves[k] = tostring(c) end
    return { correct = false, explanations = { P.note("unknown_choice", MSG.unknown_choice, lang, { found = C.typed(answer, lang), choices = moves }) } }
  end
  local m, why = arbiter.explain(pos, move)
  if not m then return { correct = true, explanations = why } end
  local ex = { P.note("move_is_legal", MSG.move_is_legal, lang, { found = m.san }, { m.from, m.to }) }
  for _, other in ipairs(pz.choices) do -- and why the illegal one is illegal
    local om, owhy = arbiter.explain(pos, other)
    if not om then append(ex, owhy) break end
  end
  return { correct = false, explanations = ex }
end

-- count: how many legal moves has the side to move? The engine counts.
function J.count(pz, pos, answer, lang)
  local a = tostring(answer or ""):gsub("^%s+", ""):gsub("%s+$", "")
  local n = pos:legal_count()
  local vars = { side = P.color_text(pos:turn()), n = n, moves = P.sans(pos) }
  local given = a:match("^%d+$") and tonumber(a)
  if not given then return { correct = false, explanations = { P.note("not_a_number", MSG.not_a_number, lang, { found = a }) } } end
  vars.found = given
  if given == n then return { correct = true, explanations = { P.note("legal_moves_count", MSG.count_right, lang, vars) } } end
  return { correct = false, explanations = { P.note("legal_moves_count", MSG.count_wrong, lang, vars) } }
end

-- stalemate: goal "mate" (find the mate in n; the tempting moves stalemate) or "stalemate"
-- (find the move that stalemates the opponent). The engine says which a move gives.
function J.stalemate(pz, pos, answer, lang)
  local m, why = P.read_move(pos, answer)
  if not m then return { correct = false, explanations = why } end
  local after = pos:play(m)
  local state, swhy = after:explain_status()
  if pz.goal == "stalemate" then
    if state == "stalemate" then return { correct = true, explanations = swhy } end
    return { correct = false, explanations = { P.note("not_stalemate", MSG.not_stalemate, lang, { found = m.san }) } }
  end
  local r = arbiter.check_line(pos, pz.n or 1, { m.uci })
  if r and (r.verdict == "solved" or r.verdict == "correct") then return { correct = true, explanations = r.explanations } end
  if state == "stalemate" then return { correct = false, explanations = swhy } end
  return { correct = false, explanations = r and r.explanations or { P.note("not_mate", MSG.not_mate, lang, { found = m.san }) } }
end

-- chess960: castle on the side asked for; an illegal castling gets every failing condition.
J.chess960 = function(pz, pos, answer, lang)
  local m, why = P.read_move(pos, answer)
  if not m then return { correct = false, explanations = why } end
  if m.kind == "castle" and m.castle == pz.castle then return { correct = true, explanations = {} } end
  local ex = { P.note("not_castling", MSG.not_castling, lang, { found = m.san, side = MSG[pz.castle] }) }
  local _, cwhy = arbiter.castling(pos, pos:turn(), pz.castle)
  return { correct = false, explanations = append(ex, cwhy) }
end

-- retro: what was the last move? The answer "from to [promotion] [x captured]" is taken back on
-- the board shown by the engine (pos:unmove): the position before must be legal (the validator)
-- and the move, legal there, must lead to the position shown.
local RETRO_NOTE = { before_illegal = { "retro_before_illegal", MSG.retro_before_illegal },
                     not_legal = { "retro_not_legal", MSG.retro_not_legal } }

function J.retro(pz, pos, answer, lang)
  local a = tostring(answer or ""):lower():gsub("%s+", ""):gsub("[%-=]", "")
  local from, to, promo, captured = a:match("^([a-h][1-8])x?([a-h][1-8])([qrbn]?)x?([qrbnp]?)$")
  if not from then return { correct = false, explanations = { P.note("retro_form", MSG.retro_form, lang) } } end
  local label = from .. to .. promo .. (captured ~= "" and ("x" .. captured) or "")
  local before, why, reasons, m = pos:unmove(from, to, promo ~= "" and promo or nil, captured ~= "" and captured or nil)
  if before then return { correct = true, explanations = {} } end
  if why == "no_piece" then
    return { correct = false, explanations = { P.note("retro_no_piece", MSG.retro_no_piece, lang, { sq = to }, { to }) } }
  elseif why == "from_taken" then
    return { correct = false, explanations = { P.note("retro_from_taken", MSG.retro_from_taken, lang, { sq = from }, { from }) } }
  elseif RETRO_NOTE[why] then
    local note = RETRO_NOTE[why]
    return { correct = false, explanations = append({ P.note(note[1], note[2], lang, { found = label }) }, reasons) }
  end
  return { correct = false, explanations = { P.note("retro_other", MSG.retro_other, lang, { found = m.san }) } }
end

P.JUDGES = J

-- What each kind's answer is: a move, a line of moves, a choice or a number.
local ANSWER_TYPE = { mate = "line", helpmate = "line", ["only-move"] = "move", illegal = "choice", retro = "move",
                      count = "number", stalemate = "move", chess960 = "move" }
P.ANSWER_TYPE = ANSWER_TYPE

-- The scripts' puzzlelib is a read-only view of the helpers (the runtime keeps its own tables).
puzzlelib = C.frozen(P, "puzzlelib")

puzzle = C.constructor("puzzle")

-- ---- entry points (called by puzzles.c and the book) ----

local texts = C.texts

-- The puzzle as plain strings: id, kind, answer type, position, texts in every language.
local function describe(pz)
  local pos = P.position_of(pz)
  local d = { id = tostring(pz.id), kind = tostring(pz.kind), answer_type = ANSWER_TYPE[pz.kind] or "move",
              fen = pos:fen(), variant = pos:variant(), n = pz.n or 0,
              source = type(pz.source) == "table" and texts(pz.source) or { en = tostring(pz.source or "") },
              prompt = texts(pz.prompt), success = texts(pz.success), hints = {}, choices = {} }
  for i, h in ipairs(pz.hints or {}) do d.hints[i] = texts(h) end
  for i, c in ipairs(pz.choices or {}) do d.choices[i] = { id = string.char(96 + i), text = tostring(c) } end
  return d
end

-- Judges an answer: correct, feedback (the success text, or why not), explanations.
local function judge(pz, answer, typed)
  local lang = arbiter.lang()
  C.set_typed(answer, typed)
  local pos = P.position_of(pz)
  local r
  if type(pz.judge) == "function" then
    r = pz.judge({ pos = pos, puzzle = pz, lang = lang }, answer, lang)
  else
    local j = J[pz.kind]
    if not j then error("no judge for the kind '" .. tostring(pz.kind) .. "'", 0) end
    r = j(pz, pos, answer, lang)
  end
  if type(r) ~= "table" then error("the judge must return {correct = ..., explanations = {...}}", 0) end
  local out = { correct = r.correct and true or false, explanations = C.clean_all(r.explanations) }
  if out.correct then
    out.feedback = text_of(pz.success, lang)
  else
    out.feedback = out.explanations[1] and out.explanations[1].text or text_of(MSG.wrong, lang)
  end
  return out
end

local function mate_prompt(side, n) return MATE_PROMPT[side] and MATE_PROMPT[side][n] end

return { describe = describe, judge = judge, clean = C.clean, text_of = text_of, mate_prompt = mate_prompt,
         set_watch = C.set_watch, line_of = C.line_of, frame = frame, MATE_PROMPT = MATE_PROMPT, common = C }
