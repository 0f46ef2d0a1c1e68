// Puzzles mode: pick a puzzle, read its prompt, answer as its kind needs. Mate puzzles are played
// on the board move by move (the solver accepts any move that still forces mate and answers with
// the defence); scripted puzzles take a move on the board (or typed), a line, a choice or a
// number, and the engine's judgement comes back with its reasons.
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
        const prompt = puzzle.prompt || ctx.t("mate_in", puzzle.n)
        const parts = [el("p", {class: "prompt", dir: "auto", text: prompt})]
        if (puzzle.kind !== "mate")
            parts.push(controls())
        for (const hint of puzzle.hints || [])
            parts.push(el("details", {class: "hint"}, el("summary", {text: ctx.t("hint")}), el("p", {dir: "auto", text: hint})))
        parts.push(el("p", {class: "source", dir: "auto", text: puzzle.source}))
        $("puzzle").replaceChildren(...parts)
        ctx.moveHandler = puzzle.answer_type === "choice" || puzzle.answer_type === "number" || puzzle.kind === "retro"
            ? null : play
    }

    // The answer box of a scripted puzzle: its choices, or a text field (a number, a move, a line).
    function controls() {
        const box = el("div", {class: "answer-controls"})
        if (puzzle.answer_type === "choice") {
            for (const choice of puzzle.choices || [])
                box.append(el("button", {type: "button", "data-choice": choice.id, dir: "ltr",
                    text: choice.id + ") " + choice.text, onclick: () => submit(choice.id)}))
            return box
        }
        const input = el("input", {id: "puzzle-answer", dir: "ltr", inputmode: puzzle.answer_type === "number" ? "numeric" : "text",
            "aria-label": ctx.t(puzzle.answer_type === "line" ? "puzzle_line" : "answer")})
        box.append(el("form", {class: "row", onsubmit: event => { event.preventDefault(); submit(input.value) }},
            input, el("button", {type: "submit", text: ctx.t("send")})))
        return box
    }

    async function showLine() {
        const at = {fen: puzzle.fen, variant: puzzle.variant, moves: line}
        const position = line.length ? await ctx.client.analyze(at) : {fen: puzzle.fen, turn: puzzle.turn}
        await ctx.board.show(position.fen)
        ctx.describeBoard(position.fen, position.turn)
    }

    function verdict(result) {
        ctx.explain(result.explanations, {kind: result.correct ? "right" : "wrong",
            headline: result.feedback && result.correct ? result.feedback : ctx.t(result.correct ? "correct" : "wrong")})
        ctx.feedback.firstChild.dataset.correct = String(result.correct)
    }

    async function submit(answer) {
        try {
            verdict(await ctx.client.answerPuzzle(puzzle.id, answer))
        } catch (error) {
            ctx.fail(error)
        }
    }

    // A move on the board: a mate puzzle's next attacker move; a helpmate's next move of the line
    // (judged when the line is whole); another kind's one answer.
    async function play(move) {
        try {
            if (puzzle.kind === "helpmate") {
                line.push(move)
                await showLine()
                if (line.length === 2 * puzzle.n)
                    verdict(await ctx.client.answerPuzzle(puzzle.id, line))
                return
            }
            if (puzzle.kind !== "mate")
                return submit(move)
            const result = await ctx.client.answerPuzzle(puzzle.id, [...line, move])
            verdict(result)
            if (result.correct) {
                line.push(move)
                if (result.reply)
                    line.push(result.reply.uci || result.reply.san || result.reply)
                await showLine()
            }
        } catch (error) {
            if (puzzle.kind === "helpmate")
                line.pop()
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
