-- The puzzle checker, loaded as text by the book (book.c) after the puzzle prelude only when a puzzle is
-- loaded or checked (never per answer): the puzzle{} table's fields (lint: unknown fields with
-- the nearest name, every text in en, fa and ar, valid UTF-8) and the engine's verification
-- (verify: the coach's answer is judged right, each listed wrong answer wrong with an explanation,
-- and the kind's claim holds — the only legal move is the only one, the count is the engine's,
-- exactly one listed move is illegal, the mate exists in n, a stalemate trap has its stalemate).
-- Problems name the coach's file line. Its arguments: the prelude's runtime table, lint helpers.

local rt, util = ...
local type, pairs, ipairs, tostring, tonumber, pcall, math = type, pairs, ipairs, tostring, tonumber, pcall, math
local source_lines, find_in, closest, utf8_problem = util.source_lines, util.find_in, util.closest, util.utf8_problem
local P = puzzlelib

local LANGS = util.LANGS
local FIELDS = { id = true, kind = true, fen = true, moves = true, chess960 = true, generate = true, seed = true,
                 n = true, prompt = true, hints = true, success = true, choices = true, answer = true, goal = true,
                 castle = true, judge = true, wrong = true, source = true }
local INTERNAL = { is_puzzle = true }
local KINDS = { mate = true, helpmate = true, ["only-move"] = true, illegal = true, retro = true, count = true,
                stalemate = true, chess960 = true }

-- A text's problems (every language, UTF-8: lint_util), each reported at line.
local function text_problems(t, where, problem, line)
  util.text_problems(t, where, function(msg) problem(msg, line) end)
end

