/* Retrograde validation (FIDE 3.10.3: reachable by a series of legal moves): what the board
 * says about the game that led to it. Every rule here is sound — it refuses only positions no
 * legal game reaches — and the argument for each is beside it. Called by arb_validate on boards
 * that passed the basic checks (one king each, no pawn on a back rank, counts in range). */
#include "validate_retro.h"

#define RANK_2_BB 0x000000000000FF00ull
#define RANK_7_BB 0x00FF000000000000ull
#define NOT_A 0xFEFEFEFEFEFEFEFEull
#define NOT_H 0x7F7F7F7F7F7F7F7Full
#define LIGHT_SQUARES 0x55AA55AA55AA55AAull

static arb_bitboard orthogonal_steps(arb_bitboard b)
{
    return (b << 8) | (b >> 8) | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
}

static arb_bitboard diagonal_steps(arb_bitboard b)
{
    return ((b << 9) & NOT_A) | ((b << 7) & NOT_H) | ((b >> 7) & NOT_A) | ((b >> 9) & NOT_H);
}

/* One step of a piece of this type (rook: along ranks and files, bishop: diagonals, queen and
 * king: both). A slider's move is a chain of such steps through empty squares. */
static arb_bitboard steps(arb_piece_type t, arb_bitboard b)
{
    if (t == ARB_ROOK)
        return orthogonal_steps(b);
    if (t == ARB_BISHOP)
        return diagonal_steps(b);
    return orthogonal_steps(b) | diagonal_steps(b);
}

/* Every square a piece of type t can have visited on its way to sq, through squares outside
 * `walls` (sq itself included). */
static arb_bitboard reach(arb_piece_type t, int sq, arb_bitboard walls)
{
    arb_bitboard seen = sq_bb(sq), frontier = seen;
    while (frontier) {
        frontier = steps(t, frontier) & ~walls & ~seen;
        seen |= frontier;
    }
    return seen;
}

/* Could a pawn of colour c have promoted on a square of `region`? It needs a promotion square
 * there and, beside or behind it on the seventh rank, a square it can have stood on (not one
 * held all game). Ignoring everything else only makes the answer "yes" more often. */
static bool promotion_reaches(arb_color c, arb_bitboard region, arb_bitboard walls)
{
    arb_bitboard promo = region & (c == ARB_WHITE ? RANK_8_BB : RANK_1_BB);
    arb_bitboard before = c == ARB_WHITE ? (promo >> 8) | ((promo >> 7) & NOT_A) | ((promo >> 9) & NOT_H)
                                         : (promo << 8) | ((promo << 9) & NOT_A) | ((promo << 7) & NOT_H);
    return (before & ~walls) != 0;
}

/* The squares occupied during the whole game, so that no piece (knights aside) can ever have
 * passed them:
 * - a pawn on its own second rank has never moved (pawns only advance, and no other pawn of
 *   its colour can arrive there) and was never captured, since it is still there;
 * - a king and rook with a castling right have never moved (3.8.2.1), nor been captured;
 * - a king, queen, rook or bishop all of whose neighbouring squares in its own directions are
 *   such squares can neither have left nor have arrived, unless a promotion put it there: it
 *   stood there from the start.
 * The last rule feeds on itself (a bishop on c1 behind b2 and d2 walls in a queen on d1 with
 * c2, d2, e2 unmoved and the king on e1 holding its rights), so it runs to a fixed point. */
static arb_bitboard permanent_squares(const arb_position *pos)
{
    arb_bitboard w = (arb_pieces(pos, ARB_WHITE, ARB_PAWN) & RANK_2_BB) | (arb_pieces(pos, ARB_BLACK, ARB_PAWN) & RANK_7_BB);
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++)
            if (pos->castle_rook[c][side] != ARB_NO_SQUARE)
                w |= sq_bb(pos->castle_rook[c][side]) | sq_bb(pos->king_square[c]);
    arb_bitboard candidates = arb_occupied(pos) & ~pos->by_type[ARB_PAWN] & ~pos->by_type[ARB_KNIGHT];
    for (bool changed = true; changed;) {
        changed = false;
        for (arb_bitboard b = candidates & ~w; b;) {
            int s = pop_lsb(&b);
            arb_piece p = pos->board[s];
            /* On its own promotion rank it can have arrived by promotion (not a king). */
            if (ARB_PIECE_TYPE(p) != ARB_KING && promotion_reaches(ARB_PIECE_COLOR(p), sq_bb(s), w))
                continue;
            if (!(steps(ARB_PIECE_TYPE(p), sq_bb(s)) & ~w)) {
                w |= sq_bb(s);
                changed = true;
            }
        }
    }
    return w;
}

