/* Golden explanations: runs every case of tests/data/explain-golden.txt (format documented at
 * the top of that file) and checks codes, squares and parameters exactly; checkmates and
 * stalemates are also checked for completeness (every square, capture, line and piece). */
#include <stdlib.h>

#include "arbiter.h"
#include "harness.h"

#define MAX_FIELDS 5

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static int code_of(const char *name)
{
    for (unsigned c = 0; c < ARB_REASON_COUNT; c++)
        if (strcmp(arb_reason_name(c), name) == 0)
            return (int)c;
    return -1;
}

static arb_piece piece_of(char ch)
{
    static const char letters[] = "PNBRQK";
    const char *p = strchr(letters, ch >= 'a' ? ch - 32 : ch);
    if (!p || !ch)
        return 0xFF;
    return ARB_PIECE(ch >= 'a' ? ARB_BLACK : ARB_WHITE, (arb_piece_type)(p - letters + 1));
}

/* Compares one expected item "code(sq,sq;key=value;...)" with a reason. */
static void check_item(const char *where, int index, char *item, const arb_reason *got)
{
    char *open = strchr(item, '(');
    char *args = NULL;
    if (open) {
        *open = '\0';
        args = open + 1;
        char *close = strrchr(args, ')');
        if (close)
            *close = '\0';
    }
    int code = code_of(item);
    CHECK_MSG(code >= 0, "%s: unknown code %s", where, item);
    CHECK_MSG(got->code == code, "%s: reason %d is %s, expected %s", where, index, arb_reason_name(got->code), item);
    if (!args || got->code != code)
        return;
    char *keys = strchr(args, ';');
    if (keys)
        *keys++ = '\0';
    int nsq = 0;
    for (char *tok = strtok(args, ","); tok; tok = strtok(NULL, ",")) {
        int sq = arb_square_parse(trim(tok));
        CHECK_MSG(nsq < got->nsquares && got->squares[nsq] == sq, "%s: %s square %d should be %s", where, item,
                  nsq + 1, tok);
        nsq++;
    }
    CHECK_MSG(nsq == got->nsquares, "%s: %s has %d squares, expected %d", where, item, got->nsquares, nsq);
    for (char *kv = keys ? strtok(keys, ";") : NULL; kv; kv = strtok(NULL, ";")) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            CHECK_MSG(0, "%s: bad key %s", where, kv);
            continue;
        }
        *eq = '\0';
        const char *k = kv, *v = eq + 1;
        if (strcmp(k, "piece") == 0)
            CHECK_MSG(got->piece == piece_of(v[0]), "%s: %s piece %d, expected %s", where, item, got->piece, v);
        else if (strcmp(k, "by") == 0)
            CHECK_MSG(got->by == piece_of(v[0]), "%s: %s by %d, expected %s", where, item, got->by, v);
        else if (strcmp(k, "n") == 0)
            CHECK_MSG(got->n == atoi(v), "%s: %s n=%d, expected %s", where, item, (int)got->n, v);
        else if (strcmp(k, "m") == 0)
            CHECK_MSG(got->m == atoi(v), "%s: %s m=%d, expected %s", where, item, (int)got->m, v);
        else if (strcmp(k, "offset") == 0)
            CHECK_MSG(got->offset == atoi(v), "%s: %s offset=%d, expected %s", where, item, (int)got->offset, v);
        else if (strcmp(k, "side") == 0)
            CHECK_MSG(got->side == (v[0] == 'K' ? ARB_KINGSIDE : ARB_QUEENSIDE), "%s: %s side", where, item);
        else if (strcmp(k, "move") == 0)
            CHECK_MSG(strcmp(got->move, v) == 0, "%s: %s move '%s', expected '%s'", where, item, got->move, v);
        else if (strcmp(k, "found") == 0)
            CHECK_MSG(strcmp(got->found, v) == 0, "%s: %s found '%s', expected '%s'", where, item, got->found, v);
        else
            CHECK_MSG(0, "%s: unknown key %s", where, k);
    }
}

