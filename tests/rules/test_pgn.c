/* PGN: real games typed from published scores read, replayed and written back (round trip),
 * comments/NAGs/variations kept or skipped, several games per file, errors with line:column
 * and recovery, hostile and oversized input. */
#include "rules_util.h"

static char *slurp(const char *name, size_t *len)
{
    FILE *f = fopen(harness_data_path(name), "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    *len = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[*len] = '\0';
    return buf;
}

static char *write_game(const arb_pgn_game *g)
{
    size_t n = arb_pgn_write(g, NULL, 0);
    char *s = malloc(n + 1);
    if (s)
        arb_pgn_write(g, s, n + 1);
    return s;
}

static int count_comments(const arb_pgn_line *l)
{
    int n = l->comment != NULL;
    for (int i = 0; i < l->count; i++) {
        n += l->nodes[i].comment != NULL;
        for (int v = 0; v < l->nodes[i].nvariations; v++)
            n += count_comments(&l->nodes[i].variations[v]);
    }
    return n;
}

static void test_classics(void)
{
    size_t len;
    char *text = slurp("pgn/classics.pgn", &len);
    harness_begin("pgn.classics.read");
    CHECK(text != NULL);
    if (!text)
        return;
    static const struct {
        int plies;
        const char *white, *last;
    } want[] = {{45, "Adolf Anderssen", "Be7#"}, {47, "Adolf Anderssen", "Bxe7#"}, {33, "Paul Morphy", "Rd8#"}};
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, NULL);
    int games = 0;
    while (arb_pgn_next(&r) && games < 3) {
        arb_pgn_game g;
        arb_pgn_error err;
        harness_begin("pgn.classics.read");
        arb_status st = arb_pgn_read(&r, &g, &err);
        CHECK_MSG(st == ARB_OK, "game %d: status %d at %d:%d (%s)", games, st, err.line, err.column,
                  arb_reason_name(err.why.code));
        if (st == ARB_OK) {
            CHECK_INT(g.record.nplies, want[games].plies);
            CHECK_STR(arb_pgn_tag_value(&g, "White"), want[games].white);
            CHECK_STR(g.result, "1-0");
            char san[ARB_MOVE_TEXT_MAX];
            arb_move_san(&g.record.positions[g.record.nplies - 1], g.record.moves[g.record.nplies - 1], san, sizeof san);
            CHECK_STR(san, want[games].last);
            harness_begin("pgn.classics.ends_in_checkmate");
            arb_outcome o;
            CHECK_INT(arb_game_outcome(&g.record, NULL, &o), ARB_OK);
            CHECK_INT(o.termination, ARB_TERM_CHECKMATE);
            CHECK_INT(o.result, ARB_RESULT_WHITE_WINS);
            CHECK_INT(o.ply, want[games].plies);

            harness_begin("pgn.classics.round_trip");
            arb_pgn_set_outcome(&g, &o);
            char *out1 = write_game(&g);
            arb_pgn_reader r2;
            arb_pgn_reader_init(&r2, out1, strlen(out1), NULL);
            arb_pgn_game g2;
            CHECK_INT(arb_pgn_read(&r2, &g2, &err), ARB_OK);
            CHECK_INT(g2.record.nplies, g.record.nplies);
            CHECK(memcmp(g2.record.moves, g.record.moves, sizeof(arb_move) * (size_t)g.record.nplies) == 0);
            CHECK_STR(arb_pgn_tag_value(&g2, "Termination"), "normal");
            CHECK_STR(arb_pgn_tag_value(&g2, "ArbiterTermination"), "checkmate");
            CHECK_INT(count_comments(&g2.main), count_comments(&g.main));
            char *out2 = write_game(&g2);
            CHECK_STR(out2, out1);
            for (char *line = out1; line && *line;) {
                char *nl = strchr(line, '\n');
                size_t n = nl ? (size_t)(nl - line) : strlen(line);
                CHECK_MSG(n <= 79, "line longer than 79: %.*s", (int)n, line);
                line = nl ? nl + 1 : NULL;
            }
            for (char *c = out1; *c; c++) /* compare movetext across line breaks */
                if (*c == '\n' && c[1] != '[' && c[1] != '\n' && c > out1 && c[-1] != ']' && c[-1] != '\n')
                    *c = ' ';
            if (games == 2) {
                harness_begin("pgn.opera.annotations");
                CHECK(g.main.comment && strcmp(g.main.comment, "Philidor Defence.") == 0);
                CHECK_INT(g.main.nodes[5].nnags, 1); /* 3...Bg4?! */
                CHECK_INT(g.main.nodes[5].nags[0], 6);
                CHECK_INT(g.main.nodes[17].nvariations, 1); /* 9...b5? (9...Qc7) */
                CHECK_INT(g.main.nodes[17].nags[0], 2);
                CHECK_INT(g.main.nodes[17].variations[0].count, 1);
                CHECK_INT(g.main.nodes[17].variations[0].nodes[0].nags[0], 5);
                CHECK(strstr(out1, "9. Bg5 b5 $2 (9... Qc7 $5) 10. Nxb5 $1 cxb5") != NULL);
                CHECK(strstr(out1, "16. Qb8+ $1 {A queen sacrifice.} 16... Nxb8 17. Rd8# 1-0") != NULL);
                CHECK(strstr(out1, "[Event \"Paris Opera\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]") == out1);
            }
            free(out1);
            free(out2);
            arb_pgn_game_free(&g2);
        }
        arb_pgn_game_free(&g);
        games++;
    }
    harness_begin("pgn.classics.three_games");
    CHECK_INT(games, 3);
    CHECK(!arb_pgn_next(&r));

    harness_begin("pgn.skip_variations_and_comments");
    arb_pgn_options opts = {true, true, false};
    arb_pgn_reader_init(&r, text, len, &opts);
    arb_pgn_game g;
    for (int i = 0; i < 3; i++) {
        arb_pgn_next(&r);
        CHECK_INT(arb_pgn_read(&r, &g, NULL), ARB_OK);
        if (i == 2) {
            CHECK_INT(g.record.nplies, 33);
            CHECK_INT(g.main.nodes[17].nvariations, 0);
            CHECK_INT(count_comments(&g.main), 0);
        }
        arb_pgn_game_free(&g);
    }
    free(text);
}

