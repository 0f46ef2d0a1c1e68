// Coach preview: paste or open a lesson file, see the checker's errors and warnings apart, each
// with its line (and step) — a click puts the caret on that line of the editor, which numbers
// its lines — then play the lesson's steps before installing it. The server runs the script in
// the same sandbox and budgets as installed lessons, and only when started with --lesson-preview.
// A language switch checks the file again, so the results read in the new language.
import {el, errorText, reveal} from "./ui.js"
import {renderStep} from "./step.js"

const $ = id => document.getElementById(id)

export function createCoach(ctx) {
    let source = ""
    let checked = false

    function numberLines() {
        const count = Math.max(1, $("coach-source").value.split("\n").length)
        $("coach-lines").textContent = Array.from({length: count}, (_, i) => String(i + 1)).join("\n")
        $("coach-lines").scrollTop = $("coach-source").scrollTop
    }

    // Puts the caret at the start of a line of the editor and scrolls it into view.
    function goToLine(n) {
        const area = $("coach-source")
        const lines = area.value.split("\n")
        const at = lines.slice(0, Math.max(0, n - 1)).reduce((sum, l) => sum + l.length + 1, 0)
        area.focus()
        area.setSelectionRange(at, at + (lines[n - 1] || "").length)
        const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18
        area.scrollTop = Math.max(0, (n - 3) * lineHeight)
        numberLines()
    }

    function problemItem(e) {
        const where = e.line && e.step ? ctx.t("line_step", e.line, e.step) : e.line ? ctx.t("line", e.line) : e.step ? ctx.t("step_only", e.step) : null
        return el("li", {"data-line": e.line ?? "", "data-level": e.level || "error"},
            where && e.line ? el("button", {type: "button", class: "link goto", "aria-label": ctx.t("go_to_line", e.line),
                onclick: () => goToLine(e.line)}, where) : where ? el("strong", {}, where) : null,
            where ? " " : null, el("span", {class: "level", text: ctx.t(e.level === "warning" ? "level_warning" : "level_error")}), " ",
            el("span", {class: "message", dir: "ltr", text: e.message}))
    }

    async function check() {
        source = $("coach-source").value
        const box = $("coach-result")
        box.replaceChildren(el("p", {class: "note", text: ctx.t("coach_checking")}))
        ctx.clearFeedback()
        let result
        try {
            result = await ctx.client.previewLesson(source)
        } catch (error) {
            checked = false
            if (error.status === 404)
                box.replaceChildren(el("p", {class: "error", text: ctx.t("coach_off")}))
            else if (error.status === 413)
                box.replaceChildren(el("p", {class: "error", role: "alert", "data-code": error.code,
                    text: ctx.t("coach_too_large", Math.floor((error.error.limit || 65536) / 1024))}))
            else
                box.replaceChildren(el("p", {class: "error", role: "alert", "data-code": error.code || "offline", text: errorText(ctx.lang, error)}))
            if (error.status === undefined || error.status === 503)
                ctx.fail(error, check)
            return
        }
        checked = true
        const errors = result.errors.filter(e => e.level !== "warning")
        const warnings = result.errors.filter(e => e.level === "warning")
        const parts = []
        if (!result.valid)
            parts.push(el("p", {class: "error", role: "alert", text: ctx.t("errors", errors.length)}),
                el("ul", {class: "lesson-errors"}, errors.map(problemItem)))
        else
            parts.push(el("p", {class: "ok", text: warnings.length ? ctx.t("coach_ok_warnings", warnings.length) : ctx.t("coach_ok")}))
        if (warnings.length)
            parts.push(el("p", {class: "warning-title", text: ctx.t("warnings", warnings.length)}),
                el("ul", {class: "lesson-warnings"}, warnings.map(problemItem)))
        if (!result.valid) {
            box.replaceChildren(...parts)
            reveal(box.firstChild)
            return
        }
        const lesson = result.lesson
        const stepBox = el("div", {id: "coach-step"})
        const historyBox = el("div", {id: "coach-history"})
        box.replaceChildren(...parts, el("h3", {text: lesson.title}), stepBox, historyBox)
        const show = (n, focus = false) => renderStep(ctx, stepBox, {
            step: lesson.steps[n - 1], total: lesson.steps.length, focus, historyBox, variant: lesson.variant,
            answer: text => ctx.client.previewAnswer(source, n, text),
            onNext: next => show(next, true),
        })
        show(1)
    }

    let wired = false
    return {
        activate() {
            ctx.controls({moves: false})
            if (wired)
                return
            wired = true
            $("coach-check").addEventListener("click", check)
            $("coach-source").addEventListener("input", numberLines)
            $("coach-source").addEventListener("scroll", () => { $("coach-lines").scrollTop = $("coach-source").scrollTop })
            $("coach-file").addEventListener("change", async event => {
                const file = event.target.files[0]
                if (file) {
                    $("coach-source").value = await file.text()
                    numberLines()
                }
            })
            numberLines()
        },
        async relang() {
            ctx.controls({moves: false})
            if (checked)
                await check()
        },
    }
}
