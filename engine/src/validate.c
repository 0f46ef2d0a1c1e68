/* Validation of a FEN: every problem, not only the first. Syntax errors from the parser, then
 * castling rights and en passant square one by one, then what makes the board unplayable or
 * unreachable (FIDE 3.10.3): kings, pawns on back ranks, checks no last move could give,
 * piece counts no promotions could explain. */
#include <string.h>

#include "validate_retro.h"

enum { F_BOARD, F_SIDE, F_CASTLING, F_EP, GOOD_MAX = 16 };

struct fields {
    char buf[ARB_FEN_MAX_INPUT + 1];
    const char *tok[8];
    int off[8], n;
};

/* Splits the FEN (already known to be at most ARB_FEN_MAX_INPUT characters) at blanks. */
static void split(struct fields *f, const char *fen)
{
    size_t len = strlen(fen);
    memcpy(f->buf, fen, len + 1);
    f->n = 0;
    for (size_t i = 0; i < len && f->n < 8;) {
        while (f->buf[i] == ' ' || f->buf[i] == '\t')
            f->buf[i++] = '\0';
        if (!f->buf[i])
            break;
        f->tok[f->n] = f->buf + i;
        f->off[f->n++] = (int)i;
        while (f->buf[i] && f->buf[i] != ' ' && f->buf[i] != '\t')
            i++;
    }
}

/* Parses "board side castling ep" (no clocks) without the board checks; *castling_at and
 * *ep_at get where those fields start in the text parsed (for mapping offsets back). */
static arb_status parse4(arb_position *pos, const struct fields *f, const char *castling, const char *ep,
                         arb_variant v, arb_reason *why, int *castling_at, int *ep_at)
{
    char text[2 * ARB_FEN_MAX_INPUT + 8];
    size_t a = strlen(f->tok[0]), b = strlen(f->tok[1]), c = strlen(castling), d = strlen(ep);
    if (a + b + c + d + 4 > sizeof text)
        return ARB_ERR_SYNTAX;
    memcpy(text, f->tok[0], a);
    text[a] = ' ';
    memcpy(text + a + 1, f->tok[1], b);
    text[a + b + 1] = ' ';
    memcpy(text + a + b + 2, castling, c);
    text[a + b + c + 2] = ' ';
    memcpy(text + a + b + c + 3, ep, d + 1);
    if (castling_at)
        *castling_at = (int)(a + b + 2);
    if (ep_at)
        *ep_at = (int)(a + b + c + 3);
    return arb_fen_parse_bytes(pos, text, v, why);
}

/* A syntax error found in a rebuilt text, reported at `offset` of the original. */
static void add_syntax(struct rlist *l, const arb_reason *why, int offset)
{
    arb_reason *r = rl_add(l, (arb_reason_code)why->code);
    *r = *why;
    r->offset = offset;
}

