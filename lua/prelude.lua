-- The lesson runtime, loaded by the book (book.c) into every sandbox before the globals are locked:
-- lesson and step constructors, common predicates and the answer judge. The linter and the
-- description live in checker.lua, loaded only when a lesson is checked (not per answer).
-- No chess rule lives here: legality, check, mate and explanations all come from `arbiter`.

local frame, C = ... -- the host's view of the call stack (scripts.h) or nil; the shared runtime (common.lua)
local arbiter, type, pairs, ipairs, error, tostring, select = arbiter, type, pairs, ipairs, error, tostring, select
local concat, sort, insert = table.concat, table.sort, table.insert

local LANGS = C.LANGS

-- Runtime messages (explanations the runtime adds itself), in every shipped language.
local MSG = {
  correct = { en = "Correct!", fa = "درست است!", ar = "صحيح!" },
  illegal = { en = "That move is not legal here.", fa = "این حرکت قانونی نیست.",
              ar = "هذه النقلة غير قانونية." },
  deviation = { en = "That move is legal, but it is not what this step asks for.",
                fa = "این حرکت قانونی است، اما آن چیزی نیست که این مرحله از شما می‌خواهد.",
                ar = "هذه النقلة قانونية، لكنها ليست ما تطلبه هذه الخطوة." },
  wrong_answer = { en = "That is not the right answer.", fa = "این پاسخ درست نیست.",
                   ar = "هذه ليست الإجابة الصحيحة." },
  unknown_choice = C.MSG.unknown_choice,
  not_true_false = { en = "Answer true or false.", fa = "پاسخ باید «درست» یا «نادرست» باشد.",
                     ar = "يجب أن تكون الإجابة «صحيح» أو «خطأ»." },
  not_a_square = { en = "'{found}' is not a square (a1 to h8).", fa = "«{found}» نام یک خانه نیست (a1 تا h8).",
                   ar = "«{found}» ليس اسم مربع (من a1 إلى h8)." },
  squares_missing = { en = "You left out: {squares}.", fa = "این خانه‌ها را جا انداختید: {squares}.",
                      ar = "فاتتك هذه المربعات: {squares}." },
  squares_extra = { en = "These are not right: {squares}.", fa = "این خانه‌ها درست نیستند: {squares}.",
                    ar = "هذه المربعات ليست صحيحة: {squares}." },
  no_answer = { en = "No answer was given.", fa = "پاسخی داده نشد.", ar = "لم تُقدَّم أي إجابة." },
  read_on = { en = "Now practise it.", fa = "حالا آن را تمرین کنید.", ar = "والآن تدرّب عليها." },
}

local KINDS = { move = true, choice = true, true_false = true, which_squares = true, text = true }

-- ---- text helpers ----

local function text_of(t, lang)
  if type(t) == "string" then return t end
  if type(t) ~= "table" then return nil end
  return t[lang] or t.en
end

-- Runtime texts go through the engine's renderer: values are Latin tokens (isolated in
-- right-to-left text), squares a list joined the language's way, numbers in its digits.
local function runtime_expl(code, lang, params, squares)
  local p, vars = {}, {}
  for k, v in pairs(params or {}) do
    p[k] = type(v) == "table" and concat(v, " ") or v
    vars[k] = type(v) == "table" and v or tostring(v)
  end
  if squares then vars.squares = squares end
  return { code = code, text = arbiter.render(text_of(MSG[code], lang), vars), squares = squares or {},
           rule = "", params = p }
end

-- ---- constructors ----

-- The line of the coach's constructor call, for the checker's file:line (common.lua).
local mark = C.mark

local function with_kind(kind)
  return function(t)
    if type(t) ~= "table" then error(kind .. " step must be a table", 2) end
    t.kind = kind
    mark(t)
    return t
  end
end

move_task = with_kind("move")
choice = with_kind("choice")
true_false = with_kind("true_false")
which_squares = with_kind("which_squares")

-- teach{ text = {...}, fen = ..., diagram = { squares = {...}, arrows = {{"e1", "g1"}} } }: a rule
-- shown before it is practised. It asks nothing: any answer, "" included, moves on.
function teach(t)
  if type(t) ~= "table" then error("teach step must be a table", 2) end
  t.kind = "text"
  mark(t)
  if t.prompt == nil then t.prompt = t.text end
  if t.tests == nil then t.tests = { right = { "", "ok" } } end
  return t
