/*
 * Every function is thread-safe: threads converting at the same time get
 * exactly the answers one thread gets.  The names cover the ASCII fast path,
 * the general path with ICU normalization, A-labels, errors and the WHATWG
 * profile.  And the first calls of a process, which load ICU (lib/icu.h)
 * and make xn's objects once: in a fresh process of this program
 * (--race), RACERS threads released together each make, as their first,
 * the calls that need ICU, in an order of their own, and must get what
 * the same calls give afterwards.  (Run it under ThreadSanitizer for the
 * data-race view.)
 */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "xn.h"
#include "test.h"

#define THREADS 4
#define ROUNDS 2000
#define RACERS 8

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

/* ---- first calls, racing ---------------------------------------------------- */

#define FIRST_CALLS 5
typedef struct first_answer {
    int rc;
    char out[256];
} first_answer;

static pthread_barrier_t start_line;
static first_answer raced[RACERS][FIRST_CALLS];

/* Call k of the calls that need ICU: NFC beyond the quick check (two
 * profiles), IDNA2003's Nameprep, the display's spoof checker, xn_nfc. */
static void first_call(int k, first_answer *a)
{
    static const char nfd[] = "Bu\xCC\x88" "cher.example";
    size_t n = 0;
    memset(a, 0, sizeof *a);
    switch (k) {
    case 0:
        a->rc = xn_to_ascii(nfd, sizeof nfd - 1, a->out, sizeof a->out, &n, 0, NULL);
        break;
    case 1:
        a->rc = xn_idna2008_lookup(nfd, sizeof nfd - 1, a->out, sizeof a->out, &n,
                                   XN_IDNA2008_MAP, NULL);
        break;
    case 2:
        a->rc = xn_idna2003_to_ascii("B\xC3\xBC" "cher.de", 9, a->out, sizeof a->out, &n, 0,
                                     NULL);
        break;
    case 3: {
        xn_display_report d = XN_DISPLAY_REPORT_INIT;
        a->rc = xn_to_display("xn--bcher-kva.xn--fiqs8s", 24, a->out, sizeof a->out, &n, 0,
                              NULL, &d);
        break;
    }
    default:
        a->rc = xn_nfc("e\xCC\x81", 3, a->out, sizeof a->out, &n);
        break;
    }
}

/* What IDNA2003 (call 2) gives: built on libxn's objects whose ICU cannot
 * be loaded (TEST_NO_ICU, tests/noicu/), where libunistring normalizes and
 * the other calls convert, it fails alike in every thread. */
#ifdef TEST_NO_ICU
#define IDNA2003_RC XN_E_ICU_UNAVAILABLE
#else
#define IDNA2003_RC XN_OK
#endif

static void *racer(void *arg)
{
    size_t r = (size_t)(uintptr_t)arg, k;
    pthread_barrier_wait(&start_line);
    for (k = 0; k < FIRST_CALLS; k++) {
        int call = (int)((k + r) % FIRST_CALLS);
        first_call(call, &raced[r][call]);
    }
    return NULL;
}

static int race(void)
{
    pthread_t t[RACERS];
    size_t r;
    int k;
    CHECK(pthread_barrier_init(&start_line, NULL, RACERS) == 0);
    for (r = 0; r < RACERS; r++)
        CHECK(pthread_create(&t[r], NULL, racer, (void *)(uintptr_t)r) == 0);
    for (r = 0; r < RACERS; r++)
        CHECK(pthread_join(t[r], NULL) == 0);
    for (k = 0; k < FIRST_CALLS; k++) {
        first_answer after;
        first_call(k, &after);
        CHECK_MSG(after.rc == (k == 2 ? IDNA2003_RC : XN_OK), "call %d after the race: %s", k,
                  xn_strerror_name(after.rc));
        for (r = 0; r < RACERS; r++)
            CHECK_MSG(raced[r][k].rc == after.rc && strcmp(raced[r][k].out, after.out) == 0,
                      "call %d, racing thread %zu: %s \"%s\", later \"%s\"", k, r,
                      xn_strerror_name(raced[r][k].rc), raced[r][k].out, after.out);
    }
    pthread_barrier_destroy(&start_line);
    return test_done("threads --race");
}

int main(int argc, char **argv)
{
    pthread_t t[THREADS];
    size_t i, f;
    int op;
    char cmd[4096];

    if (argc == 2 && strcmp(argv[1], "--race") == 0)
        return race();
    /* First, before this process loads anything: the race in a fresh one. */
    snprintf(cmd, sizeof cmd, "'%s' --race", argv[0]);
    CHECK_MSG(system(cmd) == 0, "first calls racing in %d threads (%s): failed", RACERS, cmd);
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
