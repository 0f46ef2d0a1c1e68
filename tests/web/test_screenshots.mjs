// The playground's pictures for docs/web.md: seven states (an illegal move explained, a lesson
// step, a quiz question with its history, a puzzle before and after solving, the editor refusing
// an illegal position, the coach preview with an error) in en, fa and ar, at 1280x800 and at
// 390x844 with touch — 42 screenshots in SHOTS_DIR/docs-STATE-LANG-SIZE.png. Each state is
// checked before its picture is taken (the explanation is in the window, the page's direction),
// so a picture never shows a broken page.
// usage: node test_screenshots.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import {readFileSync} from "node:fs"
import * as L from "./lib.mjs"
const {check} = L

const server = await L.startDaemon()
const browser = await L.launch()
const coachBad = readFileSync(new URL("data/coach-bad.lua", import.meta.url), "utf8")

// Each state: the mode to open, then what a person does; returns the selector that must be in view.
const states = {
    "illegal-move": ["play", async page => {
        await L.setFen(page, "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
        await L.feedbackAfter(page, () => page.viewport().hasTouch ? L.touchDrag(page, "c3", "d5") : L.drag(page, "c3", "d5"))
        await page.waitForSelector("#feedback li[data-code='pinned']")
        return "#feedback li[data-code='pinned']"
    }],
    "lesson-step": ["lessons", async page => {
        await L.chooseLesson(page, "stalemate")
        await L.continueStep(page)
        await L.waitStep(page, 2)
        await page.click("#lesson-step [data-choice='true']")
        await page.waitForSelector("#feedback button.next")
        await page.click("#feedback button.next")
        await L.waitStep(page, 3)
        await L.typeMove(page, "Qf7")
        await page.waitForSelector("#feedback button.peek")
        return "#feedback button.peek"
    }],
    "quiz-history": ["quiz", async page => {
        await page.waitForSelector("#quiz-generator option[value='claim-threefold']")
        await page.select("#quiz-generator", "claim-threefold")
        await L.waitFor(page, () => document.querySelector("#quiz-id").textContent.startsWith("claim-threefold:"))
        await page.waitForSelector("#quiz-history button.move")
        await page.click("#quiz-history button[data-nav='back']")
        await L.sleep(200)
        return "#quiz-question .prompt"
    }],
    "puzzle-before": ["puzzles", async page => {
        await page.waitForSelector("#puzzle-select option[value='m2-opera-game']")
        await page.select("#puzzle-select", "m2-opera-game")
        await L.waitFor(page, () => document.querySelector("#puzzle").dataset.id === "m2-opera-game")
        return "#puzzle .prompt"
    }],
    "puzzle-solved": ["puzzles", async page => {
        await page.waitForSelector("#puzzle-select option[value='m2-opera-game']")
        await page.select("#puzzle-select", "m2-opera-game")
        await L.waitFor(page, () => document.querySelector("#puzzle").dataset.id === "m2-opera-game")
        await L.typeMove(page, "Qb8+")
        await L.waitFor(page, () => document.querySelector("#board").dataset.lastMove === "d7b8")
        await L.typeMove(page, "Rd8#")
        await page.waitForSelector("#puzzle .source:not([hidden])")
        return "#feedback .headline"
    }],
    "editor-refused": ["editor", async page => {
        await page.waitForSelector("#palette button")
        await page.click("#editor-empty")
        for (const [tool, square] of [["wK", "e1"], ["bK", "e8"], ["wR", "h1"], ["wP", "b8"]]) {
            await page.click(`#palette button[data-tool='${tool}']`)
            await L.clickSquare(page, square)
        }
        await page.waitForSelector("#editor-verdict [data-valid='false']")
        return "#editor-verdict li"
    }],
    "coach-error": ["coach", async page => {
        await page.$eval("#coach-source", (n, v) => { n.value = v; n.dispatchEvent(new Event("input")) }, coachBad)
        await page.click("#coach-check")
        await page.waitForSelector("#coach-result .lesson-errors li")
        return "#coach-result .error"
    }],
}

let failed = 0, passed = 0
for (const [size, viewport] of [["desktop", L.DESKTOP], ["phone", L.PHONE]]) {
    const page = await L.newPage(browser, server, viewport)
    for (const lang of ["en", "fa", "ar"]) {
        for (const [name, [mode, act]] of Object.entries(states)) {
            const label = `${name}-${lang}-${size}`
            try {
                await L.open(page, "#" + mode + (lang === "en" ? "" : "/" + lang))
                const mustSee = await act(page)
                if (size === "desktop") // the whole page from its top: everything a state shows fits
                    await page.evaluate(() => window.scrollTo(0, 0))
                await L.sleep(250) // the board's animation ends
                if (size === "desktop" || name === "illegal-move")
                    check(await L.inView(page, mustSee), `${mustSee} is not in the window`)
                check(await page.$eval("html", (h, l) => h.dir === (l === "en" ? "ltr" : "rtl"), lang), "the page's direction is wrong")
                check(await page.evaluate(() => document.documentElement.scrollWidth) <= viewport.width + 1, "the page scrolls sideways")
                await L.shot(page, "docs-" + label)
                passed++
                console.log("ok - " + label)
            } catch (error) {
                failed++
                console.log(`not ok - ${label}: ${error.message}`)
                await L.shot(page, "failed-docs-" + label).catch(() => {})
            }
        }
    }
    try {
        L.cleanPage(page)
    } catch (error) {
        failed++
        console.log(`not ok - the ${size} page stays clean: ${error.message}`)
    }
    await page.close()
}
await browser.close()
await server.stop()
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
