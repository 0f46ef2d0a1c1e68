// The playground with the keyboard and a screen reader's eyes (trial defect D13), and axe-core
// over every mode in en, fa and ar: zero violations, whatever the rule.
// usage: node test_access.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import {readFileSync} from "node:fs"
import * as L from "./lib.mjs"
const {check} = L

const server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)
const FEN_TEXT = /[pnbrqkPNBRQK1-8]{1,8}(\/[pnbrqkPNBRQK1-8]{1,8}){7}/
const active = () => page.evaluate(() => {
    const a = document.activeElement
    return a && a !== document.body ? (a.id || a.className || a.tagName) : "body"
})

async function tabTo(id, limit = 60) {
    for (let i = 0; i < limit; i++) {
        if (await active() === id)
            return true
        await page.keyboard.press("Tab")
    }
    return false
}

await run.scenario("D13 touch-move from the keyboard: squares typed, the answer read", async () => {
    await L.open(page)
    check(await tabTo("touch-input"), "Tab never reaches the touched-square box")
    await page.keyboard.type("g1")
    await page.keyboard.press("Enter")
    await L.waitText(page, "#touched", /g1/)
    await page.keyboard.type("z9")
    await page.keyboard.press("Enter")
    await L.waitText(page, "#touch", /not a square/)
    check(await tabTo("touch-ask"), "Tab never reaches 'What must I do now?'")
    await page.keyboard.press("Enter")
    await L.waitText(page, "#feedback", /Nf3/)
    check(/Nh3/.test(await L.text(page, "#feedback")), "the knight's moves are not read out")
})

