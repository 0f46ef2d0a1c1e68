// Puzzles mode: the puzzles grouped by kind (mate in 1, 2, 3, helpmates, the only legal move…),
// each with a translated title, its prompt and hints; the source (which often gives the
// solution) only once it is solved. Mate puzzles are played move by move (any move that still
// forces mate is accepted, the defence is played back); a helpmate's line is built move by move,
// each move checked, and judged when whole; the other kinds take a move, a choice or a number. A
// wrong answer can be tried again ("Start again" resets the board); a choice or a number gets
// one more try before the answer is told.
import {el, isMoveText} from "./ui.js"
import {createProgress} from "./progress.js"
import {peekButton} from "./step.js"
import {kingSquare} from "./notation.js"

const $ = id => document.getElementById(id)
const KIND_ORDER = ["mate", "helpmate", "only-move", "illegal", "stalemate", "retro", "count", "chess960"]

export function createPuzzles(ctx) {
    const progress = createProgress()
    let list = []
    let puzzle = null
    let line = []     // SAN moves played from the puzzle's position (mate, helpmate)
    let lastUci = null
    let tries = 0
    let solved = false

    // "Mate in 2, No. 4": the group's name and the puzzle's place in it.
    const groupOf = p => p.kind === "mate" ? "mate-" + p.n : p.kind
    const groupLabel = group => group.startsWith("mate-") ? ctx.t("kind_mate", Number(group.slice(5))) : ctx.t("kind_" + group.replace("-", "_"))
    function titleOf(p) {
        const group = groupOf(p)
        const number = list.filter(q => groupOf(q) === group).indexOf(p) + 1
        return ctx.t("puzzle_number", groupLabel(group), number)
    }

    function fillSelect() {
        const select = $("puzzle-select")
        const chosen = select.value
        const groups = [...new Set(list.map(groupOf))].sort((a, b) =>
            KIND_ORDER.indexOf(a.replace(/-\d+$/, "")) - KIND_ORDER.indexOf(b.replace(/-\d+$/, "")) || a.localeCompare(b))
        select.replaceChildren(...groups.map(group => el("optgroup", {label: groupLabel(group), "data-group": group},
            list.filter(p => groupOf(p) === group).map(p => el("option", {value: p.id, "data-solved": String(progress.solved(p.id)),
                text: progress.solved(p.id) ? ctx.t("puzzle_option_solved", titleOf(p)) : titleOf(p)})))))
        if (chosen && list.some(p => p.id === chosen))
            select.value = chosen
    }

    async function open(id) {
        puzzle = list.find(p => p.id === id)
        if (!puzzle)
            return
        line = []
        lastUci = null
        tries = 0
        solved = false
        await showLine()
        ctx.clearFeedback()
        const type = puzzle.answer_type
        const parts = [el("p", {class: "prompt", tabindex: "-1", text: puzzle.prompt || ctx.t("kind_mate", puzzle.n)})]
        if (type === "choice" || type === "number" || puzzle.kind === "retro")
            parts.push(controls())
        for (const hint of puzzle.hints || [])
            parts.push(el("details", {class: "hint"}, el("summary", {text: ctx.t("hint")}), el("p", {text: hint})))
        parts.push(el("p", {class: "line-so-far note", "aria-live": "polite"}))
        parts.push(el("div", {class: "row"}, el("button", {type: "button", class: "reset", text: ctx.t("puzzle_reset"), onclick: () => open(puzzle.id)})))
        parts.push(el("p", {class: "source note", hidden: true}))
        $("puzzle").replaceChildren(...parts)
        $("puzzle").dataset.id = puzzle.id
        const moves = !(type === "choice" || type === "number" || puzzle.kind === "retro")
        ctx.controls({moves: moves || puzzle.kind === "retro", dots: moves ? "exercises" : null})
        ctx.moveHandler = moves ? play : puzzle.kind === "retro" ? submit : null
    }

    // The answer box of a scripted puzzle: its choices, or a text field (a number, a retro move).
    function controls() {
        const box = el("div", {class: "answer-controls"})
        if (puzzle.answer_type === "choice") {
            for (const choice of puzzle.choices || [])
                box.append(el("button", {type: "button", "data-choice": choice.id, dir: isMoveText(choice.text) ? "ltr" : null,
                    text: choice.text, onclick: () => submit(choice.id)}))
            return box
        }
        if (puzzle.kind === "retro")
            return box // the move box under the board takes the last move
        const input = el("input", {id: "puzzle-answer", dir: "ltr", inputmode: "numeric", "aria-label": ctx.t("answer")})
        box.append(el("form", {class: "row", onsubmit: event => { event.preventDefault(); submit(input.value) }},
            input, el("button", {type: "submit", text: ctx.t("send")})))
        return box
    }

    async function showLine() {
        const at = {fen: puzzle.fen, variant: puzzle.variant, moves: line}
        const position = line.length ? await ctx.client.analyze(at) : await ctx.client.analyze({fen: puzzle.fen, variant: puzzle.variant})
        const turn = puzzle.turn
        await ctx.board.show(position.fen, {orientation: turn, lastMove: lastUci ? {from: lastUci.slice(0, 2), to: lastUci.slice(2, 4)} : null,
            check: position.check ? kingSquare(position.fen) : null})
        ctx.board.setLegalMoves(position.legal_moves)
        ctx.describeBoard(position.fen, position.turn)
        return position
    }

    function markSolved() {
        solved = true
        progress.solve(puzzle.id)
        fillSelect()
        const source = $("puzzle").querySelector(".source")
        // The source comes in the page's language, its moves already isolated by the server.
        source.textContent = ctx.t("puzzle_source", puzzle.source)
        source.hidden = false
    }

    // A judgement: right (and solved, or correct so far), or wrong — then what is wrong with the
    // student's own answer; the answer itself only after a second wrong choice or number.
    function verdict(result, {played = null, position = null} = {}) {
        tries += result.correct ? 0 : 1
        if (result.solved)
            markSolved()
        let explanations = result.explanations || []
        const guess = puzzle.answer_type === "choice" || puzzle.answer_type === "number"
        if (!result.correct && guess && tries < 2)
            explanations = puzzle.answer_type === "choice" ? explanations.slice(0, 1) : []
        const headline = result.correct ? (result.feedback || ctx.t(result.solved ? "puzzle_solved" : "correct"))
            : guess && tries < 2 ? ctx.t("quiz_retry") : (result.feedback || ctx.t("wrong"))
        const actions = []
        if (!result.correct && played && played.legal)
            actions.push(peekButton(ctx, position, played, explanations))
        ctx.explain(explanations, {headline, kind: result.correct ? "right" : "wrong", correct: result.correct, actions,
            notes: result.reply ? [ctx.t("puzzle_reply", result.reply.san || result.reply)] : [],
            marks: !(played && played.legal && !result.correct)})
    }

    async function submit(answer) {
        if (solved)
            return
        const text = typeof answer === "object" ? answer.uci : answer
        try {
            const result = await ctx.client.answerPuzzle(puzzle.id, text)
            if (puzzle.answer_type === "choice" && !result.correct) {
                const chosen = $("puzzle").querySelector(`[data-choice="${CSS.escape(text)}"]`)
                if (chosen)
                    chosen.disabled = true
            }
            verdict(result)
        } catch (error) {
            ctx.fail(error, () => submit(answer))
        }
    }

    // A move on the board or in the move box: a mate puzzle's next attacker move; a helpmate's
    // next move of the line (each move checked at once, the line judged when whole); another
    // kind's one answer.
    async function play(move) {
        if (solved)
            return
        const text = typeof move === "object" ? move.uci : move
        const position = {fen: puzzle.fen, variant: puzzle.variant, moves: line}
        try {
            if (puzzle.kind === "helpmate")
                return await helpmateMove(text, position)
            if (puzzle.kind !== "mate") {
                const [result, played] = await Promise.all([ctx.client.answerPuzzle(puzzle.id, text),
                    ctx.client.move(position, text).catch(() => null)])
                if (result.correct && played && played.legal) {
                    line = [played.san]
                    lastUci = played.uci
                }
                await showLine() // the right move played, or the puzzle's position again
                verdict(result, {played, position})
                return
            }
            const played = await ctx.client.move(position, text)
            if (!played.legal) {
                ctx.explain(played.reasons || [], {headline: ctx.t("illegal_move", text), kind: "wrong"})
                return
            }
            const result = await ctx.client.answerPuzzle(puzzle.id, [...line, played.san])
            if (!result.correct)
                await showLine()
            if (result.correct) {
                line.push(played.san)
                lastUci = played.uci
                if (result.reply) {
                    const reply = await ctx.client.move({...position, moves: line}, result.reply.uci || result.reply.san || result.reply)
                    line.push(reply.san)
                    lastUci = reply.uci
                }
                await showLine()
                lineNote()
            }
            verdict(result, {played, position})
        } catch (error) {
            ctx.fail(error, () => play(move))
        }
    }

    async function helpmateMove(text, position) {
        if (line.length >= 2 * puzzle.n)
            return
        const played = await ctx.client.move(position, text)
        if (!played.legal) {
            ctx.explain(played.reasons || [], {headline: ctx.t("illegal_move", text), kind: "wrong"})
            return
        }
        line.push(played.san)
        lastUci = played.uci
        await showLine()
        lineNote()
        if (line.length < 2 * puzzle.n) {
            ctx.clearFeedback()
            return
        }
        const result = await ctx.client.answerPuzzle(puzzle.id, line)
        verdict(result)
        if (!result.correct)
            $("puzzle").querySelector("button.reset").focus()
    }

    function lineNote() {
        const total = puzzle.kind === "helpmate" ? 2 * puzzle.n : line.length
        $("puzzle").querySelector(".line-so-far").textContent = puzzle.kind === "helpmate"
            ? ctx.t("helpmate_line", line.join(" "), line.length, total) : ""
    }

    async function activate() {
        ctx.controls({moves: false})
        const select = $("puzzle-select")
        try {
            list = (await ctx.client.puzzles()).puzzles
        } catch (error) {
            ctx.fail(error, activate)
            return
        }
        fillSelect()
        select.onchange = () => open(select.value)
        if (select.value)
            await open(select.value)
    }

    return {activate, relang: activate}
}
