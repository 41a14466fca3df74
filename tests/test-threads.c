/*
 * Every function is thread-safe: threads converting at the same time get
 * exactly the answers one thread gets.  The names cover the ASCII fast path,
 * the general path with ICU normalization, A-labels, errors and the WHATWG
 * profile.  (Run it under ThreadSanitizer for the data-race view.)
 */
#include <pthread.h>

#include "xn.h"
#include "test.h"

#define THREADS 4
#define ROUNDS 2000

static const char *const names[] = {
    "www.example.com", "BÜCHER.example", "Bu\xCC\x88" "cher.example", "xn--bcher-kva.example",
    "δοκιμή.ελ", "中国", "ශ්‍රී", "a\xE2\x80\x8C" "b", "0à.א", "xn--a.example",
    "a_b.example", "-x.example", "faß.de", "\xEF\xBC\xA1\xEF\xBC\xA2", "xn--example-.org",
    "\xC3", "a..b", "ǅ.example", "\xE1\x84\x80\xE1\x85\xA1.kr",
};
#define NAME_COUNT (sizeof names / sizeof names[0])
static const unsigned flag_sets[] = {0, XN_TRANSITIONAL, XN_WHATWG, XN_NO_STD3_RULES};
#define FLAG_COUNT (sizeof flag_sets / sizeof flag_sets[0])

typedef struct answer {
    int rc;
    size_t len;
    uint64_t errors;
    char out[256];
} answer;

/* Written before the threads start, only read while they run. */
static answer expected[2][FLAG_COUNT][NAME_COUNT];

static void convert(int op, unsigned flags, const char *name, answer *a)
{
    xn_report rep = XN_REPORT_INIT;
    memset(a, 0, sizeof *a);
    a->rc = (op ? xn_to_unicode : xn_to_ascii)(name, strlen(name), a->out, sizeof a->out,
                                               &a->len, flags, &rep);
    a->errors = rep.errors;
}

static void *worker(void *arg)
{
    unsigned long mismatches = 0, r;
    size_t seed = (size_t)arg;
    for (r = 0; r < ROUNDS; r++) {
        size_t i = (seed + r * 7) % NAME_COUNT, f = (seed + r) % FLAG_COUNT;
        int op = (int)((r + seed) & 1);
        answer a;
        const answer *e = &expected[op][f][i];
        convert(op, flag_sets[f], names[i], &a);
        if (a.rc != e->rc || a.len != e->len || a.errors != e->errors ||
            memcmp(a.out, e->out, e->len < sizeof a.out ? e->len : 0) != 0)
            mismatches++;
    }
    return (void *)(uintptr_t)mismatches;
}

int main(void)
{
    pthread_t t[THREADS];
    size_t i, f;
    int op;
    for (op = 0; op < 2; op++)
        for (f = 0; f < FLAG_COUNT; f++)
            for (i = 0; i < NAME_COUNT; i++)
                convert(op, flag_sets[f], names[i], &expected[op][f][i]);
    for (i = 0; i < THREADS; i++)
        CHECK(pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(i * 3)) == 0);
    for (i = 0; i < THREADS; i++) {
        void *res = NULL;
        CHECK(pthread_join(t[i], &res) == 0);
        CHECK_MSG(res == NULL, "thread %zu: %lu answers differ from one thread's",
                  i, (unsigned long)(uintptr_t)res);
    }
    return test_done("threads");
}