await run.scenario("D13 promotion from the keyboard: a typed b8 asks for the piece, Tab and Enter choose it", async () => {
    await L.open(page)
    await L.setFen(page, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    await L.typeMove(page, "b8")
    await page.waitForSelector(".promotion:not([hidden]) button[data-piece='q']")
    check(await active() !== "body", "the chooser does not take the focus")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    check(await page.evaluate(() => document.activeElement.dataset.piece) === "n", "Tab does not reach the knight")
    await page.keyboard.press("Enter")
    await L.waitText(page, "#move-list", /b8=N/)
    check(/promoted to a knight/.test(await L.text(page, "#feedback")), "the underpromotion is not said")
    // Escape closes the chooser without a move.
    await L.setFen(page, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    await L.drag(page, "b7", "b8")
    await page.waitForSelector(".promotion:not([hidden])")
    await page.keyboard.press("Escape")
    await L.waitFor(page, () => document.querySelector(".promotion").hidden)
    check(await L.count(page, "#move-list button.move") === 0, "Escape played a move")
})

await run.scenario("D13 focus goes to the new step's prompt after 'Next step'", async () => {
    await L.open(page, "#lessons")
    await L.chooseLesson(page, "stalemate")
    await page.focus("#lesson-step button[data-choice='continue']")
    await page.keyboard.press("Enter")
    // (Before issue 21 the answer came first, with a second "Next step" in the explanation area.)
    await L.waitFor(page, () => document.querySelector("#lesson-step .step-number").dataset.n === "2" || document.querySelector("#feedback button.next"))
    if (await page.$("#feedback button.next")) {
        await page.focus("#feedback button.next")
        await page.keyboard.press("Enter")
    }
    await L.waitStep(page, 2)
    check(await page.evaluate(() => document.activeElement.classList.contains("prompt")), "the focus is on " + await active())
    await page.keyboard.press("Tab")
    check(await page.evaluate(() => document.activeElement.dataset.choice === "true"), "Tab from the prompt does not reach the answer")
    await page.keyboard.press("Enter")
    await page.waitForSelector("#feedback button.next")
    check(await page.evaluate(() => document.activeElement.classList.contains("next")), "a right answer does not bring the focus to 'Next step'")
})

await run.scenario("D13 no FEN is announced after a move; the board is described on demand; mate is announced", async () => {
    await L.open(page)
    await L.typeMove(page, "e4")
    await L.waitText(page, "#move-list", /e4/)
    const live = await page.$$eval("[aria-live]", ns => ns.filter(n => !n.hidden).map(n => n.textContent))
    check(!live.some(t => FEN_TEXT.test(t)), "a live region reads a FEN: " + live.find(t => FEN_TEXT.test(t)))
    check(!FEN_TEXT.test(await page.$eval("#board", b => b.getAttribute("aria-label"))), "the board's name is a FEN")
    await page.click("#describe")
    await L.waitText(page, "#board-description", /king on e1/)
    const said = await L.text(page, "#board-description")
    check(/pawns on a2, b2, c2, d2, e4, f2, g2 and h2/.test(said) && /Black to move/.test(said), "the description: " + said)
    check(await page.$eval("#board-description", n => n.getAttribute("aria-live")) === "polite", "the description is not read out")
    await L.setFen(page, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    await L.typeMove(page, "Ra8")
    await L.waitFor(page, () => [...document.querySelectorAll("[aria-live]")].some(n => /Checkmate — White wins/.test(n.textContent)))
})

await run.scenario("D13 a move entered with the keyboard alone", async () => {
    await L.open(page)
    await page.focus("body")
    check(await tabTo("move-input"), "Tab never reaches the move box")
    await page.keyboard.type("d4")
    await page.keyboard.press("Enter")
    await L.waitText(page, "#move-list", /d4/)
})

// Every mode in a state that shows what it can: an explanation, an illegal position, a step, a
// question with its history, a puzzle, a coach's errors.
const states = {
    play: async () => {
        await L.setFen(page, "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
        await L.typeMove(page, "Nd5")
        await page.waitForSelector("#feedback li[data-code]")
        await page.$eval("#castling details", d => { d.open = true })
    },
    editor: async () => {
        await page.waitForSelector("#palette button")
        await L.clickSquare(page, "a8")
        await page.waitForSelector("#editor-verdict [data-valid='false']")
    },
    lessons: async () => {
        await page.waitForSelector("#lesson-step .prompt, #lesson-step .teaching")
        await L.chooseLesson(page, "stalemate")
        await L.continueStep(page)
        await page.waitForSelector("#lesson-step [data-choice='false']")
        await page.click("#lesson-step [data-choice='false']")
        await page.waitForSelector("#feedback .headline")
    },
    quiz: async () => {
        await page.waitForSelector("#quiz-generator option[value='claim-threefold']")
        await page.select("#quiz-generator", "claim-threefold")
        await page.waitForSelector("#quiz-history button.move")
        await page.$eval("details.advanced", d => { d.open = true })
    },
    puzzles: async () => {
        await page.waitForSelector("#puzzle-select option[value='illegal-01-pinned-knight']")
        await page.select("#puzzle-select", "illegal-01-pinned-knight")
        await page.waitForSelector("#puzzle [data-choice='a']")
        await page.click("#puzzle [data-choice='a']")
        await page.waitForSelector("#feedback .headline")
    },
    coach: async () => {
        await page.$eval("#coach-source", (n, v) => { n.value = v }, readFileSync(new URL("data/coach-bad.lua", import.meta.url), "utf8"))
        await page.click("#coach-check")
        await page.waitForSelector("#coach-result .lesson-errors li")
    },
}

for (const lang of ["en", "fa", "ar"]) {
    await run.scenario(`D13 axe-core finds no violation in any mode (${lang})`, async () => {
        const found = []
        for (const [mode, prepare] of Object.entries(states)) {
            await L.open(page, "#" + mode + (lang === "en" ? "" : "/" + lang))
            await prepare().catch(error => found.push(`${mode}: could not be prepared (${error.message})`))
            for (const v of await L.axe(page))
                found.push(`${mode}: ${v}`)
        }
        check(found.length === 0, "axe: " + found.join(" | "))
    })
}

await run.scenario("the page stays clean: no script error, no failed file, nothing outside the origin", async () => {
    L.cleanPage(page)
})

await browser.close()
await server.stop()
process.exit(run.finish())
