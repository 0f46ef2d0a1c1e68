/* Commands over the game rules: outcome (claims, flag, resignation, agreement, illegal-move
 * penalties), touch (touch-move obligations) and pgn (replay files, report endings and claims). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define PGN_MAX_FILE (64u << 20)

static int color_arg(const char *s)
{
    return strcmp(s, "white") == 0 ? ARB_WHITE : strcmp(s, "black") == 0 ? ARB_BLACK : -1;
}

static void print_reasons(const struct cli_opts *o, const arb_reason *rs, int n, const char *indent)
{
    for (int i = 0; i < n; i++) {
        char text[ARB_REASON_TEXT_MAX];
        arb_reason_render(&rs[i], o->lang, text, sizeof text);
        const char *art = arb_reason_citation(&rs[i]);
        printf("%s%s%s%s%s (%s)\n", indent, *art ? "[FIDE " : "", art, *art ? "] " : "", text,
               arb_reason_name(rs[i].code));
    }
}

static void print_outcome(const struct cli_opts *o, const arb_outcome *out)
{
    printf("result: %s\ntermination: %s\n", arb_result_string(out->result), arb_termination_name(out->termination));
    if (out->ply >= 0)
        printf("ply: %d\n", out->ply);
    if (out->claim_made)
        printf("claim: %s\n", out->claim_valid ? "valid" : "wrong");
    print_reasons(o, out->reasons, out->nreasons, "- ");
}

/* Takes the options this command knows out of argv (keeping the rest in order). */
struct rules_opts {
    arb_event ev;
    const char *claim_move;
    int illegal[2];
    arb_illegal_policy policy;
    bool skip_variations, write, strict;
    const char *promote;
    const char *claim_name, *time_control; /* as given, for --json */
};

static bool take_opts(int *argc, char **argv, struct rules_opts *ro)
{
    ro->ev = arb_event_none();
    ro->claim_move = NULL;
    ro->illegal[0] = ro->illegal[1] = 0;
    ro->policy = arb_illegal_policy_fide(ARB_TC_STANDARD);
    ro->skip_variations = ro->write = ro->strict = false;
    ro->promote = NULL;
    ro->claim_name = ro->time_control = NULL;
    int out = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *v = i + 1 < *argc ? argv[i + 1] : NULL;
        bool used_value = true;
        if (strcmp(a, "--claim") == 0 && v) {
            ro->ev.claim = strcmp(v, "threefold") == 0 ? ARB_CLAIM_THREEFOLD
                           : strcmp(v, "fifty_moves") == 0 || strcmp(v, "fifty") == 0 ? ARB_CLAIM_FIFTY_MOVES
                                                       : ARB_CLAIM_NONE;
            ro->claim_name = ro->ev.claim == ARB_CLAIM_THREEFOLD ? "threefold" : "fifty_moves";
            if (ro->ev.claim == ARB_CLAIM_NONE) {
                fprintf(stderr, "arbiter: --claim takes threefold or fifty_moves (the API's names; fifty is short for fifty_moves)\n");
                return false;
            }
        } else if (strcmp(a, "--with") == 0 && v) {
            ro->claim_move = v;
        } else if ((strcmp(a, "--flag") == 0 || strcmp(a, "--resign") == 0 || strcmp(a, "--illegal") == 0) && v) {
            int c = color_arg(v);
            if (c < 0) {
                fprintf(stderr, "arbiter: %s takes white or black\n", a);
                return false;
            }
            if (a[2] == 'f')
                ro->ev.flag = c;
            else if (a[2] == 'r')
                ro->ev.resign = c;
            else
                ro->illegal[c]++;
        } else if (strcmp(a, "--time-control") == 0 && v) {
            arb_time_control tc = strcmp(v, "rapid") == 0 ? ARB_TC_RAPID : strcmp(v, "blitz") == 0 ? ARB_TC_BLITZ : ARB_TC_STANDARD;
            int limit = ro->policy.limit;
            ro->time_control = tc == ARB_TC_RAPID ? "rapid" : tc == ARB_TC_BLITZ ? "blitz" : "standard";
            ro->policy = arb_illegal_policy_fide(tc);
            ro->policy.limit = limit;
            ro->ev.time_control = tc; /* a wrong claim's penalty too (App. A.3) */
        } else if (strcmp(a, "--illegal-limit") == 0 && v) {
            ro->policy.limit = atoi(v);
            if (ro->policy.limit < 1 || ro->policy.limit > 9) {
                fprintf(stderr, "arbiter: --illegal-limit takes 1 to 9\n");
                return false;
            }
        } else if (strcmp(a, "--promote") == 0 && v) {
            ro->promote = v;
        } else {
            used_value = false;
            if (strcmp(a, "--agree-draw") == 0)
                ro->ev.agree_draw = true;
            else if (strcmp(a, "--skip-variations") == 0)
                ro->skip_variations = true;
            else if (strcmp(a, "--write") == 0)
                ro->write = true;
            else if (strcmp(a, "--strict") == 0)
                ro->strict = true;
            else
                argv[out++] = argv[i];
        }
        if (used_value)
            i++;
    }
    *argc = out;
    return true;
}

