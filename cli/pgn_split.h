/* A PGN file or stream cut into games in constant memory (one game's text held at a time), and
 * the byte-range shards of `arbiter annotate --shard I/N`. */
#ifndef ARB_PGN_SPLIT_H
#define ARB_PGN_SPLIT_H

#include <stdbool.h>
#include <stddef.h>

/* A game larger than this is skipped (reported, never truncated), unless pgn_split.max_game says
 * otherwise. */
#define PGN_SPLIT_MAX_GAME (64u << 20)

/* Where games begin: at the first non-blank line of the input, and at a non-blank line whose
 * previous non-blank line either ends with a termination marker (1-0, 0-1, 1/2-1/2, *) or is not
 * a tag pair while this one is ([Event "..."] after movetext). The rule reads two lines, so a
 * shard can find the first game that begins inside its byte range from there, and N shards cover
 * every game of the file exactly once. (A comment whose line holds a whole tag pair, or ends with
 * a termination marker, would cut its game in two: the rule cannot see comments.) */
typedef struct pgn_split {
    int fd;
    char *buf;
    size_t head, len, cap;    /* buf[head .. head + len) read, not yet handed out */
    size_t scan;              /* lines before buf[head + scan] are classified */
    long long base;           /* the input offset of buf[head] */
    long long end;            /* games that begin at or past this offset belong to the next shard (-1: none) */
    size_t max_game;          /* PGN_SPLIT_MAX_GAME, or what the caller set after opening */
    long long line;           /* the line number of buf[head], 0 when not known (a shard past the first) */
    bool eof, started;        /* input exhausted; the first game's start is known */
    bool prev_tag, prev_result, have_prev; /* the previous non-blank line */
    bool stop;                /* the shard's (or input's) last game has been handed out */
    bool in_long_line;        /* skipping the rest of a line longer than PGN_SPLIT_MAX_GAME */
    size_t pending;           /* bytes handed out, dropped at the next call */
    long long over_offset;    /* a game over PGN_SPLIT_MAX_GAME began here (-1: none) */
    long long over_line;
    int error;                /* errno of a failed read, 0 */
} pgn_split;

/* Reads fd (a file or a stream) from its start; shard/nshards > 1 need a regular file: the range
 * [size * shard / nshards, size * (shard + 1) / nshards), shard counted from 0. false with errno
 * set when fd cannot be read or (for a shard) is not a regular file. */
bool pgn_split_open(pgn_split *s, int fd, int shard, int nshards);
void pgn_split_close(pgn_split *s);

enum { PGN_SPLIT_END = 0, PGN_SPLIT_GAME = 1, PGN_SPLIT_TOO_LARGE = 2, PGN_SPLIT_ERROR = -1 };

/* The next game: its text in *text (valid until the next call: PGN_SPLIT_GAME), where it starts
 * (*offset in bytes, *line or 0 when unknown). PGN_SPLIT_TOO_LARGE: a game over
 * PGN_SPLIT_MAX_GAME was skipped (offset and line say which). PGN_SPLIT_ERROR: a read failed
 * (s->error). */
int pgn_split_next(pgn_split *s, const char **text, size_t *len, long long *offset, long long *line);

#endif
