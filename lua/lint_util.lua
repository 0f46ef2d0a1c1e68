-- Helpers every checker shares (loaded as text only when a file is checked):
-- the lines of a coach's file, the line a field is written on, "did you mean", UTF-8, the
-- problems of a text in every language and a script error as the coach should read it.
-- Returns a table of functions; it defines no globals.

local type, pairs, ipairs, math, utf8, table, tostring, tonumber = type, pairs, ipairs, math, utf8, table, tostring, tonumber

-- The languages every text comes in (the engine's list), as a set and in words ("en, fa and ar").
local LANGS = arbiter.languages()
local LANG_SET = {}
for _, l in ipairs(LANGS) do LANG_SET[l] = true end
local LANG_WORDS = table.concat(LANGS, ", ", 1, #LANGS - 1) .. (#LANGS > 1 and " and " or "") .. LANGS[#LANGS]

-- ---- where a problem is: lines of the coach's text ----

-- The file's lines, and the line of a field inside a span of them (the span of its step, from
-- the line the step's constructor recorded to the next step's): a field named k written as
-- `k =`, or a string key written as "k" or 'k'.
local function source_lines(source)
  local lines = {}
  if type(source) ~= "string" then return lines end
  local at = 1
  while at <= #source do
    local nl = source:find("\n", at, true) or #source + 1
    lines[#lines + 1] = source:sub(at, nl - 1)
    at = nl + 1
  end
  return lines
end

-- With anywhere, key is looked for anywhere in a line (a text's opening words).
local function find_in(lines, from, to, key, anywhere)
  if type(key) ~= "string" or key == "" then return nil end
  local ident = not anywhere and key:match("^[%a_][%w_]*$")
  for n = math.max(from or 1, 1), math.min(to or #lines, #lines) do
    local line = lines[n]
    if anywhere then
      if line:find(key, 1, true) then return n end
    else
      if ident and line:find("%f[%w_]" .. key .. "%s*=%f[^=]") then return n end
      if line:find('"' .. key .. '"', 1, true) or line:find("'" .. key .. "'", 1, true) then return n end
    end
  end
  return nil
end

-- ---- "did you mean": the closest known name within two edits ----

local function distance(a, b)
  if #a > 40 or #b > 40 then return 99 end
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

local function closest(name, known)
  local best, bd = nil, 3
  for k in pairs(known) do
    -- Ties go to the name with the same first letter ('far': 'fa', not 'ar'), then the first.
    local d = distance(name:lower(), k) + (k:sub(1, 1) == name:sub(1, 1):lower() and 0 or 0.5)
    if d < bd or (d == bd and best and k < best) then best, bd = k, d end
  end
  if best and bd <= (#name >= 5 and 2.5 or 1.5) then return best end
  return nil
end

-- Why s cannot be sent as text (invalid UTF-8, a NUL byte), or nil.
local function utf8_problem(s)
  local n, bad = utf8.len(s)
  if not n then return "is not valid UTF-8 (byte " .. bad .. ")" end
  if s:find("\0", 1, true) then return "contains a NUL byte" end
  return nil
end

-- Problems in the order of the file's lines (as a compiler reports them), then as found: the
-- checks walk tables whose order changes from run to run.
local function in_line_order(problems)
  for i, p in ipairs(problems) do p.order = i end
  table.sort(problems, function(a, b)
    if a.line ~= b.line then return a.line < b.line end
    if a.message ~= b.message then return a.message < b.message end
    return a.order < b.order
  end)
  for _, p in ipairs(problems) do p.order = nil end
  return problems
end

-- A misspelled global ("attempt to call a nil value (global 'promote')"): the closest name the
-- runtime defines (predicates, constructors, libraries), or nil.
local G = _G
local function suggest_global(name)
  local known = {}
  for k in pairs(G) do if type(k) == "string" then known[k] = true end end
  return type(name) == "string" and closest(name, known) or nil
end

-- The problems of a text table: a language key that is not one (with the nearest), a language
-- missing, a text that is not valid UTF-8; say(message) for each. Not a table: "missing".
local function text_problems(t, where, say)
  if type(t) ~= "table" then
    say(where .. " is missing (a table with " .. LANG_WORDS .. ")")
    return
  end
  for k in pairs(t) do
    if not LANG_SET[k] then
      local hint = type(k) == "string" and closest(k, LANG_SET)
      say(where .. " has an unknown language key '" .. tostring(k) .. "'" ..
        (hint and (" (did you mean '" .. hint .. "'?)") or " (use " .. LANG_WORDS .. ")"))
    end
  end
  for _, lang in ipairs(LANGS) do
    local v = t[lang]
    if type(v) ~= "string" or v == "" then
      say(where .. " has no '" .. lang .. "' translation")
    else
      local why = utf8_problem(v)
      if why then say(where .. " (" .. lang .. ") " .. why) end
    end
  end
end

-- The line of the coach's name{...} call: what the constructor recorded, else (a tail call,
-- `return name{...}`) the first line of the text that calls it; nil when neither.
local function constructor_line(recorded, lines, name)
  if recorded then return recorded end
  for n, line in ipairs(lines) do if line:find("%f[%w_]" .. name .. "%s*[{(]") then return n end end
  return nil
end

-- The fields of a name{...} table that are not its kind's (with the nearest known name), and
-- values without a name; problem(message [, line]) for each.
local function unknown_fields(t, known, internal, name, problem, line_of)
  for k in pairs(t) do
    if type(k) ~= "string" then
      problem(name .. "{...} has an unnamed value at position " .. tostring(k) .. " (a missing 'name ='?)")
    elseif not known[k] and not internal[k] then
      local hint = closest(k, known)
      problem(name .. "{...}: unknown field '" .. k .. "'" .. (hint and (" (did you mean '" .. hint .. "'?)") or ""),
        line_of(k))
    end
  end
  if type(t.id) ~= "string" or not t.id:match("^[a-z0-9%-]+$") or #t.id > 48 then
    problem("the " .. name .. " id must be 1-48 characters a-z, 0-9 and '-'", line_of("id"))
  end
end

-- A script error as the coach should read it: without the "file.lua:12: " of the coach's own file
-- chunk (the report carries that line, returned second), with the nearest name when a global is
-- not defined ("(global 'gmae')" -> " (did you mean 'game'?)").
local function script_error(msg, chunk)
  msg = tostring(msg)
  local line
  if type(chunk) == "string" and msg:sub(1, #chunk + 1) == chunk .. ":" then
    local n, rest = msg:sub(#chunk + 2):match("^(%d+): (.*)$")
    if n then line, msg = tonumber(n), rest end
  end
  local name = msg:match("%(global '([%w_]+)'%)") or msg:match("undefined global '([%w_]+)'")
  local hint = name and not msg:find("did you mean", 1, true) and suggest_global(name)
  if hint then msg = msg .. " (did you mean '" .. hint .. "'?)" end
  return msg, line
end

return { source_lines = source_lines, find_in = find_in, closest = closest, utf8_problem = utf8_problem,
         in_line_order = in_line_order, suggest_global = suggest_global, text_problems = text_problems,
         script_error = script_error, constructor_line = constructor_line, unknown_fields = unknown_fields,
         LANGS = LANGS, LANG_SET = LANG_SET, LANG_WORDS = LANG_WORDS }