/* POST /v1/outcome with the body these options make. */
static int outcome_json(const struct cli_opts *o, const struct rules_opts *ro)
{
    static const char *const colors[2] = {"white", "black"};
    json_t *body = cli_json_body(o, o->args[0], o->args + 1, o->nargs - 1);
    if (!body)
        return 1;
    if (ro->claim_name)
        json_object_set_new(body, "claim", json_string(ro->claim_name));
    if (ro->claim_move)
        json_object_set_new(body, "with_move", json_string(ro->claim_move));
    if (ro->ev.flag >= 0)
        json_object_set_new(body, "flag", json_string(colors[ro->ev.flag]));
    if (ro->ev.resign >= 0)
        json_object_set_new(body, "resign", json_string(colors[ro->ev.resign]));
    if (ro->ev.agree_draw)
        json_object_set_new(body, "agree_draw", json_true());
    if (ro->time_control)
        json_object_set_new(body, "time_control", json_string(ro->time_control));
    if (ro->illegal[0] && ro->illegal[1]) {
        fprintf(stderr, "arbiter: with --json, --illegal names one player\n");
        json_decref(body);
        return 2;
    }
    if (ro->illegal[0] || ro->illegal[1]) {
        int c = ro->illegal[0] ? 0 : 1;
        json_t *spec = json_pack("{s:s, s:i}", "offender", colors[c], "count", ro->illegal[c]);
        if (ro->policy.limit)
            json_object_set_new(spec, "limit", json_integer(ro->policy.limit));
        json_object_set_new(body, "illegal_move", spec);
    }
    return cli_json_endpoint(o, aj_endpoint_outcome, body, NULL);
}

static bool build_game(const struct cli_opts *o, arb_game *g, const char *fen, char **moves, int n)
{
    arb_position pos;
    if (!cli_position(o, fen, &pos))
        return false;
    if (arb_game_init(g, &pos) != ARB_OK) {
        fprintf(stderr, "arbiter: out of memory\n");
        return false;
    }
    /* a record that ends, as /v1/outcome reads it: a move after a checkmate is refused as such
     * (move_after_end), not as a move no piece can make */
    arb_record_result rec;
    if (arb_game_play_record(g, (const char *const *)moves, n, &rec) != ARB_OK) {
        fprintf(stderr, "arbiter: move %d ('%s'):\n", rec.failed + 1, moves[rec.failed]);
        cli_print_reason(o, &rec.why);
        for (int i = 0; rec.after_end && i < rec.ending.nreasons && i < ARB_OUTCOME_MAX_REASONS; i++)
            cli_print_reason(o, &rec.ending.reasons[i]); /* how the game had ended */
        arb_game_free(g);
        return false;
    }
    return true;
}

