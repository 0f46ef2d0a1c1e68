// The position editor: put pieces on the board and take them off (a piece or the eraser, then
// clicks; drags move pieces), choose the side to move, the castling rights and the en passant
// square, or type the FEN. Each change is checked by /v1/validate at once, and an illegal
// position is refused with every reason, its squares marked; a legal one can be played in Play.
import {el, explanationList, errorText} from "./ui.js"
import {pieceIcon} from "./board.js"
import {readBoard} from "./notation.js"

const $ = id => document.getElementById(id)
const FILES = "abcdefgh"
const PIECES = ["wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"]
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

export function createEditor(ctx) {
    let board = new Map() // square -> "wK"
    let tool = "wK"
    let valid = false
    let fen = START
    let checking = 0

    function placementFromMap() {
        const rows = []
        for (let rank = 8; rank >= 1; rank--) {
            let row = "", empty = 0
            for (const f of FILES) {
                const piece = board.get(f + rank)
                if (!piece) {
                    empty++
                    continue
                }
                if (empty)
                    row += empty
                empty = 0
                row += piece[0] === "w" ? piece[1] : piece[1].toLowerCase()
            }
            rows.push(row + (empty ? empty : ""))
        }
        return rows.join("/")
    }

    // The FEN's board read into the editor's squares; false when it is not eight ranks of eight.
    function readPlacement(placement) {
        const read = readBoard(placement)
        if (!read)
            return false
        board = new Map([...read].map(([square, ch]) => [square, (ch === ch.toUpperCase() ? "w" : "b") + ch.toUpperCase()]))
        return true
    }

    function composeFen() {
        const turn = document.querySelector("input[name=editor-turn]:checked").value
        const rights = [...document.querySelectorAll("input[name=editor-castling]:checked")].map(i => i.value).join("") || "-"
        return `${placementFromMap()} ${turn} ${rights} ${$("editor-ep").value || "-"} 0 1`
    }

    function fillEnPassant() {
        const turn = document.querySelector("input[name=editor-turn]:checked").value
        const rank = turn === "w" ? 6 : 3
        const chosen = $("editor-ep").value
        $("editor-ep").replaceChildren(el("option", {value: "", text: ctx.t("no_en_passant")}),
            ...[...FILES].map(f => el("option", {value: f + rank, dir: "ltr", text: f + rank})))
        $("editor-ep").value = chosen && chosen[1] === String(rank) ? chosen : ""
    }

    // The controls from a FEN's fields (side, castling, en passant).
    function readFields(text) {
        const [, turn = "w", rights = "-", ep = "-"] = text.trim().split(/\s+/)
        for (const radio of document.querySelectorAll("input[name=editor-turn]"))
            radio.checked = radio.value === (turn === "b" ? "b" : "w")
        for (const box of document.querySelectorAll("input[name=editor-castling]"))
            box.checked = rights.includes(box.value)
        fillEnPassant()
        $("editor-ep").value = /^[a-h][36]$/.test(ep) ? ep : ""
    }

    async function update({fromText = false} = {}) {
        fen = fromText ? $("editor-fen").value.trim() : composeFen()
        if (!fromText)
            $("editor-fen").value = fen
        await ctx.board.show(placementFromMap(), {animate: false})
        ctx.describeBoard(fen)
        const ticket = ++checking
        let answer
        try {
            answer = await ctx.client.validate(fen)
        } catch (error) {
            if (ticket === checking)
                showVerdict(null, error)
            return
        }
        if (ticket === checking)
            showVerdict(answer)
    }

    function showVerdict(answer, error = null) {
        const box = $("editor-verdict")
        valid = Boolean(answer && answer.valid)
        $("editor-play").disabled = !valid
        $("editor-fen").setAttribute("aria-invalid", valid ? "false" : "true")
        if (error) {
            box.replaceChildren(el("p", {class: "error", text: errorText(ctx.lang, error)}))
            if (error.status === undefined || error.status === 503)
                ctx.fail(error, () => update())
            return
        }
        if (valid) {
            box.replaceChildren(el("p", {class: "ok", "data-valid": "true", text: ctx.t("editor_legal")}))
            ctx.board.clearMarks()
            return
        }
        box.replaceChildren(el("p", {class: "error", "data-valid": "false", text: ctx.t("editor_illegal", answer.problems.length)}),
            explanationList(ctx.lang, answer.problems))
        ctx.board.mark(answer.problems)
    }

    function renderPalette() {
        const buttons = [...PIECES, "eraser"].map(p => el("button", {type: "button", class: "tool", "data-tool": p,
            "aria-pressed": String(p === tool), "aria-label": ctx.t(p === "eraser" ? "eraser" : "piece_" + p), title: ctx.t(p === "eraser" ? "eraser" : "piece_" + p),
            onclick: () => {
                tool = p
                renderPalette()
            }}, p === "eraser" ? el("span", {class: "eraser-icon", "aria-hidden": "true", text: "⌫"}) : pieceIcon(p.toLowerCase())))
        $("palette").replaceChildren(...buttons)
    }

    const handlers = {
        click(square) {
            if (tool === "eraser" || board.get(square) === tool)
                board.delete(square)
            else
                board.set(square, tool)
            update()
        },
        move(from, to) {
            const piece = board.get(from)
            if (!piece || from === to)
                return
            board.delete(from)
            board.set(to, piece)
            update()
        },
        remove(square) {
            board.delete(square)
            update()
        },
    }

    let wired = false
    function wire() {
        if (wired)
            return
        wired = true
        for (const input of document.querySelectorAll("input[name=editor-turn]"))
            input.addEventListener("change", () => {
                fillEnPassant()
                update()
            })
        for (const input of document.querySelectorAll("input[name=editor-castling]"))
            input.addEventListener("change", () => update())
        $("editor-ep").addEventListener("change", () => update())
        $("editor-fen").addEventListener("change", () => {
            const text = $("editor-fen").value.trim()
            if (readPlacement(text.split(/\s+/)[0] || ""))
                readFields(text)
            update({fromText: true})
        })
        $("editor-empty").addEventListener("click", () => {
            board = new Map()
            readFields("8/8/8/8/8/8/8/8 w - - 0 1")
            update()
        })
        $("editor-start").addEventListener("click", () => {
            readPlacement(START.split(" ")[0])
            readFields(START)
            update()
        })
        $("editor-play").addEventListener("click", () => valid && ctx.selectMode("play", {fen}))
    }

    return {
        activate() {
            wire()
            ctx.controls({moves: false})
            ctx.board.editor = handlers
            const from = ctx.playFen || START
            if (!board.size || from !== fen) {
                readPlacement(from.split(" ")[0])
                readFields(from)
            }
            renderPalette()
            update()
        },
        deactivate() {
            ctx.board.editor = null
        },
        relang() {
            renderPalette()
            fillEnPassant()
            return update()
        },
    }
}
