/* The extreme-position family and its driver (see extreme.h): every list an engine call fills
 * is checked against its capacity, and every answer against what the move list says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extreme.h"

#define LIGHT 0x55AA55AA55AA55AAull
#define ALL ~0ull
#define RANKS_2_7 0x00FFFFFFFFFFFF00ull
#define RANK_7 0x00FF000000000000ull
#define RANK_2 0x000000000000FF00ull

const ext_profile ext_profiles[] = {
    /* 15 queens round the white king, the black king alone: the most moves one side can have. */
    {"queens", "KQQQQQQQQQQQQQQQ", "k", ALL, RANKS_2_7, ARB_WHITE, ARB_STANDARD, "", "-"},
    /* Both sides at the parser's limit, queens against queens, each side to move. */
    {"both_queens_w", "KQQQQQQQQQQQQQQQ", "kqqqqqqqqqqqqqqq", ALL, RANKS_2_7, ARB_WHITE, ARB_STANDARD, "", "-"},
    {"both_queens_b", "KQQQQQQQQQQQQQQQ", "kqqqqqqqqqqqqqqq", ALL, RANKS_2_7, ARB_BLACK, ARB_STANDARD, "", "-"},
    /* Eight pawns on the seventh with pieces to take on the eighth: the most promotions. */
    {"promotions", "KPPPPPPPPQQQQQQQ", "krrbbnnqqqqqqqq", ALL, RANK_7, ARB_WHITE, ARB_STANDARD, "", "-"},
    {"promotions_b", "KQQQQQQQRRBBNN", "kppppppppqqqqqqq", ALL, RANK_2, ARB_BLACK, ARB_STANDARD, "", "-"},
    /* Every piece on a light square: 32 pieces filling the 32 squares of one colour. */
    {"one_colour", "KQQQQQQQRRBBNNPP", "kqqqqqqqrrbbnnpp", LIGHT, RANKS_2_7 & LIGHT, ARB_WHITE, ARB_STANDARD, "", "-"},
    /* The material of a real game, climbing toward its most moves. */
    {"standard_material", "KQRRBBNNPPPPPPPP", "kqrrbbnnpppppppp", ALL, RANKS_2_7, ARB_WHITE, ARB_STANDARD, "", "-"},
    /* Castling both ways beside 13 queens, and the Chess960 form with the king on b1. */
    {"castling", "QQQQQQQQQQQQQ", "k", ALL & ~0xFFull, RANKS_2_7, ARB_WHITE, ARB_STANDARD, "Ke1 Ra1 Rh1", "KQ"},
    {"castling960", "QQQQQQQQQQQQQ", "k", ALL & ~0xFFull, RANKS_2_7, ARB_WHITE, ARB_CHESS960, "Kb1 Ra1 Rh1", "KQ"},
    /* Knights only: the most knight moves, and checks from every side. */
    {"knights", "KNNNNNNNNNNNNNNN", "knnnnnnnnnnnnnnn", ALL, RANKS_2_7, ARB_BLACK, ARB_STANDARD, "", "-"},
};
const int ext_nprofiles = (int)(sizeof ext_profiles / sizeof ext_profiles[0]);

ext_peaks ext_peak;

static void peak(int *slot, int v)
{
    if (v > *slot)
        *slot = v;
}

/* ---- The hill climb ----------------------------------------------------------------------- */

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void board_fen(const char board[64], const ext_profile *p, const char *castling, char *fen)
{
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = board[rank * 8 + file];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                fen[n++] = (char)('0' + empty);
            empty = 0;
            fen[n++] = c;
        }
        if (empty)
            fen[n++] = (char)('0' + empty);
        if (rank)
            fen[n++] = '/';
    }
    snprintf(fen + n, ARB_FEN_MAX - n, " %c %s - 0 1", p->side == ARB_WHITE ? 'w' : 'b', castling);
}

