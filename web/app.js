// The playground's entry point: one board, one move box, one "why" area, and six modes that take
// turns driving them. The "why" area moves into the active mode's slot, so an explanation is
// shown where the student looks (beside the board on a laptop, under it on a phone). The
// language switch re-renders everything in en, fa or ar — the explanation on screen included —
// and fa and ar lay the page out right to left while the board stays left to right.
import {ArbiterClient} from "./arbiter-client.js"
import {Board} from "./board.js"
import {LANGS, joinGroups, t} from "./i18n.js"
import {el, errorView, explanationList, isOffline, reveal, ruleTag} from "./ui.js"
import {foldTyped, readBoard} from "./notation.js"
import {createConnection} from "./connection.js"
import {createPlay} from "./play.js"
import {createEditor} from "./editor.js"
import {createLessons} from "./lessons.js"
import {createQuiz} from "./quiz.js"
import {createPuzzles} from "./puzzles.js"
import {createCoach} from "./coach.js"
import {createGames} from "./games.js"

const $ = id => document.getElementById(id)

// Settings kept in the browser: the legal-move dots, per kind of mode (on in Play, off where
// they would give the answer away).
const settings = {
    get(key, fallback) {
        try {
            const value = localStorage.getItem("arbiter." + key)
            return value === null ? fallback : JSON.parse(value)
        } catch (e) {
            return fallback
        }
    },
    set(key, value) {
        try {
            localStorage.setItem("arbiter." + key, JSON.stringify(value))
        } catch (e) { /* private mode: the setting lasts for the page only */ }
    },
}

const ctx = {
    lang: "en",
    client: new ArbiterClient(),
    feedback: $("feedback"),
    settings,
    moveHandler: null,
    squareHandler: null,
    rerender: null, // the current explanation, asked again in a new language
    t: (key, ...args) => t(ctx.lang, key, ...args),

    // The "why" area: a headline, notes, explanations (each sentence once), actions; the board
    // marks the explanations' squares unless marks is false.
    explain(explanations, {headline = null, headlineRule = null, kind = "info", notes = [], actions = [], marks = true, correct = undefined} = {}) {
        const parts = []
        if (headline)
            parts.push(el("p", {class: "headline " + kind, "data-correct": correct === undefined ? null : String(correct)},
                headline, headlineRule ? " " : null, ruleTag(ctx.lang, headlineRule)))
        for (const note of notes)
            if (note)
                parts.push(typeof note === "string" ? el("p", {class: "note", text: note}) : note)
        const list = explanationList(ctx.lang, explanations, {skip: [headline, ...notes.filter(n => typeof n === "string")]})
        if (list.children.length)
            parts.push(list)
        if (actions.length)
            parts.push(el("div", {class: "row actions"}, actions))
        ctx.feedback.replaceChildren(...parts)
        $("feedback-panel").hidden = false
        if (marks)
            ctx.board.mark(explanations || [])
        reveal($("feedback-panel"))
    },
    // A failure: the error's text once, where the student looks; a server that does not answer
    // is announced at the top and the page retries by itself (retry, when given, runs then): the
    // explanation area then says that the answer is on its way, not the banner's sentence again.
    fail(error, retry = null) {
        const away = isOffline(error) || (error && error.status === 503)
        if (away)
            connection.down(retry, !isOffline(error))
        ctx.feedback.replaceChildren(away && retry ? el("p", {class: "waiting", "data-code": "waiting", text: ctx.t("waiting_server")})
            : errorView(ctx.lang, error))
        $("feedback-panel").hidden = false
        ctx.board.restore()
        ctx.board.clearMarks()
        reveal($("feedback-panel"))
    },
    clearFeedback() {
        ctx.feedback.replaceChildren()
        ctx.rerender = null
        const hint = modes[current] && modes[current].hint ? modes[current].hint() : null
        if (hint)
            ctx.feedback.append(el("p", {class: "hint", text: hint}))
        $("feedback-panel").hidden = !hint
    },
    // The board's name says whose move it is; the full description is read on demand only.
    describeBoard(fen, turn) {
        ctx.boardFen = fen
        ctx.boardTurn = turn || (fen && fen.split(" ")[1] === "b" ? "black" : "white")
        $("board").setAttribute("aria-label", ctx.t(ctx.boardTurn === "black" ? "board_black_to_move" : "board_white_to_move"))
        $("board").dataset.fen = fen
        $("board-description").hidden = true
    },
    // Which controls the mode needs under the board: the move box, take back, the dots setting.
    controls({moves = false, undo = false, dots = null}) {
        $("move-form").hidden = !moves
        $("undo").hidden = !undo
        $("dots-setting").hidden = dots === null
        if (dots !== null) {
            $("dots").checked = settings.get("dots." + dots, dots === "play")
            $("dots").dataset.scope = dots
        }
        ctx.board.setDots(dots !== null && $("dots").checked)
    },
}

ctx.board = new Board($("board"), {
    onMove: move => ctx.moveHandler && ctx.moveHandler(move),
    onSquareClick: square => ctx.squareHandler && ctx.squareHandler(square),
    t: (key, ...args) => ctx.t(key, ...args),
})

const connection = createConnection(ctx, $("connection"))

const modes = {
    play: createPlay(ctx),
    editor: createEditor(ctx),
    lessons: createLessons(ctx),
    quiz: createQuiz(ctx),
    puzzles: createPuzzles(ctx),
    games: createGames(ctx),
    coach: createCoach(ctx),
}
ctx.modes = modes
let current = null

