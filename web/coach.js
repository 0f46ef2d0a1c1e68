// Coach preview: paste or open a lesson file, see the checker's errors with their line
// numbers, and play the lesson's steps before installing it. The server runs the script in the
// same sandbox and budgets as installed lessons, and only when started with --lesson-preview.
import {el} from "./ui.js"
import {renderStep} from "./step.js"

const $ = id => document.getElementById(id)

export function createCoach(ctx) {
    let source = ""

    async function check() {
        source = $("coach-source").value
        const box = $("coach-result")
        try {
            const result = await ctx.client.previewLesson(source)
            if (!result.valid) {
                box.replaceChildren(el("p", {class: "error", role: "alert", text: ctx.t("errors", result.errors.length)}),
                    el("ul", {class: "lesson-errors"}, result.errors.map(e => el("li", {"data-line": e.line ?? "", dir: "auto"},
                        e.line ? el("strong", {text: ctx.t("line", e.line) + ": "}) : null, e.message))))
                return
            }
            const lesson = result.lesson
            const stepBox = el("div", {id: "coach-step"})
            box.replaceChildren(el("p", {class: "ok", text: ctx.t("coach_ok")}), el("h3", {dir: "auto", text: lesson.title}), stepBox)
            const show = n => renderStep(ctx, stepBox, {
                step: lesson.steps[n - 1], total: lesson.steps.length,
                answer: text => ctx.client.previewAnswer(source, n, text),
                onNext: show,
            })
            show(1)
        } catch (error) {
            if (error.status === 404)
                box.replaceChildren(el("p", {class: "error", text: ctx.t("coach_off")}))
            else
                ctx.fail(error)
        }
    }

    let wired = false
    return {
        activate() {
            if (!wired) {
                wired = true
                $("coach-check").addEventListener("click", check)
                $("coach-file").addEventListener("change", async event => {
                    const file = event.target.files[0]
                    if (file)
                        $("coach-source").value = await file.text()
                })
            }
        },
    }
}
