-- The quiz runtime, loaded as text by the book (book.c) into every quiz sandbox before the globals are
-- locked: the quiz{} constructor, the `quizlib` helpers generators share, and the generate /
-- grade entry points. No chess rule lives here: every answer comes from `arbiter`.

local frame, C = ... -- the host's view of the call stack (scripts.h) or nil; the shared runtime (common.lua)
local arbiter, type, pairs, ipairs, error, tostring, tonumber = arbiter, type, pairs, ipairs, error, tostring, tonumber
local concat, sort = table.concat, table.sort
local LANGS = C.LANGS

-- Texts the runtime and the generators share, in every shipped language.
local MSG = {
  yes = { en = "Yes", fa = "بله", ar = "نعم" },
  no = { en = "No", fa = "خیر", ar = "لا" },
  white = C.MSG.white,
  black = C.MSG.black,
  none = { en = "None", fa = "هیچ‌کدام", ar = "لا شيء" },
  -- the expected answer is a quoted value, never part of the sentence: labels are often whole
  -- clauses («سیاه برنده است», «المطالبة بالتعادل غير صحيحة: …»)
  correct = { en = "Correct: “{expected}”.", fa = "درست است. پاسخ: «{expected}».", ar = "صحيح. الإجابة: «{expected}»." },
  wrong = { en = "Not right. The correct answer: “{expected}”.", fa = "درست نیست. پاسخ درست: «{expected}».",
            ar = "ليس صحيحًا. الإجابة الصحيحة: «{expected}»." },
  unknown_choice = C.MSG.unknown_choice,
}

-- Every text goes through the engine's renderer (arbiter.render): plural categories, vocabulary
-- forms ({side.li}), the language's digits for numbers, left-to-right isolates for strings.
local function fill(template, lang, vars)
  return arbiter.render(template, vars or {})
end

-- A text in lang (common.lua; the quiz checker watches for a text that falls back to English).
local text_of = C.text_of


-- ---- helpers for generators ----

local Q = {} -- the scripts see it as quizlib, read-only (below)

Q.MSG = MSG
Q.LEVELS = { "easy", "medium", "hard" }

function Q.render(t, lang, vars) return fill(text_of(t, lang), lang, vars) end

-- A choice's label as the student reads it: a text in the language (its {vars} filled), or a
-- number in the language's digits.
function Q.label(t, lang, vars)
  if type(t) == "number" then return fill("{n}", lang, { n = t }) end
  return fill(text_of(t, lang), lang, vars)
end

-- A runtime explanation (not an engine reason): code, text in lang, no FIDE article.
-- vars fill the text; params (default: vars) are what the explanation says as data, the same
-- in every language.
function Q.note(code, t, lang, vars, squares, params)
  local p = {}
  for k, v in pairs(params or vars or {}) do if type(v) ~= "table" then p[k] = tostring(v) end end
  return { code = code, text = fill(text_of(t, lang), lang, vars), squares = squares or {}, rule = "", params = p }
end

function Q.yes_no()
  return { { id = "yes", text = MSG.yes }, { id = "no", text = MSG.no } }
end

