// Play mode in a real browser, one scenario per defect of the playground trial
// (../shared/reviews/2026-12-playground-trial.md, D1 …) that Play shows, plus the features a
// teacher expects there: last-move highlight, legal-move dots, a move list with PGN.
// usage: node test_play.mjs ARBITERD LESSONS_DIR SHOTS_DIR
import * as L from "./lib.mjs"
const {check} = L

const PIN = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1"
const server = await L.startDaemon()
const browser = await L.launch()
const page = await L.newPage(browser, server)
const run = L.runner(page)

// A game of n plies the server plays itself: each time the (7·i)-th legal move, stopping at an end.
async function longGame(n) {
    const moves = []
    for (let i = 0; i < n; i++) {
        const answer = await (await fetch(server.origin + "/v1/analyze", {method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({moves})})).json()
        if (answer.status !== "ongoing" || !answer.legal_moves.length)
            break
        moves.push(answer.legal_moves[(7 * i + 3) % answer.legal_moves.length].san)
    }
    return moves
}

async function dragAndRead(from, to) {
    return L.feedbackAfter(page, () => L.drag(page, from, to))
}

await run.scenario("D1 the explanation of an illegal drop is inside the window at 1280x800, in en, fa and ar", async () => {
    for (const lang of ["en", "fa", "ar"]) {
        await L.open(page, lang === "en" ? "#play" : "#play/" + lang)
        await L.setFen(page, PIN)
        await dragAndRead("c3", "d5")
        await page.waitForSelector("#feedback li[data-code='pinned']")
        check(await L.inView(page, "#feedback .headline"), `${lang}: the headline is below the fold`)
        check(await L.inView(page, "#feedback li[data-code='pinned']"), `${lang}: the reason is below the fold`)
        if (lang === "fa")
            await L.shot(page, "play-pinned-fa-desktop")
    }
})

await run.scenario("D1 the explanation is inside the window on a phone after a touch drag", async () => {
    const phone = await L.newPage(browser, server, L.PHONE)
    try {
        await L.open(phone, "#play/ar")
        await L.setFen(phone, PIN)
        await L.feedbackAfter(phone, () => L.touchDrag(phone, "c3", "d5"))
        await phone.waitForSelector("#feedback li[data-code='pinned']")
        await L.sleep(300) // the page scrolls the answer into view
        check(await L.inView(phone, "#feedback .headline") && await L.inView(phone, "#feedback ul"), "the explanation is not wholly in the phone's window")
        check(await phone.evaluate(() => document.documentElement.scrollWidth) <= 391, "the page scrolls sideways at 390 px")
        await L.shot(phone, "play-pinned-ar-phone")
        L.cleanPage(phone)
    } finally {
        await phone.close()
    }
})

await run.scenario("D2 marks are cleared on a new position, a legal move and a position set; check is marked only while it lasts", async () => {
    await L.open(page)
    await L.setFen(page, "4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    await dragAndRead("e1", "g1")
    check((await L.arrows(page)).includes("f8f1"), "castling through f1 is not drawn")
    await L.setFen(page, "k7/8/2K5/8/8/8/8/1Q6 w - - 0 1")
    check((await L.arrows(page)).length === 0, "an arrow of the previous position stays: " + await L.arrows(page))
    check((await L.markers(page)).length === 0, "markers of the previous position stay: " + await L.markers(page))
    await L.setFen(page, "4k3/8/8/8/8/8/3P1P2/r3K3 w - - 0 1")
    check(await page.$eval("#board", b => b.dataset.check) === "e1", "the king in check is not marked")
    await dragAndRead("d2", "d3")
    check((await L.markers(page, "marker-circle-danger")).includes("a1"), "the checking rook is not marked for the illegal d3")
    await L.feedbackAfter(page, () => L.drag(page, "e1", "e2"))
    const after = await L.markers(page, "marker-circle-danger")
    check(!after.length, "the marks of d3's explanation stay after Ke2: " + after)
    check(!(await L.arrows(page)).length, "an arrow stays after Ke2: " + await L.arrows(page))
    check(await page.$eval("#board", b => b.dataset.check) === "", "check is still marked after the king escaped")
    check(await page.$eval("#board", b => b.dataset.lastMove) === "e1e2", "the last move e1-e2 is not highlighted")
    check((await L.markers(page, "marker-last-move")).sort().join() === "e1,e2", "the last-move squares are not marked")
})

await run.scenario("D3 the move list is in numbered pairs, starts with 1… when Black moves first, and never overprints", async () => {
    await L.open(page)
    await L.setFen(page, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    await L.typeMove(page, "d5")
    await L.waitText(page, "#move-list", /d5/)
    await L.typeMove(page, "exd6")
    await L.waitText(page, "#move-list", /exd6/)
    const rows = await page.$$eval("#move-list li.move-pair", lis => lis.map(li => li.innerText.replace(/\s+/g, " ").trim()))
    check(rows.length === 2 && rows[0] === "1… d5" && rows[1] === "2. exd6", "the pairs read " + JSON.stringify(rows))
    // A long game (120 plies, made by the server: the i-th legal move taken each time); the rows
    // do not overlap each other.
    await L.open(page)
    const moves = await longGame(120)
    await page.$eval("#pgn-input", (n, v) => { n.value = v }, moves.join(" "))
    await page.$eval("details.pgn", d => { d.open = true })
    await page.click("#pgn-load")
    await page.waitForSelector(`#move-list button.move[data-ply='${moves.length}']`)
    const boxes = await page.$$eval("#move-list button.move", bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, b.textContent] }))
    for (let i = 1; i < boxes.length; i++) {
        const [a, b] = [boxes[i - 1], boxes[i]]
        const overlap = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
        check(!overlap, `moves ${i} and ${i + 1} overlap`)
    }
    await L.shot(page, "play-long-game")
})

