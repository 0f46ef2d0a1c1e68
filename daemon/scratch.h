/* A per-thread scratch arena for jansson. The position endpoints (routes flagged AD_SCRATCH)
 * parse their body, build their answer and dump it within one libmicrohttpd callback, and drop
 * both trees before it returns: in that window jansson's hundreds of small allocations are
 * pointer bumps and their frees cost nothing. Outside it (other routes, other threads, start-up)
 * allocations go to malloc as before. */
#ifndef AD_SCRATCH_H
#define AD_SCRATCH_H

#include <stddef.h>

/* Bytes of one thread's arena; an allocation that does not fit goes to malloc. */
#define AD_SCRATCH_BYTES (256u * 1024u)

/* Routes every jansson allocation through the arena's allocator. Call once, first thing in main,
 * before any jansson value exists. */
void ad_scratch_install(void);

/* Opens and closes the window on the calling thread. Every jansson value made between the two
 * must be released before ad_scratch_end (its memory is reused by the next window). */
void ad_scratch_begin(void);
void ad_scratch_end(void);

/* Bytes taken from the arena in the current window (tests and metrics). */
size_t ad_scratch_used(void);

#endif
