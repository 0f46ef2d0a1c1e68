// Games: paste or open a PGN file, and the server (POST /v1/games/annotate) says for each game what
// the Laws of Chess say about it, ply by ply — checks, mate, the ply the position became dead, the
// draws that could have been claimed, the automatic draws, the first illegal move — and the result
// an arbiter records, with the Result tag it contradicts. The page steps through a game: each
// event is marked on its move in the move list and listed below it; choosing a move or an event
// shows that position on the board with the event's explanation (and its squares) beside it.
import {el, errorText} from "./ui.js"
import {createMoveList} from "./movelist.js"
import {kingSquare, parsePgn} from "./notation.js"

const $ = id => document.getElementById(id)

// A mark on the move list per kind of event (its text is the event's own, from the server); a check
// and a mate are marked without a symbol, their SAN says them already.
const SYMBOLS = {
    check: "", double_check: "", checkmate: "", stalemate: "½", insufficient_material: "½", dead_position: "½",
    fivefold_repetition: "½", seventyfive_moves: "½", threefold_available: "=", fifty_moves_available: "=",
    moves_after_end: "…", result_tag_mismatch: "≠", time_forfeit: "⌛", time_forfeit_draw: "⌛",
}
const ENDINGS = new Set(["checkmate", "stalemate", "insufficient_material", "dead_position", "fivefold_repetition",
    "seventyfive_moves"])

