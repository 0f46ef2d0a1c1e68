// Play mode: any position (a FEN, a Chess960 start number, a pasted game), moves tried on the
// board or typed, and the panels that say why: the move list, status, castling per side, draw
// claims, the dead-position verdict with a mating line to step through, and touch-move. After
// every move the "why" area says what happened in words: legal or not and why, check, the
// result and who won.
import {el, explanationList, errorText, ruleTag} from "./ui.js"
import {createMoveList} from "./movelist.js"
import {dragName, foldTyped, formatPgn, kingSquare, parsePgn} from "./notation.js"
import {createOutcome} from "./outcome.js"

const $ = id => document.getElementById(id)
const SQUARE = /^[a-h][1-8]$/

export function createPlay(ctx) {
    const game = {fen: "startpos", variant: "standard", moves: []} // SAN, as the server wrote them
    const ucis = []   // the same moves in UCI, where known (for the last-move highlight)
    let cursor = 0    // the position shown: after `cursor` moves
    let analysis = null
    let touched = []
    let witness = null // {color, moves, at}
    const outcome = createOutcome(ctx)
    const moveList = createMoveList(ctx, $("move-list"), {onSelect: ply => {
        cursor = ply
        ctx.clearFeedback()
        refresh()
    }})

    const position = (ply = cursor) => ({fen: game.fen, variant: game.variant, moves: game.moves.slice(0, ply)})

    async function refresh() {
        let lastMove = null
        try {
            const [answer, uci] = await Promise.all([ctx.client.analyze(position()), lastUci()])
            analysis = answer
            lastMove = uci ? {from: uci.slice(0, 2), to: uci.slice(2, 4)} : null
        } catch (error) {
            ctx.fail(error, refresh)
            return false
        }
        await ctx.board.show(analysis.fen, {lastMove, check: analysis.check ? kingSquare(analysis.fen) : null})
        ctx.board.setLegalMoves(analysis.legal_moves)
        ctx.describeBoard(analysis.fen, analysis.turn)
        ctx.playFen = analysis.fen
        moveList.set(game.fen, game.moves, cursor)
        const viewing = $("viewing")
        viewing.hidden = cursor === game.moves.length
        viewing.textContent = cursor === 0 ? ctx.t("viewing_start") : ctx.t("viewing", moveList.ref(cursor))
        renderStatus()
        renderCastling()
        renderClaims()
        $("dead").replaceChildren()
        saveGame()
        return true
    }

    // The UCI of the move that led to the position shown (asked once for moves read from a PGN).
    async function lastUci() {
        if (cursor === 0)
            return null
        if (!ucis[cursor - 1]) {
            const before = await ctx.client.analyze(position(cursor - 1))
            const found = before.legal_moves.find(m => m.san === game.moves[cursor - 1])
            ucis[cursor - 1] = found ? found.uci : null
        }
        return ucis[cursor - 1]
    }

    function renderStatus() {
        const box = $("status")
        box.replaceChildren(el("p", {class: "status-line", "data-status": analysis.status, "data-check": String(analysis.check),
            text: outcome.statusLine(analysis)}))
        if (analysis.status === "ongoing")
            box.append(el("p", {text: ctx.t(analysis.turn === "white" ? "turn_white" : "turn_black")}))
        if (analysis.explanations.length)
            box.append(explanationList(ctx.lang, analysis.explanations))
    }

    function renderCastling() {
        const box = $("castling")
        box.replaceChildren(el("p", {class: "note", text: ctx.t("castling_open")}))
        for (const color of ["white", "black"]) {
            for (const side of ["kingside", "queenside"]) {
                const verdict = analysis.castling[color][side]
                const state = verdict.allowed ? "allowed" : verdict.reasons.some(r => r.permanent) ? "lost" : "not_now"
                const item = el("details", {class: "castling-side", "data-color": color, "data-side": side,
                    "data-allowed": verdict.allowed ? "true" : "false", "data-state": state},
                el("summary", {}, el("span", {class: "who", text: ctx.t(color)}), " ",
                    el("span", {class: "what", text: ctx.t(side)}), " ",
                    el("span", {class: "verdict", text: ctx.t(state === "allowed" ? "allowed" : state === "lost" ? "castle_right_lost" : "castle_not_now")})),
                explanationList(ctx.lang, verdict.reasons))
                item.addEventListener("toggle", () => item.open && ctx.board.mark(verdict.reasons))
                box.append(item)
            }
        }
    }

    // The claims: now, or with a move written down. Fifty-move claims with a move say the same
    // for every move, so they are one paragraph with the moves listed; repetitions are dated
    // by the move that led to them ("after 2… Ng8"), not by ply numbers.
    function renderClaims() {
        const box = $("claims")
        if (!analysis.claims.length) {
            box.replaceChildren(el("p", {text: ctx.t("no_claims")}))
            return
        }
        const parts = []
        const fifty = analysis.claims.filter(c => c.claim === "fifty_moves" && c.with_move)
        for (const claim of analysis.claims) {
            if (claim.claim === "fifty_moves" && claim.with_move)
                continue
            parts.push(el("div", {class: "claim", "data-claim": claim.claim},
                el("p", {}, claim.with_move ? ctx.t("claim_with", claim.with_move.san) : ctx.t("claim_now")),
                explanationList(ctx.lang, claim.explanations.map(e => datedRepetition(e, claim.with_move)))))
        }
        if (fifty.length) {
            const first = fifty[0].explanations[0]
            parts.push(el("div", {class: "claim", "data-claim": "fifty_moves", "data-moves": fifty.length},
                el("p", {}, ctx.t("claim_with_one_of", fifty.map(c => c.with_move.san))),
                el("ul", {class: "explanations"}, el("li", {"data-code": "fifty_with_move"},
                    el("span", {class: "text", text: ctx.t("fifty_with_any", first && first.params && first.params.n ? first.params.n : 50)}), " ",
                    ruleTag(ctx.lang, first ? first.rule : null)))))
        }
        box.replaceChildren(...parts)
    }

    function datedRepetition(e, withMove) {
        if (e.code !== "repetition_at" || !e.params || typeof e.params.m !== "number")
            return e
        const ply = e.params.m
        if (ply === 0)
            return {...e, text: ctx.t("repetition_start")}
        if (ply === cursor + 1 && withMove) // the position the written move would make
            return {...e, text: ctx.t("repetition_again", moveList.refOf(ply, withMove.san))}
        const ref = ply <= cursor ? moveList.ref(ply) : null
        return ref ? {...e, text: ctx.t("repetition_after", ref)} : e
    }

    // A move from the board ({uci, from, to, piece, captured}) or typed text.
    async function tryMove(input) {
        const drag = typeof input === "object" ? input : null
        const text = drag ? drag.uci : input
        if (analysis && analysis.status !== "ongoing" && cursor === game.moves.length) {
            gameOver()
            return
        }
        const before = {from: drag ? drag.piece : null}
        let answer
        try {
            answer = await ctx.client.move(position(), text)
        } catch (error) {
            if (error.code === "game_over")
                return gameOver()
            ctx.fail(error, () => tryMove(input))
            return
        }
        if (answer.game_over && answer.legal !== true)
            return gameOver()
        const name = drag ? (ctx.board.sanOf(drag.uci) || dragName(drag)) : text
        if (!answer.legal) {
            // A typed promotion without its piece ("b8", "b7b8"): ask which piece, as a drag would.
            const promotion = !drag && (answer.reasons || []).find(r => r.code === "promotion_required")
            if (promotion && promotion.squares.length === 2) {
                const [from, to] = promotion.squares
                ctx.board.choosePromotion(analysis.turn === "black" ? "b" : "w", piece => piece &&
                    tryMove({uci: from + to + piece, from, to, piece: (analysis.turn === "black" ? "b" : "w") + "p", captured: ctx.board.pieceAt(to), promotion: piece}))
                return
            }
            ctx.rerender = () => tryMove(input)
            explainIllegal(answer.reasons || [], name, text)
            return
        }
        const special = specialMove(answer, drag, before)
        game.moves = [...game.moves.slice(0, cursor), answer.san]
        ucis.length = cursor
        ucis.push(answer.uci)
        cursor = game.moves.length
        touched = []
        renderTouched()
        if (!await refresh())
            return
        explainLegal(answer, special)
        ctx.rerender = () => explainLegal(answer, special)
    }

    // Why a move is refused: the specific reasons (a pin, a blocked path…) under a headline that
    // names the move in SAN; the generic "not a legal move" line adds only its article, which
    // goes with the headline.
    function explainIllegal(reasons, name, text) {
        const malformed = reasons.find(r => r.code === "san_malformed" || r.code === "uci_malformed")
        const generic = reasons.find(r => r.code === "illegal_move")
        const specific = reasons.filter(r => r.code !== "illegal_move")
        ctx.explain(specific, {
            headline: malformed ? ctx.t("not_readable", text) : ctx.t("illegal_move", name),
            headlineRule: !specific.length && generic ? generic.rule : null,
            kind: "wrong",
        })
    }

    // A legal move in words: what it did when it is special (en passant, promotion), then check
    // or the end of the game, with the reason.
    function explainLegal(answer, special) {
        const notes = []
        let why = []
        if (analysis.status !== "ongoing") {
            notes.push(outcome.endLine(analysis))
            why = outcome.endReasons(analysis)
        } else if (analysis.check) {
            notes.push(ctx.t(analysis.turn === "white" ? "check_white" : "check_black"))
            why = analysis.explanations.filter(e => e.code === "check" || e.code === "double_check")
        }
        ctx.explain(why, {headline: special || ctx.t("legal_move", answer.san), kind: "right", notes,
            announce: analysis.status !== "ongoing" || analysis.check})
    }

    function specialMove(answer, drag, before) {
        const uci = answer.uci
        if (uci.length === 5)
            return ctx.t("legal_promote_" + uci[4].toUpperCase(), answer.san)
        const from = uci.slice(0, 2), to = uci.slice(2, 4)
        const piece = before.from || ctx.board.pieceAt(from)
        if (piece && piece[1] === "p" && from[0] !== to[0] && !(drag ? drag.captured : ctx.board.pieceAt(to)))
            return ctx.t("legal_en_passant", answer.san, to[0] + from[1])
        return null
    }

    function gameOver() {
        ctx.explain(outcome.endReasons(analysis), {headline: ctx.t("game_over_no_move"), kind: "wrong",
            notes: [outcome.endLine(analysis)]})
        ctx.rerender = gameOver
    }

    function fenError(box, input, error) {
        input.setAttribute("aria-invalid", error ? "true" : "false")
        box.replaceChildren(...(error ? [el("p", {class: "error", text: errorText(ctx.lang, error)}),
            error.error && error.error.reasons ? explanationList(ctx.lang, error.error.reasons, {skip: [errorText(ctx.lang, error)]}) : null] : []).filter(Boolean))
    }

    // A new position: checked by the server first; a FEN it refuses is explained next to the box.
    async function setPosition(fen, variant, moves = []) {
        try {
            await ctx.client.analyze({fen, variant, moves})
        } catch (error) {
            if (error.status && error.status < 500)
                fenError($("fen-error"), $("fen-input"), error)
            else
                ctx.fail(error, () => setPosition(fen, variant, moves))
            return false
        }
        fenError($("fen-error"), $("fen-input"), null)
        game.fen = fen
        game.variant = variant
        game.moves = [...moves]
        ucis.length = 0
        cursor = moves.length
        $("fen-input").value = fen === "startpos" ? "" : fen
        ctx.clearFeedback()
        await refresh()
        return true
    }

    async function setChess960() {
        const raw = foldTyped($("c960-input").value)
        const box = $("c960-error")
        if (!/^\d{1,3}$/.test(raw) || Number(raw) > 959) {
            $("c960-input").setAttribute("aria-invalid", "true")
            box.replaceChildren(el("p", {class: "error", text: ctx.t("chess960_range")}))
            return
        }
        $("c960-input").setAttribute("aria-invalid", "false")
        box.replaceChildren()
        try {
            const start = await ctx.client.chess960(Number(raw))
            await setPosition(start.fen, "chess960")
        } catch (error) {
            ctx.fail(error, setChess960)
        }
    }

    async function loadPgn() {
        const out = $("pgn-result")
        let parsed
        try {
            parsed = parsePgn($("pgn-input").value)
        } catch (error) {
            out.textContent = error.message
            return
        }
        if (!parsed.moves.length && !parsed.tags.FEN) {
            out.textContent = ctx.t("pgn_empty")
            return
        }
        const variant = /960|fischer/i.test(parsed.tags.Variant || "") ? "chess960" : "standard"
        try {
            await ctx.client.analyze({fen: parsed.tags.FEN || "startpos", variant, moves: parsed.moves})
        } catch (error) {
            out.replaceChildren(el("span", {class: "error", text: errorText(ctx.lang, error)}))
            if (error.error && error.error.reasons)
                out.append(explanationList(ctx.lang, error.error.reasons, {skip: [errorText(ctx.lang, error)]}))
            return
        }
        out.textContent = ""
        await setPosition(parsed.tags.FEN || "startpos", variant, parsed.moves)
    }

    async function copyPgn() {
        const result = analysis && analysis.result && cursor === game.moves.length ? analysis.result : "*"
        const text = formatPgn({fen: game.fen, variant: game.variant, sans: game.moves, result})
        const box = $("pgn-input")
        box.value = text
        box.closest("details").open = true
        box.select()
        // The clipboard may refuse, or never answer (no permission): the text stays selected in the box.
        const copied = navigator.clipboard ? Promise.race([navigator.clipboard.writeText(text).then(() => true, () => false),
            new Promise(resolve => setTimeout(() => resolve(false), 1500))]) : Promise.resolve(false)
        $("pgn-result").textContent = ctx.t(await copied ? "pgn_copied" : "pgn_shown")
    }

    async function askDead() {
        const box = $("dead")
        box.replaceChildren(el("p", {text: ctx.t("loading")}))
        try {
            const answer = await ctx.client.dead(position())
            const verdict = answer.dead === true ? "dead_yes" : answer.dead === false ? "dead_no" : "dead_unknown"
            box.replaceChildren(el("p", {class: "verdict", "data-dead": String(answer.dead), text: ctx.t(verdict)}),
                explanationList(ctx.lang, answer.explanations, {skip: [ctx.t(verdict)]}))
            for (const color of ["white", "black"])
                if (answer.witness && answer.witness[color])
                    box.append(witnessStepper(color, answer.witness[color]))
        } catch (error) {
            box.replaceChildren()
            ctx.fail(error, askDead)
        }
    }

    // A witness line the student can step through on the board, one ply at a time.
    function witnessStepper(color, moves) {
        const label = el("span", {dir: "ltr"})
        const show = async at => {
            witness = {color, moves, at}
            label.textContent = moves.slice(0, at).join(" ")
            const here = await ctx.client.analyze({...position(), moves: [...position().moves, ...moves.slice(0, at)]})
            const last = at ? moves[at - 1] : null
            await ctx.board.show(here.fen, {lastMove: last ? {from: last.slice(0, 2), to: last.slice(2, 4)} : null,
                check: here.check ? kingSquare(here.fen) : null})
            ctx.describeBoard(here.fen, here.turn)
        }
        return el("div", {class: "witness", "data-color": color},
            el("p", {text: ctx.t(color === "white" ? "witness_white" : "witness_black")}),
            el("div", {class: "row"},
                el("button", {type: "button", text: ctx.t("step_back"), onclick: () => witness && witness.at > 0 && show(witness.at - 1)}),
                el("button", {type: "button", text: ctx.t("step_forward"),
                    onclick: () => show(Math.min(moves.length, witness && witness.color === color ? witness.at + 1 : 1))})),
            label)
    }

    function renderTouched() {
        $("touched").textContent = touched.length ? ctx.t("touched_squares", touched) : ctx.t("touch_nothing")
        $("touch").replaceChildren()
    }

    function touch(square) {
        touched.push(square)
        renderTouched()
    }

    async function askTouch() {
        if (!touched.length)
            return
        try {
            const answer = await ctx.client.touch(position(), touched)
            const moves = answer.moves.map(m => m.san)
            ctx.explain(answer.explanations, {notes: [answer.any ? null : ctx.t("touch_moves", moves)]})
            ctx.board.markSquares([...new Set(answer.moves.map(m => m.uci.slice(2, 4)))])
            $("touch").replaceChildren(el("p", {class: "touch-moves", "data-moves": moves.join(" ")},
                answer.any ? "" : ctx.t("touch_moves", moves)))
            ctx.rerender = askTouch
        } catch (error) {
            ctx.fail(error, askTouch)
        }
    }

    // The game survives a reload of the page (and a server restart): kept in this tab.
    function saveGame() {
        try {
            sessionStorage.setItem("arbiter.play", JSON.stringify({...game, cursor}))
        } catch (e) { /* storage off: nothing to keep */ }
    }

    function loadGame() {
        try {
            const saved = JSON.parse(sessionStorage.getItem("arbiter.play") || "null")
            if (saved && Array.isArray(saved.moves) && typeof saved.fen === "string") {
                Object.assign(game, {fen: saved.fen, variant: saved.variant === "chess960" ? "chess960" : "standard",
                    moves: saved.moves.filter(m => typeof m === "string")})
                cursor = Math.min(game.moves.length, Number(saved.cursor) || 0)
                $("fen-input").value = game.fen === "startpos" ? "" : game.fen
            }
        } catch (e) { /* a damaged entry: start afresh */ }
    }

    let wired = false
    function wire() {
        if (wired)
            return
        wired = true
        loadGame()
        $("set-fen").addEventListener("click", () => {
            const fen = $("fen-input").value.trim()
            if (fen)
                setPosition(fen, "standard")
        })
        $("fen-input").addEventListener("keydown", event => {
            if (event.key === "Enter")
                $("set-fen").click()
        })
        $("set-start").addEventListener("click", () => setPosition("startpos", "standard"))
        $("set-960").addEventListener("click", setChess960)
        $("pgn-load").addEventListener("click", loadPgn)
        $("pgn-copy").addEventListener("click", copyPgn)
        $("ask-dead").addEventListener("click", askDead)
        $("touch-mode").addEventListener("change", () => {
            ctx.board.touchMode = $("touch-mode").checked
        })
        $("touch-form").addEventListener("submit", event => {
            event.preventDefault()
            const square = foldTyped($("touch-input").value).toLowerCase()
            if (!SQUARE.test(square)) {
                $("touch").replaceChildren(el("p", {class: "error", text: ctx.t("bad_square", $("touch-input").value.trim())}))
                return
            }
            $("touch-input").value = ""
            touch(square)
        })
        $("touch-ask").addEventListener("click", askTouch)
        $("touch-clear").addEventListener("click", () => {
            touched = []
            renderTouched()
            ctx.board.clearMarks()
        })
    }

    return {
        activate(options = {}) {
            wire()
            ctx.controls({moves: true, undo: true, dots: "play"})
            ctx.moveHandler = tryMove
            ctx.squareHandler = touch
            ctx.board.touchMode = $("touch-mode").checked
            renderTouched()
            if (options.fen)
                setPosition(options.fen, options.variant || "standard")
            else
                refresh()
        },
        async relang() {
            renderTouched()
            await refresh()
        },
        hint: () => ctx.t("play_hint"),
        undo() {
            if (cursor > 0) {
                game.moves = game.moves.slice(0, cursor - 1)
                ucis.length = Math.min(ucis.length, game.moves.length)
                cursor = game.moves.length
                ctx.clearFeedback()
                refresh()
            }
        },
        game,
        position,
    }
}
