// Quiz mode: choose a generator, a difficulty and a seed; answer the question with a choice,
// a move on the board or typed text; the engine grades it and says why.
import {el} from "./ui.js"

const $ = id => document.getElementById(id)

export function createQuiz(ctx) {
    let generators = []
    let question = null

    function fillDifficulties() {
        const generator = generators.find(g => g.id === $("quiz-generator").value)
        const parameter = generator && generator.parameters.find(p => p.name === "difficulty")
        const select = $("quiz-difficulty")
        const chosen = select.value
        select.replaceChildren(...(parameter ? parameter.values : []).map(v => el("option", {value: v, text: ctx.t(v)})))
        select.value = parameter && parameter.values.includes(chosen) ? chosen : parameter ? parameter.default : ""
    }

    async function generate() {
        const parameters = $("quiz-difficulty").value ? {difficulty: $("quiz-difficulty").value} : {}
        try {
            const batch = await ctx.client.quiz($("quiz-generator").value, {seed: Number($("quiz-seed").value) || 0, count: 1, parameters})
            question = batch.questions[0]
        } catch (error) {
            ctx.fail(error)
            return
        }
        show()
    }

    async function grade(answer) {
        try {
            const result = await ctx.client.answerQuiz(question.id, answer)
            ctx.explain(result.explanations, {kind: result.correct ? "right" : "wrong",
                headline: ctx.t(result.correct ? "correct" : "wrong")})
            ctx.feedback.firstChild.dataset.correct = String(result.correct)
        } catch (error) {
            ctx.fail(error)
        }
    }

    function show() {
        ctx.board.show(question.fen)
        ctx.describeBoard(question.fen)
        ctx.board.clearMarks()
        ctx.feedback.replaceChildren()
        const box = $("quiz-question")
        const controls = el("div", {class: "answer-controls"})
        if (question.choices.length) {
            for (const choice of question.choices)
                controls.append(el("button", {type: "button", "data-choice": choice.id, dir: "auto", text: choice.text, onclick: () => grade(choice.id)}))
            ctx.moveHandler = null
        } else {
            const input = el("input", {id: "quiz-answer", dir: "ltr", "aria-label": ctx.t("answer")})
            controls.append(el("form", {class: "row", onsubmit: event => { event.preventDefault(); grade(input.value) }},
                input, el("button", {type: "submit", text: ctx.t("send")})))
            ctx.moveHandler = grade
        }
        box.replaceChildren(el("p", {class: "prompt", dir: "auto", text: question.prompt}),
            el("p", {class: "question-id", dir: "ltr", text: question.id}), controls)
    }

    async function activate() {
        try {
            generators = (await ctx.client.quizzes()).quizzes
        } catch (error) {
            ctx.fail(error)
            return
        }
        const select = $("quiz-generator")
        const chosen = select.value
        select.replaceChildren(...generators.map(g => el("option", {value: g.id, text: g.title})))
        if (chosen)
            select.value = chosen
        fillDifficulties()
        select.onchange = fillDifficulties
        $("quiz-new").onclick = generate
        if (question) // the same question, in the language just chosen
            generate()
    }

    return {activate}
}
