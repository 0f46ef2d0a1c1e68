/* The helpmate search: both sides cooperate to let `winner` mate. Depth-limited DFS on an
 * explicit stack (no recursion), a transposition table, and move heuristics that steer the
 * winner's pieces and the losing king to a corner (after Ambrona's CHA). A search that ends
 * without reaching its depth or node limit anywhere is a proof that no mate exists. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dead_internal.h"
#include "arbiter/movegen.h"

#define MAX_PLY 160
/* The enumeration is a depth-first walk of the graph of reachable positions: its path can be as
 * long as the graph is big. Frames hold only the position; the stack grows as needed up to this. */
#define ENUM_FIRST_FRAMES 1024
#define ENUM_MAX_FRAMES (1 << 16)
#define PUNISH_COST 3
/* Iterative-deepening depth from which bishops are steered in blocked positions. */
#define STEER_DEPTH 10

enum { NORMAL = 0, REWARD = 1, PUNISH = 2 };

struct tt_entry {
    uint64_t key;
    uint32_t check;
    int16_t moves_left;
    uint16_t round;
};

struct frame {
    arb_position pos;
    arb_move moves[ARB_MAX_MOVES];
    uint8_t kind[ARB_MAX_MOVES];
    int n, next;
    int depth;
    bool progress;   /* the move into this frame was rewarded */
};

/* The exhaustive enumeration's set of positions seen (96-bit hashes, open addressing). */
struct seen_entry {
    uint64_t key;
    uint32_t check, used;
};

struct enum_frame {
    arb_position pos;
    int n, next;     /* legal moves (n < 0: not yet visited), the next one to try */
    int base;        /* where its moves start in the move arena */
};

struct dead_search {
    struct seen_entry *seen;
    uint64_t seen_mask, seen_count;
    struct enum_frame *enum_stack;
    int enum_frames;
    arb_move *arena;                     /* the legal moves of every frame on the stack */
    size_t arena_cap;
    arb_move enum_moves[ARB_MAX_MOVES];  /* scratch */
    struct tt_entry *tt;
    uint64_t tt_mask;
    struct frame *stack;
    uint64_t budget, nodes, stored;
    uint16_t round;
    const arb_search_stop *stop;
    size_t held, cap;                    /* bytes of the tables above, and the most they may take */
};

/* Whether the tables may take `more` bytes beyond what they hold now. A table that grows asks
 * for its new size while it still holds the old one (a move may need both at once). */
static bool may_hold(const dead_search *s, size_t more)
{
    return s->held <= s->cap && more <= s->cap - s->held;
}

/* Counts a visited position; every ARB_DEAD_STOP_EVERY of them asks the caller whether to stop
 * (then the budget shrinks to what is spent, and every loop ends as for a spent budget). */
static void count_node(dead_search *s)
{
    s->nodes++;
    if (s->stop && s->stop->should_stop && s->nodes % ARB_DEAD_STOP_EVERY == 0 && s->nodes < s->budget &&
        s->stop->should_stop(s->stop->ctx))
        s->budget = s->nodes;
}

dead_search *dead_search_new(uint64_t budget, size_t memory, const arb_search_stop *stop)
{
    size_t base = sizeof(dead_search) + sizeof(struct frame) * (MAX_PLY + 1);
    uint64_t size = 64; /* the automatic check passes a budget of 1: do not clear a big table */
    if (memory && memory < base + size * sizeof(struct tt_entry))
        return NULL;
    dead_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cap = memory ? memory : SIZE_MAX;
    s->held = base;
    /* The transposition table takes at most a quarter of the cap: the enumeration's tables
     * need the rest. */
    while (size < (1u << 18) && size < budget && 2 * size * sizeof *s->tt <= (s->cap - base) / 4)
        size <<= 1;
    s->tt = calloc(size, sizeof *s->tt);
    s->stack = malloc(sizeof *s->stack * (MAX_PLY + 1));
    if (!s->tt || !s->stack) {
        dead_search_free(s);
        return NULL;
    }
    s->held += size * sizeof *s->tt;
    s->tt_mask = size - 1;
    s->budget = budget;
    s->stop = stop;
    return s;
}

