// Lessons, quizzes and puzzles in a real browser, one scenario per defect of the playground
// trial they show (D5 … D25): puzzles that keep their solution to themselves, a quiz that asks a
// new question and shows the moves it depends on, a board that follows the answer, lessons in
// tracks with progress kept in the browser.
// usage: node test_exercises.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import * as L from "./lib.mjs"
const {check} = L

const server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)
const api = async (path, body) => (await fetch(server.origin + path, body === undefined ? {} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})).json()

async function openPuzzle(id, lang = "en") {
    await L.open(page, lang === "en" ? "#puzzles" : "#puzzles/" + lang)
    await page.waitForSelector(`#puzzle-select option[value='${id}']`)
    await page.select("#puzzle-select", id)
    await L.waitFor(page, i => document.querySelector("#puzzle .prompt") && (document.querySelector("#puzzle").dataset.id === i ||
        !("id" in document.querySelector("#puzzle").dataset)), id)
    await L.sleep(300)
}

async function openLesson(id, hash = "#lessons") {
    await L.open(page, hash)
    await L.chooseLesson(page, id)
}

// The question's id: under "Advanced" (#quiz-id), or printed under the prompt before issue 21.
const questionId = () => page.$eval("#quiz-id, #quiz-question .question-id", n => n.textContent)
// The question shown is one of this generator's.
const waitQuestion = generator => L.waitFor(page, g => ((document.querySelector("#quiz-id, #quiz-question .question-id") || {}).textContent || "").startsWith(g + ":"), generator)
const visible = () => page.evaluate(() => document.body.innerText.replace(/[\u2066-\u2069]/g, ""))

