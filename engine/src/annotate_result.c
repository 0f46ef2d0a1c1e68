/* The result a FIDE arbiter records for an annotated game (annotate.c's record, its Result and
 * Termination tags, its clocks): an automatic ending on the board stands against any tag; a time
 * forfeit is judged by 6.9, a resignation by 5.1.2, a draw by the claim the board allows or by
 * agreement (all through arb_game_outcome); what was decided off the board stands as recorded.
 * Also what a PGN game's tags and comments say (arb_pgn_annotate). */
#include <ctype.h>
#include <string.h>

#include "annotate_internal.h"
#include "internal.h"

int arb_result_parse(const char *text)
{
    static const arb_result results[] = {ARB_RESULT_WHITE_WINS, ARB_RESULT_BLACK_WINS, ARB_RESULT_DRAW,
                                         ARB_RESULT_NONE};
    if (!text)
        return -1;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strcmp(text, arb_result_string(results[i])) == 0)
            return (int)results[i];
    return -1;
}

const char *arb_result_basis_name(arb_result_basis b)
{
    static const char *const names[] = {"none", "board", "event", "recorded"};
    return (unsigned)b < sizeof names / sizeof names[0] ? names[b] : "none";
}

/* Whether text contains one of the NULL-terminated (lower-case) phrases, ASCII case ignored. */
static bool says(const char *text, const char *const *phrases)
{
    for (const char *t = text; t && *t; t++)
        for (const char *const *p = phrases; *p; p++) {
            size_t k = 0;
            while ((*p)[k] && tolower((unsigned char)t[k]) == (*p)[k])
                k++;
            if (!(*p)[k])
                return true;
        }
    return false;
}

/* The Termination tag's usual spellings of a flag fall: PGN's "time forfeit" (lichess "Time
 * forfeit"), chess.com's "X won on time" and "drawn by timeout vs insufficient material", and
 * others' "lost on time", "time out", "flag fell". */
static const char *const time_words[] = {"time forfeit", "time-forfeit", "timeforfeit", "on time", "timeout",
                                         "time out", "out of time", "flag", NULL};
/* Results decided off the board, which stand as recorded (PGN's "abandoned", "adjudication",
 * "rules infraction", "emergency", "death"; a forfeit by default). */
static const char *const recorded_words[] = {"abandon", "adjudicat", "infraction", "emergency", "death",
                                             "forfeit", "disqualif", NULL};

static bool time_forfeit_said(const arb_annotate_info *info)
{
    const char *t = info->termination_tag;
    return info->time_forfeit || info->clock_zero >= 0 || says(t, time_words) ||
           (t && strcmp(t, "time") == 0);
}

static arb_color loser_of(int tag)
{
    return tag == ARB_RESULT_WHITE_WINS ? ARB_BLACK : ARB_WHITE;
}

/* A record whose view starts at the last position of g: what arb_game_outcome needs to judge an
 * event at the end (the record is known to have no automatic ending), without reading the whole
 * record again. */
static arb_game last_position(const arb_game *g)
{
    arb_game v = {0, 0, g->moves + g->nplies, g->positions + g->nplies};
    return v;
}

/* The outcome's reasons as an event at the record's last ply: the first is the event. */
static void outcome_event(struct ann *a, const arb_outcome *o)
{
    if (o->nreasons == 0)
        return;
    ann_event(a, a->g->nplies, &o->reasons[0]);
    for (int i = 1; i < o->nreasons && i < ARB_OUTCOME_MAX_REASONS; i++)
        ann_explain(a, &o->reasons[i]);
}

static void take(arb_annotation *out, const arb_outcome *o, arb_result_basis basis, int ply)
{
    out->result = o->result;
    out->termination = o->termination;
    out->basis = basis;
    out->end_ply = o->termination != ARB_TERM_NONE ? ply : -1;
}

/* A flag fell: lost, unless the opponent cannot checkmate by any series of legal moves (6.9).
 * Who ran out of time: the clock that reads zero, else the loser the tag names, else (a draw tag)
 * the one whose opponent cannot mate, else the player to move (whose clock was running). */