await run.scenario("D3 a move of the list shows its position; a move played there replaces the rest; PGN copied", async () => {
    await L.open(page)
    for (const m of ["e4", "e5", "Nf3", "Nc6"]) {
        await L.typeMove(page, m)
        await L.waitText(page, "#move-list", new RegExp(m))
    }
    await page.click("#move-list button.move[data-ply='2']")
    await L.waitFor(page, () => document.querySelector("#board").dataset.fen.startsWith("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"))
    check(await page.$eval("#board", b => b.dataset.lastMove) === "e7e5", "the last move of that position is not highlighted")
    check(!(await page.$eval("#viewing", n => n.hidden)), "the page does not say an earlier position is shown")
    check(/after 1… e5/.test(await L.text(page, "#viewing")), "the note does not name the move: " + await L.text(page, "#viewing"))
    await L.typeMove(page, "d4")
    await L.waitText(page, "#move-list", /d4/)
    const sans = await page.$$eval("#move-list button.move", bs => bs.map(b => b.textContent))
    check(sans.join(" ") === "e4 e5 d4", "the moves after the chosen one are not replaced: " + sans)
    await page.click("#pgn-copy")
    await L.waitFor(page, () => document.querySelector("#pgn-input").value.length > 0)
    const pgn = await page.$eval("#pgn-input", n => n.value)
    check(/1\. e4 e5 2\. d4 \*/.test(pgn), "the PGN is not the game: " + pgn)
})

await run.scenario("D3 a pasted PGN with comments, variations and a FEN is read; a bad move in it is explained", async () => {
    await L.open(page)
    await page.$eval("details.pgn", d => { d.open = true })
    const pgn = '[Event "x"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 {a comment} Kd7 (1... Ke7 2. e5) 2. e5 $1 Kc6 *'
    await page.$eval("#pgn-input", (n, v) => { n.value = v }, pgn)
    await page.click("#pgn-load")
    await L.waitText(page, "#move-list", /Kc6/)
    check((await page.$$eval("#move-list button.move", bs => bs.map(b => b.textContent))).join(" ") === "e4 Kd7 e5 Kc6", "the PGN's main line is not the list")
    await page.$eval("#pgn-input", n => { n.value = "1. e4 e5 2. Ke3" })
    await page.click("#pgn-load")
    await L.waitText(page, "#pgn-result", /.+/)
    check(/Ke3/.test(await L.text(page, "#pgn-result")), "the illegal move of the PGN is not named: " + await L.text(page, "#pgn-result"))
})