/* A free square the profile allows for this piece letter, or -1. */
static int free_square(const char board[64], const ext_profile *p, char piece, uint64_t *rng)
{
    arb_bitboard allowed = (piece == 'P' || piece == 'p') ? p->pawn_squares : p->squares;
    for (int tries = 0; tries < 256; tries++) {
        int sq = (int)(next(rng) % 64);
        if (!board[sq] && (allowed >> sq & 1))
            return sq;
    }
    return -1;
}

static int accepted_count(const char *fen, const ext_profile *p, arb_position *pos)
{
    if (arb_position_from_fen(pos, fen, p->variant, NULL) != ARB_OK)
        return -1;
    return arb_count_legal_moves(pos);
}

int ext_climb(const ext_profile *p, uint64_t seed, int steps, char *fen,
              void (*visit)(const arb_position *pos, void *ctx), void *ctx)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
    char board[64], best_fen[ARB_FEN_MAX];
    int where[32], nmovable = 0;
    arb_position pos;
    int best = -1;
    /* Kings first, then one piece at a time on a square where the board stays acceptable (a
     * random full placement is almost never: some king is in check). */
    for (int attempt = 0; attempt < 50 && best < 0; attempt++) {
        memset(board, 0, sizeof board);
        nmovable = 0;
        for (const char *f = p->fixed; *f; f += f[3] ? 4 : 3)
            board[(f[2] - '1') * 8 + (f[1] - 'a')] = f[0];
        const char *sides[2] = {p->white, p->black};
        bool placed = true;
        for (int round = 0; round < 2 && placed; round++)
            for (int s = 0; s < 2 && placed; s++)
                for (const char *c = sides[s]; *c && placed; c++) {
                    bool king = *c == 'K' || *c == 'k';
                    if (king != (round == 0))
                        continue;
                    placed = false;
                    for (int tries = 0; tries < 64 && !placed; tries++) {
                        int sq = free_square(board, p, *c, &rng);
                        if (sq < 0)
                            break;
                        board[sq] = *c;
                        char trial[ARB_FEN_MAX];
                        board_fen(board, p, "-", trial);
                        /* A board is judged once both kings stand; castling rights at the
                         * end, once every piece does. */
                        placed = round == 0 || accepted_count(trial, p, &pos) >= 0;
                        if (placed)
                            where[nmovable++] = sq;
                        else
                            board[sq] = 0;
                    }
                }
        if (!placed)
            continue;
        board_fen(board, p, p->castling, best_fen);
        best = accepted_count(best_fen, p, &pos);
    }
    if (best < 0)
        return -1;
    if (visit)
        visit(&pos, ctx);
    for (int step = 0; step < steps; step++) {
        int i = (int)(next(&rng) % (uint64_t)nmovable), from = where[i];
        int to = free_square(board, p, board[from], &rng);
        if (to < 0)
            continue;
        board[to] = board[from];
        board[from] = 0;
        char trial[ARB_FEN_MAX];
        board_fen(board, p, p->castling, trial);
        int n = accepted_count(trial, p, &pos);
        if (n >= 0 && visit)
            visit(&pos, ctx);
        if (n >= best) {
            best = n;
            where[i] = to;
            memcpy(best_fen, trial, sizeof best_fen);
        } else {
            board[from] = board[to];
            board[to] = 0;
        }
    }
    memcpy(fen, best_fen, ARB_FEN_MAX);
    return best;
}

/* ---- The driver --------------------------------------------------------------------------- */

#define REQUIRE(cond)                                                           \
    do {                                                                        \
        if (!(cond))                                                            \
            return __FILE__ ":" STRINGIFY(__LINE__) ": " #cond;                 \
    } while (0)
#define STRINGIFY(x) STRINGIFY_(x)
#define STRINGIFY_(x) #x

