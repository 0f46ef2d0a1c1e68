-- The checker of a drill (test_book.c's fourth kind): its fields, its description, and its move
-- answered right in every language.

local rt, util = ...

function rt.lint(d, source)
  local problems, lines = {}, util.source_lines(source)
  local at = util.constructor_line(rt.line_of(d), lines, "drill") or 0
  local function line_of(key) return util.find_in(lines, at, #lines, key) or at end
  local function problem(msg, line)
    problems[#problems + 1] = { level = "error", step = 0, message = msg, line = line or at }
  end
  util.unknown_fields(d, { id = true, title = true, fen = true, move = true }, { is_drill = true }, "drill", problem,
    line_of)
  util.text_problems(d.title, "the title", function(msg) problem(msg, line_of("title")) end)
  if type(d.fen) ~= "string" or not arbiter.position(d.fen) then problem("fen is not a position", line_of("fen")) end
  return util.in_line_order(problems)
end

function rt.describe(d) return { id = d.id, title = d.title } end

-- Run again under each other language: the drill's own move is right there too.
function rt.check_language(d, source)
  local r = rt.answer(d, tostring(d.move))
  if r.correct then return {} end
  local lines = util.source_lines(source)
  local at = util.constructor_line(rt.line_of(d), lines, "drill") or 0
  return { { level = "error", step = 0, line = util.find_in(lines, at, #lines, "move") or at,
             message = "the move " .. tostring(d.move) .. " is not right" } }
end

return rt