static void time_forfeit(struct ann *a)
{
    const arb_game *g = a->g;
    arb_annotation *out = a->out;
    const arb_position *cur = arb_game_current(g);
    int flagged = a->info->clock_zero;
    if (flagged < 0 && (out->tag == ARB_RESULT_WHITE_WINS || out->tag == ARB_RESULT_BLACK_WINS))
        flagged = (int)loser_of(out->tag);
    if (flagged < 0 && out->tag == ARB_RESULT_DRAW) {
        /* a draw on time ("drawn by timeout vs insufficient material"): the player whose
         * opponent cannot mate, when only one of them is */
        bool white_can = arb_rules_can_mate(cur, ARB_WHITE), black_can = arb_rules_can_mate(cur, ARB_BLACK);
        if (white_can != black_can)
            flagged = white_can ? ARB_WHITE : ARB_BLACK;
    }
    if (flagged < 0)
        flagged = cur->side;
    arb_event ev = arb_event_none();
    ev.flag = flagged;
    arb_game view = last_position(g);
    arb_outcome o;
    arb_game_outcome(&view, &ev, &o);
    out->flagged = flagged;
    take(out, &o, ARB_BASIS_EVENT, g->nplies);
    outcome_event(a, &o);
}

/* A decisive result without an ending on the board: a resignation (lost, unless the opponent
 * cannot checkmate by any series of legal moves: 5.1.2), or a result decided off the board. */
static void decisive(struct ann *a)
{
    arb_annotation *out = a->out;
    if (says(a->info->termination_tag, recorded_words)) {
        out->result = (arb_result)out->tag;
        out->basis = ARB_BASIS_RECORDED;
        return;
    }
    arb_event ev = arb_event_none();
    ev.resign = loser_of(out->tag);
    arb_game view = last_position(a->g);
    arb_outcome o;
    arb_game_outcome(&view, &ev, &o);
    take(out, &o, ARB_BASIS_EVENT, a->g->nplies);
    outcome_event(a, &o);
}

/* A draw without an ending on the board: the claim the position allows (now, or with a move
 * written down: 9.2, 9.3), else an agreement (5.2.3, after both players have moved). */
static void drawn(struct ann *a)
{
    const arb_game *g = a->g;
    arb_annotation *out = a->out;
    arb_outcome none, o;
    memset(&none, 0, sizeof none);
    none.ply = -1;
    arb_claim_kind kinds[ARB_MAX_CLAIMS];
    arb_move moves[ARB_MAX_CLAIMS];
    if (arb_game_claims_given_ending(g, &none, kinds, moves, ARB_MAX_CLAIMS) > 0 &&
        arb_game_claim(g, kinds[0], moves[0], &o) == ARB_OK && o.claim_valid) {
        take(out, &o, ARB_BASIS_EVENT, g->nplies);
        /* the claim without a move is the event that stands at this ply already */
        const arb_annotation_event *last = out->nevents ? &out->events[out->nevents - 1] : NULL;
        bool told = moves[0] == ARB_MOVE_NONE && last && last->ply == g->nplies &&
                    last->why.code == (kinds[0] == ARB_CLAIM_THREEFOLD ? ARB_R_threefold_available
                                                                      : ARB_R_fifty_moves_available);
        if (!told)
            outcome_event(a, &o);
        return;
    }
    arb_event ev = arb_event_none();
    ev.agree_draw = true;
    arb_game view = last_position(g);
    arb_game_outcome(&view, &ev, &o);
    take(out, &o, ARB_BASIS_EVENT, g->nplies);
    outcome_event(a, &o);
}

