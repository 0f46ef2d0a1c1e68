// Small DOM helpers shared by the modes: elements, explanation lists, error texts. Texts are set
// with textContent only (never innerHTML), so nothing a server or a lesson says is markup. Every
// block of text takes its direction from the page's language (never dir="auto", which lays a
// Persian sentence out left to right when it starts with a move); moves and squares inside it
// are left-to-right isolates.
import {t} from "./i18n.js"

export function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag)
    for (const [key, value] of Object.entries(attrs)) {
        if (value === undefined || value === null || value === false)
            continue
        if (key === "text")
            node.textContent = value
        else if (key.startsWith("on"))
            node.addEventListener(key.slice(2), value)
        else
            node.setAttribute(key, value === true ? "" : value)
    }
    for (const child of children.flat())
        if (child !== null && child !== undefined && child !== false)
            node.append(child)
    return node
}

// The FIDE article of an explanation, as a short tag in the page's language ("FIDE 3.9",
// «فیده ۳٫۹», «الفيدي 3.9») with the full name as its title.
export function ruleTag(lang, rule) {
    if (!rule)
        return null
    const article = /^FIDE\s+(.+)$/.exec(rule)
    if (!article)
        return el("span", {class: "rule", dir: "ltr", text: rule})
    return el("span", {class: "rule", title: t(lang, "rule_title", article[1]), text: t(lang, "rule", article[1])})
}

// A list of explanation objects as the student reads them: the text, then its FIDE article.
// skip: texts already shown (a headline), so no sentence appears twice.
export function explanationList(lang, explanations, {skip = []} = {}) {
    const list = el("ul", {class: "explanations"})
    const shown = new Set(skip.map(normalise))
    for (const e of explanations || []) {
        if (shown.has(normalise(e.text)))
            continue
        shown.add(normalise(e.text))
        list.append(el("li", {"data-code": e.code}, el("span", {class: "text", text: e.text}), " ", ruleTag(lang, e.rule)))
    }
    return list
}

// Two texts are the same sentence when they differ only in spaces and isolates.
export function normalise(text) {
    return String(text || "").replace(/[\u2066-\u2069\u200e\u200f]/g, "").replace(/\s+/g, " ").trim()
}

// What a failure says to the student: an API error's own text (in the page's language, from the
// server), or the page's words for a server that does not answer. Never "Failed to fetch".
export function errorText(lang, error) {
    if (isOffline(error))
        return t(lang, "offline")
    if (error && error.status === 503)
        return t(lang, "busy")
    return (error && error.message) || String(error)
}

// fetch() rejects with a TypeError when nothing answers (server stopped, network down).
export function isOffline(error) {
    return error instanceof TypeError || (error && error.name === "TypeError")
}

// The error as a block: its text once, then the reasons that add something.
export function errorView(lang, error) {
    const message = errorText(lang, error)
    const details = error && error.error ? (error.error.reasons || (error.error.explanation ? [error.error.explanation] : [])) : []
    return el("div", {class: "error-view", "data-code": error && error.code ? error.code : "offline"},
        el("p", {class: "error", role: "alert", text: message}),
        details.length ? explanationList(lang, details, {skip: [message]}) : null)
}

// A move or square as a left-to-right island inside right-to-left text.
export function ltr(text) {
    return el("bdi", {dir: "ltr", text})
}

// Move choices ("Qb7#", "O-O") read left to right whatever the page; sentences take the page's.
const MOVE_TEXT = /^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[QRBN])?|O-O(?:-O)?|[a-h][1-8][a-h][1-8][qrbn]?)[+#]?[!?]*$/
export function isMoveText(text) {
    return MOVE_TEXT.test(String(text).trim())
}

// Brings a block into view when it is not (a phone, a long panel): the student sees the answer
// without scrolling. Nothing moves when it is already visible.
export function reveal(node) {
    if (!node || !node.getBoundingClientRect)
        return
    const box = node.getBoundingClientRect()
    const height = window.innerHeight || document.documentElement.clientHeight
    if (box.top >= 0 && box.bottom <= height)
        return
    node.scrollIntoView({block: box.height > height ? "start" : "nearest"})
}
