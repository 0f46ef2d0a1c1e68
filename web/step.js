// One lesson step on the page (bundled lessons and the coach's preview alike): its position on
// the board, the prompt, hints, and the answer controls its kind needs. answer(text) is the
// caller's: it sends the answer and gets back {correct, feedback, next}.
import {el} from "./ui.js"

export function renderStep(ctx, container, {step, total, answer, onNext}) {
    ctx.board.show(step.fen)
    ctx.describeBoard(step.fen)
    ctx.board.showDiagram(step.diagram)
    ctx.feedback.replaceChildren()
    const send = async text => {
        try {
            const result = await answer(text)
            const feedback = result.feedback || {}
            ctx.explain(feedback.explanations || [], {
                headline: feedback.text || ctx.t(result.correct ? "correct" : "wrong"),
                kind: result.correct ? "right" : "wrong",
            })
            ctx.feedback.firstChild.dataset.correct = String(result.correct)
            if (result.correct)
                ctx.feedback.append(result.next
                    ? el("button", {type: "button", class: "next", text: ctx.t("next_step"), onclick: () => onNext(result.next)})
                    : el("p", {class: "done", text: ctx.t("lesson_done")}))
        } catch (error) {
            ctx.fail(error)
        }
    }
    ctx.moveHandler = step.kind === "move" ? send : null
    // A teaching step asks nothing: reading it and going on is the answer.
    const next = step.kind === "text"
        ? el("button", {type: "button", class: "next", "data-choice": "continue", text: ctx.t("next_step"), onclick: () => send("")})
        : null

    const controls = el("div", {class: "answer-controls"})
    if (step.kind === "choice") {
        for (const choice of step.choices)
            controls.append(el("button", {type: "button", "data-choice": choice.id, dir: "auto", text: choice.text, onclick: () => send(choice.id)}))
    } else if (step.kind === "true_false") {
        controls.append(el("button", {type: "button", "data-choice": "true", text: ctx.t("true_"), onclick: () => send("true")}),
            el("button", {type: "button", "data-choice": "false", text: ctx.t("false_"), onclick: () => send("false")}))
    } else if (step.kind === "which_squares") {
        const input = el("input", {id: "squares-input", dir: "ltr", "aria-label": ctx.t("squares_answer"), placeholder: ctx.t("squares_answer")})
        controls.append(el("form", {class: "row", onsubmit: event => { event.preventDefault(); send(input.value) }},
            input, el("button", {type: "submit", text: ctx.t("send")})))
    }
    const hints = step.hints && step.hints.length
        ? el("details", {class: "hints"}, el("summary", {text: ctx.t("hints")}), ...step.hints.map(h => el("p", {dir: "auto", text: h})))
        : null
    container.replaceChildren(...[
        el("p", {class: "step-number", text: ctx.t("step_of", step.n, total)}),
        el("p", {class: "prompt", dir: "auto", text: step.prompt}),
        step.kind !== "text" && step.text ? el("p", {class: "teaching", dir: "auto", text: step.text}) : null,
        controls, next, hints].filter(Boolean))
}
