/* The lesson answer cache: a chained hash table over a doubly linked LRU list, one mutex; each
 * entry is one allocation holding its key and the reply body. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_cache.h"

struct entry {
    struct entry *next_in_bucket;
    struct entry *newer, *older;   /* LRU list */
    uint64_t hash;
    size_t klen, len;
    char data[];                   /* key bytes, then body bytes */
};

struct ad_answer_cache {
    pthread_mutex_t lock;
    size_t max_entries, max_bytes;
    size_t entries, bytes;
    size_t nbuckets;               /* power of two */
    struct entry **buckets;
    struct entry *newest, *oldest;
};

static uint64_t fnv1a(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 1099511628211u;
    }
    return h;
}

static size_t entry_bytes(const struct entry *e)
{
    return sizeof *e + e->klen + e->len;
}

ad_answer_cache *ad_answer_cache_new(size_t max_entries, size_t max_bytes)
{
    if (!max_entries || !max_bytes)
        return NULL;
    ad_answer_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->max_entries = max_entries;
    c->max_bytes = max_bytes;
    c->nbuckets = 16;
    while (c->nbuckets < max_entries && c->nbuckets < (1u << 20))
        c->nbuckets *= 2;
    c->buckets = calloc(c->nbuckets, sizeof *c->buckets);
    if (!c->buckets) {
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

void ad_answer_cache_free(ad_answer_cache *c)
{
    if (!c)
        return;
    for (struct entry *e = c->newest, *next; e; e = next) {
        next = e->older;
        free(e);
    }
    free(c->buckets);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static struct entry **slot_of(ad_answer_cache *c, const char *key, size_t klen, uint64_t h)
{
    struct entry **p = &c->buckets[h & (c->nbuckets - 1)];
    while (*p && !((*p)->hash == h && (*p)->klen == klen && memcmp((*p)->data, key, klen) == 0))
        p = &(*p)->next_in_bucket;
    return p;
}

static void unlink_lru(ad_answer_cache *c, struct entry *e)
{
    if (e->newer)
        e->newer->older = e->older;
    else
        c->newest = e->older;
    if (e->older)
        e->older->newer = e->newer;
    else
        c->oldest = e->newer;
    e->newer = e->older = NULL;
}

static void push_newest(ad_answer_cache *c, struct entry *e)
{
    e->newer = NULL;
    e->older = c->newest;
    if (c->newest)
        c->newest->newer = e;
    c->newest = e;
    if (!c->oldest)
        c->oldest = e;
}

char *ad_answer_cache_get(ad_answer_cache *c, const char *key, size_t klen, size_t *len)
{
    if (!c)
        return NULL;
    uint64_t h = fnv1a(key, klen);
    char *out = NULL;
    pthread_mutex_lock(&c->lock);
    struct entry *e = *slot_of(c, key, klen, h);
    if (e) {
        unlink_lru(c, e);
        push_newest(c, e);
        out = malloc(e->len ? e->len : 1);
        if (out) {
            memcpy(out, e->data + e->klen, e->len);
            *len = e->len;
        }
    }
    pthread_mutex_unlock(&c->lock);
    return out;
}

static void evict_oldest(ad_answer_cache *c)
{
    struct entry *e = c->oldest;
    *slot_of(c, e->data, e->klen, e->hash) = e->next_in_bucket;
    unlink_lru(c, e);
    c->entries--;
    c->bytes -= entry_bytes(e);
    free(e);
}

void ad_answer_cache_put(ad_answer_cache *c, const char *key, size_t klen, const char *body, size_t len)
{
    if (!c || sizeof(struct entry) + klen + len > c->max_bytes)
        return;
    struct entry *e = malloc(sizeof *e + klen + len);
    if (!e)
        return;
    e->hash = fnv1a(key, klen);
    e->klen = klen;
    e->len = len;
    memcpy(e->data, key, klen);
    memcpy(e->data + klen, body, len);
    pthread_mutex_lock(&c->lock);
    struct entry **slot = slot_of(c, key, klen, e->hash);
    if (*slot) { /* another request stored it first: the bodies are the same */
        pthread_mutex_unlock(&c->lock);
        free(e);
        return;
    }
    e->next_in_bucket = NULL;
    *slot = e;
    push_newest(c, e);
    c->entries++;
    c->bytes += entry_bytes(e);
    while (c->entries > c->max_entries || c->bytes > c->max_bytes)
        evict_oldest(c);
    pthread_mutex_unlock(&c->lock);
}

void ad_answer_cache_stats(ad_answer_cache *c, size_t *entries, size_t *bytes)
{
    *entries = *bytes = 0;
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    *entries = c->entries;
    *bytes = c->bytes;
    pthread_mutex_unlock(&c->lock);
}
