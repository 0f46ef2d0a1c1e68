-- Quiz: touch-move (FIDE 4.3-4.5). The player to move deliberately touched one or more pieces:
-- what does the rule oblige them to do? Move the touched piece (4.3.1), capture the touched
-- piece (4.3.2), capture it with the touched piece (4.3.3), castle (4.4.1), another king move
-- (4.4.3), or nothing (4.5). Exactly one choice is right, and the engine's touch-move obligation
-- decides which (and explains it). Easy: one of the player's own pieces; medium: an opponent's
-- piece, or king then rook; hard: one piece of each colour (4.3.3 and its fall-backs), the rook
-- before the king (4.4.2), a castling that turns out illegal (4.4.3). Each level draws its
-- answers evenly.
local Q = quizlib

local PLIES = { easy = { 6, 30 }, medium = { 4, 40 }, hard = { 6, 50 } }
local WANTS = { easy = { "move", "any" }, medium = { "capture", "any", "castle", "king" },
                hard = { "capture_with", "move", "capture", "king", "any" } }
-- what each level touches
local SHAPES = { easy = { "own" }, medium = { "opp", "king_rook" }, hard = { "own_opp", "opp_own", "rook_king", "king_rook" } }

-- Each choice says exactly what is allowed, so that only one of them is true: "capture it with
-- any piece" is false when only the touched piece may take it, and the other way round.
local CHOICE = {
  move = { en = "Move the piece on {own}, to any square it can go to", fa = "مهرهٔ {own} را به هر خانه‌ای که بتواند برود حرکت دهید",
           ar = "أن تحرّك القطعة في {own} إلى أي مربع تستطيع بلوغه" },
  capture = { en = "Capture the piece on {opp}, with any piece that can take it", fa = "مهرهٔ {opp} را با هر مهره‌ای که بتواند آن را بزند، بزنید",
              ar = "أن تأخذ القطعة في {opp} بأي قطعة تستطيع أخذها" },
  capture_with = { en = "Capture the piece on {opp} with the piece on {own}, and with no other", fa = "مهرهٔ {opp} را فقط با مهرهٔ {own} بزنید",
                   ar = "أن تأخذ القطعة في {opp} بالقطعة في {own} دون غيرها" },
  castle = { en = "Castle with that rook", fa = "با همان رخ قلعه بروید", ar = "أن تبيّت مع ذلك الرخ" },
  king = { en = "Make a king move other than that castling (castling on the other side included)",
           fa = "حرکتی با شاه جز آن قلعه انجام دهید (از جمله قلعه در جناح دیگر)",
           ar = "أن تلعب نقلة بالملك غير ذلك التبييت (ومنها التبييت في الجناح الآخر)" },
  any = { en = "Nothing: any legal move (the touch binds nothing)", fa = "هیچ: هر حرکت قانونی (لمس تعهدی نمی‌آورد)",
          ar = "لا شيء: أي نقلة قانونية (اللمس لا يُلزم بشيء)" },
}
-- the choices each kind of touch offers
local OFFER = {
  own = { "move", "any" }, opp = { "capture", "any" },
  own_opp = { "capture_with", "move", "capture", "any" }, opp_own = { "capture_with", "move", "capture", "any" },
  king_rook = { "castle", "king", "move", "any" }, rook_king = { "move", "castle", "king", "any" },
}

local PROMPT_ONE = {
  en = "You are {side} and it is your move. You deliberately touched the piece on {squares}. What does the touch-move rule oblige you to do?",
  fa = "شما با مهره‌های {side} بازی می‌کنید و نوبت شماست. عمداً مهرهٔ {squares} را لمس کرده‌اید. بنابر قانون دست به مهره، اکنون به چه کاری ملزم هستید؟",
  ar = "أنت الطرف {side} والدور عليك، وقد لمستَ عمدًا القطعةَ في {squares}. بماذا تُلزمك قاعدةُ القطعة الملموسة؟" }
local PROMPT_SEVERAL = {
  en = "You are {side} and it is your move. You deliberately touched the pieces on {squares}, in that order. What does the touch-move rule oblige you to do?",
  fa = "شما با مهره‌های {side} بازی می‌کنید و نوبت شماست. عمداً مهره‌های {squares} را به همین ترتیب لمس کرده‌اید. بنابر قانون دست به مهره، اکنون به چه کاری ملزم هستید؟",
  ar = "أنت الطرف {side} والدور عليك، وقد لمستَ عمدًا القطعَ في {squares} بهذا الترتيب. بماذا تُلزمك قاعدةُ القطعة الملموسة؟" }

local function own_piece(pos, sq)
  local p = pos:piece_at(sq)
  return p ~= nil and (p == p:upper()) == (pos:turn() == "white")
end

-- The obligation the engine's touch-move ruling amounts to: one of the CHOICE keys, or nil when
-- it is none of them. `t` is pos:touch(touched).
local function classify(pos, touched, t)
  if t.any then return "any" end
  if #t.moves == 0 then return nil end
  local own, opp, king_touched, rook_touched = {}, {}, false, false
  for _, sq in ipairs(touched) do
    if own_piece(pos, sq) then
      own[sq] = true
      local p = pos:piece_at(sq):upper()
      king_touched = king_touched or p == "K"
      rook_touched = rook_touched or p == "R"
    elseif pos:piece_at(sq) then opp[sq] = true end
  end
  local function all(f)
    for _, m in ipairs(t.moves) do if not f(m) then return false end end
    return true
  end
  -- the square of the piece a move captures (en passant: beside the arrival square)
  local function taken(m)
    if m.kind == "en_passant" then return m.to:sub(1, 1) .. m.from:sub(2, 2) end
    return m.captured and m.to or nil
  end
  if all(function(m) return m.castle ~= nil end) then return "castle" end
  if next(own) and next(opp) and all(function(m) return own[m.from] and opp[taken(m) or ""] end) then return "capture_with" end
  if all(function(m) return opp[taken(m) or ""] end) then return "capture" end
  local king = pos:king(pos:turn())
  if king_touched and rook_touched and all(function(m) return m.from == king end) then return "king" end
  if all(function(m) return own[m.from] end) then return "move" end
  return nil
