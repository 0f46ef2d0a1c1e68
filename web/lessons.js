// Lessons mode: pick a bundled lesson and play it step by step with the coach's feedback.
import {el} from "./ui.js"
import {renderStep} from "./step.js"

const $ = id => document.getElementById(id)

export function createLessons(ctx) {
    let lesson = null

    async function open(id, n = 1) {
        try {
            lesson = await ctx.client.lesson(id)
        } catch (error) {
            ctx.fail(error)
            return
        }
        showStep(n)
    }

    function showStep(n) {
        const step = lesson.steps[n - 1]
        renderStep(ctx, $("lesson-step"), {
            step, total: lesson.steps.length,
            answer: text => ctx.client.answerStep(lesson.id, step.n, text),
            onNext: next => showStep(next),
        })
    }

    async function activate() {
        const select = $("lesson-select")
        const chosen = select.value
        try {
            const list = await ctx.client.lessons()
            select.replaceChildren(...list.map(l => el("option", {value: l.id, text: l.title})))
        } catch (error) {
            ctx.fail(error)
            return
        }
        if (chosen)
            select.value = chosen
        if (!select.onchange)
            select.onchange = () => open(select.value)
        if (select.value)
            open(select.value)
    }

    return {activate}
}