await run.scenario("D5 a puzzle's source is shown only once it is solved; the defence is played back", async () => {
    await openPuzzle("m2-opera-game")
    check(!/Qb8\+|Rd8#|Paris Opera/.test(await visible()), "the solution or its source is on screen before solving")
    await L.shot(page, "puzzle-before")
    await L.feedbackAfter(page, () => L.drag(page, "b3", "b8"))
    await L.waitFor(page, () => document.querySelector("#board").dataset.lastMove === "d7b8")
    check(await L.pieceOn(page, "b8") === "#bn", "the defence Nxb8 is not on the board")
    check(/Nxb8/.test(await L.text(page, "#feedback")), "the defence is not named")
    const solved = await L.feedbackAfter(page, () => L.drag(page, "d1", "d8"))
    check(/solved|mate/i.test(solved), "the puzzle is not solved: " + solved)
    await L.waitText(page, "#puzzle .source", /Paris Opera 1858/)
    check(await page.$eval("#puzzle-select option[value='m2-opera-game']", o => o.dataset.solved) === "true", "the puzzle is not marked solved")
    await L.shot(page, "puzzle-after")
})

await run.scenario("a solved puzzle's source is in the page's language (Persian review F15, Arabic review M15)", async () => {
    for (const [lang, want] of [["fa", /مورفی در برابر دوک کارل.*۱۸۵۸/], ["ar", /مورفي ضد الدوق كارل.*1858/]]) {
        await openPuzzle("m2-opera-game", lang)
        await L.feedbackAfter(page, () => L.drag(page, "b3", "b8"))
        await L.waitFor(page, () => document.querySelector("#board").dataset.lastMove === "d7b8")
        await L.feedbackAfter(page, () => L.drag(page, "d1", "d8"))
        await L.waitText(page, "#puzzle .source", want)
        const shown = await page.$eval("#puzzle .source", n => n.textContent.replace(/\u2066[^\u2069]*\u2069/g, ""))
        check(!/[A-Za-z]{2,}/.test(shown), lang + ": English in the source: " + shown)
    }
})

await run.scenario("D5 puzzle titles are translated and grouped by kind, never raw ids", async () => {
    await openPuzzle("m1-fools-mate", "fa")
    const options = await page.$$eval("#puzzle-select option", os => os.map(o => o.textContent))
    check(options.length >= 50, "too few puzzles listed: " + options.length)
    check(options.every(o => !/[a-z]\d?-|[A-Za-z]{3,}/.test(o)), "an option shows an id or English: " + options.find(o => /[A-Za-z]{3,}/.test(o)))
    const groups = await page.$$eval("#puzzle-select optgroup", gs => gs.map(g => g.dataset.group + "=" + g.label))
    for (const group of ["mate-1", "mate-2", "helpmate", "illegal", "count"])
        check(groups.some(g => g.startsWith(group + "=")), `no group ${group}: ${groups}`)
    check(groups.every(g => /[\u0600-\u06FF]/.test(g.split("=")[1])), "a group label is not in Persian: " + groups)
})

await run.scenario("D5 a wrong choice gets one more try before the answer is told; a count too", async () => {
    await openPuzzle("illegal-01-pinned-knight")
    await page.click("#puzzle [data-choice='a']")
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    const first = await L.text(page, "#feedback")
    check(/one more try/.test(first), "no second try offered: " + first)
    check(!/pinned/.test(first), "the first wrong choice already tells the answer: " + first)
    check(await page.$eval("#puzzle [data-choice='a']", b => b.disabled), "the wrong choice can be chosen again")
    await L.feedbackAfter(page, () => page.click("#puzzle [data-choice='b']"))
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await openPuzzle("count-01-start")
    await page.type("#puzzle-answer", "18")
    await page.keyboard.press("Enter")
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    check(!/20/.test(await L.text(page, "#feedback")), "the first wrong count tells the number")
    await page.$eval("#puzzle-answer", n => { n.value = "" })
    await L.feedbackAfter(page, async () => {
        await page.type("#puzzle-answer", "19")
        await page.keyboard.press("Enter")
    })
    check(/20/.test(await L.text(page, "#feedback")), "the second wrong count does not tell the answer")
})

await run.scenario("D14 a helpmate is built move by move in SAN, judged when whole, and can start again", async () => {
    await openPuzzle("helpmate-01-fools-mate")
    const illegal = await L.feedbackAfter(page, () => L.typeMove(page, "Ke2"))
    check(/Ke2 is not legal here/.test(illegal), "an illegal move of the line is not explained: " + illegal)
    for (const [i, move] of ["e4", "e5", "Qh5", "Nc6"].entries()) {
        await L.typeMove(page, move)
        await L.waitText(page, "#puzzle .line-so-far", new RegExp(`\\(${i + 1} of 4`))
    }
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    const verdict = await L.text(page, "#feedback")
    check(/e4 e5 Qh5 Nc6/.test(verdict) && !/e2e4/.test(verdict), "the verdict is not in SAN: " + verdict)
    await L.typeMove(page, "a3")
    await L.sleep(400)
    check(/4 of 4/.test(await L.text(page, "#puzzle .line-so-far")), "a move after the whole line was taken")
    await page.click("#puzzle button.reset")
    await L.waitFor(page, () => document.querySelector("#board").dataset.fen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"))
    for (const [i, move] of ["f3", "e5", "g4", "Qh4#"].entries()) {
        await L.typeMove(page, move)
        await L.waitText(page, "#puzzle .line-so-far", new RegExp(`\\(${i + 1} of 4`))
    }
    await page.waitForSelector("#feedback .headline[data-correct='true']")
})

await run.scenario("D6 'New question' asks a new question each time", async () => {
    await L.open(page, "#quiz")
    await page.waitForSelector("#quiz-generator option[value='can-castle']")
    await page.select("#quiz-generator", "can-castle")
    await waitQuestion("can-castle")
    const seen = new Set()
    for (let i = 0; i < 3; i++) {
        const before = await questionId()
        await page.click("#quiz-new")
        await L.waitFor(page, b => (document.querySelector("#quiz-id, #quiz-question .question-id") || {}).textContent !== b, before)
        seen.add(await page.$eval("#board", b => b.dataset.fen) + (await L.text(page, "#quiz-question .prompt")))
    }
    check(seen.size === 3, "the same question came again")
})

await run.scenario("D7 a question that depends on the moves shows them, and the board steps through them", async () => {
    await L.open(page, "#quiz")
    await page.waitForSelector("#quiz-generator option[value='claim-threefold']")
    await page.select("#quiz-generator", "claim-threefold")
    await waitQuestion("claim-threefold") // not the history of the question shown before (en passant's has one move)
    await page.waitForSelector("#quiz-history .history button.move")
    const question = await page.$eval("#board", b => b.dataset.fen)
    const moves = await L.count(page, "#quiz-history button.move")
    check(moves >= 4, "the history has " + moves + " moves")
    await page.click("#quiz-history button[data-nav='first']")
    await L.waitFor(page, q => document.querySelector("#board").dataset.fen !== q, question)
    await page.click("#quiz-history button.move[data-ply='1']")
    await L.waitFor(page, () => document.querySelector("#board").dataset.lastMove.length === 4)
    await L.shot(page, "quiz-history")
    // Answering goes back to the question's own position.
    await page.click("#quiz-question [data-choice]")
    await page.waitForSelector("#feedback .headline[data-correct]")
    check(await page.$eval("#board", b => b.dataset.fen) === question, "the answer was judged away from the question's position")
})

await run.scenario("D7 a lesson step that depends on the moves shows them (automatic draws, steps 1-3)", async () => {
    const lesson = await api("/v1/lessons/automatic-draws")
    if (!(Array.isArray(lesson.steps[1].moves) && lesson.steps[1].start_fen))
        throw new L.Skip("the server does not send a step's start_fen and moves yet (issue 24, the api engineer's)")
    await openLesson("automatic-draws")
    await L.continueStep(page)
    await L.waitStep(page, 2)
    await page.waitForSelector("#lesson-history button.move[data-ply='16']")
    check(/Ng8/.test(await L.text(page, "#lesson-history")), "the knights' moves are not listed")
})

await run.scenario("D8 a right move stays on the board; a wrong one's position can be looked at", async () => {
    await openLesson("stalemate")
    await L.continueStep(page)
    await L.waitStep(page, 2)
    await page.click("#lesson-step [data-choice='true']")
    await page.waitForSelector("#feedback button.next")
    await page.click("#feedback button.next")
    await L.waitStep(page, 3)
    await L.feedbackAfter(page, () => L.drag(page, "f1", "f7"))
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    check(await L.pieceOn(page, "f1") === "#wq", "the question's position is not on the board after a wrong move")
    await page.click("#feedback button.peek")
    await L.waitFor(page, () => document.querySelector("#board .pieces [data-square='f7'] use")?.getAttribute("href") === "#wq")
    await L.shot(page, "lesson-wrong-peek")
    await page.click("#feedback button.peek")
    await L.waitFor(page, () => document.querySelector("#board .pieces [data-square='f1'] use")?.getAttribute("href") === "#wq")
    await L.feedbackAfter(page, () => L.drag(page, "f1", "f8"))
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await L.waitFor(page, () => document.querySelector("#board").dataset.lastMove === "f1f8")
    check(await L.pieceOn(page, "f8") === "#wq" && await L.pieceOn(page, "f1") === null, "the right move Qf8# went back")
    check(await L.inView(page, "#feedback button.next"), "'Next step' is not in the window")
})

await run.scenario("D8 a quiz's right move is played on the board", async () => {
    await L.open(page, "#quiz")
    await page.waitForSelector("#quiz-generator option[value='mate-in-1']")
    await page.select("#quiz-generator", "mate-in-1")
    await waitQuestion("mate-in-1")
    const id = await questionId()
    const answer = await api("/v1/quizzes/answer", {id, answer: "a1a1"})
    await L.typeMove(page, answer.expected)
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    const played = await api("/v1/move", {fen: await page.$eval("#board", b => b.dataset.fen), move: answer.expected})
    await L.waitFor(page, to => document.querySelector("#board").dataset.lastMove.endsWith(to), played.uci.slice(2, 4))
    check(await L.pieceOn(page, played.uci.slice(2, 4)) !== null, "the right move is not on the board")
})

await run.scenario("D9 a coach's wrong text is shown once; a quiz's verdict once", async () => {
    await openLesson("stalemate")
    await L.continueStep(page)
    await L.waitStep(page, 2)
    await page.click("#lesson-step [data-choice='false']")
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    const headline = await L.text(page, "#feedback .headline")
    const items = await page.$$eval("#feedback li .text", ns => ns.map(n => n.textContent.replace(/[\u2066-\u2069]/g, "")))
    check(!items.includes(headline), "the headline is repeated as an item: " + headline)
    await L.open(page, "#quiz")
    await page.waitForSelector("#quiz-generator option[value='status']")
    await page.select("#quiz-generator", "status")
    await waitQuestion("status")
    const id = await questionId()
    const {expected} = await api("/v1/quizzes/answer", {id, answer: "x"})
    const wrong = await page.$$eval("#quiz-question [data-choice]", (bs, e) => bs.map(b => b.dataset.choice).filter(c => c !== e), expected)
    await page.click(`#quiz-question [data-choice='${wrong[0]}']`)
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    await L.feedbackAfter(page, () => page.click(`#quiz-question [data-choice='${wrong[1]}']`))
    const shown = await L.text(page, "#feedback")
    check((shown.match(/Not right/g) || []).length === 1, "'Not right' appears more than once: " + shown)
})

await run.scenario("D17 lessons are grouped in four tracks; progress is kept; the end offers the next lesson", async () => {
    await openLesson("stalemate")
    const tracks = await page.$$eval("#lesson-select optgroup", gs => gs.map(g => g.dataset.track))
    check(tracks.join() === "beginner,intermediate,tournament,chess960", "the tracks are " + tracks)
    const answers = {2: "true", 3: "Qf8#", 4: "b", 5: "false", 6: "Qb6"}
    await L.continueStep(page)
    for (let n = 2; n <= 6; n++) {
        await L.waitStep(page, n)
        if (n === 3)
            await L.typeMove(page, answers[n])
        else
            await page.click(`#lesson-step [data-choice='${answers[n]}']`)
        await page.waitForSelector("#feedback .headline[data-correct='true']")
        if (n < 6)
            await page.click("#feedback button.next")
    }
    await page.waitForSelector("#feedback button.next-lesson")
    check(/6 of 6 steps right at the first try/.test(await L.text(page, "#feedback")), "no score at the end: " + await L.text(page, "#feedback"))
    check(await L.inView(page, "#feedback button.next-lesson"), "the next lesson is not in the window")
    await L.shot(page, "lesson-finished")
    await L.open(page, "#lessons", {clearStorage: false})
    await page.waitForSelector("#lesson-select option[value='stalemate'][data-finished='true']")
    check(/finished/.test(await page.$eval("#lesson-select option[value='stalemate']", o => o.textContent)), "the finished lesson is not marked")
    await page.select("#lesson-select", "stalemate")
    // The beginner track's size from the server (the course grows it): one of them finished.
    const beginners = (await api("/v1/lessons")).filter(l => l.level === "beginner").length
    await L.waitText(page, "#lesson-progress", new RegExp(`\\b1 of ${beginners} lessons`))
})

await run.scenario("D17 a lesson left halfway says how many steps are done and opens at the first one not done", async () => {
    await openLesson("stalemate")
    await L.continueStep(page)
    await L.waitStep(page, 2)
    await page.click("#lesson-step [data-choice='true']")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await L.open(page, "#lessons", {clearStorage: false})
    await page.waitForSelector("#lesson-select option[value='stalemate']")
    const label = L.plain(await page.$eval("#lesson-select option[value='stalemate']", o => o.textContent))
    check(/— 2 of 6 steps done$/.test(label), "the halfway lesson reads: " + label)
    await page.select("#lesson-select", "stalemate")
    await L.waitStep(page, 3)
})

await run.scenario("D18 the quiz hides its internals, has one answer box, flips for Black", async () => {
    await L.open(page, "#quiz")
    await page.waitForSelector("#quiz-generator option[value='mate-in-1']")
    check(!(await page.$eval("#quiz-seed", n => n.checkVisibility())), "the seed box is shown")
    await page.select("#quiz-generator", "mate-in-1")
    await waitQuestion("mate-in-1") // not the question of the generator shown before
    check(!(await page.$eval("#quiz-id, #quiz-question .question-id", n => n.checkVisibility())), "the question id is shown")
    const boxes = await page.$$eval("input[type=text], input:not([type])", ns => ns.filter(n => n.checkVisibility()).map(n => n.id))
    check(boxes.length === 1 && boxes[0] === "move-input", "answer boxes on screen: " + boxes)
    for (let i = 0; i < 8; i++) {
        if ((await page.$eval("#board", b => b.dataset.fen)).split(" ")[1] === "b")
            break
        const before = await questionId()
        await page.click("#quiz-new")
        await L.waitFor(page, b => (document.querySelector("#quiz-id, #quiz-question .question-id") || {}).textContent !== b, before)
    }
    const fen = await page.$eval("#board", b => b.dataset.fen)
    if (fen.split(" ")[1] === "b") {
        const [a1, a8] = await Promise.all(["a1", "a8"].map(sq => page.$eval(`#board rect[data-square='${sq}']`, r => r.getBoundingClientRect().y)))
        check(a1 < a8, "the board is not turned for Black to move")
    } else {
        console.log("# D18: no Black-to-move question in 8 tries; the flip was not checked")
    }
})

// The questions' answer_type (issue 24, the api engineer's: choice, move, line, squares, number) is
// not on main yet: these scenarios add it to the server's real questions on their way to the page.
async function withAnswerType(generator, type, body) {
    await page.setRequestInterception(true)
    const typed = async request => {
        const url = new URL(request.url())
        if (url.pathname === "/v1/quizzes" && request.method() === "POST" && JSON.parse(request.postData()).generator === generator) {
            const real = await fetch(server.origin + url.pathname, {method: "POST", headers: {"Content-Type": "application/json"}, body: request.postData()})
            const batch = await real.json()
            for (const q of batch.questions || [])
                q.answer_type = type
            request.respond({status: real.status, contentType: "application/json", body: JSON.stringify(batch)})
        } else {
            request.continue()
        }
    }
    page.on("request", typed)
    try {
        await body()
    } finally {
        page.off("request", typed)
        await page.setRequestInterception(false)
    }
}

await run.scenario("D18 answer_type line: the move box takes the first move or the whole line, graded as one answer", async () => {
    await withAnswerType("mate-in-2", "line", async () => {
        await L.open(page, "#quiz")
        await page.waitForSelector("#quiz-generator option[value='mate-in-2']")
        await page.select("#quiz-generator", "mate-in-2")
        await waitQuestion("mate-in-2")
        const boxes = await page.$$eval("input[type=text], input:not([type])", ns => ns.filter(n => n.checkVisibility()).map(n => n.id))
        check(boxes.length === 1 && boxes[0] === "move-input", "answer boxes on screen: " + boxes)
        const sent = []
        const watch = r => r.method() === "POST" && sent.push([new URL(r.url()).pathname, JSON.parse(r.postData() || "{}")])
        page.on("request", watch)
        // A line that is not a mate in two (the king walks): graded by the server, not played as one move.
        const fen = await page.$eval("#board", b => b.dataset.fen)
        const {legal_moves} = await api("/v1/analyze", {fen})
        const first = legal_moves.find(m => !/[+#]/.test(m.san)) || legal_moves[0]
        await L.typeMove(page, first.san + " a6 " + first.san)
        await page.waitForSelector("#feedback .headline[data-correct]")
        page.off("request", watch)
        const answer = sent.find(([path]) => path === "/v1/quizzes/answer")
        check(answer && answer[1].answer === first.san + " a6 " + first.san, "the line was not sent whole: " + JSON.stringify(sent))
        check(!sent.some(([path, b]) => path === "/v1/move" && /\s/.test(b.move)), "a whole line was sent to /v1/move")
    })
})

await run.scenario("D18 answer_type number and squares: a box of their own, numeric keyboard for a number", async () => {
    for (const [generator, type] of [["pinned", "number"], ["pinned", "squares"]]) {
        await withAnswerType(generator, type, async () => {
            await L.open(page, "#quiz")
            await page.waitForSelector(`#quiz-generator option[value='${generator}']`)
            await page.select("#quiz-generator", generator)
            await waitQuestion(generator)
            await page.waitForSelector("#quiz-answer")
            const box = await page.$eval("#quiz-answer", n => ({mode: n.inputMode, placeholder: n.placeholder, dir: n.dir}))
            check(!(await page.$eval("#move-form", f => f.checkVisibility())), type + ": the move box is shown too")
            if (type === "number")
                check(box.mode === "numeric", "no numeric keyboard: " + JSON.stringify(box))
            else
                check(box.placeholder === "c3 f6" && box.dir === "ltr", "the squares box: " + JSON.stringify(box))
        })
    }
})

await run.scenario("D25 a teaching paragraph is not bold; on a phone the prompt comes before the answer area", async () => {
    await openLesson("stalemate")
    check(await page.$eval("#lesson-step .teaching, #lesson-step .prompt", n => Number(getComputedStyle(n).fontWeight)) < 600, "the teaching text is bold")
    const phone = await L.newPage(browser, server, L.PHONE)
    try {
        await L.open(phone, "#lessons")
        await L.chooseLesson(phone, "checkmate")
        await L.continueStep(phone)
        await L.waitStep(phone, 2)
        const [prompt, feedback] = await Promise.all(["#lesson-step .prompt, #lesson-step .teaching", "#feedback-panel"].map(s =>
            phone.$eval(s, n => n.offsetParent === null ? Infinity : n.getBoundingClientRect().y)))
        check(prompt < feedback, "the prompt comes after the (empty) answer area")
        await L.shot(phone, "lesson-phone")
        L.cleanPage(phone)
    } finally {
        await phone.close()
    }
})

await run.scenario("the page stays clean: no script error, no failed file, nothing outside the origin", async () => {
    L.cleanPage(page)
})

await browser.close()
await server.stop()
process.exit(run.finish())
