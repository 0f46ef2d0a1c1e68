-- Quiz: find the mate in two (there is no mate in one). Sparse endings (harder levels: more
-- pieces, defenders, pawns); the solver proves the mate against every defence and any first
-- move or line that still forces mate in time is accepted. Every grading shows a mating line
-- (the solver's main line: key, best defence, mate).
local Q = quizlib

local MATERIAL = {
  easy = { { "QR", "" }, { "RR", "" }, { "QQ", "" }, { "QB", "" } },
  medium = { { "QR", "p" }, { "RR", "n" }, { "QN", "" }, { "RB", "" }, { "QB", "b" } },
  hard = { { "QRB", "pp" }, { "QN", "p" }, { "RRB", "n" }, { "QB", "rp" }, { "RRN", "b" } },
}

local MSG_LINE = { en = "One mating line: {line}.", fa = "یک خط مات: {line}.", ar = "خطّ إماتة: {line}." }

return quiz {
  id = "mate-in-2",
  title = { en = "Mate in two", fa = "مات در دو حرکت", ar = "كش مات في نقلتين" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },
  answer_type = "line",

  generate = function(rng, params)
    local level = Q.level(params)
    for _ = 1, 400 do
      local m = Q.pick(rng, MATERIAL[level])
      local pos = Q.sparse_position(rng, m[1], m[2], "white")
      if pos and pos:legal_count() > 0 and not pos:in_check() then
        local r = arbiter.mate_in(pos, 2, 300000)
        if r and r.mate and r.length == 2 then
          return Q.question(pos,
            { en = "{side} to move and mate in two. Give the first move (or the whole line).",
              fa = "{side} حرکت می‌کند و در دو حرکت مات می‌کند. حرکت نخست (یا کل رشتهٔ حرکت‌ها) را بنویسید.",
              ar = "{side} يلعب ويحقق كش مات في نقلتين. اكتب النقلة الأولى (أو السلسلة كاملة)." })
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local r = arbiter.mate_in(q.pos, 2, 2000000)
    local line = {}
    for tok in tostring(answer):gmatch("%S+") do line[#line + 1] = tok end
    local key = q.pos:parse(r.line[1])
    local expected = key.san
    local check, why
    if #line >= 1 and #line <= 4 then check, why = arbiter.check_line(q.pos, 2, line, 2000000) end
    local correct = check ~= nil and (check.verdict == "solved" or check.verdict == "correct")
    local ex = { Q.verdict(correct, expected, lang) }
    -- the mating line itself (the key, the best defence, the mate): the idea, not only the verdict
    local main = arbiter.game(q.pos, r.line)
    if main then ex[#ex + 1] = Q.note("mating_line", MSG_LINE, lang, { line = Q.move_list(main) }) end
    if check then
      for _, e in ipairs(check.explanations) do ex[#ex + 1] = e end
    elseif type(why) == "table" and line[1] then
      local _, reasons = quizlib.why_illegal(q.pos, line[1])
      for _, e in ipairs(reasons) do ex[#ex + 1] = e end
    end
    return { correct = correct, expected = expected, explanations = ex }
  end,
}