/* The standard starting squares of the pieces of this colour and type. */
static arb_bitboard start_squares(arb_color c, arb_piece_type t)
{
    static const arb_bitboard white[7] = {0, 0, 0, 0x24, 0x81, 0x08, 0x10}; /* -, P, N, B c1 f1, R, Q, K */
    arb_bitboard b = white[t];
    return c == ARB_WHITE ? b : b << 56;
}

/* The starting square nearest to sq, to name in the explanation. */
static int nearest(arb_bitboard squares, int sq)
{
    int best = ARB_NO_SQUARE, dist = 99;
    for (arb_bitboard b = squares; b;) {
        int s = pop_lsb(&b);
        int d = abs(ARB_FILE(s) - ARB_FILE(sq)) + abs(ARB_RANK(s) - ARB_RANK(sq));
        if (d < dist) {
            dist = d;
            best = s;
        }
    }
    return best;
}

struct promoted {
    int needed;     /* pieces that only promotions explain, at least */
    int example;    /* one of them that the walls make a promoted piece, or ARB_NO_SQUARE */
    int from;       /* the starting square it cannot have come from */
};

/* The starting squares a piece of this type on sq can have come from: a bishop keeps to the
 * colour of its squares. */
static arb_bitboard own_starts(arb_color c, arb_piece_type t, int sq)
{
    arb_bitboard b = start_squares(c, t);
    if (t == ARB_BISHOP)
        b &= (sq_bb(sq) & LIGHT_SQUARES) ? LIGHT_SQUARES : ~LIGHT_SQUARES;
    return b;
}

static void walled_in(struct rlist *l, arb_color c, arb_piece_type t, int sq)
{
    arb_bitboard named = own_starts(c, t, sq);
    arb_reason *r = rl_add(l, t == ARB_KING ? ARB_R_king_walled_in : ARB_R_piece_walled_in);
    r->piece = ARB_PIECE(c, t);
    arb_reason_add_square(r, sq);
    arb_reason_add_square(r, nearest(named, sq));
}

/* Standard chess. A piece on a square held all game stood there from the start: it must be on
 * its own starting square, which it then takes up. The others are grouped by region (the
 * squares outside the held ones that a piece of their type can reach from theirs: regions of
 * one type never overlap). A region holds at most as many original pieces as it has free
 * starting squares; the rest were promoted, which needs a promotion square in the region, and a
 * king cannot be promoted. */
static void walled_regions(struct rlist *l, const arb_position *pos, arb_color c, arb_bitboard walls, struct promoted *out)
{
    static const arb_piece_type types[] = {ARB_KING, ARB_QUEEN, ARB_ROOK, ARB_BISHOP};
    out->needed = 0;
    out->example = out->from = ARB_NO_SQUARE;
    int extra_knights = popcount(arb_pieces(pos, c, ARB_KNIGHT)) - 2;
    out->needed += extra_knights > 0 ? extra_knights : 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        arb_piece_type t = types[i];
        arb_bitboard mine = arb_pieces(pos, c, t), starts = start_squares(c, t);
        for (arb_bitboard fixed = mine & walls; fixed;) {
            int s = pop_lsb(&fixed);
            if (starts & sq_bb(s))
                starts &= ~sq_bb(s);
            else
                walled_in(l, c, t, s);
        }
        for (arb_bitboard left = mine & ~walls; left;) {
            int s = lsb(left);
            arb_bitboard region = reach(t, s, walls);
            arb_bitboard here = mine & region;
            left &= ~here;
            int beyond = popcount(here) - popcount(starts & region);
            if (beyond <= 0)
                continue;
            arb_bitboard strays = here & ~start_squares(c, t);
            int stray = lsb(strays ? strays : here);
            if (t == ARB_KING || !promotion_reaches(c, region, walls)) {
                walled_in(l, c, t, stray);
                continue;
            }
            out->needed += beyond;
            if (out->example == ARB_NO_SQUARE && (own_starts(c, t, stray) & ~region)) {
                out->example = stray;
                out->from = nearest(own_starts(c, t, stray) & ~region, stray);
            }
        }
    }
}

