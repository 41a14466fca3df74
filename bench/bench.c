/*
 * xn benchmark: times xn's ToASCII / ToUnicode against ICU's UTS #46 and
 * libidn2 (when found at configure time) and three floors (memcpy, memcpy
 * behind a call into a shared library as xn is called, an ASCII-lowercasing
 * copy) on the same names, in one process.
 *
 *   bench [--samples N] [--op ascii|unicode|both] [--check] [--flags N] FILE...
 *   bench --once NAME FILE    one pass of the implementation NAME (for
 *                             callgrind: bench/callgrind.py)
 *
 * Method: every name is loaded once; each implementation is warmed up, then
 * calibrated so that one pass takes about 20 ms; samples of one pass each are
 * interleaved across the implementations (A B C A B C ...) so that drift in
 * the machine hits all alike; the median and the spread (min..max) of
 * ns/name are printed, and the ratio of each median to ICU's.
 *
 * Options match ICU's defaults: nontransitional, CheckBidi, CheckJoiners,
 * hyphens and lengths on, STD3 rules off (xn flag XN_NO_STD3_RULES).
 * --check verifies that xn and ICU give the same answer (success or failure,
 * and the same output) on every name, and exits 1 if they do not.
 *
 * Built as bench-compat (bench/meson.build), the same program is linked with
 * xn's own libidn2.so.0 (compat/idn2) instead of the system's libidn2: its
 * idn2_lookup_u8 is timed in the same process as xn_to_ascii, and the ratio
 * of the two medians is printed ("compat overhead").
 *
 * ada-url/idna (when bench/ was built with it, -Dada_idna=DIR) does the URL
 * Standard's domain to ASCII / Unicode: it is compared with xn under
 * XN_WHATWG, the same work, and that ratio is printed as well.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/uidna.h>

#ifdef HAVE_LIBIDN2
#include <idn2.h>
#endif

#include "corpus.h"
#include "xn.h"

#ifdef HAVE_ADA
/* bench/ada_shim.cpp */
int ada_bench_to_ascii(const char *in, size_t n, char *out, size_t cap, size_t *olen);
int ada_bench_to_unicode(const char *in, size_t n, char *out, size_t cap, size_t *olen);
#endif


typedef struct impl {
    const char *label;
    /* Converts one name; returns 1 on success, 0 on failure. */
    int (*run)(const void *ctx, const char *in, size_t n, char *out, size_t cap, size_t *olen);
    const void *ctx;
    double *samples;
} impl;

static unsigned xn_flags = XN_NO_STD3_RULES;

static int run_memcpy(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                      size_t *olen)
{
    (void)ctx;
    if (n >= cap)
        return 0;
    memcpy(out, in, n);
    out[n] = '\0';
    *olen = n;
    return 1;
}

/* floor.c, in a shared library of its own. */
int bench_floor_copy(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                     unsigned flags, void *report);

static int run_library_copy(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                            size_t *olen)
{
    (void)ctx;
    return bench_floor_copy(in, n, out, cap, olen, xn_flags, NULL) == 0;
}

static int run_lower(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                     size_t *olen)
{
    size_t i;
    (void)ctx;
    if (n >= cap)
        return 0;
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)in[i];
        out[i] = (char)(c - 'A' < 26u ? c + 32 : c);
    }
    out[n] = '\0';
    *olen = n;
    return 1;
}

static int run_xn_ascii(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                        size_t *olen)
{
    (void)ctx;
    return xn_to_ascii(in, n, out, cap, olen, xn_flags, NULL) == XN_OK;
}

static int run_xn_unicode(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                          size_t *olen)
{
    (void)ctx;
    return xn_to_unicode(in, n, out, cap, olen, xn_flags, NULL) == XN_OK;
}

static int run_xn_whatwg_ascii(const void *ctx, const char *in, size_t n, char *out,
                               size_t cap, size_t *olen)
{
    (void)ctx;
    return xn_to_ascii(in, n, out, cap, olen, XN_WHATWG, NULL) == XN_OK;
}

static int run_xn_whatwg_unicode(const void *ctx, const char *in, size_t n, char *out,
                                 size_t cap, size_t *olen)
{
    (void)ctx;
    return xn_to_unicode(in, n, out, cap, olen, XN_WHATWG, NULL) == XN_OK;
}

#ifdef HAVE_ADA
static int run_ada_ascii(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                         size_t *olen)
{
    (void)ctx;
    return ada_bench_to_ascii(in, n, out, cap, olen);
}

