#!/usr/bin/env python3
# daemon.authoring: what a coach editing a live lessons directory gets from arbiterd.
# - A reload never takes a live lesson (or quiz generator) offline: when its file now fails, the
#   last good version keeps being served, the failure is logged with file:line and counted
#   (arbiterd_lesson_failures_total, arbiterd_lessons_stale); fixing the file serves the new
#   version; deleting it removes the lesson.
# - `arbiterd --check-lessons DIR` is a dry run: file:line errors on stderr, exit 1 (0 when every
#   file passes), and nothing is served.
# - `--watch` reloads when a file of the directory changes, without SIGHUP.
# Arguments: arbiterd, the bundled lessons directory, the broken coach fixtures (tests/lua/data).
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from daemon_util import Daemon, begin, check, check_eq, finish, minimal_lesson

BIN, LESSONS, DATA = sys.argv[1], sys.argv[2], sys.argv[3]
ANSWER = '/v1/lessons/%s/steps/%d/answer'


def health(d):
    return d.get('/v1/health')[2]


def wait_generation(d, gen, timeout=30):
    end = time.monotonic() + timeout
    while health(d)['lessons_generation'] < gen and time.monotonic() < end:
        time.sleep(0.02)
    return health(d)


def reload(d):
    gen = health(d)['lessons_generation']
    d.signal(signal.SIGHUP)
    h = wait_generation(d, gen + 1)
    check_eq(h['lessons_generation'], gen + 1, 'reloaded')
    return h


def write(path, text):
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


def title(d, lesson_id):
    st, _, body = d.get('/v1/lessons/' + lesson_id)
    return body.get('title') if st == 200 else st


GOOD_QUIZ = (open(os.path.join(LESSONS, 'quizzes', 'legal-count.lua'), encoding='utf-8').read()
             .replace('id = "legal-count"', 'id = "coach-count"'))

# ---- a broken edit keeps the last good version ----
begin('authoring.keep_last_good.lesson')
d = Daemon(BIN, {'threads': 2})
try:
    lesson = os.path.join(d.lessons_dir, 'keep.lua')
    quiz = os.path.join(d.lessons_dir, 'quizzes', 'coach-count.lua')
    os.makedirs(os.path.dirname(quiz))
    write(lesson, minimal_lesson('keep'))
    write(os.path.join(d.lessons_dir, 'other.lua'), minimal_lesson('other'))
    write(quiz, GOOD_QUIZ)
    h = reload(d)
    check_eq((h['lessons'], h['quizzes']), (2, 1), 'both lessons and the generator served')
    check_eq(title(d, 'keep'), 'Test keep', 'first version served')

    # The coach's edit: a misspelled field (a check error) in the lesson, 'grad' in the generator.
    write(lesson, minimal_lesson('keep').replace('Test keep', 'Edited keep').replace('answer = true', 'answr = true'))
    write(quiz, GOOD_QUIZ.replace('  grade = function', '  grad = function'))
    h = reload(d)
    check_eq((h['lessons'], h['quizzes']), (2, 1), 'nothing went offline')
    check_eq(title(d, 'keep'), 'Test keep', 'the last good version is still served')
    st, _, b = d.post(ANSWER % ('keep', 1), {'answer': 'true'})
    check_eq((st, b.get('correct')), (200, True), 'the last good version answers')
    st, _, b = d.post('/v1/quizzes', {'generator': 'coach-count', 'seed': 3, 'count': 2})
    check_eq((st, len(b.get('questions', []))), (200, 2), 'the last good generator still generates')
    check_eq(d.metric('arbiterd_lessons_stale'), 1.0, 'one lesson served as last loaded')
    check_eq(d.metric('arbiterd_quizzes_stale'), 1.0, 'one generator served as last loaded')
    check_eq(d.metric('arbiterd_lesson_failures_total'), 1.0, 'the failing lesson file is counted')
    check_eq(d.metric('arbiterd_quiz_failures_total'), 1.0, 'the failing generator file is counted')
    log = d.log()
    check("keep.lua:9: step 1: error: true_false: unknown field 'answr' (did you mean 'answer'?)" in log,
          'the failure is logged with file:line: ' + log[-2000:])
    check("still serving lesson 'keep' as loaded in generation" in log, 'keeping the last good version is logged')
    check("coach-count.lua:" in log and "unknown field 'grad' (did you mean 'grade'?)" in log,
          'the generator failure is logged with file:line')
    check("still serving generator 'coach-count'" in log, 'keeping the generator is logged')

    begin('authoring.keep_last_good.fixed')
    write(lesson, minimal_lesson('keep').replace('Test keep', 'Fixed keep'))
    write(quiz, GOOD_QUIZ)
    h = reload(d)
    check_eq(title(d, 'keep'), 'Fixed keep', 'the fixed version is served')
    check_eq((d.metric('arbiterd_lessons_stale'), d.metric('arbiterd_quizzes_stale')), (0.0, 0.0), 'nothing stale')

    begin('authoring.keep_last_good.deleted')
    write(lesson, 'return lesson {')          # broken: kept ...
    reload(d)
    check_eq(title(d, 'keep'), 'Fixed keep', 'a syntax error keeps the last good version too')
    os.unlink(lesson)                         # ... but a deleted file's lesson goes away
    h = reload(d)
    check_eq((h['lessons'], d.get('/v1/lessons/keep')[0]), (1, 404), 'the deleted lesson is gone')
    check_eq(d.metric('arbiterd_lessons_stale'), 0.0, 'nothing stale after the delete')