int cmd_outcome(int argc, char **argv)
{
    struct rules_opts ro;
    struct cli_opts o;
    if (!take_opts(&argc, argv, &ro) || !cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 1) {
        fprintf(stderr, "usage: arbiter outcome [--claim threefold|fifty_moves [--with MOVE]] [--flag COLOR] "
                        "[--resign COLOR] [--agree-draw] [--illegal COLOR]... [--time-control "
                        "standard|rapid|blitz] [--illegal-limit N] FEN [MOVE...]\n");
        return 2;
    }
    if (o.json)
        return outcome_json(&o, &ro);
    arb_game g;
    if (!build_game(&o, &g, o.args[0], o.args + 1, o.nargs - 1))
        return 1;
    int rc = 0;
    arb_outcome out;
    if (ro.claim_move) {
        arb_reason why;
        if (arb_parse_move(arb_game_current(&g), ro.claim_move, &ro.ev.claim_move, &why) != ARB_OK) {
            cli_print_reason(&o, &why);
            arb_game_free(&g);
            return 1;
        }
    }
    if (ro.illegal[0] || ro.illegal[1]) {
        /* each --illegal COLOR is one more completed illegal move by that player, in order */
        for (int c = 0; c < 2; c++) {
            for (int k = 1; k <= ro.illegal[c]; k++) {
                int extra = 0;
                if (arb_illegal_move_penalty(arb_game_current(&g), (arb_color)c, k, &ro.policy, &out, &extra) != ARB_OK) {
                    fprintf(stderr, "arbiter: bad illegal-move settings\n");
                    arb_game_free(&g);
                    return 2;
                }
                printf("illegal move %d by %s:\n", k, c == ARB_WHITE ? "white" : "black");
                if (extra)
                    printf("extra_seconds: %d\n", extra);
                print_outcome(&o, &out);
                if (out.result != ARB_RESULT_NONE)
                    break;
            }
        }
        arb_game_free(&g);
        return 0;
    }
    arb_status st = arb_game_outcome(&g, &ro.ev, &out);
    if (st == ARB_ERR_RANGE) {
        fprintf(stderr, "arbiter: give at most one of --claim, --flag, --resign, --agree-draw\n");
        rc = 2;
    } else if (st == ARB_ERR_ILLEGAL) {
        fprintf(stderr, "arbiter: the move declared with the claim is not legal\n");
        rc = 1;
    } else {
        print_outcome(&o, &out);
    }
    arb_game_free(&g);
    return rc;
}

int cmd_touch(int argc, char **argv)
{
    struct rules_opts ro;
    struct cli_opts o;
    if (!take_opts(&argc, argv, &ro) || !cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs < 2 || o.nargs - 1 > ARB_TOUCH_MAX) {
        fprintf(stderr, "usage: arbiter touch [--promote SQUARE=PIECE] FEN SQUARE... (in the order touched)\n");
        return 2;
    }
    if (o.json) { /* POST /v1/touch */
        json_t *body = cli_json_body(&o, o.args[0], NULL, 0), *touched = json_array();
        for (int i = 1; i < o.nargs; i++)
            json_array_append_new(touched, json_pack("{s:s}", "square", o.args[i]));
        json_object_set_new(body, "touched", touched);
        if (ro.promote) {
            const char *eq = strchr(ro.promote, '=');
            json_t *pr = json_object();
            json_object_set_new(pr, "square", json_stringn(ro.promote, eq ? (size_t)(eq - ro.promote) : strlen(ro.promote)));
            json_object_set_new(pr, "piece", json_string(eq ? eq + 1 : ""));
            json_object_set_new(body, "promotion", pr);
        }
        return cli_json_endpoint(&o, aj_endpoint_touch, body, NULL);
    }
    arb_position pos;
    if (!cli_position(&o, o.args[0], &pos))
        return 1;
    arb_touch t = arb_touch_none();
    for (int i = 1; i < o.nargs; i++) {
        int sq = arb_square_parse(o.args[i]);
        if (sq == ARB_NO_SQUARE) {
            fprintf(stderr, "arbiter: '%s' is not a square\n", o.args[i]);
            return 2;
        }
        t.squares[t.count++] = (uint8_t)sq;
    }
    if (ro.promote) {
        const char *eq = strchr(ro.promote, '=');
        char sqname[3] = {ro.promote[0], ro.promote[0] ? ro.promote[1] : 0, 0};
        const char *types = "NBRQ";
        const char *k = eq && eq[1] ? strchr(types, eq[1] & ~32) : NULL;
        t.promo_square = arb_square_parse(sqname);
        if (!eq || eq != ro.promote + 2 || !k || t.promo_square == ARB_NO_SQUARE) {
            fprintf(stderr, "arbiter: --promote takes SQUARE=PIECE, like e8=N\n");
            return 2;
        }
        t.promo_type = (arb_piece_type)(ARB_KNIGHT + (k - types));
    }
    arb_touch_result r;
    if (arb_touch_obligation(&pos, &t, &r) != ARB_OK) {
        fprintf(stderr, "arbiter: bad touch\n");
        return 2;
    }
    printf("%s:", r.any ? "any legal move" : "moves allowed");
    for (int i = 0; i < r.nmoves; i++) {
        char san[ARB_MOVE_TEXT_MAX];
        arb_move_san(&pos, r.moves[i], san, sizeof san);
        printf(" %s", san);
    }
    printf("\n");
    print_reasons(&o, r.reasons, r.nreasons, "- ");
    return 0;
}

