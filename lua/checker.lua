-- The lesson checker, loaded as text by the book (book.c) after the prelude only when a lesson file is
-- loaded or checked (never per answer): the description the host stores and the linter.
-- Its argument is the prelude's runtime table; it returns that table with describe and lint.

local rt, util = ...
local source_lines, find_in, closest, utf8_problem = util.source_lines, util.find_in, util.closest, util.utf8_problem
local arbiter, type, pairs, ipairs, tostring, tonumber, pcall, next = arbiter, type, pairs, ipairs, tostring, tonumber, pcall, next
local concat = table.concat
local answer, step_position, resolve, text_of = rt.answer, rt.step_position, rt.resolve, rt.text_of
local step_game = rt.step_game
local LANGS, KINDS = rt.LANGS, rt.KINDS

-- FIDE Laws of Chess (2023) article numbers a lesson may cite: the build puts the numbers of
-- tests/data/fide-laws-2023.tsv (the one table of the articles) in place of the placeholder.
-- Built on first use (only the linter needs them).
local ARTICLES
local function known_articles()
  if ARTICLES then return ARTICLES end
  ARTICLES = {}
  for _, a in ipairs({ --[[FIDE_ARTICLES]] }) do ARTICLES[a] = true end
  return ARTICLES
end

local LEVELS = { beginner = true, intermediate = true, advanced = true }

-- ---- description: what the host stores about a lesson (texts in every language) ----

local function texts(t)
  local out = {}
  for _, lang in ipairs(LANGS) do out[lang] = text_of(t, lang) end
  return out
end

