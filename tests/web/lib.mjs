// What every browser test of the playground needs: a real arbiterd serving the page (started,
// stopped and restarted by its own PID), Debian's chromium driven by puppeteer-core, helpers that
// act as a person does (drag a piece, type a move, pick a language), checks of what a person sees
// (inside the window? right to left?), axe-core run inside the page, and a runner that prints TAP-
// like lines and fails the process on any failed scenario.
// Environment: CHROMIUM (the browser), PUPPETEER_DIR (node_modules with puppeteer-core and axe-core).
import {spawn} from "node:child_process"
import {mkdirSync, readFileSync} from "node:fs"
import {createRequire} from "node:module"

const require = createRequire(process.env.PUPPETEER_DIR + "/")
export const puppeteer = require("puppeteer-core")
const AXE = readFileSync(process.env.PUPPETEER_DIR + "/axe-core/axe.min.js", "utf8")

export const [ARBITERD, LESSONS, SHOTS] = process.argv.slice(2)
mkdirSync(SHOTS, {recursive: true})
export const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

// arbiterd on a free loopback port (or the given one, to restart it where the page expects it).
export async function startDaemon(port = 0) {
    const daemon = spawn(ARBITERD, ["--listen", "127.0.0.1:" + port, "--print-port", "--lessons", LESSONS,
        "--lesson-preview", "--log-level", "warn"], {stdio: ["ignore", "pipe", "inherit"]})
    const bound = await new Promise((resolve, reject) => {
        let out = ""
        const timer = setTimeout(() => reject(new Error("arbiterd did not print its port")), 30000)
        daemon.stdout.on("data", chunk => {
            out += chunk
            const m = out.match(/(\d+)\s*\n/)
            if (m) {
                clearTimeout(timer)
                resolve(Number(m[1]))
            }
        })
        daemon.on("exit", code => reject(new Error("arbiterd exited with " + code)))
    })
    return {
        port: bound,
        origin: `http://127.0.0.1:${bound}`,
        async stop() {
            if (daemon.exitCode !== null)
                return
            const gone = new Promise(resolve => daemon.once("exit", resolve))
            daemon.kill("SIGTERM")
            await gone
        },
    }
}