static int run_ada_unicode(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                           size_t *olen)
{
    (void)ctx;
    return ada_bench_to_unicode(in, n, out, cap, olen);
}
#endif

static int run_icu_ascii(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                         size_t *olen)
{
    UErrorCode err = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t len = uidna_nameToASCII_UTF8((const UIDNA *)ctx, in, (int32_t)n, out,
                                         (int32_t)cap, &info, &err);
    *olen = len > 0 ? (size_t)len : 0;
    return U_SUCCESS(err) && info.errors == 0;
}

static int run_icu_unicode(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                           size_t *olen)
{
    UErrorCode err = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t len = uidna_nameToUnicodeUTF8((const UIDNA *)ctx, in, (int32_t)n, out,
                                          (int32_t)cap, &info, &err);
    *olen = len > 0 ? (size_t)len : 0;
    return U_SUCCESS(err) && info.errors == 0;
}

#ifdef HAVE_LIBIDN2
static int run_idn2(const void *ctx, const char *in, size_t n, char *out, size_t cap,
                    size_t *olen)
{
    char *res = NULL;
    int rc;
    (void)ctx;
    if (in[n] != '\0') /* corpus_load() ends every name with a NUL */
        return 0;
    rc = idn2_lookup_u8((const uint8_t *)in, (uint8_t **)&res, IDN2_NONTRANSITIONAL);
    if (rc != IDN2_OK)
        return 0;
    *olen = strlen(res);
    if (*olen < cap)
        memcpy(out, res, *olen + 1);
    idn2_free(res);
    return 1;
}
#endif

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One pass over the corpus, `reps` times; returns ns per name.  The sink
 * keeps the compiler from dropping the work. */
static volatile size_t sink;

/* Not inlined: callgrind.py counts the instructions inside it alone. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static double pass(const impl *im, const corpus *c, unsigned reps)
{
    char out[1024];
    size_t i, olen = 0, acc = 0;
    unsigned r;
    double t0 = now_ns();
    for (r = 0; r < reps; r++)
        for (i = 0; i < c->count; i++) {
            acc += (size_t)im->run(im->ctx, c->name[i], c->len[i], out, sizeof out, &olen);
            acc += olen;
        }
    sink = acc;
    return (now_ns() - t0) / ((double)c->count * reps);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, unsigned n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The implementation of ims[0..n) called label, or NULL (a peer the bench
 * was built without). */
static const impl *find_impl(const impl *ims, size_t n, const char *label)
{
    size_t k;
    for (k = 0; k < n; k++)
        if (strcmp(ims[k].label, label) == 0)
            return &ims[k];
    return NULL;
}

/* The median of the implementation called label, or 0 when there is none. */
static double median_of(const impl *ims, size_t n, const char *label, unsigned samples)
{
    const impl *im = find_impl(ims, n, label);
    return im ? median(im->samples, samples) : 0;
}

static void bench(const char *title, impl *ims, size_t nim, const corpus *c, unsigned samples)
{
    unsigned reps, s;
    size_t k;
    double base = 0;
    /* Warm up and calibrate on the slowest implementation: ~20 ms a sample. */
    double slowest = 0;
    for (k = 0; k < nim; k++) {
        double t = pass(&ims[k], c, 1);
        if (t > slowest)
            slowest = t;
    }
    reps = (unsigned)(20e6 / (slowest * (double)c->count) + 1);
    if (reps > 1000)
        reps = 1000;
    for (s = 0; s < samples; s++)
        for (k = 0; k < nim; k++)
            ims[k].samples[s] = pass(&ims[k], c, reps);
    printf("\n%s (%zu names, %u samples of %u passes)\n", title, c->count, samples, reps);
    printf("  %-26s %10s %10s %10s %8s\n", "implementation", "median", "min", "max", "ratio");
    for (k = 0; k < nim; k++)
        if (strncmp(ims[k].label, "ICU", 3) == 0)
            base = median(ims[k].samples, samples);
    for (k = 0; k < nim; k++) {
        double med = median(ims[k].samples, samples);
        printf("  %-26s %8.1f ns %8.1f ns %8.1f ns %7.2fx\n", ims[k].label, med,
               ims[k].samples[0], ims[k].samples[samples - 1], base > 0 ? med / base : 0.0);
    }
    {
        /* The URL Standard's work: xn under XN_WHATWG against ada. */
        double xw = 0, ada = 0;
        for (k = 0; k < nim; k++) {
            if (strstr(ims[k].label, "(XN_WHATWG)"))
                xw = median(ims[k].samples, samples);
            if (strncmp(ims[k].label, "ada", 3) == 0)
                ada = median(ims[k].samples, samples);
        }
        if (xw > 0 && ada > 0)
            printf("  xn (XN_WHATWG) / ada-url/idna: %.2fx\n", xw / ada);
    }
    {
        /* xn ToASCII against the two floors: memcpy in this program, and a
         * copy behind a call into a shared library, as xn is called. */
        double xa = median_of(ims, nim, "xn ToASCII", samples);
        double mc = median_of(ims, nim, "memcpy (floor)", samples);
        double lc = median_of(ims, nim, "memcpy via .so (floor)", samples);
        if (xa > 0 && mc > 0 && lc > 0)
            printf("  xn ToASCII / memcpy: %.2fx; / memcpy via .so: %.2fx\n", xa / mc,
                   xa / lc);
    }
    {
        /* xn's libidn2.so.0 against the xn call it adapts, in this process. */
        double xa = median_of(ims, nim, "xn ToASCII", samples);
        double compat = median_of(ims, nim, "xn libidn2.so.0 lookup_u8", samples);
        if (xa > 0 && compat > 0)
            printf("  compat overhead: xn libidn2.so.0 idn2_lookup_u8 / xn_to_ascii: %.2fx\n",
                   compat / xa);
    }
}