/* Every reason of a list within bounds, and rendered whole in every language. */
static const char *reasons_ok(const arb_reason *r, int n, int cap, bool render)
{
    REQUIRE(n >= 0 && n <= cap);
    peak(&ext_peak.reasons, n);
    for (int i = 0; i < n; i++) {
        REQUIRE(r[i].code < ARB_REASON_COUNT && r[i].nsquares <= ARB_REASON_MAX_SQUARES);
        peak(&ext_peak.squares, r[i].nsquares);
        if (!render)
            continue;
        for (const char *const *lang = arb_languages(); *lang; lang++) {
            char text[2048];
            size_t len = arb_reason_render(&r[i], *lang, text, sizeof text);
            REQUIRE(len > 0 && len < sizeof text && strlen(text) == len);
        }
    }
    return NULL;
}

#define CHECKED(call)                          \
    do {                                       \
        const char *why_ = (call);             \
        if (why_)                              \
            return why_;                       \
    } while (0)

static int find(const arb_move *moves, int n, arb_move m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return i;
    return -1;
}

static const char *drive_moves(const arb_position *pos, arb_move *moves, int *count)
{
    int n = arb_legal_moves(pos, moves);
    REQUIRE(n >= 0 && n <= ARB_MAX_MOVES);
    REQUIRE(n == arb_count_legal_moves(pos));
    peak(&ext_peak.moves, n);
    static uint8_t seen[1 << 16];
    for (int i = 0; i < n; i++) {
        REQUIRE(!seen[moves[i]]);
        seen[moves[i]] = 1;
        REQUIRE(arb_is_legal(pos, moves[i]));
    }
    for (int i = 0; i < n; i++)
        seen[moves[i]] = 0;
    int between = 0;
    arb_move part[ARB_MAX_MOVES];
    for (int sq = 0; sq < 64; sq++) {
        int k = arb_legal_moves_between(pos, 1ull << sq, ALL, part);
        REQUIRE(k >= 0 && k <= n);
        for (int i = 0; i < k; i++)
            REQUIRE(ARB_MOVE_FROM(part[i]) == sq && find(moves, n, part[i]) >= 0);
        between += k;
    }
    REQUIRE(between == n);
    *count = n;
    return NULL;
}

static const char *drive_notation(const arb_position *pos, const arb_move *moves, int n)
{
    for (int i = 0; i < n; i++) {
        char san[ARB_MOVE_TEXT_MAX], uci[ARB_MOVE_TEXT_MAX];
        size_t ls = arb_move_san(pos, moves[i], san, sizeof san), lu = arb_move_uci(pos, moves[i], uci, sizeof uci);
        REQUIRE(ls > 0 && ls < sizeof san && lu > 0 && lu < sizeof uci);
        arb_move back;
        REQUIRE(arb_parse_san(pos, san, &back, NULL) == ARB_OK && back == moves[i]);
        REQUIRE(arb_parse_uci(pos, uci, &back, NULL) == ARB_OK && back == moves[i]);
        REQUIRE(arb_parse_move(pos, san, &back, NULL) == ARB_OK && back == moves[i]);
        arb_reason why[ARB_EXPLAIN_MAX];
        REQUIRE(arb_explain_text(pos, NULL, san, &back, why, ARB_EXPLAIN_MAX) == 0 && back == moves[i]);
    }
    /* A move of every kind of piece to every square, by SAN: the failures list every piece of
     * that kind (15 queens at most) with its reasons. */
    static const char *const kinds[] = {"", "N", "B", "R", "Q", "K"};
    for (int k = 0; k < 6; k++)
        for (int sq = 0; sq < 64; sq++) {
            char text[8], name[3];
            arb_square_name(sq, name);
            snprintf(text, sizeof text, "%s%s", kinds[k], name);
            arb_reason why[ARB_EXPLAIN_MAX];
            arb_move m;
            int r = arb_explain_text(pos, NULL, text, &m, why, ARB_EXPLAIN_MAX);
            CHECKED(reasons_ok(why, r, ARB_EXPLAIN_MAX, sq % 9 == 0));
        }
    static const char *const odd[] = {"O-O", "O-O-O", "0-0", "Qxx9", "e8=Q", "exd6e.p.", "Qh8h1", "Kxe2"};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        arb_reason why[ARB_EXPLAIN_MAX];
        arb_move m;
        CHECKED(reasons_ok(why, arb_explain_text(pos, NULL, odd[i], &m, why, ARB_EXPLAIN_MAX), ARB_EXPLAIN_MAX, true));
    }
    return NULL;
}

