/* The JSON view of the engine, shared by arbiterd and the arbiter CLI: request parsing (position
 * input, fields, limits), engine results as JSON, and the one table of API error codes. */
#ifndef ARBITER_JSON_H
#define ARBITER_JSON_H

#include <jansson.h>

#include "arbiter.h"

/* ---- Errors: one table (errors.c) maps each code to its name, HTTP status and message. ---- */

typedef enum aj_code {
    AJ_OK = 0,
    AJ_E_INVALID_JSON,       /* 400 body is not JSON */
    AJ_E_DUPLICATE_KEY,      /* 400 an object names a key twice */
    AJ_E_INVALID_UTF8,       /* 400 body is not UTF-8 */
    AJ_E_NUL_BYTE,           /* 400 a NUL byte (raw or \u0000) */
    AJ_E_TOO_DEEP,           /* 400 nesting deeper than the cap */
    AJ_E_NOT_OBJECT,         /* 400 the body is JSON but not an object */
    AJ_E_MISSING_FIELD,      /* 400 a required field is absent */
    AJ_E_INVALID_FIELD,      /* 400 a field of the wrong type or value */
    AJ_E_OUT_OF_RANGE,       /* 400 a number outside its allowed range */
    AJ_E_CONFLICTING_FIELDS, /* 400 fields that cannot be given together (field: the second) */
    AJ_E_UNKNOWN_FIELD,      /* 400 a field or query parameter the endpoint does not read */
    AJ_E_TOO_MANY_MOVES,     /* 400 more moves than the per-request cap */
    AJ_E_INVALID_FEN,        /* 400 FEN text that cannot be read */
    AJ_E_ILLEGAL_POSITION,   /* 422 a readable FEN whose board cannot be played */
    AJ_E_INVALID_MOVE,       /* 422 a move in `moves` that is malformed */
    AJ_E_ILLEGAL_MOVE,       /* 422 a move in `moves` that is not legal (index + why) */
    AJ_E_GAME_OVER,          /* 422 a move after the record ended automatically (index + the ending) */
    AJ_E_BUDGET_EXCEEDED,    /* 422 the request's search budget would run out */
    AJ_E_NOT_FOUND,          /* 404 unknown route or id */
    AJ_E_METHOD_NOT_ALLOWED, /* 405 (with Allow) */
    AJ_E_BODY_TOO_LARGE,     /* 413 */
    AJ_E_URI_TOO_LONG,       /* 414 */
    AJ_E_UNSUPPORTED_MEDIA,  /* 415 Content-Type is not JSON */
    AJ_E_HEADERS_TOO_LARGE,  /* 431 */
    AJ_E_TOO_MANY_REQUESTS,  /* 429 per-client limit (deploy/haproxy: per address and per API key) */
    AJ_E_UNAUTHORIZED,       /* 401 no known API key (deploy/haproxy answers it; arbiterd never does) */
    AJ_E_OVERLOADED,         /* 503 (with Retry-After) */
    AJ_E_SHUTTING_DOWN,      /* 503 the server is draining */
    AJ_E_INTERNAL,           /* 500 */
    AJ_E_LESSON_SCRIPT,      /* 500 a lesson's script failed (error or budget): lesson, step, line, budget */
    AJ_E_BAD_REQUEST,        /* 400 HTTP framing or headers the server refuses (detail says which) */
    AJ_E_REQUEST_TIMEOUT,    /* 408 the request was not complete by its deadline */
    AJ_E_HTTP_VERSION,       /* 505 an HTTP version other than 1.0 and 1.1 */
    AJ_CODE_COUNT
} aj_code;

#define AJ_ERROR_MORE_REASONS 7