/* Judges each castling letter; `good` gets the rights that hold (or "-"), to judge the board with. */
static void check_castling(struct rlist *l, const struct fields *f, arb_variant v, char good[GOOD_MAX])
{
    const char *rights = f->tok[F_CASTLING];
    arb_position pos;
    arb_reason why;
    int at;
    strcpy(good, "-");
    if (strcmp(rights, "-") == 0)
        return;
    if (rights[0] == '-') { /* "-K": the parser says where it goes wrong */
        if (parse4(&pos, f, rights, "-", v, &why, &at, NULL) == ARB_ERR_SYNTAX)
            add_syntax(l, &why, f->off[F_CASTLING] + (why.offset - at));
        return;
    }
    good[0] = '\0';
    size_t ngood = 0;
    for (int i = 0; rights[i]; i++) {
        if ((unsigned char)rights[i] >= 0x80) { /* one error per character, not per byte */
            if (((unsigned char)rights[i] & 0xC0) != 0x80) {
                arb_reason *r = rl_add(l, ARB_R_fen_bad_castling);
                r->field = F_CASTLING;
                r->offset = f->off[F_CASTLING] + i;
                arb_utf8_char_copy(r->found, sizeof r->found, rights + i);
            }
            continue;
        }
        char one[2] = {rights[i], '\0'};
        char up = (char)(rights[i] & ~32);
        if (v == ARB_STANDARD && up > 'A' && up < 'H') {
            /* a Shredder-FEN file letter: no side of standard chess has a rook there to castle with */
            arb_reason *r = rl_add(l, ARB_R_castling_right_chess960_only);
            r->field = F_CASTLING;
            r->offset = f->off[F_CASTLING] + i;
            r->found[0] = rights[i];
            arb_reason_add_square(r, ARB_SQ(up - 'A', rights[i] == up ? 0 : 7));
            continue;
        }
        arb_status st = parse4(&pos, f, one, "-", v, &why, NULL, NULL);
        if (st == ARB_ERR_SYNTAX) {
            add_syntax(l, &why, f->off[F_CASTLING] + i);
            continue;
        }
        if (st == ARB_ERR_ILLEGAL) {
            arb_reason *r = rl_add(l, ARB_R_invalid_castling_rights);
            r->field = F_CASTLING;
            r->offset = f->off[F_CASTLING] + i;
            r->found[0] = rights[i];
            r->piece = why.piece;
            r->side = why.code == ARB_R_fen_castling_no_rook ? why.side
                      : up == 'K' || (up != 'Q' && up > 'D') ? ARB_KINGSIDE : ARB_QUEENSIDE;
            continue;
        }
        if (ngood + 2 > GOOD_MAX)
            continue;
        good[ngood] = rights[i];
        good[ngood + 1] = '\0';
        if (parse4(&pos, f, good, "-", v, &why, NULL, NULL) == ARB_ERR_SYNTAX) {
            add_syntax(l, &why, f->off[F_CASTLING] + i);
            good[ngood] = '\0';
            continue;
        }
        ngood++;
    }
    if (ngood == 0)
        strcpy(good, "-");
}

/* The en passant square says the last move was the double step of the pawn in front of it.
 * That move sets the halfmove clock to 0 (9.3.2), so any other clock is impossible. And the
 * position before it, with the pawn back on its starting square, must be legal: the side now
 * to move was not to move then, so it cannot have been in check, neither from a line that the
 * pawn's arrival closed nor from the pawn on its starting square. */
static void check_last_double_step(struct rlist *l, const struct fields *f, const arb_position *pos, int ep)
{
    arb_color us = (arb_color)pos->side, them = (arb_color)!us;
    int pawn = us == ARB_WHITE ? ep - 8 : ep + 8, origin = us == ARB_WHITE ? ep + 8 : ep - 8;
    if (f->n > F_EP + 1) {
        const char *clock = f->tok[F_EP + 1];
        long v = 0;
        for (int i = 0; clock[i] >= '0' && clock[i] <= '9' && i < 6; i++)
            v = v * 10 + (clock[i] - '0');
        if (v != 0) {
            arb_reason *r = rl_add(l, ARB_R_ep_clock_not_zero);
            r->field = F_EP + 1;
            r->offset = f->off[F_EP + 1];
            r->n = (int32_t)v;
            arb_reason_add_square(r, ep);
        }
    }
    int ks = pos->king_square[us];
    if (ks == ARB_NO_SQUARE)
        return;
    arb_bitboard before = (arb_occupied(pos) & ~sq_bb(pawn)) | sq_bb(origin);
    arb_bitboard att = arb_attackers(pos, ks, them, before) & ~sq_bb(pawn);
    if (arb_pawn_attacks[them][origin] & sq_bb(ks))
        att |= sq_bb(origin);
    if (!att)
        return;
    int a = lsb(att);
    arb_reason *r = rl_add(l, ARB_R_ep_double_step_exposed);
    r->piece = ARB_PIECE(them, ARB_PAWN);
    r->by = a == origin ? ARB_PIECE(them, ARB_PAWN) : pos->board[a];
    rl_add_squares(r, ep, origin, a);
}

