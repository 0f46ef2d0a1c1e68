// arbiter-client.js: a small client for the Arbiter HTTP API (docs/api.md), the one the
// playground uses for every call. Copy it into an app as it is, with arbiter-client.d.ts and
// arbiter-api.d.ts beside it for TypeScript: no dependencies, plain fetch.
//
//   import {ArbiterClient} from "./arbiter-client.js"
//   const arbiter = new ArbiterClient({base: "http://localhost:8080", lang: "fa"})
//   const answer = await arbiter.move({fen: "startpos", moves: ["e4"]}, "Qh4")
//   console.log(answer.legal, answer.reasons[0].code)   // false path_blocked
//   const stop = new AbortController()
//   const analysis = await arbiter.analyze({moves: ["f3", "e5", "g4", "Qh4#"]}, {signal: stop.signal})
//   console.log(analysis.status, analysis.result)       // checkmate 0-1
//
// Every method resolves to the endpoint's JSON answer (metrics: its text). An HTTP error rejects
// with an ArbiterError carrying the API's error object (code, message, field, index,
// explanation...). Every method takes a last, optional {signal} (an AbortSignal: the request is
// cancelled, for example when a React effect is cleaned up, and the promise rejects with the
// signal's reason). A 503 (overloaded, shutting down) is retried after its Retry-After, at most
// `retries` times (default 2, each wait at most `maxWait` seconds).

export class ArbiterError extends Error {
    constructor(status, error) {
        super(error && error.message ? error.message : "HTTP " + status)
        this.name = "ArbiterError"
        this.status = status
        this.code = error && error.code ? error.code : "http_" + status
        this.error = error || {}
    }
}

// Waits `seconds`, or rejects as soon as `signal` aborts.
function wait(seconds, signal) {
    return new Promise((resolve, reject) => {
        if (signal && signal.aborted)
            return reject(signal.reason)
        const timer = setTimeout(() => {
            if (signal)
                signal.removeEventListener("abort", onAbort)
            resolve()
        }, seconds * 1000)
        const onAbort = () => {
            clearTimeout(timer)
            reject(signal.reason)
        }
        if (signal)
            signal.addEventListener("abort", onAbort, {once: true})
    })
}

// Retry-After as seconds (a number, or an HTTP date), at least 0 and at most max.
function retryAfter(header, max) {
    if (!header)
        return Math.min(1, max)
    const n = Number(header)
    const seconds = Number.isFinite(n) ? n : (Date.parse(header) - Date.now()) / 1000
    return Math.max(0, Math.min(Number.isFinite(seconds) ? seconds : 1, max))
}

export class ArbiterClient {
    // base: the server's URL ("" = the page's own origin); lang: "en", "fa" or "ar" (texts only:
    // codes, squares and params never depend on it); retries, maxWait: 503 handling (above);
    // fetch: an alternative fetch (tests).
    constructor({base = "", lang = "en", retries = 2, maxWait = 10, fetch: fetchFn = undefined} = {}) {
        this.base = base.replace(/\/$/, "")
        this.lang = lang
        this.retries = retries
        this.maxWait = maxWait
        this.fetch = fetchFn || ((...args) => globalThis.fetch(...args))
    }

    async request(method, path, body = undefined, {signal = undefined} = {}, text = false) {
        const url = this.base + path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(this.lang)
        const init = {method, headers: {"Accept": text ? "text/plain" : "application/json"}, signal}
        if (body !== undefined) {
            init.headers["Content-Type"] = "application/json"
            init.body = JSON.stringify(body)
        }
        for (let attempt = 0; ; attempt++) {
            const response = await this.fetch(url, init)
            const answer = await response.text()
            if (response.status === 503 && attempt < this.retries) {
                await wait(retryAfter(response.headers.get("Retry-After"), this.maxWait), signal)
                continue
            }
            if (text && response.ok)
                return answer
            let json = null
            try {
                json = answer ? JSON.parse(answer) : null
            } catch (e) {
                throw new ArbiterError(response.status, {code: "invalid_answer", message: "The server did not answer JSON."})
            }
            if (!response.ok)
                throw new ArbiterError(response.status, json && json.error)
            return json
        }
    }

