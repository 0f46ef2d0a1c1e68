/* Game rules over a game record: "the same position" and repetitions (FIDE 9.2, 9.6.1), the
 * 50- and 75-move rules (9.3, 9.6.2), material that cannot mate, and the outcome of a game
 * (result + termination + why) after claims, flag fall, resignation, agreement. */
#ifndef ARBITER_RULES_H
#define ARBITER_RULES_H

#include "arbiter/game.h"
#include "arbiter/dead.h"

/* ---- Same position (9.2.3) ------------------------------------------------------------- */

/* A hash of what 9.2.3 compares: side to move, pieces on squares, castling rights, and the en
 * passant file only when an en passant capture is actually legal. (arb_position.key is the
 * Polyglot key, which counts en passant whenever a pawn merely stands beside: not this.) */
ARB_API uint64_t arb_repetition_key(const arb_position *pos);

/* Whether an en passant capture is legal in pos (not merely an en passant square set). */
ARB_API bool arb_ep_capture_legal(const arb_position *pos);

/* Exact 9.2.3 comparison (no hashing): same side, board, castling rights, legal en passant. */
ARB_API bool arb_same_position(const arb_position *a, const arb_position *b);

/* Plies (indexes into g->positions, 0 = the start) at which the position at index `ply`
 * occurred up to and including `ply`, oldest first. Writes at most cap, returns how many. The
 * record starts at its start position: earlier history (before a FEN) is unknown. */
ARB_API int arb_game_occurrences(const arb_game *g, int ply, int *plies, int cap);

/* ---- Material that cannot mate (5.2.2 by material; 6.9 per side) ------------------------ */

/* Dead by material alone: K v K, K+N v K, K+B v K, and any bishops (either side) all on
 * squares of one colour with nothing else but the kings. When true and why is not NULL, *why
 * says which (material_kings_only, material_lone_minor with the piece and its square, or
 * material_bishops_one_color with the count and squares; article 5.2.2). NULL pos: false. */
ARB_API bool arb_insufficient_material(const arb_position *pos, arb_reason *why);

/* false only when `color` provably cannot checkmate by material alone, whatever the opponent
 * does: a bare king; king and one knight, or bishops all on one colour, against a bare king;
 * bishops on one colour against bishops on that same colour. Otherwise true ("maybe"). This is
 * the material part of FIDE 6.9; see arb_rules_can_mate in rules.c for the full hook. */
ARB_API bool arb_material_can_mate(const arb_position *pos, arb_color color);

/* ---- Outcomes --------------------------------------------------------------------------- */

typedef enum arb_result {
    ARB_RESULT_NONE = 0,   /* "*": the game goes on */
    ARB_RESULT_WHITE_WINS, /* "1-0" */
    ARB_RESULT_BLACK_WINS, /* "0-1" */
    ARB_RESULT_DRAW        /* "1/2-1/2" */
} arb_result;

typedef enum arb_termination {
    ARB_TERM_NONE = 0,
    ARB_TERM_CHECKMATE,             /* 5.1.1 */
    ARB_TERM_STALEMATE,             /* 5.2.1 */
    ARB_TERM_DEAD_POSITION,         /* 5.2.2 beyond material (needs the dead-position search) */
    ARB_TERM_INSUFFICIENT_MATERIAL, /* 5.2.2 by material */
    ARB_TERM_FIVEFOLD_REPETITION,   /* 9.6.1 */
    ARB_TERM_SEVENTYFIVE_MOVES,     /* 9.6.2 */
    ARB_TERM_THREEFOLD_CLAIM,       /* 9.2 */
    ARB_TERM_FIFTY_MOVES_CLAIM,     /* 9.3 */
    ARB_TERM_TIME_FORFEIT,          /* 6.9: loss */
    ARB_TERM_TIME_FORFEIT_DRAW,     /* 6.9: the opponent cannot mate */
    ARB_TERM_RESIGNATION,           /* 5.1.2 */
    ARB_TERM_AGREEMENT,             /* 5.2.3 */
    ARB_TERM_ILLEGAL_MOVES,         /* 7.5.5: loss, or a draw when the opponent cannot mate */
    ARB_TERM_COUNT
} arb_termination;

/* "checkmate", "threefold_claim", ... ("none" for ARB_TERM_NONE, NULL out of range). */
ARB_API const char *arb_termination_name(arb_termination t);
/* "1-0", "0-1", "1/2-1/2", "*". */
ARB_API const char *arb_result_string(arb_result r);

/* Every outcome's reasons fit (none is ever dropped): a threefold claim has its verdict, the
 * repetitions (MAX_OCC = 16 listed; the verdict's n counts them all), 4 near repetitions and the
 * penalty and declared move, 23; an automatic ending at most 17 (fivefold and 16 repetitions;
 * a dead position with 6 proof reasons per side, 13), plus moves_after_end and event_after_end;
 * an illegal-move penalty 2 plus 6 proof reasons; flag fall, resignation and agreement fewer. */