/* Chess960 (FIDE Appendix, Guidelines III): both sides start with the same arrangement, file for
 * file, with bishops on opposite colours and the king between the rooks. A piece of colour c
 * on its own back rank that stands on a square held all game (permanent_squares: a king and
 * rook with a castling right, 3.8.2.1; a piece walled in by those and by unmoved pawns) stood
 * there from the start, not promoted (its promotion rank is the other one): so the start
 * arrangement has its type on its file. Two such facts that no arrangement meets together —
 * two types on one file, one king or queen on two files, two bishops on files of one square
 * colour — mean that no game began anywhere: the position is unreachable. Pieces on squares
 * not held all game are never used, and nothing is assumed of the others, so a reachable
 * position, whose real start arrangement meets every fact, is never refused. */
static void chess960_start_files(struct rlist *l, const arb_position *pos, arb_bitboard walls)
{
    int squares[16], n = 0;
    for (int c = 0; c < 2; c++) {
        arb_bitboard home = c == ARB_WHITE ? RANK_1_BB : RANK_8_BB;
        for (arb_bitboard b = walls & home & pos->by_color[c] & ~pos->by_type[ARB_PAWN]; b && n < 16;)
            squares[n++] = pop_lsb(&b);
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int a = squares[i], b = squares[j];
            arb_piece_type ta = ARB_PIECE_TYPE(pos->board[a]), tb = ARB_PIECE_TYPE(pos->board[b]);
            int fa = ARB_FILE(a), fb = ARB_FILE(b);
            bool clash = fa == fb ? ta != tb
                                  : ta == tb && (ta == ARB_KING || ta == ARB_QUEEN ||
                                                 (ta == ARB_BISHOP && (fa & 1) == (fb & 1)));
            if (!clash)
                continue;
            arb_reason *r = rl_add(l, ARB_R_chess960_start_clash);
            r->piece = pos->board[a];
            r->by = pos->board[b];
            arb_reason_add_square(r, a);
            arb_reason_add_square(r, b);
            return; /* one clash says it; the others would repeat it */
        }
}

/* The fewest captures that put the pawns of colour c on their files: each pawn came from a
 * distinct starting file, and every change of file is one capture (3.7.2, 3.7.3.1), at most one
 * per rank advanced. An exact minimum-cost matching of pawns to starting files (dynamic
 * programming over the set of files used: 8 x 256 states). Returns -1 when no matching exists;
 * *moved gets the pawns that changed file in one cheapest matching. */
static int pawn_file_changes(const arb_position *pos, arb_color c, arb_bitboard *moved)
{
    int file[8], adv[8], sq[8], n = 0;
    for (arb_bitboard b = arb_pieces(pos, c, ARB_PAWN); b && n < 8; n++) {
        sq[n] = pop_lsb(&b);
        file[n] = ARB_FILE(sq[n]);
        adv[n] = c == ARB_WHITE ? ARB_RANK(sq[n]) - 1 : 6 - ARB_RANK(sq[n]);
    }
    /* No two pawns on one file: every pawn can be on its own starting file, no capture needed. */
    int files = 0;
    bool shared = false;
    for (int i = 0; i < n; i++) {
        shared |= (files >> file[i]) & 1;
        files |= 1 << file[i];
    }
    *moved = 0;
    if (!shared)
        return 0;
    enum { INF = 1000 };
    static const int none = -1;
    int best[9][256], choice[9][256]; /* best[i][used]: cheapest for pawns i.. with files `used` taken */
    for (int used = 0; used < 256; used++)
        best[n][used] = 0;
    for (int i = n - 1; i >= 0; i--)
        for (int used = 0; used < 256; used++) {
            if (popcount((arb_bitboard)used) != i)
                continue; /* before pawn i, exactly i files are taken */
            best[i][used] = INF;
            choice[i][used] = none;
            for (int o = 0; o < 8; o++) {
                int d = abs(file[i] - o);
                if ((used >> o & 1) || d > adv[i] || best[i + 1][used | 1 << o] >= INF)
                    continue;
                if (d + best[i + 1][used | 1 << o] < best[i][used]) {
                    best[i][used] = d + best[i + 1][used | 1 << o];
                    choice[i][used] = o;
                }
            }
        }
    if (best[0][0] >= INF)
        return -1;
    for (int i = 0, used = 0; i < n; i++) {
        int o = choice[i][used];
        if (o != file[i])
            *moved |= sq_bb(sq[i]);
        used |= 1 << o;
    }
    return best[0][0];
}

