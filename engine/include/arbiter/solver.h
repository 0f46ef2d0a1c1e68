/* Mate-in-N solver for puzzles: does the side to move force checkmate within N of its moves,
 * with which first moves (keys, cooks), and is a given line (attacker and defender moves) a
 * correct solution so far. Exact (every defence considered), bounded by a node budget. */
#ifndef ARBITER_SOLVER_H
#define ARBITER_SOLVER_H

#include "arbiter/position.h"
#include "arbiter/reason.h"

/* N: moves of the side to move (the attacker), 1..ARB_MATE_MAX_N. Recursion is at most 2N plies. */
#define ARB_MATE_MAX_N 8
/* Budget used when the caller passes 0: positions visited (each move played counts one). */
#define ARB_MATE_DEFAULT_BUDGET 20000000u

/*
 * The problem conventions followed: the attacker must mate in at most N moves against every
 * defence; a move that stalemates is a failure, not a mate. Draw rules that need the game's
 * history or clocks (repetition, 50/75 moves) are ignored, as problem solvers do; en passant
 * and castling rights are the FEN's.
 */
typedef struct arb_mate_result {
    bool mate;              /* the side to move forces mate in <= n */
    int length;             /* shortest forced mate (attacker moves), 1..n; 0 when none */
    int nkeys;              /* first moves that force mate within n (more than one: cooks) */
    arb_move keys[ARB_MAX_MOVES];
    uint8_t key_length[ARB_MAX_MOVES]; /* each key's own shortest forced mate */
    int nline;              /* one main line: shortest key, longest-resisting defence, ..., mate */
    arb_move line[2 * ARB_MATE_MAX_N];
    uint64_t nodes;         /* positions visited */
} arb_mate_result;

/* Solve. budget 0 means ARB_MATE_DEFAULT_BUDGET. Returns ARB_OK (result filled; result->mate
 * false means proven: no mate in n), ARB_ERR_RANGE (n outside 1..ARB_MATE_MAX_N or a NULL
 * argument), or ARB_ERR_LIMIT when the budget ran out before a proof either way ("unknown":
 * result->mate is false and only result->nodes is meaningful). Allocates one transposition
 * table per call (and works without it if that fails); no global state. */
ARB_API arb_status arb_mate_in(const arb_position *pos, int n, uint64_t budget, arb_mate_result *result);

/* Whether one move forces mate within n moves of its side (the move itself counted). Returns
 * ARB_OK with *forces set, ARB_ERR_ILLEGAL if the move is not legal, ARB_ERR_RANGE or
 * ARB_ERR_LIMIT as above. When it does not, *refutation (if not NULL) gets a defence that holds
 * (ARB_MOVE_NONE when the move stalemates or n is used up by a non-mating move with no reply). */
ARB_API arb_status arb_mate_move_forces(const arb_position *pos, arb_move move, int n, uint64_t budget,
                                        bool *forces, arb_move *refutation);

typedef enum arb_line_verdict {
    ARB_LINE_SOLVED = 0,    /* the line ends in checkmate; every attacker move kept a forced mate */
    ARB_LINE_CORRECT,       /* correct so far, not finished (an empty line is correct so far) */
    ARB_LINE_WRONG,         /* a legal attacker move that no longer forces mate in time */
    ARB_LINE_ILLEGAL        /* a move that is not legal there (or a move after the mate) */
} arb_line_verdict;

#define ARB_LINE_MAX_REASONS 4

typedef struct arb_line_check {
    arb_line_verdict verdict;
    int index;              /* WRONG/ILLEGAL: 0-based index of the offending move; else -1 */
    arb_move refutation;    /* WRONG: a defence that holds (NONE if the move stalemates) */
    int remaining;          /* attacker moves left to mate after the line (0 when solved) */
    arb_move reply;         /* CORRECT with the defender to move: its longest-resisting defence */
    int nduals;             /* attacker turns after the first where another move also mated in time */
    int dual_index;         /* the first such turn's index in moves[], or -1 */
    arb_move dual_move;     /* the first such alternative */
    int ncooks;             /* other first moves that also force mate in n (0 when the line is empty) */
    int nreasons;           /* explanations: the verdict first, then notes (cook, dual) */
    arb_reason reasons[ARB_LINE_MAX_REASONS];
    uint64_t nodes;
} arb_line_check;

/* Check a line moves[0..count) played from pos, the attacker (side to move) first: at each
 * attacker turn the move must be legal and still force mate within the moves left (any winning
 * line is accepted, not only the author's); each defender move must be legal. Reason codes
 * (reasons/solver.def): mate_found, line_continues, not_mate_in_n, not_checkmate,
 * stalemate_not_mate, line_illegal_move, wrong_side, line_after_mate, no_mate_in_n, and the
 * notes cook and dual. Moves after the mate, or past the attacker's n-th move, are never
 * reached unchecked: the first is line_after_mate, the second a wrong move. Dual and cook notes
 * cost one extra search per attacker turn. Returns ARB_OK (out filled), ARB_ERR_RANGE (n out of
 * range, count < 0, moves NULL with count > 0, NULL pos/out) or ARB_ERR_LIMIT (budget ran out;
 * out->reasons[0] is solver_limit). */
ARB_API arb_status arb_mate_check_line(const arb_position *pos, int n, const arb_move *moves, int count,
                                       uint64_t budget, arb_line_check *out);

/* ---- The mate file (lessons/puzzles/README.md) ---------------------------------------------- */

/* One puzzle line: "id | N | FEN | key move(s) | source" (the source may be left out, and holds
 * the rest of the line), spaces around the fields trimmed. */
#define ARB_MATE_FILE_MAX_N 3
#define ARB_MATE_FIELD_MAX 512 /* a source naming a game, its event and where it was published */

typedef struct arb_mate_puzzle {
    char id[64];
    char n_text[16];                /* the N field as written (for messages) */
    int n;                          /* mate in n, 1..ARB_MATE_FILE_MAX_N */
    arb_position pos;
    char fen[ARB_FEN_MAX];          /* canonical */
    char keys[ARB_MATE_FIELD_MAX];  /* the recorded key moves, SAN, space separated */
    char source[ARB_MATE_FIELD_MAX];
} arb_mate_puzzle;

typedef enum arb_mate_line_status {
    ARB_MATE_LINE_PUZZLE = 0,       /* *out holds the puzzle */
    ARB_MATE_LINE_BLANK,            /* a blank line or a # comment */
    ARB_MATE_LINE_FIELDS,           /* fewer than four fields, or no id */
    ARB_MATE_LINE_TOO_LONG,         /* a field longer than its room (out->id is set when it fits) */
    ARB_MATE_LINE_N,                /* N is not 1..ARB_MATE_FILE_MAX_N (out->id, out->n_text set) */
    ARB_MATE_LINE_FEN               /* the FEN is refused: *why (may be NULL) says why (out->id set) */
} arb_mate_line_status;

/* Reads one line of a mate file (no line break needed; one at the end is ignored); the one reader
 * of the format, for the daemon and `arbiter puzzle check` alike. */
ARB_API arb_mate_line_status arb_mate_line_read(const char *line, arb_mate_puzzle *out, arb_reason *why);

#endif
