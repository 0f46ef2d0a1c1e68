/* json/: aj_dumps writes what json_dumps(JSON_COMPACT) writes (escapes, UTF-8, nesting, numbers)
 * for hand-made values and for every endpoint's answers; arb_game_claims_available lists the
 * claimable draws exactly; endpoint functions reject bad fields with the right code. */
#include <stdlib.h>
#include <string.h>

#include "arbiter_json.h"
#include "harness.h"

static const aj_limits LIM = {1000, 32};

/* A deep copy of v with every aj_raw_json value replaced by the value its text parses to (NULL
 * when a raw text is not JSON): what json_dumps should print of it. */
static json_t *unraw(const json_t *v)
{
    const char *key;
    json_t *val;
    if (json_is_object(v) && json_object_size(v) == 1 && json_is_string(val = json_object_get(v, AJ_RAW_KEY)))
        return json_loadb(json_string_value(val), json_string_length(val), JSON_DECODE_ANY, NULL);
    if (json_is_object(v)) {
        json_t *o = json_object();
        json_object_foreach((json_t *)v, key, val) {
            json_t *c = unraw(val);
            if (!c) {
                json_decref(o);
                return NULL;
            }
            json_object_set_new(o, key, c);
        }
        return o;
    }
    if (json_is_array(v)) {
        json_t *a = json_array();
        for (size_t i = 0; i < json_array_size(v); i++) {
            json_t *c = unraw(json_array_get(v, i));
            if (!c) {
                json_decref(a);
                return NULL;
            }
            json_array_append_new(a, c);
        }
        return a;
    }
    return json_deep_copy(v);
}

static void same_as_jansson(const char *what, json_t *v)
{
    json_t *plain = unraw(v);
    char *mine = aj_dumps(v, NULL), *theirs = plain ? json_dumps(plain, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    CHECK_MSG(mine && theirs && strcmp(mine, theirs) == 0, "%s: aj_dumps %s != json_dumps %s", what,
              mine ? mine : "(null)", theirs ? theirs : "(null)");
    free(mine);
    free(theirs);
    json_decref(plain);
}

/* analyze's legal moves written directly (aj_legal_moves_raw) are the bytes of the jansson list
 * (aj_legal_moves_json): every position of a few games, promotions, castling, mates, none. */
static void raw_moves_cases(void)
{
    harness_begin("json.dump.raw_legal_moves");
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 4",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "3k4/3Q4/3K4/8/8/8/8/8 b - - 0 1",
        "R6R/8/8/8/8/8/8/1k2K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    };
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        arb_position pos;
        CHECK_MSG(arb_position_from_fen(&pos, fens[f], ARB_STANDARD, NULL) == ARB_OK, "fen %s", fens[f]);
        /* the position and, for a few plies, the one after its first legal move */
        for (int ply = 0; ply < 6; ply++) {
            json_t *raw = aj_legal_moves_raw(&pos), *list = aj_legal_moves_json(&pos);
            char *a = aj_dumps(raw, NULL), *b = aj_dumps(list, NULL);
            CHECK_MSG(a && b && strcmp(a, b) == 0, "%s ply %d: raw %s != jansson %s", fens[f], ply, a ? a : "(null)",
                      b ? b : "(null)");
            free(a);
            free(b);
            json_decref(raw);
            json_decref(list);
            arb_move moves[ARB_MAX_MOVES];
            int n = arb_legal_moves(&pos, moves);
            if (n == 0)
                break;
            arb_position_play(&pos, moves[n / 2]);
        }
    }
}

static json_t *body(const char *text)
{
    json_error_t err;
    json_t *b = json_loads(text, 0, &err);
    CHECK_MSG(b != NULL, "test body does not parse: %s", text);
    return b;
}

/* Runs an endpoint; checks the answer dumps like jansson, or the error code. */
static json_t *call(aj_endpoint_fn fn, const char *text, const char *want_error)
{
    json_t *b = body(text);
    aj_error e;
    json_t *out = b ? fn(b, &LIM, "fa", &e) : NULL;
    json_decref(b);
    if (want_error) {
        CHECK_MSG(!out && strcmp(aj_code_name(e.code), want_error) == 0, "%s: expected %s, got %s", text, want_error,
                  out ? "an answer" : aj_code_name(e.code));
        if (!out) {
            json_t *ej = aj_error_json(&e, "ar");
            same_as_jansson(text, ej);
            json_decref(ej);
        }
        json_decref(out);
        return NULL;
    }
    CHECK_MSG(out != NULL, "%s: unexpected error", text);
    if (out)
        same_as_jansson(text, out);
    return out;
}