end

-- Candidate touches of one shape in a position (own and opponent squares sorted, so that the
-- same rng gives the same touch everywhere).
local function touches(rng, pos, shape)
  local own, opp = {}, {}
  for sq, p in pairs(pos:pieces()) do
    if own_piece(pos, sq) then own[#own + 1] = sq elseif p:upper() ~= "K" then opp[#opp + 1] = sq end
  end
  table.sort(own)
  table.sort(opp)
  if shape == "own" then return { Q.pick(rng, own) } end
  if shape == "opp" then return #opp > 0 and { Q.pick(rng, opp) } or nil end
  if shape == "own_opp" then return #opp > 0 and { Q.pick(rng, own), Q.pick(rng, opp) } or nil end
  if shape == "opp_own" then return #opp > 0 and { Q.pick(rng, opp), Q.pick(rng, own) } or nil end
  -- king and a rook of the side to move, on its back rank
  local king, rooks = pos:king(pos:turn()), {}
  local rank = pos:turn() == "white" and "1" or "8"
  for _, sq in ipairs(own) do
    if pos:piece_at(sq):upper() == "R" and sq:sub(2, 2) == rank and king:sub(2, 2) == rank then rooks[#rooks + 1] = sq end
  end
  if #rooks == 0 then return nil end
  local rook = Q.pick(rng, rooks)
  if shape == "king_rook" then return { king, rook } end
  return { rook, king }
end

-- Positions where castling is in play: early random games, and opening set-ups with the pieces
-- between king and rooks gone (reachable: knights and bishops developed or exchanged).
local CASTLE_STARTS = {
  "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8",
  "r3k2r/ppp2ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPP2PPP/R1BQK2R w KQkq - 0 8",
  "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5",
  "r3kb1r/pbpq1ppp/1pnp1n2/4p3/4P3/1PNP1N2/PBPQ1PPP/R3KB1R w KQkq - 0 8",
  "r3k2r/pp1n1ppp/2pbpn2/q7/3P4/2NBPN2/PP3PPP/R2QK2R w KQkq - 0 10",
}
local function castling_position(rng)
  local start = arbiter.position(Q.pick(rng, CASTLE_STARTS))
  local _, pos = Q.random_game(rng, 0, 6, start)
  return pos
end

return quiz {
  id = "touch-move",
  title = { en = "Touch-move", fa = "دست به مهره", ar = "قاعدة القطعة الملموسة" },
  parameters = { { name = "difficulty", values = Q.LEVELS, default = "medium" } },

  generate = function(rng, params)
    local level = Q.level(params)
    local want = Q.pick(rng, WANTS[level])
    local r = PLIES[level]
    for _ = 1, 120 do
      local shape = Q.pick(rng, SHAPES[level])
      if want == "castle" or want == "king" then shape = (level == "hard" and rng:int(1, 2) == 1) and "rook_king" or "king_rook" end
      if shape == "king_rook" and want ~= "castle" and want ~= "king" and want ~= "any" then shape = "own_opp" end
      local pos
      if shape == "king_rook" or shape == "rook_king" then pos = castling_position(rng)
      else pos = select(2, Q.random_game(rng, r[1], r[2])) end
      if pos and pos:legal_count() > 2 then
        local touched = touches(rng, pos, shape)
        local t = touched and pos:touch(touched)
        if t and classify(pos, touched, t) == want then
          local own, opp = touched[1], touched[#touched]
          for _, sq in ipairs(touched) do
            if own_piece(pos, sq) then own = sq else opp = sq end
          end
          if shape == "king_rook" or shape == "rook_king" then
            for _, sq in ipairs(touched) do if pos:piece_at(sq):upper() == "R" then own = sq end end
          end
          local choices = {}
          for _, id in ipairs(OFFER[shape]) do
            local text = {}
            for _, lang in ipairs({ "en", "fa", "ar" }) do text[lang] = Q.render(CHOICE[id], lang, { own = own, opp = opp }) end
            choices[#choices + 1] = { id = id, text = text }
          end
          Q.shuffle(rng, choices)
          -- the squares in each language's list style, each isolated in RTL text
          local names = { en = table.concat(touched, ", ") }
          local iso = {}
          for i, sq in ipairs(touched) do iso[i] = "\u{2066}" .. sq .. "\u{2069}" end
          names.fa, names.ar = table.concat(iso, "، "), table.concat(iso, " و")
          return Q.question(pos, #touched == 1 and PROMPT_ONE or PROMPT_SEVERAL,
            { vars = { squares = names }, choices = choices, data = { touched = table.concat(touched, " ") },
              touched = touched })
        end
      end
    end
    error("no position found", 0)
  end,

  grade = function(q, answer, lang)
    local t = q.pos:touch(q.touched)
    local expected = classify(q.pos, q.touched, t) or "any"
    local ex = {}
    for _, e in ipairs(t.explanations) do ex[#ex + 1] = e end
    return Q.grade_choice(q, answer, lang, expected, ex)
  end,
}