static const char *drive_explain(const arb_position *pos, const arb_move *moves, int n)
{
    arb_reason why[ARB_EXPLAIN_MAX];
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++) {
            int k = arb_explain_move(pos, NULL, from, to, ARB_NO_TYPE, why, ARB_EXPLAIN_MAX);
            CHECKED(reasons_ok(why, k, ARB_EXPLAIN_MAX, (from * 64 + to) % 17 == 0));
            int normal = find(moves, n, ARB_MAKE_MOVE(from, to, ARB_MOVE_NORMAL));
            REQUIRE(normal < 0 || k == 0);
            if (ARB_PIECE_TYPE(pos->board[from]) == ARB_PAWN && (ARB_RANK(to) == 0 || ARB_RANK(to) == 7)) {
                for (int t = ARB_KNIGHT; t <= ARB_KING; t++) {
                    k = arb_explain_move(pos, NULL, from, to, (arb_piece_type)t, why, ARB_EXPLAIN_MAX);
                    CHECKED(reasons_ok(why, k, ARB_EXPLAIN_MAX, true));
                    bool legal = t != ARB_KING && find(moves, n, ARB_MAKE_MOVE(from, to, 4 + t - ARB_KNIGHT)) >= 0;
                    REQUIRE(legal == (k == 0));
                }
            }
        }
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++) {
            int k = arb_explain_castling(pos, NULL, (arb_color)c, side, why, ARB_EXPLAIN_MAX);
            CHECKED(reasons_ok(why, k, ARB_EXPLAIN_MAX, true));
        }
    int k = arb_explain_status(pos, why, ARB_EXPLAIN_MAX);
    CHECKED(reasons_ok(why, k, ARB_EXPLAIN_MAX, true));
    arb_state st = arb_position_state(pos);
    REQUIRE((n == 0) == (st == ARB_STATE_CHECKMATE || st == ARB_STATE_STALEMATE));
    char fen[ARB_FEN_MAX];
    REQUIRE(arb_position_fen(pos, fen, sizeof fen) < sizeof fen);
    k = arb_validate(fen, (arb_variant)pos->variant, why, ARB_EXPLAIN_MAX);
    CHECKED(reasons_ok(why, k, ARB_EXPLAIN_MAX, true));
    k = arb_fen_warnings(fen, (arb_variant)pos->variant, why, ARB_EXPLAIN_MAX);
    CHECKED(reasons_ok(why, k, ARB_EXPLAIN_MAX, true));
    arb_position again;
    REQUIRE(arb_position_from_fen(&again, fen, (arb_variant)pos->variant, NULL) == ARB_OK && again.key == pos->key);
    arb_reason material;
    if (arb_insufficient_material(pos, &material))
        CHECKED(reasons_ok(&material, 1, 1, true));
    return NULL;
}

static const char *drive_perft(const arb_position *pos, int n)
{
    static arb_move dm[ARB_MAX_MOVES];
    static uint64_t counts[ARB_MAX_MOVES];
    REQUIRE(arb_perft(pos, 1) == (uint64_t)n);
    int nd = arb_perft_divide(pos, 2, dm, counts);
    REQUIRE(nd == n);
    uint64_t sum = 0;
    for (int i = 0; i < nd; i++)
        sum += counts[i];
    REQUIRE(sum == arb_perft(pos, 2));
    return NULL;
}

static const char *outcome_ok(const arb_outcome *o)
{
    REQUIRE(o->nreasons >= 0 && o->nreasons <= ARB_OUTCOME_MAX_REASONS);
    peak(&ext_peak.outcome_reasons, o->nreasons);
    return reasons_ok(o->reasons, o->nreasons, ARB_OUTCOME_MAX_REASONS, true);
}