function Q.pick(rng, list) return list[rng:int(1, #list)] end

function Q.shuffle(rng, list)
  for i = #list, 2, -1 do
    local j = rng:int(1, i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

function Q.level(params) return params.difficulty or "medium" end

function Q.color_text(color) return MSG[color] end

function Q.other(color) return color == "white" and "black" or "white" end

-- A question about pos, whose prompt names the side to move as {side}: fen, prompt, pos, vars
-- (side, plus fields.vars) and the other fields as given (choices, data, what grade needs).
function Q.question(pos, prompt, fields)
  local q = { fen = pos:fen(), prompt = prompt, pos = pos }
  for k, v in pairs(fields or {}) do q[k] = v end
  local vars = { side = Q.color_text(pos:turn()) }
  for k, v in pairs(q.vars or {}) do vars[k] = v end
  q.vars = vars
  return q
end

-- Whether a move (SAN or UCI) is legal, and the engine's reasons when it is not.
function Q.why_illegal(pos, text)
  local m, why = arbiter.explain(pos, C.engine_text(text))
  return m ~= nil, why
end

-- "Ng1-f3", "e2-e4", "Bh4xf2", "e5xd6", "e7-e8=Q": the move written from its squares in the
-- long algebraic form (legal or not): x when it would capture (a pawn going diagonally too).
function Q.move_label(pos, from, to, promo)
  local p = pos:piece_at(from)
  local letter = p and p:upper() or "?"
  local target = pos:piece_at(to)
  local capture = (target ~= nil and p ~= nil and (target == target:upper()) ~= (p == p:upper()))
    or (target == nil and letter == "P" and from:sub(1, 1) ~= to:sub(1, 1))
  if letter == "P" then letter = "" end
  return letter .. from .. (capture and "x" or "-") .. to .. (promo and ("=" .. promo:upper()) or "")
end

-- The moves of a game as a scoresheet line: "1. e4 e5 2. Nf3", numbered from the game's start
-- ("7... Nf6 8. Ng1" for a record that starts with Black to move on move 7); from ply `from`
-- on when given (the earlier moves left out). SAN, the same in every language.
function Q.move_list(game, from)
  local start = game:position(0)
  local black = start:turn() == "black"
  local n, out = start:fullmove_number(), {}
  for i, m in ipairs(game:moves()) do
    if i > (from or 0) then
      if not black then out[#out + 1] = n .. "." elseif #out == 0 then out[#out + 1] = n .. "..." end
      out[#out + 1] = m.san
    end
    if black then n = n + 1 end
    black = not black
  end
  return table.concat(out, " ")
end

-- A game of random legal moves whose length is drawn from [lo, hi]; nil if it ended early.
function Q.random_game(rng, lo, hi, start)
  local plies = rng:int(lo, hi)
  local g = arbiter.random_game(rng, plies, start)
  if g:length() < plies then return nil end
  return g, g:position()
end

local FILES = "abcdefgh"
function Q.square(file, rank) return FILES:sub(file, file) .. rank end

-- A random square on the board's edge.
function Q.edge_square(rng)
  local i = rng:int(0, 27)
  if i < 8 then return Q.square(i + 1, 1) elseif i < 16 then return Q.square(i - 7, 8)
  elseif i < 22 then return Q.square(1, i - 14) else return Q.square(8, i - 20) end
end

-- A position with the two kings and the given pieces ("QR" for White, "rp" for Black, FEN
-- letters) on random squares, color to move; nil when the engine refuses it (illegal).
-- black_king (optional) fixes the black king's square, e.g. on an edge for mating patterns;
-- near (optional, with black_king) keeps pieces close to it: {Q = 2, K = 3} puts the white
-- queen at most two files and ranks away, the white king at most three.
function Q.sparse_position(rng, white, black, turn, black_king, near)
  local board, used = {}, {}
  local kf, kr
  local function place(letter)
    local d = kf and near and near[letter] -- (near needs black_king)
    for _ = 1, 40 do
      local f, r
      if d then
        f, r = rng:int(math.max(1, kf - d), math.min(8, kf + d)), rng:int(math.max(1, kr - d), math.min(8, kr + d))
      else
        f, r = rng:int(1, 8), rng:int(1, 8)
      end
      local pawn = letter == "P" or letter == "p"
      if not used[f * 10 + r] and not (pawn and (r == 1 or r == 8)) then
        used[f * 10 + r] = true
        board[r] = board[r] or {}
        board[r][f] = letter
        return true
      end
    end
    return false
  end
  if black_king then
    kf, kr = FILES:find(black_king:sub(1, 1), 1, true), tonumber(black_king:sub(2, 2))
    used[kf * 10 + kr] = true
    board[kr] = { [kf] = "k" }
    if not place("K") then return nil end
  elseif not place("K") or not place("k") then
    return nil
  end
  for i = 1, #white do if not place(white:sub(i, i)) then return nil end end
  for i = 1, #black do if not place(black:sub(i, i)) then return nil end end
  local rows = {}
  for r = 8, 1, -1 do
    local row, empty = {}, 0
    for f = 1, 8 do
      local c = board[r] and board[r][f]
      if c then
        if empty > 0 then row[#row + 1] = tostring(empty) end
        empty = 0
        row[#row + 1] = c
      else
        empty = empty + 1
      end
    end
    if empty > 0 then row[#row + 1] = tostring(empty) end
    rows[#rows + 1] = concat(row)
  end
  local fen = concat(rows, "/") .. (turn == "black" and " b" or " w") .. " - - 0 1"
  return arbiter.position(fen)
end

-- Choice answers: the id itself, case and spaces ignored.
function Q.norm(s) return (tostring(s or ""):lower():gsub("^%s+", ""):gsub("%s+$", "")) end

-- The choice the answer names (or nil): its id, a yes/no/none word for that id («بله», «لا شيء»),
-- or its label in any language («کیش و مات»), read as the lesson runtime reads answers.
function Q.find_choice(q, answer)
  local a = Q.norm(answer)
  local word, key = arbiter.answer_word(a), arbiter.answer_key(a)
  local choices = q.choices or {}
  for _, c in ipairs(choices) do if c.id == a then return c end end
  for _, c in ipairs(choices) do
    if word and c.id == word then return c end
    local t = c.text
    if type(t) == "table" then
      for _, l in ipairs(LANGS) do
        if type(t[l]) == "string" and arbiter.answer_key(t[l]) == key then return c end
      end
    elseif (type(t) == "string" or type(t) == "number") and arbiter.answer_key(tostring(t)) == key then
      return c
    end
  end
  return nil
end

-- Not one of the choices: the explanation listing them.
-- What the student typed, to quote back: a Latin token (a move, a square: isolated in RTL
-- text) or, with letters of the language, a text as it is.
function Q.typed(answer, lang) return C.typed(answer, lang) end

-- The choices are named by the labels the student sees (quoted, in the language), never by
-- their ids; the params keep the ids.
function Q.unknown_choice(q, answer, lang)
  local ids, labels = {}, { quoted = true }
  for i, c in ipairs(q.choices) do
    ids[i] = c.id
    labels[i] = Q.label(c.text, lang, q.vars)
  end
  local n = Q.note("unknown_choice", MSG.unknown_choice, lang, { found = Q.typed(answer, lang), choices = labels })
  n.params = { found = tostring(answer), choices = concat(ids, " ") }
  return n
end

-- A verdict note: correct / wrong, with the expected answer's text.
-- expected_text: a string (a move or squares: isolated in RTL text; a number: in the language's
-- digits; "none": the localized word; a localized label: as text) or a text table in every
-- language (a choice's label, shown in the learner's language); the param stays
-- language-independent (the English label).
function Q.verdict(correct, expected_text, lang)
  local e = expected_text
  if e == "none" then e = MSG.none
  elseif type(e) == "string" and e:match("^%d+$") then e = tonumber(e)
  elseif type(e) == "string" and e:find("[\128-\255]") then e = { [lang] = e } end
  local n = Q.note(correct and "quiz_correct" or "quiz_wrong", correct and MSG.correct or MSG.wrong, lang,
                   { expected = e })
  n.params.expected = type(expected_text) == "table" and text_of(expected_text, "en") or tostring(expected_text)
  return n
end

-- A choice question graded against the id the engine gave (expected): an unknown answer is
-- named, the verdict shows the right choice by its label, then the engine's explanations.
function Q.grade_choice(q, answer, lang, expected, explanations)
  local c = Q.find_choice(q, answer)
  local ex = {}
  if not c then ex[1] = Q.unknown_choice(q, answer, lang) end
  local shown = expected
  for _, ch in ipairs(q.choices or {}) do if ch.id == expected then shown = ch.text end end
  local correct = c ~= nil and c.id == expected
  ex[#ex + 1] = Q.verdict(correct, shown, lang)
  for _, e in ipairs(explanations or {}) do ex[#ex + 1] = e end
  return { correct = correct, expected = expected, explanations = ex }
end

-- The result of a game as a choice id: "white" (White wins), "black", "draw" or "ongoing".
MSG.white_wins = { en = "White wins", fa = "سفید برنده است", ar = "الأبيض يفوز" }
MSG.black_wins = { en = "Black wins", fa = "سیاه برنده است", ar = "الأسود يفوز" }
MSG.drawn = { en = "Draw", fa = "مساوی", ar = "تعادل" }
Q.RESULT_CHOICES = { { id = "white", text = MSG.white_wins }, { id = "black", text = MSG.black_wins },
                     { id = "draw", text = MSG.drawn } }
function Q.result_id(outcome)
  local r = outcome.result
  if r == "1-0" then return "white" elseif r == "0-1" then return "black" elseif r == "1/2-1/2" then return "draw" end
  return "ongoing"
end

-- Squares given as "c3 f6", "c3,f6", «c3، f6», «d2 و f1» or a none word ("none", «هیچ‌کدام»,
-- «لا شيء»): a sorted list, or nil and the bad token.
function Q.parse_squares(answer)
  local out, bad = arbiter.answer_squares(tostring(answer or ""))
  if not out then return nil, bad end
  sort(out)
  return out
end

-- The squares as an answer text ("none" for the empty set); with lang, the empty set is that
-- language's word for none («هیچ‌کدام», «لا شيء»), for texts the student reads.
function Q.squares_text(list, lang)
  if #list == 0 then return lang and text_of(MSG.none, lang) or "none" end
  local c = {}
  for i, s in ipairs(list) do c[i] = s end
  sort(c)
  return concat(c, " ")
end

-- The scripts' quizlib is a read-only view of the helpers (the runtime keeps its own tables).
quizlib = C.frozen(Q, "quizlib")
quiz = C.constructor("quiz")

-- ---- entry points (called by quizzes.c and the book) ----

local function make(qz, seed, params)
  local rng = arbiter.random(seed)
  local q = qz.generate(rng, params)
  if type(q) ~= "table" or type(q.fen) ~= "string" then error("generate() must return a question with a fen", 0) end
  return q
end

-- Describes the quiz: id, title (all languages), parameters {name, values, default}.
local function describe(qz)
  local d = { id = qz.id, title = C.texts(qz.title), parameters = {} }
  for i, p in ipairs(qz.parameters or {}) do
    local values = {}
    for j, v in ipairs(p.values or {}) do values[j] = tostring(v) end
    d.parameters[i] = { name = tostring(p.name), values = values, default = tostring(p.default) }
  end
  return d
end

-- One question as plain strings: fen, start_fen, moves (UCI, space separated), prompt, choices,
-- answer_type (the question's own, else "choice" when it has choices, else the quiz's, else "move").
local function generate(qz, seed, params)
  local lang = arbiter.lang()
  local q = make(qz, seed, params)
  local answer_type = q.answer_type or ((q.choices and #q.choices > 0) and "choice") or qz.answer_type or "move"
  local out = { fen = q.fen, start_fen = q.start_fen or "", moves = concat(q.moves or {}, " "),
                prompt = fill(text_of(q.prompt, lang), lang, q.vars), choices = {}, data = {},
                answer_type = tostring(answer_type) }
  for i, c in ipairs(q.choices or {}) do
    out.choices[i] = { id = tostring(c.id), text = Q.label(c.text, lang, q.vars) }
  end
  for k, v in pairs(q.data or {}) do out.data[tostring(k)] = tostring(v) end
  return out
end

local function grade(qz, seed, params, answer, typed)
  local lang = arbiter.lang()
  C.set_typed(answer, typed)
  local q = make(qz, seed, params)
  local r = qz.grade(q, answer, lang)
  local out = { correct = r.correct and true or false, expected = tostring(r.expected or ""),
                explanations = C.clean_all(r.explanations) }
  -- params are data, never display text: the verdict's expected is the answer the grade gives
  -- (a choice id, a move, squares, a number), the same in every language; its text says it in words
  for _, e in ipairs(out.explanations) do
    if (e.code == "quiz_correct" or e.code == "quiz_wrong") and e.params then e.params.expected = out.expected end
  end
  return out
end

-- What the quiz checker (quiz_checker.lua, loaded only to check a generator) builds on.
return { describe = describe, generate = generate, grade = grade, make = make, clean = C.clean, text_of = text_of,
         set_watch = C.set_watch, line_of = C.line_of, frame = frame, common = C }
