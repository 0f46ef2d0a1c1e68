/* The bundled puzzles (lessons/puzzles/puzzles.txt): each mates in exactly N against every
 * defence, its recorded keys are exactly the solver's, the main line and every key are checked
 * independently, ids are unique, and there are at least 50 of them. */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

#define MAX_PUZZLES 512

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        *--e = '\0';
    return s;
}

static char ids[MAX_PUZZLES][64];

static void check_one(int count, char **f, int *unique, int *by_n)
{
    char name[128];
    snprintf(name, sizeof name, "solver.puzzle.%s", f[0]);
    harness_begin(name);
    for (int i = 0; i < count; i++)
        CHECK_MSG(strcmp(ids[i], f[0]) != 0, "duplicate id %s", f[0]);
    snprintf(ids[count], sizeof ids[count], "%s", f[0]);
    int n = atoi(f[1]);
    CHECK_MSG(n >= 1 && n <= 3, "%s: N %s not 1..3", f[0], f[1]);
    char prefix[8];
    snprintf(prefix, sizeof prefix, "m%d-", n);
    CHECK_MSG(strncmp(f[0], prefix, 3) == 0, "%s: id does not start with %s", f[0], prefix);
    CHECK_MSG(strlen(f[4]) > 10, "%s: no source", f[0]);
    arb_position pos;
    if (arb_position_from_fen(&pos, f[2], ARB_STANDARD, NULL) != ARB_OK || n < 1 || n > 3) {
        harness_fail(__FILE__, __LINE__, "%s: bad FEN or N", f[0]);
        return;
    }
    by_n[n]++;
    arb_mate_result r;
    CHECK_INT(arb_mate_in(&pos, n, 0, &r), ARB_OK);
    CHECK_MSG(r.mate && r.length == n, "%s: mate %d length %d, expected %d", f[0], r.mate, r.length, n);
    /* Recorded keys == solver keys, each forcing mate in exactly n. */
    char buf[256];
    snprintf(buf, sizeof buf, "%s", f[3]);
    int nrec = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        arb_move m;
        nrec++;
        CHECK_MSG(arb_parse_san(&pos, tok, &m, NULL) == ARB_OK, "%s: key %s", f[0], tok);
        bool found = false;
        for (int i = 0; i < r.nkeys; i++)
            found |= r.keys[i] == m && r.key_length[i] == n;
        CHECK_MSG(found, "%s: recorded key %s is not a solver key", f[0], tok);
        bool forces = false;
        CHECK_INT(arb_mate_move_forces(&pos, m, n, 0, &forces, NULL), ARB_OK);
        CHECK(forces);
        if (n > 1) {
            CHECK_INT(arb_mate_move_forces(&pos, m, n - 1, 0, &forces, NULL), ARB_OK);
            CHECK(!forces);
        }
    }
    CHECK_MSG(nrec == r.nkeys, "%s: %d keys recorded, solver finds %d", f[0], nrec, r.nkeys);
    *unique += r.nkeys == 1;
    /* The main line ends in mate after n attacker moves and is accepted by the line checker. */
    arb_position p = pos;
    CHECK_INT(r.nline, 2 * n - 1);
    for (int i = 0; i < r.nline; i++) {
        CHECK(arb_is_legal(&p, r.line[i]));
        arb_position_play(&p, r.line[i]);
    }
    CHECK(arb_in_check(&p) && arb_count_legal_moves(&p) == 0);
    arb_line_check c;
    CHECK_INT(arb_mate_check_line(&pos, n, r.line, r.nline, 0, &c), ARB_OK);
    CHECK_INT(c.verdict, ARB_LINE_SOLVED);
    CHECK_INT(c.ncooks, r.nkeys - 1);
}

int main(void)
{
    FILE *fp = fopen(ARB_PUZZLE_FILE, "r");
    harness_begin("solver.puzzles.file");
    CHECK(fp != NULL);
    if (!fp)
        return harness_finish();
    char line[2048];
    int count = 0, unique = 0, by_n[4] = {0};
    while (fgets(line, sizeof line, fp) && count < MAX_PUZZLES) {
        char *s = trim(line);
        if (*s == '#' || *s == '\0')
            continue;
        char *f[5];
        int nf = 0;
        for (char *bar; nf < 5; s = bar + 1) {
            bar = strchr(s, '|');
            if (bar)
                *bar = '\0';
            f[nf++] = trim(s);
            if (!bar)
                break;
        }
        harness_begin("solver.puzzles.format");
        CHECK_MSG(nf == 5, "line with %d fields: %s", nf, f[0]);
        if (nf == 5)
            check_one(count++, f, &unique, by_n);
    }
    fclose(fp);
    harness_begin("solver.puzzles.count");
    CHECK_MSG(count >= 50, "%d puzzles", count);
    CHECK(by_n[1] >= 10 && by_n[2] >= 10 && by_n[3] >= 10);
    printf("%d puzzles (mate in 1/2/3: %d/%d/%d), %d with a unique key\n", count, by_n[1], by_n[2], by_n[3], unique);
    return harness_finish();
}
