// The server's presence: when a request finds nobody answering (arbiterd stopped, the network
// gone) or the server says it is busy, a translated line at the top of the page says so, the
// page asks /v1/health every few seconds, and once the server answers again the line says so
// and the action that failed runs again. Nothing the student did is lost meanwhile: the modes
// keep their state and only change it when an answer arrives.
export function createConnection(ctx, banner) {
    let timer = null
    let pending = []
    let state = "up" // "up" | "down" | "back"
    let busy = false // down because the server said 503 (busy, draining), not because nobody answered

    function render() {
        banner.hidden = state === "up"
        banner.dataset.state = state
        banner.textContent = state === "down" ? ctx.t(busy ? "busy_banner" : "offline") : state === "back" ? ctx.t("online_again") : ""
    }

    async function probe() {
        try {
            const response = await fetch("/v1/health", {cache: "no-store"})
            if (!response.ok) // still busy or draining
                throw new Error("not yet")
        } catch (error) {
            timer = setTimeout(probe, 2000)
            return
        }
        timer = null
        state = "back"
        render()
        const retries = pending
        pending = []
        for (const retry of retries)
            await retry()
        setTimeout(() => {
            if (state === "back") {
                state = "up"
                render()
            }
        }, 4000)
    }

    return {
        // A request failed because nobody answered (or the server was busy: isBusy): say so, and
        // retry once the server is back.
        down(retry, isBusy = false) {
            if (retry && !pending.includes(retry))
                pending.push(retry)
            busy = isBusy
            state = "down"
            render()
            if (!timer)
                timer = setTimeout(probe, 1000)
        },
        // A new mode: what failed in the old one is not run again behind the student's back.
        forget() {
            pending = []
        },
        get isDown() {
            return state === "down"
        },
        relang: render,
    }
}
