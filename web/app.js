// The playground's entry point: one board, one move box, one "why" area, and five modes that
// take turns driving them. The language switch re-renders everything in en, fa or ar; fa and ar
// lay the page out right to left while the board stays left to right (file a on the left).
import {ArbiterClient} from "./arbiter-client.js"
import {Board} from "./board.js"
import {LANGS, t} from "./i18n.js"
import {explanationList, showError, el} from "./ui.js"
import {createPlay} from "./play.js"
import {createLessons} from "./lessons.js"
import {createQuiz} from "./quiz.js"
import {createPuzzles} from "./puzzles.js"
import {createCoach} from "./coach.js"

const $ = id => document.getElementById(id)

const ctx = {
    lang: "en",
    client: new ArbiterClient(),
    feedback: $("feedback"),
    moveHandler: null,
    squareHandler: null,
    t: (key, ...args) => t(ctx.lang, key, ...args),
    // The "why" area: a heading line (optional) and the explanations.
    explain(explanations, {headline = null, kind = "info"} = {}) {
        ctx.feedback.replaceChildren()
        if (headline)
            ctx.feedback.append(el("p", {class: "headline " + kind, dir: "auto", text: headline}))
        ctx.feedback.append(explanationList(explanations))
        ctx.board.mark(explanations)
    },
    fail(error) {
        showError(ctx.feedback, ctx.lang, error)
        ctx.board.clearMarks()
    },
    describeBoard(fen, turn) {
        $("board-text").textContent = ctx.t("board_text", turn ? ctx.t(turn === "white" ? "turn_white" : "turn_black") : "", fen)
        $("board").setAttribute("aria-label", ctx.t("board_label") + ": " + fen)
    },
}

ctx.board = new Board($("board"), {
    onMove: uci => ctx.moveHandler && ctx.moveHandler(uci),
    onSquareClick: square => ctx.squareHandler && ctx.squareHandler(square),
})

const modes = {
    play: createPlay(ctx),
    lessons: createLessons(ctx),
    quiz: createQuiz(ctx),
    puzzles: createPuzzles(ctx),
    coach: createCoach(ctx),
}
let current = null

function selectMode(name) {
    current = name
    for (const tab of document.querySelectorAll("[role=tab]")) {
        const selected = tab.dataset.mode === name
        tab.setAttribute("aria-selected", selected ? "true" : "false")
        tab.tabIndex = selected ? 0 : -1
    }
    for (const key of Object.keys(modes))
        $("mode-" + key).hidden = key !== name
    ctx.moveHandler = null
    ctx.squareHandler = null
    ctx.board.touchMode = false
    ctx.feedback.replaceChildren()
    ctx.board.clearMarks()
    history.replaceState(null, "", "#" + name + (ctx.lang !== "en" ? "/" + ctx.lang : ""))
    modes[name].activate()
}

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
    $("lang").value = ctx.lang
}

$("lang").addEventListener("change", () => {
    applyLanguage($("lang").value)
    selectMode(current)
})

$("modes").addEventListener("click", event => {
    const tab = event.target.closest("[role=tab]")
    if (tab)
        selectMode(tab.dataset.mode)
})
// Arrow keys move between tabs (the WAI-ARIA tabs pattern).
$("modes").addEventListener("keydown", event => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight")
        return
    const tabs = [...document.querySelectorAll("[role=tab]")]
    const rtl = document.documentElement.dir === "rtl"
    const step = (event.key === "ArrowRight") !== rtl ? 1 : -1
    const next = tabs[(tabs.findIndex(tab => tab.dataset.mode === current) + step + tabs.length) % tabs.length]
    next.focus()
    selectMode(next.dataset.mode)
})

$("move-form").addEventListener("submit", event => {
    event.preventDefault()
    const text = $("move-input").value.trim()
    if (text && ctx.moveHandler) {
        ctx.moveHandler(text)
        $("move-input").value = ""
    }
})
$("flip").addEventListener("click", () => ctx.board.flip())
$("undo").addEventListener("click", () => modes[current].undo && modes[current].undo())

// The address keeps the mode and language: #play, #lessons/fa, ...
const [mode, lang] = location.hash.slice(1).split("/")
applyLanguage(lang || (navigator.language || "en").slice(0, 2))
selectMode(modes[mode] ? mode : "play")
window.arbiterPlayground = ctx // for the browser tests and the curious