/* The implementation of ims[0..n) called label (each is listed). */
static const impl *named(const impl *ims, size_t n, const char *label)
{
    const impl *im = find_impl(ims, n, label);
    if (!im) {
        fprintf(stderr, "bench: no implementation %s\n", label);
        exit(1);
    }
    return im;
}

/* xn and ICU must agree on every name: both fail, or both succeed with the
 * same output. */
static unsigned long check(const impl *xn, const impl *icu, const corpus *c, const char *what)
{
    char a[1024], b[1024];
    size_t i, la = 0, lb = 0;
    unsigned long bad = 0;
    for (i = 0; i < c->count; i++) {
        int ra = xn->run(xn->ctx, c->name[i], c->len[i], a, sizeof a, &la);
        int rb = icu->run(icu->ctx, c->name[i], c->len[i], b, sizeof b, &lb);
        if (ra != rb || (ra && (la != lb || memcmp(a, b, la) != 0))) {
            if (bad < 20)
                printf("  %s differs: %.*s: xn %s %.*s, ICU %s %.*s\n", what, (int)c->len[i],
                       c->name[i], ra ? "ok" : "fails", ra ? (int)la : 0, a,
                       rb ? "ok" : "fails", rb ? (int)lb : 0, b);
            bad++;
        }
    }
    printf("check %s: %zu names, %lu differ from ICU\n", what, c->count, bad);
    return bad;
}