static char *read_file(const char *path, size_t *len)
{
    bool in = strcmp(path, "-") == 0;
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            if (cap >= PGN_MAX_FILE) {
                free(buf);
                buf = NULL;
                break;
            }
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (!in)
        fclose(f);
    *len = n;
    return buf;
}

/* An explanation of a JSON answer as print_reasons prints an engine reason. */
static void print_reason_json(json_t *r, const char *indent)
{
    json_t *rule = json_object_get(r, "rule");
    printf("%s%s%s%s%s (%s)\n", indent, json_is_string(rule) ? "[" : "", json_is_string(rule) ? json_string_value(rule) : "",
           json_is_string(rule) ? "] " : "", json_string_value(json_object_get(r, "text")),
           json_string_value(json_object_get(r, "code")));
}

/* "after 4...Ng8" (or "the start"), in lang. */
static void event_label(json_t *after, const char *lang, char *buf, size_t cap)
{
    if (!json_is_object(after)) {
        arb_message_render(lang, arb_message_lookup(lang, "report.start"), NULL, 0, buf, cap);
        return;
    }
    bool white = strcmp(json_string_value(json_object_get(after, "side")), "white") == 0;
    char move[40];
    snprintf(move, sizeof move, "%lld.%s%s", (long long)json_integer_value(json_object_get(after, "number")),
             white ? "" : "..", json_string_value(json_object_get(after, "san")));
    arb_arg a[] = {LATIN("move", move)};
    arb_message_render(lang, arb_message_lookup(lang, "report.after"), a, 1, buf, cap);
}

/* The report of one game of POST /v1/pgn's answer: its line, the lenient reading's warnings,
 * every claimable draw and automatic ending by ply, and whether the movetext's result holds. */