/* An error: its code, where (field, index in an array), and why (an engine explanation). */
typedef struct aj_error {
    aj_code code;
    const char *field;       /* request field name, or NULL */
    int index;               /* index in an array field, or -1 */
    long long limit;         /* the cap that was exceeded, or -1 */
    bool has_reason;
    arb_reason reason;       /* the engine's explanation when has_reason */
    int nmore;               /* further explanations after `reason` (an illegal move's list) */
    arb_reason more[AJ_ERROR_MORE_REASONS];
    char detail[160];        /* extra detail (e.g. the JSON parser's message), or "" */
    int line, column;        /* JSON syntax error position (1-based), or 0 */
    char path[96];           /* a field named by its path ("illegal_move.cont"); wins over field */
    int ply;                 /* game_over: the position index where the game ended, or -1 */
    /* unknown_field: the closest known name (or NULL) and the names the endpoint reads */
    const char *nearest;
    const struct aj_field *allowed, *allowed_common;
    const char *const *allowed_more;
    const char *const *values;  /* invalid_field: the values allowed; conflicting_fields: the fields */
    bool has_range;             /* out_of_range: minimum and maximum */
    long long minimum, maximum;
} aj_error;

const char *aj_code_name(aj_code code);
int aj_code_status(aj_code code);
const char *aj_code_message(aj_code code);

/* Sets *e to a fresh error of `code` on `field` (may be NULL) and returns false, so parsers can
 * `return aj_fail(e, ...)`. */
bool aj_fail(aj_error *e, aj_code code, const char *field);

/* {"error": {"code", "message", "field"?, "index"?, "limit"?, "detail"?, "line"?, "column"?,
 * "explanation"?, "reasons"?}}; message is the explanation's text in `lang` when there is one;
 * reasons (when the engine gave more than one) lists them all, the explanation first. */
json_t *aj_error_json(const aj_error *e, const char *lang);

/* ---- Strict input (fields.c): the one table of what each endpoint reads ---- */

/* Limits the table states and the daemon's handlers share (they assert they agree). */
#define AJ_PAGE_MAX 100                    /* items of one page of a list (?limit=) */
#define AJ_PAGE_OFFSET_MAX 100000          /* ?offset= */
#define AJ_ANSWER_MAX 200                  /* bytes of an answer (lessons, quizzes, puzzles) */
#define AJ_BATCH_MAX 16                    /* sub-requests of one POST /v1/batch */
#define AJ_QUIZ_MAX_COUNT 100              /* questions per POST /v1/quizzes */
#define AJ_PUZZLE_MAX_MOVES 100            /* moves of a puzzle answer's list (their text fits AJ_ANSWER_MAX) */
#define AJ_INT53_MAX 9007199254740991LL    /* 2^53 - 1: the largest integer every JSON reader keeps exactly */

typedef enum aj_type { AJ_T_STRING, AJ_T_INTEGER, AJ_T_BOOLEAN, AJ_T_ARRAY, AJ_T_OBJECT } aj_type;

#define AJ_F_REQUIRED 1u     /* missing_field when absent (or null) */
#define AJ_F_MAX_SETTING 2u  /* max is a server setting's default (max-moves, perft-max-depth): the handler
                              * enforces the configured value */
#define AJ_F_SQUARE 4u       /* a string that names a square, a1 to h8 */
#define AJ_F_MOVE_LIST 8u    /* an array of moves: too many is too_many_moves */
#define AJ_F_BY_HANDLER 16u  /* an object whose members the handler checks (a quiz generator's parameters) */
#define AJ_F_ANY_MEMBERS 32u /* with AJ_F_BY_HANDLER: its members are of any type (a batch's sub-request body), not strings */

/* One field: its name and JSON type; for strings the values it may take (NULL: any) and its
 * length from min to max bytes; for integers the range; for arrays the number of items and the
 * item (members: one field, NULL for strings); for objects the members (a list ending in
 * {NULL}). max -1: no limit. doc is one sentence for docs/openapi.json. */
typedef struct aj_field {
    const char *name;
    aj_type type;
    const char *const *values;
    long long min, max;
    unsigned flags;
    const struct aj_field *members;
    const char *doc;
} aj_field;

