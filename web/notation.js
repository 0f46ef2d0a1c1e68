// Move notation on the page: what a student types (Persian and Arabic digits, bidi marks), the
// name of a dragged move before the server has judged it, move numbers from a FEN, and PGN text
// (read and written). No chess rule lives here: legality is always the server's answer.

// A typed move, square or answer, read as the lesson runtimes read it (lua/answer_text.c):
// Persian, Arabic-Indic and full-width digits become 0-9, bidi and joining marks go, odd spaces
// become one space.
export function foldTyped(text) {
    let out = ""
    for (const ch of String(text)) {
        const cp = ch.codePointAt(0)
        if (cp >= 0x06F0 && cp <= 0x06F9)
            out += String.fromCharCode(48 + cp - 0x06F0)
        else if (cp >= 0x0660 && cp <= 0x0669)
            out += String.fromCharCode(48 + cp - 0x0660)
        else if (cp >= 0xFF10 && cp <= 0xFF19)
            out += String.fromCharCode(48 + cp - 0xFF10)
        else if (cp === 0x0640 || cp === 0x061C || (cp >= 0x200B && cp <= 0x200F) || cp === 0xFEFF ||
                 (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
            continue
        else if (cp === 0x060C)
            out += ","
        else if (cp < 0x20 || cp === 0xA0 || (cp >= 0x2000 && cp <= 0x200A) || cp === 0x202F || cp === 0x3000)
            out += " "
        else
            out += ch
    }
    return out.replace(/\s+/g, " ").trim()
}

// The name a dragged move would have in SAN, for the headline of a move the server refuses
// ("Nd5", "exd5", "O-O", "b8=N"); a legal move is named by the server's own SAN instead.
export function dragName({from, to, piece, captured, promotion}) {
    const kind = piece ? piece[1] : "p"
    if (kind === "k" && from[1] === to[1] && (Math.abs(file(from) - file(to)) === 2 || (captured && captured[0] === piece[0] && captured[1] === "r")))
        return file(to) > file(from) ? "O-O" : "O-O-O"
    const takes = captured ? "x" : ""
    if (kind === "p")
        return (takes || from[0] !== to[0] ? from[0] + "x" : "") + to + (promotion ? "=" + promotion.toUpperCase() : "")
    return kind.toUpperCase() + takes + to
}

const file = square => square.charCodeAt(0) - 97

// Who moves first and the number of the first move, from a FEN ("startpos" is White's move 1).
export function startOf(fen) {
    if (!fen || fen === "startpos")
        return {black: false, fullmove: 1}
    const fields = fen.trim().split(/\s+/)
    const fullmove = Number.parseInt(fields[5], 10)
    return {black: fields[1] === "b", fullmove: Number.isFinite(fullmove) && fullmove > 0 ? fullmove : 1}
}

// The number and colour of ply i (0-based) of a record that starts as startOf says.
export function plyInfo(start, i) {
    const offset = i + (start.black ? 1 : 0)
    return {number: start.fullmove + Math.floor(offset / 2), black: offset % 2 === 1}
}

// The pieces of a FEN's board (its first field): a Map square -> FEN letter ("K", "p"), or null
// when the field is not eight ranks of eight squares.
export function readBoard(fen) {
    const rows = String(fen).trim().split(/\s+/)[0].split("/")
    if (rows.length !== 8)
        return null
    const board = new Map()
    for (let r = 0; r < 8; r++) {
        let f = 0
        for (const ch of rows[r]) {
            if (/[1-8]/.test(ch)) {
                f += Number(ch)
            } else if (/^[kqrbnp]$/i.test(ch) && f < 8) {
                board.set("abcdefgh"[f] + (8 - r), ch)
                f++
            } else {
                return null
            }
        }
        if (f !== 8)
            return null
    }
    return board
}

// The square of the king of the side to move (for the check mark).
export function kingSquare(fen) {
    const king = String(fen).split(/\s+/)[1] === "b" ? "k" : "K"
    for (const [square, piece] of readBoard(fen) || [])
        if (piece === king)
            return square
    return null
}

// PGN text → {tags, moves (SAN), result}. Comments ({…}, ; to the end of the line), variations
// ((…), nested), NAGs ($1), move numbers (12. and 12...) and annotation marks (!?) are left out.
// Throws Error with a short reason on text that is not a game (unclosed comment or variation).
export function parsePgn(text) {
    const tags = {}
    let body = String(text).replace(/\r\n?/g, "\n")
    body = body.replace(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm, (_, name, value) => {
        tags[name] = value.replace(/\\(.)/g, "$1")
        return ""
    })
    const moves = []
    let result = null
    let depth = 0
    const tokens = body.match(/\{[^}]*\}?|;[^\n]*|\(|\)|\$\d+|[^\s(){};]+/g) || []
    for (const token of tokens) {
        if (token[0] === "{") {
            if (!token.endsWith("}"))
                throw new Error("unclosed comment")
            continue
        }
        if (token[0] === ";" || token[0] === "$")
            continue
        if (token === "(") {
            depth++
            continue
        }
        if (token === ")") {
            if (--depth < 0)
                throw new Error("unbalanced variation")
            continue
        }
        if (depth > 0)
            continue
        if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) {
            result = token
            continue
        }
        const move = token.replace(/^\d+\.(\.\.)?|^\d+…/, "").replace(/[!?]+$/, "")
        if (move && !/^\d+\.*$/.test(move))
            moves.push(move)
    }
    if (depth > 0)
        throw new Error("unclosed variation")
    return {tags, moves, result}
}

// A game as PGN: the tags a reader needs (FEN and SetUp when it does not start from the
// standard position, Variant for Chess960), the moves numbered from the FEN, the result.
export function formatPgn({fen, variant, sans, result = "*"}) {
    const lines = ['[Event "Arbiter playground"]', `[Result "${result}"]`]
    if (variant === "chess960")
        lines.push('[Variant "Chess960"]')
    if (fen && fen !== "startpos")
        lines.push('[SetUp "1"]', `[FEN "${fen}"]`)
    const start = startOf(fen)
    const words = []
    sans.forEach((san, i) => {
        const {number, black} = plyInfo(start, i)
        if (!black)
            words.push(number + ".")
        else if (i === 0)
            words.push(number + "...")
        words.push(san)
    })
    words.push(result)
    const wrapped = []
    let line = ""
    for (const word of words) {
        if (line && line.length + word.length + 1 > 79) {
            wrapped.push(line)
            line = word
        } else {
            line = line ? line + " " + word : word
        }
    }
    wrapped.push(line)
    return lines.join("\n") + "\n\n" + wrapped.join("\n") + "\n"
}
