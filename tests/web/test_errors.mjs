// A server that stops and comes back, in a real browser (trial defect D16): the page says so in
// the page's language (never "Failed to fetch"), keeps the moves, and carries on by itself once
// the server answers again — on the same port, as a restarted service would.
// usage: node test_errors.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import * as L from "./lib.mjs"
const {check} = L

let server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)
// With the server stopped, chromium logs each refused request; those are what this test causes.
const refused = () => page.consoleErrors.splice(0).filter(e => !/ERR_CONNECTION_REFUSED|Failed to fetch/.test(e))

// Whatever a scenario did, the next one finds the server up.
async function serverUp() {
    try {
        await fetch(server.origin + "/v1/health")
    } catch (error) {
        server = await L.startDaemon(server.port)
    }
}

await run.scenario("D16 a stopped server is announced in Persian, the moves are kept, and the page recovers by itself", async () => {
    await L.open(page, "#play/fa")
    for (const m of ["e4", "e5"]) {
        await L.typeMove(page, m)
        await L.waitText(page, "#move-list", new RegExp(m))
    }
    await server.stop()
    await L.drag(page, "g1", "f3")
    await L.waitFor(page, () => !document.querySelector("#connection").hidden)
    const banner = await L.text(page, "#connection")
    check(/سرور آربیتر پاسخ نمی‌دهد/.test(banner), "the banner is not the Persian message: " + banner)
    // The explanation area, where the eyes are, says the answer is on its way (not the banner again).
    const why = await L.text(page, "#feedback")
    check(/در انتظار سرور/.test(why) && !why.includes(banner), "the explanation area says: " + why)
    check(!/Failed to fetch|خطا:/.test(await page.evaluate(() => document.body.innerText)), "a raw error is shown")
    await L.shot(page, "server-down-fa")
    // The Lessons tab says the list is on its way, instead of an empty list.
    await page.click("#tab-lessons")
    await L.waitText(page, "#feedback", /در انتظار سرور/)
    check(await L.inView(page, "#feedback"), "the message is not in the window in Lessons")
    server = await L.startDaemon(server.port)
    // Back: the banner says so, and the lessons load without a reload.
    await page.waitForSelector("#lesson-select option[value='stalemate']", {timeout: 20000})
    await L.waitFor(page, () => document.querySelector("#connection").dataset.state !== "down")
    await page.click("#tab-play")
    await L.waitText(page, "#move-list", /e5/)
    const moves = await page.$$eval("#move-list button.move", bs => bs.map(b => b.textContent))
    check(moves.join(" ") === "e4 e5", "the moves were not kept: " + moves)
    await L.typeMove(page, "Nf3")
    await L.waitText(page, "#move-list", /Nf3/)
    check(refused().length === 0, "other console errors")
})

await serverUp()
await run.scenario("D16 a move tried while the server was down is played once it is back", async () => {
    await L.open(page, "#play")
    await server.stop()
    await L.typeMove(page, "d4")
    await L.waitFor(page, () => !document.querySelector("#connection").hidden)
    check(/not answering; your moves are kept/.test(await L.text(page, "#connection")), "the English message: " + await L.text(page, "#connection"))
    server = await L.startDaemon(server.port)
    await L.waitText(page, "#move-list", /d4/)
    await L.waitText(page, "#connection", /answering again/)
    refused()
})

await serverUp()
await run.scenario("D16 a busy server (503) is called busy, in Arabic, and the move is played when it answers", async () => {
    await L.open(page, "#play/ar")
    let refusals = 0
    await page.setRequestInterception(true)
    const busy = request => {
        // The client retries a 503 twice by itself (arbiter-client.js, after Retry-After): three
        // refusals reach the page, the fourth request is let through.
        if (new URL(request.url()).pathname === "/v1/move" && refusals < 3) {
            refusals++
            request.respond({status: 503, contentType: "application/json", headers: {"Retry-After": "1"},
                body: JSON.stringify({error: {code: "busy", message: "busy"}})})
        } else {
            request.continue()
        }
    }
    page.on("request", busy)
    try {
        await L.typeMove(page, "e4")
        await L.waitFor(page, () => !document.querySelector("#connection").hidden)
        const banner = await L.text(page, "#connection")
        check(/مشغول/.test(banner) && !/لا يستجيب/.test(banner), "the banner does not say busy: " + banner)
        check(/بانتظار الخادم/.test(await L.text(page, "#feedback")), "the explanation area: " + await L.text(page, "#feedback"))
        // The health probe answers, the move is sent again and played.
        await L.waitText(page, "#move-list", /e4/)
    } finally {
        page.off("request", busy)
        await page.setRequestInterception(false)
    }
    refused()
})

await serverUp()
await run.scenario("the page stays clean: no script error, no failed file, nothing outside the origin", async () => {
    refused()
    L.cleanPage(page)
})

await browser.close()
await server.stop()
process.exit(run.finish())