/* The fields one endpoint reads, besides "lang" and "digits" (aj_common_fields), which every body
 * and every query string may carry. An endpoint is "METHOD /route/pattern"; a nested object adds
 * its member name ("POST /v1/outcome illegal_move"). by_handler: the handler adds names of its own
 * (a quiz generator's parameters). at_most_one: at most one of these is given (present, not null
 * and not false); one_of: exactly one is; needs: pairs {a, b}, a only with b. */
typedef struct aj_endpoint_fields {
    const char *endpoint;
    const aj_field *fields;
    bool by_handler;
    const char *const *at_most_one, *const *one_of, *const *needs;
} aj_endpoint_fields;

extern const aj_endpoint_fields aj_fields_table[]; /* ends with {NULL, ...} */
extern const aj_field *const aj_common_fields;     /* lang, digits: bodies and query strings */
/* The entry of method + route pattern (nested: a member name, or NULL), or NULL. */
const aj_endpoint_fields *aj_fields_of(const char *method, const char *pattern, const char *nested);
/* The field of that name in a list, or NULL. */
const aj_field *aj_field_find(const aj_field *fields, const char *name);

/* true when every key of obj is in known, in more (names only, may be NULL) or, at the top level
 * (prefix NULL), a common field, each known one of its type and within its limits, and every
 * required one given; else the error: unknown_field (naming the key, prefix.key when nested, the
 * nearest known name and the names the endpoint reads), invalid_field (with the allowed values of
 * an enumeration), out_of_range (with minimum and maximum) or missing_field. */
bool aj_check_fields(json_t *obj, const aj_field *known, const char *const *more, const char *prefix, aj_error *e);
/* aj_check_fields for an endpoint's body, then its entry's constraints between fields
 * (conflicting_fields, missing_field). */
bool aj_check_body(const aj_endpoint_fields *ep, json_t *obj, const char *const *more, aj_error *e);
/* unknown_field for a query parameter. */
bool aj_unknown_query(aj_error *e, const char *name);
/* A query string (name -> value, strings) against a GET route's entry (NULL: the route reads only
 * lang and digits), as aj_check_body checks a body; unknown names are "the query parameter". */
bool aj_check_query(const aj_endpoint_fields *ep, json_t *query, aj_error *e);

/* JSON Schema (2020-12, as OpenAPI 3.1 reads it) of an endpoint's request body: every field with
 * its type and limits, required ones, additionalProperties false (unless by_handler), and the
 * entry's constraints (fields_schema.c). */
json_t *aj_fields_schema(const aj_endpoint_fields *ep);

/* ---- Parsing request bodies ---- */

/* Limits that request parsing enforces. */
typedef struct aj_limits {
    int max_moves;           /* entries in `moves` */
    int max_depth;           /* JSON nesting depth */
} aj_limits;

/* Parses a request body: rejects NUL bytes, nesting deeper than max_depth, invalid UTF-8,
 * duplicate keys and anything but an object. Returns the object (caller decrefs) or NULL. */
json_t *aj_parse_body(const char *buf, size_t len, int max_depth, aj_error *e);

/* Optional fields: true when absent (out untouched) or of the right type; false + error when
 * the field has another type. */
bool aj_opt_string(json_t *obj, const char *key, const char **out, aj_error *e);
bool aj_opt_bool(json_t *obj, const char *key, bool *out, aj_error *e);
bool aj_opt_int(json_t *obj, const char *key, long long *out, aj_error *e);

/* A language tag from a `lang` value or Accept-Language header: "en", "fa" or "ar", with the
 * digit choice it carries ("fa-u-nu-latn"); NULL when nothing in the text names a supported
 * language. */
const char *aj_lang_pick(const char *text);

/* lang with the digits a request asks for ("latin", "native" or "default"): "fa" + "latin" ->
 * "fa-u-nu-latn" (a static string every renderer understands); NULL for any other text. */
const char *aj_lang_digits(const char *lang, const char *text);

