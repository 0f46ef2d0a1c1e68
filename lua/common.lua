-- What every kind's runtime shares, loaded by the book (book_load.c) into every sandbox just before
-- the kind's prelude, which receives the table it returns: the languages, texts in a language,
-- the lines of the coach's constructors, the plain copy of an explanation the host reads, and the
-- runtime texts more than one kind says. It defines no globals.

local frame = ... -- the host's view of the call stack (scripts.h), or nil
local arbiter, type, pairs, ipairs, tostring, next, error, setmetatable =
  arbiter, type, pairs, ipairs, tostring, next, error, setmetatable

local C = { frame = frame }

-- The languages every text comes in (the engine's list), and the same as a set.
C.LANGS = arbiter.languages()
C.LANG_SET = {}
for _, l in ipairs(C.LANGS) do C.LANG_SET[l] = true end

-- ---- texts ----

-- Set by a checker only: called with (text, lang) when a text has no lang, so that the check
-- names the coach's line whose text falls back to English.
local watch
function C.set_watch(fn) watch = fn end

-- A text in lang: a plain string is the same in every language; a table falls back to English,
-- then to "".
function C.text_of(t, lang)
  if type(t) == "string" then return t end
  if type(t) ~= "table" then return "" end
  local v = t[lang]
  if watch and (type(v) ~= "string" or v == "") then watch(t, lang) end
  return v or t.en or ""
end

-- The text in every language, as the host stores it.
function C.texts(t)
  local out = {}
  for _, l in ipairs(C.LANGS) do out[l] = C.text_of(t, l) end
  return out
end

-- Texts more than one kind's runtime says, in every shipped language.
C.MSG = {
  unknown_choice = { en = "'{found}' is not one of the choices: {choices}.",
                     fa = "«{found}» جزو گزینه‌ها نیست؛ گزینه‌ها: {choices}.",
                     ar = "«{found}» ليس من بين الخيارات، وهي: {choices}." },
  white = { word = "color.white", en = "White", fa = "سفید", ar = "الأبيض" },
  black = { word = "color.black", en = "Black", fa = "سیاه", ar = "الأسود" },
}

-- ---- where the coach wrote a constructor ----

-- The line of the coach's constructor call (the caller of the function that calls mark), for a
-- checker's file:line; nil when that call was a tail call such as `return lesson{...}` (the
-- checker then finds the line in the text).
local LINES = {}
function C.mark(t)
  if frame then
    local _, line = frame(3)
    LINES[t] = line
  end
end
function C.line_of(t) return LINES[t] end

-- ---- library tables ----

-- A read-only view of t and of every table in it, as the docs promise of the libraries a script
-- is given (quizlib, puzzlelib): reads, pairs, ipairs and # go through; a write is an error that
-- names what. t itself stays the runtime's own, unchanged. One metatable per table (its __index
-- is the copy, for plain-speed reads); the other metamethods are shared.
local INNER = {}
local function view_pairs(v) return next, INNER[v], nil end
local function view_len(v) return #INNER[v] end
local function frozen(t, refuse, seen)
  if seen[t] then return seen[t] end
  local inner, view = {}, {}
  seen[t] = view
  for k, v in pairs(t) do inner[k] = type(v) == "table" and frozen(v, refuse, seen) or v end
  INNER[view] = inner
  return setmetatable(view, { __index = inner, __newindex = refuse, __pairs = view_pairs, __len = view_len,
                              __metatable = false })
end
function C.frozen(t, what)
  local function refuse(_, k)
    error(what .. " is read-only" .. (type(k) == "string" and (": cannot assign '" .. k .. "' (use a local variable)") or ""), 2)
  end
  return frozen(t, refuse, {})
end


-- ---- what the host reads back ----

-- Copies an explanation into a plain table of strings: the host reads it after the run, so
-- nothing in it may be a script's table with metamethods.
function C.clean(e)
  if type(e) ~= "table" then return { code = "explanation", text = tostring(e), squares = {}, rule = "", params = {} } end
  local out = { code = tostring(e.code or ""), text = tostring(e.text or ""), rule = tostring(e.rule or ""),
                squares = {}, params = {} }
  if type(e.squares) == "table" then
    for _, sq in ipairs(e.squares) do if type(sq) == "string" then out.squares[#out.squares + 1] = sq end end
  end
  if type(e.params) == "table" then
    for k, v in pairs(e.params) do
      if type(k) == "string" and (type(v) == "string" or type(v) == "number" or type(v) == "boolean") then
        out.params[k] = tostring(v)
      end
    end
  end
  return out
end

-- The explanations of a result, cleaned.
function C.clean_all(list)
  local out = {}
  for i, e in ipairs(list or {}) do out[i] = C.clean(e) end
  return out
end

return C