/* The record's end: claims (each checked), automatic ending, and every kind of event. */
static const char *drive_game_end(const arb_game *g)
{
    static arb_claim_kind kinds[ARB_MAX_CLAIMS];
    static arb_move cm[ARB_MAX_CLAIMS];
    int nc = arb_game_claims_available(g, kinds, cm, ARB_MAX_CLAIMS);
    REQUIRE(nc >= 0 && nc <= ARB_MAX_CLAIMS);
    peak(&ext_peak.claims, nc);
    arb_outcome o;
    for (int i = 0; i < nc; i++) {
        REQUIRE(arb_game_claim(g, kinds[i], cm[i], &o) == ARB_OK);
        CHECKED(outcome_ok(&o));
    }
    REQUIRE(arb_game_automatic_ending(g, g->nplies, &o) == ARB_OK);
    CHECKED(outcome_ok(&o));
    arb_event events[7];
    for (int i = 0; i < 7; i++)
        events[i] = arb_event_none();
    events[1].flag = ARB_WHITE;
    events[2].flag = ARB_BLACK;
    events[3].resign = arb_game_current(g)->side;
    events[4].agree_draw = true;
    events[5].claim = ARB_CLAIM_THREEFOLD;
    events[6].claim = ARB_CLAIM_FIFTY_MOVES;
    for (int i = 0; i < 7; i++) {
        REQUIRE(arb_game_outcome(g, &events[i], &o) == ARB_OK);
        CHECKED(outcome_ok(&o));
    }
    int plies[ARB_GAME_MAX_PLIES / 2 + 2];
    int k = arb_game_occurrences(g, g->nplies, plies, (int)(sizeof plies / sizeof plies[0]));
    REQUIRE(k >= 1 && k <= g->nplies + 1);
    return NULL;
}

/* A record of up to `plies` moves from pos, checked at each ply, then written as PGN and read
 * back. The moves shuffle a piece out and back (so repetitions come up) from a halfmove clock
 * of 96 (so does the fifty-move count): every quiet move then carries a claim or two. */
static const char *drive_game(const arb_position *pos, int plies)
{
    arb_position start = *pos;
    start.halfmove_clock = 96;
    arb_game g;
    REQUIRE(arb_game_init(&g, &start) == ARB_OK);
    const char *bad = NULL;
    char pgn[1 << 15];
    char fen[ARB_FEN_MAX];
    arb_position_fen(&start, fen, sizeof fen);
    int len = snprintf(pgn, sizeof pgn, "[Event \"extreme\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n%s\n",
                       fen, pos->variant == ARB_CHESS960 ? "[Variant \"Chess960\"]" : "");
    for (int ply = 0; ply < plies && !bad; ply++) {
        const arb_position *cur = arb_game_current(&g);
        arb_move moves[ARB_MAX_MOVES];
        int n = arb_legal_moves(cur, moves);
        arb_outcome end;
        arb_game_automatic_ending(&g, g.nplies, &end);
        if (n == 0 || end.termination != ARB_TERM_NONE)
            break;
        bad = drive_game_end(&g);
        arb_move m = moves[0];
        int back = -1;
        if (ply >= 2) {
            arb_move before = g.moves[ply - 2];
            back = find(moves, n, ARB_MAKE_MOVE(ARB_MOVE_TO(before), ARB_MOVE_FROM(before), ARB_MOVE_NORMAL));
        }
        if (back >= 0 && ply % 4 >= 2) {
            m = moves[back];
        } else {
            for (int i = 0; i < n; i++)
                if (!cur->board[ARB_MOVE_TO(moves[i])] && ARB_MOVE_KIND(moves[i]) == ARB_MOVE_NORMAL &&
                    ARB_PIECE_TYPE(cur->board[ARB_MOVE_FROM(moves[i])]) != ARB_PAWN) {
                    m = moves[i];
                    break;
                }
        }
        char san[ARB_MOVE_TEXT_MAX];
        arb_move_san(cur, m, san, sizeof san);
        if (len < (int)sizeof pgn - 32)
            len += snprintf(pgn + len, sizeof pgn - (size_t)len, "%s%d%s %s", ply ? " " : "",
                            (int)cur->fullmove_number, cur->side == ARB_WHITE ? "." : "...", san);
        if (arb_game_play(&g, m) != ARB_OK)
            bad = "extreme.c: a listed move could not be played";
    }
    if (!bad)
        bad = drive_game_end(&g);
    if (!bad && len < (int)sizeof pgn - 8) {
        snprintf(pgn + len, sizeof pgn - (size_t)len, " *\n");
        arb_pgn_reader r;
        arb_pgn_reader_init(&r, pgn, strlen(pgn), NULL);
        static arb_pgn_game pg;
        arb_pgn_error err;
        arb_status st = arb_pgn_read(&r, &pg, &err);
        if (st != ARB_OK)
            bad = "extreme.c: the record written as PGN did not read back";
        else if (pg.record.nplies != g.nplies || arb_game_current(&pg.record)->key != arb_game_current(&g)->key)
            bad = "extreme.c: the PGN read back is another record";
        if (st == ARB_OK) {
            size_t need = arb_pgn_write(&pg, NULL, 0);
            char *out = malloc(need + 1);
            if (!out || arb_pgn_write(&pg, out, need + 1) != need || strlen(out) != need)
                bad = "extreme.c: arb_pgn_write";
            free(out);
        }
        arb_pgn_game_free(&pg);
    }
    arb_game_free(&g);
    return bad;
}

