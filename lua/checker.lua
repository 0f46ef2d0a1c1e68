-- The lesson checker, loaded as text by lessons.c after the prelude only when a lesson file is
-- loaded or checked (never per answer): the description the host stores and the linter.
-- Its argument is the prelude's runtime table; it returns that table with describe and lint.

local rt = ...
local arbiter, type, pairs, ipairs, tostring, pcall, next = arbiter, type, pairs, ipairs, tostring, pcall, next
local concat = table.concat
local answer, step_position, resolve, text_of = rt.answer, rt.step_position, rt.resolve, rt.text_of
local LANGS, KINDS = rt.LANGS, rt.KINDS

-- FIDE Laws of Chess (2023) article numbers a lesson may cite.
-- Built on first use (only the linter needs them).
local ARTICLES
local function known_articles()
  if ARTICLES then return ARTICLES end
  ARTICLES = {}
  for _, a in ipairs({
  "1", "1.1", "1.2", "1.3", "1.4", "1.5", "2", "2.1", "2.2", "2.3", "2.4",
  "3", "3.1", "3.1.1", "3.1.2", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.7.1", "3.7.2", "3.7.3",
  "3.7.3.1", "3.7.3.2", "3.7.3.3", "3.7.3.4", "3.7.3.5", "3.8", "3.8.1", "3.8.2", "3.8.2.1", "3.8.2.2",
  "3.9", "3.9.1", "3.9.2", "3.10", "3.10.1", "3.10.2", "3.10.3",
  "4", "4.1", "4.2", "4.2.1", "4.2.2", "4.3", "4.3.1", "4.3.2", "4.3.3", "4.4", "4.4.1", "4.4.2", "4.4.3",
  "4.4.4", "4.5", "4.6", "4.7", "4.8",
  "5", "5.1", "5.1.1", "5.1.2", "5.2", "5.2.1", "5.2.2", "5.2.3",
  "6", "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9", "6.10", "6.11",
  "7", "7.1", "7.2", "7.3", "7.4", "7.5", "7.5.1", "7.5.2", "7.5.3", "7.5.4", "7.5.5", "7.6",
  "8", "9", "9.1", "9.2", "9.2.1", "9.2.2", "9.2.3", "9.3", "9.4", "9.5", "9.6", "9.6.1", "9.6.2",
  "9.2.1.1", "9.2.1.2", "9.7", "10", "11", "12",
  "A", "A.1", "A.2", "A.3", "A.4", "A.5", "B", "B.1", "B.2", "B.3", "B.4", "C",
  "960", "960.1", "960.2", "960.3", "960.4",
  }) do ARTICLES[a] = true end
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
    local ok, pos = pcall(step_position, s)
    if ok then ds.fen = pos:fen() end
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

