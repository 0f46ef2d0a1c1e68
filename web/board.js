// The board: cm-chessboard with markers and arrows. It shows one position at a time with what
// belongs to that position only — the last move, the king in check, a lesson's diagram, the
// squares an explanation names — and clears all of them whenever the position changes. Moves
// made on it (drag or two clicks) go to one callback; the board never judges a move itself:
// the server does, and says why. It also offers the legal-move dots (a setting) and a promotion
// chooser that works from the keyboard.
import {Chessboard, COLOR, FEN, INPUT_EVENT_TYPE} from "./vendor/cm-chessboard/src/Chessboard.js"
import {Markers, MARKER_TYPE} from "./vendor/cm-chessboard/src/extensions/markers/Markers.js"
import {Arrows, ARROW_TYPE} from "./vendor/cm-chessboard/src/extensions/arrows/Arrows.js"
import {el} from "./ui.js"

// How the squares of each kind of explanation are drawn: which square is the subject, which
// piece acts on it, and the line between them (a pin, a check, an attack).
const LINE_CODES = new Set(["pinned", "leaves_king_in_check", "check", "castling_through_attack",
    "castling_into_attack", "castling_attack_uncovered", "castling_in_check"])
const LAST_MOVE = {class: "marker-last-move", slice: "markerSquare"}
const CHECK = {class: "marker-check", slice: "markerCircleFilled"}
const DOT = MARKER_TYPE.dot
const RING = MARKER_TYPE.bevel

export class Board {
    // onMove({uci, from, to, piece, captured}); onSquareClick(square); onEdit(event) in the editor;
    // t(key, ...args) for the promotion chooser's labels.
    constructor(element, {onMove, onSquareClick, t}) {
        this.element = element
        this.onMove = onMove
        this.onSquareClick = onSquareClick
        this.t = t
        this.touchMode = false
        this.editor = null        // the position editor's handlers while it drives the board
        this.inputEnabled = true
        this.dots = false
        this.legal = null         // Map uci -> san of the position shown, or null when unknown
        this.layers = {lastMove: null, check: null, diagram: null, explanations: []}
        this.board = new Chessboard(element, {
            position: FEN.start,
            assetsUrl: "/web/vendor/cm-chessboard/assets/",
            style: {cssClass: "default", showCoordinates: true, animationDuration: 160},
            extensions: [{class: Markers, props: {autoMarkers: MARKER_TYPE.frame}}, {class: Arrows}],
        })
        // The name and the description are the container's (role=img); the drawing is not read.
        this.board.view.svg.setAttribute("aria-hidden", "true")
        this.board.enableMoveInput(event => this.input(event))
        // Clicks for touch-move and the editor: cm-chessboard's squares carry data-square.
        element.addEventListener("click", event => {
            const square = event.target.closest("[data-square]")
            if (!square)
                return
            if (this.editor)
                this.editor.click(square.getAttribute("data-square"))
            else if (this.touchMode)
                this.onSquareClick(square.getAttribute("data-square"))
        })
        this.promotion = this.promotionChooser()
        element.after(this.promotion)
    }

    input(event) {
        if (this.editor)
            return this.editorInput(event)
        if (this.touchMode || !this.inputEnabled)
            return false
        if (event.type === INPUT_EVENT_TYPE.moveInputStarted) {
            this.showDots(event.squareFrom)
            return true
        }
        if (event.type === INPUT_EVENT_TYPE.moveInputCanceled) {
            this.showDots(null)
            return true
        }
        if (event.type !== INPUT_EVENT_TYPE.validateMoveInput)
            return true
        this.showDots(null)
        const {squareFrom: from, squareTo: to, piece} = event
        const captured = this.board.getPiece(to) || null
        const promotes = piece && piece[1] === "p" && (to[1] === "8" || to[1] === "1")
        if (promotes && this.legal && this.legal.has(from + to + "q")) {
            this.choosePromotion(piece[0], choice => choice && this.onMove({uci: from + to + choice, from, to, piece, captured, promotion: choice}))
            return false
        }
        this.onMove({uci: from + to, from, to, piece, captured})
        // A move the server has listed as legal stays where it was dropped (the answer then
        // completes it: a castling rook, an en passant capture); any other goes back at once.
        return Boolean(this.legal && this.legal.has(from + to) && !promotes)
    }

    // The position editor moves pieces freely: a drag moves, a drop off the board removes.
    editorInput(event) {
        if (event.type === INPUT_EVENT_TYPE.moveInputStarted)
            return true
        if (event.type === INPUT_EVENT_TYPE.moveInputCanceled) {
            if (event.reason === "movedOutOfBoard" && event.squareFrom)
                this.editor.remove(event.squareFrom)
            return true
        }
        if (event.type === INPUT_EVENT_TYPE.validateMoveInput) {
            this.editor.move(event.squareFrom, event.squareTo)
            return false // the editor redraws the position it keeps
        }
        return true
    }

    // The legal moves of the position shown: [{uci, san}], or null when the board does not know.
    setLegalMoves(moves) {
        this.legal = moves ? new Map(moves.map(m => [m.uci, m.san])) : null
    }

    sanOf(uci) {
        return this.legal ? this.legal.get(uci) || null : null
    }

    setDots(on) {
        this.dots = on
    }

