// Small DOM helpers shared by the modes: elements, explanation lists, error display. Texts are
// set with textContent only (never innerHTML), so nothing a server or a lesson says is markup.
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
        if (child !== null && child !== undefined)
            node.append(child)
    return node
}

// A list of explanation objects as the student reads them: the text, then its FIDE article.
export function explanationList(explanations) {
    const list = el("ul", {class: "explanations"})
    for (const e of explanations || []) {
        list.append(el("li", {"data-code": e.code, dir: "auto"},
            el("span", {class: "text", text: e.text}),
            e.rule ? el("span", {class: "rule", dir: "ltr", text: e.rule}) : null))
    }
    return list
}

// Shows an API error (ArbiterError) or any failure in a container.
export function showError(container, lang, error) {
    container.replaceChildren(el("p", {class: "error", role: "alert", dir: "auto"},
        el("strong", {text: t(lang, "error") + ": "}), error.message || String(error)))
    if (error.error && error.error.explanation)
        container.append(explanationList([error.error.explanation]))
    else if (error.error && error.error.reasons)
        container.append(explanationList(error.error.reasons))
}

// A move or square as a left-to-right island inside right-to-left text.
export function ltr(text) {
    return el("bdi", {dir: "ltr", text})
}
