// TypeScript declarations of arbiter-client.js. The request and answer types are those of
// arbiter-api.d.ts, which openapi-typescript generates from docs/openapi.json (the test
// api.client_types regenerates it and fails when it differs, then compiles a client that calls
// every operation with tsc --strict).
import type {components, operations} from "./arbiter-api"

export type Schemas = components["schemas"]
/** The JSON answer of an operation with a given status (200 by default). */
export type Answer<K extends keyof operations, S extends keyof operations[K]["responses"] = 200> =
    operations[K]["responses"][S] extends {content: {"application/json": infer T}} ? T : never
/** The JSON body of an operation's request. */
export type Body<K extends keyof operations> =
    operations[K] extends {requestBody?: {content: {"application/json": infer T}}} ? T : never

/** The API's error object ({"error": {...}}'s member). */
export type ApiError = Schemas["Error"]["error"]

export class ArbiterError extends Error {
    constructor(status: number, error?: ApiError)
    readonly name: "ArbiterError"
    /** The HTTP status. */
    readonly status: number
    /** The error's code ("invalid_fen", ...), or "http_<status>" when the answer had none. */
    readonly code: string
    readonly error: ApiError | Record<string, never>
}

/** Where a position comes from: a FEN ("startpos": the start position) and the moves played. */
export interface Position {
    fen?: string
    variant?: "standard" | "chess960"
    moves?: string[]
}

/** The last argument of every method. */
export interface RequestOptions {
    /** Cancels the request (and a wait before a retry): the promise rejects with its reason. */
    signal?: AbortSignal
}

export interface ClientOptions {
    /** The server's URL; "" (the default) is the page's own origin. */
    base?: string
    /** "en", "fa" or "ar": texts only (codes, squares and params never depend on it). */
    lang?: string
    /** How many times a 503 is retried after its Retry-After (default 2). */
    retries?: number
    /** The longest wait before a retry, in seconds (default 10). */
    maxWait?: number
    /** An alternative fetch (tests). */
    fetch?: typeof globalThis.fetch
}

/** The events of POST /v1/outcome (at most one) and its time control. */
export type OutcomeEvent = Omit<Body<"decideOutcome">, "variant" | "fen" | "moves" | "lang" | "digits">

export class ArbiterClient {
    constructor(options?: ClientOptions)
    base: string
    lang: string
    retries: number
    maxWait: number
    request(method: string, path: string, body?: unknown, options?: RequestOptions, text?: boolean): Promise<unknown>

    health(options?: RequestOptions): Promise<Answer<"getHealth">>
    metrics(options?: RequestOptions): Promise<string>
    openapi(options?: RequestOptions): Promise<Record<string, unknown>>

    analyze(position: Position, options?: RequestOptions): Promise<Answer<"analyzePosition">>
    move(position: Position, move: string, options?: RequestOptions): Promise<Answer<"checkMove">>
    castling(position: Position, options?: RequestOptions): Promise<Answer<"explainCastling">>
    validate(fen: string, variant?: "standard" | "chess960", options?: RequestOptions): Promise<Answer<"validateFen">>
    outcome(position: Position, event?: OutcomeEvent, options?: RequestOptions): Promise<Answer<"decideOutcome">>
    touch(position: Position, squares: string[], options?: RequestOptions): Promise<Answer<"touchMove">>
    perft(position: Position, depth: number, divide?: boolean, options?: RequestOptions): Promise<Answer<"countPerft">>
    dead(position: Position, budget?: number, options?: RequestOptions): Promise<Answer<"decideDeadPosition">>
    chess960(n: number, options?: RequestOptions): Promise<Answer<"getChess960Start">>
    /** Several light requests in one round trip (at most 16), each answered with its own status and body. */
    batch(requests: Body<"batch">["requests"], options?: RequestOptions): Promise<Answer<"batch">>

    pgn(text: string, reading?: {strict?: boolean, skip_variations?: boolean},
        options?: RequestOptions): Promise<Answer<"replayPgn">>
    mate(position: Position, n: number, budget?: number, options?: RequestOptions): Promise<Answer<"solveMate">>

    lessons(options?: RequestOptions): Promise<Answer<"listLessons">>
    lesson(id: string, options?: RequestOptions): Promise<Answer<"getLesson">>
    answerStep(id: string, n: number, answer: string, options?: RequestOptions): Promise<Answer<"answerLessonStep">>
    quizzes(options?: RequestOptions): Promise<Answer<"listQuizGenerators">>
    quiz(generator: string, settings?: {seed?: number, count?: number, index?: number,
                                        parameters?: Record<string, string>},
         options?: RequestOptions): Promise<Answer<"generateQuiz">>
    answerQuiz(id: string, answer: string, options?: RequestOptions): Promise<Answer<"gradeQuizAnswer">>
    puzzles(options?: RequestOptions): Promise<Answer<"listPuzzles">>
    puzzle(id: string, options?: RequestOptions): Promise<Answer<"getPuzzle">>
    /** answer: a line as text ("1. Qb8+ Nxb8 2. Rd8#") or the moves so far as an array. */
    answerPuzzle(id: string, answer: string | string[], options?: RequestOptions): Promise<Answer<"answerPuzzle">>

    previewLesson(source: string, options?: RequestOptions): Promise<Answer<"previewLesson">>
    previewAnswer(source: string, n: number, answer: string,
                  options?: RequestOptions): Promise<Answer<"previewLessonAnswer">>
}
