-- The quiz checker, loaded as text by the book (book.c) after the quiz prelude only when a generator is
-- loaded or checked (never per question): the quiz{} table's fields (lint) and one question's
-- deep check (check_question: every text in en, fa and ar, the expected answer accepted in each
-- language, wrong answers refused with an explanation). Problems name the coach's file line.
-- Its arguments are the quiz prelude's runtime table and the shared lint helpers.

local rt, util = ...
local type, pairs, ipairs, tostring, xpcall, next = type, pairs, ipairs, tostring, xpcall, next
local source_lines, find_in, closest, utf8_problem = util.source_lines, util.find_in, util.closest, util.utf8_problem
local frame, make, clean = rt.frame, rt.make, rt.clean
local render = quizlib.render

local LANGS = util.LANGS
local QUIZ_FIELDS = { id = true, title = true, parameters = true, generate = true, grade = true, answer_type = true }
-- What a question without choices is answered with (QuizQuestion.answer_type in docs/openapi.json).
local ANSWER_TYPES = { choice = true, move = true, line = true, squares = true, number = true }
local PARAM_FIELDS = { name = true, values = true, default = true }
local INTERNAL = { is_quiz = true }

-- ---- problems of a text: languages, UTF-8 ----

-- A text's problems (every language, UTF-8: lint_util), each reported at line.
local function text_problems(t, where, problem, line)
  util.text_problems(t, where, function(msg) problem(msg, line) end)
end

-- ---- the quiz{} table ----