end

function lesson(t)
  if type(t) ~= "table" then error("lesson{...} takes a table", 2) end
  if type(t.steps) ~= "table" then error("lesson{...} needs a 'steps' list", 2) end
  t.is_lesson = true
  mark(t)
  return t
end

-- ---- predicates over a played move: each returns function(ctx) -> boolean ----
-- ctx.pos: the position before, ctx.move: the move table, ctx.after: the position after,
-- ctx.answer: the answer as the student wrote it (read as answers are read: native digits as 0-9).

function castles(side)
  return function(ctx) return ctx.move.castle ~= nil and (side == nil or ctx.move.castle == side) end
end

function captures_en_passant()
  return function(ctx) return ctx.move.kind == "en_passant" end
end

-- promotes() any promotion; promotes("N") to that piece.
function promotes(piece)
  return function(ctx) return ctx.move.promotion ~= nil and (piece == nil or ctx.move.promotion == piece) end
end

function underpromotes()
  return function(ctx) return ctx.move.promotion ~= nil and ctx.move.promotion ~= "Q" end
end

-- captures() any capture; captures("Q") that piece.
function captures(piece)
  return function(ctx) return ctx.move.captured ~= nil and (piece == nil or ctx.move.captured == piece) end
end

function moves_piece(piece)
  return function(ctx) return ctx.move.piece == piece end
end

function from_square(sq)
  return function(ctx) return ctx.move.from == sq end
end

function to_square(sq)
  return function(ctx) return ctx.move.to == sq end
end

-- is_move("Nf3", "g1f3", ...): the move is one of these (SAN or UCI, as the engine reads them).
function is_move(...)
  local wanted = { ... }
  return function(ctx)
    for _, w in ipairs(wanted) do
      local m = ctx.pos:parse(w)
      if m and m.uci == ctx.move.uci then return true end
    end
    return false
  end
end

function gives_check()
  return function(ctx) return ctx.after:in_check() end
end

function gives_checkmate()
  return function(ctx) return ctx.after:status() == "checkmate" end
end

function gives_stalemate()
  return function(ctx) return ctx.after:status() == "stalemate" end
end

function any_legal_move()
  return function() return true end
end

-- How a legal move answers a check: "king" (the king steps away), "capture" (the checking
-- piece is taken by another piece) or "interpose" (a piece steps in between). The engine has
-- already decided that the move is legal, i.e. that it does answer the check.
-- TODO(engine): arb_explain_move explains illegal moves only; when the engine can say how a legal
-- move answers a check, read it from there instead of comparing squares here.
function answers_check_by(way)
  return function(ctx)
    if not ctx.pos:in_check() then return false end
    local how
    if ctx.move.piece == "K" then
      how = "king"
    else
      how = "interpose"
      for _, sq in ipairs(ctx.pos:checkers()) do
        if ctx.move.to == sq or (ctx.move.kind == "en_passant" and ctx.after:piece_at(sq) == nil) then
          how = "capture"
        end
      end
    end
    return how == way
  end
end

-- obeys_touch("g1", ...): the move is one the player may still choose after touching these
-- squares in this order (FIDE 4.3-4.5, decided by the engine).
function obeys_touch(...)
  local touched = { ... }
  return function(ctx)
    for _, m in ipairs(ctx.pos:touch(touched).moves) do
      if m.uci == ctx.move.uci then return true end
    end
    return false
  end
end

-- all_of(p, ...) passes when every predicate does, any_of(p, ...) when one does: each asks the
-- predicates in turn until one answers `decisive`.
local function combine(decisive)
  return function(...)
    local ps = { ... }
    return function(ctx)
      for _, p in ipairs(ps) do if (not not p(ctx)) == decisive then return decisive end end
      return not decisive
    end
  end
end
all_of, any_of = combine(false), combine(true)

function none_of(p)
  return function(ctx) return not p(ctx) end
end