    showDots(from) {
        this.board.removeMarkers(DOT)
        this.board.removeMarkers(RING)
        if (!from || !this.dots || !this.legal)
            return
        for (const uci of this.legal.keys()) {
            if (uci.slice(0, 2) !== from || (uci.length === 5 && uci[4] !== "q"))
                continue
            this.board.addMarker(this.board.getPiece(uci.slice(2, 4)) ? RING : DOT, uci.slice(2, 4))
        }
    }

    // A new position: everything drawn for the previous one goes; the last move and a king in
    // check are drawn for this one. orientation: "white" | "black" | undefined (unchanged).
    async show(fen, {lastMove = null, check = null, orientation = undefined, animate = true} = {}) {
        this.shown = fen
        this.layers = {lastMove, check, diagram: null, explanations: []}
        this.closePromotion()
        if (orientation && orientation !== this.board.getOrientation())
            await this.board.setOrientation(orientation === "white" ? COLOR.white : COLOR.black)
        this.redraw()
        await this.board.setPosition(fen, animate)
    }

    // The position last shown again, as it was (a piece dropped for a move that got no answer).
    restore() {
        if (this.shown)
            this.board.setPosition(this.shown, false)
    }

    fen() {
        return this.board.getPosition()
    }

    pieceAt(square) {
        return this.board.getPiece(square) || null
    }

    flip() {
        this.board.setOrientation(this.board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white)
    }

    // Marks of an explanation, on the position shown; they replace the previous explanation's.
    mark(explanations) {
        this.layers.explanations = explanations || []
        this.redraw()
    }

    clearMarks() {
        this.layers.explanations = []
        this.layers.diagram = null
        this.redraw()
    }

    // A lesson's diagram: its squares framed, its arrows drawn (teach{} steps and any step).
    showDiagram(diagram) {
        this.layers.diagram = diagram || null
        this.redraw()
    }

    markSquares(squares) {
        this.layers.explanations = [...this.layers.explanations, {code: "squares", squares: [], extra: squares}]
        this.redraw()
    }

    redraw() {
        this.board.removeMarkers()
        this.board.removeArrows()
        const {lastMove, check, diagram, explanations} = this.layers
        if (lastMove)
            for (const square of [lastMove.from, lastMove.to])
                this.board.addMarker(LAST_MOVE, square)
        if (check)
            this.board.addMarker(CHECK, check)
        if (diagram) {
            for (const square of diagram.squares || [])
                this.board.addMarker(MARKER_TYPE.frame, square)
            for (const [from, to] of diagram.arrows || [])
                this.board.addArrow(ARROW_TYPE.info, from, to)
        }
        // The first square of each explanation is its subject (framed), the others the pieces
        // and squares it names (circled); a pin or check gets a line from the attacker to the king.
        const seen = new Set()
        const add = (type, square) => {
            if (!seen.has(type.class + square)) {
                seen.add(type.class + square)
                this.board.addMarker(type, square)
            }
        }
        for (const e of explanations) {
            const squares = e.squares || []
            squares.forEach((square, i) => add(i === 0 ? MARKER_TYPE.framePrimary : MARKER_TYPE.circleDanger, square))
            for (const square of e.extra || [])
                add(MARKER_TYPE.circlePrimary, square)
            if (LINE_CODES.has(e.code) && squares.length >= 2) {
                const [from, to] = e.code === "pinned" && squares.length >= 3 ? [squares[1], squares[2]]
                    : e.code === "check" ? [squares[1], squares[0]] : [squares[squares.length - 1], squares[0]]
                if (from !== to)
                    this.board.addArrow(ARROW_TYPE.danger, from, to)
            }
        }
        this.element.dataset.highlight = [...new Set(explanations.flatMap(e => [...(e.squares || []), ...(e.extra || [])]))].join(" ")
        this.element.dataset.lastMove = lastMove ? lastMove.from + lastMove.to : ""
        this.element.dataset.check = check || ""
    }

    // The promotion chooser: four buttons over the board, reachable with Tab, Escape cancels.
    promotionChooser() {
        const box = el("div", {class: "promotion", role: "dialog", "aria-labelledby": "promotion-title", hidden: true})
        box.addEventListener("keydown", event => {
            if (event.key === "Escape")
                this.closePromotion(null)
        })
        return box
    }

    choosePromotion(color, done) {
        const title = el("p", {id: "promotion-title", text: this.t("promote_to")})
        const buttons = ["q", "r", "b", "n"].map(p => el("button", {type: "button", "data-piece": p,
            "aria-label": this.t("promote_" + p.toUpperCase()), onclick: () => this.closePromotion(p)},
        pieceIcon(color + p), el("span", {text: this.t("promote_" + p.toUpperCase())})))
        const cancel = el("button", {type: "button", class: "cancel", text: this.t("cancel"), onclick: () => this.closePromotion(null)})
        this.promotion.replaceChildren(title, el("div", {class: "choices"}, buttons), cancel)
        this.promotionDone = done
        this.promotion.hidden = false
        buttons[0].focus()
    }

    closePromotion(choice = undefined) {
        if (this.promotion.hidden)
            return
        this.promotion.hidden = true
        const done = this.promotionDone
        this.promotionDone = null
        if (done && choice !== undefined)
            done(choice)
    }
}

// A piece drawn from the board's own sprite (cm-chessboard puts it in the page once).
export function pieceIcon(piece) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg")
    svg.setAttribute("viewBox", "0 0 40 40")
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("class", "piece-icon")
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use")
    use.setAttribute("href", "#" + piece)
    svg.append(use)
    return svg
}
