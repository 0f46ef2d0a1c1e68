// One lesson step on the page (bundled lessons and the coach's preview alike): its position on
// the board (and the moves that led there when the step depends on them), the prompt, hints,
// and the answer controls its kind needs. answer(text) is the caller's: it sends the answer and
// gets back {correct, feedback, next}. The board follows the answer: a right move is played; a
// wrong move that is legal can be shown, since its explanation speaks of the position after it.
import {el, isMoveText} from "./ui.js"
import {createHistory} from "./history.js"

// container: the step's box; historyBox: where the moves of the step's history go.
// onAnswered(n, correct, firstTry); onNext(n); onDone() after the last step; focus: move the
// focus to the new step's prompt (after "Next step").
export function renderStep(ctx, container, {step, total, answer, onNext, onAnswered = () => {}, onDone = null,
    historyBox = null, focus = false, variant = "standard"}) {
    let tries = 0
    let answered = false
    const position = {fen: step.fen, variant: step.variant || variant}
    const turn = step.fen.split(" ")[1] === "b" ? "black" : "white"
    ctx.board.show(step.fen, {orientation: step.kind === "move" ? turn : "white", animate: false})
        .then(() => ctx.board.showDiagram(step.diagram))
    ctx.describeBoard(step.fen, turn)
    ctx.board.setLegalMoves(null)
    ctx.clearFeedback()
    ctx.controls({moves: step.kind === "move", dots: step.kind === "move" ? "exercises" : null})
    const history = historyBox ? createHistory(ctx, historyBox, {start: step.start_fen, moves: step.moves, fen: step.fen, variant: position.variant}) : null
    if (step.kind === "move")
        ctx.client.analyze(position).then(a => ctx.board.setLegalMoves(a.legal_moves)).catch(() => {})

    const send = async text => {
        if (answered)
            return
        if (history)
            await history.toEnd()
        const typed = typeof text === "string" ? text : text.uci
        let result, played = null
        try {
            ;[result, played] = await Promise.all([answer(typed),
                step.kind === "move" ? ctx.client.move(position, typed).catch(() => null) : null])
        } catch (error) {
            ctx.fail(error, () => send(text))
            return
        }
        tries++
        onAnswered(step.n, result.correct, tries === 1)
        const feedback = result.feedback || {}
        const headline = feedback.text || ctx.t(result.correct ? "correct" : "wrong")
        const actions = []
        if (result.correct) {
            answered = true
            if (result.next)
                actions.push(el("button", {type: "button", class: "next primary", text: ctx.t("next_step"), onclick: () => onNext(result.next)}))
            else if (onDone)
                actions.push(...onDone())
            else
                actions.push(el("p", {class: "done", text: ctx.t("lesson_done")}))
            if (played && played.legal)
                await ctx.board.show(played.fen_after, {lastMove: {from: played.uci.slice(0, 2), to: played.uci.slice(2, 4)}})
        } else if (played && played.legal) {
            await ctx.board.show(position.fen, {animate: false}) // the move dropped on the board goes back
            actions.push(peekButton(ctx, position, played, feedback.explanations || []))
        }
        ctx.explain(feedback.explanations || [], {headline, kind: result.correct ? "right" : "wrong", correct: result.correct, actions,
            marks: !(played && played.legal && !result.correct)})
        ctx.rerender = null
        const next = ctx.feedback.querySelector("button.next")
        if (next)
            next.focus()
    }
    ctx.moveHandler = step.kind === "move" ? send : null

    const controls = el("div", {class: "answer-controls"})
    if (step.kind === "choice") {
        for (const choice of step.choices)
            controls.append(el("button", {type: "button", "data-choice": choice.id, dir: isMoveText(choice.text) ? "ltr" : null,
                text: choice.text, onclick: () => send(choice.id)}))
    } else if (step.kind === "true_false") {
        controls.append(el("button", {type: "button", "data-choice": "true", text: ctx.t("true_"), onclick: () => send("true")}),
            el("button", {type: "button", "data-choice": "false", text: ctx.t("false_"), onclick: () => send("false")}))
    } else if (step.kind === "which_squares") {
        const input = el("input", {id: "squares-input", dir: "ltr", "aria-label": ctx.t("squares_answer"), placeholder: ctx.t("squares_answer")})
        controls.append(el("form", {class: "row", onsubmit: event => { event.preventDefault(); send(input.value) }},
            input, el("button", {type: "submit", text: ctx.t("send")})))
    } else if (step.kind === "text") {
        // A teaching step asks nothing: reading it and going on is the answer.
        controls.append(el("button", {type: "button", class: "next primary", "data-choice": "continue", text: ctx.t("next_step"),
            onclick: async () => {
                try {
                    const result = await answer("")
                    onAnswered(step.n, true, true)
                    if (result.next)
                        onNext(result.next)
                    else if (onDone)
                        ctx.explain([], {headline: ctx.t("lesson_done"), kind: "right", actions: onDone()})
                } catch (error) {
                    ctx.fail(error)
                }
            }}))
    }
    const hints = step.hints && step.hints.length
        ? el("details", {class: "hints"}, el("summary", {text: ctx.t("hints")}), ...step.hints.map(h => el("p", {text: h})))
        : null
    const prompt = el("p", {class: step.kind === "text" ? "teaching" : "prompt", tabindex: "-1", text: step.prompt})
    container.replaceChildren(...[
        el("p", {class: "step-number", "data-n": step.n, text: ctx.t("step_of", step.n, total)}),
        prompt,
        step.kind !== "text" && step.text ? el("p", {class: "teaching", text: step.text}) : null,
        controls, hints].filter(Boolean))
    if (focus)
        prompt.focus()
}

// After a wrong move that is legal: its explanation describes the position after it, which the
// student can look at (with the explanation's squares marked) and leave again.
export function peekButton(ctx, position, played, explanations) {
    let after = false
    const button = el("button", {type: "button", class: "peek", "aria-pressed": "false", text: ctx.t("show_after", played.san)})
    button.addEventListener("click", async () => {
        after = !after
        button.setAttribute("aria-pressed", String(after))
        button.textContent = after ? ctx.t("show_question") : ctx.t("show_after", played.san)
        ctx.board.inputEnabled = !after
        if (after) {
            await ctx.board.show(played.fen_after, {lastMove: {from: played.uci.slice(0, 2), to: played.uci.slice(2, 4)}})
            ctx.board.mark(explanations)
        } else {
            await ctx.board.show(position.fen)
        }
    })
    return button
}