static const char *drive_touch(const arb_position *pos, const arb_move *moves, int n)
{
    static arb_touch_result res;
    arb_touch t = arb_touch_none();
    /* Each own piece alone, then every own piece at once (at most 16), then own + opponent. */
    for (int sq = 0; sq < 64; sq++) {
        if (!pos->board[sq])
            continue;
        t = arb_touch_none();
        t.count = 1;
        t.squares[0] = (uint8_t)sq;
        REQUIRE(arb_touch_obligation(pos, &t, &res) == ARB_OK);
        REQUIRE(res.nmoves >= 0 && res.nmoves <= n && res.nreasons <= ARB_TOUCH_MAX_REASONS);
        peak(&ext_peak.touch_reasons, res.nreasons);
        CHECKED(reasons_ok(res.reasons, res.nreasons, ARB_TOUCH_MAX_REASONS, sq % 5 == 0));
        for (int i = 0; i < res.nmoves; i++)
            REQUIRE(find(moves, n, res.moves[i]) >= 0);
    }
    for (int pass = 0; pass < 2; pass++) {
        t = arb_touch_none();
        for (int sq = 0; sq < 64 && t.count < ARB_TOUCH_MAX; sq++)
            if (pos->board[sq] && (ARB_PIECE_COLOR(pos->board[sq]) == pos->side) == (pass == 0))
                t.squares[t.count++] = (uint8_t)sq;
        REQUIRE(arb_touch_obligation(pos, &t, &res) == ARB_OK);
        REQUIRE(res.nmoves >= 0 && res.nmoves <= n && res.nreasons <= ARB_TOUCH_MAX_REASONS);
        peak(&ext_peak.touch_reasons, res.nreasons);
        CHECKED(reasons_ok(res.reasons, res.nreasons, ARB_TOUCH_MAX_REASONS, true));
    }
    /* King then each rook (4.4.1), rook then king (4.4.2). */
    int ksq = pos->king_square[pos->side];
    for (int side = 0; side < 2; side++) {
        int rsq = pos->castle_rook[pos->side][side];
        if (rsq == ARB_NO_SQUARE)
            continue;
        for (int order = 0; order < 2; order++) {
            t = arb_touch_none();
            t.count = 2;
            t.squares[order] = (uint8_t)ksq;
            t.squares[!order] = (uint8_t)rsq;
            REQUIRE(arb_touch_obligation(pos, &t, &res) == ARB_OK);
            REQUIRE(res.nmoves >= 0 && res.nmoves <= n && res.nreasons <= ARB_TOUCH_MAX_REASONS);
            CHECKED(reasons_ok(res.reasons, res.nreasons, ARB_TOUCH_MAX_REASONS, true));
        }
    }
    return NULL;
}