local function lint(l)
  local problems = {}
  local function problem(level, step, msg) problems[#problems + 1] = { level = level, step = step, message = msg } end
  local function need_text(t, where, step)
    if type(t) ~= "table" and type(t) ~= "function" then
      problem("error", step, where .. " is missing (a table with en, fa and ar)")
      return
    end
    if type(t) == "function" then return end
    for _, lang in ipairs(LANGS) do
      if type(t[lang]) ~= "string" or t[lang] == "" then
        problem("error", step, where .. " has no '" .. lang .. "' translation")
      end
    end
  end

  if not l.is_lesson then problem("error", 0, "the file must return lesson{...}") return problems end
  if type(l.id) ~= "string" or not l.id:match("^[%w%-_]+$") then
    problem("error", 0, "id must be a word of letters, digits, '-' or '_'")
  end
  need_text(l.title, "title", 0)
  if not LEVELS[l.level] then problem("error", 0, "level must be beginner, intermediate or advanced") end
  if type(l.tags) ~= "table" then problem("warning", 0, "no tags") end
  if type(l.rules) ~= "table" or #l.rules == 0 then problem("error", 0, "rules must list the FIDE articles taught") end
  for _, r in ipairs(l.rules or {}) do
    if not known_articles()[tostring(r)] then problem("error", 0, "unknown rule reference '" .. tostring(r) .. "'") end
  end
  if #l.steps == 0 then problem("error", 0, "the lesson has no steps") end

  for i, s in ipairs(l.steps) do
    if type(s) ~= "table" or not KINDS[s.kind] then
      problem("error", i, "not a step: use teach{}, move_task{}, choice{}, true_false{} or which_squares{}")
      goto continue
    end
    if s.kind == "text" then need_text(s.text, "text", i) end
    if s.diagram ~= nil then lint_diagram(s.diagram, i, problem) end
    need_text(s.prompt, "prompt", i)
    for j, h in ipairs(s.hints or {}) do need_text(h, "hint " .. j, i) end
    if s.success ~= nil then need_text(s.success, "success text", i) end
    if s.wrong ~= nil then need_text(s.wrong, "wrong-answer text", i) end
    if s.illegal ~= nil then need_text(s.illegal, "illegal-move text", i) end
    if type(s.deviations) == "table" then
      for k, t in pairs(s.deviations) do need_text(t, "deviation text for " .. tostring(k), i) end
    end
    if s.fen ~= nil then
      local valid, errs = arbiter.validate(s.fen, s.variant)
      if not valid then
        problem("error", i, "invalid FEN: " .. errs[1].text .. " (" .. errs[1].code .. ")")
        goto continue
      end
    end
    do
      local ok, pos = pcall(step_position, s)
      if not ok then problem("error", i, tostring(pos)) goto continue end
      if s.kind == "move" then
        if type(s.expect) ~= "function" then
          problem("error", i, "a move task needs expect = <predicate>")
          goto continue
        end
        local passing = 0
        for _, m in ipairs(pos:legal_moves()) do
          if s.expect({ pos = pos, move = m, after = pos:play(m), step = s }) then passing = passing + 1 end
        end
        if passing == 0 then problem("error", i, "no legal move passes this step") end
        if type(s.deviations) == "table" then
          for k in pairs(s.deviations) do
            local m = pos:parse(k)
            if not m then problem("error", i, "deviation '" .. tostring(k) .. "' is not a legal move") end
          end
        end
      elseif s.kind == "choice" then
        if type(s.choices) ~= "table" or #s.choices < 2 then
          problem("error", i, "a choice step needs at least two choices")
          goto continue
        end
        local ids = {}
        for j, c in ipairs(s.choices) do
          if type(c.id) ~= "string" then problem("error", i, "choice " .. j .. " has no id") end
          need_text(c.text, "choice " .. tostring(c.id), i)
          ids[c.id or ""] = true
        end
        local want = resolve(s.answer, s)
        if not ids[want] then problem("error", i, "the answer '" .. tostring(want) .. "' is not one of the choices") end
      elseif s.kind == "true_false" then
        if type(resolve(s.answer, s)) ~= "boolean" then problem("error", i, "the answer must be true or false") end
      elseif s.kind == "which_squares" then
        local want = resolve(s.answer, s)
        if type(want) ~= "table" then
          problem("error", i, "the answer must be a list of squares")
        else
          for _, sq in ipairs(want) do
            if type(sq) ~= "string" or not arbiter.is_square(sq) then
              problem("error", i, "'" .. tostring(sq) .. "' in the answer is not a square")
            end
          end
        end
      end
    end
    -- The step's own examples: right answers must pass, wrong ones fail with the given code.
    if type(s.tests) ~= "table" or type(s.tests.right) ~= "table" or #s.tests.right == 0 then
      problem("warning", i, "no tests.right examples")
    end
    if s.kind ~= "text" and (type(s.tests) ~= "table" or type(s.tests.wrong) ~= "table" or next(s.tests.wrong) == nil) then
      problem("warning", i, "no tests.wrong examples")
    end
    if type(s.tests) == "table" then
      for _, a in ipairs(s.tests.right or {}) do
        local ok, r = pcall(answer, l, i, a)
        if not ok then problem("error", i, "answer '" .. tostring(a) .. "': " .. tostring(r))
        elseif not r.correct then
          local why = r.explanations[1]
          problem("error", i, "the right answer '" .. a .. "' does not pass: " ..
            (why and (why.code .. ": " .. why.text) or r.feedback))
        end
      end
      for a, code in pairs(s.tests.wrong or {}) do
        local ok, r = pcall(answer, l, i, a)
        if not ok then problem("error", i, "answer '" .. tostring(a) .. "': " .. tostring(r))
        elseif r.correct then problem("error", i, "the wrong answer '" .. a .. "' passes")
        else
          local codes, hit = {}, false
          for _, e in ipairs(r.explanations) do codes[#codes + 1] = e.code; hit = hit or e.code == code end
          if not hit then
            problem("error", i, "the wrong answer '" .. a .. "' gives " .. concat(codes, ", ") ..
              ", not " .. tostring(code))
          end
        end
      end
    end
    ::continue::
  end
  return problems
end

rt.describe, rt.lint = describe, lint
return rt
