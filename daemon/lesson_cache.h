/* A bounded, thread-safe LRU cache of lesson answers (the exact reply body bytes) for one lesson
 * set: scripts are deterministic, so (lesson, step, language, normalized answer) decides the
 * reply. Each lesson set owns its cache, so a reload (SIGHUP) starts from an empty one. */
#ifndef AD_LESSON_CACHE_H
#define AD_LESSON_CACHE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ad_answer_cache ad_answer_cache;

/* A cache holding at most max_entries answers and max_bytes bytes (keys, bodies and bookkeeping
 * counted); NULL when either bound is 0 (caching off) or memory is short. */
ad_answer_cache *ad_answer_cache_new(size_t max_entries, size_t max_bytes);
void ad_answer_cache_free(ad_answer_cache *c);

/* A malloc'd copy of the body stored under key (len in *len), or NULL. */
char *ad_answer_cache_get(ad_answer_cache *c, const char *key, size_t klen, size_t *len);

/* Stores a copy of body under key (replacing nothing if the key is already there), evicting the
 * least recently used answers to stay within both bounds; a body larger than the byte bound is
 * not stored. */
void ad_answer_cache_put(ad_answer_cache *c, const char *key, size_t klen, const char *body, size_t len);

/* Current number of answers and bytes held. */
void ad_answer_cache_stats(ad_answer_cache *c, size_t *entries, size_t *bytes);

#endif