static bool has_code_square(const arb_reason *r, int n, int code, int index, int sq)
{
    for (int i = 0; i < n; i++)
        if (r[i].code == code && r[i].nsquares > index && r[i].squares[index] == sq)
            return true;
    return false;
}

/* A reason of this code that names sq among its squares (a grouped reason lists several). */
static bool has_code_any_square(const arb_reason *r, int n, int code, int sq)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; r[i].code == code && j < r[i].nsquares; j++)
            if (r[i].squares[j] == sq)
                return true;
    return false;
}

/* Every defence of a checkmate or stalemate is accounted for. */
static void check_complete(const char *where, const arb_position *pos, const arb_reason *r, int n)
{
    arb_state state = arb_position_state(pos);
    if (state != ARB_STATE_CHECKMATE && state != ARB_STATE_STALEMATE)
        return;
    arb_color us = (arb_color)pos->side;
    int ks = pos->king_square[us];
    arb_bitboard checkers = arb_checkers(pos);
    bool single = checkers && !(checkers & (checkers - 1));
    int csq = single ? __builtin_ctzll(checkers) : -1;
    /* Each square next to the king: exactly one flight reason (the checker's square, for a
     * single check, belongs to the captures). */
    arb_bitboard around = arb_piece_attacks(ARB_PIECE(us, ARB_KING), ks, 0);
    for (int s = 0; s < 64; s++) {
        if (!(around >> s & 1))
            continue;
        int count = 0;
        for (int i = 0; i < n; i++)
            if ((r[i].code == ARB_R_flight_own_piece || r[i].code == ARB_R_flight_attacked ||
                 r[i].code == ARB_R_flight_on_check_line) && r[i].squares[0] == s)
                count++;
        CHECK_MSG(count == (s == csq ? 0 : 1), "%s: square %d has %d flight reasons", where, s, count);
    }
    if (state == ARB_STATE_CHECKMATE && single) {
        arb_piece_type ct = ARB_PIECE_TYPE(pos->board[csq]);
        bool capture = has_code_square(r, n, ARB_R_capture_impossible, 0, csq) ||
                       has_code_square(r, n, ARB_R_capture_pinned, 1, csq) ||
                       has_code_square(r, n, ARB_R_capture_exposes_king, 1, csq) ||
                       has_code_square(r, n, ARB_R_capture_king_defended, 0, csq);
        CHECK_MSG(capture, "%s: no capture reason", where);
        /* Every piece that attacks the checker has its reason. */
        arb_bitboard takers = arb_attackers(pos, csq, us, arb_occupied(pos));
        for (int s = 0; s < 64; s++)
            if ((takers >> s & 1) && s != ks)
                CHECK_MSG(has_code_square(r, n, ARB_R_capture_pinned, 0, s) ||
                              has_code_square(r, n, ARB_R_capture_exposes_king, 0, s),
                          "%s: capturer on %d unexplained", where, s);
        if (ct == ARB_KNIGHT) {
            CHECK_MSG(has_code_square(r, n, ARB_R_block_impossible_knight, 0, csq), "%s: knight block", where);
        } else {
            /* Squares between king and checker, each with a block reason. */
            int df = (csq & 7) - (ks & 7), dr = (csq >> 3) - (ks >> 3);
            int step = (df > 0) - (df < 0) + 8 * ((dr > 0) - (dr < 0));
            int between = 0;
            for (int s = ks + step; s != csq; s += step) {
                between++;
                CHECK_MSG(has_code_square(r, n, ARB_R_block_nothing_reaches, 0, s) ||
                              has_code_any_square(r, n, ARB_R_block_nothing_reaches_any, s) ||
                              has_code_square(r, n, ARB_R_block_pinned, 1, s) ||
                              has_code_square(r, n, ARB_R_leaves_king_in_check, 1, s),
                          "%s: square %d between is unexplained", where, s);
            }
            if (!between)
                CHECK_MSG(has_code_square(r, n, ARB_R_block_impossible_adjacent, 0, csq), "%s: adjacent", where);
        }
    }
    if (state == ARB_STATE_STALEMATE) {
        for (int s = 0; s < 64; s++) {
            arb_piece p = pos->board[s];
            if (!p || ARB_PIECE_COLOR(p) != us || s == ks)
                continue;
            int count = 0;
            for (int i = 0; i < n; i++)
                if ((r[i].code == ARB_R_stale_pinned || r[i].code == ARB_R_stale_pawn_blocked ||
                     r[i].code == ARB_R_stale_en_passant_exposes || r[i].code == ARB_R_stale_no_squares) &&
                    r[i].squares[0] == s)
                    count++;
            CHECK_MSG(count == 1, "%s: piece on %d has %d stalemate reasons", where, s, count);
        }
    }
}