static void test_malformed_file(void)
{
    size_t len;
    char *text = slurp("pgn/malformed.pgn", &len);
    harness_begin("pgn.malformed.recovery");
    CHECK(text != NULL);
    if (!text)
        return;
    static const struct {
        arb_status st;
        arb_reason_code code;
        int line, column;
        const char *event;
    } want[] = {
        {ARB_OK, 0, 0, 0, "Good one"},
        {ARB_ERR_ILLEGAL, ARB_R_pgn_illegal_move, 9, 13, NULL},
        {ARB_ERR_SYNTAX, ARB_R_pgn_unterminated_string, 11, 8, NULL},
        {ARB_OK, 0, 0, 0, "Last good"},
        {ARB_ERR_SYNTAX, ARB_R_pgn_unterminated_comment, 23, 7, NULL},
    };
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, NULL);
    int i = 0;
    while (arb_pgn_next(&r) && i < 6) {
        arb_pgn_game g;
        arb_pgn_error err;
        arb_status st = arb_pgn_read(&r, &g, &err);
        if (i < 5) {
            CHECK_MSG(st == want[i].st, "game %d: status %d", i, st);
            if (st != ARB_OK) {
                CHECK_INT(err.why.code, want[i].code);
                CHECK_INT(err.line, want[i].line);
                CHECK_INT(err.column, want[i].column);
            } else {
                CHECK_STR(arb_pgn_tag_value(&g, "Event"), want[i].event);
            }
        }
        if (i == 1) {
            harness_begin("pgn.malformed.illegal_move_detail");
            CHECK_STR(err.why.found, "Ke3");
            CHECK_INT(err.why.n, 2);
            CHECK(err.has_detail);
            char msg[256];
            arb_reason_render(&err.why, "en", msg, sizeof msg);
            CHECK_STR(msg, "Move 2: 'Ke3' is not a legal move in the position reached.");
        }
        arb_pgn_game_free(&g);
        i++;
    }
    harness_begin("pgn.malformed.count");
    CHECK_INT(i, 5);
    free(text);
}

static arb_status read_one(const char *text, arb_pgn_error *err, arb_pgn_game *g)
{
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, strlen(text), NULL);
    arb_status st = arb_pgn_read(&r, g, err);
    return st;
}