void dead_search_free(dead_search *s)
{
    if (!s)
        return;
    free(s->tt);
    free(s->stack);
    free(s->seen);
    free(s->enum_stack);
    free(s->arena);
    free(s);
}

uint64_t dead_search_nodes(const dead_search *s) { return s->nodes; }
bool dead_search_exhausted(const dead_search *s) { return s->nodes >= s->budget; }
uint64_t dead_search_last_stored(const dead_search *s) { return s->stored; }

/* A second, independent hash of the position: with the Zobrist key it makes 96 bits, so a
 * table hit is the same position for all practical purposes. */
static uint32_t check_hash(const arb_position *p)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 2; i++)
        h = (h ^ p->by_color[i]) * 0xBF58476D1CE4E5B9ull, h ^= h >> 29;
    for (int i = 1; i < 7; i++)
        h = (h ^ p->by_type[i]) * 0x94D049BB133111EBull, h ^= h >> 31;
    h ^= (uint64_t)p->side | (uint64_t)p->ep_square << 8 | (uint64_t)p->castle_rook[0][0] << 16 |
         (uint64_t)p->castle_rook[0][1] << 24 | (uint64_t)p->castle_rook[1][0] << 32 |
         (uint64_t)p->castle_rook[1][1] << 40;
    h *= 0xD6E8FEB86659FD93ull;
    return (uint32_t)(h >> 32);
}

static int king_distance(int a, int b)
{
    int df = abs(ARB_FILE(a) - ARB_FILE(b)), dr = abs(ARB_RANK(a) - ARB_RANK(b));
    return df > dr ? df : dr;
}

static int knight_distance(int a, int b)
{
    int dx = abs(ARB_FILE(a) - ARB_FILE(b)), dy = abs(ARB_RANK(a) - ARB_RANK(b));
    if (dx < dy) {
        int t = dx;
        dx = dy;
        dy = t;
    }
    if (dx == 1 && dy == 1) {
        bool corner = (a == 0 || a == 7 || a == 56 || a == 63 || b == 0 || b == 7 || b == 56 || b == 63);
        return corner ? 4 : 2;
    }
    if (dx == 1 && dy == 0)
        return 3;
    if (dx == 2 && dy == 2)
        return 4;
    int d = (dx + 1) / 2;
    int d2 = (dx + dy + 2) / 3;
    if (d2 > d)
        d = d2;
    return d + ((d + dx + dy) & 1);
}

/* The corner square each piece heads for (CHA's idea): the mating corner on the loser's side,
 * dark when the winner's bishops (or, lacking them, the loser's) say so. */
static int target_square(const arb_position *pos, arb_piece_type moved, arb_color winner)
{
    arb_bitboard wb = arb_pieces(pos, winner, ARB_BISHOP), lb = arb_pieces(pos, !winner, ARB_BISHOP);
    bool dark = (wb & DEAD_DARK_SQUARES) || (!wb && (lb & ~DEAD_DARK_SQUARES));
    bool king = moved == ARB_KING, winners_turn = pos->side == winner;
    int file, rank;
    if (winners_turn) {
        file = 7;
        rank = king ? 5 : 7;
    } else {
        file = king ? 7 : 6;
        rank = 7;
    }
    if (!dark)
        file = 7 - file;
    int sq = ARB_SQ(file, rank);
    if (winner == ARB_BLACK)
        sq = 63 - sq;
    return sq;
}

static bool going_to(arb_move m, int target, arb_piece_type t, bool bishops)
{
    int from = ARB_MOVE_FROM(m), to = ARB_MOVE_TO(m);
    if (t == ARB_KING || (bishops && t == ARB_BISHOP))
        return king_distance(to, target) < king_distance(from, target);
    if (t == ARB_KNIGHT)
        return knight_distance(to, target) < knight_distance(from, target);
    return false;
}

