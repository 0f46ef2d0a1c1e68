// A small typed app layer over web/arbiter-client.js: it calls every operation of
// docs/openapi.json and reads its answer through the generated types (api.client_types compiles
// it with tsc --strict --noEmit; a request the types refuse, or a member they lack, fails it).
import {ArbiterClient, ArbiterError, type Answer, type Body, type Schemas} from "../../../web/arbiter-client.js"

const arbiter = new ArbiterClient({base: "http://localhost:8080", lang: "fa", retries: 1})
const stop = new AbortController()
const opts = {signal: stop.signal}
const seen: string[] = []

async function rules(): Promise<void> {
    const health = await arbiter.health(opts)
    seen.push(health.status, String(health.lessons))
    seen.push((await arbiter.metrics(opts)).split("\n")[0] ?? "")
    seen.push(String((await arbiter.openapi(opts))["openapi"]))
    const a = await arbiter.analyze({moves: ["f3", "e5", "g4", "Qh4#"]}, opts)
    const status: Schemas["Status"] = a.status
    seen.push(status, a.result, a.legal_moves.map(m => m.san).join(" "))
    const m = await arbiter.move({fen: "startpos", moves: ["e4"]}, "e5", opts)
    if (m.legal)
        seen.push(m.san, m.fen_after, m.status_after)
    else
        seen.push(m.reasons.map(r => r.code).join(" "), m.game_over?.status ?? "ongoing")
    const c = await arbiter.castling({fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, opts)
    seen.push(String(c.white.kingside.allowed), c.black.queenside.reasons.map(r => r.code).join(" "))
    const v = await arbiter.validate("startpos")
    seen.push(String(v.valid), v.problems.map(p => p.code).join(" "))
    const o = await arbiter.outcome({moves: ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]},
                                    {claim: "threefold"}, opts)
    seen.push(o.result, o.termination, String(o.claim_valid))
    const o2 = await arbiter.outcome({}, {illegal_move: {offender: "white"}, time_control: "blitz"})
    seen.push(o2.termination)
    const t = await arbiter.touch({}, ["g1"], opts)
    seen.push(String(t.any), t.moves.map(x => x.uci).join(" "), t.binding?.square ?? "")
    const p = await arbiter.perft({}, 2, true, opts)
    seen.push(String(p.nodes))
    const d = await arbiter.dead({fen: "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1"}, 10000, opts)
    seen.push(String(d.dead), String(d.unwinnable.white), d.explanations[0]?.code ?? "")
    const s = await arbiter.chess960(518, opts)
    seen.push(s.fen)
    const b = await arbiter.batch([{method: "POST", path: "/v1/move", body: {move: "e4"}},
                                   {method: "GET", path: "/v1/chess960/518"}], opts)
    for (const r of b.responses)
        seen.push(String(r.status), Object.keys(r.body).join(" "))
    const games = await arbiter.pgn("1. f3 e5 2. g4 Qh4# 0-1", {strict: true}, opts)
    for (const g of games.games)
        seen.push(g.refused ? g.refused.explanation.code : String(g.plies), g.outcome?.termination ?? "",
                  (g.events ?? []).map(e => e.kind + (e.claim ?? "")).join(" "))
    const mate = await arbiter.mate({fen: "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16"}, 2, 100000, opts)
    seen.push(String(mate.mate), String(mate.length), mate.keys.map(k => k.san).join(" "), String(mate.cooks))
}

async function content(): Promise<void> {
    const lessons: Answer<"listLessons"> = await arbiter.lessons(opts)
    const first = lessons[0]
    if (!first)
        return
    const lesson = await arbiter.lesson(first.id, opts)
    seen.push(lesson.title, String(lesson.steps.length))
    const step = await arbiter.answerStep(first.id, 1, "e4", opts)
    seen.push(String(step.correct), step.feedback.text, String(step.next))
    const generators = await arbiter.quizzes(opts)
    const g = generators.quizzes[0]
    if (!g)
        return
    const batch = await arbiter.quiz(g.id, {seed: 42, count: 2, parameters: {difficulty: "hard"}}, opts)
    const q = batch.questions[0]
    if (q) {
        const graded = await arbiter.answerQuiz(q.id, q.choices[0]?.id ?? "e4", opts)
        seen.push(String(graded.correct), graded.expected)
    }
    const puzzles = await arbiter.puzzles(opts)
    const pz = puzzles.puzzles[0]
    if (pz) {
        const one = await arbiter.puzzle(pz.id, opts)
        seen.push(one.fen, one.kind)
        const verdict = await arbiter.answerPuzzle(pz.id, ["Qh4#"], opts)
        seen.push(verdict.verdict, String(verdict.solved))
        seen.push((await arbiter.answerPuzzle(pz.id, "1...Qh4#")).verdict)
    }
    const preview = await arbiter.previewLesson("return lesson{}", opts)
    seen.push(String(preview.valid), preview.errors.map(e => e.message).join(" "))
    const answer = await arbiter.previewAnswer("return lesson{}", 1, "e4", opts)
    seen.push(String(answer.correct))
}

// Bodies an app writes itself: every field the server reads is in the types (digits in a body, a
// quiz generator's parameter at the top level, an outcome without its optional members).
export const bodies: [Body<"analyzePosition">, Body<"generateQuiz">, Body<"decideOutcome">, Body<"answerPuzzle">] = [
    {moves: ["e4"], digits: "latin", lang: "fa"},
    {generator: "can-castle", seed: 1, difficulty: "hard"},
    {flag: "white"},
    {answer: "Qb8+"},
]

async function main(): Promise<void> {
    try {
        await rules()
        await content()
    } catch (e) {
        if (e instanceof ArbiterError)
            seen.push(e.code, String(e.status), e.error.field ?? "", String(e.error.index ?? -1))
        else
            throw e
    }
    stop.abort()
    console.log(seen.join("\n"))
}

void main()