static void expect_error(const char *name, const char *text, arb_status st, arb_reason_code code, int line, int col)
{
    arb_pgn_game g;
    arb_pgn_error err;
    harness_begin(name);
    CHECK_INT(read_one(text, &err, &g), st);
    CHECK_MSG(err.why.code == code, "code %s, expected %s", arb_reason_name(err.why.code), arb_reason_name(code));
    CHECK_INT(err.line, line);
    CHECK_INT(err.column, col);
    arb_pgn_game_free(&g);
}

static void test_hostile(void)
{
    expect_error("pgn.error.bad_move", "1. e4 e5 2. Zz9 *", ARB_ERR_SYNTAX, ARB_R_pgn_bad_move, 1, 13);
    expect_error("pgn.error.illegal_move", "1. e4 e5\n2. Ke3 *", ARB_ERR_ILLEGAL, ARB_R_pgn_illegal_move, 2, 4);
    expect_error("pgn.error.bad_nag", "1. e4 $300 *", ARB_ERR_SYNTAX, ARB_R_pgn_bad_nag, 1, 7);
    expect_error("pgn.error.nag_before_move", "$1 1. e4 *", ARB_ERR_SYNTAX, ARB_R_pgn_annotation_before_move, 1, 1);
    expect_error("pgn.error.close_paren", "1. e4 ) *", ARB_ERR_SYNTAX, ARB_R_pgn_unbalanced_paren, 1, 7);
    expect_error("pgn.error.unterminated_variation", "1. e4 (1. d4 d5\n", ARB_ERR_SYNTAX,
                 ARB_R_pgn_unterminated_variation, 2, 1);
    expect_error("pgn.error.result_in_variation", "1. e4 (1. d4 1-0) *", ARB_ERR_SYNTAX,
                 ARB_R_pgn_result_in_variation, 1, 14);
    expect_error("pgn.error.illegal_in_variation", "1. e4 e5 (1... e4) *", ARB_ERR_ILLEGAL, ARB_R_pgn_illegal_move,
                 1, 16);
    expect_error("pgn.error.bad_tag", "[Event]\n1. e4 *", ARB_ERR_SYNTAX, ARB_R_pgn_bad_tag, 1, 7);
    expect_error("pgn.error.bad_fen", "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", ARB_ERR_ILLEGAL, ARB_R_pgn_bad_fen_tag,
                 1, 1);
    expect_error("pgn.error.stray_brace", "1. e4 } *", ARB_ERR_SYNTAX, ARB_R_pgn_unexpected_char, 1, 7);
    {
        const char nul[] = "1. e4\0 e5 *";
        arb_pgn_reader r;
        arb_pgn_game g;
        arb_pgn_error err;
        harness_begin("pgn.error.nul_byte");
        arb_pgn_reader_init(&r, nul, sizeof nul - 1, NULL);
        CHECK_INT(arb_pgn_read(&r, &g, &err), ARB_ERR_SYNTAX);
        CHECK_INT(err.why.code, ARB_R_pgn_nul_byte);
        CHECK_INT(err.column, 6);
        arb_pgn_game_free(&g);
    }
    /* oversized: a 40-character word, a 5000-character tag value, 70 tags, deep nesting */
    char *big = malloc(200000);
    if (!big)
        return;
    snprintf(big, 200000, "1. e4 %s *", "Nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    expect_error("pgn.limit.long_word", big, ARB_ERR_LIMIT, ARB_R_pgn_token_too_long, 1, 7);
    strcpy(big, "[Event \"");
    memset(big + 8, 'x', 5000);
    strcpy(big + 5008, "\"]\n*");
    expect_error("pgn.limit.long_tag_value", big, ARB_ERR_LIMIT, ARB_R_pgn_tag_too_long, 1, 8);
    big[0] = '\0';
    for (int i = 0; i < 70; i++)
        sprintf(big + strlen(big), "[T%d \"v\"]\n", i);
    strcat(big, "*");
    expect_error("pgn.limit.too_many_tags", big, ARB_ERR_LIMIT, ARB_R_pgn_too_many_tags, 65, 1);
    strcpy(big, "1. e4 e5 ");
    for (int i = 0; i < 40; i++)
        strcat(big, "(1... d5 ");
    strcat(big, "*");
    expect_error("pgn.limit.too_deep", big, ARB_ERR_LIMIT, ARB_R_pgn_too_deep, 1, 10 + 9 * 32);
    /* skipping variations must not recurse without bound either */
    {
        arb_pgn_options skip = {true, false, false};
        arb_pgn_reader r;
        arb_pgn_game g;
        arb_pgn_error err;
        harness_begin("pgn.limit.too_deep_skipped");
        arb_pgn_reader_init(&r, big, strlen(big), &skip);
        CHECK_INT(arb_pgn_read(&r, &g, &err), ARB_ERR_LIMIT);
        arb_pgn_game_free(&g);
    }
    /* an unterminated comment of 100 000 bytes */
    strcpy(big, "1. e4 {");
    memset(big + 7, 'c', 100000);
    strcpy(big + 100007, "} *");
    expect_error("pgn.limit.long_comment", big, ARB_ERR_LIMIT, ARB_R_pgn_comment_too_long, 1, 7);
    /* 12 001 plies of knight shuffles: past the record's limit */
    {
        size_t cap = 12001 * 6 + 64, n = 0;
        char *moves = malloc(cap);
        static const char *const cyc[4] = {"Nf3 ", "Nf6 ", "Ng1 ", "Ng8 "};
        for (int i = 0; moves && i < 12001; i++) {
            memcpy(moves + n, cyc[i % 4], 4);
            n += 4;
        }
        if (moves) {
            memcpy(moves + n, "*", 2);
            arb_pgn_game g;
            arb_pgn_error err;
            harness_begin("pgn.limit.too_many_moves");
            CHECK_INT(read_one(moves, &err, &g), ARB_ERR_LIMIT);
            CHECK_INT(err.why.code, ARB_R_pgn_too_many_moves);
            arb_pgn_game_free(&g);
            free(moves);
        }
    }
    /* random bytes: never a crash, always progress */
    harness_begin("pgn.fuzz.random_bytes");
    uint64_t seed = 0x1234567ULL;
    int games = 0;
    for (int round = 0; round < 200; round++) {
        size_t n = 1 + (size_t)(round * 37 % 3000);
        for (size_t i = 0; i < n; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            static const char alphabet[] = "[]{}()\"$;%.!?*-/01235e4Nxd8=Q O-O\n\t\\abcdefgh12345678KQRBNP";
            big[i] = alphabet[(seed >> 33) % (sizeof alphabet - 1)];
        }
        arb_pgn_reader r;
        arb_pgn_reader_init(&r, big, n, NULL);
        size_t last = (size_t)-1;
        while (arb_pgn_next(&r)) {
            if (r.pos == last)
                break;
            last = r.pos;
            arb_pgn_game g;
            arb_pgn_read(&r, &g, NULL);
            if (r.pos == last) /* no progress would loop for ever */
                break;
            arb_pgn_game_free(&g);
            games++;
        }
        CHECK(r.pos == r.len);
    }
    CHECK(games > 0);
    free(big);
}

static void test_write_outcome(void)
{
    arb_game g0;
    harness_begin("pgn.write.outcome_tags");
    size_t len;
    char *text = slurp("pgn/constructed.pgn", &len);
    CHECK(text != NULL);
    if (!text)
        return;
    arb_pgn_reader r;
    arb_pgn_game g;
    arb_pgn_reader_init(&r, text, len, NULL);
    arb_pgn_next(&r);
    CHECK_INT(arb_pgn_read(&r, &g, NULL), ARB_OK);
    arb_outcome o;
    CHECK_INT(arb_game_outcome(&g.record, NULL, &o), ARB_OK);
    CHECK_INT(o.termination, ARB_TERM_FIVEFOLD_REPETITION);
    CHECK_INT(o.ply, 16);
    CHECK_INT(arb_pgn_set_outcome(&g, &o), ARB_OK);
    char *out = write_game(&g);
    CHECK(strstr(out, "[Result \"1/2-1/2\"]") != NULL);
    CHECK(strstr(out, "[Termination \"normal\"]") != NULL);
    CHECK(strstr(out, "[ArbiterTermination \"fivefold_repetition\"]") != NULL);
    CHECK(strstr(out, "7. Nf3 Nf6\n8. Ng1 Ng8 1/2-1/2\n\n") != NULL);
    free(out);
    arb_pgn_game_free(&g);

    harness_begin("pgn.fen_tag_game");
    arb_pgn_next(&r);
    CHECK_INT(arb_pgn_read(&r, &g, NULL), ARB_OK);
    CHECK_INT(g.record.nplies, 6);
    CHECK_INT(arb_game_current(&g.record)->halfmove_clock, 102);
    CHECK_INT(arb_game_claim(&g.record, ARB_CLAIM_FIFTY_MOVES, ARB_MOVE_NONE, &o), ARB_OK);
    CHECK(o.claim_valid);
    out = write_game(&g);
    CHECK(strstr(out, "[FEN \"8/8/8/4k3/8/8/8/R3K3 w - - 96 80\"]") != NULL);
    CHECK(strstr(out, "80. Ra2 Kd5 81. Ra3 Ke5 82. Ra4 Kd5 *") != NULL);
    free(out);
    arb_pgn_game_free(&g);

    harness_begin("pgn.write.time_forfeit");
    if (game_from(&g0, "startpos", "e4 e5")) {
        memset(&g, 0, sizeof g);
        g.record = g0;
        arb_event ev = arb_event_none();
        ev.flag = ARB_WHITE;
        arb_game_outcome(&g.record, &ev, &o);
        arb_pgn_set_outcome(&g, &o);
        CHECK_STR(arb_pgn_tag_value(&g, "Termination"), "time forfeit");
        CHECK_STR(arb_pgn_tag_value(&g, "Result"), "0-1");
        out = write_game(&g);
        CHECK_MSG(strstr(out, "\n\n1. e4 e5 0-1\n\n") != NULL, "%s", out);
        free(out);
        arb_pgn_game_free(&g);
    }
    free(text);
}

/* Issue 12, section 5: the slips of real files (tests/data/pgn/lenient.pgn, latin1.pgn) read
 * leniently with a warning per repair, refused when not lenient; reading always goes on. */
static bool has_warning(const arb_pgn_game *g, arb_reason_code code)
{
    for (int i = 0; i < g->nwarnings && i < ARB_PGN_MAX_WARNINGS; i++)
        if (g->warnings[i].why.code == code)
            return true;
    return false;
}

static void test_lenient(void)
{
    size_t len;
    char *text = slurp("pgn/lenient.pgn", &len);
    CHECK(text != NULL);
    if (!text)
        return;
    for (int lenient = 0; lenient < 2; lenient++) {
        harness_begin(lenient ? "pgn.lenient.repairs" : "pgn.lenient.strict_refuses");
        arb_pgn_options opts = {false, false, lenient != 0};
        arb_pgn_reader r;
        arb_pgn_reader_init(&r, text, len, &opts);
        arb_status want[6] = {ARB_OK, ARB_OK, ARB_OK, ARB_OK, ARB_ERR_ILLEGAL, ARB_OK};
        if (!lenient)
            want[0] = ARB_ERR_SYNTAX, want[1] = want[3] = ARB_ERR_ILLEGAL; /* a bad FEN tag is ARB_ERR_ILLEGAL */
        int n = 0;
        while (arb_pgn_next(&r) && n < 6) {
            arb_pgn_game g;
            arb_pgn_error err;
            arb_status st = arb_pgn_read(&r, &g, &err);
            CHECK_MSG(st == want[n], "game %d: status %d, expected %d", n + 1, st, want[n]);
            if (lenient && st == ARB_OK) {
                switch (n) {
                case 0:
                    CHECK_STR(arb_pgn_tag_value(&g, "White"), "\"Mirage\"");
                    CHECK(has_warning(&g, ARB_R_pgn_tag_quotes_repaired));
                    CHECK_INT(g.warnings[0].line, 2);
                    break;
                case 1: /* q dropped: the game is played from the repaired position, O-O and all */
                    CHECK(has_warning(&g, ARB_R_pgn_fen_castling_dropped));
                    CHECK_STR(g.warnings[0].why.found, "q");
                    CHECK_INT(g.record.nplies, 2);
                    CHECK(g.record.positions[0].castle_rook[ARB_BLACK][ARB_QUEENSIDE] == ARB_NO_SQUARE);
                    CHECK(g.record.positions[0].castle_rook[ARB_WHITE][ARB_KINGSIDE] == ARB_SQ(7, 0));
                    break;
                case 2:
                    CHECK(has_warning(&g, ARB_R_fen_fullmove_zero));
                    CHECK_INT(g.record.positions[0].fullmove_number, 1);
                    break;
                case 3:
                    CHECK_INT(g.nwarnings, 2);
                    CHECK(has_warning(&g, ARB_R_pgn_fen_counter_repaired));
                    CHECK_INT(g.record.nplies, 2);
                    break;
                default:
                    CHECK_INT(g.nwarnings, 0);
                }
            }
            if (st == ARB_ERR_ILLEGAL && n == 4)
                CHECK(err.why.code == ARB_R_pgn_illegal_move && err.has_detail);
            arb_pgn_game_free(&g);
            n++;
        }
        CHECK_INT(n, 6);
    }
    free(text);

    harness_begin("pgn.lenient.latin1_to_utf8");
    text = slurp("pgn/latin1.pgn", &len);
    CHECK(text != NULL);
    if (!text)
        return;
    size_t ulen, converted;
    char *utf8 = arb_text_to_utf8(text, len, &ulen, &converted);
    CHECK_INT(converted, 6);
    CHECK(utf8 && strstr(utf8, "M\xC3\xBCller, J\xC3\xBCrgen") && strstr(utf8, "1990 \xE2\x80\x93 round"));
    char *again = arb_text_to_utf8(utf8, ulen, NULL, &converted);
    CHECK_INT(converted, 0); /* UTF-8 stays as it is */
    CHECK(again && strcmp(again, utf8) == 0);
    free(again);
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, utf8, ulen, NULL);
    int games = 0;
    while (arb_pgn_next(&r)) {
        arb_pgn_game g;
        CHECK(arb_pgn_read(&r, &g, NULL) == ARB_OK);
        arb_pgn_game_free(&g);
        games++;
    }
    CHECK_INT(games, 2);
    free(utf8);
    free(text);
}