export async function launch() {
    return puppeteer.launch({executablePath: process.env.CHROMIUM, headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--disable-dev-shm-usage"]})
}

export const DESKTOP = {width: 1280, height: 800}
export const PHONE = {width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1}

// A page that records console errors, failed files and requests outside the origin.
export async function newPage(browser, server, viewport = DESKTOP) {
    const page = await browser.newPage()
    await page.setViewport(viewport)
    page.server = server
    page.consoleErrors = []
    page.foreign = []
    page.failedFiles = []
    // Chromium logs every 4xx answer as "Failed to load resource"; the API's 4xx/422 answers are
    // expected (and shown to the user), so those count only when a file of the page fails.
    page.on("console", m => m.type() === "error" && !/^Failed to load resource/.test(m.text()) && page.consoleErrors.push(m.text()))
    page.on("pageerror", e => page.consoleErrors.push(e.message))
    page.on("response", r => r.status() >= 400 && !new URL(r.url()).pathname.startsWith("/v1/") && page.failedFiles.push(r.status() + " " + r.url()))
    page.on("request", r => /^(about:|data:)/.test(r.url()) || r.url().startsWith(page.server.origin + "/") || page.foreign.push(r.url()))
    return page
}

// The runner: each scenario is named after the trial's defect it covers (D1 …).
export function runner(page) {
    let passed = 0, failed = 0, skipped = 0
    const only = process.env.WEB_ONLY ? new RegExp(process.env.WEB_ONLY) : null
    return {
        async scenario(name, body) {
            if (only && !only.test(name))
                return
            const started = Date.now()
            try {
                await body()
                const shown = await page.evaluate(() => document.body.innerText)
                const junk = shown.match(/\b(null|undefined|NaN)\b|\[object \w+\]|Failed to fetch/)
                check(!junk, `the page shows "${junk && junk[0]}"`)
                passed++
                console.log(`ok - ${name} (${Date.now() - started} ms)`)
            } catch (error) {
                if (error instanceof Skip) {
                    skipped++
                    console.log(`ok - ${name} # SKIP ${error.message}`)
                    return
                }
                failed++
                console.log(`not ok - ${name}: ${error.message}`)
                await page.screenshot({path: `${SHOTS}/failed-${name.replace(/\W+/g, "-").slice(0, 80)}.png`}).catch(() => {})
            }
        },
        finish() {
            console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
            return failed ? 1 : 0
        },
    }
}

// A scenario that cannot run yet says so (TAP's "# SKIP"), never passes silently.
export class Skip extends Error {}

export function check(condition, what) {
    if (!condition)
        throw new Error(what)
}

// ---- acting as a person ----

export async function open(page, hash = "#play", {clearStorage = true} = {}) {
    await page.goto("about:blank")
    if (clearStorage) {
        const cdp = await page.createCDPSession()
        await cdp.send("Storage.clearDataForOrigin", {origin: page.server.origin, storageTypes: "local_storage"})
        await cdp.send("DOMStorage.enable")
        await cdp.send("DOMStorage.clear", {storageId: {securityOrigin: page.server.origin, isLocalStorage: false}}).catch(() => {})
        await cdp.detach()
    }
    await page.goto(page.server.origin + "/" + hash, {waitUntil: "load"})
    await page.waitForSelector("#board svg")
    // The mode has loaded what it shows (html[data-ready]); pages before issue 21 had no such mark.
    const mode = (hash.slice(1).split("/")[0]) || "play"
    await page.waitForFunction(m => document.documentElement.dataset.ready === m, {timeout: 15000, polling: 50}, mode)
        .catch(() => page.waitForNetworkIdle({idleTime: 300}))
}

export async function typeMove(page, move) {
    await page.click("#move-input", {clickCount: 3})
    await page.type("#move-input", move)
    await page.keyboard.press("Enter")
}

export async function setFen(page, fen) {
    await page.$eval("#fen-input", node => { node.value = "" })
    await page.type("#fen-input", fen)
    await page.click("#set-fen")
    // (The board's text alternative named the FEN on the page before issue 21: the tests run there too.)
    await waitFor(page, f => document.querySelector("#board").dataset.fen === f ||
        (!("fen" in document.querySelector("#board").dataset) && (document.querySelector("#board").getAttribute("aria-label") || "").includes(f.split(" ")[0])), normalFen(fen))
    await sleep(50)
}

// The FEN as the server writes it back (four-field FENs get their counters).
const normalFen = fen => {
    const fields = fen.trim().split(/\s+/)
    while (fields.length < 6)
        fields.push(fields.length === 4 ? "0" : "1")
    return fields.join(" ")
}

export async function selectLang(page, lang) {
    await page.select("#lang", lang)
    await waitFor(page, l => document.documentElement.lang === l, lang)
}

export const waitFor = (page, fn, ...args) => page.waitForFunction(fn, {timeout: 10000, polling: 50}, ...args)

export const waitText = (page, selector, pattern) => page.waitForFunction((s, p) => {
    const node = document.querySelector(s)
    return node && new RegExp(p).test(node.textContent.replace(/[\u2066-\u2069]/g, ""))
}, {timeout: 10000, polling: 50}, selector, pattern.source)

// Texts as a person reads them: without the invisible isolates around moves and squares.
export const plain = text => String(text).replace(/[\u2066-\u2069\u200e\u200f]/g, "")
// The lesson step shown is step n (its number is written in the page's digits).
export const waitStep = (page, n, scope = "#lesson-step") => waitFor(page, (s, k) => {
    const node = document.querySelector(s + " .step-number")
    return node && (node.dataset.n === String(k) || (!("n" in node.dataset) && node.textContent.startsWith(`Step ${k} of`)))
}, scope, n)

// A teaching step read: "Next step" (before issue 21 it answered first and showed a second
// "Next step" in the explanation area, which this clicks too).
export async function continueStep(page, scope = "#lesson-step") {
    const at = await page.$eval(scope + " .step-number", n => n.textContent)
    await page.click(scope + " button[data-choice='continue']")
    await waitFor(page, (s, a) => document.querySelector(s + " .step-number").textContent !== a || document.querySelector("#feedback button.next"), scope, at)
    if (await page.$(scope + " .step-number").then(n => n.evaluate((e, a) => e.textContent === a, at)))
        await page.click("#feedback button.next")
}

// A lesson chosen in the select is the one shown, at its first step.
export async function chooseLesson(page, id) {
    await page.waitForSelector(`#lesson-select option[value='${id}']`)
    await page.select("#lesson-select", id)
    await waitFor(page, i => {
        const box = document.querySelector("#lesson-step")
        const step = box.querySelector(".step-number")
        return step && (box.dataset.lesson === i || (!("lesson" in box.dataset) && step.textContent.startsWith("Step 1 of")))
    }, id)
    await sleep(100)
}

export const text = async (page, selector) => plain(await page.$eval(selector, node => node.textContent))
export const count = (page, selector) => page.$$eval(selector, nodes => nodes.length)

async function center(page, square) {
    return page.$eval(`#board rect[data-square='${square}']`, r => {
        const b = r.getBoundingClientRect()
        return {x: b.x + b.width / 2, y: b.y + b.height / 2}
    })
}

// A real drag with the mouse: press on the piece, move in steps, release on the target.
export async function drag(page, from, to) {
    const a = await center(page, from), b = await center(page, to)
    await page.mouse.move(a.x, a.y)
    await page.mouse.down()
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, {steps: 4})
    await page.mouse.move(b.x, b.y, {steps: 4})
    await page.mouse.up()
}

export async function touchDrag(page, from, to) {
    await page.$eval("#board", n => n.scrollIntoView({block: "nearest"}))
    const a = await center(page, from), b = await center(page, to)
    await page.touchscreen.touchStart(a.x, a.y)
    for (let i = 1; i <= 6; i++)
        await page.touchscreen.touchMove(a.x + (b.x - a.x) * i / 6, a.y + (b.y - a.y) * i / 6)
    await page.touchscreen.touchEnd()
}

export async function clickSquare(page, square) {
    const a = await center(page, square)
    await page.mouse.click(a.x, a.y)
}

export const pieceOn = (page, square) => page.$eval("#board", (board, sq) => {
    const use = board.querySelector(`.pieces [data-square='${sq}'] use, g[data-square='${sq}'].piece use`)
    return use ? use.getAttribute("href") : null
}, square)

export const markers = (page, cls = null) => page.$$eval("#board .markers g[data-square]", (nodes, c) =>
    nodes.filter(n => !c || n.querySelector("." + c)).map(n => n.getAttribute("data-square")), cls)
export const arrows = page => page.$$eval("#board [data-arrow]", nodes => nodes.map(n => n.getAttribute("data-arrow")))

// Whether an element is wholly inside the window as it is (no scrolling by the test).
export const inView = (page, selector) => page.$eval(selector, node => {
    const box = node.getBoundingClientRect()
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth
})

// The layout direction chromium computes for an element.
export const direction = (page, selector) => page.$eval(selector, node => getComputedStyle(node).direction)

// The feedback headline once it says something new.
export async function feedbackAfter(page, action) {
    const before = await page.$eval("#feedback", n => n.textContent)
    await action()
    await waitFor(page, b => {
        const n = document.querySelector("#feedback")
        return n.textContent !== b && n.textContent.trim() !== "" && !document.querySelector("#feedback .hint")
    }, before)
    return plain(await page.$eval("#feedback", n => n.innerText))
}

// axe-core inside the page (evaluated over the DevTools protocol, which the page's CSP does not
// govern, so the page is tested with its real CSP). Returns the violations, each "rule: targets".
export async function axe(page) {
    await page.evaluate(AXE)
    const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, {resultTypes: ["violations"]})
        return result.violations.map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`)
    })
    return violations
}

export const shot = (page, name, options = {}) => page.screenshot({path: `${SHOTS}/${name}.png`, ...options})

// What the test saw in the page over its life: no script error, no failed file, nothing fetched
// outside the origin.
export function cleanPage(page) {
    check(page.consoleErrors.length === 0, "console errors: " + page.consoleErrors.join(" | "))
    check(page.failedFiles.length === 0, "files of the page failed: " + page.failedFiles.join(" "))
    check(page.foreign.length === 0, "requests outside the origin: " + page.foreign.join(" "))
}
