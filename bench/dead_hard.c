/* Benchmark (issue 12 §4): the undecided rate of both sides of a hard set of positions at
 * /v1/dead's default budget, and a check of every verdict that is independent of the proofs:
 * a witness is replayed move by move; an "unwinnable" side is searched again for a helpmate by
 * a plain search that uses none of the engine's proofs (bounded depth-first search, then seeded
 * random cooperative games). Any witness found there is a WRONG verdict.
 *
 * Inputs are files of positions nobody here made up, one per line, in either format:
 *   CHA vectors:  "W- <4 FEN fields> [winner]" (labels checked: W/B can mate, - cannot)
 *   lichess list: "<6 FEN fields> <game id>"   (D3-Chess tests/lichess-30K-games.txt: final
 *                 positions of real timeout games; no labels)
 * --descend N adds, for each labelled position, N positions a few seeded random plies later
 * (the same families of blocked structures, positions no one chose); --mirrors adds each
 * position's three mirror images (files reversed, colours swapped, both; labels carried over).
 * usage: bench_dead_hard [--budget NODES] [--every K] [--descend N] [--mirrors] [--check-plies P] FILE...
 * Prints one summary line per file and a total; undecided and wrong sides go to stderr.
 * Times are CPU seconds of this single-threaded process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arbiter.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Two seeded generators: the descendants' must not depend on the verdicts (the cross-check
 * draws from its own), so that two builds are measured on the same positions. */
static uint64_t check_rng = 0x2545F4914F6CDD1Dull, descend_rng = 0x9E3779B97F4A7C15ull;
static uint64_t rng_next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

struct tally {
    long positions, sides, decided_can, decided_cannot, undecided, wrong, label_checked;
    double seconds, worst;
};

static int check_plies = 4;

/* Plain helpmate search to `depth` plies: no proof prunes anything. */
static bool plain_helpmate(const arb_position *p, arb_color winner, int depth, long *nodes)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = arb_legal_moves(p, moves);
    if (n == 0)
        return p->side != winner && arb_in_check(p);
    if (depth == 0 || ++*nodes > 300000)
        return false;
    for (int i = 0; i < n; i++) {
        arb_position c = *p;
        arb_position_play(&c, moves[i]);
        if (plain_helpmate(&c, winner, depth - 1, nodes))
            return true;
    }
    return false;
}

/* Seeded random cooperative games: does any end in the winner's mate? */
static bool random_helpmate(const arb_position *start, arb_color winner, int games, int plies)
{
    arb_move moves[ARB_MAX_MOVES];
    for (int g = 0; g < games; g++) {
        arb_position p = *start;
        for (int k = 0; k < plies; k++) {
            int n = arb_legal_moves(&p, moves);
            if (n == 0) {
                if (p.side != winner && arb_in_check(&p))
                    return true;
                break;
            }
            arb_position_play(&p, moves[rng_next(&check_rng) % (uint64_t)n]);
        }
    }
    return false;
}

static bool witness_mates(const arb_position *pos, const arb_unwinnable_result *r)
{
    arb_position p = *pos;
    for (int i = 0; i < r->witness_len; i++) {
        if (!arb_is_legal(&p, r->witness[i]))
            return false;
        arb_position_play(&p, r->witness[i]);
    }
    return p.side != r->winner && arb_in_check(&p) && arb_count_legal_moves(&p) == 0;
}

/* Decides both sides of pos; label is "W-" style or NULL. */
static void decide(const arb_position *pos, const char *label, const char *text, uint64_t budget,
                   struct tally *t)
{
    t->positions++;
    double t0 = now();
    arb_unwinnable_result r[2];
    for (int c = 0; c < 2; c++)
        arb_unwinnable(pos, (arb_color)c, budget, &r[c]);
    double dt = now() - t0;
    t->seconds += dt;
    if (dt > t->worst)
        t->worst = dt;
    if (dt > 0.25)
        fprintf(stderr, "slow %.0f ms %s\n", dt * 1e3, text);
    for (int c = 0; c < 2; c++) {
        const char *who = c ? "black" : "white";
        t->sides++;
        if (r[c].verdict == ARB_WIN_UNKNOWN) {
            t->undecided++;
            fprintf(stderr, "undecided %s %s\n", who, text);
            continue;
        }
        bool can = r[c].verdict == ARB_WIN_POSSIBLE;
        bool wrong = false;
        if (can) {
            t->decided_can++;
            wrong = !witness_mates(pos, &r[c]);
        } else {
            t->decided_cannot++;
            long nodes = 0;
            wrong = plain_helpmate(pos, (arb_color)c, check_plies, &nodes) ||
                    random_helpmate(pos, (arb_color)c, 200, 300);
        }
        if (label) {
            t->label_checked++;
            wrong = wrong || can != (label[c] != '-');
        }
        if (wrong) {
            t->wrong++;
            fprintf(stderr, "WRONG %s %s\n", who, text);
        }
    }
}

/* A few seeded random plies from pos (stops before a game end). */
static bool descend(const arb_position *pos, arb_position *out)
{
    arb_move moves[ARB_MAX_MOVES];
    int plies = 1 + (int)(rng_next(&descend_rng) % 6);
    *out = *pos;
    for (int k = 0; k < plies; k++) {
        int n = arb_legal_moves(out, moves);
        if (n == 0)
            return k > 0;
        arb_position_play(out, moves[rng_next(&descend_rng) % (uint64_t)n]);
    }
    return arb_count_legal_moves(out) > 0;
}

/* The same position seen in a mirror: files a..h reversed (no castling rights: they would not
 * survive), and/or colours swapped with the board turned (labels swap). Exact symmetries of the
 * rules, so the labels carry over; the search's heuristics are not symmetric, which is the point. */
