// Drives the playground as a student does and times it (bench/web/run.sh):
// - first contentful paint of a cold load (cache off);
// - illegal drop -> explanation: from the mouse button's release over d5 (the pinned knight of
//   4k3/8/8/8/1b6/2N5/8/4K3) to the reason in the page.
// RUNS of each, per arbiterd given; with two (A/B: another build's page against this one's) the
// runs alternate between them, so both see the same machine load, and the ratio B/A is printed.
// Medians, minimum and maximum; exit 1 when a median of the last arbiterd is over its bound.
// usage: node page.mjs LESSONS RUNS ARBITERD [ARBITERD_B]
import {spawn} from "node:child_process"
import {createRequire} from "node:module"

const [lessons, runsArg, ...binaries] = process.argv.slice(2)
const runs = Number(runsArg) || 20
const puppeteer = createRequire(process.env.PUPPETEER_DIR + "/")("puppeteer-core")

async function start(arbiterd) {
    const daemon = spawn(arbiterd, ["--listen", "127.0.0.1:0", "--print-port", "--lessons", lessons, "--log-level", "warn"],
        {stdio: ["ignore", "pipe", "inherit"]})
    const port = await new Promise(resolve => {
        let out = ""
        daemon.stdout.on("data", chunk => {
            out += chunk
            const m = out.match(/(\d+)\s*\n/)
            if (m)
                resolve(Number(m[1]))
        })
    })
    return {daemon, origin: `http://127.0.0.1:${port}`, name: arbiterd, paints: [], drops: []}
}

const targets = []
for (const binary of binaries)
    targets.push(await start(binary))
const browser = await puppeteer.launch({executablePath: process.env.CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]})

async function firstPaint(page, origin) {
    await page.goto("about:blank")
    await page.goto(origin + "/#play", {waitUntil: "networkidle0"})
    return page.evaluate(() => new Promise(resolve => {
        const entry = performance.getEntriesByName("first-contentful-paint")[0]
        if (entry)
            return resolve(entry.startTime)
        new PerformanceObserver(list => resolve(list.getEntriesByName("first-contentful-paint")[0].startTime)).observe({type: "paint", buffered: true})
    }))
}

// A page with the pin set up, and the centres of c3 and d5.
async function pinPage(origin) {
    const page = await browser.newPage()
    await page.setViewport({width: 1280, height: 800})
    await page.goto(origin + "/#play", {waitUntil: "networkidle0"})
    await page.waitForSelector("#board svg")
    await page.$eval("#fen-input", n => { n.value = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1" })
    await page.click("#set-fen")
    // The board's FEN: data-fen, or (pages before issue 21) its text alternative.
    await page.waitForFunction(() => {
        const b = document.querySelector("#board")
        return (b.dataset.fen || b.getAttribute("aria-label") || "").includes("4k3/8/8/8/1b6/2N5/8/4K3")
    }, {timeout: 60000})
    const center = sq => page.$eval(`#board rect[data-square='${sq}']`, r => { const b = r.getBoundingClientRect(); return {x: b.x + b.width / 2, y: b.y + b.height / 2} })
    return {page, from: await center("c3"), to: await center("d5")}
}

async function drop({page, from, to}) {
    await page.evaluate(() => {
        document.querySelector("#feedback").replaceChildren()
        window.__shown = new Promise(resolve => {
            addEventListener("mouseup", () => { window.__up = performance.now() }, {once: true, capture: true})
            new MutationObserver((_, observer) => {
                if (document.querySelector("#feedback li[data-code='pinned']")) {
                    observer.disconnect()
                    resolve(performance.now() - window.__up)
                }
            }).observe(document.querySelector("#feedback"), {childList: true, subtree: true})
        })
    })
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, {steps: 3})
    await page.mouse.move(to.x, to.y, {steps: 3})
    await page.mouse.up()
    return page.evaluate(() => window.__shown)
}

const cold = await browser.newPage()
await cold.setViewport({width: 1280, height: 800})
await cold.setCacheEnabled(false)
for (let i = 0; i < runs; i++)
    for (const t of targets)
        t.paints.push(await firstPaint(cold, t.origin))
const pins = []
for (const t of targets)
    pins.push(await pinPage(t.origin))
for (let i = 0; i < runs; i++)
    for (const [k, t] of targets.entries())
        t.drops.push(await drop(pins[k]))
await browser.close()
for (const t of targets)
    t.daemon.kill("SIGTERM")

const stats = xs => {
    const s = [...xs].sort((a, b) => a - b)
    return {median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1]}
}
const line = (name, s, bound) => `  ${name}: median ${s.median.toFixed(1)} ms (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}, ${runs} runs; bound ${bound} ms) ${s.median <= bound ? "ok" : "OVER"}`
for (const t of targets) {
    console.log(t.name)
    console.log(line("first contentful paint, cold load", stats(t.paints), 300))
    console.log(line("illegal drop -> explanation shown", stats(t.drops), 50))
}
if (targets.length === 2)
    console.log(`ratio B/A of the medians: first paint ${(stats(targets[1].paints).median / stats(targets[0].paints).median).toFixed(2)}, ` +
        `drop -> explanation ${(stats(targets[1].drops).median / stats(targets[0].drops).median).toFixed(2)}`)
const last = targets[targets.length - 1]
process.exit(stats(last.paints).median <= 300 && stats(last.drops).median <= 50 ? 0 : 1)
