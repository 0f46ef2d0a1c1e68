// The board: cm-chessboard with markers and arrows, showing a FEN and the squares an
// explanation names. Moves made on it (drag or two clicks) go to one callback as UCI text; the
// board never judges a move itself: the server does, and says why.
import {Chessboard, COLOR, FEN, INPUT_EVENT_TYPE} from "./vendor/cm-chessboard/src/Chessboard.js"
import {Markers, MARKER_TYPE} from "./vendor/cm-chessboard/src/extensions/markers/Markers.js"
import {Arrows, ARROW_TYPE} from "./vendor/cm-chessboard/src/extensions/arrows/Arrows.js"
import {PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE} from "./vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"

// How the squares of each kind of explanation are drawn: which square is the subject, which
// piece acts on it, and the line between them (a pin, a check, an attack).
const LINE_CODES = new Set(["pinned", "leaves_king_in_check", "check", "castling_through_attack",
    "castling_into_attack", "castling_attack_uncovered", "castling_in_check"])

export class Board {
    constructor(element, {onMove, onSquareClick}) {
        this.element = element
        this.onMove = onMove
        this.onSquareClick = onSquareClick
        this.touchMode = false
        this.board = new Chessboard(element, {
            position: FEN.start,
            assetsUrl: "/web/vendor/cm-chessboard/assets/",
            style: {cssClass: "default", showCoordinates: true, animationDuration: 200},
            extensions: [{class: Markers, props: {autoMarkers: MARKER_TYPE.frame}}, {class: Arrows}, {class: PromotionDialog}],
        })
        this.board.enableMoveInput(event => this.input(event))
        // Clicks for touch-move: cm-chessboard's squares carry data-square.
        element.addEventListener("click", event => {
            if (!this.touchMode)
                return
            const square = event.target.closest("[data-square]")
            if (square)
                this.onSquareClick(square.getAttribute("data-square"))
        })
    }

    input(event) {
        if (this.touchMode)
            return false
        if (event.type === INPUT_EVENT_TYPE.moveInputStarted)
            return true
        if (event.type !== INPUT_EVENT_TYPE.validateMoveInput)
            return true
        const {squareFrom, squareTo, piece} = event
        const promotes = piece && piece[1] === "p" && (squareTo[1] === "8" || squareTo[1] === "1")
        if (promotes && this.legalUci && this.legalUci.has(squareFrom + squareTo + "q")) {
            this.board.showPromotionDialog(squareTo, piece[0] === "w" ? COLOR.white : COLOR.black, result => {
                if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected)
                    this.onMove(squareFrom + squareTo + result.piece[1])
            })
        } else {
            this.onMove(squareFrom + squareTo)
        }
        return false // the server's answer moves the pieces
    }

    // The legal moves of the position shown (UCI), to ask for a promotion piece only when one is legal.
    setLegalMoves(ucis) {
        this.legalUci = new Set(ucis)
    }

    async show(fen, orientationWhite = undefined) {
        if (orientationWhite !== undefined)
            this.board.setOrientation(orientationWhite ? COLOR.white : COLOR.black)
        await this.board.setPosition(fen, true)
    }

    flip() {
        this.board.setOrientation(this.board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white)
    }

    clearMarks() {
        this.board.removeMarkers()
        this.board.removeArrows()
        this.element.dataset.highlight = ""
    }

    // Draws the squares of explanations: the first square of each is its subject (framed), the
    // others the pieces and squares it names (circled); a pin or check gets a line from the
    // attacker to the king.
    mark(explanations) {
        this.clearMarks()
        const seen = new Set()
        for (const e of explanations) {
            const squares = e.squares || []
            squares.forEach((square, i) => {
                const type = i === 0 ? MARKER_TYPE.framePrimary : MARKER_TYPE.circleDanger
                if (!seen.has(type.class + square)) {
                    this.board.addMarker(type, square)
                    seen.add(type.class + square)
                }
            })
            if (LINE_CODES.has(e.code) && squares.length >= 2) {
                const [from, to] = e.code === "pinned" && squares.length >= 3 ? [squares[1], squares[2]]
                    : e.code === "check" ? [squares[1], squares[0]] : [squares[squares.length - 1], squares[0]]
                if (from !== to)
                    this.board.addArrow(ARROW_TYPE.danger, from, to)
            }
        }
        this.element.dataset.highlight = [...new Set(explanations.flatMap(e => e.squares || []))].join(" ")
    }

    // A lesson's diagram: its squares framed, its arrows drawn (teach{} steps and any step).
    showDiagram(diagram) {
        this.clearMarks()
        if (!diagram)
            return
        this.markSquares(diagram.squares || [], MARKER_TYPE.frame)
        for (const [from, to] of diagram.arrows || [])
            this.board.addArrow(ARROW_TYPE.info, from, to)
    }

    markSquares(squares, type = MARKER_TYPE.circlePrimary) {
        for (const square of squares)
            this.board.addMarker(type, square)
    }
}