static void dump_cases(void)
{
    harness_begin("json.dump.values");
    json_t *v = json_pack("{s:s, s:i, s:I, s:b, s:n, s:[], s:{}, s:[i, s, {s:b}]}", "a\"b\\c", "line\nbreak\ttab\x01\x1f",
                          "neg", -42, "big", (json_int_t)-9223372036854775807LL - 1, "t", 1, "nil", "ea", "eo", "arr", 0,
                          "شاه e4 — “quotes” /slash", "k", 0);
    same_as_jansson("mixed", v);
    json_decref(v);
    v = json_real(0.1);
    same_as_jansson("real", v);
    json_decref(v);
    v = json_stringn("\x7f\xc3\xa9\xe2\x80\xa8", 6);
    same_as_jansson("DEL, é, U+2028", v);
    json_decref(v);
    size_t len = 0;
    v = json_string("x");
    char *s = aj_dumps(v, &len);
    CHECK(s && len == 3 && strcmp(s, "\"x\"") == 0);
    free(s);
    json_decref(v);
    CHECK(aj_dumps(NULL, NULL) == NULL);
    json_t *deep = json_array();
    for (int i = 0; i < 100; i++) {
        json_t *outer = json_array();
        json_array_append_new(outer, deep);
        deep = outer;
    }
    CHECK_MSG(aj_dumps(deep, NULL) == NULL, "nesting beyond 64 refused, not recursed");
    json_decref(deep);
}

static void endpoint_cases(void)
{
    harness_begin("json.endpoints.answers");
    json_t *o;
    o = call(aj_endpoint_analyze, "{\"moves\":[\"f3\",\"e5\",\"g4\",\"Qh4\"]}", NULL);
    CHECK_STR(json_string_value(json_object_get(o, "status")), "checkmate");
    json_decref(o);
    o = call(aj_endpoint_move, "{\"fen\":\"4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1\",\"move\":\"Nd5\"}", NULL);
    CHECK_INT(json_array_size(json_object_get(o, "reasons")), 2);
    json_decref(o);
    json_decref(call(aj_endpoint_castling, "{\"fen\":\"r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1\"}", NULL));
    json_decref(call(aj_endpoint_validate, "{\"fen\":\"8/8/8/8/8/8/8/8 w KQ - 0 1\"}", NULL));
    json_decref(call(aj_endpoint_outcome, "{\"resign\":\"white\"}", NULL));
    json_decref(call(aj_endpoint_touch, "{\"touched\":[{\"square\":\"g1\"}]}", NULL));

    harness_begin("json.endpoints.errors");
    call(aj_endpoint_move, "{}", "missing_field");
    call(aj_endpoint_move, "{\"move\":\"e4\",\"moves\":[\"e4\",\"Ke3\"]}", "illegal_move");
    call(aj_endpoint_validate, "{\"fen\":[]}", "invalid_field");
    call(aj_endpoint_outcome, "{\"flag\":\"white\",\"resign\":\"black\"}", "conflicting_fields");
    call(aj_endpoint_outcome, "{\"claim\":\"threefold\",\"with_move\":\"Qd4\"}", "illegal_move");
    call(aj_endpoint_outcome, "{\"illegal_move\":{\"offender\":\"white\",\"count\":99}}", "out_of_range");
    call(aj_endpoint_touch, "{\"touched\":[{\"square\":\"i9\"}]}", "invalid_field");
    json_decref(call(aj_endpoint_touch, "{\"touched\":[]}", NULL));
    call(aj_endpoint_castling, "{\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\"}", "illegal_position");
}

/* aj_move_json plays the move into the record; with the record full (ARB_GAME_MAX_PLIES) it
 * must still answer, judging the position after the move on its own. */