int main(int argc, char **argv)
{
    unsigned samples = 15;
    int do_check = 0, f;
    const char *op = "both";
    const char *once = NULL;
    UErrorCode err = U_ZERO_ERROR;
    UIDNA *icu;
    unsigned long differ = 0;

    for (f = 1; f < argc && argv[f][0] == '-'; f++) {
        if (strcmp(argv[f], "--check") == 0)
            do_check = 1;
        else if (strcmp(argv[f], "--samples") == 0 && f + 1 < argc)
            samples = (unsigned)strtoul(argv[++f], NULL, 10);
        else if (strcmp(argv[f], "--op") == 0 && f + 1 < argc)
            op = argv[++f];
        else if (strcmp(argv[f], "--flags") == 0 && f + 1 < argc)
            xn_flags = (unsigned)strtoul(argv[++f], NULL, 0);
        else if (strcmp(argv[f], "--once") == 0 && f + 1 < argc)
            once = argv[++f];
        else {
            fprintf(stderr, "usage: bench [--samples N] [--op ascii|unicode|both] [--check] "
                            "[--flags N] [--once NAME] FILE...\n");
            return 2;
        }
    }
    if (f >= argc || samples == 0) {
        fprintf(stderr, "bench: no corpus file given\n");
        return 2;
    }
    icu = uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                              UIDNA_NONTRANSITIONAL_TO_ASCII |
                              UIDNA_NONTRANSITIONAL_TO_UNICODE,
                          &err);
    if (U_FAILURE(err)) {
        fprintf(stderr, "bench: uidna_openUTS46: %s\n", u_errorName(err));
        return 1;
    }
    printf("xn %s (Unicode %s), flags %#x; %s build; ada-url/idna: %s\n", xn_version(),
           xn_unicode_version(), xn_flags, BENCH_BUILD_TYPE,
#ifdef HAVE_ADA
           "built in"
#else
           "not built (-Dada_idna=DIR: its sources)"
#endif
    );

    for (; f < argc; f++) {
        corpus c;
        double *buf;
        impl a[9], u[6];
        size_t na = 0, nu = 0, k;
        memset(&c, 0, sizeof c);
        if (corpus_load(argv[f], &c) != 0) {
            fprintf(stderr, "bench: %s: %s\n", argv[f], strerror(errno));
            if (do_check && errno == ENOENT) {
                /* As a test: missing corpus data is a skip, never a pass. */
                fprintf(stderr, "SKIP: corpus %s not found\n", argv[f]);
                return 77;
            }
            return 1;
        }
        buf = (double *)calloc(14 * (size_t)samples, sizeof *buf);
        if (!buf)
            return 1;
        a[na++] = (impl){"memcpy (floor)", run_memcpy, NULL, NULL};
        a[na++] = (impl){"memcpy via .so (floor)", run_library_copy, NULL, NULL};
        a[na++] = (impl){"lowercasing copy (floor)", run_lower, NULL, NULL};
        a[na++] = (impl){"xn ToASCII", run_xn_ascii, NULL, NULL};
        a[na++] = (impl){"ICU ToASCII", run_icu_ascii, icu, NULL};
#if defined(XN_IDN2_COMPAT)
        a[na++] = (impl){"xn libidn2.so.0 lookup_u8", run_idn2, NULL, NULL};
#elif defined(HAVE_LIBIDN2)
        a[na++] = (impl){"libidn2 idn2_lookup_u8", run_idn2, NULL, NULL};
#endif
        a[na++] = (impl){"xn ToASCII (XN_WHATWG)", run_xn_whatwg_ascii, NULL, NULL};
#ifdef HAVE_ADA
        a[na++] = (impl){"ada idna::to_ascii", run_ada_ascii, NULL, NULL};
#endif
        u[nu++] = (impl){"xn ToUnicode", run_xn_unicode, NULL, NULL};
        u[nu++] = (impl){"ICU ToUnicode", run_icu_unicode, icu, NULL};
        u[nu++] = (impl){"xn ToUnicode (XN_WHATWG)", run_xn_whatwg_unicode, NULL, NULL};
#ifdef HAVE_ADA
        u[nu++] = (impl){"ada idna::to_unicode", run_ada_unicode, NULL, NULL};
#endif
        for (k = 0; k < na; k++)
            a[k].samples = buf + k * samples;
        for (k = 0; k < nu; k++)
            u[k].samples = buf + (8 + k) * samples;
        if (once) {
            /* One pass of one implementation, nothing else timed. */
            const impl *pick = NULL;
            for (k = 0; k < na; k++)
                if (strcmp(a[k].label, once) == 0)
                    pick = &a[k];
            for (k = 0; k < nu; k++)
                if (strcmp(u[k].label, once) == 0)
                    pick = &u[k];
            if (!pick) {
                fprintf(stderr, "bench: no implementation \"%s\"\n", once);
                return 2;
            }
            /* A first run outside pass(), which callgrind does not count:
             * lazy set-up (ICU's data, ada's tables) is not per name. */
            for (k = 0; k < c.count; k++) {
                char tmp[1024];
                size_t tl = 0;
                sink += (size_t)pick->run(pick->ctx, c.name[k], c.len[k], tmp, sizeof tmp, &tl);
            }
            printf("once %s: %zu names, %.1f ns/name\n", once, c.count, pass(pick, &c, 1));
            free(buf);
            free(c.name);
            free(c.len);
            free(c.data);
            continue;
        }
        printf("\n== %s\n", argv[f]);
        if (do_check) {
            differ += check(named(a, na, "xn ToASCII"), named(a, na, "ICU ToASCII"), &c,
                            "ToASCII");
            differ += check(named(u, nu, "xn ToUnicode"), named(u, nu, "ICU ToUnicode"), &c,
                            "ToUnicode");
        } else {
            if (strcmp(op, "unicode") != 0)
                bench("ToASCII", a, na, &c, samples);
            if (strcmp(op, "ascii") != 0)
                bench("ToUnicode", u, nu, &c, samples);
        }
        free(buf);
        free(c.name);
        free(c.len);
        free(c.data);
    }
    uidna_close(icu);
    return differ ? 1 : 0;
}
