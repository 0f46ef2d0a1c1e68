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
        const char *art = arb_reason_article(rs[i].code);
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
    int failed = 0;
    arb_reason why;
    if (arb_game_play_texts(g, (const char *const *)moves, n, &failed, &why) != ARB_OK) {
        fprintf(stderr, "arbiter: move %d ('%s'):\n", failed + 1, moves[failed]);
        cli_print_reason(o, &why);
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
    FILE *f = fopen(path, "rb");
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
    fclose(f);
    *len = n;
    return buf;
}

static void ply_label(const arb_game *g, int ply, char *buf, size_t cap)
{
    if (ply == 0) {
        snprintf(buf, cap, "start");
        return;
    }
    const arb_position *before = &g->positions[ply - 1];
    char san[ARB_MOVE_TEXT_MAX];
    arb_move_san(before, g->moves[ply - 1], san, sizeof san);
    snprintf(buf, cap, "after %u.%s%s", (unsigned)before->fullmove_number, before->side == ARB_WHITE ? "" : "..", san);
}

/* Every draw the player to move could have claimed before each move (now or with the move
 * played), and the automatic endings, in the order of the plies. */
static void report_game(const struct cli_opts *o, const arb_game *g)
{
    bool fifty_open = false;
    for (int ply = 0; ply <= g->nplies; ply++) {
        char label[48];
        ply_label(g, ply, label, sizeof label);
        arb_outcome out;
        arb_game_automatic_ending(g, ply, &out);
        if (out.termination != ARB_TERM_NONE) {
            printf("  ply %d (%s): %s %s%s\n", ply, label, arb_termination_name(out.termination),
                   arb_result_string(out.result), ply < g->nplies ? " [the game went on: moves after the end]" : "");
            print_reasons(o, out.reasons, out.nreasons > 2 ? 1 : out.nreasons, "    ");
            if (ply < g->nplies)
                continue;
            break;
        }
        if (ply == g->nplies)
            break;
        /* claims by the player to move at this ply: now, or with the move actually played */
        arb_game prefix = *g;
        prefix.nplies = ply;
        const char *who = g->positions[ply].side == ARB_WHITE ? "white" : "black";
        for (int kind = ARB_CLAIM_THREEFOLD; kind <= ARB_CLAIM_FIFTY_MOVES; kind++) {
            arb_outcome now, with;
            arb_game_claim(&prefix, (arb_claim_kind)kind, ARB_MOVE_NONE, &now);
            arb_game_claim(&prefix, (arb_claim_kind)kind, g->moves[ply], &with);
            const arb_outcome *c = now.claim_valid ? &now : with.claim_valid ? &with : NULL;
            if (kind == ARB_CLAIM_FIFTY_MOVES) {
                if (!c) {
                    fifty_open = false;
                    continue;
                }
                if (fifty_open)
                    continue; /* report the first ply of each stretch only */
                fifty_open = true;
            }
            if (!c)
                continue;
            printf("  ply %d (%s): %s could claim %s%s\n", ply, label, who,
                   kind == ARB_CLAIM_THREEFOLD ? "threefold repetition" : "the fifty-move rule",
                   c == &with ? " with the move played" : "");
            print_reasons(o, c->reasons, 1, "    ");
        }
    }
}

/* What lenient reading repaired in a game: in the report (stdout) as "  warning: ..." lines
 * after the game's line, or with --write on stderr as FILE:LINE:COL: warning: ... */
static void print_pgn_warnings(const struct cli_opts *o, const arb_pgn_game *g, FILE *to, const char *file)
{
    for (int i = 0; i < g->nwarnings && i < ARB_PGN_MAX_WARNINGS; i++) {
        const arb_pgn_warning *w = &g->warnings[i];
        char msg[ARB_REASON_TEXT_MAX];
        arb_reason_render(&w->why, o->lang, msg, sizeof msg);
        if (to == stdout)
            printf("  warning (line %d): %s (%s)\n", w->line, msg, arb_reason_name(w->why.code));
        else
            fprintf(to, "%s:%d:%d: warning: %s (%s)\n", file, w->line, w->column, msg, arb_reason_name(w->why.code));
    }
    if (g->nwarnings > ARB_PGN_MAX_WARNINGS)
        fprintf(to, "  (%d more warnings)\n", g->nwarnings - ARB_PGN_MAX_WARNINGS);
}