static void check_ep(struct rlist *l, const struct fields *f, arb_variant v)
{
    const char *ep = f->tok[F_EP];
    if (strcmp(ep, "-") == 0)
        return;
    arb_position pos;
    arb_reason why;
    int at;
    arb_status st = parse4(&pos, f, "-", ep, v, &why, NULL, &at);
    if (st == ARB_ERR_SYNTAX) {
        add_syntax(l, &why, f->off[F_EP] + (why.offset - at));
        return;
    }
    int sq = ARB_SQ(ep[0] - 'a', ep[1] - '1');
    arb_color us = (arb_color)pos.side, them = (arb_color)!us;
    bool bad = st != ARB_OK;
    if (!bad && pos.king_square[us] != ARB_NO_SQUARE) {
        /* A check now must come from the double step: the pawn itself or a line it opened. */
        int pawn = us == ARB_WHITE ? sq - 8 : sq + 8, origin = us == ARB_WHITE ? sq + 8 : sq - 8;
        int ks = pos.king_square[us];
        for (arb_bitboard c = arb_checkers(&pos); c && !bad;) {
            int s = pop_lsb(&c);
            bad = s != pawn && !(arb_between[ks][s] & sq_bb(origin));
        }
    }
    if (bad) {
        arb_reason *r = rl_add(l, ARB_R_invalid_ep_square);
        r->field = F_EP;
        r->offset = f->off[F_EP];
        r->piece = ARB_PIECE(them, ARB_PAWN);
        arb_reason_add_square(r, sq);
        return;
    }
    if (st == ARB_OK)
        check_last_double_step(l, f, &pos, sq);
}

/* The fields after the en passant square (clocks, anything extra), read with neutral castling
 * and en passant fields so that their own errors are found too. */
static void check_rest(struct rlist *l, const struct fields *f, arb_variant v)
{
    char text[2 * ARB_FEN_MAX_INPUT + 8];
    int newoff[8] = {0};
    size_t n = 0;
    for (int k = 0; k < f->n; k++) {
        const char *t = k == F_CASTLING || k == F_EP ? "-" : f->tok[k];
        size_t len = strlen(t);
        if (n + len + 2 > sizeof text)
            return;
        if (k)
            text[n++] = ' ';
        newoff[k] = (int)n;
        memcpy(text + n, t, len);
        n += len;
    }
    text[n] = '\0';
    arb_position pos;
    arb_reason why;
    if (arb_fen_parse_bytes(&pos, text, v, &why) != ARB_ERR_SYNTAX || why.field < 4)
        return;
    int k = f->n - 1;
    while (k > 0 && newoff[k] > why.offset)
        k--;
    add_syntax(l, &why, f->off[k] + (why.offset - newoff[k]));
}

static bool is_slider(arb_piece p)
{
    arb_piece_type t = ARB_PIECE_TYPE(p);
    return t == ARB_BISHOP || t == ARB_ROOK || t == ARB_QUEEN;
}

/* Did `piece`, standing on `from` just before the last move, already attack the king on ks?
 * The square it moved to is counted as occupied (a capture may have happened there), so only
 * attacks that no previous position can have lacked count: sound for refusing an origin. */
static bool checked_from(arb_piece piece, int from, int to, int ks, arb_bitboard occ)
{
    if (ARB_PIECE_TYPE(piece) == ARB_PAWN)
        return (arb_pawn_attacks[ARB_PIECE_COLOR(piece)][from] & sq_bb(ks)) != 0;
    return (arb_piece_attacks(piece, from, (occ & ~sq_bb(from)) | sq_bb(to)) & sq_bb(ks)) != 0;
}

/* Could the piece on a (of the side that just moved) have arrived there from a square in
 * `line`, opening that line, without having already given check to the king on ks from there
 * (the position before would have had the side not to move in check)? By its own move, as a
 * pawn push/capture, by promotion, or as the rook of a castling. */
