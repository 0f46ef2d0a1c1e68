/* PGN games in and out: tags, movetext (moves checked against the rules), comments, NAGs,
 * variations kept or skipped, several games per text, errors with line and column. */
#ifndef ARBITER_PGN_H
#define ARBITER_PGN_H

#include "arbiter/rules.h"

/* Limits: input beyond them is an error (never a crash, never silent truncation). */
#define ARB_PGN_MAX_TAGS 64
#define ARB_PGN_MAX_TAG_NAME 64
#define ARB_PGN_MAX_TAG_VALUE 4096
#define ARB_PGN_MAX_COMMENT 65536
#define ARB_PGN_MAX_NAGS 8          /* per move */
#define ARB_PGN_MAX_DEPTH 32        /* nested variations */
#define ARB_PGN_MAX_NODES 100000    /* moves in one game, variations included */

typedef struct arb_pgn_tag {
    char *name, *value;
} arb_pgn_tag;

struct arb_pgn_line;

/* One move of a line, with what follows it. */
typedef struct arb_pgn_node {
    arb_move move;
    uint8_t nnags;
    uint8_t nags[ARB_PGN_MAX_NAGS];  /* $1..$255; "!" "?" "!!" "??" "!?" "?!" are read as 1..6 */
    char *comment;                   /* the comment after the move, or NULL */
    int nvariations;
    struct arb_pgn_line *variations; /* alternatives to this move, from the position before it */
    size_t text_end;                 /* byte offset in the reader's text just past the move (its
                                      * suffix annotations included): where a comment can go */
} arb_pgn_node;

typedef struct arb_pgn_line {
    char *comment;                   /* a comment before the first move, or NULL */
    int count, cap;
    arb_pgn_node *nodes;
} arb_pgn_line;

#define ARB_PGN_MAX_WARNINGS 16      /* kept per game; nwarnings counts them all */

/* Something read leniently (arb_pgn_options.lenient) and repaired, where it was. */
typedef struct arb_pgn_warning {
    int line, column;
    arb_reason why;       /* pgn_tag_quotes_repaired, pgn_fen_castling_dropped,
                           * pgn_fen_counter_repaired, or a fen_* warning of the FEN tag */
} arb_pgn_warning;

typedef struct arb_pgn_game {
    int ntags;
    arb_pgn_tag tags[ARB_PGN_MAX_TAGS]; /* in the order read */
    arb_pgn_line main;                  /* the main line with its annotations */
    arb_game record;                    /* the main line replayed (start from the FEN tag) */
    char result[8];                     /* the movetext's termination marker ("*" if none) */
    int line;                           /* where the game starts in the input (1-based) */
    size_t movetext;                    /* byte offset of the movetext in the reader's text */
    int nwarnings;                      /* what was repaired (lenient reading), all counted */
    arb_pgn_warning warnings[ARB_PGN_MAX_WARNINGS];
} arb_pgn_game;

typedef struct arb_pgn_options {
    bool skip_variations; /* parse variations for syntax only and drop them */
    bool skip_comments;   /* drop comments */
    bool lenient;         /* read what real files hold, with a warning per repair: a tag value
                           * with unescaped quotes ([White ""Mirage""]); a FEN tag's castling
                           * rights the board contradicts (dropped) or counters that do not read
                           * (set to 0 and 1). Off: such games are refused. */
} arb_pgn_options;

typedef struct arb_pgn_reader {
    const char *text;
    size_t len, pos;
    int line, column;     /* of text[pos], 1-based; columns count characters */
    arb_pgn_options opts;
} arb_pgn_reader;

typedef struct arb_pgn_error {
    int line, column;     /* where the problem starts, 1-based */
    arb_reason why;       /* a pgn_* code */
    arb_reason detail;    /* for an illegal or malformed move: the move parser's reason;
                           * for a bad FEN tag: the FEN parser's reason; else code 0 unused */
    bool has_detail;
} arb_pgn_error;

/* Reads from text[0..len) (need not be NUL-terminated); opts may be NULL. */
ARB_API void arb_pgn_reader_init(arb_pgn_reader *r, const char *text, size_t len, const arb_pgn_options *opts);

/* Skips white space, %-escape lines and stray blank text; true if another game follows. */
ARB_API bool arb_pgn_next(arb_pgn_reader *r);

/* Reads the next game into g (always to be freed with arb_pgn_game_free). ARB_OK; or
 * ARB_ERR_SYNTAX (malformed text), ARB_ERR_ILLEGAL (an illegal move or FEN position),
 * ARB_ERR_LIMIT (a limit above) with *err filled in: the reader then stands at the start of
 * the next game, so reading can go on. */
ARB_API arb_status arb_pgn_read(arb_pgn_reader *r, arb_pgn_game *g, arb_pgn_error *err);

ARB_API void arb_pgn_game_free(arb_pgn_game *g);

/* Text that is not valid UTF-8 (older collections are Latin-1 or Windows-1252): a malloc'd UTF-8
 * copy in which every byte outside a valid UTF-8 sequence is read as Windows-1252 (its five
 * unassigned bytes become U+FFFD); *converted (if not NULL) gets how many bytes were. Valid
 * UTF-8 is copied unchanged. NULL when out of memory. Always NUL-terminated; *out_len without it. */
ARB_API char *arb_text_to_utf8(const char *text, size_t len, size_t *out_len, size_t *converted);

/* A tag's value, or NULL. */
ARB_API const char *arb_pgn_tag_value(const arb_pgn_game *g, const char *name);
/* Sets (or adds) a tag. ARB_ERR_LIMIT when full or out of memory, ARB_ERR_RANGE if too long. */
ARB_API arb_status arb_pgn_set_tag(arb_pgn_game *g, const char *name, const char *value);

/* Records an outcome: the Result tag and termination marker, and the Termination tag (PGN
 * standard values: "normal", "time forfeit", "rules infraction") plus an ArbiterTermination
 * tag with the exact termination name ("fivefold_repetition", ...). Nothing for an ongoing
 * game. */
ARB_API arb_status arb_pgn_set_outcome(arb_pgn_game *g, const arb_outcome *o);

/* Writes the game as export-format PGN (Seven Tag Roster first, lines of at most 79
 * characters, comments, NAGs as $n, variations). A game whose main line is empty but whose
 * record has moves (one filled in by hand) is written from the record. Like snprintf: writes at most cap-1 bytes
 * plus NUL and returns the length needed. */
ARB_API size_t arb_pgn_write(const arb_pgn_game *g, char *buf, size_t cap);

#endif