int cmd_pgn(int argc, char **argv)
{
    struct rules_opts ro;
    struct cli_opts o;
    if (!take_opts(&argc, argv, &ro) || !cli_parse_opts(argc, argv, &o))
        return 2;
    if (o.json) { /* refused, not ignored: no endpoint reads PGN yet */
        fprintf(stderr, "arbiter: pgn has no --json form (no HTTP endpoint reads PGN; /v1/outcome takes a game's moves)\n");
        return 2;
    }
    if (o.nargs != 1) {
        fprintf(stderr, "usage: arbiter pgn [--skip-variations] [--write] [--strict] FILE\n");
        return 2;
    }
    size_t len;
    char *text = read_file(o.args[0], &len);
    if (!text) {
        fprintf(stderr, "arbiter: cannot read '%s' (missing, unreadable or over %u MiB)\n", o.args[0],
                PGN_MAX_FILE >> 20);
        return 1;
    }
    if (!ro.strict) { /* older collections are Latin-1 / Windows-1252: every output stays UTF-8 */
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
            fprintf(stderr, "%s: warning: %s (%s)\n", o.args[0], msg, arb_reason_name(w.code));
        }
    }
    arb_pgn_options popts = {ro.skip_variations, false, !ro.strict};
    arb_pgn_reader r;
    arb_pgn_reader_init(&r, text, len, &popts);
    int n = 0, errors = 0;
    while (arb_pgn_next(&r)) {
        arb_pgn_game g;
        arb_pgn_error err;
        n++;
        arb_status st = arb_pgn_read(&r, &g, &err);
        if (st != ARB_OK) {
            char msg[ARB_REASON_TEXT_MAX];
            arb_reason_render(&err.why, o.lang, msg, sizeof msg);
            fprintf(stderr, "%s:%d:%d: %s (%s)\n", o.args[0], err.line, err.column, msg, arb_reason_name(err.why.code));
            if (err.has_detail) {
                arb_reason_render(&err.detail, o.lang, msg, sizeof msg);
                fprintf(stderr, "%s:%d:%d: %s (%s)\n", o.args[0], err.line, err.column, msg,
                        arb_reason_name(err.detail.code));
            }
            errors++;
            arb_pgn_game_free(&g);
            continue;
        }
        arb_outcome out;
        arb_game_outcome(&g.record, NULL, &out);
        if (ro.write) {
            print_pgn_warnings(&o, &g, stderr, o.args[0]);
            arb_pgn_set_outcome(&g, &out);
            size_t need = arb_pgn_write(&g, NULL, 0);
            char *buf = malloc(need + 1);
            if (buf) {
                arb_pgn_write(&g, buf, need + 1);
                fputs(buf, stdout);
                free(buf);
            }
        } else {
            const char *w = arb_pgn_tag_value(&g, "White"), *b = arb_pgn_tag_value(&g, "Black");
            printf("game %d (line %d): %s - %s, %d plies, movetext result %s\n", n, g.line, w ? w : "?", b ? b : "?",
                   g.record.nplies, g.result);
            print_pgn_warnings(&o, &g, stdout, o.args[0]);
            report_game(&o, &g.record);
            if (out.termination == ARB_TERM_NONE)
                printf("  no automatic ending: %s\n", strcmp(g.result, "*") ? "the result came from the board (resignation, agreement, time...)" : "unfinished");
            else if (strcmp(g.result, "*") && strcmp(g.result, arb_result_string(out.result)))
                printf("  warning: the movetext says %s but the rules give %s\n", g.result, arb_result_string(out.result));
        }
        arb_pgn_game_free(&g);
    }
    free(text);
    return errors ? 1 : 0;
}