static bool arrived_from(const arb_position *pos, int a, arb_bitboard line, int ks)
{
    arb_piece p = pos->board[a];
    arb_color c = ARB_PIECE_COLOR(p);
    arb_piece pawn = ARB_PIECE(c, ARB_PAWN);
    arb_bitboard occ = arb_occupied(pos);
    int back = c == ARB_WHITE ? -8 : 8, home = c == ARB_WHITE ? 0 : 7;
    int behind = a + back;
    bool is_pawn = ARB_PIECE_TYPE(p) == ARB_PAWN;
    bool promoted = ARB_RANK(a) == (c == ARB_WHITE ? 7 : 0);
    if ((is_pawn || promoted) && behind >= 0 && behind < 64) {
        int from[4] = {behind, -1, -1, -1};
        if (ARB_FILE(a) > 0)
            from[1] = behind - 1;
        if (ARB_FILE(a) < 7)
            from[2] = behind + 1;
        int two = behind + back;
        if (is_pawn && two >= 0 && two < 64 && ARB_RANK(a) == (c == ARB_WHITE ? 3 : 4))
            from[3] = two;
        for (int i = 0; i < 4; i++)
            if (from[i] >= 0 && (line & sq_bb(from[i])) && !checked_from(pawn, from[i], a, ks, occ))
                return true;
        /* En passant: the captured pawn stood right behind the capturing pawn's square. */
        if (is_pawn && ARB_RANK(a) == (c == ARB_WHITE ? 5 : 2) && (line & sq_bb(behind)))
            return true;
    }
    if (!is_pawn) {
        for (arb_bitboard o = arb_piece_attacks(p, a, occ) & line; o;) {
            int from = pop_lsb(&o);
            if (!checked_from(p, from, a, ks, occ))
                return true;
        }
    }
    /* Castling: the rook lands beside the castled king and the king's and rook's start squares
     * (anywhere on the back rank in Chess960) open. The king must stand where castling put it. */
    if (ARB_PIECE_TYPE(p) == ARB_ROOK && ARB_RANK(a) == home) {
        int file = ARB_FILE(a);
        bool castled = (file == 3 && pos->board[ARB_SQ(2, home)] == ARB_PIECE(c, ARB_KING)) ||
                       (file == 5 && pos->board[ARB_SQ(6, home)] == ARB_PIECE(c, ARB_KING));
        if (castled && (line & (c == ARB_WHITE ? RANK_1_BB : RANK_8_BB)))
            return true;
    }
    return false;
}

/* Can the side that just moved have given this check with one move? */
static bool check_possible(const arb_position *pos, int ks, arb_bitboard checkers)
{
    int n = popcount(checkers);
    if (n <= 1)
        return true;
    if (n > 2)
        return false;
    int a = lsb(checkers), b = 63 - __builtin_clzll(checkers);
    arb_piece pa = pos->board[a], pb = pos->board[b];
    if (!is_slider(pa) && !is_slider(pb))
        return false; /* pawns and knights only ever check directly */
    /* One moved and gave check, the other was discovered through the square it left. */
    if (is_slider(pb) && arrived_from(pos, a, arb_between[ks][b], ks))
        return true;
    if (is_slider(pa) && arrived_from(pos, b, arb_between[ks][a], ks))
        return true;
    /* En passant opening two lines: the capturing pawn left one square, the captured another. */
    if (is_slider(pa) && is_slider(pb)) {
        arb_color mover = ARB_PIECE_COLOR(pa);
        arb_bitboard la = arb_between[ks][a], lb = arb_between[ks][b];
        int back = mover == ARB_WHITE ? -8 : 8, ep_rank = mover == ARB_WHITE ? 5 : 2;
        for (arb_bitboard pawns = arb_pieces(pos, mover, ARB_PAWN) & (0xFFull << (8 * ep_rank)); pawns;) {
            int e = pop_lsb(&pawns), taken = e + back;
            for (int df = -1; df <= 1; df += 2) {
                if (ARB_FILE(e) + df < 0 || ARB_FILE(e) + df > 7)
                    continue;
                arb_bitboard from = sq_bb(taken + df), gone = sq_bb(taken);
                if (((la & from) && (lb & gone)) || ((la & gone) && (lb & from)))
                    return true;
            }
        }
    }
    return false;
}

