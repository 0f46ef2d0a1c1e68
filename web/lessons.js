// Lessons mode: the bundled lessons in their four tracks (beginner, intermediate, tournament
// rules, Chess960), each played step by step with the coach's feedback. Progress is kept in the
// browser (progress.js): the list says what is finished and how far a lesson went, a lesson
// opens at its first step not yet answered right, and its end offers the next lesson.
import {el} from "./ui.js"
import {renderStep} from "./step.js"
import {createProgress} from "./progress.js"

const $ = id => document.getElementById(id)
const TRACKS = ["beginner", "intermediate", "tournament", "chess960"]

// The track of a lesson: the server's field when it has one, else its level, with the advanced
// lessons split by their chess960 tag (docs/lessons.md: b…, i…, t…, c… files).
export function trackOf(lesson) {
    if (lesson.track && TRACKS.includes(lesson.track))
        return lesson.track
    if (lesson.level === "beginner" || lesson.level === "intermediate")
        return lesson.level
    return (lesson.tags || []).includes("chess960") ? "chess960" : "tournament"
}

export function createLessons(ctx) {
    const progress = createProgress()
    let list = []
    let lesson = null
    let run = null // this playing of the lesson: {first: Set} of steps right at the first try

    function optionText(summary) {
        const entry = progress.lesson(summary.id)
        if (entry.finished)
            return ctx.t("lesson_option_finished", summary.title)
        if (entry.right.size)
            return ctx.t("lesson_option_started", summary.title, entry.right.size, summary.steps)
        return summary.title
    }

    function fillSelect() {
        const select = $("lesson-select")
        const chosen = select.value
        select.replaceChildren(...TRACKS.map(track => {
            const lessons = list.filter(l => trackOf(l) === track)
            return lessons.length ? el("optgroup", {label: ctx.t("track_" + track), "data-track": track},
                lessons.map(l => el("option", {value: l.id, "data-finished": String(progress.lesson(l.id).finished), text: optionText(l)}))) : null
        }).filter(Boolean))
        if (chosen && list.some(l => l.id === chosen))
            select.value = chosen
        summarise()
    }

    function summarise() {
        const summary = list.find(l => l.id === $("lesson-select").value)
        if (!summary) {
            $("lesson-progress").textContent = ""
            return
        }
        const track = list.filter(l => trackOf(l) === trackOf(summary))
        const done = track.filter(l => progress.lesson(l.id).finished).length
        $("lesson-progress").textContent = ctx.t("track_summary", ctx.t("track_" + trackOf(summary)), done, track.length)
    }

    async function open(id, n = null, focus = false) {
        try {
            lesson = await ctx.client.lesson(id)
        } catch (error) {
            ctx.fail(error, () => open(id, n, focus))
            return
        }
        run = {first: new Set()}
        const entry = progress.lesson(id)
        const resume = entry.finished ? 1 : (lesson.steps.find(s => !entry.right.has(s.n)) || lesson.steps[0]).n
        showStep(n || resume, focus)
    }

    function showStep(n, focus = true) {
        const step = lesson.steps[n - 1]
        $("lesson-step").dataset.lesson = lesson.id
        renderStep(ctx, $("lesson-step"), {
            step, total: lesson.steps.length, focus, variant: lesson.variant,
            historyBox: $("lesson-history"),
            answer: text => ctx.client.answerStep(lesson.id, step.n, text),
            onAnswered: (k, correct, firstTry) => {
                progress.answered(lesson.id, k, correct, firstTry)
                if (correct && firstTry)
                    run.first.add(k)
            },
            onNext: next => {
                fillSelect()
                showStep(next)
            },
            onDone: finished,
        })
    }

    // The end of a lesson: the score of this playing, and the next lesson of the track.
    function finished() {
        progress.finish(lesson.id)
        fillSelect()
        const at = list.findIndex(l => l.id === lesson.id)
        const next = list.slice(at + 1).find(l => trackOf(l) === trackOf(list[at] || lesson) && !progress.lesson(l.id).finished)
            || list.slice(at + 1).find(l => !progress.lesson(l.id).finished)
        const parts = [el("p", {class: "done", text: ctx.t("lesson_finished", run.first.size, lesson.steps.length)})]
        if (next)
            parts.push(el("button", {type: "button", class: "next-lesson primary", "data-lesson": next.id, text: ctx.t("next_lesson", next.title),
                onclick: () => {
                    $("lesson-select").value = next.id
                    summarise()
                    open(next.id, null, true)
                }}))
        else
            parts.push(el("p", {text: ctx.t("track_finished")}))
        return parts
    }

    async function activate() {
        ctx.controls({moves: false})
        const select = $("lesson-select")
        try {
            list = await ctx.client.lessons()
        } catch (error) {
            $("lesson-step").replaceChildren()
            ctx.fail(error, activate)
            return
        }
        fillSelect()
        select.onchange = () => {
            summarise()
            open(select.value, null, false)
        }
        $("progress-reset").onclick = () => {
            progress.reset()
            fillSelect()
        }
        if (select.value)
            await open(select.value, lesson && lesson.id === select.value ? lessonStepShown() : null)
    }

    // The step on screen, kept through a language switch.
    function lessonStepShown() {
        const text = $("lesson-step").querySelector(".step-number")
        const n = text ? Number(text.dataset.n) : NaN
        return Number.isFinite(n) ? n : null
    }

    return {activate, relang: activate}
}
