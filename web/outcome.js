// The big news of a position in words, for every mode: check while it lasts, and at the end who
// won and why ("Checkmate — White wins (1-0)", "Stalemate — the game is drawn (½-½)").
export function createOutcome(ctx) {
    const ENDS = new Set(["stalemate", "insufficient_material", "dead_position", "fivefold_repetition", "seventyfive_moves"])
    return {
        // The end of the game in one line (an analysis whose status is not "ongoing").
        endLine(analysis) {
            if (analysis.status === "checkmate")
                return ctx.t(analysis.result === "0-1" ? "end_checkmate_black_wins" : "end_checkmate_white_wins")
            return ENDS.has(analysis.status) ? ctx.t("end_" + analysis.status) : ctx.t("status_" + analysis.status)
        },
        // The reason for it: the explanation that names the ending (the mate, the stalemate, the
        // material, the repetitions), without the list of every flight square.
        endReasons(analysis) {
            const main = analysis.explanations.filter(e => e.code === analysis.status)
            return main.length ? main : analysis.explanations.slice(0, 1)
        },
        // The status panel's first line.
        statusLine(analysis) {
            if (analysis.status !== "ongoing")
                return this.endLine(analysis)
            if (analysis.check)
                return ctx.t(analysis.turn === "white" ? "check_white" : "check_black")
            return ctx.t("status_ongoing")
        },
    }
}