void ann_result(struct ann *a)
{
    const arb_game *g = a->g;
    arb_annotation *out = a->out;
    out->tag = arb_result_parse(a->info->result_tag);
    int tag = out->tag;
    if (a->end >= 0) {
        take(out, &a->ending, ARB_BASIS_BOARD, a->end);
    } else if (a->info->illegal_move) {
        /* a record cut by an illegal move cannot be judged past it: the result stands as recorded */
        out->result = tag > 0 ? (arb_result)tag : ARB_RESULT_NONE;
        out->basis = tag > 0 ? ARB_BASIS_RECORDED : ARB_BASIS_NONE;
        return;
    } else if (time_forfeit_said(a->info)) {
        time_forfeit(a);
    } else if (g->nplies == 0 && tag > 0) {
        out->result = (arb_result)tag; /* no move played: a forfeit or a bye, decided off the board */
        out->basis = ARB_BASIS_RECORDED;
        return;
    } else if (tag == ARB_RESULT_WHITE_WINS || tag == ARB_RESULT_BLACK_WINS) {
        decisive(a);
    } else if (tag == ARB_RESULT_DRAW) {
        drawn(a);
    } else {
        return; /* unfinished */
    }
    if (out->basis == ARB_BASIS_RECORDED || tag < 0 || (arb_result)tag == out->result)
        return;
    out->tag_disagrees = true;
    arb_reason r = arb_reason_make(ARB_R_result_tag_mismatch);
    r.n = (int32_t)out->result;
    r.m = tag;
    ann_event(a, a->end >= 0 ? a->end : g->nplies, &r);
}

/* ---- What a PGN game's tags and comments say ------------------------------------------------ */

/* Whether a comment holds a clock reading ([%clk 0:00:00], [%clk 0:00:00.3]) and it is zero:
 * 1 zero, 0 another time, -1 no reading. */
static int clock_reading(const char *comment)
{
    const char *c = comment ? strstr(comment, "[%clk") : NULL;
    if (!c)
        return -1;
    c += 5;
    while (*c == ' ')
        c++;
    bool digit = false, nonzero = false;
    for (; *c && *c != ']' && *c != ' '; c++) {
        if (*c >= '0' && *c <= '9') {
            digit = true;
            nonzero |= *c != '0';
        } else if (*c != ':' && *c != '.') {
            return -1;
        }
    }
    return digit ? !nonzero : -1;
}

/* A final comment that says a flag fell ("White forfeits on time", "lost on time"). */
static const char *const comment_time_words[] = {"forfeits on time", "lost on time", "won on time", "time forfeit",
                                                 "flag fell", "ran out of time", NULL};

arb_status arb_pgn_annotate(const arb_pgn_game *g, const arb_pgn_error *stopped, arb_annotation *out)
{
    arb_annotate_info info = arb_annotate_info_none();
    if (stopped && stopped->why.code != ARB_R_pgn_illegal_move && stopped->why.code != ARB_R_pgn_bad_move) {
        ann_reset(out); /* empty, its buffers kept for the next game (init here leaked them) */
        return ARB_ERR_RANGE;
    }
    if (stopped)
        info.illegal_move = stopped->why.found;
    info.result_tag = arb_pgn_tag_value(g, "Result");
    if (!info.result_tag && strcmp(g->result, "*") != 0)
        info.result_tag = g->result; /* no tag: the movetext's termination marker */
    info.termination_tag = arb_pgn_tag_value(g, "Termination");
    /* the clocks: node i is the move made from positions[i], by that position's side */
    const arb_pgn_line *line = &g->main;
    int zero[2] = {0, 0}, latest = -1;
    for (int i = 0; i < line->count && i < g->record.nplies; i++) {
        int z = clock_reading(line->nodes[i].comment);
        if (z < 0)
            continue;
        int side = g->record.positions[i].side;
        zero[side] = z;
        if (z)
            latest = side;
    }
    if (latest >= 0 && zero[latest])
        info.clock_zero = latest;
    else if (zero[0] != zero[1])
        info.clock_zero = zero[0] ? ARB_WHITE : ARB_BLACK;
    const char *last = line->count ? line->nodes[line->count - 1].comment : line->comment;
    info.time_forfeit = says(last, comment_time_words);
    return arb_game_annotate(&g->record, &info, out);
}