/* The variant field: "standard" (default) or "chess960". */
bool aj_parse_variant(json_t *body, arb_variant *out, aj_error *e);

/* Position input {variant, fen, moves[]}: the start position and the game played from it. */
typedef struct aj_position {
    arb_variant variant;
    arb_game game;           /* positions[0] = fen, then one per move */
    arb_outcome ending;      /* the automatic ending of the last position (termination NONE: none) */
    bool unjudged;           /* no moves, and `ending` not judged yet (aj_parse_position_unjudged) */
} aj_position;

/* Parses the position input of a body. On failure nothing needs freeing. The errors:
 * invalid_field (types), invalid_fen / illegal_position (with the explanation),
 * too_many_moves (limit), invalid_move / illegal_move (index and the explanation). */
bool aj_parse_position(json_t *body, const aj_limits *lim, aj_position *out, aj_error *e);
/* The same, except that a record without moves is left unjudged (out->unjudged): aj_move_json
 * judges it together with the position after the move (arb_game_automatic_endings). */
bool aj_parse_position_unjudged(json_t *body, const aj_limits *lim, aj_position *out, aj_error *e);
void aj_position_free(aj_position *p);

/* The one rule for records (docs/api.md "Records that end") is the engine's
 * arb_game_play_record: aj_parse_position refuses a move in `moves` after the record's end with
 * game_over. The position's own state at the end (p->ending) is information: the endpoints add
 * a game_over object (aj_set_game_over) and judge a move there by the rules of movement. */
/* game_over (422) for `move` after the game that ended as `ending` says: ply, move_after_end,
 * then the ending's explanations. The caller sets field and index. */
void aj_game_over_error(const arb_outcome *ending, const char *move, aj_error *e);
/* {"ply", "status", "result", "explanations"}: where and how the game had ended. */
json_t *aj_game_over_json(const arb_outcome *ending, const char *lang);
/* Sets o.game_over when the record's last position ended the game (nothing otherwise). */
void aj_set_game_over(json_t *o, const aj_position *p, const char *lang);

/* A move (SAN or UCI) of pos, whose record is history (may be NULL), named in `field`: true
 * with *m, else invalid_move (malformed or ambiguous text) or illegal_move with every reason,
 * as /v1/analyze gives them for `moves` (the caller sets index). */
bool aj_read_move(const arb_position *pos, const arb_game *history, const char *text, const char *field,
                  arb_move *m, aj_error *e);

static inline const arb_position *aj_current(const aj_position *p)
{
    return arb_game_current(&p->game);
}

/* Compact JSON text of v (malloc'd, NUL-terminated; its length in *len if not NULL), as
 * json_dumps(v, JSON_COMPACT) writes it, only faster. NULL when out of memory. */
char *aj_dumps(const json_t *v, size_t *len);

/* A value already written as compact JSON text (text[0..n), copied): aj_dumps writes those bytes
 * where the value stands. It is an object of one member named AJ_RAW_KEY (a control character no
 * answer's key has), so only aj_dumps may print it: json_dumps would print that object. For the
 * hot answers' long lists (analyze's legal moves), whose jansson objects cost more than the rest
 * of the answer. NULL when out of memory. */
#define AJ_RAW_KEY "\x01raw"
json_t *aj_raw_json(const char *text, size_t n);

/* ---- Engine results as JSON ---- */

/* The explanation object {code, text, squares[], rule, params{}}. */
json_t *aj_reason_json(const arb_reason *r, const char *lang);
/* An array of the first min(n, cap) explanation objects. */
json_t *aj_reasons_json(const arb_reason *r, int n, int cap, const char *lang);
/* One parameter of an explanation in the object params, as API.md shapes it (the engine's
 * projection, arb_reason_param_list): a piece upper case with its colour beside it ("by": "R",
 * "by_color": "black"), numbers as numbers, the FEN field by its name, texts as strings. */
void aj_param_set(json_t *params, const arb_param *p);

