/* Explanations: why a move is illegal, why castling is not allowed, why a position is check,
 * checkmate or stalemate, and why a FEN cannot be played from or reached (FIDE 3.10).
 * Every answer is a list of arb_reason (reason.h), most fundamental first; render with
 * arb_reason_render. The calls write at most cap reasons and return how many there are (so
 * a return value above cap means the list was cut); no heap, no global state. */
#ifndef ARBITER_EXPLAIN_H
#define ARBITER_EXPLAIN_H

#include "arbiter/game.h"
#include "arbiter/position.h"
#include "arbiter/reason.h"

/* A buffer of this many reasons holds every explanation of a move, castling or status that the
 * engine gives for a position the parser accepts (at most 16 pieces a side), never cut:
 * - arb_explain_move: at most 20 (castling's 16, or a king step into 16 attackers, else 7);
 * - arb_explain_text: the parse's reason, no_piece_of_type and a closing illegal_move, plus per
 *   piece of the named kind (15 at most) that piece's reasons, at most 7 for any but the king
 *   (6 path_blocked and own_piece_on_target, or wrong_pattern and own_piece_on_target, or the
 *   king-safety reasons: still_in_check, pinned and 2 leaves_king_in_check, as a move uncovers
 *   at most the line through its square and, en passant, through the pawn it takes): 3 + 15 * 7
 *   = 108 (the family test has a board with 76: fifteen queens aimed at their own king's square);
 * - arb_explain_castling: 3 lost for good, check, 6 squares in the way, 5 crossed under attack,
 *   the landing square: 16;
 * - arb_explain_status: a mate with one checker has checkmate, check, 8 flight squares, at most
 *   16 capture reasons (16 pieces can attack one square) and 1 + 2 * 15 block reasons (a piece
 *   reaches at most 2 squares of a line), 57; with more checkers 1 + 16 + 1 + 8; stalemate 24.
 * Validation explains text as well as boards and has its own bound, ARB_VALIDATE_MAX. */
#define ARB_EXPLAIN_MAX 128

/* arb_validate's list is never longer than this: at most one reason per character of the
 * castling field (a FEN is at most ARB_FEN_MAX_INPUT = 256 bytes, the board and side take 17 or
 * more: 238), 3 for the en passant field and 1 for the clocks, 27 for the board (21 board problems,
 * kings_adjacent, impossible_check, too_many_pawns and too_many_promoted per colour) and 39 for
 * what retrograde analysis finds (a Chess960 start clash; per colour the pawn structure, the
 * promotions, at most 16 walled-in pieces and too_many_promoted_walled), the missing field and the
 * Chess960 hint: 310. */
#define ARB_VALIDATE_MAX 320

/* ---- Moves ------------------------------------------------------------------------------- */

/* Why the move from -> to (promo: the promotion piece, ARB_NO_TYPE for none) is illegal in a
 * playable position; 0 when it is legal. Castling may be written as a king move: two squares
 * toward the rook from the king's start square in standard chess (e1g1), or king-takes-own-rook
 * (e1h1, Chess960 always). Then the reasons are those of arb_explain_castling.
 * history (may be NULL) is the game that led to pos: it lets en passant and castling reasons
 * name the move responsible. It is ignored unless its current position is pos.
 * Codes (reasons/moves.def): no_piece, opponent_piece, same_square, wrong_pattern (with how the
 * piece moves), path_blocked, own_piece_on_target, pawn_backwards, pawn_blocked,
 * pawn_double_not_from_start, pawn_diagonal_needs_capture, en_passant_unavailable (+
 * en_passant_too_late with the move when history shows the double step was earlier),
 * promotion_required, promotion_invalid_piece, promotion_not_on_last_rank,
 * promotion_not_a_pawn, still_in_check, pinned, leaves_king_in_check.
 * Returns -1 when from/to are not squares or promo is not a piece type. */
ARB_API int arb_explain_move(const arb_position *pos, const arb_game *history, int from, int to,
                             arb_piece_type promo, arb_reason *out, int cap);

/* Why a text move (SAN or UCI, as arb_parse_move reads it) cannot be played; 0 when it is
 * legal (and *move, if not NULL, is set). Malformed text gives san_malformed / uci_malformed
 * (where); SAN matching two legal moves gives ambiguous (the candidates); a UCI move that is
 * well formed but illegal gives illegal_move then the reasons of arb_explain_move; SAN that
 * no legal move matches gives no_piece_can_move_there, then for every piece of the named kind
 * (and file/rank, if given) the reasons it cannot go there, or no_piece_of_type when there is
 * none; O-O / O-O-O give the castling reasons. */
ARB_API int arb_explain_text(const arb_position *pos, const arb_game *history, const char *text,
                             arb_move *move, arb_reason *out, int cap);

/* ---- Castling ---------------------------------------------------------------------------- */

/* Whether `color` may castle on `side` (ARB_KINGSIDE / ARB_QUEENSIDE) now, as if it were its
 * move: 0 when allowed, else every condition that fails (reasons/castling.def). Conditions
 * lost for good (FIDE 3.8.2.1: king or rook moved, rook captured, right absent) come first,
 * then those that only prevent castling now (3.8.2.2: check, attacked squares, pieces in the
 * way); arb_castling_reason_permanent tells them apart. With a history (see arb_explain_move)
 * the king/rook reasons name the move that lost the right and its move number. Chess960
 * positions use the same codes (the squares are whatever the set-up gives) plus
 * castling960_no_rook and castling_attack_uncovered. */
