/* Client addresses and what each has in progress that is not yet work: request bodies still
 * arriving. A table of the addresses with at least one, so that the server can tell an address
 * past its share (max-uploads-per-ip) however many connections it opens: slow uploads never count
 * against max-inflight, which is for requests that are in. */
#ifndef AD_CLIENTS_H
#define AD_CLIENTS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct sockaddr;

/* A client's address: the IPv4 or IPv6 bytes (an IPv4-mapped IPv6 address is its IPv4 one). */
typedef struct ad_addr {
    unsigned char bytes[16];
    unsigned char len;          /* 4 or 16; 0: unknown (never limited) */
} ad_addr;

/* The address of sa (AF_INET, AF_INET6; anything else is "unknown"). */
ad_addr ad_addr_of(const struct sockaddr *sa);
/* The address as text ("127.0.0.1", "::1"), for logs. */
void ad_addr_text(const ad_addr *a, char *out, size_t cap);

typedef struct ad_clients {
    pthread_mutex_t lock;
    struct ad_client *buckets[256];
    long max_uploads;           /* unfinished uploads one address may have; 0: no limit */
    atomic_long uploads;        /* unfinished uploads in all */
    atomic_ulong over_share;    /* uploads that began while their address already had max_uploads */
} ad_clients;

void ad_clients_init(ad_clients *t, long max_uploads_per_address);
void ad_clients_free(ad_clients *t);

/* A request body starts arriving from a: counted; false when a already had max_uploads of them
 * (the caller gives this one a short deadline). */
bool ad_clients_upload_begin(ad_clients *t, const ad_addr *a);
/* It is complete, or its request ended first. */
void ad_clients_upload_end(ad_clients *t, const ad_addr *a);

#endif