/* "white" / "black". */
const char *aj_color_name(arb_color c);
json_t *aj_square_json(int sq);
/* "N" for a white knight, "n" for a black one (FEN letters). */
json_t *aj_piece_json(arb_piece p);
/* "N" for a knight of either colour (explanation params). */
json_t *aj_piece_type_json(arb_piece p);
json_t *aj_fen_json(const arb_position *pos);
/* {"uci", "san"} of a legal move of pos. */
json_t *aj_move_pair_json(const arb_position *pos, arb_move m);
/* The same two members, set in an existing object. */
void aj_move_pair_set(json_t *o, const arb_position *pos, arb_move m);

/* [{"uci","san"}] of every legal move. */
json_t *aj_legal_moves_json(const arb_position *pos);
/* The same list as an aj_raw_json value: the same bytes in aj_dumps, without a jansson object a
 * move (the answer of /v1/analyze). */
json_t *aj_legal_moves_raw(const arb_position *pos);

/* The status name of API.md for an automatic ending ("ongoing" when there is none:
 * checkmate, stalemate, insufficient_material, dead_position, fivefold_repetition,
 * seventyfive_moves). */
const char *aj_status_of(const arb_outcome *ending);

/* POST /v1/analyze answer. */
json_t *aj_analyze_json(const aj_position *p, const char *lang);

/* POST /v1/move answer for `text` played in the current position (a legal move is played
 * into p's record to judge the position after it). An unjudged p is judged here. */
json_t *aj_move_json(aj_position *p, const char *text, const char *lang);

/* POST /v1/castling answer: {"white": {"kingside": {"allowed", "reasons"}, ...}, "black": ...};
 * each reason also says whether it is `permanent` (3.8.2.1) or only for now (3.8.2.2). */
json_t *aj_castling_json(const aj_position *p, const char *lang);

/* POST /v1/validate answer for a FEN. */
json_t *aj_validate_json(const char *fen, arb_variant variant, const char *lang);

/* [{"claim", "with_move", "explanations"}]: the draws the side to move may claim, given the
 * record's automatic ending (arb_game_automatic_ending). */
json_t *aj_claims_json(const arb_game *g, const arb_outcome *ending, const char *lang);

/* {"result", "termination", "ply", "claim_valid", "explanations"} of an outcome. */
json_t *aj_outcome_json(const arb_outcome *o, const char *lang);

/* {"any", "moves", "binding", "explanations"} of a touch-move obligation in pos. */
json_t *aj_touch_json(const arb_position *pos, const arb_touch_result *t, const char *lang);

/* ---- Endpoints: a request body in, the answer (or *e) out ---- */

/* Each parses the body's fields, calls the engine and returns the 200 answer, or NULL with
 * the API error in *e. The daemon's handlers and the CLI's --json both call these, so both
 * print the same objects. */
typedef json_t *(*aj_endpoint_fn)(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);

/* fn's answer after the body passed the fields table's check of fn's route (aj_check_body), as
 * the daemon checks every body before its handler: what `arbiter ... --json` calls. */
json_t *aj_endpoint_checked(aj_endpoint_fn fn, json_t *body, const aj_limits *lim, const char *lang, aj_error *e);

