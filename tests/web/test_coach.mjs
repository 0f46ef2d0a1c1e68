// The coach preview in a real browser (trial defect D15): errors and warnings apart, each with its
// line and step and a click that puts the caret on that line of a numbered editor; a request that
// fails (a file over the server's limit) says so in the coach panel and clears the earlier
// "passed"; a language switch shows the results in the new language.
// usage: node test_coach.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import {readFileSync} from "node:fs"
import * as L from "./lib.mjs"
const {check} = L

const server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)
const bad = readFileSync(new URL("data/coach-bad.lua", import.meta.url), "utf8")
const good = readFileSync(L.LESSONS + "/b05-check.lua", "utf8")

async function paste(source) {
    await page.$eval("#coach-source", (node, value) => {
        node.value = value
        node.dispatchEvent(new Event("input"))
    }, source)
}

await run.scenario("D15 errors and warnings apart, with line and step; a click goes to the line", async () => {
    await L.open(page, "#coach")
    await paste(bad)
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result .lesson-errors li")
    const errors = await page.$$eval("#coach-result .lesson-errors li", ns => ns.map(n => n.dataset.level + " " + n.textContent))
    const warnings = await page.$$eval("#coach-result .lesson-warnings li", ns => ns.map(n => n.dataset.level + " " + n.textContent))
    check(errors.length > 0 && errors.every(e => e.startsWith("error")), "errors: " + errors)
    check(warnings.length > 0 && warnings.every(w => w.startsWith("warning")), "warnings are not listed apart: " + warnings)
    check(new RegExp(`^\\D*${errors.length} error`).test(await L.text(page, "#coach-result .error")), "the error count counts warnings too")
    check(errors.some(e => /line \d+, step \d+/.test(e)), "no error names its step: " + errors)
    check(errors.some(e => /sucess/.test(e)) && errors.some(e => /9/.test(e)), "the misspelled field or the bad FEN is not reported")
    const lines = await page.$eval("#coach-lines", n => n.textContent.split("\n").length)
    check(lines === bad.split("\n").length, "the editor numbers " + lines + " lines")
    const sucess = await page.$eval("#coach-result .lesson-errors li", () => {
        const li = [...document.querySelectorAll("#coach-result .lesson-errors li")].find(l => /sucess/.test(l.textContent))
        return Number(li.dataset.line)
    })
    await page.$$eval("#coach-result .lesson-errors li", (ns, n) => ns.find(l => Number(l.dataset.line) === n).querySelector("button.goto").click(), sucess)
    const caretLine = await page.$eval("#coach-source", n => n.value.slice(0, n.selectionStart).split("\n").length)
    check(caretLine === sucess && await page.evaluate(() => document.activeElement.id) === "coach-source", `the caret is on line ${caretLine}, not ${sucess}`)
    await L.shot(page, "coach-errors")
})

await run.scenario("D15 a file over the server's limit is refused in the coach panel; the old 'passed' goes", async () => {
    await L.open(page, "#coach")
    await paste(good)
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result .ok")
    await paste(good + "\n--" + "x".repeat(70000) + "\n")
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result [data-code='body_too_large']")
    check(await L.count(page, "#coach-result .ok") === 0, "the earlier 'passed its check' is still shown")
    check(/too large/.test(await L.text(page, "#coach-result")), "the refusal does not say the file is too large")
})

await run.scenario("D15 a language switch shows the coach's results in the new language", async () => {
    await L.open(page, "#coach")
    await paste(bad)
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result .lesson-errors li")
    await L.selectLang(page, "ar")
    await L.waitFor(page, () => /خطأ|أخطاء/.test(document.querySelector("#coach-result").textContent))
    check(/السطر/.test(await L.text(page, "#coach-result")), "the lines are not named in Arabic")
})

await run.scenario("a coach's lesson that passes is played step by step", async () => {
    await L.open(page, "#coach")
    await paste(good)
    await page.click("#coach-check")
    await page.waitForSelector("#coach-result .ok")
    await L.waitStep(page, 1, "#coach-step")
    await L.continueStep(page, "#coach-step")
    await L.waitStep(page, 2, "#coach-step")
    await L.typeMove(page, "Kd1")
    await page.waitForSelector("#feedback .headline[data-correct='true']")
})

await run.scenario("the page stays clean: no script error, no failed file, nothing outside the origin", async () => {
    L.cleanPage(page)
})

await browser.close()
await server.stop()
process.exit(run.finish())