/* A promotion needs a capture somewhere in the game: every file starts with a pawn of each
 * colour, the opponent's in front, and a pawn cannot pass it on the file. So before a pawn
 * promotes, it changed file (a capture), or the pawn in its way left the file (a capture) or
 * was captured. (One capture can free two pawns, exd5 taking the d-pawn lets both d- and e-pawn
 * through, so only "at least one" is sound.) With all 32 units on the board nothing was ever
 * captured, so a piece that only a promotion explains cannot be there. */
static void promotion_without_capture(struct rlist *l, const arb_position *pos, arb_color c, int needed)
{
    if (needed <= 0 || popcount(arb_occupied(pos)) < 32)
        return;
    arb_reason *r = rl_add(l, ARB_R_promotion_without_capture);
    r->piece = ARB_PIECE(c, ARB_NO_TYPE);
    r->n = needed;
}

/* The last capture leaves its capturer. With fewer than 32 units on the board the game had a
 * capture (a unit leaves the board only by being captured; a promotion swaps a pawn for a piece
 * on the board). Take the last capture: the unit that made it moved onto the captured unit's
 * square, and nothing was captured afterwards, so that unit (or, for a pawn that then promoted,
 * the piece it became) is still on the board, on a square it arrived at during the game. A
 * square of `walls` is held all game by the unit that stood on it at the start, which never
 * moved (permanent_squares). So some unit on the board stands off `walls`; if none does, no game
 * reaches the position. Example: r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R KQkq, whose ten missing
 * knights, bishops and queens only knights and queens could have taken (the bishops and queens
 * never left their squares), and the last taker would still stand. */
static void last_capture_capturer(struct rlist *l, const arb_position *pos, arb_bitboard walls)
{
    arb_bitboard units = arb_occupied(pos);
    int missing = 32 - popcount(units);
    if (missing <= 0 || (units & ~walls))
        return;
    rl_add(l, ARB_R_last_capture_no_capturer)->n = missing;
}

void arb_retro_problems(struct rlist *l, const arb_position *pos, bool coarse_promotions_ok[2], const int promoted[2])
{
    arb_bitboard walls = permanent_squares(pos);
    last_capture_capturer(l, pos, walls);
    if (pos->variant != ARB_STANDARD)
        chess960_start_files(l, pos, walls);
    for (int ci = 0; ci < 2; ci++) {
        arb_color c = (arb_color)ci, them = (arb_color)!ci;
        arb_bitboard moved = 0;
        int changes = pawn_file_changes(pos, c, &moved);
        int missing = 16 - popcount(pos->by_color[them]);
        if (changes < 0 || changes > missing) {
            arb_reason *r = rl_add(l, changes < 0 ? ARB_R_pawn_structure_impossible : ARB_R_pawn_captures_needed);
            r->piece = ARB_PIECE(c, ARB_PAWN);
            r->n = changes;
            r->m = missing;
            for (arb_bitboard b = changes < 0 ? arb_pieces(pos, c, ARB_PAWN) : moved; b;)
                arb_reason_add_square(r, pop_lsb(&b));
        }
        bool told = false;
        if (coarse_promotions_ok[ci] && promoted[ci] > 0) {
            promotion_without_capture(l, pos, c, promoted[ci]);
            told = true;
        }
        /* Chess960: the starting squares are not all known from the position (see
         * chess960_start_files for what is), so no region rule. */
        if (pos->variant != ARB_STANDARD)
            continue;
        struct promoted p;
        walled_regions(l, pos, c, walls, &p);
        int pawns_missing = 8 - popcount(arb_pieces(pos, c, ARB_PAWN));
        if (coarse_promotions_ok[ci] && p.needed > pawns_missing && p.example != ARB_NO_SQUARE) {
            arb_reason *r = rl_add(l, ARB_R_too_many_promoted_walled);
            r->piece = pos->board[p.example];
            arb_reason_add_square(r, p.example);
            arb_reason_add_square(r, p.from);
            r->n = p.needed;
            r->m = pawns_missing;
        } else if (!told && coarse_promotions_ok[ci] && p.needed > 0) {
            promotion_without_capture(l, pos, c, p.needed);
        }
    }
}
