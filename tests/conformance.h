/*
 * What the conformance runners share (test-conformance.c: IdnaTestV2.txt;
 * test-whatwg.c: WPT and the ada fixtures): reading the testdata folder,
 * calling an entry point on an exact-size copy of the input with a
 * capacity grown as the size query asks, judging a result against the
 * file's expectation and counting.
 */
#ifndef XN_TEST_CONFORMANCE_H
#define XN_TEST_CONFORMANCE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xn.h"
#include "test-version.h"
#include "testdata.h"

static const char *g_dir;
static unsigned long g_pass, g_ran;

/* ---- strings ----------------------------------------------------------- */

typedef struct cpv {
    uint32_t *v;
    size_t n, cap;
} cpv;

/* Decodes s to code points into a (emptied first); false when ill-formed. */
static inline bool to_cps(const char *s, size_t n, cpv *a, bool allow_sur)
{
    if (a->cap < n) {
        a->cap = n;
        a->v = test_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    return test_utf8_to_cps(s, n, a->v, &a->n, allow_sur);
}

/* ---- files, lines, fields ---------------------------------------------- */

static char g_path[4096];

/* Reads ARGV1/rel whole (test_read_file), keeping its path for messages. */
static inline char *slurp(const char *rel, size_t *len)
{
    snprintf(g_path, sizeof g_path, "%s/%s", g_dir, rel);
    return test_read_file(g_dir, rel, len);
}

/* ---- printing ---------------------------------------------------------- */

static inline void print_str(const char *label, const char *s, size_t n)
{
    size_t cap = n * 10 + 16;
    char *buf = test_xrealloc(NULL, cap);
    printf("    %-9s \"%s\"\n", label, test_escape(buf, cap, s, n));
    free(buf);
}

static inline const char *codes_text(uint64_t errors, char *buf, size_t cap)
{
    xn_errors_format(errors, buf, cap);
    return buf;
}

/* ---- calling the library ----------------------------------------------- */

typedef int (*conv_fn)(const char *, size_t, char *, size_t, size_t *, unsigned, xn_report *);

typedef struct result {
    int rc;
    char *out;
    size_t len;
    xn_report rep;
    const char *contract; /* a broken promise of the API, or NULL */
} result;

/* Runs f on an exact-size heap copy of in, with a 4 KiB output buffer grown
 * once to the size a XN_E_BUFFER_TOO_SMALL reports. */
static inline void run(conv_fn f, const test_buf *in, unsigned flags, bool is_ascii, result *r)
{
    size_t cap = 4096;
    char *copy = test_exact_copy(in->s ? in->s : "", in->n);
    memset(r, 0, sizeof *r);
    r->rep.size = sizeof r->rep;
    r->out = test_xrealloc(NULL, cap);
    r->rc = f(copy, in->n, r->out, cap, &r->len, flags, &r->rep);
    if (r->rc == XN_E_BUFFER_TOO_SMALL) {
        cap = r->len + 1;
        r->out = test_xrealloc(r->out, cap);
        r->rc = f(copy, in->n, r->out, cap, &r->len, flags, &r->rep);
    }
    free(copy);
    if (r->rc == XN_OK || (!is_ascii && r->rc == XN_E_INVALID_DOMAIN)) {
        if (r->len >= cap) {
            r->contract = "*out_len is past out_cap";
            r->len = 0;
        } else if (r->out[r->len] != '\0') {
            r->contract = "output not NUL-terminated";
        }
    } else {
        if (is_ascii && r->rc == XN_E_INVALID_DOMAIN && r->len != 0)
            r->contract = "xn_to_ascii failed but *out_len != 0";
        r->len = 0;
    }
}

/* Equality; with wildcard, U+FFFD in the actual string matches any one
 * code point of the expected one (IdnaTestV2.txt header). */
static inline bool same_output(const char *got, size_t got_n, const test_buf *want, bool wildcard)
{
    cpv a = {0}, b = {0};
    bool eq;
    size_t i;
    if (got_n == want->n && memcmp(got, want->s ? want->s : "", got_n) == 0)
        return true;
    if (!wildcard || !to_cps(got, got_n, &a, false) || !to_cps(want->s, want->n, &b, true)) {
        free(a.v);
        free(b.v);
        return false;
    }
    eq = a.n == b.n;
    for (i = 0; eq && i < a.n; i++)
        eq = a.v[i] == b.v[i] || a.v[i] == 0xFFFD;
    free(a.v);
    free(b.v);
    return eq;
}

enum want_kind {
    WANT_OK,           /* XN_OK and the expected output */
    WANT_INVALID,      /* XN_E_INVALID_DOMAIN (output not compared) */
    WANT_INVALID_OUT,  /* XN_E_INVALID_DOMAIN and the expected output (ToUnicode) */
    WANT_ANY_FAILURE,  /* any negative status */
    WANT_OUTPUT        /* the expected output, whatever the status (ada to_unicode) */
};

/* Checks one result; prints the failure in full and returns false. */
static inline bool judge(const char *where, unsigned line, const char *op, const test_buf *in,
                  const result *r, enum want_kind kind, const test_buf *want,
                  const char *want_codes, bool wildcard)
{
    bool ok;
    char codes[256];
    test_checks++;
    switch (kind) {
    case WANT_OK:
        ok = r->rc == XN_OK && same_output(r->out, r->len, want, wildcard);
        break;
    case WANT_INVALID:
        ok = r->rc == XN_E_INVALID_DOMAIN;
        break;
    case WANT_INVALID_OUT:
        ok = r->rc == XN_E_INVALID_DOMAIN && same_output(r->out, r->len, want, wildcard);
        break;
    case WANT_ANY_FAILURE:
        ok = r->rc < 0;
        break;
    case WANT_OUTPUT:
    default:
        ok = (r->rc == XN_OK || r->rc == XN_E_INVALID_DOMAIN) &&
             same_output(r->out, r->len, want, wildcard);
        break;
    }
    if (ok && !r->contract)
        return true;
    test_failures++;
    printf("FAIL %s:%u %s\n", where, line, op);
    print_str("input:", in->s, in->n);
    switch (kind) {
    case WANT_OK:
        printf("    expected: XN_OK\n");
        break;
    case WANT_INVALID:
        printf("    expected: XN_E_INVALID_DOMAIN %s (output not compared)\n", want_codes);
        break;
    case WANT_INVALID_OUT:
        printf("    expected: XN_E_INVALID_DOMAIN %s\n", want_codes);
        break;
    case WANT_ANY_FAILURE:
        printf("    expected: a failure %s (output not compared)\n", want_codes);
        break;
    case WANT_OUTPUT:
    default:
        printf("    expected: XN_OK or XN_E_INVALID_DOMAIN\n");
        break;
    }
    if (kind == WANT_OK || kind == WANT_INVALID_OUT || kind == WANT_OUTPUT)
        print_str("expected:", want->s, want->n);
    printf("    actual:   %s [%s]%s%s\n", xn_strerror_name(r->rc),
           codes_text(r->rep.errors, codes, sizeof codes), r->contract ? " -- " : "",
           r->contract ? r->contract : "");
    if (r->rc == XN_OK || r->rc == XN_E_INVALID_DOMAIN)
        print_str("actual:", r->out, r->len);
    return false;
}

typedef struct stats {
    unsigned long pass, fail;
} stats;

static inline void count(stats *s, bool ok)
{
    if (ok) {
        s->pass++;
        g_pass++;
    } else {
        s->fail++;
    }
}

static inline void print_stats(const char *name, const stats *s)
{
    printf("%s: %lu passed, %lu failed\n", name, s->pass, s->fail);
}


/* The end of a runner: its count, and its status (77, skipped, when a file
 * was missing and nothing failed: a partial run is no pass). */
static inline int conformance_done(const char *name)
{
    printf("%s: %lu passed, %lu failed; %lu file(s) missing\n", name, g_pass, test_failures,
           test_missing);
    if (test_failures)
        return 1;
    if (test_missing || g_ran == 0) {
        fprintf(stderr, "SKIP: partial run (%lu file(s) missing): not a pass\n", test_missing);
        return TEST_SKIP;
    }
    return 0;
}

/* The start of a runner: argv[1] is the testdata folder. */
static inline bool conformance_start(int argc, char **argv)
{
    /* Line-buffered, so that SKIP lines on stderr interleave in order. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc != 2) {
        fprintf(stderr, "usage: %s TESTDATA\n", argv[0]);
        return false;
    }
    g_dir = argv[1];
    printf("xn %s, Unicode data %s; testdata %s\n", xn_version(), xn_unicode_version(), g_dir);
    return true;
}

#endif
