/* Rule-annotated games: what the Laws say about a whole game record, ply by ply (check, mate,
 * stalemate, the ply a position became dead, the first ply each draw claim is available, the
 * automatic draws, moves recorded after an end, the first illegal move), and the result a FIDE
 * arbiter records from the record and its tags (time forfeits re-scored by 6.9, resignation by
 * 5.1.2, an ending on the board against a contradicting Result tag). */
#ifndef ARBITER_ANNOTATE_H
#define ARBITER_ANNOTATE_H

#include "arbiter/pgn.h"
#include "arbiter/rules.h"

/* One rule event. Ply 0 is the start position (the FEN tag's, or the initial one); ply k is the
 * position after the k-th move of the movetext, whichever side made it. The event's explanation
 * is `why` (its code is the event's code: checkmate, check, threefold_available, ...); its
 * supporting explanations (a proof, the plies that repeat, why a move is illegal) are
 * reasons[first .. first + count) of the annotation. */
typedef struct arb_annotation_event {
    int32_t ply;
    arb_reason why;
    int32_t first, count;
} arb_annotation_event;

/* How the result was decided beyond arb_termination. */
typedef enum arb_result_basis {
    ARB_BASIS_NONE = 0,    /* unfinished: no ending on the board and a Result tag "*" or none */
    ARB_BASIS_BOARD,       /* an automatic ending in the record (mate, stalemate, dead, 9.6) */
    ARB_BASIS_EVENT,       /* an event the tags report, judged by the Laws (time forfeit, 6.9;
                            * resignation, 5.1.2; a draw claim or agreement) */
    ARB_BASIS_RECORDED     /* the recorded result stands: decided off the board (abandoned,
                            * adjudicated, rules infraction) or a record cut by an illegal move */
} arb_result_basis;

typedef struct arb_annotation {
    arb_result result;            /* the result a FIDE arbiter records */
    arb_termination termination;  /* how the game ended (ARB_TERM_NONE: unfinished or recorded) */
    arb_result_basis basis;
    int tag;                      /* the Result tag read: an arb_result, or -1 (none, or not one of
                                   * "1-0", "0-1", "1/2-1/2", "*") */
    bool tag_disagrees;           /* the tag is one of the four and is not `result` */
    int end_ply;                  /* where the game ended (the automatic ending, or the record's
                                   * last ply for an event), -1: unfinished */
    int flagged;                  /* the colour that ran out of time, -1: none */
    int illegal_ply;              /* the ply of the record's first illegal move, -1: none */
    int nevents;                  /* in ply order */
    int events_cap;
    arb_annotation_event *events;
    int nreasons, reasons_cap;
    arb_reason *reasons;
} arb_annotation;

/* What the record alone does not say, from its tags and comments (arb_pgn_annotate fills it in
 * from a PGN game). Every field may be left empty: arb_annotate_info_none(). */
typedef struct arb_annotate_info {
    const char *result_tag;       /* "1-0", "0-1", "1/2-1/2", "*" (anything else is kept as not
                                   * read), or NULL */
    const char *termination_tag;  /* the Termination tag, or NULL */
    bool time_forfeit;            /* a comment says a flag fell ("forfeits on time", ...) */
    int clock_zero;               /* the colour whose last clock reading ([%clk 0:00:00]) is zero,
                                   * -1: none */
    const char *illegal_move;     /* the move recorded after the record's last ply that cannot be
                                   * played there (as written), or NULL */
} arb_annotate_info;

ARB_API arb_annotate_info arb_annotate_info_none(void);

/* An empty annotation, to be reused from game to game (its buffers grow as needed and are kept:
 * annotating a game allocates nothing once they are large enough) and freed once. */
ARB_API void arb_annotation_init(arb_annotation *a);
ARB_API void arb_annotation_free(arb_annotation *a);

/* Annotates the record g (info may be NULL): events in ply order, then the result. The events:
 * - check / double_check at every ply whose side to move is in check (mate aside), with the
 *   checks as explanations;
 * - the record's first automatic ending (arb_game_first_ending): checkmate (with the checks),
 *   stalemate, insufficient_material or dead_position at the ply the position became dead (with
 *   the proofs), fivefold_repetition (with the plies), seventyfive_moves; then moves_after_end at
 *   the first ply recorded after it (n: how many plies);
 * - threefold_available at the third occurrence of each position, fifty_moves_available at the
 *   first ply of each stretch of 50 moves without a pawn move or capture: the player to move may
 *   claim without writing a move (9.2.2, 9.3.2); m counts the plies played after it (0: the
 *   record ends there); the explanations say that the other player could have claimed with the
 *   move written down (9.2.1, 9.3.1) and list the plies that repeat;
 * - the first illegal move (info->illegal_move), at the ply it would have made: its code is the
 *   first reason arb_explain_text gives, the rest follow (and move_after_end when the game had
 *   ended already);
 * - at the end: time_forfeit / time_forfeit_draw (6.9, with the proof that the winner cannot
 *   mate), resignation / resignation_draw (5.1.2) or agreement, as the tags report it, and
 *   result_tag_mismatch (n: the Laws' result, m: the tag's) when the tag disagrees.
 * A time forfeit is read from a Termination tag that says so ("time forfeit", "Time forfeit",
 * "won on time", "timeout", "lost on time", "flag"...), a comment (info->time_forfeit) or a zero
 * clock; the player who ran out of time is the one whose clock reads zero, else the loser the
 * Result tag names, else (a draw tag) the one whose opponent alone cannot mate, else the player to
 * move. ARB_ERR_LIMIT when memory is short (the annotation
 * then holds what fitted). */
ARB_API arb_status arb_game_annotate(const arb_game *g, const arb_annotate_info *info, arb_annotation *out);

/* The same for a game read by arb_pgn_read: its Result and Termination tags, the clocks and
 * comments of its movetext, and (stopped, when arb_pgn_read refused the game at a move:
 * pgn_illegal_move or pgn_bad_move) the first illegal move. ARB_ERR_RANGE when stopped is
 * another refusal (a game that could not be read: nothing to annotate). */
ARB_API arb_status arb_pgn_annotate(const arb_pgn_game *g, const arb_pgn_error *stopped, arb_annotation *out);

/* The explanations of an event. */
static inline const arb_reason *arb_annotation_reasons(const arb_annotation *a, const arb_annotation_event *e)
{
    return a->reasons + e->first;
}

/* "board", "event", "recorded", "none". */
ARB_API const char *arb_result_basis_name(arb_result_basis b);

/* The Result tag's value as an arb_result ("1-0", "0-1", "1/2-1/2", "*"), -1 for anything else. */
ARB_API int arb_result_parse(const char *text);

#endif