static void move_cases(void)
{
    harness_begin("json.move.record_full");
    static const char *const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    aj_position p = {ARB_STANDARD, {0}, {0}, false};
    arb_position start;
    arb_position_start(&start);
    CHECK(arb_game_init(&p.game, &start) == ARB_OK);
    for (int i = 0; i < ARB_GAME_MAX_PLIES; i++)
        CHECK(arb_game_play_text(&p.game, shuffle[i % 4], NULL) == ARB_OK);
    json_t *o = aj_move_json(&p, "Nc3", "en");
    CHECK(json_is_true(json_object_get(o, "legal")));
    CHECK_STR(json_string_value(json_object_get(o, "uci")), "b1c3");
    CHECK_STR(json_string_value(json_object_get(o, "san")), "Nc3");
    CHECK_STR(json_string_value(json_object_get(o, "fen_after")),
              "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 12001 6001");
    /* alone, the position has no repetitions to count: the clock ends it */
    CHECK_STR(json_string_value(json_object_get(o, "status_after")), "seventyfive_moves");
    CHECK_INT(p.game.nplies, ARB_GAME_MAX_PLIES);
    json_decref(o);
    o = aj_move_json(&p, "Nc4", "en");
    CHECK(json_is_false(json_object_get(o, "legal")));
    CHECK(json_array_size(json_object_get(o, "reasons")) > 0);
    json_decref(o);

    harness_begin("json.move.plays_into_the_record");
    aj_position q = {ARB_STANDARD, {0}, {0}, false};
    CHECK(arb_game_init(&q.game, &start) == ARB_OK);
    o = aj_move_json(&q, "e2e4", "en");
    CHECK_STR(json_string_value(json_object_get(o, "san")), "e4");
    CHECK_STR(json_string_value(json_object_get(o, "status_after")), "ongoing");
    CHECK_INT(q.game.nplies, 1);
    json_decref(o);
    o = aj_move_json(&q, "Ke7", "en");
    CHECK(json_is_false(json_object_get(o, "legal")));
    CHECK_INT(q.game.nplies, 1);
    json_decref(o);
    aj_position_free(&q);
    aj_position_free(&p);

    /* A FEN /v1/move judges the given position together with the one after the move
     * (arb_game_automatic_endings, aj_parse_position_unjudged): the same answer as judging the
     * given position first. The first FEN is dead only by a static proof after every move
     * (a CHA test vector, tests/rules/test_outcome.c): game_over must still say so. */
    harness_begin("json.move.fen_judged_with_the_move");
    static const char *const judged[][2] = {
        {"8/1p6/kPp5/p1P5/2P5/P7/3K4/8 w - - 0 1", "Kd3"},
        {"8/1p6/kPp5/p1P5/2P5/P7/3K4/8 w - - 0 1", "Ke3"},
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "e4"}, /* mated: no move */
        {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "Bb5"},
        {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "Bb6"}, /* illegal */
        {"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", "Kd2"},
        {"7k/8/6K1/8/8/8/8/R7 w - - 0 1", "Ra8"},
    };
    for (size_t i = 0; i < sizeof judged / sizeof *judged; i++) {
        char text[256];
        snprintf(text, sizeof text, "{\"fen\":\"%s\",\"move\":\"%s\"}", judged[i][0], judged[i][1]);
        o = call(aj_endpoint_move, text, NULL);
        json_t *b = body(text);
        aj_error e;
        aj_position judged_first;
        CHECK(aj_parse_position(b, &LIM, &judged_first, &e));
        CHECK(!judged_first.unjudged);
        json_t *want = aj_move_json(&judged_first, judged[i][1], "fa");
        CHECK_MSG(json_equal(o, want), "%s: not the answer of the position judged first", text);
        if (i < 2) {
            json_t *over = json_object_get(o, "game_over");
            CHECK_STR(json_string_value(json_object_get(over, "status")), "dead_position");
            CHECK_INT(json_integer_value(json_object_get(over, "ply")), 0);
        }
        json_decref(want);
        json_decref(b);
        json_decref(o);
        aj_position_free(&judged_first);
    }

    /* Issue 12, defect 4: the counters never wrap. The fullmove number counts past 65535; the
     * halfmove clock stops there (from 150 on the game has ended by the 75-move rule). */
    harness_begin("json.move.counters_do_not_wrap");
    o = call(aj_endpoint_move, "{\"fen\":\"4k3/8/8/8/8/8/8/4K2R b - - 0 65535\",\"move\":\"Kd7\"}", NULL);
    CHECK_STR(json_string_value(json_object_get(o, "fen_after")), "8/3k4/8/8/8/8/8/4K2R w - - 1 65536");
    json_decref(o);
    arb_position wide;
    arb_reason why;
    CHECK(arb_position_from_fen(&wide, "4k3/8/8/8/8/8/8/4K2R b - - 65535 9", ARB_STANDARD, &why) == ARB_OK);
    arb_move kd7 = ARB_MAKE_MOVE(ARB_SQ(4, 7), ARB_SQ(3, 6), ARB_MOVE_NORMAL);
    arb_position_play(&wide, kd7);
    CHECK_INT(wide.halfmove_clock, 65535);
    CHECK_INT(wide.fullmove_number, 10);
    aj_position r = {0};
    r.variant = ARB_STANDARD;
    CHECK(arb_position_from_fen(&wide, "4k3/8/8/8/8/8/8/4K2R b - - 65534 9", ARB_STANDARD, &why) == ARB_OK);
    CHECK(arb_game_init(&r.game, &wide) == ARB_OK);
    o = aj_move_json(&r, "Kd7", "en");
    CHECK_STR(json_string_value(json_object_get(o, "status_after")), "seventyfive_moves");
    CHECK_STR(json_string_value(json_object_get(o, "fen_after")), "8/3k4/8/8/8/8/8/4K2R w - - 65535 10");
    json_decref(o);
    aj_position_free(&r);
}

