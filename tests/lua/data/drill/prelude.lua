-- The prelude of a drill, the fourth kind of content test_book.c adds to the book (lessons,
-- quizzes and puzzles are the other three): a position and the move to find, judged by the engine.
-- All a new kind brings besides its C table: this prelude and its checker (checker.lua).

local frame, C = ... -- the host's view of the call stack (or nil), the shared runtime (common.lua)

function drill(t)
  if type(t) ~= "table" then error("drill{...} takes a table", 2) end
  C.mark(t)
  t.is_drill = true
  return t
end

local RIGHT = { en = "Right.", fa = "درست است.", ar = "صحيح." }

-- The answer: the drill's move, or why the move given is not it (the engine's reasons).
local function answer(d, text)
  local pos = arbiter.position(d.fen)
  local m, why = pos:explain(text)
  local want = pos:parse(d.move)
  if m and want and m.uci == want.uci then
    return { correct = true, feedback = RIGHT[arbiter.lang()] or RIGHT.en, explanations = {} }
  end
  local ex = C.clean_all(why)
  return { correct = false, feedback = ex[1] and ex[1].text or "", explanations = ex }
end

return { answer = answer, line_of = C.line_of }