await run.scenario("D4 in fa and ar every explanation line is laid out right to left, even when it starts with a move", async () => {
    for (const lang of ["fa", "ar"]) {
        await L.open(page, "#play/" + lang)
        await L.setFen(page, PIN)
        await L.typeMove(page, "c3d5")
        await page.waitForSelector("#feedback li[data-code]")
        const dirs = await page.$$eval("#feedback li, #feedback .headline", nodes => nodes.map(n => getComputedStyle(n).direction))
        check(dirs.every(d => d === "rtl"), `${lang}: explanation lines laid out ${dirs}`)
        // The castling reasons of the start position too (they start with a move or a square).
        await L.setFen(page, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        const castling = await page.$$eval("#castling li, #status p", nodes => nodes.map(n => getComputedStyle(n).direction))
        check(castling.every(d => d === "rtl"), `${lang}: castling reasons laid out ${castling}`)
    }
})

await run.scenario("D9 a bad FEN is reported once, next to the FEN box, and marked invalid", async () => {
    await L.open(page)
    await page.type("#fen-input", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    await page.click("#set-fen")
    await L.waitText(page, "#fen-error", /Digit/)
    const shown = await page.evaluate(() => document.body.innerText)
    check(shown.split("Digit '9'").length === 2, "the FEN error is shown more than once")
    check(await page.$eval("#fen-input", n => n.getAttribute("aria-invalid")) === "true", "the FEN box is not marked invalid")
    const [box, error] = await Promise.all(["#fen-input", "#fen-error"].map(s => page.$eval(s, n => n.getBoundingClientRect().bottom)))
    check(error - box < 80, "the error is not next to the FEN box")
    await page.$eval("#fen-input", n => { n.value = "" })
    await page.type("#fen-input", "8/8/8/8/8/8/8/8 w - - 0 1")
    await page.click("#set-fen")
    await L.waitText(page, "#fen-error", /king/)
    await page.$eval("#c960-input", n => { n.value = "1000" })
    await page.click("#set-960")
    await L.waitText(page, "#c960-error", /0 to 959/)
    check(!/No such resource/.test(await page.evaluate(() => document.body.innerText)), "Chess960 1000 says 'No such resource'")
})

await run.scenario("D10 a dragged move is named in SAN, and the real reason comes first", async () => {
    await L.open(page)
    await L.setFen(page, PIN)
    const shown = await dragAndRead("c3", "d5")
    check(/Nd5 is not legal here/.test(shown), "the headline does not name Nd5: " + shown)
    check(!/c3d5/.test(shown), "the UCI c3d5 is shown: " + shown)
    const codes = await page.$$eval("#feedback li[data-code]", ns => ns.map(n => n.dataset.code))
    check(codes[0] === "pinned", "the first reason is " + codes[0])
    await L.setFen(page, "4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    const castle = await dragAndRead("e1", "g1")
    check(/O-O is not legal here/.test(castle) && !/e1g1/.test(castle), "a dragged castling is not named O-O: " + castle)
})

await run.scenario("D11 check, checkmate and stalemate are said in words, with who won", async () => {
    await L.open(page)
    await L.setFen(page, "4k3/8/8/8/8/8/3P1P2/r3K3 w - - 0 1")
    check(/White is in check/.test(await L.text(page, "#status .status-line")), "the status does not say check: " + await L.text(page, "#status .status-line"))
    await L.setFen(page, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    const mate = await dragAndRead("a1", "a8")
    check(/Ra8# is legal/.test(mate), "the mating move is not named: " + mate)
    check(/Checkmate — White wins/.test(mate) && /1-0/.test(mate), "the winner is not said: " + mate)
    check(await page.$eval("#feedback li[data-code]", n => n.dataset.code) === "checkmate", "the reason of the mate is not given")
    await L.setFen(page, "k7/8/2K5/8/8/8/8/1Q6 w - - 0 1")
    const stale = await dragAndRead("b1", "b6")
    check(/Stalemate — the game is drawn/.test(stale), "stalemate is not said: " + stale)
    await L.setFen(page, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    const check_ = await L.feedbackAfter(page, () => L.typeMove(page, "Ra8"))
    check(/Black is in check/.test(check_), "the check is not said after Ra8+: " + check_)
})

await run.scenario("D12 the move box reads Persian and Arabic digits", async () => {
    await L.open(page, "#play/fa")
    await L.typeMove(page, "Nf۳")
    await L.waitText(page, "#move-list", /Nf3/)
    await L.typeMove(page, "e٥")
    await L.waitText(page, "#move-list", /e5/)
})

await run.scenario("D19 castling rows look openable and tell 'not now' from 'right lost'", async () => {
    await L.open(page)
    await L.waitText(page, "#status", /goes on/)
    const summary = "#castling details[data-color='white'][data-side='kingside'] summary"
    check(await page.$eval(summary, s => getComputedStyle(s).display) !== "flex", "the summary hides its disclosure marker")
    check(await page.$eval(summary, s => s.getBoundingClientRect().height) >= 40, "the castling row is a small tap target")
    check(/not now/.test(await L.text(page, summary)), "the start position's castling does not say 'not now'")
    await L.setFen(page, "4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    check(/right lost/.test(await L.text(page, summary)), "a lost right does not say so: " + await L.text(page, summary))
})

await run.scenario("D20 touch-move text, footer and move list take the page's direction in fa", async () => {
    await L.open(page, "#play/fa")
    await L.typeMove(page, "e4")
    await L.waitText(page, "#move-list", /e4/)
    for (const selector of ["#touched", "footer p", "#move-list ol", "#castling summary"])
        check(await L.direction(page, selector) === "rtl", selector + " is not right to left")
    check(/^هنوز/.test(await L.text(page, "#touched")), "the touch line does not start with its Persian words")
    const [number, move] = await Promise.all(["#move-list .number", "#move-list button.move"].map(s => page.$eval(s, n => n.getBoundingClientRect().x)))
    check(number > move, "the move number is not on the right of its move in RTL")
    check(await L.direction(page, "#move-list button.move") === "ltr", "a move is not left to right")
})

await run.scenario("D21 a language switch re-renders the explanation on screen and keeps its marks", async () => {
    await L.open(page)
    await L.setFen(page, PIN)
    await L.typeMove(page, "Nd5")
    await page.waitForSelector("#feedback li[data-code='pinned']")
    await L.selectLang(page, "fa")
    await L.waitFor(page, () => /آچمز/.test(document.querySelector("#feedback").textContent))
    check((await L.arrows(page)).includes("b4e1"), "the pin line is gone after the switch")
})

await run.scenario("D22 repetitions are dated by the move; a move after mate says the game is over", async () => {
    await L.open(page)
    for (const m of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]) {
        await L.typeMove(page, m)
        await L.waitText(page, "#move-list", new RegExp(m))
    }
    await L.waitText(page, "#claims", /after/)
    const claims = await L.text(page, "#claims")
    check(/after 2… Ng8/.test(claims) && /again after 4… Ng8/.test(claims), "the repetitions are not dated by 2… Ng8 and 4… Ng8: " + claims)
    check(!/ply/.test(claims), "the claims still speak of plies: " + claims)
    await L.setFen(page, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    await L.typeMove(page, "Ra8")
    await L.waitText(page, "#feedback", /White wins/)
    const over = await L.feedbackAfter(page, () => L.typeMove(page, "Kh1"))
    check(/The game is over/.test(over) && /White wins/.test(over), "a move after mate is not answered 'the game is over': " + over)
    check(!/Error|ply/.test(over), "the answer says Error or ply: " + over)
})

await run.scenario("D23 the fifty-move claim is one paragraph listing the moves", async () => {
    await L.open(page)
    await L.setFen(page, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    const paragraphs = await L.count(page, "#claims .claim")
    check(paragraphs === 1, paragraphs + " claim paragraphs")
    check(/Kd1/.test(await L.text(page, "#claims")) && /Ra8/.test(await L.text(page, "#claims")), "the moves are not listed")
})

await run.scenario("D24 first visit: a hint where the answer will be, a FEN placeholder; en passant explained", async () => {
    await L.open(page)
    check(/Drag a piece or type a move/.test(await L.text(page, "#feedback")), "no hint in the explanation area")
    check((await page.$eval("#fen-input", n => n.placeholder)).length > 0, "the FEN box has no placeholder")
    await L.setFen(page, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    const ep = await dragAndRead("e5", "d6")
    check(/captures en passant/.test(ep) && /d5/.test(ep), "the en passant capture is not explained: " + ep)
    check(await L.pieceOn(page, "d5") === null, "the captured pawn is still on d5")
    await page.click("#tab-lessons")
    await page.waitForSelector("#lesson-select option")
    check(await page.$eval("#undo", b => b.offsetParent === null), "Take back is shown in Lessons")
})

await run.scenario("legal-move dots when a piece is picked up, a setting kept in the browser", async () => {
    await L.open(page)
    check(await page.$eval("#dots", b => b.checked), "the dots are off by default in Play")
    const a = await page.$eval("#board rect[data-square='g1']", r => { const b = r.getBoundingClientRect(); return {x: b.x + b.width / 2, y: b.y + b.height / 2} })
    await page.mouse.move(a.x, a.y)
    await page.mouse.down()
    await page.mouse.move(a.x + 5, a.y - 5, {steps: 2})
    const dots = await L.markers(page, "marker-dot")
    await page.mouse.move(a.x, a.y)
    await page.mouse.up()
    check(dots.sort().join() === "f3,h3", "the knight's dots are " + dots)
    await page.click("#dots")
    await L.open(page, "#play", {clearStorage: false})
    check(!(await page.$eval("#dots", b => b.checked)), "the setting is not kept")
})

await run.scenario("the page stays clean: no script error, no failed file, nothing outside the origin", async () => {
    L.cleanPage(page)
})

await browser.close()
await server.stop()
process.exit(run.finish())
