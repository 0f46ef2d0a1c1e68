-- What every kind's runtime shares, loaded by the book (book_load.c) into every sandbox just before
-- the kind's prelude, which receives the table it returns: the languages, the lines of the coach's
-- constructors, the plain copy of an explanation the host reads, and the runtime texts more than
-- one kind says. Kept small: every answer loads it (library.lua adds what only some kinds need).
-- It defines no globals.

local frame = ... -- the host's view of the call stack (scripts.h), or nil
local arbiter, type, pairs, ipairs, tostring = arbiter, type, pairs, ipairs, tostring

local C = {}

-- The languages every text comes in (the engine's list).
C.LANGS = arbiter.languages()

-- Texts more than one kind's runtime says, in every shipped language.
C.MSG = {
  unknown_choice = { en = "'{found}' is not one of the choices: {choices}.",
                     fa = "«{found}» جزو گزینه‌ها نیست؛ گزینه‌ها: {choices}.",
                     ar = "«{found}» ليس من بين الخيارات، وهي: {choices}." },
}

-- ---- the answer as the student typed it ----

-- The host passes each answer twice: read (digits, punctuation and spaces of a Persian or Arabic
-- keyboard as ASCII, answer_text.h), which the runtimes judge, and as typed, which they quote
-- back: «۹» is not one of the choices, not «9» (Persian review F16, F77). Set at each call.
local TYPED = {}
function C.set_typed(read, typed)
  TYPED.read, TYPED.typed = read, type(typed) == "string" and typed or nil
end

-- The digits of a Persian or Arabic keyboard as ASCII digits, nothing else changed.
local function ascii_digits(s)
  local function digit(first) return function(b) return ("0123456789"):sub(b:byte() - first + 1, b:byte() - first + 1) end end
  return (s:gsub("\219([\176-\185])", digit(176)):gsub("\217([\160-\169])", digit(160)))
end

-- The text to quote back for answer (what a runtime judged): the typed text when answer is this
-- call's answer; a text with letters of the language as it is ({[lang] = text}), a Latin token
-- as a token (isolated in right-to-left text).
function C.typed(answer, lang)
  local s = tostring(answer or "")
  if TYPED.typed and s == TYPED.read then s = TYPED.typed end
  if s:find("[\128-\255]") then return { [lang] = s } end
  return s
end

-- The move to give the engine for answer: the typed text when it differs from answer only by its
-- digits («e۵»: the engine reads them and quotes the move as typed), else answer.
function C.engine_text(answer)
  if TYPED.typed and answer == TYPED.read and ascii_digits(TYPED.typed) == answer then return TYPED.typed end
  return answer
end

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
