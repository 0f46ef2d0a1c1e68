// Student mode: any position (FEN, Chess960 number, the moves so far), moves tried on the board
// or typed, and the panels that say why: status, castling per side, draw claims, the
// dead-position verdict with a witness line to step through, and touch-move.
import {el, explanationList, ltr} from "./ui.js"

const $ = id => document.getElementById(id)

export function createPlay(ctx) {
    const game = {fen: "startpos", variant: "standard", moves: []}
    let analysis = null
    let touched = []
    let witness = null // {color, moves, at}

    async function refresh() {
        try {
            analysis = await ctx.client.analyze(game)
        } catch (error) {
            ctx.fail(error)
            return
        }
        await ctx.board.show(analysis.fen)
        ctx.board.setLegalMoves(analysis.legal_moves.map(m => m.uci))
        ctx.describeBoard(analysis.fen, analysis.turn)
        renderMoves()
        renderStatus()
        renderCastling()
        renderClaims()
        $("dead").replaceChildren()
        if (analysis.check)
            ctx.board.mark(analysis.explanations.filter(e => e.code === "check"))
    }

    function renderMoves() {
        const list = $("move-list")
        list.replaceChildren()
        if (!game.moves.length)
            list.append(el("li", {class: "none", dir: "auto", text: ctx.t("no_moves")}))
        game.moves.forEach(move => list.append(el("li", {}, ltr(move))))
    }

    function renderStatus() {
        const box = $("status")
        box.replaceChildren(el("p", {class: "status-line", "data-status": analysis.status, dir: "auto", text: ctx.t("status_" + analysis.status)}),
            el("p", {dir: "auto", text: ctx.t(analysis.turn === "white" ? "turn_white" : "turn_black")}))
        const why = analysis.explanations.filter(e => e.code !== "check" || analysis.status !== "ongoing")
        if (why.length)
            box.append(explanationList(why))
    }

    function renderCastling() {
        const box = $("castling")
        box.replaceChildren()
        for (const color of ["white", "black"]) {
            for (const side of ["kingside", "queenside"]) {
                const verdict = analysis.castling[color][side]
                const item = el("details", {class: "castling-side", "data-color": color, "data-side": side,
                    "data-allowed": verdict.allowed ? "true" : "false"},
                el("summary", {dir: "auto"}, el("span", {class: "who", text: ctx.t(color)}),
                    el("span", {class: "what", text: ctx.t(side)}),
                    el("span", {class: "verdict", text: ctx.t(verdict.allowed ? "allowed" : "not_allowed")})),
                explanationList(verdict.reasons))
                item.addEventListener("toggle", () => item.open && ctx.board.mark(verdict.reasons))
                box.append(item)
            }
        }
    }

    function renderClaims() {
        const box = $("claims")
        if (!analysis.claims.length) {
            box.replaceChildren(el("p", {dir: "auto", text: ctx.t("no_claims")}))
            return
        }
        box.replaceChildren(...analysis.claims.map(claim => el("div", {class: "claim", "data-claim": claim.claim},
            el("p", {dir: "auto"}, claim.with_move ? ctx.t("claim_with", claim.with_move.san) : ctx.t("claim_now")),
            explanationList(claim.explanations))))
    }

    async function tryMove(text) {
        try {
            const answer = await ctx.client.move(game, text)
            if (!answer.legal) {
                ctx.explain(answer.reasons, {headline: ctx.t("illegal_move", text), kind: "wrong"})
                return
            }
            game.moves.push(answer.san)
            touched = []
            renderTouched()
            await refresh()
            ctx.feedback.replaceChildren(el("p", {class: "headline right", dir: "auto", text: ctx.t("legal_move", answer.san)}))
        } catch (error) {
            ctx.fail(error)
        }
    }

    async function setPosition(fen, variant) {
        const saved = {...game}
        game.fen = fen
        game.variant = variant
        game.moves = []
        try {
            await ctx.client.analyze(game)
        } catch (error) {
            Object.assign(game, saved)
            ctx.fail(error)
            return
        }
        ctx.feedback.replaceChildren()
        $("fen-input").value = fen === "startpos" ? "" : fen
        await refresh()
    }

    async function askDead() {
        const box = $("dead")
        box.replaceChildren(el("p", {text: ctx.t("loading")}))
        try {
            const answer = await ctx.client.dead(game)
            const verdict = answer.dead === true ? "dead_yes" : answer.dead === false ? "dead_no" : "dead_unknown"
            box.replaceChildren(el("p", {class: "verdict", "data-dead": String(answer.dead), dir: "auto", text: ctx.t(verdict)}),
                explanationList(answer.explanations))
            for (const color of ["white", "black"]) {
                if (answer.witness && answer.witness[color])
                    box.append(witnessStepper(color, answer.witness[color]))
            }
        } catch (error) {
            box.replaceChildren()
            ctx.fail(error)
        }
    }

    // A witness line the student can step through on the board, one ply at a time.
    function witnessStepper(color, moves) {
        const label = el("span", {dir: "ltr"})
        const show = async at => {
            witness = {color, moves, at}
            label.textContent = moves.slice(0, at).join(" ")
            const position = await ctx.client.analyze({...game, moves: [...game.moves, ...moves.slice(0, at)]})
            await ctx.board.show(position.fen)
            ctx.describeBoard(position.fen, position.turn)
        }
        return el("div", {class: "witness", "data-color": color},
            el("p", {dir: "auto", text: ctx.t("witness") + " (" + ctx.t(color) + ")"}),
            el("div", {class: "row"},
                el("button", {type: "button", text: ctx.t("step_back"), onclick: () => witness && witness.at > 0 && show(witness.at - 1)}),
                el("button", {type: "button", text: ctx.t("step_forward"),
                    onclick: () => show(Math.min(moves.length, witness && witness.color === color ? witness.at + 1 : 1))})),
            label)
    }

    function renderTouched() {
        $("touched").textContent = touched.length ? touched.join(" ") : ctx.t("touch_none")
        $("touch").replaceChildren()
    }

    async function askTouch() {
        if (!touched.length)
            return
        try {
            const answer = await ctx.client.touch(game, touched)
            $("touch").replaceChildren(explanationList(answer.explanations),
                el("p", {dir: "ltr", class: "touch-moves"}, answer.moves.map(m => m.san).join(" ")))
            ctx.board.mark(answer.explanations)
            ctx.board.markSquares([...new Set(answer.moves.map(m => m.uci.slice(2, 4)))])
        } catch (error) {
            ctx.fail(error)
        }
    }

    let wired = false
    function wire() {
        if (wired)
            return
        wired = true
        $("set-fen").addEventListener("click", () => $("fen-input").value.trim() && setPosition($("fen-input").value.trim(), "standard"))
        $("set-start").addEventListener("click", () => setPosition("startpos", "standard"))
        $("set-960").addEventListener("click", async () => {
            try {
                const start = await ctx.client.chess960($("c960-input").value)
                await setPosition(start.fen, "chess960")
            } catch (error) {
                ctx.fail(error)
            }
        })
        $("ask-dead").addEventListener("click", askDead)
        $("touch-mode").addEventListener("change", () => {
            ctx.board.touchMode = $("touch-mode").checked
        })
        $("touch-ask").addEventListener("click", askTouch)
        $("touch-clear").addEventListener("click", () => {
            touched = []
            renderTouched()
            ctx.board.clearMarks()
        })
    }

    return {
        activate() {
            wire()
            ctx.moveHandler = tryMove
            ctx.squareHandler = square => {
                touched.push(square)
                renderTouched()
            }
            ctx.board.touchMode = $("touch-mode").checked
            renderTouched()
            refresh()
        },
        undo() {
            if (game.moves.length) {
                game.moves.pop()
                ctx.feedback.replaceChildren()
                refresh()
            }
        },
        game,
    }
}
