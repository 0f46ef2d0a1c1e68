-- What the kinds that hand scripts a library (quizlib, puzzlelib) share besides common.lua, loaded
-- by the book after it for those kinds only (the kind table's `library`): texts in a language,
-- which a checker watches for the ones that fall back to English, and read-only views of the
-- library tables, and their constructor. It adds to the shared table it is given and defines no
-- globals.

local _, C = ... -- the frame (unused here), the shared table of common.lua
local type, pairs, ipairs, next, error, setmetatable = type, pairs, ipairs, next, error, setmetatable

-- ---- texts ----

-- The colours as texts and as the words the renderer gives forms (quizzes and puzzles name them).
C.MSG.white = { word = "color.white", en = "White", fa = "سفید", ar = "الأبيض" }
C.MSG.black = { word = "color.black", en = "Black", fa = "سیاه", ar = "الأسود" }

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

-- ---- the constructor ----

-- The kind's constructor (quiz{...}, puzzle{...}): the table marked as the kind's, the coach's
-- line recorded for a checker. What the table must hold is the checker's to say, with lines.
function C.constructor(name)
  local marker = "is_" .. name
  return function(t)
    if type(t) ~= "table" then error(name .. "{...} takes a table", 2) end
    C.mark(t)
    t[marker] = true
    return t
  end
end

-- ---- library tables ----


-- A read-only view of t and of every table in it, as the docs promise of the libraries a script
-- is given (quizlib, puzzlelib): reads, pairs, ipairs and # go through; a write is an error that
-- names what. t itself stays the runtime's own, unchanged (it is complete before it is viewed). A
-- table inside is given its view when it is first read (every answer opens the library: viewing
-- all of it at once cost a fifth of a quiz grade), the same view each time. What a view has shown
-- is kept in a table of its own that the view reads through (__index a table, not a function: a
-- helper read again costs a table lookup, not a call); scripts cannot reach it (__metatable).
function C.frozen(t, what)
  local views = {}
  local function refuse(_, k)
    error(what .. " is read-only" .. (type(k) == "string" and (": cannot assign '" .. k .. "' (use a local variable)") or ""), 2)
  end
  local view_of
  local function shown(v)
    if type(v) == "table" then return views[v] or view_of(v) end
    return v
  end
  function view_of(inner)
    local view = {}
    views[inner] = view
    local function step(_, k)
      local nk, nv = next(inner, k)
      return nk, shown(nv)
    end
    local seen = setmetatable({}, { __index = function(c, k)
      local v = shown(inner[k])
      if v ~= nil then c[k] = v end -- no __newindex here: a plain store
      return v
    end })
    return setmetatable(view, {
      __index = seen,
      __newindex = refuse,
      __pairs = function() return step, view, nil end,
      __len = function() return #inner end,
      __metatable = false,
    })
  end
  return view_of(t)
end

return C
