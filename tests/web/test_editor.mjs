// The position editor in a real browser: pieces put on and taken off, dragged, the side to move,
// castling rights and en passant square chosen or the FEN typed; /v1/validate's reasons at once
// for an illegal position (its squares marked), and a legal one played in Play.
// usage: node test_editor.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import * as L from "./lib.mjs"
const {check} = L

const server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)
const fen = () => page.$eval("#editor-fen", n => n.value)
const verdict = async expected => {
    await page.waitForSelector(`#editor-verdict [data-valid='${expected}']`)
    return L.text(page, "#editor-verdict")
}
const tool = t => page.click(`#palette button[data-tool='${t}']`)

await run.scenario("the editor builds a position square by square and says at once why it is illegal", async () => {
    await L.open(page, "#editor")
    await page.click("#editor-empty")
    check(/missing|no white king|king/i.test(await verdict("false")), "an empty board is not refused for its kings")
    await tool("wK")
    await L.clickSquare(page, "e1")
    await tool("bK")
    await L.clickSquare(page, "e8")
    await verdict("true")
    check(await fen() === "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "the FEN is " + await fen())
    check(!(await page.$eval("#editor-play", b => b.disabled)), "a legal position cannot be played")
    await tool("wP")
    await L.clickSquare(page, "a8")
    const refused = await verdict("false")
    check(/pawn/i.test(refused) && await L.count(page, "#editor-verdict li[data-code='pawn_on_back_rank']") === 1, "the pawn on a8 is not the reason: " + refused)
    check((await L.markers(page)).includes("a8"), "a8 is not marked")
    check(await page.$eval("#editor-play", b => b.disabled), "an illegal position can be played")
    await L.shot(page, "editor-refused")
    await tool("eraser")
    await L.clickSquare(page, "a8")
    await verdict("true")
    await page.click("input[name=editor-castling][value='K']")
    check(/castl/i.test(await verdict("false")), "a castling right without its rook is not refused")
    await page.click("input[name=editor-castling][value='K']")
    await verdict("true")
})

await run.scenario("the editor: a drag moves a piece, the side and en passant square are chosen, a typed FEN is read", async () => {
    await L.open(page, "#editor")
    await page.click("#editor-empty")
    await tool("wK")
    await L.clickSquare(page, "e1")
    await tool("bK")
    await L.clickSquare(page, "e8")
    await verdict("true")
    await L.drag(page, "e1", "d1")
    await L.waitFor(page, () => document.querySelector("#editor-fen").value.startsWith("4k3/8/8/8/8/8/8/3K4 "))
    await tool("bP")
    await L.clickSquare(page, "d5")
    await tool("wP")
    await L.clickSquare(page, "e5")
    await page.click("input[name=editor-turn][value='w']")
    await page.select("#editor-ep", "d6")
    await verdict("true")
    check(/ w - d6 0 1$/.test(await fen()), "the en passant square is not in the FEN: " + await fen())
    await page.select("#editor-ep", "c6")
    check(/en passant/i.test(await verdict("false")), "an impossible en passant square is not refused")
    await page.$eval("#editor-fen", n => { n.value = "" })
    await page.type("#editor-fen", "8/8/8/4k3/8/8/8/R3K2R w KQ - 0 1")
    await page.keyboard.press("Tab")
    await verdict("true")
    check(await L.pieceOn(page, "h1") === "#wr" && await page.$eval("input[name=editor-castling][value='Q']", c => c.checked),
        "the typed FEN is not on the board and in the controls")
    await page.click("#editor-play")
    await L.waitFor(page, () => !document.querySelector("#mode-play").hidden)
    await L.waitFor(page, () => document.querySelector("#board").dataset.fen === "8/8/8/4k3/8/8/8/R3K2R w KQ - 0 1")
    check(await page.$eval("#castling details[data-color='white'][data-side='kingside']", d => d.dataset.allowed) === "true", "Play does not play the edited position")
})

await run.scenario("the editor in Arabic: the refusal in Arabic", async () => {
    await L.open(page, "#editor/ar")
    await page.click("#editor-empty")
    const refused = await verdict("false")
    check(/[\u0600-\u06FF]/.test(refused) && !/[A-Za-z]{4,}/.test(refused.replace(/FEN|FIDE/g, "")), "the refusal is not in Arabic: " + refused)
})

await run.scenario("the page stays clean: no script error, no failed file, nothing outside the origin", async () => {
    L.cleanPage(page)
})

await browser.close()
await server.stop()
process.exit(run.finish())