#define ARB_OUTCOME_MAX_REASONS 24

typedef struct arb_outcome {
    arb_result result;
    arb_termination termination;
    int ply;               /* position index where the game ended (or the current one), -1: none */
    bool claim_made;       /* a draw claim was examined */
    bool claim_valid;
    int nreasons;
    arb_reason reasons[ARB_OUTCOME_MAX_REASONS + 1]; /* why: most important first (the extra
                                                      * slot is scratch, never counted) */
} arb_outcome;

/* The automatic ending of one position of the record, if any: checkmate, stalemate, dead
 * position / insufficient material, fivefold repetition, seventy-five moves (not when the
 * last move mates). ply is an index into g->positions. out->termination is NONE otherwise. */
ARB_API arb_status arb_game_automatic_ending(const arb_game *g, int ply, arb_outcome *out);

/* The automatic endings of positions ply and ply + 1 (0 <= ply < g->nplies: a move of the
 * record between them), each exactly as arb_game_automatic_ending gives it, for less than the
 * two calls: the dead-position proof of position ply skips what the one after the move has
 * already ruled out. */
ARB_API arb_status arb_game_automatic_endings(const arb_game *g, int ply, arb_outcome *at, arb_outcome *next);

/* The first position of the record, from index `from`, that ends the game automatically (what
 * arb_game_automatic_ending would find, ply by ply), with its ending in *out; -1 when none does.
 * Cheap along a whole record: mate, stalemate, fivefold and 75 moves are seen per ply, and the
 * material and dead-position proofs run once at the end and, since a dead position stays dead,
 * by bisection to find where it began. */
ARB_API int arb_game_first_ending(const arb_game *g, int from, arb_outcome *out);

/* ---- A record that ends (docs/api.md "Records that end") ---------------------------------- */

/* What became of a record played by arb_game_play_record. */
typedef struct arb_record_result {
    arb_status status;     /* ARB_OK when every move was played, else the refused move's status */
    int failed;            /* index (into the texts) of the refused move, -1 when none was refused */
    bool after_end;        /* refused because the game had already ended (status ARB_ERR_ILLEGAL,
                            * why move_after_end, ending how it ended), legal on the board or not */
    arb_reason why;        /* why the move was refused: move_after_end, or the move parser's reason
                            * (unset for ARB_ERR_LIMIT: the record is full) */
    arb_outcome ending;    /* the automatic ending of the record's last position (termination NONE
                            * while the game goes on); after_end: the ending that came first */
} arb_record_result;

/* Plays text moves (SAN or UCI) onto g, after its last position, as a record that ends: the
 * first position that ends the game automatically (checkmate, stalemate, dead position or
 * insufficient material, fivefold repetition, 75 moves) is the end of the record, and the move
 * after it is refused (after_end: move_after_end names it and the ply of the end) and the record
 * cut there. A move that cannot be played is refused with the parser's status and reason; the
 * moves before a refused one stay played. The record's existing plies are taken as checked (so a
 * record that has ended already refuses the first text). Returns out->status. The position's
 * own state at the end (out->ending) is information, never a refusal: the caller may still judge
 * a move there by the rules of movement and say that the game had ended. */
ARB_API arb_status arb_game_play_record(arb_game *g, const char *const *texts, int count, arb_record_result *out);

/* The move_after_end explanation: `move` (its text, truncated) cannot be played, the game having
 * ended at ending->ply. */
ARB_API arb_reason arb_move_after_end(const arb_outcome *ending, const char *move);

/* ---- Claims (9.2, 9.3, 9.5) ---------------------------------------------------------- */

/* The time control a penalty is measured in: two minutes in standard play, one minute in
 * rapid and blitz (Appendix A.3, and B through A) for wrong claims and illegal moves alike. */
typedef enum arb_time_control { ARB_TC_STANDARD = 0, ARB_TC_RAPID, ARB_TC_BLITZ } arb_time_control;

typedef enum arb_claim_kind { ARB_CLAIM_NONE = 0, ARB_CLAIM_THREEFOLD, ARB_CLAIM_FIFTY_MOVES } arb_claim_kind;

/* Whether the side to move at the end of the record may claim `kind` now (intended ==
 * ARB_MOVE_NONE) or by declaring the legal move `intended`. Fills out: claim_made = true,
 * claim_valid, and for a valid claim result DRAW with the termination; for a wrong claim
 * (9.5) result NONE and reasons saying why it fails and what follows (2 minutes to the
 * opponent; the declared move must be played). ARB_ERR_ILLEGAL if intended is not legal. */