local function collector(pz, source)
  local problems = {}
  local lines = source_lines(source)
  local at = util.constructor_line(rt.line_of(pz), lines, "puzzle") or 0
  local function line_of(key) return find_in(lines, at, #lines, key) or at end
  local function problem(msg, line) problems[#problems + 1] = { level = "error", step = 0, message = msg, line = line or at } end
  return problems, problem, line_of
end

-- ---- the puzzle{} table ----

local function lint(pz, source)
  local problems, problem, line_of = collector(pz, source)
  util.unknown_fields(pz, FIELDS, INTERNAL, "puzzle", problem, line_of)
  if not KINDS[pz.kind] then
    local hint = type(pz.kind) == "string" and closest(pz.kind, KINDS)
    problem("kind must be one of mate, helpmate, only-move, illegal, retro, count, stalemate, chess960" ..
      (hint and (" (did you mean '" .. hint .. "'?)") or ""), line_of("kind"))
  end
  if (pz.fen == nil) == (pz.generate == nil) then
    problem("a puzzle has a position: a fen, or a seeded generate function (not both)", line_of("fen"))
  end
  if pz.fen ~= nil and type(pz.fen) ~= "string" then problem("fen must be a string", line_of("fen")) end
  if pz.generate ~= nil and type(pz.generate) ~= "function" then problem("generate must be a function(rng)", line_of("generate")) end
  if pz.seed ~= nil and math.type(pz.seed) ~= "integer" then problem("seed must be a whole number", line_of("seed")) end
  if pz.moves ~= nil then
    if type(pz.moves) ~= "table" then problem("moves must be a list of moves (SAN or UCI)", line_of("moves")) end
    for i, m in ipairs(type(pz.moves) == "table" and pz.moves or {}) do
      if type(m) ~= "string" then problem("moves[" .. i .. "] is not a move text", line_of("moves")) end
    end
  end
  if pz.chess960 ~= nil and type(pz.chess960) ~= "boolean" then problem("chess960 must be true or false", line_of("chess960")) end
  local needs_n = pz.kind == "mate" or pz.kind == "helpmate"
  if (needs_n or pz.n ~= nil) and (math.type(pz.n) ~= "integer" or pz.n < 1 or pz.n > 3) then
    problem("n (mate or helpmate in n) must be 1, 2 or 3", line_of("n"))
  end
  text_problems(pz.prompt, "the prompt", problem, line_of("prompt"))
  text_problems(pz.success, "the success text", problem, line_of("success"))
  if pz.hints ~= nil and type(pz.hints) ~= "table" then problem("hints must be a list of texts", line_of("hints")) end
  for i, h in ipairs(type(pz.hints) == "table" and pz.hints or {}) do text_problems(h, "hint " .. i, problem, line_of("hints")) end
  if pz.kind == "illegal" then
    if type(pz.choices) ~= "table" or #pz.choices < 2 or #pz.choices > 8 then
      problem("an 'illegal' puzzle lists 2 to 8 moves in choices", line_of("choices"))
    end
    for i, c in ipairs(type(pz.choices) == "table" and pz.choices or {}) do
      if type(c) ~= "string" or #c > 12 then problem("choices[" .. i .. "] must be a move text", line_of("choices")) end
    end
  elseif pz.choices ~= nil then
    problem("only 'illegal' puzzles have choices", line_of("choices"))
  end
  if pz.kind == "stalemate" and pz.goal ~= "mate" and pz.goal ~= "stalemate" then
    problem("a stalemate puzzle's goal is \"mate\" (find the mate, not the stalemate) or \"stalemate\"", line_of("goal"))
  elseif pz.kind ~= "stalemate" and pz.goal ~= nil then
    problem("only stalemate puzzles have a goal", line_of("goal"))
  end
  if pz.kind == "chess960" then
    if pz.castle ~= "kingside" and pz.castle ~= "queenside" then problem("castle must be \"kingside\" or \"queenside\"", line_of("castle")) end
    if pz.chess960 ~= true then problem("a chess960 puzzle needs chess960 = true", line_of("chess960")) end
  elseif pz.castle ~= nil then
    problem("only chess960 puzzles have castle", line_of("castle"))
  end
  if pz.judge ~= nil and type(pz.judge) ~= "function" then problem("judge must be a function(ctx, answer, lang)", line_of("judge")) end
  if type(pz.answer) ~= "string" and math.type(pz.answer) ~= "integer" then
    problem("answer (the right answer, which the engine verifies) is missing", line_of("answer"))
  end
  if pz.wrong ~= nil and type(pz.wrong) ~= "table" then problem("wrong must be a table {[answer] = code or true}", line_of("wrong")) end
  for k, v in pairs(type(pz.wrong) == "table" and pz.wrong or {}) do
    if type(k) ~= "string" or (v ~= true and type(v) ~= "string") then
      problem("wrong = {[answer] = code or true}: '" .. tostring(k) .. "'", line_of("wrong"))
    end
  end
  if type(pz.source) == "table" then -- shown to the student: in every language, as the prompt is
    text_problems(pz.source, "the source", problem, line_of("source"))
  elseif type(pz.source) ~= "string" or pz.source == "" then
    problem("source is missing: { en = \"constructed for Arbiter\", fa = ..., ar = ... }, or the game or book the " ..
      "position comes from", line_of("source"))
  end
  return util.in_line_order(problems)
end

-- ---- the engine's verification ----

local function codes_of(r)
  local c = {}
  for _, e in ipairs(r.explanations or {}) do c[#c + 1] = e.code end
  return table.concat(c, ", ")
end

-- The coach's answer and wrong answers, judged as a student's would be (in the sandbox's
-- language): the position, or nil when it cannot be built (reported).
local function judge_examples(pz, chunk, problem, line_of)
  local ok, pos = pcall(P.position_of, pz)
  if not ok then
    problem(tostring(pos), line_of(pz.generate and "generate" or "fen"))
    return nil
  end
  local function judged(answer)
    local fine, r = pcall(rt.judge, pz, tostring(answer))
    if not fine then
      local msg, line = util.script_error(r, chunk)
      problem("judging '" .. tostring(answer) .. "' failed: " .. msg, line or line_of("answer"))
      return nil
    end
    return r
  end
  local r = judged(pz.answer)
  if r and not r.correct then
    problem("the answer '" .. tostring(pz.answer) .. "' is judged wrong by the engine: " .. tostring(r.feedback), line_of("answer"))
  end
  local keys = {}
  for k in pairs(type(pz.wrong) == "table" and pz.wrong or {}) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local w, want = judged(k), pz.wrong[k]
    if w and w.correct then
      problem("the wrong answer '" .. k .. "' is judged right", line_of(k))
    elseif w and #w.explanations == 0 then
      problem("the wrong answer '" .. k .. "' gets no explanation", line_of(k))
    elseif w and type(want) == "string" and not ((", " .. codes_of(w) .. ","):find(", " .. want .. ",", 1, true)) then
      problem("the wrong answer '" .. k .. "' is explained by " .. codes_of(w) .. ", not " .. want, line_of(k))
    end
  end
  return pos
end

-- Runs f(problem, line_of) with every text that falls back to English noted; reports the first.
local function watching(pz, source, f)
  local problems, problem, line_of = collector(pz, source)
  local missing = {}
  rt.set_watch(function(t, lang) missing[#missing + 1] = lang end)
  f(problem, line_of)
  rt.set_watch(nil)
  if #missing > 0 then problem("a text has no '" .. missing[1] .. "' translation", line_of("prompt")) end
  return util.in_line_order(problems)
end

local claims -- below: what the kind claims, checked by the engine

local function verify(pz, source, chunk)
  return watching(pz, source, function(problem, line_of)
    local pos = judge_examples(pz, chunk, problem, line_of)
    if pos then claims(pz, pos, problem, line_of) end
  end)
end

-- Run again by the host under each language but English: the examples judged in that language.
local function check_language(pz, source, chunk)
  return watching(pz, source, function(problem, line_of)
    judge_examples(pz, chunk, problem, line_of)
  end)
end

-- The kind's own claim, as the engine sees it.
function claims(pz, pos, problem, line_of)
  local kind = pz.kind
  if kind == "only-move" and pos:legal_count() ~= 1 then
    problem("the side to move has " .. pos:legal_count() .. " legal moves, not exactly one", line_of("fen"))
  elseif kind == "count" and tonumber(pz.answer) ~= pos:legal_count() then
    problem("the engine counts " .. pos:legal_count() .. " legal moves, not " .. tostring(pz.answer), line_of("answer"))
  elseif kind == "illegal" then
    local illegal = 0
    for _, c in ipairs(pz.choices or {}) do if not arbiter.explain(pos, c) then illegal = illegal + 1 end end
    if illegal ~= 1 then problem(illegal .. " of the listed moves are illegal: exactly one must be", line_of("choices")) end
  elseif kind == "mate" then
    local m = arbiter.mate_in(pos, pz.n)
    if not m or not m.mate or m.length ~= pz.n then problem("the engine finds no mate in exactly " .. pz.n, line_of("n")) end
  elseif kind == "stalemate" then
    local trap = false
    for _, m in ipairs(pos:legal_moves()) do
      if pos:play(m):state() == "stalemate" then trap = true end
    end
    -- a judge of the coach's own may find the stalemate one move deeper: after the answer's reply
    local m = not trap and pz.judge and arbiter.explain(pos, tostring(pz.answer))
    for _, reply in ipairs(m and pos:play(m):legal_moves() or {}) do
      if pos:play(m):play(reply):state() == "stalemate" then trap = true end
    end
    if not trap then problem("no legal move stalemates here (nor a reply to the answer): the puzzle has no stalemate to find or avoid", line_of("fen")) end
  elseif kind == "chess960" and pos:variant() ~= "chess960" then
    problem("the position is not read as Chess960", line_of("chess960"))
  end
end

rt.lint, rt.verify, rt.check_language = lint, verify, check_language
return rt
