-- Passes its check, then misbehaves when answered: its explanation of a wrong move runs away on
-- e4 and bombs memory on d4 (the linter only explains c4; it samples wrong() on every move).
local function feedback(ctx)
  local san = ctx.move.san
  if san == "e4" then
    local n = 0
    while true do n = n + 1 end
  end
  if san == "d4" then
    local t = {} while true do t[#t + 1] = ("x"):rep(1000) end
  end
  return { en = "Move a knight.", fa = "اسب را حرکت دهید.", ar = "حرّك الحصان." }
end
local step = move_task { prompt = { en = "x", fa = "x", ar = "x" }, expect = moves_piece("N"),
                         explain = function(pos, game, step, ctx) feedback(ctx) return {} end,
                         tests = { right = { "Nf3" }, wrong = { c4 = "deviation" } } }
return lesson {
  id = "trap", level = "beginner", rules = { "3.6" }, tags = {},
  title = { en = "x", fa = "x", ar = "x" },
  steps = { step,
    -- Explanations with metamethods: copied into plain strings inside the run.
    choice { prompt = { en = "x", fa = "x", ar = "x" }, answer = "a",
             choices = { { id = "a", text = { en = "a", fa = "a", ar = "a" } }, { id = "b", text = { en = "b", fa = "b", ar = "b" } } },
             explain = function()
               return { setmetatable({}, { __index = function(t, k)
                 if k == "squares" or k == "params" then return nil end
                 return "x" .. k
               end }), 42 }
             end,
             tests = { right = { "a" }, wrong = { b = "xcode" } } },
  },
}
