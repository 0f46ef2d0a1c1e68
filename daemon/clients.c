/* Client addresses and their unfinished uploads (clients.h): a hash table of the addresses that
 * have one, an entry made on the first and freed with the last, under one mutex (touched once
 * when a body starts and once when it ends, never per byte). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "clients.h"

struct ad_client {
    struct ad_client *next;
    ad_addr addr;
    long uploads;
};

ad_addr ad_addr_of(const struct sockaddr *sa)
{
    ad_addr a = {{0}, 0};
    if (!sa)
        return a;
    if (sa->sa_family == AF_INET) {
        memcpy(a.bytes, &((const struct sockaddr_in *)sa)->sin_addr, 4);
        a.len = 4;
    } else if (sa->sa_family == AF_INET6) {
        const struct in6_addr *v6 = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(v6)) {
            memcpy(a.bytes, v6->s6_addr + 12, 4);
            a.len = 4;
        } else {
            memcpy(a.bytes, v6->s6_addr, 16);
            a.len = 16;
        }
    }
    return a;
}

void ad_addr_text(const ad_addr *a, char *out, size_t cap)
{
    if (cap == 0)
        return;
    if (!a->len || !inet_ntop(a->len == 4 ? AF_INET : AF_INET6, a->bytes, out, (socklen_t)cap))
        snprintf(out, cap, "-");
}

static unsigned bucket_of(const ad_addr *a)
{
    unsigned h = 2166136261u;
    for (unsigned i = 0; i < a->len; i++)
        h = (h ^ a->bytes[i]) * 16777619u;
    return h % 256u;
}

static bool same(const ad_addr *x, const ad_addr *y)
{
    return x->len == y->len && memcmp(x->bytes, y->bytes, x->len) == 0;
}

void ad_clients_init(ad_clients *t, long max_uploads_per_address)
{
    memset(t->buckets, 0, sizeof t->buckets);
    pthread_mutex_init(&t->lock, NULL);
    t->max_uploads = max_uploads_per_address;
    atomic_init(&t->uploads, 0);
    atomic_init(&t->over_share, 0);
}

void ad_clients_free(ad_clients *t)
{
    for (unsigned b = 0; b < 256; b++)
        while (t->buckets[b]) {
            struct ad_client *next = t->buckets[b]->next;
            free(t->buckets[b]);
            t->buckets[b] = next;
        }
    pthread_mutex_destroy(&t->lock);
}

bool ad_clients_upload_begin(ad_clients *t, const ad_addr *a)
{
    if (!a->len || t->max_uploads <= 0) { /* not limited: counted in all only */
        atomic_fetch_add_explicit(&t->uploads, 1, memory_order_relaxed);
        return true;
    }
    unsigned b = bucket_of(a);
    bool ok = true;
    pthread_mutex_lock(&t->lock);
    struct ad_client *e = t->buckets[b];
    while (e && !same(&e->addr, a))
        e = e->next;
    if (!e && (e = calloc(1, sizeof *e)) != NULL) {
        e->addr = *a;
        e->next = t->buckets[b];
        t->buckets[b] = e;
    }
    if (e) {
        ok = e->uploads < t->max_uploads;
        e->uploads++;
    } else {
        ok = false; /* out of memory: over its share, as if it had the most */
    }
    pthread_mutex_unlock(&t->lock);
    atomic_fetch_add_explicit(&t->uploads, 1, memory_order_relaxed);
    if (!ok)
        atomic_fetch_add_explicit(&t->over_share, 1, memory_order_relaxed);
    return ok;
}

void ad_clients_upload_end(ad_clients *t, const ad_addr *a)
{
    atomic_fetch_sub_explicit(&t->uploads, 1, memory_order_relaxed);
    if (!a->len || t->max_uploads <= 0)
        return;
    unsigned b = bucket_of(a);
    pthread_mutex_lock(&t->lock);
    for (struct ad_client **link = &t->buckets[b]; *link; link = &(*link)->next)
        if (same(&(*link)->addr, a)) {
            struct ad_client *e = *link;
            if (--e->uploads <= 0) {
                *link = e->next;
                free(e);
            }
            break;
        }
    pthread_mutex_unlock(&t->lock);
}