static void run_case(const char *where, char **f, int *covered)
{
    char kind[16];
    snprintf(kind, sizeof kind, "%s", f[0]);
    arb_variant variant = ARB_STANDARD;
    size_t kl = strlen(kind);
    if (kl > 3 && strcmp(kind + kl - 3, "960") == 0) {
        variant = ARB_CHESS960;
        kind[kl - 3] = '\0';
    }
    const char *fen = strcmp(f[1], "startpos") == 0 ? ARB_START_FEN : f[1];
    arb_reason got[ARB_EXPLAIN_MAX];
    int n = -1;
    char expected[1024];
    snprintf(expected, sizeof expected, "%s", f[4]);
    arb_game g = {0};
    arb_position start;
    if (strcmp(kind, "validate") == 0) {
        n = arb_validate(fen, variant, got, ARB_EXPLAIN_MAX);
    } else if (strcmp(kind, "warnings") == 0) {
        n = arb_fen_warnings(fen, variant, got, ARB_EXPLAIN_MAX);
    } else {
        arb_reason why;
        if (arb_position_from_fen(&start, fen, variant, &why) != ARB_OK) {
            CHECK_MSG(0, "%s: FEN does not parse (%s)", where, arb_reason_name(why.code));
            return;
        }
        arb_game_init(&g, &start);
        if (strcmp(f[2], "-") != 0) {
            const char *texts[64];
            int count = 0;
            for (char *t = strtok(f[2], " "); t && count < 64; t = strtok(NULL, " "))
                texts[count++] = t;
            int failed = -1;
            if (arb_game_play_texts(&g, texts, count, &failed, &why) != ARB_OK) {
                CHECK_MSG(0, "%s: history move %d fails", where, failed + 1);
                arb_game_free(&g);
                return;
            }
        }
        const arb_position *pos = arb_game_current(&g);
        if (strcmp(kind, "move") == 0) {
            const char *in = f[3];
            int from = ARB_SQ(in[0] - 'a', in[1] - '1'), to = ARB_SQ(in[2] - 'a', in[3] - '1');
            arb_piece_type promo = ARB_NO_TYPE;
            if (in[4])
                promo = ARB_PIECE_TYPE(piece_of(in[4]));
            n = arb_explain_move(pos, &g, from, to, promo, got, ARB_EXPLAIN_MAX);
        } else if (strcmp(kind, "text") == 0) {
            n = arb_explain_text(pos, &g, f[3], NULL, got, ARB_EXPLAIN_MAX);
        } else if (strcmp(kind, "castle") == 0) {
            arb_color c = strncmp(f[3], "white", 5) == 0 ? ARB_WHITE : ARB_BLACK;
            int side = strstr(f[3], "queenside") ? ARB_QUEENSIDE : ARB_KINGSIDE;
            n = arb_explain_castling(pos, &g, c, side, got, ARB_EXPLAIN_MAX);
        } else if (strcmp(kind, "status") == 0) {
            n = arb_explain_status(pos, got, ARB_EXPLAIN_MAX);
            char *space = strchr(expected, ' ');
            if (space)
                *space = '\0';
            CHECK_MSG(expected[0] == '=' && strcmp(expected + 1, arb_state_name(arb_position_state(pos))) == 0,
                      "%s: state %s, expected %s", where, arb_state_name(arb_position_state(pos)), expected);
            memmove(expected, space ? space + 1 : "", strlen(space ? space + 1 : "") + 1);
            check_complete(where, pos, got, n);
        } else {
            CHECK_MSG(0, "%s: unknown kind %s", where, kind);
        }
    }
    /* Expected items (split on spaces outside parentheses). */
    char *items[ARB_EXPLAIN_MAX];
    int want = 0;
    int depth = 0;
    char *start_item = NULL;
    for (char *p = expected;; p++) {
        if (*p == '(')
            depth++;
        if (*p == ')')
            depth--;
        bool end = *p == '\0' || (*p == ' ' && depth == 0);
        if (!end && !start_item)
            start_item = p;
        if (end && start_item) {
            bool last = *p == '\0';
            *p = '\0';
            if (want < ARB_EXPLAIN_MAX)
                items[want++] = start_item;
            start_item = NULL;
            if (last)
                break;
            continue;
        }
        if (*p == '\0')
            break;
    }
    if (want == 1 && (strcmp(items[0], "legal") == 0 || strcmp(items[0], "allowed") == 0 ||
                      strcmp(items[0], "valid") == 0))
        want = 0;
    CHECK_MSG(n == want, "%s: %d reasons, expected %d", where, n, want);
    for (int i = 0; i < n && i < ARB_EXPLAIN_MAX; i++) {
        covered[got[i].code]++;
        if (i < want)
            check_item(where, i, items[i], &got[i]);
    }
    if (n != want)
        for (int i = 0; i < n && i < ARB_EXPLAIN_MAX; i++)
            printf("  %s: got %s\n", where, arb_reason_name(got[i].code));
    if (g.positions)
        arb_game_free(&g);
}