function selectMode(name, options = {}) {
    if (current && modes[current].deactivate)
        modes[current].deactivate()
    current = name
    for (const tab of document.querySelectorAll("[role=tab]")) {
        const selected = tab.dataset.mode === name
        tab.setAttribute("aria-selected", selected ? "true" : "false")
        tab.tabIndex = selected ? 0 : -1
    }
    for (const key of Object.keys(modes))
        $("mode-" + key).hidden = key !== name
    const slot = $("mode-" + name).querySelector(".feedback-slot")
    if (slot)
        slot.append($("feedback-panel"))
    $("feedback-panel").classList.toggle("in-mode", Boolean(slot))
    connection.forget()
    ctx.moveHandler = null
    ctx.squareHandler = null
    ctx.board.touchMode = false
    ctx.board.editor = null
    ctx.board.inputEnabled = true
    ctx.board.setLegalMoves(null)
    ctx.board.clearMarks()
    ctx.clearFeedback()
    if (!slot)
        $("feedback-panel").hidden = true
    history.replaceState(null, "", "#" + name + (ctx.lang !== "en" ? "/" + ctx.lang : ""))
    // data-ready names the mode once it has shown what it asked the server for (tests wait on it).
    delete document.documentElement.dataset.ready
    Promise.resolve(modes[name].activate(options)).catch(() => {}).finally(() => {
        if (current === name)
            document.documentElement.dataset.ready = name
    })
}
ctx.selectMode = selectMode

function applyLanguage(lang) {
    ctx.lang = LANGS[lang] ? lang : "en"
    ctx.client.lang = ctx.lang
    document.documentElement.lang = ctx.lang
    document.documentElement.dir = LANGS[ctx.lang].dir
    document.title = ctx.t("title")
    for (const node of document.querySelectorAll("[data-t]"))
        node.textContent = ctx.t(node.dataset.t)
    for (const node of document.querySelectorAll("[data-t-label]"))
        node.setAttribute("aria-label", ctx.t(node.dataset.tLabel))
    for (const node of document.querySelectorAll("[data-t-placeholder]"))
        node.setAttribute("placeholder", ctx.t(node.dataset.tPlaceholder))
    $("lang").value = ctx.lang
    if (ctx.boardFen)
        ctx.describeBoard(ctx.boardFen, ctx.boardTurn)
    connection.relang()
}

$("lang").addEventListener("change", async () => {
    applyLanguage($("lang").value)
    history.replaceState(null, "", "#" + current + (ctx.lang !== "en" ? "/" + ctx.lang : ""))
    // The mode asks the server again in the new language and shows the same things: the
    // position, the step, the question — and the explanation that was on screen.
    const again = ctx.rerender
    if (modes[current].relang)
        await modes[current].relang()
    else
        selectMode(current)
    if (again)
        again()
})

$("modes").addEventListener("click", event => {
    const tab = event.target.closest("[role=tab]")
    if (tab)
        selectMode(tab.dataset.mode)
})
// Arrow keys move between tabs (the WAI-ARIA tabs pattern), mirrored right to left.
$("modes").addEventListener("keydown", event => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key))
        return
    const tabs = [...document.querySelectorAll("[role=tab]")]
    const rtl = document.documentElement.dir === "rtl"
    const at = tabs.findIndex(tab => tab.dataset.mode === current)
    const next = event.key === "Home" ? tabs[0] : event.key === "End" ? tabs[tabs.length - 1]
        : tabs[(at + ((event.key === "ArrowRight") !== rtl ? 1 : -1) + tabs.length) % tabs.length]
    event.preventDefault()
    next.focus()
    selectMode(next.dataset.mode)
})

$("move-form").addEventListener("submit", event => {
    event.preventDefault()
    const text = foldTyped($("move-input").value)
    if (text && ctx.moveHandler) {
        ctx.moveHandler(text)
        $("move-input").value = ""
    }
})
$("flip").addEventListener("click", () => ctx.board.flip())
$("undo").addEventListener("click", () => modes[current].undo && modes[current].undo())
$("dots").addEventListener("change", () => {
    settings.set("dots." + $("dots").dataset.scope, $("dots").checked)
    ctx.board.setDots($("dots").checked)
})
// The board read out on request: every piece by colour, then whose move it is.
$("describe").addEventListener("click", () => {
    const box = $("board-description")
    box.textContent = describe(ctx.board.fen(), ctx.boardTurn)
    box.hidden = false
})

function describe(fen, turn) {
    const pieces = {w: {}, b: {}}
    for (const [square, letter] of readBoard(fen) || []) {
        const color = letter === letter.toUpperCase() ? "w" : "b"
        const kind = letter.toUpperCase();
        (pieces[color][kind] = pieces[color][kind] || []).push(square)
    }
    const side = color => {
        const order = (a, b) => a.localeCompare(b) // by file, then rank: a2, b2, … e4, … h2
        const parts = ["K", "Q", "R", "B", "N", "P"].filter(k => pieces[color][k])
            .map(k => ctx.t("pieces_" + k, pieces[color][k].sort(order).map(sq => "\u2066" + sq + "\u2069")))
        return parts.length ? joinGroups(ctx.lang, parts) : ctx.t("description_none")
    }
    return ctx.t("description", side("w"), side("b"), ctx.t(turn === "black" ? "turn_black" : "turn_white"))
}

// The address keeps the mode and language: #play, #lessons/fa, ...
const [mode, lang] = location.hash.slice(1).split("/")
applyLanguage(lang || (navigator.language || "en").slice(0, 2))
selectMode(modes[mode] ? mode : "play")
window.arbiterPlayground = ctx // for the browser tests and the curious