/* Plays SAN moves from a FEN into g. */
static void game_of(arb_game *g, const char *fen, const char *const *moves, int n)
{
    arb_position p;
    CHECK(arb_position_from_fen(&p, fen, ARB_STANDARD, NULL) == ARB_OK);
    CHECK(arb_game_init(g, &p) == ARB_OK);
    int failed;
    arb_reason why;
    CHECK(arb_game_play_texts(g, moves, n, &failed, &why) == ARB_OK);
}

static void claims_cases(void)
{
    static const char *const shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
    arb_claim_kind kinds[300];
    arb_move moves[300];
    arb_game g;

    harness_begin("claims.threefold_with_move");
    game_of(&g, ARB_START_FEN, shuffle, 7);
    int n = arb_game_claims_available(&g, kinds, moves, 300);
    CHECK_INT(n, 1);
    char uci[8] = "";
    arb_move_uci(arb_game_current(&g), moves[0], uci, sizeof uci);
    CHECK(kinds[0] == ARB_CLAIM_THREEFOLD);
    CHECK_STR(uci, "f6g8");
    arb_game_free(&g);

    harness_begin("claims.threefold_now");
    game_of(&g, ARB_START_FEN, shuffle, 8);
    n = arb_game_claims_available(&g, kinds, moves, 300);
    CHECK_INT(n, 1);
    CHECK(kinds[0] == ARB_CLAIM_THREEFOLD && moves[0] == ARB_MOVE_NONE);
    arb_game_free(&g);

    harness_begin("claims.none_at_start");
    game_of(&g, ARB_START_FEN, shuffle, 0);
    CHECK_INT(arb_game_claims_available(&g, kinds, moves, 300), 0);
    arb_game_free(&g);

    harness_begin("claims.fifty_with_moves");
    /* K+R+P v K, clock 99: every king and rook move completes fifty moves; pawn moves do not. */
    game_of(&g, "4k3/8/8/8/8/8/P7/R3K3 w Q - 99 80", shuffle, 0);
    n = arb_game_claims_available(&g, kinds, moves, 300);
    arb_move legal[ARB_MAX_MOVES];
    int nlegal = arb_legal_moves(arb_game_current(&g), legal), pawn = 0;
    for (int i = 0; i < nlegal; i++)
        pawn += ARB_PIECE_TYPE(arb_game_current(&g)->board[ARB_MOVE_FROM(legal[i])]) == ARB_PAWN;
    CHECK_INT(n, nlegal - pawn);
    for (int i = 0; i < n; i++)
        CHECK(kinds[i] == ARB_CLAIM_FIFTY_MOVES && moves[i] != ARB_MOVE_NONE);
    CHECK_INT(arb_game_claims_available(&g, kinds, moves, 2), n); /* cap: the count is still all */
    arb_game_free(&g);

    harness_begin("claims.fifty_now_only_once");
    game_of(&g, "4k3/8/8/8/8/8/P7/R3K3 w Q - 100 80", shuffle, 0);
    n = arb_game_claims_available(&g, kinds, moves, 300);
    CHECK_INT(n, 1);
    CHECK(kinds[0] == ARB_CLAIM_FIFTY_MOVES && moves[0] == ARB_MOVE_NONE);
    arb_game_free(&g);

    harness_begin("claims.none_after_mate");
    static const char *const fool[] = {"f3", "e5", "g4", "Qh4"};
    game_of(&g, ARB_START_FEN, fool, 4);
    CHECK_INT(arb_game_claims_available(&g, kinds, moves, 300), 0);
    arb_game_free(&g);
}