/* The one rule by which the CLI and the endpoints cut a text into games (arb_pgn_split_game). */
static int split_count(const char *t, size_t *starts, int cap)
{
    size_t n = strlen(t);
    arb_pgn_split s = {0};
    int k = 0;
    for (size_t b = arb_pgn_split_game(t, n, 0, &s); b < n;) {
        if (k < cap)
            starts[k] = b;
        k++;
        const char *nl = strchr(t + b, '\n');
        b = arb_pgn_split_game(t, n, nl ? (size_t)(nl - t) + 1 : n, &s);
    }
    return k;
}

static void test_split(void)
{
    size_t at[8];
    /* a broken tag line opens its game's tags: the next tag line is the same game */
    const char *broken = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"broken\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"c\"]\n1. d4 *\n";
    CHECK(split_count(broken, at, 8) == 3);
    CHECK(at[1] == strlen("[Event \"a\"]\n\n1. e4 *\n\n"));
    /* a tag after movetext without a marker begins a game; a comment line's [%clk] does not */
    const char *clk = "\n\n1. e4 {\n[%clk 0:01:00] } e5\n[Event \"b\"]\n1. d4 1-0\n2. c4\n";
    CHECK(split_count(clk, at, 8) == 3);
    CHECK(at[0] == 2);
    /* markers as tokens only: "1-0" ends a game, "e4*"/"Nf3-0" do not */
    CHECK(split_count("1. e4 1/2-1/2\n1. d4 0-1\n1. c4 *\n1. Nf3\n", at, 8) == 4);
    CHECK(split_count("1. e4*\n1. d4\n", at, 8) == 1);
    CHECK(split_count("", at, 8) == 0 && split_count("\n \t\n", at, 8) == 0);
    /* a line seen only in part: no tag; its marker only after a blank inside the part */
    arb_pgn_split s = {0};
    arb_pgn_split_tail(&s, "x 1-0\n", 6);
    CHECK(s.have_prev && !s.prev_tag && s.prev_result);
    arb_pgn_split_tail(&s, "1-0", 3);
    CHECK(!s.prev_result);
}

int main(void)
{
    test_split();
    test_lenient();
    test_classics();
    test_malformed_file();
    test_hostile();
    test_write_outcome();
    return harness_finish();
}
