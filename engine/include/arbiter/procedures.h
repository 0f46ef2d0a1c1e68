/* Arbiter procedures at the board: penalties for completed illegal moves (FIDE 7.5.5, App. A/B)
 * and the touch-move obligations (4.3-4.5), each with its explanation. */
#ifndef ARBITER_PROCEDURES_H
#define ARBITER_PROCEDURES_H

#include "arbiter/rules.h"

/* ---- Illegal moves (7.5) -------------------------------------------------------------- */

/* arb_time_control (standard, rapid, blitz) is declared in rules.h: claims use it too. */

typedef struct arb_illegal_policy {
    arb_time_control time_control; /* standard: 2 minutes to the opponent; rapid, blitz: 1 */
    int limit;                     /* the completed illegal move that ends the game: 2 (FIDE);
                                    * some national and older rules use 3. 0 means 2. */
    int extra_seconds;             /* 0: by time control; else this many seconds per penalty */
    /* Rapid and blitz not supervised under the Competition Rules (App. A.5, B.3: more than three
     * rapid games, or more than one blitz game, per arbiter): an illegal move is dealt with only
     * if the arbiter sees it or the opponent claims before making his or her next move (A.5.2).
     * With both set the opponent already moved without a claim and no arbiter stepped in: the
     * illegal move stands. Ignored in standard games, which the arbiter always corrects (7.5.1). */
    bool unsupervised;
    bool opponent_moved;
} arb_illegal_policy;

/* The FIDE policy for a time control (limit 2, 120 or 60 seconds). */
ARB_API arb_illegal_policy arb_illegal_policy_fide(arb_time_control tc);

/* `offender` has just completed its count-th illegal move (count >= 1) and the position before
 * it, pos, is restored (unless, unsupervised, the move stands: result NONE, no extra time,
 * reason illegal_move_stands, A.5.2). Below the limit: the game goes on (result NONE), *extra_seconds gets
 * the opponent's bonus and out explains it. At the limit: the offender loses, or the game is
 * drawn when the opponent cannot mate by any series of legal moves (through the same
 * unwinnability hook as flag fall, arb_rules_can_mate). ARB_ERR_RANGE for count < 1, a bad
 * colour or a limit below 1. */
ARB_API arb_status arb_illegal_move_penalty(const arb_position *pos, arb_color offender, int count,
                                            const arb_illegal_policy *policy, arb_outcome *out,
                                            int *extra_seconds);

/* ---- Touch-move (4.3-4.5) ------------------------------------------------------------- */

#define ARB_TOUCH_MAX 16
/* Every reason fits: one per touched square (empty, or a piece that cannot move or be taken),
 * and at most 4 more (rook-first 4.4.2, capture-with 4.3.3, the binding or none-movable one, the
 * fixed promotion 4.4.4). */
#define ARB_TOUCH_MAX_REASONS (ARB_TOUCH_MAX + 4)

typedef struct arb_touch {
    int count;
    uint8_t squares[ARB_TOUCH_MAX]; /* the touched squares, in the order touched, own and
                                     * opponent pieces alike (4.3.3: when unsure, own first) */
    int promo_square;               /* 4.4.4: a promotion piece has touched this square ... */
    arb_piece_type promo_type;      /* ... and is this piece; ARB_NO_SQUARE / ARB_NO_TYPE: none */
} arb_touch;

typedef struct arb_touch_result {
    bool any;                   /* no obligation: every legal move may be played (4.5) */
    int nmoves;
    arb_move moves[ARB_MAX_MOVES]; /* the moves the player may choose from */
    int binding_square;         /* the touched piece that binds (ARB_NO_SQUARE when any) */
    int nreasons;
    arb_reason reasons[ARB_TOUCH_MAX_REASONS + 1]; /* why, in the order the rules apply (the
                                                    * extra slot is scratch, never counted) */
} arb_touch_result;

/* An empty touch (no squares, no promotion piece). */
ARB_API arb_touch arb_touch_none(void);

/* The moves the side to move may now play after touching t->squares in order (4.3, 4.4):
 * own pieces → the first that can move; opponent pieces → capture the first that can be
 * captured; one of each → capture it with that piece, else the first touched that can move or
 * be captured; king then rook → castle on that side if legal (4.4.1), else another king move
 * (4.4.3, castling on the other side included; any move if the king has none); rook then king
 * → no castling on that side this move (4.4.2); nothing movable → any legal move (4.5).
 * Empty squares are ignored (with a reason). ARB_ERR_RANGE for a bad square or count. */
ARB_API arb_status arb_touch_obligation(const arb_position *pos, const arb_touch *t, arb_touch_result *out);

#endif
