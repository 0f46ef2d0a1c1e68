// arbiter-client.js: a small client for the Arbiter HTTP API (docs/api.md), the one the
// playground uses for every call. Copy it into an app as it is: no dependencies, plain fetch.
//
//   import {ArbiterClient} from "./arbiter-client.js"
//   const arbiter = new ArbiterClient({lang: "fa"})
//   const answer = await arbiter.move({fen: "startpos", moves: ["e4"], move: "e5"})
//
// Every method resolves to the endpoint's JSON answer. An HTTP error rejects with an
// ArbiterError carrying the API's error object (code, message, field, index, explanation...).

export class ArbiterError extends Error {
    constructor(status, error) {
        super(error && error.message ? error.message : "HTTP " + status)
        this.name = "ArbiterError"
        this.status = status
        this.code = error && error.code ? error.code : "http_" + status
        this.error = error || {}
    }
}

export class ArbiterClient {
    // base: the server's URL ("" = the page's own origin); lang: "en", "fa" or "ar" (texts only:
    // codes, squares and params never depend on it); fetch: an alternative fetch (tests).
    constructor({base = "", lang = "en", fetch: fetchFn = undefined} = {}) {
        this.base = base.replace(/\/$/, "")
        this.lang = lang
        this.fetch = fetchFn || ((...args) => globalThis.fetch(...args))
    }

    async request(method, path, body = undefined) {
        const url = this.base + path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(this.lang)
        const init = {method, headers: {"Accept": "application/json"}}
        if (body !== undefined) {
            init.headers["Content-Type"] = "application/json"
            init.body = JSON.stringify(body)
        }
        const response = await this.fetch(url, init)
        const text = await response.text()
        let json = null
        try {
            json = text ? JSON.parse(text) : null
        } catch (e) {
            throw new ArbiterError(response.status, {code: "invalid_answer", message: "The server did not answer JSON."})
        }
        if (!response.ok)
            throw new ArbiterError(response.status, json && json.error)
        return json
    }

    // Position endpoints: position = {fen?, variant?, moves?} ("startpos" is the start position).
    analyze(position) { return this.request("POST", "/v1/analyze", positionBody(position)) }
    move(position, move) { return this.request("POST", "/v1/move", {...positionBody(position), move}) }
    castling(position) { return this.request("POST", "/v1/castling", positionBody(position)) }
    validate(fen, variant = "standard") { return this.request("POST", "/v1/validate", {fen, variant}) }
    outcome(position, event = {}) { return this.request("POST", "/v1/outcome", {...positionBody(position), ...event}) }
    touch(position, squares) {
        return this.request("POST", "/v1/touch", {...positionBody(position), touched: squares.map(square => ({square}))})
    }
    dead(position, budget = undefined) {
        return this.request("POST", "/v1/dead", budget === undefined ? positionBody(position) : {...positionBody(position), budget})
    }
    chess960(n) { return this.request("GET", "/v1/chess960/" + encodeURIComponent(n)) }

    // Lessons, quizzes, puzzles.
    lessons() { return this.request("GET", "/v1/lessons") }
    lesson(id) { return this.request("GET", "/v1/lessons/" + encodeURIComponent(id)) }
    answerStep(id, n, answer) {
        return this.request("POST", "/v1/lessons/" + encodeURIComponent(id) + "/steps/" + n + "/answer", {answer})
    }
    quizzes() { return this.request("GET", "/v1/quizzes") }
    quiz(generator, {seed = 0, count = 1, index = 0, parameters = {}} = {}) {
        return this.request("POST", "/v1/quizzes", {generator, seed, count, index, parameters})
    }
    answerQuiz(id, answer) { return this.request("POST", "/v1/quizzes/answer", {id, answer}) }
    puzzles() { return this.request("GET", "/v1/puzzles") }
    puzzle(id) { return this.request("GET", "/v1/puzzles/" + encodeURIComponent(id)) }
    // answer: a line as text ("1. Qb8+ Nxb8 2. Rd8#") or the moves so far as an array.
    answerPuzzle(id, answer) {
        return this.request("POST", "/v1/puzzles/" + encodeURIComponent(id) + "/answer",
            Array.isArray(answer) ? {moves: answer} : {answer})
    }

    // Rule-annotated games: PGN text in, every game's rule events and the result the Laws give.
    annotateGames(pgn) { return this.request("POST", "/v1/games/annotate", {pgn}) }

    // Coach preview (only when arbiterd runs with --lesson-preview): check a lesson's source,
    // and answer a step of it, without installing it.
    previewLesson(source) { return this.request("POST", "/v1/lessons/preview", {source}) }
    previewAnswer(source, n, answer) { return this.request("POST", "/v1/lessons/preview/answer", {source, step: n, answer}) }
}

// The body fields of a position: the start position is sent as no fen at all.
function positionBody({fen = undefined, variant = undefined, moves = undefined} = {}) {
    const body = {}
    if (fen && fen !== "startpos")
        body.fen = fen
    if (variant && variant !== "standard")
        body.variant = variant
    if (moves && moves.length)
        body.moves = moves
    return body
}