/* Whether the winner's material can only mate with the loser's help from a promotion. */
static bool need_loser_promotion(const arb_position *pos, arb_color winner)
{
    arb_bitboard own = pos->by_color[winner] & ~pos->by_type[ARB_KING];
    arb_bitboard other = pos->by_color[!winner];
    arb_bitboard minors_rooks = pos->by_type[ARB_KNIGHT] | pos->by_type[ARB_BISHOP] | pos->by_type[ARB_ROOK];
    if (popcount(own) == 1 && (own & pos->by_type[ARB_KNIGHT]) && !(other & minors_rooks))
        return true;
    arb_bitboard wb = own & pos->by_type[ARB_BISHOP];
    if (wb && own == wb) {
        arb_bitboard color = (wb & DEAD_DARK_SQUARES) ? DEAD_DARK_SQUARES : ~DEAD_DARK_SQUARES;
        if (!(pos->by_type[ARB_BISHOP] & ~color) && !(other & pos->by_type[ARB_KNIGHT]))
            return true;
    }
    return false;
}

static bool is_capture(const arb_position *pos, arb_move m)
{
    int k = ARB_MOVE_KIND(m);
    if (k == ARB_MOVE_CASTLE)
        return false;
    return k == ARB_MOVE_EN_PASSANT || pos->board[ARB_MOVE_TO(m)] != 0;
}

/* Classifies every move of the frame (reward, normal, punish) and orders rewarded moves first. */
static void classify(struct frame *f, arb_color winner, int max_depth)
{
    const arb_position *pos = &f->pos;
    bool winners_turn = pos->side == winner;
    bool need_promo = !winners_turn && need_loser_promotion(pos, winner);
    /* Pawns and bishops only, with several pawns blocked head to head: steer the bishops too
     * (toward the mating corner), when the loser has more than one (after CHA). Only once the
     * shallow rounds failed, so that short mates keep their short witnesses. */
    bool steer_bishops = false;
    if (max_depth >= STEER_DEPTH && !(pos->by_type[ARB_KNIGHT] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]) &&
        popcount(arb_pieces(pos, !winner, ARB_BISHOP)) > 1) {
        arb_bitboard wp = arb_pieces(pos, ARB_WHITE, ARB_PAWN), bp = arb_pieces(pos, ARB_BLACK, ARB_PAWN);
        steer_bishops = popcount(wp & (bp >> 8)) >= 2;
    }
    arb_move ordered[ARB_MAX_MOVES];
    uint8_t kinds[ARB_MAX_MOVES];
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < f->n; i++) {
        arb_move m = f->moves[i];
        arb_piece_type t = ARB_PIECE_TYPE(pos->board[ARB_MOVE_FROM(m)]);
        int target = target_square(pos, t, winner);
        uint8_t v = NORMAL;
        if (winners_turn) {
            int to_rank = ARB_RANK(ARB_MOVE_TO(m));
            int rel = winner == ARB_WHITE ? to_rank : 7 - to_rank;
            if ((t == ARB_PAWN && rel >= 4) || is_capture(pos, m) || going_to(m, target, t, steer_bishops))
                v = REWARD;
        } else {
            if (need_promo) {
                bool heavy = ARB_MOVE_IS_PROMO(m) &&
                             (ARB_MOVE_PROMO_TYPE(m) == ARB_QUEEN || ARB_MOVE_PROMO_TYPE(m) == ARB_ROOK);
                v = (t == ARB_PAWN && !heavy) ? REWARD : PUNISH;
                /* The loser's queens and rooks only get in the way of such a mate: offering one to
                 * the winner's knight is progress. */
                if ((t == ARB_QUEEN || t == ARB_ROOK) &&
                    (arb_knight_attacks[ARB_MOVE_TO(m)] & arb_pieces(pos, winner, ARB_KNIGHT)))
                    v = REWARD;
            }
            if (going_to(m, target, t, steer_bishops))
                v = REWARD;
            else if (is_capture(pos, m))
                v = PUNISH;
        }
        kinds[i] = v;
        counts[v]++;
    }
    /* Order: REWARD, NORMAL, PUNISH. */
    int slot[3];
    slot[REWARD] = 0;
    slot[NORMAL] = counts[REWARD];
    slot[PUNISH] = counts[REWARD] + counts[NORMAL];
    for (int i = 0; i < f->n; i++) {
        int k = kinds[i];
        ordered[slot[k]] = f->moves[i];
        f->kind[slot[k]] = (uint8_t)k;
        slot[k]++;
    }
    memcpy(f->moves, ordered, sizeof(arb_move) * (size_t)f->n);
}

