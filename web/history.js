// The moves a question depends on (a repetition claim, a lesson step with a history): its start
// position and a stepper through the moves, on the board. The question's own position is the
// last one; the board takes answers only there.
import {el} from "./ui.js"
import {createMoveList} from "./movelist.js"
import {kingSquare} from "./notation.js"

// start: the FEN before the moves; moves: UCI or SAN; fen: the question's position.
export function createHistory(ctx, box, {start, moves, fen, variant = "standard"}) {
    if (!box)
        return null
    if (!start || !Array.isArray(moves) || !moves.length) {
        box.replaceChildren()
        return null
    }
    let plies = null // [{fen, uci, san, check}] for positions 0..n
    const listBox = el("div", {class: "history-moves"})
    box.replaceChildren(el("section", {class: "panel history", "aria-labelledby": "history-title"},
        el("h2", {id: "history-title", text: ctx.t("history_heading")}),
        el("p", {class: "note", text: ctx.t("history_help")}), listBox))
    const list = createMoveList(ctx, listBox, {label: ctx.t("history_heading"), onSelect: ply => show(ply)})

    // Every position of the record, asked in parallel; the SAN of move i is what position i's
    // legal moves call it.
    const ready = Promise.all(Array.from({length: moves.length + 1},
        (_, i) => ctx.client.analyze({fen: start, variant, moves: moves.slice(0, i)}))).then(positions => {
        plies = positions.map((p, i) => {
            const move = i > 0 ? positions[i - 1].legal_moves.find(m => m.uci === moves[i - 1] || m.san === moves[i - 1]) : null
            return {fen: p.fen, turn: p.turn, check: p.check, uci: move ? move.uci : null, san: move ? move.san : String(moves[i - 1] || "")}
        })
        list.set(start, plies.slice(1).map(p => p.san))
    }).catch(error => ctx.fail(error))

    async function show(ply) {
        await ready
        if (!plies)
            return
        const p = plies[ply]
        ctx.board.inputEnabled = ply === plies.length - 1
        await ctx.board.show(p.fen, {lastMove: p.uci ? {from: p.uci.slice(0, 2), to: p.uci.slice(2, 4)} : null,
            check: p.check ? kingSquare(p.fen) : null})
        ctx.describeBoard(p.fen, p.turn)
    }

    return {
        // Back to the question's position (before an answer is judged there).
        async toEnd() {
            await ready
            if (plies && list.cursor !== plies.length - 1) {
                list.select(plies.length - 1)
                await show(plies.length - 1)
            }
        },
        ready,
    }
}
