// What a student has done, kept in this browser only (localStorage): per lesson the steps
// answered right and those right at the first try, and whether it is finished; the puzzles
// solved. Nothing is sent anywhere. A damaged or missing store reads as no progress.
const KEY = "arbiter.progress.v1"

function load() {
    try {
        const data = JSON.parse(localStorage.getItem(KEY) || "{}")
        return data && typeof data === "object" ? {lessons: data.lessons || {}, puzzles: data.puzzles || {}} : {lessons: {}, puzzles: {}}
    } catch (e) {
        return {lessons: {}, puzzles: {}}
    }
}

function save(data) {
    try {
        localStorage.setItem(KEY, JSON.stringify(data))
    } catch (e) { /* storage off or full: progress lasts for this page only */ }
}

export function createProgress() {
    let data = load()
    const lesson = id => {
        const entry = data.lessons[id] || {}
        return {right: new Set(entry.right || []), first: new Set(entry.first || []), wrong: new Set(entry.wrong || []),
            finished: Boolean(entry.finished)}
    }
    const store = (id, entry) => {
        data.lessons[id] = {right: [...entry.right], first: [...entry.first], wrong: [...entry.wrong], finished: entry.finished}
        save(data)
    }
    return {
        lesson,
        // A step answered: right (at the first try or not) or wrong; a step once missed never
        // counts as right at the first try.
        answered(id, n, correct, firstTry) {
            const entry = lesson(id)
            if (correct) {
                entry.right.add(n)
                if (firstTry && !entry.wrong.has(n))
                    entry.first.add(n)
            } else {
                entry.wrong.add(n)
            }
            store(id, entry)
        },
        finish(id) {
            const entry = lesson(id)
            entry.finished = true
            store(id, entry)
        },
        solved: id => Boolean(data.puzzles[id]),
        solve(id) {
            data.puzzles[id] = true
            save(data)
        },
        reset() {
            data = {lessons: {}, puzzles: {}}
            save(data)
        },
    }
}