static bool transform(const char *fen, bool mirror_files, bool flip_colors, char *out, size_t cap)
{
    char board[8][9], side = 'w', castle[8] = "-", ep[4] = "-";
    char rest[64] = "";
    int rank = 0, file = 0;
    const char *p = fen;
    memset(board, '.', sizeof board);
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            rank++, file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
        } else if (rank < 8 && file < 8) {
            board[rank][file++] = *p;
        }
    }
    if (sscanf(p, " %c %7s %3s %63[^\n]", &side, castle, ep, rest) < 3)
        return false;
    if (mirror_files && strcmp(castle, "-") != 0)
        return false;
    size_t n = 0;
    for (int r = 0; r < 8; r++) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            char c = board[flip_colors ? 7 - r : r][mirror_files ? 7 - f : f];
            if (c == '.') {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            if (flip_colors)
                c = (char)(c >= 'a' ? c - 'a' + 'A' : c - 'A' + 'a');
            out[n++] = c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        out[n++] = r < 7 ? '/' : ' ';
    }
    if (flip_colors) {
        side = side == 'w' ? 'b' : 'w';
        for (char *c = castle; *c && *c != '-'; c++)
            *c = (char)(*c >= 'a' ? *c - 'a' + 'A' : *c - 'A' + 'a');
        if (ep[0] != '-')
            ep[1] = ep[1] == '3' ? '6' : '3';
    }
    if (mirror_files && ep[0] != '-')
        ep[0] = (char)('h' - (ep[0] - 'a'));
    snprintf(out + n, cap - n, "%c %s %s%s%s", side, castle, ep, rest[0] ? " " : "", rest);
    return true;
}

static bool is_label(const char *s)
{
    return strlen(s) == 2 && (s[0] == 'W' || s[0] == '-') && (s[1] == 'B' || s[1] == '-');
}

static bool mirrors = false;

static void run_file(const char *path, uint64_t budget, long every, int ndescend, struct tally *t)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("%s: not found, skipped\n", path);
        return;
    }
    char line[512];
    long index = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || strlen(line) < 8)
            continue;
        if (index++ % every)
            continue;
        char copy[512], fen[300] = "", label[3] = "";
        snprintf(copy, sizeof copy, "%s", line);
        char *save = NULL, *tok = strtok_r(copy, " ", &save);
        if (tok && is_label(tok)) {
            snprintf(label, sizeof label, "%s", tok);
            tok = strtok_r(NULL, " ", &save);
        }
        for (int field = 0; field < 6 && tok; field++) {
            if (field >= 4 && (tok[0] < '0' || tok[0] > '9'))
                break;
            strcat(fen, field ? " " : "");
            strcat(fen, tok);
            tok = strtok_r(NULL, " ", &save);
        }
        arb_position pos;
        if (arb_position_from_fen(&pos, fen, ARB_STANDARD, NULL) != ARB_OK)
            continue;
        decide(&pos, label[0] ? label : NULL, line, budget, t);
        for (int k = 1; mirrors && k < 4; k++) {
            char text[400], mirrored[3] = "";
            arb_position m;
            if (!transform(fen, k & 1, k & 2, text, sizeof text) ||
                arb_position_from_fen(&m, text, ARB_STANDARD, NULL) != ARB_OK)
                continue;
            if (label[0] && (k & 2)) /* colours swapped: so are the labels */
                mirrored[0] = label[1] == 'B' ? 'W' : '-', mirrored[1] = label[0] == 'W' ? 'B' : '-';
            else
                snprintf(mirrored, sizeof mirrored, "%s", label);
            decide(&m, label[0] ? mirrored : NULL, text, budget, t);
        }
        for (int d = 0; label[0] && d < ndescend; d++) {
            arb_position next;
            char text[400];
            if (!descend(&pos, &next))
                continue;
            arb_position_fen(&next, text, sizeof text);
            char shown[420];
            snprintf(shown, sizeof shown, "%s (from %s)", text, fen);
            decide(&next, NULL, shown, budget, t);
        }
    }
    fclose(f);
}

static void print_tally(const char *name, const struct tally *t)
{
    printf("%s: %ld positions, %ld sides: %ld can mate, %ld cannot, %ld undecided (%.3f%%), %ld wrong"
           " (%ld against labels); %.2f s, max %.1f ms per position\n",
           name, t->positions, t->sides, t->decided_can, t->decided_cannot, t->undecided,
           t->sides ? 100.0 * (double)t->undecided / (double)t->sides : 0.0, t->wrong, t->label_checked,
           t->seconds, t->worst * 1e3);
}

int main(int argc, char **argv)
{
    uint64_t budget = 0;
    long every = 1;
    int ndescend = 0;
    struct tally total = {0};
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--every") == 0 && i + 1 < argc)
            every = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--descend") == 0 && i + 1 < argc)
            ndescend = atoi(argv[++i]);
        else if (strcmp(argv[i], "--mirrors") == 0)
            mirrors = true;
        else if (strcmp(argv[i], "--check-plies") == 0 && i + 1 < argc)
            check_plies = atoi(argv[++i]);
        else {
            struct tally t = {0};
            run_file(argv[i], budget, every < 1 ? 1 : every, ndescend, &t);
            print_tally(argv[i], &t);
            total.positions += t.positions, total.sides += t.sides, total.decided_can += t.decided_can;
            total.decided_cannot += t.decided_cannot, total.undecided += t.undecided;
            total.wrong += t.wrong, total.label_checked += t.label_checked, total.seconds += t.seconds;
            if (t.worst > total.worst)
                total.worst = t.worst;
        }
    }
    print_tally("total", &total);
    return total.wrong ? 1 : 0;
}