export function createGames(ctx) {
    let source = ""
    let answer = null   // the server's {games, summary}
    let texts = []      // each game's own PGN text, cut from the source at the lines the server names
    let game = null     // {index, start, sans, plies, events}
    const positions = new Map() // ply -> analyze answer, for the game shown
    const moveList = createMoveList(ctx, $("games-moves"), {label: ctx.t("games_moves"), onSelect: ply => show(ply)})

    // The text of each game: from its first line to the line before the next game's.
    function cut(text, games) {
        const lines = text.replace(/\r\n?/g, "\n").split("\n")
        return games.map((g, i) => {
            const from = (g.line || 1) - 1
            const to = i + 1 < games.length && games[i + 1].line ? games[i + 1].line - 1 : lines.length
            return lines.slice(from, to).join("\n")
        })
    }

    async function annotate() {
        source = $("games-source").value
        const box = $("games-result")
        box.replaceChildren(el("p", {class: "note", text: ctx.t("games_checking")}))
        $("games-game").hidden = true
        ctx.clearFeedback()
        try {
            answer = await ctx.client.annotateGames(source)
        } catch (error) {
            answer = null
            box.replaceChildren(el("p", {class: "error", role: "alert", "data-code": error.code || "offline",
                text: error.status === 413 ? ctx.t("games_too_large") : errorText(ctx.lang, error)}))
            if (error.status === undefined || error.status === 503)
                ctx.fail(error, annotate)
            return
        }
        texts = cut(source, answer.games)
        const {games, mis_scored: mis} = answer.summary
        if (!games) {
            box.replaceChildren(el("p", {class: "error", text: ctx.t("games_none")}))
            return
        }
        box.replaceChildren(el("p", {class: "summary", "data-games": games, "data-mis-scored": mis},
            el("span", {text: ctx.t("games_read", games)}), " ", el("span", {text: ctx.t("games_mis_scored", mis)})))
        const select = $("games-select")
        select.replaceChildren(...answer.games.map((g, i) => el("option", {value: String(i),
            text: gameLabel(g)})))
        $("games-game").hidden = false
        await choose(0)
    }

    function gameLabel(g) {
        const tags = g.tags || {}
        if (g.error)
            return ctx.t("games_option_unreadable", g.game)
        return ctx.t(g.mis_scored ? "games_option_mis_scored" : "games_option", g.game, tags.White || "?", tags.Black || "?",
            g.result)
    }

    async function choose(index) {
        const g = answer.games[index]
        $("games-select").value = String(index)
        positions.clear()
        const events = $("games-events")
        if (g.error) {
            game = null
            $("games-verdict").replaceChildren(el("p", {class: "error", "data-code": g.error.explanation.code,
                text: ctx.t("games_unreadable", g.error.line, g.error.explanation.text)}))
            moveList.set("startpos", [], 0)
            events.replaceChildren()
            return
        }
        let parsed
        try {
            parsed = parsePgn(texts[index])
        } catch (e) {
            parsed = {tags: {}, moves: []}
        }
        game = {index, start: g.start, sans: parsed.moves.slice(0, g.plies), plies: g.plies, events: g.events || []}
        $("games-verdict").replaceChildren(verdict(g))
        moveList.set(g.start, game.sans, 0)
        for (const e of game.events)
            if (e.ply >= 1 && e.ply <= game.plies)
                moveList.mark(e.ply, {kind: e.code, text: e.text, symbol: SYMBOLS[e.code] ?? "•"})
        events.replaceChildren(...game.events.map((e, i) => el("li", {"data-code": e.code, "data-ply": e.ply},
            el("button", {type: "button", class: "link", onclick: () => showEvent(i)}, where(e)), " ",
            el("span", {class: "event-text", text: e.text}))))
        await show(0)
    }

    // "Start", "after 12. Nf3", or the illegal move as recorded.
    function where(e) {
        if (e.ply === 0)
            return ctx.t("games_at_start")
        if (e.ply > game.plies)
            return ctx.t("games_at_illegal", e.move && e.move.san ? e.move.san : "?")
        return ctx.t("games_after", moveList.ref(e.ply))
    }

    function verdict(g) {
        const key = g.basis === "none" ? "games_result_unfinished" : g.mis_scored ? "games_result_differs" : "games_result_agrees"
        return el("p", {class: "headline " + (g.mis_scored ? "error" : "info"), "data-result": g.result,
            "data-mis-scored": String(g.mis_scored), text: ctx.t(key, g.result, g.result_tag || "?")})
    }

    async function position(ply) {
        const at = Math.min(ply, game.plies)
        if (!positions.has(at))
            positions.set(at, await ctx.client.analyze({fen: game.start, moves: game.sans.slice(0, at)}))
        return positions.get(at)
    }

    // The position after ply moves on the board, and the events there beside it (the latest call
    // wins: a click on an event selects its move too).
    let shownCall = 0
    async function show(ply, focus = null) {
        if (!game)
            return
        const call = ++shownCall
        let p
        try {
            p = await position(ply)
        } catch (error) {
            ctx.fail(error, () => show(ply, focus))
            return
        }
        if (call !== shownCall)
            return
        await ctx.board.show(p.fen, {check: p.check ? kingSquare(p.fen) : null})
        ctx.describeBoard(p.fen, p.turn)
        const here = game.events.filter(e => e.ply === ply || (ply === game.plies && e.ply > game.plies))
        const shown = focus ? [focus, ...here.filter(e => e !== focus)] : here
        ctx.rerender = null
        if (!shown.length) {
            ctx.explain([], {headline: ply ? ctx.t("games_nothing_after", moveList.ref(ply)) : ctx.t("games_nothing_start"), marks: false})
            return
        }
        const lead = shown[0]
        const rest = shown.slice(1)
        ctx.explain([...(lead.explanations || []), ...rest, ...rest.flatMap(e => e.explanations || [])],
            {headline: lead.text, headlineRule: lead.rule ? lead.rule.replace(/^FIDE /, "") : null,
                kind: ENDINGS.has(lead.code) || lead.code === "result_tag_mismatch" ? "error" : "info"})
    }

    async function showEvent(i) {
        const e = game.events[i]
        const ply = Math.min(e.ply, game.plies)
        if (moveList.cursor !== ply)
            moveList.select(ply)
        await show(ply, e)
    }

    function openFile(event) {
        const file = event.target.files && event.target.files[0]
        if (!file)
            return
        const reader = new FileReader()
        reader.onload = () => {
            $("games-source").value = String(reader.result)
            annotate()
        }
        reader.readAsText(file)
    }

    let wired = false
    return {
        activate() {
            if (!wired) {
                $("games-annotate").addEventListener("click", annotate)
                $("games-file").addEventListener("change", openFile)
                $("games-select").addEventListener("change", () => choose(Number($("games-select").value)))
                wired = true
            }
            ctx.controls({moves: false})
            ctx.board.inputEnabled = false
            if (game)
                return show(moveList.cursor)
            return null
        },
        // The server's texts come in the asked language: annotate the same text again.
        async relang() {
            if (!answer)
                return
            const at = game ? {index: game.index, ply: moveList.cursor} : null
            $("games-source").value = source
            await annotate()
            if (at && answer && answer.games[at.index]) {
                await choose(at.index)
                moveList.select(at.ply)
            }
        },
        hint: () => answer ? null : ctx.t("games_hint"),
    }
}
