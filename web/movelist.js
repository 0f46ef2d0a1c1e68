// A move list: the moves in SAN, in numbered pairs ("1. e4 e5 2. Nf3", "1… d5" when Black
// starts), one grid row per move number so nothing overprints at any length, each move a button
// that shows its position, and buttons to step to the start, back, forward and to the end. Play
// uses it for the game, the quiz and the lessons for the moves a question depends on.
// Events can be marked on a move (mark(ply, {kind, text})) for annotated games later. Move
// numbers are written in Latin digits with their moves in every language, as the texts do.
import {el} from "./ui.js"
import {plyInfo, startOf} from "./notation.js"

// container: where the list goes; onSelect(ply): the student asked for the position after ply
// moves (0 = the start).
export function createMoveList(ctx, container, {onSelect, label = null}) {
    let sans = []
    let start = startOf("startpos")
    let cursor = 0
    const marks = new Map() // ply -> [{kind, text}]

    const button = (key, symbol, go) => el("button", {type: "button", class: "nav", "data-nav": key,
        "aria-label": ctx.t("nav_" + key), title: ctx.t("nav_" + key), text: symbol, onclick: () => select(go())})

    function select(ply) {
        ply = Math.max(0, Math.min(sans.length, ply))
        if (ply === cursor && ply !== sans.length)
            return
        cursor = ply
        render()
        onSelect(ply)
    }

    function render() {
        const rtl = document.documentElement.dir === "rtl"
        // The arrows point the way the moves are read: in right-to-left pages "back" points right.
        const nav = el("div", {class: "row moves-nav"},
            button("first", rtl ? "⏭" : "⏮", () => 0), button("back", rtl ? "▶" : "◀", () => cursor - 1),
            button("forward", rtl ? "◀" : "▶", () => cursor + 1), button("last", rtl ? "⏮" : "⏭", () => sans.length))
        if (!sans.length) {
            container.replaceChildren(el("p", {class: "none", text: ctx.t("no_moves")}))
            return
        }
        const list = el("ol", {class: "move-list", "aria-label": label || ctx.t("moves_so_far")})
        let row = null
        sans.forEach((san, i) => {
            const {number, black} = plyInfo(start, i)
            if (!row || !black) {
                row = el("li", {class: "move-pair", "data-number": number},
                    el("span", {class: "number", dir: "ltr", text: String(number) + (black ? "…" : ".")}))
                list.append(row)
                if (black)
                    row.append(el("span", {class: "move empty"}))
            }
            const ply = i + 1
            const item = el("button", {type: "button", class: "move", "data-ply": ply, dir: "ltr",
                "aria-current": ply === cursor ? "true" : null, onclick: () => select(ply)}, san)
            for (const m of marks.get(ply) || [])
                item.append(el("span", {class: "event", "data-kind": m.kind, title: m.text, text: m.symbol || ""}))
            row.append(item)
        })
        container.replaceChildren(list, nav)
        const currentMove = list.querySelector("[aria-current=true]")
        if (currentMove)
            list.scrollTop = Math.max(0, currentMove.offsetTop - list.offsetTop - list.clientHeight / 2)
    }

    return {
        // The record: its start FEN, the SAN moves, and the ply shown (default: the last).
        set(fen, moves, at = moves.length) {
            start = startOf(fen)
            sans = [...moves]
            cursor = at
            marks.clear()
            render()
        },
        get cursor() {
            return cursor
        },
        get length() {
            return sans.length
        },
        // The move that led to position ply ("2… Ng8"), as the catalog writes it.
        ref(ply) {
            if (ply < 1 || ply > sans.length)
                return null
            const {number, black} = plyInfo(start, ply - 1)
            return ctx.t(black ? "move_ref_black" : "move_ref_white", number, sans[ply - 1])
        },
        // The same for a move not in the list (a move written down for a claim).
        refOf(ply, san) {
            const {number, black} = plyInfo(start, ply - 1)
            return ctx.t(black ? "move_ref_black" : "move_ref_white", number, san)
        },
        mark(ply, event) {
            marks.set(ply, [...(marks.get(ply) || []), event])
            render()
        },
        render,
        select,
    }
}