-- Squares the piece on sq can legally move to (for "which squares" steps).
function targets(pos, sq)
  local seen, out = {}, {}
  for _, m in ipairs(pos:legal_moves()) do
    if m.from == sq and not seen[m.to] then
      local to = m.to
      if m.castle then to = nil end
      if to then seen[to] = true; out[#out + 1] = to end
    end
  end
  return out
end

-- ---- the judge ----

-- The step's position and its game (the history its `moves` made), built once per run.
local function step_game(step)
  if step._game then return step._pos, step._game end
  local g, why, idx = arbiter.game(step.fen, step.moves or {}, step.variant)
  if not g then
    if idx then error("move " .. tostring(idx) .. " of the step's moves: " .. why.text, 0) end
    error("the step's FEN: " .. why.text .. " (" .. why.code .. ")", 0)
  end
  step._game, step._pos = g, g:position()
  return step._pos, g
end

local function step_position(step)
  return (step_game(step))
end

-- A step's answer or explanations: a value, or function(pos, game, step).
local function resolve(v, step)
  if type(v) == "function" then
    local pos, g = step_game(step)
    return v(pos, g, step)
  end
  return v
end

local function feedback_of(step, field, default, lang, ctx)
  local t = step[field]
  if type(t) == "function" then t = t(ctx) end
  return text_of(t, lang) or text_of(MSG[default], lang)
end

-- Answers are read by the engine binding as students type them (native digits, ی/ي, ک/ك,
-- ZWNJ, tatweel, the yes/no/none words of each language), the same way the quiz runtime reads them.
local answer_word, answer_key, answer_squares = arbiter.answer_word, arbiter.answer_key, arbiter.answer_squares
local BOOLEAN_OF = { yes = true, no = false }

local function lower(s) return (s:lower()) end

-- The choice the answer names: its id, a yes/no/none word for that id, or its label in any language.
local function choice_named(choices, answer)
  local key, word = answer_key(answer), answer_word(answer)
  for _, c in ipairs(choices) do
    if lower(c.id) == lower(answer) then return c.id end
  end
  for _, c in ipairs(choices) do
    if word and lower(c.id) == word then return c.id end
    if type(c.text) == "table" then
      for _, l in ipairs(LANGS) do
        if type(c.text[l]) == "string" and answer_key(c.text[l]) == key then return c.id end
      end
    elseif type(c.text) == "string" and answer_key(c.text) == key then
      return c.id
    end
  end
  return nil
end

-- A list as a set (the squares of an answer; the checker's field names).
local function set_of(list)
  local set = {}
  for _, s in ipairs(list) do set[s] = true end
  return set
end

local function sorted_keys(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = k end
  sort(out)
  return out
end

local function judge_move(step, answer, lang)
  local pos, g = step_game(step)
  local mv, whys = arbiter.explain(pos, C.engine_text(answer), g)
  if not mv then
    -- The engine's reasons, most fundamental first (pinned, path blocked, castling through
    -- an attacked square, ...), with the game so en passant and castling name the move. The
    -- feedback is the headline only: the reasons say why, each once (review 2026-12 F18, L20).
    local text = text_of(step.illegal, lang) or text_of(MSG.illegal, lang)
    return { correct = false, feedback = text, explanations = whys }
  end
  local ctx = { pos = pos, move = mv, after = pos:play(mv), step = step, answer = answer }
  if step.expect(ctx) then
    return { correct = true, feedback = feedback_of(step, "success", "correct", lang, ctx), explanations = {} }
  end
  local text
  if type(step.deviations) == "table" then
    text = text_of(step.deviations[mv.san] or step.deviations[mv.uci], lang)
  end
  text = text or feedback_of(step, "wrong", "deviation", lang, ctx)
  local result = { correct = false, feedback = text,
                   explanations = { { code = "deviation", text = text, squares = { mv.from, mv.to }, rule = "",
                                      params = { move = mv.san } } } }
  if type(step.explain) == "function" then
    local g
    pos, g = step_game(step)
    for _, e in ipairs(step.explain(pos, g, step, ctx) or {}) do insert(result.explanations, e) end
  end
  return result
end

-- The step's explanations (its `explain`) after a wrong choice or true/false answer. A step
-- without a `wrong` text of its own then quotes the first of them in the feedback, after the
-- verdict, as a wrong move quotes the engine's reason: the student reads why, not only "no".
local function add_explanations(result, step, pos, lang)
  if type(step.explain) == "function" then
    for _, e in ipairs(resolve(step.explain, step) or {}) do insert(result.explanations, e) end
  end
  local first
  for _, e in ipairs(result.explanations) do
    if e.code ~= "wrong_answer" then first = e break end
  end
  if step.wrong == nil and first and type(first.text) == "string" and first.text ~= "" then
    result.feedback = result.feedback .. " " .. first.text
  end
  return result
end

local function judge_choice(step, answer, lang)
  local pos = step_position(step)
  local ids = {}
  for _, c in ipairs(step.choices) do ids[#ids + 1] = c.id end
  local found = choice_named(step.choices, answer)
  if not found then
    -- the choices named by the labels the student sees (quoted), never by their ids
    local labels = { quoted = true }
    for i, c in ipairs(step.choices) do labels[i] = arbiter.render(text_of(c.text, lang) or c.id, {}) end
    local e = runtime_expl("unknown_choice", lang, { found = answer, choices = ids })
    e.text = arbiter.render(text_of(MSG.unknown_choice, lang), { found = C.typed(answer, lang), choices = labels })
    return { correct = false, feedback = e.text, explanations = { e } }
  end
  local want = resolve(step.answer, step)
  if found == want then
    return { correct = true, feedback = feedback_of(step, "success", "correct", lang), explanations = {} }
  end
  local text = feedback_of(step, "wrong", "wrong_answer", lang)
  return add_explanations({ correct = false, feedback = text,
    explanations = { { code = "wrong_answer", text = text, squares = {}, rule = "", params = { found = found } } } },
    step, pos, lang)
end

local function judge_true_false(step, answer, lang)
  local pos = step_position(step)
  local a = BOOLEAN_OF[answer_word(answer) or ""]
  if a == nil then
    local e = runtime_expl("not_true_false", lang, { found = answer })
    return { correct = false, feedback = e.text, explanations = { e } }
  end
  if a == resolve(step.answer, step) then
    return { correct = true, feedback = feedback_of(step, "success", "correct", lang), explanations = {} }
  end
  local text = feedback_of(step, "wrong", "wrong_answer", lang)
  return add_explanations({ correct = false, feedback = text,
    explanations = { { code = "wrong_answer", text = text, squares = {}, rule = "",
                       params = { found = tostring(a) } } } }, step, pos, lang)
end

local function judge_squares(step, answer, lang)
  local pos = step_position(step)
  local list, bad = answer_squares(answer)
  if not list then
    local e = runtime_expl("not_a_square", lang, { found = bad })
    return { correct = false, feedback = e.text, explanations = { e } }
  end
  local given = set_of(list)
  local want = set_of(resolve(step.answer, step))
  local missing, extra = {}, {}
  for s in pairs(want) do if not given[s] then missing[s] = true end end
  for s in pairs(given) do if not want[s] then extra[s] = true end end
  missing, extra = sorted_keys(missing), sorted_keys(extra)
  if #missing == 0 and #extra == 0 then
    return { correct = true, feedback = feedback_of(step, "success", "correct", lang), explanations = {} }
  end
  local result = { correct = false, feedback = feedback_of(step, "wrong", "wrong_answer", lang), explanations = {} }
  if #missing > 0 then insert(result.explanations, runtime_expl("squares_missing", lang, {}, missing)) end
  if #extra > 0 then insert(result.explanations, runtime_expl("squares_extra", lang, {}, extra)) end
  return add_explanations(result, step, pos, lang)
end

local function judge_text(step, answer, lang)
  return { correct = true, feedback = feedback_of(step, "success", "read_on", lang), explanations = {} }
end

local JUDGES = { move = judge_move, choice = judge_choice, true_false = judge_true_false,
                 which_squares = judge_squares, text = judge_text }

local function answer(l, n, ans, typed)
  local lang = arbiter.lang()
  C.set_typed(ans, typed)
  local step = l.steps[n]
  if not step then error("the lesson has no step " .. tostring(n), 0) end
  local r
  if ans == "" and step.kind ~= "text" then
    local e = runtime_expl("no_answer", lang)
    r = { correct = false, feedback = e.text, explanations = { e } }
  else
    r = JUDGES[step.kind](step, ans, lang)
  end
  local result = { correct = r.correct == true, feedback = tostring(r.feedback or "") }
  result.explanations = C.clean_all(r.explanations)
  if result.correct and n < #l.steps then result.next = n + 1 end
  if not result.correct then result.next = n end
  return result
end

-- What the checker (checker.lua, loaded only when a lesson is checked) builds on.
return { answer = answer, step_position = step_position, step_game = step_game, resolve = resolve, text_of = text_of,
         set = set_of, LANGS = LANGS, KINDS = KINDS, line_of = C.line_of, frame = frame, common = C }