enum dead_search_outcome dead_search_run(dead_search *s, const arb_position *root, arb_color winner,
                                         int max_depth, uint64_t local_limit,
                                         arb_move *witness, int *witness_len)
{
    arb_color loser = !winner;
    bool interrupted = false;
    uint64_t local = 0;
    s->round++;
    s->stored = 0;
    int sp = 0;
    struct frame *f = &s->stack[0];
    f->pos = *root;
    f->depth = 0;
    f->progress = false;
    f->n = -1; /* not yet expanded */
    while (sp >= 0) {
        f = &s->stack[sp];
        if (f->n < 0) {
            /* Entering the node. */
            const arb_position *pos = &f->pos;
            int moves_left = max_depth - f->depth;
            bool leaf = false;
            count_node(s);
            local++;
            uint32_t check = check_hash(pos);
            struct tt_entry *e = &s->tt[((pos->key ^ check) * 0x9E3779B97F4A7C15ull >> 20) & s->tt_mask];
            if (e->key == pos->key && e->check == check && e->moves_left >= moves_left) {
                if (e->round != s->round)
                    interrupted = true; /* relies on an earlier, unfinished search */
                leaf = true;
            } else if (dead_material_cannot_mate(pos, winner, NULL)) {
                leaf = true;
            } else if (sp > 0 && pos->halfmove_clock == 0 &&
                       popcount(arb_occupied(pos)) < popcount(arb_occupied(&s->stack[sp - 1].pos)) &&
                       dead_static_cannot_mate(pos, winner, NULL)) {
                leaf = true; /* a capture changed the structure: proved, no mate below */
            } else {
                f->n = arb_legal_moves(pos, f->moves);
                if (f->n == 0) {
                    if (pos->side == loser && arb_in_check(pos)) {
                        *witness_len = sp;
                        for (int i = 0; i < sp; i++) {
                            const struct frame *g = &s->stack[i];
                            witness[i] = g->moves[g->next - 1];
                        }
                        return SEARCH_MATE;
                    }
                    leaf = true;
                } else if (f->depth >= max_depth || sp >= MAX_PLY || local > local_limit ||
                           s->nodes >= s->budget) {
                    interrupted = true;
                    leaf = true;
                } else {
                    e->key = pos->key;
                    e->check = check;
                    e->moves_left = (int16_t)moves_left;
                    e->round = s->round;
                    s->stored++;
                    classify(f, winner, max_depth);
                    f->next = 0;
                }
            }
            if (leaf) {
                sp--;
                continue;
            }
        }
        if (f->next >= f->n) {
            sp--;
            continue;
        }
        if (local > local_limit || s->nodes >= s->budget) {
            interrupted = true;
            sp--;
            continue;
        }
        int i = f->next++;
        struct frame *c = &s->stack[sp + 1];
        c->pos = f->pos;
        arb_position_play(&c->pos, f->moves[i]);
        int d = f->depth + 1;
        int kind = f->kind[i];
        if (sp > 120 && kind == REWARD)
            kind = NORMAL;
        if (kind == REWARD)
            d--;
        else if (kind == PUNISH)
            d = (d + PUNISH_COST - 1 < max_depth) ? d + PUNISH_COST - 1 : max_depth;
        else if (f->progress)
            d--;
        c->depth = d;
        c->progress = kind == REWARD;
        c->n = -1;
        sp++;
    }
    return interrupted ? SEARCH_UNDECIDED : SEARCH_NO_MATE;
}

/* Inserts a position into the seen set; false when it was there already (or the set is full,
 * then *full is set). */