    // Service.
    health(opts) { return this.request("GET", "/v1/health", undefined, opts) }
    metrics(opts) { return this.request("GET", "/metrics", undefined, opts, true) }
    openapi(opts) { return this.request("GET", "/v1/openapi.json", undefined, opts) }

    // Position endpoints: position = {fen?, variant?, moves?} ("startpos" is the start position).
    analyze(position, opts) { return this.request("POST", "/v1/analyze", positionBody(position), opts) }
    move(position, move, opts) { return this.request("POST", "/v1/move", {...positionBody(position), move}, opts) }
    castling(position, opts) { return this.request("POST", "/v1/castling", positionBody(position), opts) }
    validate(fen, variant = "standard", opts = undefined) {
        return this.request("POST", "/v1/validate", {fen, variant}, opts)
    }
    outcome(position, event = {}, opts = undefined) {
        return this.request("POST", "/v1/outcome", {...positionBody(position), ...event}, opts)
    }
    touch(position, squares, opts) {
        return this.request("POST", "/v1/touch", {...positionBody(position), touched: squares.map(square => ({square}))}, opts)
    }
    perft(position, depth, divide = false, opts = undefined) {
        return this.request("POST", "/v1/perft", {...positionBody(position), depth, divide}, opts)
    }
    dead(position, budget = undefined, opts = undefined) {
        return this.request("POST", "/v1/dead",
            budget === undefined ? positionBody(position) : {...positionBody(position), budget}, opts)
    }
    chess960(n, opts) { return this.request("GET", "/v1/chess960/" + encodeURIComponent(n), undefined, opts) }
    // Several light requests in one round trip: [{method, path, body?}, ...] (at most 16; analyze,
    // move, castling, validate, outcome, touch, and GET of one lesson, puzzle or Chess960 start);
    // resolves to {responses: [{status, body}, ...]}, each sub-request's own answer, in order.
    batch(requests, opts) { return this.request("POST", "/v1/batch", {requests}, opts) }

    // Games and the solver: PGN text replayed ({strict, skip_variations}), mate in n.
    pgn(text, options = {}, opts = undefined) { return this.request("POST", "/v1/pgn", {...options, pgn: text}, opts) }
    mate(position, n, budget = undefined, opts = undefined) {
        return this.request("POST", "/v1/mate", {...positionBody(position), n, ...(budget === undefined ? {} : {budget})}, opts)
    }

    // Lessons, quizzes, puzzles.
    lessons(opts) { return this.request("GET", "/v1/lessons", undefined, opts) }
    lesson(id, opts) { return this.request("GET", "/v1/lessons/" + encodeURIComponent(id), undefined, opts) }
    answerStep(id, n, answer, opts) {
        return this.request("POST", "/v1/lessons/" + encodeURIComponent(id) + "/steps/" + n + "/answer", {answer}, opts)
    }
    quizzes(opts) { return this.request("GET", "/v1/quizzes", undefined, opts) }
    quiz(generator, {seed = 0, count = 1, index = 0, parameters = {}} = {}, opts = undefined) {
        return this.request("POST", "/v1/quizzes", {generator, seed, count, index, parameters}, opts)
    }
    answerQuiz(id, answer, opts) { return this.request("POST", "/v1/quizzes/answer", {id, answer}, opts) }
    puzzles(opts) { return this.request("GET", "/v1/puzzles", undefined, opts) }
    puzzle(id, opts) { return this.request("GET", "/v1/puzzles/" + encodeURIComponent(id), undefined, opts) }
    // answer: a line as text ("1. Qb8+ Nxb8 2. Rd8#") or the moves so far as an array.
    answerPuzzle(id, answer, opts) {
        return this.request("POST", "/v1/puzzles/" + encodeURIComponent(id) + "/answer",
            Array.isArray(answer) ? {moves: answer} : {answer}, opts)
    }

    // Rule-annotated games: PGN text in, every game's rule events and the result the Laws give.
    annotateGames(pgn) { return this.request("POST", "/v1/games/annotate", {pgn}) }

    // Coach preview (only when arbiterd runs with --lesson-preview): check a lesson's source,
    // and answer a step of it, without installing it.
    previewLesson(source, opts) { return this.request("POST", "/v1/lessons/preview", {source}, opts) }
    previewAnswer(source, n, answer, opts) {
        return this.request("POST", "/v1/lessons/preview/answer", {source, step: n, answer}, opts)
    }
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