json_t *aj_endpoint_analyze(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_endpoint_move(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_endpoint_castling(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_endpoint_validate(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_endpoint_outcome(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_endpoint_touch(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);

/* POST /v1/dead: {"budget"?} + position -> {"fen", "dead" (true, false or "unknown"),
 * "unwinnable", "verdicts", "witness", "explanations", "nodes", "budget"}. */
#define AJ_DEAD_DEFAULT_BUDGET 500000 /* positions searched per colour; at most ARB_DEAD_MAX_BUDGET */
json_t *aj_endpoint_dead(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_dead_json(const arb_position *pos, const arb_dead_result *d, long long budget, const char *lang);

/* POST /v1/pgn: {"pgn", "strict"?, "skip_variations"?} -> {"games": [...], "count", "refused"}
 * (encode_games.c); aj_pgn_json makes the answer from PGN text (the CLI reads files with it). */
json_t *aj_endpoint_pgn(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_pgn_json(const char *text, size_t len, const arb_pgn_options *opts, const char *lang);

/* POST /v1/mate: position + {"n", "budget"?} -> {"fen", "n", "mate" (true, false or "unknown"),
 * "length", "keys", "cooks", "line", "explanations", "nodes", "budget"}. */
#define AJ_MATE_DEFAULT_BUDGET 2000000  /* positions the solver visits */
#define AJ_MATE_MAX_BUDGET 20000000     /* ARB_MATE_DEFAULT_BUDGET: what the CLI allows by default */
json_t *aj_endpoint_mate(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);
json_t *aj_mate_json(const arb_position *pos, int n, long long budget, arb_status st, const arb_mate_result *res,
                     const char *lang);

/* The perft answer (arb_perft_budgeted's result) as API.md shapes it. */
json_t *aj_perft_json(const arb_position *pos, int depth, const arb_perft_result *r);

/* ---- Rule-annotated games (encode_annotate.c) ---- */

/* One game of a PGN text as the annotator read it. */
typedef struct aj_annotate_game {
    int number;                  /* 1-based, in input order (unreadable games count) */
    long long offset_base;       /* the byte offset of the reader's text in the whole input */
    bool lines;                  /* the reader's line numbers are the input's (else "line" is left out) */
    long long offset;            /* where this game starts in the input, in bytes */
    int line;                    /* its first line, 0: not known */
    const arb_pgn_game *game;
    const arb_pgn_error *error;  /* NULL when read whole; else why the reader stopped */
    bool annotated;              /* false: the game could not be read (error says why) */
    size_t converted;            /* bytes read as Windows-1252 (a warning) */
} aj_annotate_game;

/* Totals over the games annotated: games read, unreadable, mis-scored, events by code. */
typedef struct aj_annotate_summary {
    long long games, unreadable, mis_scored;
    long long events[ARB_REASON_COUNT];
} aj_annotate_summary;

/* Reads the next game of r into g (to be freed with arb_pgn_game_free) and annotates it into a;
 * in gets its offset (in->offset_base + position in r), line, error. false at the end of input. */
bool aj_annotate_next(arb_pgn_reader *r, aj_annotate_game *in, arb_pgn_game *g, arb_pgn_error *err,
                      arb_annotation *a);
/* {"game", "offset", "line"?, "tags", "result_tag", "result", "termination", "basis", "mis_scored",
 * "plies", "end_ply", "flagged", "start", "events", "warnings"} or, unreadable, {"game", "offset",
 * "line"?, "error"}. */
json_t *aj_annotated_game_json(const aj_annotate_game *in, const arb_annotation *a, const char *lang);
/* [{code, text, squares, rule, params, "ply", "move", "explanations"}] of an annotation of g
 * (illegal: the first illegal move as written, or NULL). */
json_t *aj_annotation_events_json(const arb_game *g, const arb_annotation *a, const char *illegal, const char *lang);
void aj_annotate_count(aj_annotate_summary *s, const arb_annotation *a, bool readable);
/* {"games", "unreadable", "mis_scored", "events": {code: count}}. */
json_t *aj_summary_json(const aj_annotate_summary *s);
/* POST /v1/games/annotate's answer for a PGN text: {"games": [...], "summary": {...}}. */
json_t *aj_annotate_json(const char *text, size_t len, const char *lang);
/* POST /v1/games/annotate: {"pgn"} -> aj_annotate_json; at most AJ_ANNOTATE_MAX_GAMES games
 * (out_of_range on pgn beyond: each decided game may take one unwinnability search of
 * ARB_RULES_UNWINNABLE_BUDGET positions, so a request's work is bounded by this many). */
#define AJ_ANNOTATE_MAX_GAMES 100
json_t *aj_endpoint_annotate(json_t *body, const aj_limits *lim, const char *lang, aj_error *e);

#endif