static void check_board(struct rlist *l, const arb_position *pos)
{
    arb_reason tmp[ARB_BOARD_PROBLEMS_MAX];
    int k = arb_position_board_problems(pos, tmp, ARB_BOARD_PROBLEMS_MAX);
    for (int i = 0; i < k && i < ARB_BOARD_PROBLEMS_MAX; i++)
        rl_copy(l, &tmp[i]);
    arb_reason *r;
    arb_bitboard wk = arb_pieces(pos, ARB_WHITE, ARB_KING), bk = arb_pieces(pos, ARB_BLACK, ARB_KING);
    bool kings_ok = popcount(wk) == 1 && popcount(bk) == 1;
    bool adjacent_said = false;
    for (int i = 0; i < k && i < 16; i++)
        adjacent_said |= tmp[i].code == ARB_R_kings_adjacent;
    if (kings_ok && !adjacent_said && (arb_king_attacks[lsb(wk)] & bk)) {
        r = rl_add(l, ARB_R_kings_adjacent);
        rl_add_squares(r, lsb(wk), lsb(bk), -1);
    }
    if (kings_ok) {
        arb_color us = (arb_color)pos->side;
        int ks = lsb(arb_pieces(pos, us, ARB_KING));
        arb_bitboard checkers = arb_attackers(pos, ks, (arb_color)!us, arb_occupied(pos)) & ~pos->by_type[ARB_KING];
        if (!check_possible(pos, ks, checkers)) {
            r = rl_add(l, ARB_R_impossible_check);
            r->piece = ARB_PIECE(us, ARB_KING);
            r->by = pos->board[lsb(checkers)];
            r->n = popcount(checkers);
            for (arb_bitboard b = checkers; b;)
                arb_reason_add_square(r, pop_lsb(&b));
        }
    }
    bool coarse_ok[2] = {true, true}, sane = true;
    int promoted[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        arb_color col = (arb_color)c;
        int pawns = popcount(arb_pieces(pos, col, ARB_PAWN));
        int all = popcount(pos->by_color[c]);
        if (pawns > 8) {
            r = rl_add(l, ARB_R_too_many_pawns);
            r->piece = ARB_PIECE(col, ARB_PAWN);
            r->n = pawns;
        }
        const arb_bitboard light = 0x55AA55AA55AA55AAull;
        arb_bitboard bishops = arb_pieces(pos, col, ARB_BISHOP);
        int extra = 0, q = popcount(arb_pieces(pos, col, ARB_QUEEN)), rk = popcount(arb_pieces(pos, col, ARB_ROOK));
        int n = popcount(arb_pieces(pos, col, ARB_KNIGHT)), lb = popcount(bishops & light),
            db = popcount(bishops & ~light);
        extra += q > 1 ? q - 1 : 0;
        extra += rk > 2 ? rk - 2 : 0;
        extra += n > 2 ? n - 2 : 0;
        extra += lb > 1 ? lb - 1 : 0;
        extra += db > 1 ? db - 1 : 0;
        int missing = pawns < 8 ? 8 - pawns : 0;
        if (extra > missing) {
            r = rl_add(l, ARB_R_too_many_promoted);
            r->piece = ARB_PIECE(col, ARB_NO_TYPE);
            r->n = extra;
            r->m = missing;
        }
        coarse_ok[c] = extra <= missing;
        promoted[c] = extra;
        sane = sane && pawns <= 8 && all <= ARB_MAX_SIDE_PIECES; /* too_many_pieces: a board problem */
    }
    /* What the board says about the game behind it: only on boards sane enough to have one. */
    if (sane && kings_ok && k == 0)
        arb_retro_problems(l, pos, coarse_ok, promoted);
}