static bool seen_insert(dead_search *s, const arb_position *pos, bool *full)
{
    uint32_t check = check_hash(pos);
    uint64_t i = ((pos->key ^ check) * 0x9E3779B97F4A7C15ull >> 20) & s->seen_mask;
    for (;;) {
        struct seen_entry *e = &s->seen[i];
        if (!e->used) {
            if (s->seen_count * 4 >= (s->seen_mask + 1) * 3) {
                *full = true;
                return false;
            }
            e->used = 1;
            e->key = pos->key;
            e->check = check;
            s->seen_count++;
            return true;
        }
        if (e->key == pos->key && e->check == check)
            return false;
        i = (i + 1) & s->seen_mask;
    }
}

/* Makes room for `need` frames of the enumeration stack; false when it may not grow. */
static bool enum_reserve(dead_search *s, int need)
{
    if (need <= s->enum_frames)
        return true;
    if (need > ENUM_MAX_FRAMES)
        return false;
    int cap = s->enum_frames ? s->enum_frames : ENUM_FIRST_FRAMES;
    while (cap < need)
        cap *= 2;
    if (!may_hold(s, sizeof *s->enum_stack * (size_t)cap))
        return false;
    struct enum_frame *grown = realloc(s->enum_stack, sizeof *grown * (size_t)cap);
    if (!grown)
        return false;
    s->held += sizeof *grown * (size_t)(cap - s->enum_frames);
    s->enum_stack = grown;
    s->enum_frames = cap;
    return true;
}

/* Makes room in the move arena for a frame's moves starting at `base`. */
static bool arena_reserve(dead_search *s, size_t base)
{
    size_t need = base + ARB_MAX_MOVES;
    if (need <= s->arena_cap)
        return true;
    if (need > (size_t)ENUM_MAX_FRAMES * 64)
        return false;
    size_t cap = s->arena_cap ? s->arena_cap : 16 * ARB_MAX_MOVES;
    while (cap < need)
        cap *= 2;
    if (!may_hold(s, sizeof *s->arena * cap))
        return false;
    arb_move *grown = realloc(s->arena, sizeof *grown * cap);
    if (!grown)
        return false;
    s->held += sizeof *grown * (cap - s->arena_cap);
    s->arena = grown;
    s->arena_cap = cap;
    return true;
}

/* Clears the seen set, growing it (when possible) to hold `limit` positions comfortably, in at
 * most half of the memory the other tables leave. */
static bool seen_reset(dead_search *s, uint64_t limit)
{
    size_t old = s->seen ? sizeof *s->seen * (s->seen_mask + 1) : 0;
    size_t others = s->held - old, room = others < s->cap ? (s->cap - others) / 2 : 0;
    uint64_t size = 1u << 12;
    if (size * sizeof *s->seen > room)
        return false;
    while (size < (1u << 21) && size < 2 * limit && 2 * size * sizeof *s->seen <= room)
        size <<= 1;
    if (!s->seen || size > s->seen_mask + 1) {
        free(s->seen);
        s->held -= old;
        s->seen = calloc(size, sizeof *s->seen);
        if (!s->seen) {
            s->seen_mask = 0;
            return false;
        }
        s->held += sizeof *s->seen * size;
        s->seen_mask = size - 1;
    } else {
        memset(s->seen, 0, sizeof *s->seen * (s->seen_mask + 1));
    }
    s->seen_count = 0;
    return true;
}

/* The enumeration's path to a mate (frames 0..last) wanders: it is as long as the walk that
 * found it. Shortens it greedily: from each position, the move to the latest position of the
 * path it reaches in one move. Fills the witness when the result fits (ARB_DEAD_MAX_WITNESS). */