/* aj_parse_body's fast reading makes the tree json_loadb makes (the same members in the same
 * order), and leaves every other text to jansson: the same error codes. */
static void parse_body_cases(void)
{
    harness_begin("json.parse_body.as_jansson");
    static const char *ok[] = {
        "{\"fen\":\"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\",\"move\":\"Bb5\"}",
        " {\r\n\t\"moves\" : [ \"e4\" , \"e5\" ] , \"move\":\"Nf3\" } ",
        "{\"a\":[1,-2,0,123456789012345678,-123456789012345678,true,false,null,{},[]],\"b\":{\"c\":{\"d\":\"\"}}}",
        "{\"z\":1,\"a\":2,\"m\":3}",
        /* for jansson: escapes, UTF-8, reals, long integers, -0 */
        "{\"s\":\"\\u0041\\n\",\"t\":\"\xc3\xa9\",\"r\":1.5,\"e\":1e3,\"big\":1234567890123456789,\"nz\":-0}",
        "[1,2]", "\"text\"", "7",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        aj_error e;
        json_t *mine = aj_parse_body(ok[i], strlen(ok[i]), 32, &e);
        json_t *theirs = json_loadb(ok[i], strlen(ok[i]), JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, NULL);
        bool object = json_is_object(theirs);
        char *a = mine ? json_dumps(mine, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
        char *b = theirs ? json_dumps(theirs, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
        CHECK_MSG(object ? a && b && strcmp(a, b) == 0 : !mine && e.code == AJ_E_NOT_OBJECT, "%s: %s != %s", ok[i],
                  a ? a : "(null)", b ? b : "(null)");
        free(a);
        free(b);
        json_decref(mine);
        json_decref(theirs);
    }
    static const struct {
        const char *text;
        aj_code code;
    } bad[] = {
        {"{\"a\":1,\"a\":2}", AJ_E_DUPLICATE_KEY}, {"{\"a\":\"\xff\"}", AJ_E_INVALID_UTF8},
        {"{\"a\":01}", AJ_E_INVALID_JSON}, {"{\"a\":1,}", AJ_E_INVALID_JSON}, {"{\"a\":tru}", AJ_E_INVALID_JSON},
        {"{\"a\":truex}", AJ_E_INVALID_JSON}, {"{\"a\":1} x", AJ_E_INVALID_JSON}, {"{\"a\" 1}", AJ_E_INVALID_JSON},
        {"{\"a\":\"x\ty\"}", AJ_E_INVALID_JSON}, {"{\"a\":[1 2]}", AJ_E_INVALID_JSON}, {"", AJ_E_INVALID_JSON},
        {"{\"a\":99999999999999999999}", AJ_E_INVALID_JSON}, {"{\"a\":\"x}", AJ_E_INVALID_JSON},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aj_error e;
        json_t *mine = aj_parse_body(bad[i].text, strlen(bad[i].text), 32, &e);
        CHECK_MSG(!mine && e.code == bad[i].code, "%s: %s, not %s", bad[i].text, mine ? "read" : aj_code_name(e.code),
                  aj_code_name(bad[i].code));
        json_decref(mine);
    }
}

int main(void)
{
    parse_body_cases();
    dump_cases();
    raw_moves_cases();
    endpoint_cases();
    move_cases();
    claims_cases();
    return harness_finish();
}