/* Every problem of fen read in variant (arb_validate without the Chess960 hint). */
static int problems_of(const char *fen, arb_variant variant, arb_reason *out, int cap)
{
    struct rlist l = rlist_make(out, cap);
    arb_position pos;
    arb_reason why;
    arb_status st = arb_fen_parse_bytes(&pos, fen, variant, &why);
    if (st == ARB_OK && pos.ep_square == ARB_NO_SQUARE && pos.castle_rook[0][0] == ARB_NO_SQUARE &&
        pos.castle_rook[0][1] == ARB_NO_SQUARE && pos.castle_rook[1][0] == ARB_NO_SQUARE &&
        pos.castle_rook[1][1] == ARB_NO_SQUARE) {
        check_board(&l, &pos);
        return l.n;
    }
    /* Board or side unreadable (or no FEN at all): nothing more can be said. */
    if (st == ARB_ERR_SYNTAX && (why.field < F_CASTLING || why.code == ARB_R_fen_missing_field)) {
        rl_copy(&l, &why);
        if (why.code != ARB_R_fen_missing_field || why.field < F_CASTLING)
            return l.n;
    }
    /* Otherwise every field is judged on its own, against the board. */
    struct fields f;
    split(&f, fen);
    if (f.n < 2 || parse4(&pos, &f, "-", "-", variant, &why, NULL, NULL) != ARB_OK)
        return l.n;
    char good[GOOD_MAX] = "-";
    if (f.n > F_CASTLING)
        check_castling(&l, &f, variant, good);
    if (f.n > F_EP)
        check_ep(&l, &f, variant);
    if (f.n > F_EP + 1)
        check_rest(&l, &f, variant);
    /* The board with the castling rights that hold: they say which king and rooks never moved. */
    arb_position with_rights;
    check_board(&l, parse4(&with_rights, &f, good, "-", variant, &why, NULL, NULL) == ARB_OK ? &with_rights : &pos);
    return l.n;
}

bool arb_fen_chess960_hint(const char *fen, arb_variant variant, arb_reason *hint)
{
    if (variant != ARB_STANDARD || !fen)
        return false;
    /* Only where the castling rights point at Chess960 (a king off the e-file with rights, rook
     * file letters): a standard position that merely breaks standard rules (a bishop walled in
     * on the wrong square) is not a Chess960 one sent by mistake. */
    arb_reason first;
    if (problems_of(fen, ARB_STANDARD, &first, 1) == 0)
        return false;
    bool castling = first.code == ARB_R_invalid_castling_rights || first.code == ARB_R_castling_right_chess960_only ||
                    first.code == ARB_R_fen_castling_no_king ||
                    first.code == ARB_R_fen_castling_no_rook || first.code == ARB_R_fen_bad_castling;
    if (!castling || problems_of(fen, ARB_CHESS960, &first, 1) != 0)
        return false;
    if (hint)
        *hint = arb_reason_make(ARB_R_fen_chess960_hint);
    return true;
}

int arb_validate(const char *fen, arb_variant variant, arb_reason *out, int cap)
{
    /* A Chess960 position sent as standard chess: the hint first, then why standard refuses it */
    arb_reason hint;
    bool hinted = arb_fen_chess960_hint(fen, variant, &hint);
    int n = problems_of(fen, variant, hinted && cap > 0 ? out + 1 : out, hinted && cap > 0 ? cap - 1 : cap);
    if (hinted && cap > 0)
        out[0] = hint;
    /* offsets were counted in bytes of fen: readers count characters */
    for (int i = 0; fen && i < n + hinted && i < cap; i++)
        if (out[i].offset > 0)
            out[i].offset = arb_utf8_chars(fen, out[i].offset);
    return n + hinted;
}
