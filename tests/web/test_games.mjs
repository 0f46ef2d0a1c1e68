// The Games mode in a real browser (issue 26, the page): a pasted PGN of several games is checked by
// POST /v1/games/annotate; the summary counts the games and the mis-scored ones; each game's
// events are marked on their moves in the move list and listed below it; a click on an event
// shows its position on the board and its explanation beside it; a game that cannot be read says
// why; a language switch shows the server's texts in the new language.
// usage: node test_games.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import * as L from "./lib.mjs"
const {check} = L

const server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)

// Fool's mate scored as a draw (mis-scored); White's flag fell with a queen against a bare king
// (6.9: a draw, as recorded); a game with a broken tag (the reader goes on at the next game); a
// repetition that goes on.
const PGN = `[Event "fools mate"]
[White "Fool"]
[Black "Mate"]
[Result "1/2-1/2"]

1. f3 e5 2. g4 Qh4# 1/2-1/2

[Event "flag"]
[White "Slow"]
[Black "Knight"]
[Result "1/2-1/2"]
[Termination "Time forfeit"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/4K3/7Q w - - 0 1"]

1. Kd2 Kf5 1/2-1/2

[Event "broken
[Result "*"]

1. e4 *

[Event "repetition"]
[White "A"]
[Black "B"]
[Result "*"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *
`

async function paste(text) {
    await page.$eval("#games-source", (node, value) => {
        node.value = value
        node.dispatchEvent(new Event("input"))
    }, text)
}

async function annotate(text) {
    await L.open(page, "#games")
    await paste(text)
    await page.click("#games-annotate")
    await page.waitForSelector("#games-result .summary")
}

await run.scenario("the summary counts the games and the mis-scored ones", async () => {
    await annotate(PGN)
    const summary = await page.$eval("#games-result .summary", n => [n.dataset.games, n.dataset.misScored, n.textContent])
    check(summary[0] === "4" && summary[1] === "1", "summary: " + summary)
    check(/4 games read\. One recorded result does not agree/.test(L.plain(summary[2])), "summary text: " + summary[2])
    const options = await page.$$eval("#games-select option", ns => ns.map(n => n.textContent))
    check(options.length === 4, "options: " + options)
    check(/mis-scored/.test(options[0]) && !/mis-scored/.test(options[1]) && /cannot be read/.test(options[2]),
        "the options do not say which game is mis-scored or unreadable: " + options)
})

await run.scenario("a game's events are marked on their moves and explained on the board", async () => {
    await annotate(PGN)
    const verdict = await page.$eval("#games-verdict .headline", n => [n.dataset.result, n.dataset.misScored, n.textContent])
    check(verdict[0] === "0-1" && verdict[1] === "true", "verdict: " + verdict)
    check(/0-1.*1\/2-1\/2 was recorded/.test(L.plain(verdict[2])), "the verdict does not name both results: " + verdict[2])
    const mark = await page.$eval("#games-moves .move[data-ply='4'] .event[data-kind='checkmate']", n => n.getAttribute("title"))
    check(/checkmate/i.test(mark), "ply 4 has no checkmate mark: " + mark)
    const events = await page.$$eval("#games-events li", ns => ns.map(n => n.dataset.code + "@" + n.dataset.ply))
    check(events.includes("checkmate@4") && events.includes("result_tag_mismatch@4"), "events: " + events)
    const text = await L.feedbackAfter(page, () => page.click("#games-events li[data-code='checkmate'] button"))
    check(/checkmate/i.test(text), "the mate is not explained: " + text)
    check(await page.$eval("#games-moves .move[data-ply='4']", n => n.getAttribute("aria-current")) === "true",
        "the mate's move is not the one selected")
    const queen = await L.pieceOn(page, "h4")
    check(/bq/.test(queen || ""), "the board does not show the mate: " + queen)
    const start = await L.feedbackAfter(page, () => page.click("#games-moves [data-nav='first']"))
    check(/Nothing for the rules to note in the start position/.test(start), "the start position says: " + start)
    await L.shot(page, "games-mate")
})

await run.scenario("a time forfeit is re-scored by 6.9; an unreadable game says why", async () => {
    await annotate(PGN)
    await page.select("#games-select", "1")
    await L.waitFor(page, () => document.querySelector("#games-verdict .headline")?.dataset.result === "1/2-1/2")
    const events = await page.$$eval("#games-events li", ns => ns.map(n => n.dataset.code))
    check(events.includes("time_forfeit_draw"), "no 6.9 draw: " + events)
    await page.select("#games-select", "2")
    await page.waitForSelector("#games-verdict .error[data-code]")
    check(/cannot be read \(line 18\): The tag value's closing quote is missing/.test(await L.text(page, "#games-verdict")),
        "the broken game: " + await L.text(page, "#games-verdict"))
    await page.select("#games-select", "3")
    await L.waitFor(page, () => [...document.querySelectorAll("#games-events li")].some(n => n.dataset.code === "threefold_available"))
    const ply = await page.$eval("#games-events li[data-code='threefold_available']", n => n.dataset.ply)
    check(ply === "8", "the threefold repetition is available after ply " + ply)
    check(await L.count(page, "#games-moves .move[data-ply='8'] .event[data-kind='threefold_available']") === 1, "ply 8 is not marked")
})

await run.scenario("a language switch shows the server's texts in the new language", async () => {
    await annotate(PGN)
    await L.selectLang(page, "fa")
    await L.waitFor(page, () => /بازی خوانده شد/.test(document.querySelector("#games-result").textContent))
    await L.waitFor(page, () => /مات/.test(document.querySelector("#games-events").textContent))
    check(await L.direction(page, "#games-events") === "rtl", "the events are not right to left")
    await L.selectLang(page, "ar")
    await L.waitFor(page, () => /قُرئت/.test(document.querySelector("#games-result").textContent))
    check(/كش مات|مات/.test(await L.text(page, "#games-events")), "the events are not in Arabic")
})

await browser.close()
await server.stop()
process.exit(run.finish())