finally:
    check_eq(d.stop(), 0, 'exit status')

# ---- --check-lessons DIR: the dry run ----
begin('authoring.check_lessons.failing')
tmp = tempfile.mkdtemp()
try:
    shutil.copy(os.path.join(DATA, 'coach', 'sucess.lua'), tmp)
    write(os.path.join(tmp, 'good.lua'), minimal_lesson('good'))
    os.makedirs(os.path.join(tmp, 'quizzes'))
    base = open(os.path.join(DATA, 'quizzes', 'base.lua'), encoding='utf-8').read()  # the clean fixture
    write(os.path.join(tmp, 'quizzes', 'grad.lua'), base.replace('  grade = function', '  grad = function', 1))
    shutil.copy(os.path.join(LESSONS, 'quizzes', 'status.lua'), os.path.join(tmp, 'quizzes'))
    os.makedirs(os.path.join(tmp, 'puzzles'))
    shutil.copy(os.path.join(DATA, 'wrong-puzzle.lua'), os.path.join(tmp, 'puzzles'))
    shutil.copy(os.path.join(LESSONS, 'puzzles', 'count-01-start.lua'), os.path.join(tmp, 'puzzles'))
    p = subprocess.run([BIN, '--check-lessons', tmp, '--listen', '127.0.0.1:1'], capture_output=True, text=True,
                       timeout=120)
    check_eq(p.returncode, 1, 'a failing file: exit 1')
    err = p.stderr.splitlines()
    check(tmp + "/sucess.lua:16: step 1: error: move_task: unknown field 'sucess' (did you mean 'success'?)" in err,
          'lesson error with file:line: %r' % err)
    check(tmp + "/quizzes/grad.lua:86: error: quiz{...}: unknown field 'grad' (did you mean 'grade'?)" in err,
          'quiz error with file:line: %r' % err)
    check(tmp + "/puzzles/wrong-puzzle.lua:9: error: the engine counts 3 legal moves, not 5" in err,
          'puzzle error with file:line: %r' % err)
    check_eq(p.stdout.strip(), tmp + ': 1 lessons pass, 1 fail; 1 quiz generators pass, 1 fail; '
             '1 puzzle scripts pass, 1 fail', 'summary')

    begin('authoring.check_lessons.bundled')
    p = subprocess.run([BIN, '--check-lessons', LESSONS], capture_output=True, text=True, timeout=120)
    check_eq((p.returncode, p.stderr), (0, ''), 'the bundled lessons pass the dry run')
    p = subprocess.run([BIN, '--check-lessons', os.path.join(tmp, 'nonexistent')], capture_output=True, text=True,
                       timeout=60)
    check_eq(p.returncode, 2, 'an unreadable directory: exit 2')
finally:
    shutil.rmtree(tmp)

# ---- --watch: a saved file is reloaded without SIGHUP ----
begin('authoring.watch')
d = Daemon(BIN, {'threads': 2}, extra_args=['--watch'])
try:
    gen = health(d)['lessons_generation']
    write(os.path.join(d.lessons_dir, 'watched.lua'), minimal_lesson('watched'))
    h = wait_generation(d, gen + 1, timeout=20)
    check_eq((h['lessons_generation'] > gen, title(d, 'watched')), (True, 'Test watched'), 'the new file is served')
    gen = h['lessons_generation']
    # An editor's save: write a temporary file, rename it over the old one.
    tmpname = os.path.join(d.lessons_dir, '.watched.lua.swp')
    write(tmpname, minimal_lesson('watched').replace('Test watched', 'Saved watched'))
    os.rename(tmpname, os.path.join(d.lessons_dir, 'watched.lua'))
    h = wait_generation(d, gen + 1, timeout=20)
    check_eq(title(d, 'watched'), 'Saved watched', 'the renamed-over file is reloaded')
    check('--watch: a file changed' in d.log(), 'the reload is logged')
    # A quizzes/ directory made after the start is watched too.
    gen = health(d)['lessons_generation']
    os.makedirs(os.path.join(d.lessons_dir, 'quizzes'))
    write(os.path.join(d.lessons_dir, 'quizzes', 'coach-count.lua'), GOOD_QUIZ)
    h = wait_generation(d, gen + 1, timeout=20)
    h = wait_generation(d, h['lessons_generation'] + 1, timeout=2) if h['quizzes'] == 0 else h
    check_eq(h['quizzes'], 1, 'the new generator is served')
    gen = h['lessons_generation']
    time.sleep(0.5)  # past the quiet period of the last event
    gen = health(d)['lessons_generation']
    write(os.path.join(d.lessons_dir, 'quizzes', 'coach-count.lua'),
          re.sub(r'title = \{ en = "[^"]*"', 'title = { en = "Count them"', GOOD_QUIZ, count=1))
    h = wait_generation(d, gen + 1, timeout=20)
    st, _, body = d.get('/v1/quizzes')
    check_eq([q['title'] for q in body.get('quizzes', [])], ['Count them'], 'an edit inside quizzes/ is reloaded')
finally:
    check_eq(d.stop(), 0, 'exit status')
finish()