static void report_game(json_t *g, const char *lang)
{
    json_t *tags = json_object_get(g, "tags"), *w = json_object_get(tags, "White"), *b = json_object_get(tags, "Black");
    const char *result = json_string_value(json_object_get(g, "movetext_result"));
    arb_arg head[] = {NUM("n", json_integer_value(json_object_get(g, "game"))),
                      NUM("line", json_integer_value(json_object_get(g, "line"))),
                      TEXT("white", w ? json_string_value(w) : "?"), TEXT("black", b ? json_string_value(b) : "?"),
                      NUM("plies", json_integer_value(json_object_get(g, "plies"))), LATIN("result", result)};
    cli_say(lang, "", "report.pgn_game", head, sizeof head / sizeof *head);
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(g, "warnings"), i, x) {
        json_t *why = json_object_get(x, "explanation");
        char text[1024];
        snprintf(text, sizeof text, "%s (%s)", json_string_value(json_object_get(why, "text")),
                 json_string_value(json_object_get(why, "code")));
        arb_arg a[] = {NUM("line", json_integer_value(json_object_get(x, "line"))), TEXT("text", text)};
        cli_say(lang, "  ", "report.pgn_warning", a, 2);
    }
    if (json_integer_value(json_object_get(g, "more_warnings")) > 0) {
        arb_arg a[] = {NUM("n", json_integer_value(json_object_get(g, "more_warnings")))};
        cli_say(lang, "  ", "report.pgn_more_warnings", a, 1);
    }
    json_array_foreach(json_object_get(g, "events"), i, x) {
        char label[96];
        event_label(json_object_get(x, "after"), lang, label, sizeof label);
        json_t *why = json_object_get(x, "explanations");
        long long ply = json_integer_value(json_object_get(x, "ply"));
        if (strcmp(json_string_value(json_object_get(x, "kind")), "ending") == 0) {
            arb_arg a[] = {NUM("ply", ply), TEXT("after", label),
                           LATIN("termination", json_string_value(json_object_get(x, "termination"))),
                           LATIN("result", json_string_value(json_object_get(x, "result"))),
                           NUM("went_on", json_is_true(json_object_get(x, "went_on")))};
            cli_say(lang, "  ", "report.pgn_ending", a, sizeof a / sizeof *a);
            size_t n = json_array_size(why);
            for (size_t k = 0; k < (n > 2 ? 1 : n); k++)
                print_reason_json(json_array_get(why, k), "    ");
        } else {
            const char *by = json_string_value(json_object_get(x, "by"));
            arb_arg a[] = {NUM("ply", ply), TEXT("after", label),
                           {"by", ARB_ARG_WORD, 0, by && strcmp(by, "white") == 0 ? "color.white" : "color.black", NULL, 0, NULL},
                           LATIN("claim", json_string_value(json_object_get(x, "claim"))),
                           NUM("with_move", json_is_true(json_object_get(x, "with_move")))};
            cli_say(lang, "  ", "report.pgn_claim", a, sizeof a / sizeof *a);
            if (json_array_size(why))
                print_reason_json(json_array_get(why, 0), "    ");
        }
    }
    json_t *out = json_object_get(g, "outcome");
    if (strcmp(json_string_value(json_object_get(out, "termination")), "none") == 0) {
        arb_arg a[] = {NUM("finished", strcmp(result, "*") != 0)};
        cli_say(lang, "  ", "report.pgn_no_ending", a, 1);
    } else if (json_is_true(json_object_get(g, "result_differs"))) {
        arb_arg a[] = {LATIN("result", result), LATIN("rules", json_string_value(json_object_get(out, "result")))};
        cli_say(lang, "  ", "report.pgn_result_differs", a, 2);
    }
}

/* What lenient reading repaired in a game, with --write on stderr as FILE:LINE:COL: warning: ... */
static void print_pgn_warnings(const struct cli_opts *o, const arb_pgn_game *g, const char *file)
{
    for (int i = 0; i < g->nwarnings && i < ARB_PGN_MAX_WARNINGS; i++) {
        const arb_pgn_warning *w = &g->warnings[i];
        char msg[ARB_REASON_TEXT_MAX];
        arb_reason_render(&w->why, o->lang, msg, sizeof msg);
        fprintf(stderr, "%s:%d:%d: warning: %s (%s)\n", file, w->line, w->column, msg, arb_reason_name(w->why.code));
    }
    if (g->nwarnings > ARB_PGN_MAX_WARNINGS)
        fprintf(stderr, "  (%d more warnings)\n", g->nwarnings - ARB_PGN_MAX_WARNINGS);
}

/* A refused game on stderr: FILE:LINE:COL: why (code), and the move or FEN parser's detail. */
static void print_refusal(const char *file, json_t *refused)
{
    long long line = json_integer_value(json_object_get(refused, "line"));
    long long column = json_integer_value(json_object_get(refused, "column"));
    const char *keys[] = {"explanation", "detail"};
    for (int k = 0; k < 2; k++) {
        json_t *why = json_object_get(refused, keys[k]);
        if (why)
            fprintf(stderr, "%s:%lld:%lld: %s (%s)\n", file, line, column, json_string_value(json_object_get(why, "text")),
                    json_string_value(json_object_get(why, "code")));
    }
}