ARB_API arb_status arb_game_claim(const arb_game *g, arb_claim_kind kind, arb_move intended, arb_outcome *out);

/* The same claim in a time control: a wrong claim in rapid or blitz costs one minute
 * (claim_penalty_time_rapid, FIDE 9.5.3 with A.3), in standard play two. ARB_ERR_RANGE for an
 * unknown time control. */
ARB_API arb_status arb_game_claim_in(const arb_game *g, arb_claim_kind kind, arb_move intended, arb_time_control tc,
                                     arb_outcome *out);

/* Capacity of a list of claims that is never cut: a kind valid now is listed once and not per
 * move, so there are at most max(2, 1 + moves, 2 * moves) <= 2 * ARB_MAX_MOVES + 2. */
#define ARB_MAX_CLAIMS (2 * ARB_MAX_MOVES + 2)
/* Every draw the side to move at the end of the record may claim: threefold and fifty moves
 * now (move ARB_MOVE_NONE), then for each legal move (in arb_legal_moves order) that would
 * make a threefold repetition or complete fifty moves, the claim with that move declared (a
 * kind valid now is not repeated per move). Nothing once the record has ended automatically.
 * Writes at most cap pairs and returns how many there are; arb_game_claim gives each one's why. */
ARB_API int arb_game_claims_available(const arb_game *g, arb_claim_kind *kinds, arb_move *moves, int cap);

/* The same, for a caller that already has arb_game_automatic_ending of the record's end in
 * *ending (it decides the dead-position question, the costly part). */
ARB_API int arb_game_claims_given_ending(const arb_game *g, const arb_outcome *ending, arb_claim_kind *kinds,
                                         arb_move *moves, int cap);

/* ---- Events that end a game ----------------------------------------------------------- */

typedef struct arb_event {
    arb_claim_kind claim;  /* a draw claim by the side to move ... */
    arb_move claim_move;   /* ... now (ARB_MOVE_NONE) or with this intended move */
    int flag;              /* -1, or the colour whose flag fell (6.9) */
    int resign;            /* -1, or the colour that resigns (5.1.2) */
    bool agree_draw;       /* both players agree to a draw (5.2.3) */
    arb_time_control time_control; /* what a wrong claim costs (standard: 2 minutes) */
} arb_event;

/* An event with nothing in it (flag = resign = -1, standard time control). */
ARB_API arb_event arb_event_none(void);

/* The outcome of the game record, with at most one event. The record is examined first: if
 * a position of it already ended the game automatically, that ending stands (out->ply says
 * where; a reason notes moves played after it, and an event after the end is ignored with a
 * reason). Then the event: claim (arb_game_claim), flag fall (loss, or a draw when the
 * opponent cannot mate), resignation (a loss, or a draw when the opponent cannot checkmate by
 * any series of legal moves: 5.1.2 since 2023), agreement (only after both players made a move).
 * ARB_ERR_RANGE for more than one event or an invalid colour. */
ARB_API arb_status arb_game_outcome(const arb_game *g, const arb_event *ev, arb_outcome *out);

/* Whether each player has made at least one move in the record (5.2.3). */
ARB_API bool arb_game_both_moved(const arb_game *g);

/* ---- Unwinnability (6.9, 7.5.5) --------------------------------------------------------- */

/* Positions the rules hooks let the unwinnability search (arb_unwinnable) examine per colour. */
#define ARB_RULES_UNWINNABLE_BUDGET ARB_DEAD_DEFAULT_BUDGET
/* Positions searched per colour when every position of a game record is checked for a dead
 * position (5.2.2 beyond material). It runs at each ply and only a proof counts there, so it
 * uses the static proofs alone (no helpmate search): a few microseconds instead of up to
 * milliseconds. A position proved dead only by exhaustive search is reported by arb_dead_position
 * (POST /v1/dead), not as an automatic ending. */
#define ARB_RULES_DEAD_BUDGET 1u

/* Whether `color` could still checkmate by some series of legal moves (FIDE 6.9 flag fall,
 * 7.5.5 second illegal move, 5.1.2 resignation; all decide through this one function). It runs the
 * unwinnability search of arbiter/dead.h (arb_unwinnable) with ARB_RULES_UNWINNABLE_BUDGET.
 * A loss is converted to a draw only when mating is PROVED impossible: when the search runs
 * out of budget ("unknown") the answer is true ("can mate"), never a draw on a guess. */
ARB_API bool arb_rules_can_mate(const arb_position *pos, arb_color color);

/* The same decision with the search's result: verdict, the proof (reasons) when `color` can
 * never mate, or a witness (legal moves ending in mate) when it can. res may not be NULL. */
ARB_API bool arb_rules_can_mate_result(const arb_position *pos, arb_color color, arb_unwinnable_result *res);

#endif