ARB_API int arb_explain_castling(const arb_position *pos, const arb_game *history, arb_color color,
                                 int side, arb_reason *out, int cap);

/* True for castling reasons that can never be undone (3.8.2.1), false for those that only
 * prevent castling at the moment (3.8.2.2) and for codes that are not castling reasons. */
ARB_API bool arb_castling_reason_permanent(unsigned code);

/* ---- Check, checkmate, stalemate --------------------------------------------------------- */

typedef enum arb_state {
    ARB_STATE_ONGOING = 0,  /* the side to move is not in check and has a legal move */
    ARB_STATE_CHECK,        /* in check, with a legal move */
    ARB_STATE_CHECKMATE,
    ARB_STATE_STALEMATE
} arb_state;

ARB_API arb_state arb_position_state(const arb_position *pos);
/* "ongoing", "check", "checkmate", "stalemate". */
ARB_API const char *arb_state_name(arb_state state);

/* Why the position is what arb_position_state says (reasons/status.def):
 * - ongoing: nothing (0);
 * - check: one `check` per checker, then `double_check` when there are two;
 * - checkmate: `checkmate`, the checks as above, then for every square next to the king why
 *   it cannot go there (flight_own_piece, flight_attacked, flight_on_check_line); with a
 *   single checker, why it cannot be captured (capture_impossible, capture_pinned,
 *   capture_king_defended, capture_exposes_king) and why the check cannot be blocked
 *   (block_impossible_knight, block_impossible_adjacent, then per square between
 *   block_nothing_reaches or, for each piece that reaches it, block_pinned);
 * - stalemate: `stalemate`, the king's squares as for mate, then for every other piece of the
 *   side to move (by square) stale_pinned, stale_pawn_blocked, stale_en_passant_exposes or
 *   stale_no_squares. */
ARB_API int arb_explain_status(const arb_position *pos, arb_reason *out, int cap);

/* ---- Illegal positions ------------------------------------------------------------------- */

/* Every problem with a FEN, not only the first: its syntax error (field and offset; a board
 * that cannot be read stops there), then invalid_castling_rights (one per right without its
 * king or rook; fen_castling_repeated for a repeated one), invalid_ep_square, the board's
 * problems (missing_king, too_many_kings, pawn_on_back_rank, opposite_check, kings_adjacent,
 * impossible_check, too_many_pawns, too_many_pieces, too_many_promoted). 0: the FEN is valid
 * and the position can be played from. A list of ARB_VALIDATE_MAX always holds them all. When
 * the FEN is a valid Chess960 position sent as standard chess, fen_chess960_hint comes first. */
ARB_API int arb_validate(const char *fen, arb_variant variant, arb_reason *out, int cap);

/* Whether fen, which standard chess refuses (variant ARB_STANDARD), is a valid Chess960 position
 * (a Shredder-FEN or a Chess960 set-up sent without the variant): *hint (may be NULL) is then
 * fen_chess960_hint ("did you mean the variant chess960?"). */
ARB_API bool arb_fen_chess960_hint(const char *fen, arb_variant variant, arb_reason *hint);

/* What a FEN says that is read all the same but not written the usual way, one warning each:
 * fen_digits_adjacent ("44"), fen_castling_order ("kqKQ"), fen_fullmove_zero,
 * fen_clocks_missing / fen_fullmove_missing (4- or 5-field FENs), fen_extra_space (blanks
 * before, after or doubled between fields, tabs), and fen_game_already_drawn (halfmove clock
 * of 150 or more: 9.6.2). Independent of arb_validate's problems; 0 when none. */
ARB_API int arb_fen_warnings(const char *fen, arb_variant variant, arb_reason *out, int cap);

/* ---- The move that led here ---------------------------------------------------------------- */

/* What taking a move back finds (arb_unmove). */
typedef enum arb_unmove_result {
    ARB_UNMOVE_OK = 0,
    ARB_UNMOVE_NO_PIECE,        /* `to` holds no piece of the side that just moved (or, for a
                                   promotion, not the piece promoted to) */
    ARB_UNMOVE_FROM_TAKEN,      /* `from` is occupied now: no piece can have left it */
    ARB_UNMOVE_BEFORE_ILLEGAL,  /* the position before would be illegal (the validator's reasons) */
    ARB_UNMOVE_NOT_LEGAL,       /* the move is not legal in the position before (arb_explain_text's reasons) */
    ARB_UNMOVE_ELSEWHERE        /* it is legal there but does not lead to pos (rights, en passant) */
} arb_unmove_result;

/* Takes the move from -> to back from pos, as the last move of the side not to move: the piece
 * on `to` goes back to `from` (a pawn, when promotion names the piece it became), and `to`
 * gets the piece captured there (captured: its type, ARB_NO_TYPE for none). The position
 * before has the same castling rights, no en passant square and clocks 0 1; it must be legal,
 * the move legal in it, and the move must give pos again (board, side to move, castling rights,
 * en passant square). ARB_UNMOVE_OK with *before and *move set, or why not with the engine's
 * reasons in out (at most cap; *nreasons of them). */
ARB_API arb_unmove_result arb_unmove(const arb_position *pos, int from, int to, arb_piece_type promotion,
                                     arb_piece_type captured, arb_position *before, arb_move *move, arb_reason *out,
                                     int cap, int *nreasons);

/* The result's name ("ok", "no_piece", "from_taken", "before_illegal", "not_legal", "elsewhere"). */
ARB_API const char *arb_unmove_result_name(arb_unmove_result r);

#endif
