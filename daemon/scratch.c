/* The scratch arena behind jansson (see scratch.h). Every block carries a 16-byte header naming
 * where it came from, so a free is exact whatever window it happens in: heap blocks go back to
 * malloc, arena blocks are dropped with the window. */
#include <jansson.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "scratch.h"

#define HEADER 16u
#define FROM_HEAP 0x68656170u  /* "heap" */
#define FROM_ARENA 0x6172656eu /* "aren" */

struct arena {
    unsigned char *base;
    size_t used;
    int open;
};

/* The key frees a thread's arena when the thread ends; the thread-local copy of the pointer is
 * what the allocator reads (pthread_getspecific on every jansson allocation was measurable). */
static pthread_key_t arena_key;
static pthread_once_t arena_once = PTHREAD_ONCE_INIT;
static _Thread_local struct arena *arena_tls;

static void arena_destroy(void *p)
{
    struct arena *a = p;
    arena_tls = NULL;
    free(a->base);
    free(a);
}

static void make_key(void)
{
    pthread_key_create(&arena_key, arena_destroy);
}

/* The calling thread's arena, made on first use; NULL if memory is short (then: malloc). */
static struct arena *arena_here(void)
{
    pthread_once(&arena_once, make_key);
    struct arena *a = arena_tls;
    if (!a) {
        a = calloc(1, sizeof *a);
        if (!a)
            return NULL;
        a->base = malloc(AD_SCRATCH_BYTES);
        if (!a->base || pthread_setspecific(arena_key, a) != 0) {
            free(a->base);
            free(a);
            return NULL;
        }
        arena_tls = a;
    }
    return a;
}

static void *tagged(unsigned char *block, uint32_t from)
{
    *(uint32_t *)block = from;
    return block + HEADER;
}

static void *from_heap(size_t size)
{
    unsigned char *block = size <= SIZE_MAX - HEADER ? malloc(size + HEADER) : NULL;
    return block ? tagged(block, FROM_HEAP) : NULL;
}

static void *scratch_malloc(size_t size)
{
    struct arena *a = arena_tls;
    if (a && a->open && size <= AD_SCRATCH_BYTES) {
        size_t need = (size + HEADER + 15u) & ~(size_t)15u; /* keeps malloc's 16-byte alignment */
        if (a->used + need <= AD_SCRATCH_BYTES) {
            unsigned char *block = a->base + a->used;
            a->used += need;
            return tagged(block, FROM_ARENA);
        }
    }
    return from_heap(size);
}

static void scratch_free(void *p)
{
    if (!p)
        return;
    unsigned char *block = (unsigned char *)p - HEADER;
    if (*(uint32_t *)block == FROM_HEAP)
        free(block);
    /* FROM_ARENA: released with its window */
}

void ad_scratch_install(void)
{
    pthread_once(&arena_once, make_key);
    json_set_alloc_funcs(scratch_malloc, scratch_free);
}

void ad_scratch_begin(void)
{
    struct arena *a = arena_here();
    if (a) {
        a->used = 0;
        a->open = 1;
    }
}

void ad_scratch_end(void)
{
    struct arena *a = arena_tls;
    if (a)
        a->open = 0;
}

size_t ad_scratch_used(void)
{
    struct arena *a = arena_tls;
    return a && a->open ? a->used : 0;
}