local function lint(qz, source, chunk)
  local problems = {}
  local lines = source_lines(source)
  local quiz_line = util.constructor_line(rt.line_of(qz), lines, "quiz") or 0
  local function line_of(key) return find_in(lines, quiz_line, #lines, key) or quiz_line end
  local function problem(msg, line) problems[#problems + 1] = { level = "error", step = 0, message = msg, line = line or quiz_line } end

  util.unknown_fields(qz, QUIZ_FIELDS, INTERNAL, "quiz", problem, line_of)
  for _, f in ipairs({ "generate", "grade" }) do
    if type(qz[f]) ~= "function" then problem("quiz{...} needs a '" .. f .. "' function", line_of(f)) end
  end
  text_problems(qz.title, "the quiz title", problem, line_of("title"))
  if qz.answer_type ~= nil and not ANSWER_TYPES[qz.answer_type] then
    problem("answer_type must be choice, move, line, squares or number", line_of("answer_type"))
  end
  if qz.parameters ~= nil and type(qz.parameters) ~= "table" then
    problem("parameters must be a list of {name, values, default}", line_of("parameters"))
  end
  for i, p in ipairs(type(qz.parameters) == "table" and qz.parameters or {}) do
    if type(p) ~= "table" then
      problem("parameter " .. i .. " is not a table {name, values, default}", line_of("parameters"))
    else
      for k in pairs(p) do
        if not PARAM_FIELDS[k] then
          local hint = type(k) == "string" and closest(k, PARAM_FIELDS)
          problem("parameter " .. i .. ": unknown field '" .. tostring(k) .. "'" ..
            (hint and (" (did you mean '" .. hint .. "'?)") or ""), line_of(tostring(k)))
        end
      end
    end
  end
  return util.in_line_order(problems)
end

-- ---- one question, checked deeply ----

-- The coach's line on the stack right now: the innermost frame of the generator's own chunk.
local function coach_line(chunk)
  if not frame then return nil end
  for level = 2, 60 do
    local src, line = frame(level)
    if src == chunk then return line end
  end
  return nil
end

-- For "attempt to call a nil value (field 'pik')" or "(global 'quizlb')": the quizlib helper or
-- the global the coach probably meant, as " (did you mean 'quizlib.pick'?)", or "".
local G = _G
local function did_you_mean(e)
  local kind, name = e:match("attempt to call a nil value %((%a+) '([%w_]+)'%)")
  local known, prefix = {}, ""
  if kind == "field" or kind == "method" then
    for k in pairs(quizlib) do known[k] = true end
    prefix = "quizlib."
  elseif kind == "global" then
    for k in pairs(G) do if type(k) == "string" then known[k] = true end end
  else
    return ""
  end
  local best = closest(name, known)
  return best and (" (did you mean '" .. prefix .. best .. "'?)") or ""
end

-- Calls f(...) and returns ok, its first result (or the error), and the coach's line where the
-- error was raised (a quizlib helper's error is still the coach's call of it).
local function run(chunk, f, ...)
  local line
  local ok, r = xpcall(f, function(e)
    line = coach_line(chunk)
    if type(e) == "string" then
      e = e:gsub("^quiz_prelude:%d+: ", "in a quizlib helper: ")
      e = e .. did_you_mean(e)
      local at
      e, at = util.script_error(e, chunk) -- the position once: the report carries the line
      line = line or at
    end
    return e
  end, ...)
  return ok, r, line
end

-- Problems already reported by this checker state (one state per parameter set), so that a
-- mistake made in every question is said once.
local said = {}
local lines_of_source -- the generator's lines (the same file for every call of this state)

-- qz: the quiz; seed: the question's RNG seed; params: its parameters; label: its id (for the
-- messages); chunk: the generator's chunk name (its file name).
local function check_question(qz, seed, params, label, chunk, source)
  local problems = {}
  lines_of_source = lines_of_source or source_lines(source)
  -- A static text's line: where its English is written in the file, if it is written out.
  local function line_of_text(t)
    return type(t) == "table" and type(t.en) == "string" and #t.en > 3 and
      find_in(lines_of_source, 1, #lines_of_source, t.en:sub(1, 40), true) or nil
  end
  local function problem(msg, line, key)
    key = key or msg
    if said[key] then return end
    said[key] = true
    problems[#problems + 1] = { level = "error", step = 0, message = "question " .. label .. ": " .. msg,
                                line = line or 0 }
  end
  -- Texts that fall back to English while the generator's code runs: the coach's line of each.
  local function watch(t, lang)
    local line = coach_line(chunk) or line_of_text(t)
    local en = type(t.en) == "string" and t.en or ""
    if #en > 40 then en = en:sub(1, 37) .. "..." end
    problem("the text '" .. en .. "' has no '" .. lang .. "' translation (" .. lang .. " readers get English)", line,
      "missing " .. lang .. " " .. tostring(line))
  end
  rt.set_watch(watch)

  local ok, q, line = run(chunk, make, qz, seed, params)
  if not ok then
    problem("generate failed: " .. tostring(q), line, "generate " .. tostring(line))
    rt.set_watch(nil)
    return problems
  end
  -- The prompt and the choices, as the student reads them in each language.
  if type(q.prompt) == "string" then
    problem("the prompt is a string: give a table with en, fa and ar", nil, "prompt string")
  else
    text_problems(q.prompt, "the prompt", function(msg) problem(msg, line_of_text(q.prompt)) end)
  end
  rt.set_watch(nil) -- the checker's own renders: the prompt's problems are reported above
  for _, lang in ipairs(LANGS) do
    local shown = render(q.prompt, lang, q.vars)
    local left = shown:match("{(%w+)}")
    if left then
      problem("the prompt (" .. lang .. ") leaves {" .. left .. "} unfilled (no vars." .. left .. ")",
        line_of_text(q.prompt))
    end
    local why = utf8_problem(shown)
    if why then problem("the prompt (" .. lang .. ") " .. why) end
  end
  local ids = {}
  for i, c in ipairs(type(q.choices) == "table" and q.choices or {}) do
    if type(c) ~= "table" or type(c.id) ~= "string" then
      problem("choice " .. i .. " has no id")
    else
      ids[#ids + 1] = c.id
      if type(c.text) == "table" then
        text_problems(c.text, "choice " .. c.id, function(msg) problem(msg, line_of_text(c.text), "choice " .. i .. msg) end)
      elseif type(c.text) == "string" then
        local why = utf8_problem(c.text)
        if why then problem("choice " .. c.id .. " " .. why) end
      elseif type(c.text) ~= "number" then -- a number is shown in the language's digits
        problem("choice " .. c.id .. " has no text")
      end
    end
  end

  rt.set_watch(watch)
  -- Grading regenerates the question each time, as the server does from the id alone.
  local grade_line = find_in(lines_of_source, 1, #lines_of_source, "grade")
  local function grade(answer, lang)
    local ok2, r, gline = run(chunk, function() return qz.grade(make(qz, seed, params), answer, lang) end)
    if not ok2 then
      problem("grade failed for the answer '" .. answer .. "' (" .. lang .. "): " .. tostring(r), gline,
        "grade " .. tostring(gline))
      return nil
    end
    if type(r) ~= "table" then
      problem("grade must return {correct, expected, explanations}", grade_line, "grade shape")
      return nil
    end
    local ex = {}
    for i, e in ipairs(type(r.explanations) == "table" and r.explanations or {}) do
      ex[i] = clean(e)
      local why = utf8_problem(ex[i].text)
      if ex[i].text == "" then why = "is empty" end
      if why then problem("the explanation " .. ex[i].code .. " for '" .. answer .. "' (" .. lang .. ") " .. why) end
    end
    return { correct = r.correct == true, expected = r.expected, explanations = ex }
  end

  local garbage = grade("zz9 is not an answer", "en")
  if garbage then
    if garbage.correct then problem("the answer 'zz9 is not an answer' is accepted", grade_line) end
    if #garbage.explanations == 0 then problem("a wrong answer ('zz9 is not an answer') gets no explanation", grade_line) end
  end
  -- Garbage in every other language too: a note it gets may lack that language.
  for _, lang in ipairs(LANGS) do if lang ~= "en" then grade("zz9 is not an answer", lang) end end
  local expected = garbage and garbage.expected
  if garbage and (type(expected) ~= "string" or expected == "") then
    problem("grade returns no expected answer", grade_line, "no expected")
    expected = nil
  end
  if expected then
    for _, lang in ipairs(LANGS) do
      local r = grade(expected, lang)
      if r and not r.correct then problem("the expected answer '" .. expected .. "' is refused (" .. lang .. ")", grade_line) end
    end
    -- Wrong answers: every other choice (some questions accept more than one), else a plausible
    -- answer that differs from the expected one.
    local wrong = {}
    for _, id in ipairs(ids) do if id:lower() ~= expected:lower() then wrong[#wrong + 1] = id end end
    if #ids == 0 then wrong[1] = expected == "none" and "a1" or "none" end
    local refused = 0
    for _, a in ipairs(wrong) do
      local r = grade(a, "en")
      if r and not r.correct then
        refused = refused + 1
        if #r.explanations == 0 then problem("the wrong answer '" .. a .. "' is refused with no explanation", grade_line) end
        if refused == 1 then grade(a, "fa") grade(a, "ar") end
      end
    end
    if #ids > 0 and refused == 0 then problem("every choice is accepted: no wrong answer is refused", grade_line) end
  end
  rt.set_watch(nil)
  return problems
end

-- The first question at load time: nil, or why generate failed and the coach's line.
local function try_generate(qz, seed, params, chunk)
  local ok, q, line = run(chunk, make, qz, seed, params)
  if ok then return nil end
  return "generate failed: " .. tostring(q), line
end

-- Run again by the host under each language but English (arbiter.lang() is that language): the
-- first question (its seed from the host; the default parameters) generates, and grading a
-- garbage answer and the expected one works, with no text on the way falling back to English.
-- (Whether the grades are right is the English check's and `arbiter quiz check`'s to say.)
local function check_language(qz, source, chunk, seed)
  local lang = arbiter.lang()
  local params = {}
  for _, p in ipairs(type(qz.parameters) == "table" and qz.parameters or {}) do params[tostring(p.name)] = tostring(p.default) end
  local problems, seen = {}, {}
  local function problem(msg, line)
    if seen[msg] then return end
    seen[msg] = true
    problems[#problems + 1] = { level = "error", step = 0, message = msg, line = line or 0 }
  end
  rt.set_watch(function(t, l)
    local en = type(t.en) == "string" and t.en or ""
    if #en > 40 then en = en:sub(1, 37) .. "..." end
    problem("the text '" .. en .. "' has no '" .. l .. "' translation (" .. l .. " readers get English)", coach_line(chunk))
  end)
  local ok, q, line = run(chunk, make, qz, seed, params)
  if not ok then
    problem("generate failed: " .. tostring(q), line)
  else
    local graded = {}
    for _, answer in ipairs({ "zz9 is not an answer", false }) do
      if answer == false then answer = graded[1] and graded[1].expected end
      if type(answer) ~= "string" or answer == "" then break end
      local fine, r, gline = run(chunk, function() return qz.grade(make(qz, seed, params), answer, lang) end)
      if not fine then
        problem("grade failed for the answer '" .. answer .. "': " .. tostring(r), gline)
        break
      end
      graded[#graded + 1] = type(r) == "table" and r or {}
    end
  end
  rt.set_watch(nil)
  return problems
end

rt.lint, rt.check_question, rt.try_generate, rt.check_language = lint, check_question, try_generate, check_language
return rt