static const char *drive_searches(const arb_position *pos, const arb_move *moves, int n)
{
    static arb_mate_result mr;
    for (int depth = 1; depth <= 2; depth++) {
        arb_status st = arb_mate_in(pos, depth, depth == 1 ? 400000 : 60000, &mr);
        REQUIRE(st == ARB_OK || st == ARB_ERR_LIMIT);
        if (st == ARB_OK) {
            REQUIRE(mr.nkeys >= 0 && mr.nkeys <= n && mr.nline >= 0 && mr.nline <= 2 * depth);
            REQUIRE(mr.mate == (mr.nkeys > 0));
            for (int i = 0; i < mr.nkeys; i++)
                REQUIRE(find(moves, n, mr.keys[i]) >= 0 && mr.key_length[i] >= 1 && mr.key_length[i] <= depth);
        }
    }
    if (n > 0) {
        static arb_line_check lc;
        arb_status st = arb_mate_check_line(pos, 2, moves, 1, 60000, &lc);
        REQUIRE(st == ARB_OK || st == ARB_ERR_LIMIT);
        REQUIRE(lc.nreasons >= 0 && lc.nreasons <= ARB_LINE_MAX_REASONS);
        CHECKED(reasons_ok(lc.reasons, lc.nreasons, ARB_LINE_MAX_REASONS, true));
        bool forces;
        arb_move refutation;
        st = arb_mate_move_forces(pos, moves[n - 1], 1, 60000, &forces, &refutation);
        REQUIRE(st == ARB_OK || st == ARB_ERR_LIMIT);
    }
    static arb_dead_result dr;
    REQUIRE(arb_dead_position(pos, 20000, &dr) == ARB_OK);
    CHECKED(reasons_ok(&dr.reason, 1, 1, true));
    for (int c = 0; c < 2; c++) {
        const arb_unwinnable_result *u = &dr.side[c];
        REQUIRE(u->witness_len >= 0 && u->witness_len <= ARB_DEAD_MAX_WITNESS);
        REQUIRE(u->nreasons >= 0 && u->nreasons <= ARB_DEAD_MAX_REASONS);
        CHECKED(reasons_ok(u->reasons, u->nreasons, ARB_DEAD_MAX_REASONS, true));
        /* A witness is legal moves ending in the winner's checkmate. */
        if (u->verdict == ARB_WIN_POSSIBLE && u->witness_len > 0) {
            arb_position p = *pos;
            for (int i = 0; i < u->witness_len; i++) {
                REQUIRE(arb_is_legal(&p, u->witness[i]));
                arb_position_play(&p, u->witness[i]);
            }
            REQUIRE(arb_position_state(&p) == ARB_STATE_CHECKMATE && p.side != c);
        }
    }
    arb_illegal_policy fide = arb_illegal_policy_fide(ARB_TC_STANDARD);
    arb_outcome o;
    int extra = 0;
    REQUIRE(arb_illegal_move_penalty(pos, (arb_color)pos->side, 1, &fide, &o, &extra) == ARB_OK);
    CHECKED(outcome_ok(&o));
    return NULL;
}

const char *ext_drive(const arb_position *pos, int depth)
{
    arb_move moves[ARB_MAX_MOVES];
    int n = 0;
    CHECKED(drive_moves(pos, moves, &n));
    CHECKED(drive_notation(pos, moves, n));
    CHECKED(drive_explain(pos, moves, n));
    CHECKED(drive_perft(pos, n));
    CHECKED(drive_touch(pos, moves, n));
    CHECKED(drive_searches(pos, moves, n));
    CHECKED(drive_game(pos, depth));
    return NULL;
}
