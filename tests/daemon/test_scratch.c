/* daemon/scratch.c: jansson values made in a window come from the thread's arena and cost no
 * malloc; big ones, and everything outside a window or on another thread, come from the heap and
 * are freed exactly (ASan and valgrind check that part). */
#include <jansson.h>
#include <pthread.h>
#include <string.h>

#include "harness.h"
#include "scratch.h"

static json_t *tree(int n)
{
    json_t *moves = json_array();
    for (int i = 0; i < n; i++) {
        json_t *m = json_object();
        json_object_set_new(m, "uci", json_string("e2e4"));
        json_object_set_new(m, "san", json_string("e4"));
        json_array_append_new(moves, m);
    }
    return moves;
}

static void *other_thread(void *arg)
{
    size_t *seen = arg;
    ad_scratch_begin();
    json_t *t = tree(10);
    seen[0] = ad_scratch_used();
    json_decref(t);
    ad_scratch_end();
    seen[1] = ad_scratch_used();
    return NULL;
}

int main(void)
{
    ad_scratch_install();

    harness_begin("scratch.outside_a_window");
    json_t *before = tree(20); /* heap: no window is open */
    CHECK_INT((long)ad_scratch_used(), 0);

    harness_begin("scratch.window");
    ad_scratch_begin();
    CHECK_INT((long)ad_scratch_used(), 0);
    json_t *t = tree(50);
    size_t used = ad_scratch_used();
    CHECK_MSG(used > 50 * 64, "50 small objects took %zu arena bytes", used);
    char *dump = json_dumps(t, JSON_COMPACT);
    CHECK(dump != NULL && strncmp(dump, "[{\"uci\":\"e2e4\",\"san\":\"e4\"}", 25) == 0);
    json_free_t jfree;
    json_get_alloc_funcs(NULL, &jfree);
    jfree(dump); /* jansson's own buffers go back through its free function */
    json_decref(t);
    json_decref(before); /* a heap tree released inside a window goes back to malloc */

    harness_begin("scratch.too_big_for_the_arena");
    size_t big_len = AD_SCRATCH_BYTES + 1000;
    char *big = malloc(big_len + 1);
    memset(big, 'x', big_len);
    big[big_len] = 0;
    size_t was = ad_scratch_used();
    json_t *s = json_string(big);
    CHECK(s != NULL && strlen(json_string_value(s)) == big_len);
    CHECK_MSG(ad_scratch_used() - was < 1024, "the big string went to the heap (%zu arena bytes)", ad_scratch_used() - was);
    json_decref(s);
    free(big);

    harness_begin("scratch.full_arena_falls_back");
    json_t *many = tree(5000); /* far more than the arena holds */
    CHECK_INT((long)json_array_size(many), 5000);
    CHECK(ad_scratch_used() <= AD_SCRATCH_BYTES);
    json_t *last = json_array_get(many, 4999);
    CHECK(strcmp(json_string_value(json_object_get(last, "san")), "e4") == 0);
    json_decref(many);
    ad_scratch_end();
    CHECK_INT((long)ad_scratch_used(), 0);

    harness_begin("scratch.reused");
    ad_scratch_begin();
    CHECK_INT((long)ad_scratch_used(), 0);
    json_t *again = tree(5);
    CHECK(ad_scratch_used() > 0);
    json_decref(again);
    ad_scratch_end();

    harness_begin("scratch.per_thread");
    ad_scratch_begin();
    json_t *mine = tree(3);
    size_t here = ad_scratch_used();
    size_t seen[2] = {0, 1};
    pthread_t th;
    pthread_create(&th, NULL, other_thread, seen);
    pthread_join(th, NULL);
    CHECK_MSG(seen[0] > 0 && seen[1] == 0, "the other thread's window: %zu then %zu", seen[0], seen[1]);
    CHECK_INT((long)ad_scratch_used(), (long)here); /* untouched by the other thread */
    json_decref(mine);
    ad_scratch_end();
    return harness_finish();
}