int main(void)
{
    harness_begin("explain.golden");
    FILE *in = fopen(harness_data_path("explain-golden.txt"), "r");
    CHECK_MSG(in != NULL, "cannot open %s", harness_data_path("explain-golden.txt"));
    if (!in)
        return harness_finish();
    char line[2048];
    int number = 0, cases = 0;
    int covered[ARB_REASON_COUNT] = {0};
    while (fgets(line, sizeof line, in)) {
        number++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        char *f[MAX_FIELDS];
        int nf = 0;
        for (char *p = s; nf < MAX_FIELDS;) {
            char *bar = strstr(p, " | ");
            f[nf++] = trim(p);
            if (!bar)
                break;
            *bar = '\0';
            p = bar + 3;
        }
        char where[64];
        snprintf(where, sizeof where, "explain-golden.txt:%d", number);
        if (nf != MAX_FIELDS) {
            CHECK_MSG(0, "%s: %d fields, expected %d", where, nf, MAX_FIELDS);
            continue;
        }
        run_case(where, f, covered);
        cases++;
    }
    fclose(in);
    printf("%d golden cases\n", cases);
    CHECK_MSG(cases >= 120, "only %d golden cases", cases);
    /* Every explanation code of the new areas appears in at least one golden case. */
    static const char *const must[] = {
#define ARB_REASON(name, article, params) #name,
#include "arbiter/reasons/moves.def"
#include "arbiter/reasons/castling.def"
#include "arbiter/reasons/status.def"
#include "arbiter/reasons/validation.def"
#undef ARB_REASON
        "missing_king", "too_many_kings", "pawn_on_back_rank", "opposite_check", "san_malformed",
        "ambiguous", "no_piece_can_move_there", "illegal_move",
    };
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        CHECK_MSG(covered[code_of(must[i])] > 0, "code %s is not covered by any golden case", must[i]);
    return harness_finish();
}