local function describe(l)
  local d = { id = l.id, level = l.level, title = texts(l.title), tags = {}, rules = {}, steps = {} }
  for i, tag in ipairs(l.tags or {}) do d.tags[i] = tostring(tag) end
  for i, r in ipairs(l.rules or {}) do d.rules[i] = tostring(r) end
  for i, s in ipairs(l.steps) do
    local ds = { kind = s.kind, fen = s.fen, variant = s.variant, prompt = texts(s.prompt), hints = {},
                 choices = {} }
    local ok, pos, g = pcall(step_game, s)
    if ok then ds.fen = pos:fen() end
    if ok and g:length() > 0 then -- the history matters (repetitions, castling rights): where it starts, and how
      ds.start_fen, ds.moves = g:position(0):fen(), {}
      for j, m in ipairs(g:moves()) do ds.moves[j] = m.uci end
    end
    for j, h in ipairs(s.hints or {}) do ds.hints[j] = texts(h) end
    if s.kind == "text" then ds.text = texts(s.text) end
    if type(s.diagram) == "table" then
      ds.diagram = { squares = {}, arrows = {} }
      for j, sq in ipairs(s.diagram.squares or {}) do ds.diagram.squares[j] = tostring(sq) end
      for j, a in ipairs(s.diagram.arrows or {}) do
        ds.diagram.arrows[j] = { tostring(a[1]), tostring(a[2]) }
      end
    end
    for j, c in ipairs(s.choices or {}) do ds.choices[j] = { id = c.id, text = texts(c.text) } end
    ds.right, ds.wrong, ds.wrong_code = {}, {}, {}
    local t = type(s.tests) == "table" and s.tests or {}
    for j, a in ipairs(t.right or {}) do ds.right[j] = tostring(a) end
    for a, code in pairs(t.wrong or {}) do
      ds.wrong[#ds.wrong + 1] = tostring(a)
      ds.wrong_code[#ds.wrong_code + 1] = tostring(code)
    end
    d.steps[i] = ds
  end
  return d
end

local set = rt.set -- a list as a set (the prelude's)

-- The fields each table of a lesson may have (the runtime's own marks are not the coach's).
local LESSON_FIELDS = set { "id", "title", "level", "tags", "rules", "steps" }
local COMMON_FIELDS = { "fen", "variant", "moves", "prompt", "hints", "success", "wrong", "illegal", "explain", "tests",
                        "diagram" }
local function step_fields(...)
  local s = set(COMMON_FIELDS)
  for _, k in ipairs({ ... }) do s[k] = true end
  return s
end
local STEP_FIELDS = step_fields("expect", "deviations", "choices", "answer", "text")
local KIND_FIELDS = { move = step_fields("expect", "deviations"), choice = step_fields("choices", "answer"),
                      true_false = step_fields("answer"), which_squares = step_fields("answer"),
                      text = step_fields("text") }
local ONLY_FOR = { expect = "move_task", deviations = "move_task", choices = "choice", text = "teach" }
local KIND_NAMES = { move = "move_task", choice = "choice", true_false = "true_false",
                     which_squares = "which_squares", text = "teach" }
local INTERNAL = set { "kind", "is_lesson", "_game", "_pos" }
local TESTS_FIELDS = set { "right", "wrong" }
local CHOICE_FIELDS = set { "id", "text" }

-- Longest feedback text an answer carries (lessons.h: ARBL_FEEDBACK_MAX - 1; longer is cut).
local FEEDBACK_MAX = 8191

-- ---- the linter ----

-- A diagram: { squares = {"e1", ...}, arrows = {{"e1", "g1"}, ...} }, nothing else.
local function lint_diagram(d, i, problem)
  if type(d) ~= "table" then problem("error", i, "diagram must be a table { squares = {...}, arrows = {...} }") return end
  for k in pairs(d) do
    if k ~= "squares" and k ~= "arrows" then problem("error", i, "unknown diagram field '" .. tostring(k) .. "'") end
  end
  local function square(sq, where)
    if type(sq) ~= "string" or not arbiter.is_square(sq) then
      problem("error", i, where .. ": '" .. tostring(sq) .. "' is not a square")
    end
  end
  if d.squares ~= nil and type(d.squares) ~= "table" then problem("error", i, "diagram.squares must be a list of squares") end
  if d.arrows ~= nil and type(d.arrows) ~= "table" then problem("error", i, "diagram.arrows must be a list of {from, to}") end
  for _, sq in ipairs(type(d.squares) == "table" and d.squares or {}) do square(sq, "diagram square") end
  for j, a in ipairs(type(d.arrows) == "table" and d.arrows or {}) do
    if type(a) ~= "table" or #a ~= 2 then problem("error", i, "diagram arrow " .. j .. " must be {from, to}")
    else square(a[1], "diagram arrow " .. j); square(a[2], "diagram arrow " .. j) end
  end
end

-- l: the lesson table; source: the file's text (for lines; may be nil); chunk: the chunk name
-- the file was run under (lines recorded from other chunks are not the coach's file's). With
-- examples_only, only the steps' own examples run (the check under each other language).
local function lint(l, source, chunk, examples_only)
  local problems = {}
  local lines = source_lines(source)
  local span_from, span_to = 1, #lines
  local current_line
  local function problem(level, step, msg, line)
    problems[#problems + 1] = { level = level, step = step, message = msg, line = line or current_line or 0 }
  end
  local function line_of(key) return find_in(lines, span_from, span_to, key) or current_line end
  -- A script error as the coach reads it (lint_util): the message without this file's position,
  -- and that line when it names one.
  local function script_error(msg) return util.script_error(msg, chunk) end

  local function check_string(s, where, step, line)
    local why = utf8_problem(s)
    if why then problem("error", step, where .. " " .. why, line) return false end
    return true
  end

  -- A text: a table with a non-empty, valid UTF-8 string in every language (lint_util); a
  -- feedback text longer than an answer carries is cut.
  local function text_problems(t, where, step, line, feedback)
    util.text_problems(t, where, function(msg) problem("error", step, msg, line) end)
    for _, lang in ipairs(LANGS) do
      local v = t[lang]
      if feedback and type(v) == "string" and #v > FEEDBACK_MAX and not utf8_problem(v) then
        problem("warning", step, where .. " (" .. lang .. ") is " .. #v .. " bytes; an answer carries at most " ..
          FEEDBACK_MAX, line)
      end
    end
  end

  local function need_text(t, where, step, key, feedback)
    local line = key and line_of(key) or current_line
    if type(t) == "function" then return end
    if type(t) == "string" then
      problem("error", step, where .. " is a plain string: give a table with en, fa and ar", line)
      return
    elseif type(t) ~= "table" then
      problem("error", step, where .. " is missing (a table with en, fa and ar)", line)
      return
    end
    text_problems(t, where, step, line, feedback)
  end

  -- A text a feedback function returned for a sample answer: reported once per field.
  local reported = {}
  local function returned_text(t, field, answer_text, step)
    if reported[field] then return end
    local before = #problems
    local where = field .. " text returned for '" .. answer_text .. "'"
    if type(t) ~= "table" then
      problem("error", step, where .. " is " .. type(t) .. ", not a table with en, fa and ar", line_of(field))
    else
      text_problems(t, where, step, line_of(field), true)
    end
    if #problems > before then reported[field] = true end
  end

  local function call_text(fn, ctx, field, answer_text, step)
    if type(fn) ~= "function" or reported[field] then return end
    local ok, t = pcall(fn, ctx)
    if not ok then
      local msg, line = script_error(t)
      problem("error", step, field .. " function failed for '" .. answer_text .. "': " .. msg, line or line_of(field))
      reported[field] = true
    else
      returned_text(t, field, answer_text, step)
    end
  end

  local function unknown_fields(t, known, where, step, extra_hint)
    for k in pairs(t) do
      if type(k) ~= "string" then
        if type(k) ~= "number" then
          problem("error", step, where .. " has a key that is not a name (" .. type(k) .. ")")
        else
          problem("error", step, where .. " has an unnamed value at position " .. tostring(k) ..
            " (a missing 'name =', or a '}' closed too early?)")
        end
      elseif not known[k] and not INTERNAL[k] then
        local hint = closest(k, known)
        local msg = where .. ": unknown field '" .. k .. "'"
        if extra_hint and extra_hint(k) then msg = where .. ": " .. extra_hint(k)
        elseif hint then msg = msg .. " (did you mean '" .. hint .. "'?)" end
        problem("error", step, msg, line_of(k))
      end
    end
  end

  if not l.is_lesson then problem("error", 0, "the file must return lesson{...}", #lines) return problems end
  current_line = util.constructor_line(rt.line_of(l), lines, "lesson") or 1
  local lesson_line = current_line
  if not examples_only then
  unknown_fields(l, LESSON_FIELDS, "the lesson", 0)
  if type(l.id) ~= "string" or not l.id:match("^[%w%-_]+$") then
    problem("error", 0, "id must be a word of letters, digits, '-' or '_'", line_of("id"))
  end
  need_text(l.title, "title", 0, "title")
  if not LEVELS[l.level] then
    problem("error", 0, "level must be beginner, intermediate or advanced", line_of("level"))
  end
  if type(l.tags) ~= "table" then problem("warning", 0, "no tags") end
  for _, tag in ipairs(type(l.tags) == "table" and l.tags or {}) do
    if type(tag) == "string" then check_string(tag, "tag '" .. tag .. "'", 0, line_of("tags")) end
  end
  if type(l.rules) ~= "table" or #l.rules == 0 then
    problem("error", 0, "rules must list the FIDE articles taught", line_of("rules"))
  end
  for _, r in ipairs(type(l.rules) == "table" and l.rules or {}) do
    if not known_articles()[tostring(r)] then
      problem("error", 0, "unknown rule reference '" .. tostring(r) .. "'", find_in(lines, 1, #lines, tostring(r)) or line_of("rules"))
    end
  end
  if #l.steps == 0 then problem("error", 0, "the lesson has no steps", line_of("steps")) end
  end

  -- Each step's span of lines: from its constructor's line to the next step's.
  local starts = {}
  for i, s in ipairs(l.steps) do starts[i] = type(s) == "table" and rt.line_of(s) or nil end
  local function span(i)
    local from = starts[i]
    if not from then return lesson_line, #lines end
    local to = #lines
    for j = i + 1, #l.steps do if starts[j] and starts[j] > from then to = starts[j] - 1 break end end
    return from, to
  end

  for i, s in ipairs(l.steps) do
    span_from, span_to = span(i)
    current_line = starts[i] or lesson_line
    reported = {}
    if type(s) ~= "table" or not KINDS[s.kind] then
      problem("error", i, "not a step: use teach{}, move_task{}, choice{}, true_false{} or which_squares{}")
      goto continue
    end
    if not examples_only then
    unknown_fields(s, KIND_FIELDS[s.kind], KIND_NAMES[s.kind], i, function(k)
      if STEP_FIELDS[k] then
        return "field '" .. k .. "' is not used by a " .. KIND_NAMES[s.kind] .. " step" ..
          (ONLY_FOR[k] and (" (only by " .. ONLY_FOR[k] .. ")") or "")
      end
    end)
    if s.kind == "text" then need_text(s.text, "text", i, "text") end
    if s.diagram ~= nil then lint_diagram(s.diagram, i, problem) end
    need_text(s.prompt, "prompt", i, "prompt")
    if s.hints ~= nil and type(s.hints) ~= "table" then problem("error", i, "hints must be a list of texts", line_of("hints")) end
    for j, h in ipairs(type(s.hints) == "table" and s.hints or {}) do need_text(h, "hint " .. j, i, "hints") end
    if s.success ~= nil then need_text(s.success, "success text", i, "success", true) end
    if s.wrong ~= nil then need_text(s.wrong, "wrong-answer text", i, "wrong", true) end
    if s.illegal ~= nil then
      if type(s.illegal) == "function" then
        problem("error", i, "illegal must be a text (a table with en, fa and ar), not a function", line_of("illegal"))
      else
        need_text(s.illegal, "illegal-move text", i, "illegal", true)
      end
    end
    if s.explain ~= nil and type(s.explain) ~= "function" then
      problem("error", i, "explain must be a function returning explanations", line_of("explain"))
    end
    if type(s.tests) == "table" then unknown_fields(s.tests, TESTS_FIELDS, "tests", i) end
    if type(s.deviations) == "table" then
      for k, t in pairs(s.deviations) do
        need_text(t, "deviation text for " .. tostring(k), i, tostring(k), true)
      end
    end
    if s.fen ~= nil then
      local valid, errs = arbiter.validate(s.fen, s.variant)
      if not valid then
        problem("error", i, "invalid FEN: " .. errs[1].text .. " (" .. errs[1].code .. ")", line_of("fen"))
        goto continue
      end
    end
    do
      local ok, pos = pcall(step_position, s)
      if not ok then problem("error", i, tostring(pos), line_of(s.moves and "moves" or "fen")) goto continue end
      if s.kind == "move" then
        if type(s.expect) ~= "function" then
          problem("error", i, "a move task needs expect = <predicate>", line_of("expect"))
          goto continue
        end
        -- Every legal move is a sample answer: expect, and the feedback functions it leads to.
        local passing = 0
        for _, m in ipairs(pos:legal_moves()) do
          local ctx = { pos = pos, move = m, after = pos:play(m), step = s, answer = m.san }
          if s.expect(ctx) then
            passing = passing + 1
            call_text(s.success, ctx, "success", m.san, i)
          elseif not (type(s.deviations) == "table" and (s.deviations[m.san] or s.deviations[m.uci])) then
            call_text(s.wrong, ctx, "wrong", m.san, i)
          end
        end
        if passing == 0 then problem("error", i, "no legal move passes this step", line_of("expect")) end
        if type(s.deviations) == "table" then
          for k in pairs(s.deviations) do
            local m = type(k) == "string" and pos:parse(k)
            if not m then
              problem("error", i, "deviation '" .. tostring(k) .. "' is not a legal move", line_of(tostring(k)))
            elseif k ~= m.san and k ~= m.uci then
              -- Answers are matched by the move's SAN or UCI: any other spelling never matches.
              problem("error", i, "deviation key '" .. k .. "' is not how the move is written: use '" .. m.san ..
                "' (SAN) or '" .. m.uci .. "' (UCI)", line_of(k))
            end
          end
        end
      else
        -- Choice, true/false and squares steps call their feedback functions without a move.
        call_text(s.success, nil, "success", "a right answer", i)
        call_text(s.wrong, nil, "wrong", "a wrong answer", i)
      end
      if s.kind == "choice" then
        if type(s.choices) ~= "table" or #s.choices < 2 then
          problem("error", i, "a choice step needs at least two choices", line_of("choices"))
          goto continue
        end
        local ids = {}
        for j, c in ipairs(s.choices) do
          if type(c) ~= "table" then
            problem("error", i, "choice " .. j .. " is not a table {id = ..., text = {...}}", line_of("choices"))
            goto continue
          end
          local cline = find_in(lines, span_from, span_to, c.id) or line_of("choices")
          unknown_fields(c, CHOICE_FIELDS, "choice " .. tostring(c.id or j), i)
          if type(c.id) ~= "string" then problem("error", i, "choice " .. j .. " has no id", cline)
          else check_string(c.id, "choice id", i, cline) end
          if type(c.text) == "table" then text_problems(c.text, "choice " .. tostring(c.id), i, cline)
          else need_text(c.text, "choice " .. tostring(c.id), i) end
          ids[c.id or ""] = true
        end
        local want = resolve(s.answer, s)
        if not ids[want] then
          problem("error", i, "the answer '" .. tostring(want) .. "' is not one of the choices", line_of("answer"))
        end
      elseif s.kind == "true_false" then
        if type(resolve(s.answer, s)) ~= "boolean" then
          problem("error", i, "the answer must be true or false", line_of("answer"))
        end
      elseif s.kind == "which_squares" then
        local want = resolve(s.answer, s)
        if type(want) ~= "table" then
          problem("error", i, "the answer must be a list of squares", line_of("answer"))
        else
          for _, sq in ipairs(want) do
            if type(sq) ~= "string" or not arbiter.is_square(sq) then
              problem("error", i, "'" .. tostring(sq) .. "' in the answer is not a square", line_of("answer"))
            end
          end
        end
      end
    end
    -- The step's own examples: right answers must pass, wrong ones fail with the given code.
    if type(s.tests) ~= "table" or type(s.tests.right) ~= "table" or #s.tests.right == 0 then
      problem("warning", i, "no tests.right examples", line_of("tests"))
    end
    if s.kind ~= "text" and (type(s.tests) ~= "table" or type(s.tests.wrong) ~= "table" or next(s.tests.wrong) == nil) then
      problem("warning", i, "no tests.wrong examples", line_of("tests"))
    end
    end -- not examples_only
    if type(s.tests) == "table" then
      local function answer_texts(a, r)
        check_string(r.feedback, "the feedback for '" .. tostring(a) .. "'", i, line_of(tostring(a)))
        for _, e in ipairs(r.explanations) do
          check_string(e.text, "explanation " .. e.code .. " for '" .. tostring(a) .. "'", i, line_of(tostring(a)))
        end
      end
      -- The example answered as a student's answer is: its result, or nil (the failure reported).
      local function answered(a)
        local ok, r = pcall(answer, l, i, a)
        if ok then return r end
        local msg, line = script_error(r)
        problem("error", i, "answer '" .. tostring(a) .. "': " .. msg, line or line_of(tostring(a)))
        return nil
      end
      for _, a in ipairs(type(s.tests.right) == "table" and s.tests.right or {}) do
        local aline, r = line_of(tostring(a)), answered(a)
        if r and not r.correct then
          local why = r.explanations[1]
          problem("error", i, "the right answer '" .. a .. "' does not pass: " ..
            (why and (why.code .. ": " .. why.text) or r.feedback), aline)
        elseif r then
          answer_texts(a, r)
        end
      end
      for a, code in pairs(type(s.tests.wrong) == "table" and s.tests.wrong or {}) do
        local aline, r = line_of(tostring(a)), answered(a)
        if not r then -- reported
        elseif r.correct then problem("error", i, "the wrong answer '" .. a .. "' passes", aline)
        else
          answer_texts(a, r)
          local codes, hit = {}, false
          for _, e in ipairs(r.explanations) do codes[#codes + 1] = e.code; hit = hit or e.code == code end
          if not hit then
            problem("error", i, "the wrong answer '" .. a .. "' gives " .. concat(codes, ", ") ..
              ", not " .. tostring(code), aline)
          end
        end
      end
    end
    ::continue::
  end
  return util.in_line_order(problems)
end

-- The line of the lesson's id (for a duplicate id), or of the lesson constructor.
local function id_line(l, source)
  local lines = source_lines(source)
  local from = util.constructor_line(rt.line_of(l), lines, "lesson")
  return find_in(lines, from or 1, #lines, "id") or from or 0
end

-- Run again by the host under each language but English: the steps' examples in that language.
local function check_language(l, source, chunk) return lint(l, source, chunk, true) end

rt.describe, rt.lint, rt.id_line, rt.check_language = describe, lint, id_line, check_language
return rt