static bool shortcut_path(dead_search *s, int last, arb_move *witness, int *witness_len)
{
    uint64_t size = 64;
    while (size < 2 * (uint64_t)(last + 1))
        size <<= 1;
    if (!may_hold(s, sizeof(int32_t) * size))
        return false;
    int32_t *index = malloc(sizeof *index * size);
    if (!index)
        return false;
    for (uint64_t i = 0; i < size; i++)
        index[i] = -1;
    for (int i = 0; i <= last; i++) {
        uint64_t h = (s->enum_stack[i].pos.key * 0x9E3779B97F4A7C15ull >> 20) & (size - 1);
        while (index[h] >= 0)
            h = (h + 1) & (size - 1);
        index[h] = i;
    }
    int len = 0;
    bool ok = true;
    for (int i = 0; i < last;) {
        const arb_position *from = &s->enum_stack[i].pos;
        int n = arb_legal_moves(from, s->enum_moves);
        int best = -1;
        arb_move best_move = 0;
        for (int k = 0; k < n; k++) {
            arb_position child = *from;
            arb_position_play(&child, s->enum_moves[k]);
            uint32_t check = check_hash(&child);
            for (uint64_t h = (child.key * 0x9E3779B97F4A7C15ull >> 20) & (size - 1); index[h] >= 0;
                 h = (h + 1) & (size - 1)) {
                const arb_position *p = &s->enum_stack[index[h]].pos;
                if (p->key == child.key && check_hash(p) == check && index[h] > best) {
                    best = index[h];
                    best_move = s->enum_moves[k];
                }
            }
        }
        if (best <= i || len >= ARB_DEAD_MAX_WITNESS) {
            ok = false; /* cannot happen (the path's own move is there) or too long */
            break;
        }
        witness[len++] = best_move;
        i = best;
    }
    free(index);
    if (ok)
        *witness_len = len;
    return ok;
}

enum dead_search_outcome dead_enumerate(dead_search *s, const arb_position *root, arb_color winner,
                                        uint64_t limit, arb_move *witness, int *witness_len)
{
    arb_color loser = !winner;
    if (!seen_reset(s, limit) || !enum_reserve(s, ENUM_FIRST_FRAMES))
        return SEARCH_UNDECIDED;
    bool incomplete = false, full = false;
    uint64_t local = 0;
    int sp = 0;
    s->enum_stack[0].pos = *root;
    s->enum_stack[0].n = -1;
    s->enum_stack[0].base = 0;
    seen_insert(s, root, &full);
    while (sp >= 0) {
        struct enum_frame *f = &s->enum_stack[sp];
        if (f->n < 0) {
            const arb_position *pos = &f->pos;
            count_node(s);
            local++;
            f->n = 0;
            f->next = 0;
            if (dead_material_cannot_mate(pos, winner, NULL)) {
                sp--;
                continue;
            }
            if (!arena_reserve(s, (size_t)f->base)) {
                incomplete = true;
                sp--;
                continue;
            }
            int n = arb_legal_moves(pos, s->arena + f->base);
            if (n == 0) {
                if (pos->side == loser && arb_in_check(pos))
                    return shortcut_path(s, sp, witness, witness_len) ? SEARCH_MATE : SEARCH_UNDECIDED;
                sp--;
                continue;
            }
            /* After a capture or pawn move the structure changed: try the static proof. */
            if (pos->halfmove_clock == 0 && sp > 0 && dead_static_cannot_mate(pos, winner, NULL)) {
                sp--;
                continue;
            }
            f->n = n;
        }
        if (f->next >= f->n || local > limit || s->nodes >= s->budget || full) {
            if (f->next < f->n)
                incomplete = true;
            sp--;
            continue;
        }
        arb_move m = s->arena[f->base + f->next++];
        if (!enum_reserve(s, sp + 2)) {
            incomplete = true;
            continue;
        }
        f = &s->enum_stack[sp]; /* the stack may have moved */
        struct enum_frame *c = &s->enum_stack[sp + 1];
        c->pos = f->pos;
        arb_position_play(&c->pos, m);
        if (!seen_insert(s, &c->pos, &full)) {
            if (full)
                incomplete = true;
            continue;
        }
        c->n = -1;
        c->base = f->base + f->n;
        sp++;
    }
    s->stored = s->seen_count;
    return incomplete || full ? SEARCH_UNDECIDED : SEARCH_NO_MATE;
}
