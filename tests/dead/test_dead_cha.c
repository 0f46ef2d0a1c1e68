/* Conformance with the Chess Unwinnability Analyzer's test vectors: for every position, decide
 * both sides and agree with the label (WB, W-, -B, --). Witnesses are replayed and checked.
 * usage: test_dead_cha [--every N] [--budget NODES] [--sound-only] [PATH]
 * --sound-only: an unknown verdict is reported but not a failure (wrong verdicts still fail).
 * PATH defaults to $ARB_CHA_VECTORS, then the build's
 * cha_vectors option. Exits 77 (skipped) when the file is absent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "harness.h"

#ifndef ARB_CHA_VECTORS
#define ARB_CHA_VECTORS ""
#endif

/* Replays a witness: every move legal, the last one mating `winner`'s opponent. */
static bool witness_ok(const arb_position *pos, const arb_unwinnable_result *r)
{
    arb_position p = *pos;
    for (int i = 0; i < r->witness_len; i++) {
        if (!arb_is_legal(&p, r->witness[i]))
            return false;
        arb_position_play(&p, r->witness[i]);
    }
    return p.side != r->winner && arb_in_check(&p) && arb_count_legal_moves(&p) == 0;
}

int main(int argc, char **argv)
{
    long every = 1;
    unsigned long long budget = 0;
    bool sound_only = false;
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--every") == 0 && i + 1 < argc)
            every = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--sound-only") == 0)
            sound_only = true;
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = strtoull(argv[++i], NULL, 10);
        else
            path = argv[i];
    }
    if (every < 1)
        every = 1;
    if (!path)
        path = getenv("ARB_CHA_VECTORS");
    if (!path || !*path)
        path = ARB_CHA_VECTORS;
    FILE *f = *path ? fopen(path, "r") : NULL;
    if (!f) {
        printf("SKIP: CHA test vectors not found at '%s' (set ARB_CHA_VECTORS or -Dcha_vectors)\n", path);
        return 77;
    }
    char line[512];
    long index = 0, right = 0, wrong = 0, unknown = 0, positions = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 4)
            continue;
        if (index++ % every)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char label[3] = {line[0], line[1], 0};
        /* The board, side, castling and en passant fields (some lines omit the last two). */
        char fen[300] = "";
        char *save = NULL, *tok = strtok_r(line + 3, " ", &save);
        for (int field = 0; field < 4; field++) {
            strcat(fen, field ? " " : "");
            strcat(fen, tok ? tok : "-");
            if (tok)
                tok = strtok_r(NULL, " ", &save);
        }
        arb_position pos;
        harness_begin(fen);
        arb_status st = arb_position_from_fen(&pos, fen, ARB_STANDARD, NULL);
        CHECK_MSG(st == ARB_OK, "FEN rejected: %s", fen);
        if (st != ARB_OK)
            continue;
        positions++;
        for (int c = 0; c < 2; c++) {
            arb_unwinnable_result r;
            arb_unwinnable(&pos, (arb_color)c, budget, &r);
            bool can = label[c] != '-';
            const char *side = c ? "black" : "white";
            if (r.verdict == ARB_WIN_UNKNOWN) {
                unknown++;
                if (sound_only)
                    printf("unknown: %s %s after %llu nodes\n", fen, side, (unsigned long long)r.nodes);
                else
                    harness_fail(__FILE__, __LINE__, "%s %s: unknown after %llu nodes (label %s)", label, side,
                             (unsigned long long)r.nodes, label);
            } else if ((r.verdict == ARB_WIN_POSSIBLE) != can) {
                wrong++;
                harness_fail(__FILE__, __LINE__, "%s %s: WRONG verdict %s (code %s)", label, side,
                             r.verdict == ARB_WIN_POSSIBLE ? "can mate" : "cannot mate",
                             r.nreasons ? arb_reason_name(r.reasons[0].code) : "-");
            } else if (r.verdict == ARB_WIN_POSSIBLE && !witness_ok(&pos, &r)) {
                wrong++;
                harness_fail(__FILE__, __LINE__, "%s %s: witness does not end in mate", label, side);
            } else {
                right++;
                harness_pass();
            }
        }
    }
    fclose(f);
    printf("CHA vectors: %ld positions, %ld side verdicts right, %ld wrong, %ld unknown\n", positions, right,
           wrong, unknown);
    return harness_finish();
}
