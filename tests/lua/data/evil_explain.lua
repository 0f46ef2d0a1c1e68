-- An explanation whose fields loop when read: the run is stopped, the host never reads it.
return lesson {
  id = "evil", level = "beginner", rules = { "3.6" }, tags = {},
  title = { en = "x", fa = "x", ar = "x" },
  steps = {
    true_false { prompt = { en = "x", fa = "x", ar = "x" }, answer = true,
                 explain = function() return { setmetatable({}, { __index = function() while true do end end }) } end,
                 tests = { right = { "true" }, wrong = { ["false"] = "wrong_answer" } } },
  },
}
