// The playground tested as a person uses it: Debian's chromium, headless, driven by
// puppeteer-core, against a real arbiterd serving the page. Each scenario asserts what a person
// would see (texts, highlighted squares, the layout direction) and writes a screenshot.
// usage: node test_playground.mjs ARBITERD LESSONS_DIR SHOTS_DIR   (PUPPETEER: puppeteer-core's path)
import {spawn} from "node:child_process"
import {mkdirSync, readFileSync} from "node:fs"
import {createRequire} from "node:module"

const [arbiterd, lessonsDir, shotsDir] = process.argv.slice(2)
const require = createRequire(process.env.PUPPETEER_DIR + "/")
const puppeteer = require("puppeteer-core")
mkdirSync(shotsDir, {recursive: true})

const daemon = spawn(arbiterd, ["--listen", "127.0.0.1:0", "--print-port", "--lessons", lessonsDir,
    "--lesson-preview", "--log-level", "warn"], {stdio: ["ignore", "pipe", "inherit"]})
const port = await new Promise((resolve, reject) => {
    let out = ""
    daemon.stdout.on("data", chunk => {
        out += chunk
        const m = out.match(/(\d+)\s*\n/)
        if (m)
            resolve(Number(m[1]))
    })
    daemon.on("exit", code => reject(new Error("arbiterd exited with " + code)))
    setTimeout(() => reject(new Error("arbiterd did not print its port")), 10000)
})
const origin = `http://127.0.0.1:${port}`