/* --write: every game read back as export-format PGN with its termination tags. */
static int write_games(const struct cli_opts *o, const char *file, const char *text, size_t len,
                       const arb_pgn_options *popts)
{
    const char *lang = aj_lang_pick(o->lang);
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, popts);
    int errors = 0;
    while (arb_pgn_next(&r)) {
        arb_pgn_game g;
        arb_pgn_error err;
        if (arb_pgn_read(&r, &g, &err) != ARB_OK) {
            json_t *refused = json_pack("{s:i, s:i, s:o}", "line", err.line, "column", err.column, "explanation",
                                        aj_reason_json(&err.why, lang ? lang : "en"));
            if (err.has_detail)
                json_object_set_new(refused, "detail", aj_reason_json(&err.detail, lang ? lang : "en"));
            print_refusal(file, refused);
            json_decref(refused);
            errors++;
            arb_pgn_game_free(&g);
            continue;
        }
        arb_outcome out;
        arb_game_outcome(&g.record, NULL, &out);
        print_pgn_warnings(o, &g, file);
        arb_pgn_set_outcome(&g, &out);
        size_t need = arb_pgn_write(&g, NULL, 0);
        char *buf = malloc(need + 1);
        if (buf) {
            arb_pgn_write(&g, buf, need + 1);
            fputs(buf, stdout);
            free(buf);
        }
        arb_pgn_game_free(&g);
    }
    return errors ? 1 : 0;
}

int cmd_pgn(int argc, char **argv)
{
    struct rules_opts ro;
    struct cli_opts o;
    if (!take_opts(&argc, argv, &ro) || !cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.nargs != 1 || (o.json && ro.write)) {
        fprintf(stderr, "usage: arbiter pgn [--skip-variations] [--write | --json] [--strict] FILE   (FILE - : standard input)\n");
        return 2;
    }
    size_t len;
    const char *file = strcmp(o.args[0], "-") == 0 ? "(stdin)" : o.args[0];
    char *text = read_file(o.args[0], &len);
    if (!text) {
        fprintf(stderr, "arbiter: cannot read '%s' (missing, unreadable or over %u MiB)\n", file, PGN_MAX_FILE >> 20);
        return 1;
    }
    /* Older collections are Latin-1 / Windows-1252: every output stays UTF-8 (JSON can only carry
     * UTF-8; --write --strict echoes the bytes as they are). */
    if (!ro.strict || !ro.write) {
        size_t converted = 0, ulen;
        char *utf8 = arb_text_to_utf8(text, len, &ulen, &converted);
        if (utf8) {
            free(text);
            text = utf8;
            len = ulen;
        }
        if (converted) {
            arb_reason w = arb_reason_make(ARB_R_pgn_encoding_converted);
            w.n = converted > INT32_MAX ? INT32_MAX : (int32_t)converted;
            char msg[ARB_REASON_TEXT_MAX];
            arb_reason_render(&w, o.lang, msg, sizeof msg);
            fprintf(stderr, "%s: warning: %s (%s)\n", file, msg, arb_reason_name(w.code));
        }
    }
    arb_pgn_options popts = {ro.skip_variations, false, !ro.strict};
    if (ro.write) {
        int rc = write_games(&o, file, text, len, &popts);
        free(text);
        return rc;
    }
    /* What POST /v1/pgn answers for this text: --json prints it, the report is made from it */
    const char *lang = aj_lang_pick(o.lang);
    json_t *answer = aj_pgn_json(text, len, &popts, lang ? lang : "en");
    free(text);
    int rc = json_integer_value(json_object_get(answer, "refused")) > 0 ? 1 : 0;
    if (o.json) {
        cli_print_json(answer);
        return rc;
    }
    size_t i;
    json_t *g;
    json_array_foreach(json_object_get(answer, "games"), i, g) {
        if (json_object_get(g, "refused"))
            print_refusal(file, json_object_get(g, "refused"));
        else
            report_game(g, lang ? lang : "en");
    }
    json_decref(answer);
    return rc;
}
