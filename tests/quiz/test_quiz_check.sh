#!/bin/sh
# `arbiter quiz check` on generators with the authoring review's mistakes (tests/lua/data/quizzes):
# each error names the generator's file and line (never quiz_prelude's) and the exit status is 1;
# every bundled generator passes; `quiz list --dir` exits 1 when a generator fails to load.
# Usage: test_quiz_check.sh ARBITER DATA_DIR BUNDLED_QUIZ_DIR
set -u
ARB="$1"
DATA="$2"
BUNDLED="$3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$1"; then :; else echo "FAIL: $2"; fail=1; fi; }

# expect FILE LINE: quiz check FILE exits 1 and prints LINE (exactly) on stderr.
expect() {
  "$ARB" quiz check --seeds 4 "$1" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  check "[ $rc -eq 1 ]" "$1: exit $rc, not 1"
  want=$2
  check "grep -qxF \"\$want\" '$tmp/err'" "$1: no line '$2' in: $(cat "$tmp/err")"
  check "! grep -q 'quiz_prelude:' '$tmp/err'" "$1: an error points at quiz_prelude: $(cat "$tmp/err")"
}

# The authoring review's mistakes, each planted in one clean generator (data/quizzes/base.lua) by a
# sed edit; the id follows the file's name.
mkdir -p "$tmp/quizzes"
plant() {
  name=$1
  shift
  sed -e "s/id = \"coach-base\"/id = \"coach-$name\"/" "$@" "$DATA/quizzes/base.lua" > "$tmp/quizzes/$name.lua"
}
plant grad -e 's/^  grade = function/  grad = function/'
plant prompt-fa -e '/^              fa = "نوبت {side} است/d'
plant note-fa -e '93a\
    ex[#ex + 1] = Q.note("coach_note", { en = "Look at the rooks.", ar = "انظر إلى الرخين." }, lang)'
plant grade-bug -e 's/^    local c = Q.find_choice(q, answer)$/& if answer == "both" then local x = q.nothing.x end/'
plant accepts-all -e 's/^    return { correct = c ~= nil and c.id == expected,/    return { correct = c ~= nil,/'
plant unfilled -e 's/ar = "الدور على {side}\./ar = "الدور على {sid}./'
plant helper-typo -e '69a\
    local extra = Q.pik(rng, { 1, 2 })'
plant helper-error -e '69a\
    Q.pick(rng, nil)'
"$ARB" quiz check --seeds 2 "$DATA/quizzes/base.lua" > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 0 ] && [ ! -s '$tmp/err' ]" "the clean generator the mistakes are planted in fails: $(cat "$tmp/err")"

cd "$tmp/quizzes" || exit 1
expect grad.lua "grad.lua:86: error: quiz{...}: unknown field 'grad' (did you mean 'grade'?)"
expect grad.lua "grad.lua:63: error: quiz{...} needs a 'grade' function"
expect prompt-fa.lua "prompt-fa.lua:76: error: question coach-prompt-fa:1:0: the prompt has no 'fa' translation"
expect note-fa.lua "note-fa.lua:94: error: in fa: the text 'Look at the rooks.' has no 'fa' translation (fa readers get English)"
expect grade-bug.lua "grade-bug.lua:88: error: question coach-grade-bug:1:0: grade failed for the answer 'both' (en): attempt to index a nil value (field 'nothing')"
expect accepts-all.lua "accepts-all.lua:86: error: question coach-accepts-all:1:0: every choice is accepted: no wrong answer is refused"
expect unfilled.lua "unfilled.lua:76: error: question coach-unfilled:1:0: the prompt (ar) leaves {sid} unfilled (no vars.sid)"
expect helper-typo.lua "helper-typo.lua:70: error: generate failed: attempt to call a nil value (field 'pik') (did you mean 'quizlib.pick'?)"
expect helper-error.lua "helper-error.lua:70: error: generate failed: in a quizlib helper: attempt to get length of a nil value (local 'list')"

# A mistake made in every question is said once, not once per question and difficulty.
"$ARB" quiz check --seeds 4 prompt-fa.lua 2> "$tmp/err"
check "[ \$(grep -c 'has no .fa. translation' '$tmp/err') -eq 1 ]" "repeated report: $(cat "$tmp/err")"

"$ARB" quiz list --dir . > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 1 ]" "quiz list --dir with failing generators exits 0"
check "grep -q '\"id\":\"coach-note-fa\"' '$tmp/out'" "quiz list does not list the generators that load"

cd "$BUNDLED" || exit 1
"$ARB" quiz check --seeds 12 *.lua > "$tmp/out" 2> "$tmp/err"
check "[ \$? -eq 0 ] && [ ! -s '$tmp/err' ]" "bundled generators fail quiz check: $(cat "$tmp/err")"
check "[ \$(grep -c ': ok$' '$tmp/out') -eq \$(ls *.lua | wc -l) ]" "not every bundled generator is ok: $(cat "$tmp/out")"
"$ARB" quiz list --dir . > /dev/null
check "[ \$? -eq 0 ]" "quiz list --dir of the bundled generators is not 0"
exit $fail