const browser = await puppeteer.launch({executablePath: process.env.CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"]})
const page = await browser.newPage()
await page.setViewport({width: 1200, height: 1000})
const consoleErrors = []
const foreignRequests = []
const failedFiles = []
// Chromium logs every 4xx answer as "Failed to load resource"; the API's 4xx/422 answers are
// expected (and shown to the user), so those count only when a file of the page fails.
page.on("console", m => m.type() === "error" && !/^Failed to load resource/.test(m.text()) && consoleErrors.push(m.text()))
page.on("response", r => r.status() >= 400 && !new URL(r.url()).pathname.startsWith("/v1/") && failedFiles.push(r.status() + " " + r.url()))
page.on("pageerror", e => consoleErrors.push(e.message))
page.on("request", r => /^(about:|data:)/.test(r.url()) || r.url().startsWith(origin + "/") || foreignRequests.push(r.url()))

let passed = 0, failed = 0
function check(condition, what) {
    if (!condition)
        throw new Error(what)
}
async function scenario(name, body) {
    try {
        await body()
        // Whatever the scenario, no placeholder reaches the reader.
        const shown = await page.evaluate(() => document.body.innerText)
        const junk = shown.match(/\b(null|undefined|NaN)\b|\[object \w+\]/)
        check(!junk, `the page shows "${junk && junk[0]}"`)
        passed++
        console.log("ok - " + name)
    } catch (error) {
        failed++
        console.log("not ok - " + name + ": " + error.message)
        await page.screenshot({path: `${shotsDir}/failed-${name.replace(/\W+/g, "-")}.png`}).catch(() => {})
    }
}
const shot = name => page.screenshot({path: `${shotsDir}/${name}.png`})
const text = selector => page.$eval(selector, node => node.textContent)
const count = selector => page.$$eval(selector, nodes => nodes.length)
const waitText = (selector, pattern) => page.waitForFunction((s, p) => {
    const node = document.querySelector(s)
    return node && new RegExp(p).test(node.textContent)
}, {timeout: 8000}, selector, pattern.source)

async function open(hash = "#play") {
    await page.goto("about:blank") // a new page load, not a hash change
    await page.goto(origin + "/" + hash, {waitUntil: "networkidle0"})
    await page.waitForSelector("#board svg")
}
async function typeMove(move) {
    await page.click("#move-input", {clickCount: 3})
    await page.type("#move-input", move)
    await page.keyboard.press("Enter")
}
async function setFen(fen) {
    await page.$eval("#fen-input", node => { node.value = "" })
    await page.type("#fen-input", fen)
    await page.click("#set-fen")
    // Set once the board's text alternative names the new position (the analysis has come back).
    await page.waitForFunction(board => document.querySelector("#board").getAttribute("aria-label").includes(board),
        {timeout: 8000}, fen.split(" ")[0])
}
async function selectLang(lang) {
    await page.select("#lang", lang)
    await page.waitForFunction(l => document.documentElement.lang === l, {}, lang)
}
const pieceOn = square => page.$eval("#board", (board, sq) => {
    const g = board.querySelector(`g.pieces g[data-square='${sq}'] use, g[data-square='${sq}'].piece use, .pieces [data-square='${sq}'] use`)
    return g ? g.getAttribute("href") : null
}, square)
const markersOn = () => page.$$eval("#board .markers g[data-square]", nodes => nodes.map(n => n.getAttribute("data-square")))

await scenario("the page loads with the board, its panels and no console error", async () => {
    await open()
    check(await count("#board [data-square='a1']") > 0, "the board has no squares")
    await waitText("#status", /The game goes on/)
    check((await count("#castling details")) === 4, "castling panel should show 4 sides")
    await shot("01-start")
})

await scenario("play 1.e4 e5 by typing", async () => {
    await typeMove("e4")
    await waitText("#move-list", /^e4$/)
    await typeMove("e5")
    await waitText("#move-list", /^e4e5$/)
    await page.waitForFunction(() => document.querySelector("#feedback").textContent.includes("e5"))
    check((await pieceOn("e4")) === "#wp", "no white pawn on e4: " + await pieceOn("e4"))
    check((await pieceOn("e5")) === "#bp", "no black pawn on e5")
    check((await pieceOn("e2")) === null, "e2 should be empty")
    await waitText("#status", /White to move/)
    await shot("02-e4-e5")
})

await scenario("Nd5 with the c3 knight pinned is explained in Persian, pinner and king highlighted, page RTL, a-file on the left", async () => {
    await open()
    await selectLang("fa")
    await setFen("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
    await typeMove("Nd5")
    await page.waitForSelector("#feedback li[data-code='pinned']")
    const pin = await text("#feedback li[data-code='pinned'] .text")
    check(/آچمز/.test(pin) && /[\u0600-\u06FF]/.test(pin), "the pin is not explained in Persian: " + pin)
    check(/c3/.test(pin) && /b4/.test(pin), "the pin text does not name c3 and b4")
    check(/غیرقانونی/.test(await text("#feedback .headline")), "the headline does not say illegal in Persian")
    const marks = await markersOn()
    for (const square of ["c3", "b4", "e1"])
        check(marks.includes(square), `${square} is not highlighted (${marks})`)
    check(await count("#board [data-arrow='b4e1']") === 1, "no line from the pinning bishop to the king")
    check(await page.$eval("html", h => h.dir) === "rtl", "the page is not right to left")
    const [a1, h1] = await Promise.all(["a1", "h1"].map(sq => page.$eval(`#board rect[data-square='${sq}']`, r => r.getBoundingClientRect().x)))
    check(a1 < h1, "file a is not on the left")
    const [boardX, feedbackX] = await Promise.all(["#board", "#mode-play"].map(s => page.$eval(s, n => n.getBoundingClientRect().x)))
    check(boardX > feedbackX, "in RTL the board should stand on the right of the panels")
    check(await page.$eval("#feedback", n => n.getAttribute("aria-live")) === "polite", "the explanation area is not aria-live")
    check(/حرکت/.test(await text("#move-form label")), "the move box label is not in Persian")
    await shot("03-pinned-fa")
})

await scenario("why castling is not allowed after Ke2 Ke1", async () => {
    await open()
    await selectLang("en")
    for (const move of ["e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8"]) {
        const before = await count("#move-list li:not(.none)")
        await typeMove(move)
        await page.waitForFunction(n => document.querySelectorAll("#move-list li:not(.none)").length === n + 1, {timeout: 8000}, before)
    }
    const side = "#castling details[data-color='white'][data-side='kingside']"
    check(await page.$eval(side, d => d.dataset.allowed) === "false", "white kingside castling shown as allowed")
    check(await count(side + " li[data-code='castling_king_moved']") === 1, "no castling_king_moved reason")
    await page.click(side + " summary")
    const why = await text(side + " li[data-code='castling_king_moved'] .text")
    check(/Ke2/.test(why), "the reason does not name the move Ke2: " + why)
    await page.$eval(side, node => node.scrollIntoView())
    await shot("04-castling-after-ke2")
})

await scenario("a stalemate reached on the board is explained in Arabic", async () => {
    await open()
    await selectLang("ar")
    await setFen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1")
    await typeMove("Qf7")
    await page.waitForSelector("#status [data-status='stalemate']")
    const why = await text("#status li[data-code='stalemate'] .text")
    check(/[\u0600-\u06FF]/.test(why) && !/[پچژگ]/.test(why), "the stalemate is not explained in Arabic: " + why)
    check(/تعادل/.test(await text("#status .status-line")), "the status line does not say the game is drawn")
    await shot("05-stalemate-ar")
})

await scenario("dead position: a lone bishop cannot mate; a mating line steps on the board", async () => {
    await open()
    await setFen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1")
    await page.click("#ask-dead")
    await page.waitForSelector("#dead .verdict[data-dead='true']")
    check(await count("#dead li[data-code]") >= 2, "the dead verdict comes without its proof")
    await setFen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    await page.click("#ask-dead")
    await page.waitForSelector("#dead .verdict[data-dead='false']")
    await page.waitForSelector("#dead .witness[data-color='white'] button")
    const forward = "#dead .witness[data-color='white'] button:last-of-type"
    await page.click(forward)
    await page.waitForFunction(() => document.querySelector("#dead .witness[data-color='white'] span").textContent.length >= 4)
    // The board shows the position after the first witness move (its text alternative says so).
    await page.waitForFunction(() => !document.querySelector("#board").getAttribute("aria-label").includes("6k1/5ppp/8/8/8/8/5PPP/R5K1 w"),
        {timeout: 8000})
    const first = (await text("#dead .witness[data-color='white'] span")).trim()
    check(/^[a-h][1-8][a-h][1-8]$/.test(first), "the first witness step is not one move: " + first)
    check(await pieceOn(first.slice(2, 4)) !== null && await pieceOn(first.slice(0, 2)) === null, "the board does not show the witness move " + first)
    await shot("10-dead-witness")
})

await scenario("touch-move: the touched knight must move", async () => {
    await open()
    await page.click("#touch-mode")
    await page.click("#board rect[data-square='g1']")
    await waitText("#touched", /g1/)
    await page.click("#touch-ask")
    await page.waitForSelector("#touch li[data-code='touch_move_piece']")
    check(/Nf3/.test(await text("#touch .touch-moves")) && /Nh3/.test(await text("#touch .touch-moves")), "the moves allowed are not Nf3 and Nh3")
    const marks = await markersOn()
    check(marks.includes("f3") && marks.includes("h3"), "the knight's squares are not marked: " + marks)
})

await scenario("a lesson step answered wrong, then right, then the next step", async () => {
    await open("#lessons")
    await selectLang("en")
    await page.waitForSelector("#lesson-select option[value='check-three-ways']")
    await page.select("#lesson-select", "check-three-ways")
    await waitText("#lesson-step .step-number", /Step 1 of/)
    await page.click("#lesson-step button[data-choice='continue']") // step 1 teaches the three ways out
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await page.click("#feedback button.next")
    await waitText("#lesson-step .step-number", /Step 2 of/)
    await typeMove("Ke2")
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    check(await count("#feedback li[data-code]") > 0, "a wrong move gets no engine explanation")
    await shot("06-lesson-wrong")
    await typeMove("Kd1")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await page.click("#feedback button.next")
    await waitText("#lesson-step .step-number", /Step 3 of/)
})

await scenario("a teaching step shows its diagram on the board, then moves on", async () => {
    await open("#lessons")
    await page.waitForSelector("#lesson-select option[value='sliding-pieces']")
    await page.select("#lesson-select", "sliding-pieces")
    await waitText("#lesson-step .step-number", /Step 1 of/)
    check((await markersOn()).includes("d4"), "the diagram's square d4 is not marked")
    check(await count("#board [data-arrow='d4d8']") === 1, "the diagram's arrow d4-d8 is not drawn")
    await page.click("#lesson-step button[data-choice='continue']")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await page.click("#feedback button.next")
    await waitText("#lesson-step .step-number", /Step 2 of/)
    await page.waitForFunction(() => document.querySelector("#board g[data-square='d4'] use")?.getAttribute("href") === "#wr",
        {timeout: 8000}) // the practice step's own position: a rook on d4
    check(!(await markersOn()).includes("d4"), "the teaching step's diagram stays on the next step")
    await shot("11-teach-next-step")
})

await scenario("a quiz question answered and graded with the engine's reasons", async () => {
    await open("#quiz")
    await page.waitForSelector("#quiz-generator option[value='status']")
    await page.select("#quiz-generator", "status")
    await page.select("#quiz-difficulty", "easy")
    await page.$eval("#quiz-seed", node => { node.value = "7" })
    await page.click("#quiz-new")
    await page.waitForSelector("#quiz-question [data-choice]")
    const prompt = await text("#quiz-question .prompt")
    check(prompt.length > 10, "no prompt")
    await page.click("#quiz-question [data-choice]")
    await page.waitForSelector("#feedback .headline[data-correct]")
    const correct = await page.$eval("#feedback .headline", n => n.dataset.correct)
    const codes = await page.$$eval("#feedback li[data-code]", nodes => nodes.map(n => n.dataset.code))
    check(codes[0] === (correct === "true" ? "quiz_correct" : "quiz_wrong"), `the verdict ${codes[0]} does not match correct=${correct}`)
    await shot("07-quiz")
})

await scenario("a puzzle solved on the board", async () => {
    await open("#puzzles")
    await page.waitForSelector("#puzzle-select option[value='m1-fools-mate']")
    await page.select("#puzzle-select", "m1-fools-mate")
    await waitText("#puzzle .prompt", /mate in 1/)
    await typeMove("Qh4")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    check(await count("#feedback li[data-code='mate_found']") === 1, "the solver's verdict is missing")
})

await scenario("scripted puzzles: a move on the board, then a choice, judged by the engine", async () => {
    await open("#puzzles")
    await page.waitForSelector("#puzzle-select option[value='only-move-01-capture']")
    await page.select("#puzzle-select", "only-move-01-capture")
    await waitText("#puzzle .prompt", /only legal move/)
    await typeMove("Kg1")
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    check(await count("#feedback li[data-code='leaves_king_in_check']") === 1, "the wrong move is not explained by the engine")
    await typeMove("Kxg2")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    check(/unprotected queen/.test(await text("#feedback .headline")), "the success text is not shown")
    await page.select("#puzzle-select", "illegal-02-castle-in-check")
    await page.waitForSelector("#puzzle [data-choice='a']")
    await page.click("#puzzle [data-choice='b']")
    await page.waitForSelector("#feedback .headline[data-correct='false']")
    check(await count("#feedback li[data-code='move_is_legal']") === 1, "a legal choice is not explained")
    await page.click("#puzzle [data-choice='a']")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await shot("12-puzzle-choice")
})

await scenario("a coach's lesson with an error shows its line number", async () => {
    await open("#coach")
    const broken = 'return lesson{\n  id = "broken",\n  title = {en = "Broken", fa = "خراب", ar = "معطوب"},\n  level = "beginner",\n  steps = {\n    step{ kind = "move", fen = "8/8/8/8/8/8/8/8 w - - 0 1", answer = "e4" ,\n  }\n}\n'
    await page.$eval("#coach-source", (node, value) => { node.value = value }, broken)
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result .lesson-errors li[data-line]")
    const lines = await page.$$eval("#coach-result .lesson-errors li", nodes => nodes.map(n => n.dataset.line + " " + n.textContent))
    check(lines.some(l => /^\d+ /.test(l) && /line \d+/.test(l)), "no error names its line: " + lines)
    await shot("08-coach-error")
    // The fixed lesson (a bundled one, pasted) is checked and played.
    await page.$eval("#coach-source", (node, value) => { node.value = value }, readFileSync(lessonsDir + "/b05-check.lua", "utf8"))
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result .ok")
    await waitText("#coach-step .step-number", /Step 1 of/)
    await page.click("#coach-step button[data-choice='continue']") // step 1 teaches
    await page.waitForSelector("#feedback .headline[data-correct='true']")
    await page.click("#feedback button.next")
    await waitText("#coach-step .step-number", /Step 2 of/)
    await typeMove("Kd1")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
})

await scenario("a move entered with the keyboard alone", async () => {
    await open()
    await page.focus("body")
    let focused = ""
    for (let i = 0; i < 40 && focused !== "move-input"; i++) {
        await page.keyboard.press("Tab")
        focused = await page.evaluate(() => document.activeElement && document.activeElement.id)
    }
    check(focused === "move-input", "Tab never reaches the move box")
    await page.keyboard.type("d4")
    await page.keyboard.press("Enter")
    await waitText("#move-list", /^d4$/)
})

await scenario("usable at phone width: one column, nothing wider than the screen", async () => {
    await page.setViewport({width: 390, height: 844, isMobile: true, hasTouch: true})
    await open()
    check(await page.evaluate(() => document.documentElement.scrollWidth) <= 391, "the page scrolls sideways at 390 px")
    const [board, panels] = await Promise.all(["#board", "#mode-play"].map(s => page.$eval(s, n => { const r = n.getBoundingClientRect(); return {y: r.y, height: r.height} })))
    check(panels.y >= board.y + board.height - 1, "the panels do not stack below the board")
    await shot("09-phone")
    await page.setViewport({width: 1200, height: 1000})
})

await scenario("no console error and no request outside the page's origin", async () => {
    check(consoleErrors.length === 0, "console errors: " + consoleErrors.join(" | "))
    check(failedFiles.length === 0, "files of the page failed: " + failedFiles.join(" "))
    check(foreignRequests.length === 0, "requests outside the origin: " + foreignRequests.join(" "))
})

await browser.close()
daemon.kill("SIGTERM")
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
