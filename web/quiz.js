// Quiz mode: choose a question type and a difficulty; "New question" brings a question not seen
// yet in this visit. A question whose answer depends on the moves played shows them (start
// position and a stepper). The student answers with a choice, a move on the board (or typed in
// the move box) or text; a first wrong answer gets one more try before the answer is shown, and a
// right move is played on the board. The seed and the question's id are under "Advanced".
import {el, isMoveText} from "./ui.js"
import {createHistory} from "./history.js"
import {peekButton} from "./step.js"

const $ = id => document.getElementById(id)
const MOVE_GENERATORS = /^mate-in-/

export function createQuiz(ctx) {
    let generators = []
    let question = null
    let history = null
    let tries = 0
    let done = false
    let next = {seed: null, index: 0}
    const seen = new Set() // generator + position + prompt of the questions asked in this visit
    // Each visit starts from its own seed, so a student coming back meets other questions.
    $("quiz-seed").value = String(1 + Math.floor(Math.random() * 999999))

    // What the answer is: the server's answer_type (choice, move, line, squares, number), else what
    // the question shows. A move and a line are answered on the board or in the move box (a line
    // as its moves in one text, "Qh5+ Kd8 Qd7#"); squares and numbers in a box of their own.
    const answerType = q => q.answer_type || (q.choices.length ? "choice" : MOVE_GENERATORS.test(q.generator) ? "move" : "text")
    const onBoard = type => type === "move" || type === "line"

    function fillDifficulties() {
        const generator = generators.find(g => g.id === $("quiz-generator").value)
        const parameter = generator && generator.parameters.find(p => p.name === "difficulty")
        const select = $("quiz-difficulty")
        const chosen = select.value
        select.replaceChildren(...(parameter ? parameter.values : []).map(v => el("option", {value: v, text: ctx.t(v)})))
        select.value = parameter && parameter.values.includes(chosen) ? chosen : parameter ? parameter.default : ""
        select.disabled = !parameter
    }

    // The next question not yet seen: the seed stays for the visit (or as the student set it
    // under "Advanced") and the index moves on; a batch of a few skips repeats.
    async function generate() {
        const seedField = Number($("quiz-seed").value)
        if (next.seed === null || seedField !== next.seed) {
            next = {seed: Number.isFinite(seedField) && seedField >= 0 ? Math.floor(seedField) : 1, index: 0}
        }
        const parameters = $("quiz-difficulty").value ? {difficulty: $("quiz-difficulty").value} : {}
        let batch
        try {
            batch = await ctx.client.quiz($("quiz-generator").value, {seed: next.seed, index: next.index, count: 6, parameters})
        } catch (error) {
            ctx.fail(error, generate)
            return
        }
        const fresh = batch.questions.find(q => !seen.has(key(q))) || batch.questions[0]
        if (!fresh)
            return
        next.index = fresh.index + 1
        seen.add(key(fresh))
        question = fresh
        show()
    }

    const key = q => q.generator + "|" + q.fen + "|" + (q.moves || []).join(" ") + "|" + q.prompt

    // Regenerates the same question in another language (its id says everything).
    async function reload() {
        const [generator, seed, index, params] = question.id.split(":")
        const parameters = Object.fromEntries((params || "").split(",").filter(Boolean).map(p => p.split("=")))
        try {
            const batch = await ctx.client.quiz(generator, {seed: Number(seed), index: Number(index), count: 1, parameters})
            question = batch.questions[0]
        } catch (error) {
            ctx.fail(error, reload)
            return
        }
        show()
    }

    async function grade(answer) {
        if (done || !question)
            return
        if (history)
            await history.toEnd()
        const text = typeof answer === "object" ? answer.uci : answer
        const type = answerType(question)
        let result, played = null
        const position = {fen: question.fen, variant: question.variant}
        try {
            // One move (not a whole line) is also played, to show it on the board.
            const single = onBoard(type) && !/\s/.test(String(text).trim())
            ;[result, played] = await Promise.all([ctx.client.answerQuiz(question.id, text),
                single ? ctx.client.move(position, text).catch(() => null) : null])
        } catch (error) {
            ctx.fail(error, () => grade(answer))
            return
        }
        tries++
        const verdictAt = result.explanations.findIndex(e => e.code === "quiz_correct" || e.code === "quiz_wrong")
        const verdict = result.explanations[verdictAt]
        if (!result.correct && tries === 1) {
            // One more try: say what is wrong with this answer, not what the right one is.
            const own = onBoard(type) ? result.explanations.filter((e, i) => i !== verdictAt) : result.explanations.slice(0, Math.max(0, verdictAt))
            const actions = played && played.legal ? [peekButton(ctx, position, played, own)] : []
            if (played && played.legal)
                await ctx.board.show(position.fen, {animate: false})
            ctx.explain(own, {headline: ctx.t("quiz_retry"), kind: "wrong", correct: false, actions, marks: !(played && played.legal)})
            const chosen = $("quiz-question").querySelector(`[data-choice="${CSS.escape(text)}"]`)
            if (chosen)
                chosen.disabled = true
            return
        }
        done = true
        for (const control of $("quiz-question").querySelectorAll(".answer-controls button, .answer-controls input"))
            control.disabled = true
        if (result.correct && played && played.legal)
            await ctx.board.show(played.fen_after, {lastMove: {from: played.uci.slice(0, 2), to: played.uci.slice(2, 4)}})
        else if (played && played.legal)
            await ctx.board.show(position.fen, {animate: false})
        const rest = result.explanations.filter((e, i) => i !== verdictAt)
        ctx.explain(rest, {headline: verdict ? verdict.text : ctx.t(result.correct ? "correct" : "wrong"),
            kind: result.correct ? "right" : "wrong", correct: result.correct,
            actions: [el("button", {type: "button", class: "primary again", text: ctx.t("new_question"), onclick: generate})]})
        ctx.rerender = null
        ctx.feedback.querySelector("button.again").focus()
    }

    function show() {
        tries = 0
        done = false
        const turn = question.fen.split(" ")[1] === "b" ? "black" : "white"
        ctx.board.show(question.fen, {orientation: turn, animate: false})
        ctx.describeBoard(question.fen, turn)
        ctx.clearFeedback()
        ctx.board.setLegalMoves(null)
        const type = answerType(question)
        ctx.controls({moves: onBoard(type), dots: onBoard(type) ? "exercises" : null})
        if (onBoard(type))
            ctx.client.analyze({fen: question.fen, variant: question.variant}).then(a => ctx.board.setLegalMoves(a.legal_moves)).catch(() => {})
        $("quiz-id").textContent = question.id
        const controls = el("div", {class: "answer-controls"})
        ctx.moveHandler = null
        if (type === "choice") {
            for (const choice of question.choices)
                controls.append(el("button", {type: "button", "data-choice": choice.id, dir: isMoveText(choice.text) ? "ltr" : null,
                    text: choice.text, onclick: () => grade(choice.id)}))
        } else if (onBoard(type)) {
            ctx.moveHandler = grade
        } else {
            // Squares are written in Latin letters in every language: the example needs no translation.
            const input = el("input", {id: "quiz-answer", dir: "ltr", "aria-label": ctx.t("answer"),
                inputmode: type === "number" ? "numeric" : null, placeholder: type === "squares" ? "c3 f6" : null})
            controls.append(el("form", {class: "row", onsubmit: event => { event.preventDefault(); grade(input.value) }},
                input, el("button", {type: "submit", text: ctx.t("send")})))
        }
        $("quiz-question").replaceChildren(el("p", {class: "prompt", tabindex: "-1", text: question.prompt}), controls)
        history = createHistory(ctx, $("quiz-history"), {start: question.start_fen, moves: question.moves, fen: question.fen,
            variant: question.variant})
    }

    async function activate() {
        ctx.controls({moves: false})
        try {
            generators = (await ctx.client.quizzes()).quizzes
        } catch (error) {
            ctx.fail(error, activate)
            return
        }
        const select = $("quiz-generator")
        const chosen = select.value
        select.replaceChildren(...generators.map(g => el("option", {value: g.id, text: g.title})))
        if (chosen)
            select.value = chosen
        fillDifficulties()
        select.onchange = () => {
            fillDifficulties()
            generate()
        }
        $("quiz-difficulty").onchange = generate
        $("quiz-new").onclick = generate
        if (question)
            await reload()
        else
            await generate()
    }

    return {activate, relang: activate}
}
