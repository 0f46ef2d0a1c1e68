// Puzzles mode: pick a mate puzzle and play the attacker's moves on the board; the solver
// accepts any move that still forces mate and answers with the defence.
import {el} from "./ui.js"

const $ = id => document.getElementById(id)

export function createPuzzles(ctx) {
    let puzzle = null
    let line = []

    async function open(id) {
        try {
            puzzle = await ctx.client.puzzle(id)
        } catch (error) {
            ctx.fail(error)
            return
        }
        line = []
        await showLine()
        ctx.feedback.replaceChildren()
        $("puzzle").replaceChildren(el("p", {class: "prompt", dir: "auto", text: ctx.t("mate_in", puzzle.n)}),
            el("p", {class: "source", dir: "auto", text: puzzle.source}))
    }

    async function showLine() {
        const position = line.length ? await ctx.client.analyze({fen: puzzle.fen, moves: line}) : {fen: puzzle.fen, turn: puzzle.turn}
        await ctx.board.show(position.fen)
        ctx.describeBoard(position.fen, position.turn)
    }

    async function play(move) {
        try {
            const result = await ctx.client.answerPuzzle(puzzle.id, [...line, move])
            ctx.explain(result.explanations, {kind: result.correct ? "right" : "wrong",
                headline: ctx.t(result.correct ? "correct" : "wrong")})
            ctx.feedback.firstChild.dataset.correct = String(result.correct)
            if (result.correct) {
                line.push(move)
                if (result.reply)
                    line.push(result.reply.uci || result.reply.san || result.reply)
                await showLine()
            }
        } catch (error) {
            ctx.fail(error)
        }
    }

    async function activate() {
        const select = $("puzzle-select")
        const chosen = select.value
        try {
            const list = (await ctx.client.puzzles()).puzzles
            select.replaceChildren(...list.map(p => el("option", {value: p.id, text: p.id})))
        } catch (error) {
            ctx.fail(error)
            return
        }
        if (chosen)
            select.value = chosen
        select.onchange = () => open(select.value)
        ctx.moveHandler = play
        if (select.value)
            open(select.value)
    }

    return {activate}
}
