// Drives the playground as a student does and times it (bench/web/run.sh):
// - first contentful paint of a cold load (cache off), RUNS loads;
// - illegal drop -> explanation: from the mouse button's release over d5 (the pinned knight of
//   4k3/8/8/8/1b6/2N5/8/4K3) to the explanation's reason in the page, RUNS drops.
// Medians, minimum and maximum; exit 1 when a median is over its bound.
import {spawn} from "node:child_process"
import {createRequire} from "node:module"

const [arbiterd, lessons, runsArg] = process.argv.slice(2)
const runs = Number(runsArg) || 20
const puppeteer = createRequire(process.env.PUPPETEER_DIR + "/")("puppeteer-core")

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
const origin = `http://127.0.0.1:${port}`
const browser = await puppeteer.launch({executablePath: process.env.CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]})
const page = await browser.newPage()
await page.setViewport({width: 1280, height: 800})
await page.setCacheEnabled(false)

const stats = xs => {
    const s = [...xs].sort((a, b) => a - b)
    return {median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1]}
}

const paints = []
for (let i = 0; i < runs; i++) {
    await page.goto("about:blank")
    await page.goto(origin + "/#play", {waitUntil: "networkidle0"})
    const fcp = await page.evaluate(() => new Promise(resolve => {
        const entry = performance.getEntriesByName("first-contentful-paint")[0]
        if (entry)
            return resolve(entry.startTime)
        new PerformanceObserver(list => resolve(list.getEntriesByName("first-contentful-paint")[0].startTime)).observe({type: "paint", buffered: true})
    }))
    paints.push(fcp)
}

await page.setCacheEnabled(true)
await page.goto(origin + "/#play", {waitUntil: "networkidle0"})
await page.waitForSelector("#board svg")
await page.$eval("#fen-input", n => { n.value = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1" })
await page.click("#set-fen")
await page.waitForFunction(() => document.querySelector("#board").dataset.fen.startsWith("4k3/8/8/8/1b6/2N5/8/4K3"))
const center = sq => page.$eval(`#board rect[data-square='${sq}']`, r => { const b = r.getBoundingClientRect(); return {x: b.x + b.width / 2, y: b.y + b.height / 2} })
const [from, to] = [await center("c3"), await center("d5")]
const drops = []
for (let i = 0; i < runs; i++) {
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
    drops.push(await page.evaluate(() => window.__shown))
}

await browser.close()
daemon.kill("SIGTERM")
const p = stats(paints), d = stats(drops)
const line = (name, s, bound) => `${name}: median ${s.median.toFixed(1)} ms (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}, ${runs} runs; bound ${bound} ms) ${s.median <= bound ? "ok" : "OVER"}`
console.log(line("first contentful paint, cold load", p, 300))
console.log(line("illegal drop -> explanation shown", d, 50))
process.exit(p.median <= 300 && d.median <= 50 ? 0 : 1)
