/*
 * Allocation failure.  The only allocating paths of libxn are the *_alloc
 * wrappers (UTS #46, IDNA2008, IDNA2003, display and mail), which share one
 * implementation, xn__convert_alloc_extra; each wrapper is run here.  This program is linked
 * with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free, so every
 * call to those from libxn's static objects (and from this file) goes to
 * __wrap_* below, which can fail the Nth allocation and keeps the set of
 * live blocks.  For each input, N = 0, 1, 2 ... until a call makes no more
 * than N allocations:
 *  - when allocation N failed: the status is XN_E_NOMEM, *out is NULL,
 *    *out_len is 0, and every block the call allocated was freed;
 *  - otherwise: the status, output and length equal those of a normal run,
 *    and after xn_free() nothing is live.
 * Labels longer than XN__SMALL_LABEL (256) code points also move the
 * conversions' per-label buffers to the heap (the stack budget of xn.h):
 * mapped labels, NFC, A-labels decoded, ACE copies, IDNA2008 and IDNA2003
 * labels, each run here with every allocation failing in turn.
 * The inputs reach every branch of the wrappers: a result that fits the
 * internal stack buffer, one that does not (allocate, convert again),
 * ToUnicode's output on XN_E_INVALID_DOMAIN (small and large), an empty
 * result, failures that allocate nothing, and bad arguments.  Run it under
 * ASan/LSan (-Db_sanitize=address) and valgrind for leaks the set cannot
 * see (blocks ICU allocates are its own and are not counted here).
 */
#include <stdbool.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <unicode/uclean.h>
#include <unicode/udata.h>
#include <unicode/usprep.h>

#include "xn.h"
#include "test.h"
#include "xn_nfc_data.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

#define LIVE_MAX 64

static bool armed;        /* count and fail only inside the library call */
static long fail_at = -1; /* the allocation to fail, counted from 0; -1: none */
static long seen;         /* allocations while armed */
static bool failed;       /* one was failed */
static void *live[LIVE_MAX];
static size_t nlive;

static void track(void *p)
{
    if (!p)
        return;
    if (nlive == LIVE_MAX) {
        fprintf(stderr, "test-oom: too many live blocks\n");
        abort();
    }
    live[nlive++] = p;
}

static void untrack(void *p)
{
    size_t i;
    for (i = 0; i < nlive; i++) {
        if (live[i] == p) {
            live[i] = live[--nlive];
            return;
        }
    }
}

/* True when this allocation is to fail. */
static bool inject(void)
{
    if (!armed)
        return false;
    if (seen++ == fail_at) {
        failed = true;
        return true;
    }
    return false;
}

void *__wrap_malloc(size_t n)
{
    void *p;
    if (inject())
        return NULL;
    p = __real_malloc(n);
    if (armed)
        track(p);
    return p;
}

void *__wrap_calloc(size_t n, size_t m)
{
    void *p;
    if (inject())
        return NULL;
    p = __real_calloc(n, m);
    if (armed)
        track(p);
    return p;
}

void *__wrap_realloc(void *q, size_t n)
{
    void *p;
    if (inject())
        return NULL;
    p = __real_realloc(q, n);
    if (p) {
        untrack(q);
        if (armed)
            track(p);
    }
    return p;
}

void __wrap_free(void *p)
{
    untrack(p);
    __real_free(p);
}

/* ICU's allocator: the same countdown, not tracked (ICU keeps caches). */
static void *U_CALLCONV icu_alloc(const void *ctx, size_t n)
{
    (void)ctx;
    return inject() ? NULL : __real_malloc(n ? n : 1);
}

static void *U_CALLCONV icu_realloc(const void *ctx, void *p, size_t n)
{
    (void)ctx;
    return inject() ? NULL : __real_realloc(p, n ? n : 1);
}

static void U_CALLCONV icu_free(const void *ctx, void *p)
{
    (void)ctx;
    __real_free(p);
}

static void arm(long n)
{
    armed = true;
    fail_at = n;
    seen = 0;
    failed = false;
}

static void disarm(void)
{
    armed = false;
    fail_at = -1;
}

static void run_fn(int line, test_alloc_fn fn, const char *what, const char *in, size_t n,
                   unsigned flags)
{
    char esc[200];
    char *ref = NULL, *out;
    size_t ref_len = 0, len;
    long k;
    int ref_rc, rc;

    test_escape(esc, sizeof esc, in, n);
    ref_rc = fn(in, n, &ref, &ref_len, flags, NULL); /* unarmed: the normal result */
    for (k = 0; k < 3000; k++) {
        out = (char *)&len;
        len = 12345;
        nlive = 0;
        arm(k);
        rc = fn(in, n, &out, &len, flags, NULL);
        disarm();
        if (failed && rc != XN_E_NOMEM && rc == ref_rc && len == ref_len &&
            (out == NULL) == (ref == NULL) && (!out || memcmp(out, ref, len + 1) == 0)) {
            /* ICU did without the block it could not have (a cache it
             * skips): the normal result, and nothing else live. */
            CHECK_MSG(nlive == (out ? 1u : 0u), "line %d: \"%s\", allocation %ld failed: %zu "
                      "blocks live besides the result", line, esc, k, nlive - (out ? 1u : 0u));
            xn_free(out);
            continue;
        }
        if (failed) {
            CHECK_MSG(rc == XN_E_NOMEM && out == NULL && len == 0,
                      "line %d: \"%s\", allocation %ld failed: %s, out %p, len %zu", line, esc,
                      k, xn_strerror_name(rc), (void *)out, len);
            CHECK_MSG(nlive == 0, "line %d: \"%s\", allocation %ld failed: %zu blocks leaked",
                      line, esc, k, nlive);
            if (rc == XN_OK || rc == XN_E_INVALID_DOMAIN)
                xn_free(out);
            continue;
        }
        /* No allocation was failed: the normal result. */
        CHECK_MSG(rc == ref_rc && len == ref_len && (out == NULL) == (ref == NULL) &&
                      (!out || memcmp(out, ref, len + 1) == 0),
                  "line %d: \"%s\" with %ld allocations allowed: %s/%zu, normally %s/%zu", line,
                  esc, k, xn_strerror_name(rc), len, xn_strerror_name(ref_rc), ref_len);
        CHECK_MSG(nlive == (out ? 1u : 0u) && (!out || live[0] == out),
                  "line %d: \"%s\": %zu blocks live besides the result", line, esc,
                  nlive - (out ? 1u : 0u));
        xn_free(out);
        CHECK_MSG(nlive == 0, "line %d: \"%s\": %zu blocks live after xn_free", line, esc, nlive);
        printf("%-28s %-44.44s 0x%03X %-22s %ld allocation(s)\n", what, esc, flags,
               xn_strerror_name(rc), k);
        break;
    }
    CHECK_MSG(k < 3000, "line %d: \"%s\" never completed", line, esc);
    xn_free(ref);
}

/* A caller-buffer call's result buf (status rc, *len bytes and its NUL)
 * copied into a block of its own in *out, as an *_alloc form gives it. */
static int copied_out(int rc, const char *buf, char **out, size_t *len)
{
    *out = NULL;
    if (rc == XN_OK) {
        *out = malloc(*len + 1);
        if (*out)
            memcpy(*out, buf, *len + 1);
        else
            rc = XN_E_NOMEM;
    }
    if (rc != XN_OK)
        *len = 0;
    return rc;
}

/* xn_idna2008_register() in test_alloc_fn's shape (it has no *_alloc form):
 * the label given as the U-label, or with XN_TEST_AS_ALABEL as the
 * A-label; the result is copied into a block of its own. */
#define XN_TEST_AS_ALABEL 0x80000000u

static int register_alloc(const char *in, size_t n, char **out, size_t *len, unsigned flags,
                          xn_report *rep)
{
    char buf[XN_DOMAIN_MAX];
    bool a = (flags & XN_TEST_AS_ALABEL) != 0;
    int rc = xn_idna2008_register(a ? NULL : in, a ? 0 : n, a ? in : NULL, a ? n : 0, buf,
                                  sizeof buf, len, flags & ~XN_TEST_AS_ALABEL, rep);
    return copied_out(rc, buf, out, len);
}

/* xn_idna2008_register_name() in test_alloc_fn's shape, as register_alloc(). */
static int register_name_alloc(const char *in, size_t n, char **out, size_t *len,
                               unsigned flags, xn_report *rep)
{
    char buf[XN_DOMAIN_MAX];
    int rc = xn_idna2008_register_name(in, n, buf, sizeof buf, len, flags, rep);
    return copied_out(rc, buf, out, len);
}

static void run(int line, bool to_ascii, const char *in, size_t n, unsigned flags)
{
    if (to_ascii)
        run_fn(line, xn_to_ascii_alloc, "to_ascii", in, n, flags);
    else
        run_fn(line, xn_to_unicode_alloc, "to_unicode", in, n, flags);
}

#define RUN(a, s, flags) run(__LINE__, a, s, strlen(s), flags)
#define RUN_FN(fn, s, flags) run_fn(__LINE__, fn, #fn, s, strlen(s), flags)

/* ---- the cold sweep ---------------------------------------------------------- */

typedef int (*cold_fn)(const char *in, size_t n, char *out, size_t cap, size_t *len);

static int c_to_ascii(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_to_ascii(in, n, out, cap, len, 0, NULL);
}
static int c_to_unicode(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_to_unicode(in, n, out, cap, len, 0, NULL);
}
static int c_lookup(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_idna2008_lookup(in, n, out, cap, len, 0, NULL);
}
static int c_lookup_map(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_idna2008_lookup(in, n, out, cap, len, XN_IDNA2008_MAP, NULL);
}
static int c_idna2003(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_idna2003_to_ascii(in, n, out, cap, len, 0, NULL);
}
static int c_idna2003_u(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_idna2003_to_unicode(in, n, out, cap, len, 0, NULL);
}
static int c_display(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_to_display(in, n, out, cap, len, 0, NULL, NULL);
}
static int c_nfc(const char *in, size_t n, char *out, size_t cap, size_t *len)
{
    return xn_nfc(in, n, out, cap, len);
}

typedef struct cold_entry {
    const char *name;
    cold_fn fn;
    const char *first, *then; /* the first call's name; another after it */
    void (*icu_first)(void);  /* the first ICU call it makes, or NULL */
} cold_entry;

static const cold_entry cold_entries[] = {
    {"xn_to_ascii (NFC)", c_to_ascii, "bu\xCC\x88" "cher.de", "e\xCC\x81.com", NULL},
    {"xn_to_unicode (NFC)", c_to_unicode, "e\xCC\x81.com", "bu\xCC\x88" "cher.de", NULL},
    {"xn_idna2008_lookup (NFC check)", c_lookup, "e\xCC\x81.com", "xn--9ca.com", NULL},
    {"xn_idna2008_lookup (mapped)", c_lookup_map, "E\xCC\x81.com", "bu\xCC\x88" "cher.de", NULL},
    {"xn_idna2003_to_ascii (Nameprep)", c_idna2003, "B\xC3\xBC" "cher.de", "fa\xC3\x9F.de", NULL},
    {"xn_idna2003_to_unicode (Nameprep)", c_idna2003_u, "xn--bcher-kva.de", "xn--mnchen-3ya.de", NULL},
    {"xn_to_display (UTS #39, no ICU)", c_display, "xn--bcher-kva.xn--fiqs8s",
     "b\xC3\xBC" "cher.de", NULL},
    {"xn_nfc", c_nfc, "e\xCC\x81", "bu\xCC\x88" "cher", NULL},
};

/* In a child: fn on s, unarmed, as "rc text". */
static void result_of(cold_fn fn, const char *s, char *buf, size_t cap)
{
    char out[512];
    size_t len = 0;
    int rc = fn(s, strlen(s), out, sizeof out, &len);
    snprintf(buf, cap, "%s %.*s", xn_strerror_name(rc), rc == XN_OK ? (int)len : 0, out);
}

/* Whether ICU itself, with nothing failing, has kept a failure of a
 * set-up it makes once per process (umtx_initOnce) and never retries:
 *  - the hash table of its data cache, which udata_setAppData() needs (the
 *    first two allocations of xn's first normalization): registering a
 *    package under another name fails too;
 *  - StringPrep's NFKC instance and its Unicode 3.2 set: another profile
 *    (RFC 3920 nodeprep) cannot prepare a string either.
 * xn cannot reach them: every later call that needs the same fails with
 * XN_E_NOMEM, as xn.h says. */
static bool icu_kept_failure(void)
{
    UErrorCode err = U_ZERO_ERROR, err2 = U_ZERO_ERROR;
    UStringPrepProfile *p;
    UChar a[1] = {'a'}, out[8];
    UParseError pe;

    udata_setAppData("xn_oom_probe", xn__nfc_package, &err);
    p = usprep_openByType(USPREP_RFC3920_NODEPREP, &err2);
    if (p) {
        usprep_prepare(p, a, 1, out, 8, USPREP_DEFAULT, &pe, &err2);
        usprep_close(p);
    }
    return err == U_MEMORY_ALLOCATION_ERROR || err2 == U_MEMORY_ALLOCATION_ERROR;
}

/* A child: allocation n of the first call fails.  Exit status 0: it failed,
 * the call said XN_E_NOMEM, and later calls give want_first / want_then;
 * 3: the same, but later calls still fail with XN_E_NOMEM because ICU kept
 * the failure (icu_kept_failure()); 2: the call made fewer than n + 1
 * allocations; 1: a check failed. */
static int cold_child(const cold_entry *e, long n, const char *want_first, const char *want_then)
{
    char out[512], got[600];
    size_t len = 0;
    int rc;

    arm(n);
    rc = e->fn(e->first, strlen(e->first), out, sizeof out, &len);
    disarm();
    if (!failed)
        return 2;
    /* XN_E_NOMEM, or the normal result where ICU did without the block
     * (a cache it skips). */
    snprintf(got, sizeof got, "%s %.*s", xn_strerror_name(rc), rc == XN_OK ? (int)len : 0, out);
    if (rc != XN_E_NOMEM && strcmp(got, want_first) != 0) {
        printf("FAIL %s: allocation %ld of the first call failed: \"%s\", want XN_E_NOMEM or "
               "\"%s\"\n", e->name, n, got, want_first);
        return 1;
    }
    result_of(e->fn, e->first, got, sizeof got);
    if (strcmp(got, "XN_E_NOMEM ") == 0 && icu_kept_failure())
        return 3;
    if (strcmp(got, want_first) != 0) {
        printf("FAIL %s: after allocation %ld failed, the same call gives \"%s\", normally "
               "\"%s\"\n", e->name, n, got, want_first);
        return 1;
    }
    result_of(e->fn, e->then, got, sizeof got);
    if (strcmp(got, want_then) != 0) {
        printf("FAIL %s: after allocation %ld failed, another name gives \"%s\", normally "
               "\"%s\"\n", e->name, n, got, want_then);
        return 1;
    }
    return 0;
}

/* Whether ICU's own first call, alone in a fresh process with its
 * allocation n failing, dies too (a defect of ICU's, not of xn). */
static bool icu_dies_alone(void (*icu_first)(void), long n)
{
    pid_t pid;
    int st;
    fflush(stdout);
    pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        arm(n);
        icu_first();
        disarm();
        _exit(0);
    }
    return waitpid(pid, &st, 0) == pid && !WIFEXITED(st);
}

/* Forks for fn, runs it in the child, and returns the child's exit status
 * (-1 when it did not exit). */
static int in_child(const cold_entry *e, long n, const char *want_first, const char *want_then,
                    char *ref, size_t ref_cap)
{
    int pipefd[2], st;
    pid_t pid;

    fflush(stdout);
    if (ref && pipe(pipefd) != 0)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int code;
        if (ref) {
            /* The reference: both names, nothing failing, fresh too. */
            char a[600], b[600];
            result_of(e->fn, e->first, a, sizeof a);
            result_of(e->fn, e->then, b, sizeof b);
            char both[1300];
            int m = snprintf(both, sizeof both, "%s\n%s\n", a, b);
            if (m < 0 || write(pipefd[1], both, (size_t)m) != m)
                _exit(1);
            code = 0;
        } else {
            code = cold_child(e, n, want_first, want_then);
        }
        fflush(stdout);
        _exit(code);
    }
    if (ref) {
        ssize_t k;
        size_t got = 0;
        close(pipefd[1]);
        while (got + 1 < ref_cap && (k = read(pipefd[0], ref + got, ref_cap - 1 - got)) > 0)
            got += (size_t)k;
        ref[got] = '\0';
        close(pipefd[0]);
    }
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static void cold_sweep(void)
{
    size_t k;
    for (k = 0; k < sizeof cold_entries / sizeof cold_entries[0]; k++) {
        const cold_entry *e = &cold_entries[k];
        char ref[1300], *want_then;
        long n;
        int st = in_child(e, 0, NULL, NULL, ref, sizeof ref);
        want_then = strchr(ref, '\n');
        CHECK_MSG(st == 0 && want_then && ref[strlen(ref) - 1] == '\n',
                  "%s: the reference run failed", e->name);
        if (st != 0 || !want_then)
            continue;
        *want_then++ = '\0';
        want_then[strlen(want_then) - 1] = '\0';
        char kept[256] = "", icu_dies[256] = "";
        unsigned long nkept = 0, ndies = 0;
        for (n = 0; n < 5000; n++) {
            st = in_child(e, n, ref, want_then, NULL, 0);
            if (st == 2)
                break;
            if (st == 3) {
                size_t l = strlen(kept);
                if (l + 8 < sizeof kept)
                    snprintf(kept + l, sizeof kept - l, "%s%ld", l ? "," : "", n);
                nkept++;
                continue;
            }
            if (st == -1 && e->icu_first && icu_dies_alone(e->icu_first, n)) {
                size_t l = strlen(icu_dies);
                if (l + 8 < sizeof icu_dies)
                    snprintf(icu_dies + l, sizeof icu_dies - l, "%s%ld", l ? "," : "", n);
                ndies++;
                continue;
            }
            CHECK_MSG(st == 0, "%s: allocation %ld of a process's first call failed: child "
                      "status %d", e->name, n, st);
        }
        CHECK_MSG(n < 5000, "%s: the first call never completed", e->name);
        printf("%-36s first call: %ld allocation(s) (xn's and ICU's), each failed in turn: "
               "XN_E_NOMEM, then recovered (%s)", e->name, n, ref);
        if (nkept)
            printf("; %lu of them (%s) inside ICU's once-per-process set-up, whose failure "
                   "ICU keeps: later calls fail with XN_E_NOMEM", nkept, kept);
        printf("\n");
        if (ndies)
            printf("*** ICU DEFECT (ICU %s): with allocation %s failing, ICU's own first call "
                   "(alone, without xn) dies too: not counted against xn ***\n",
                   xn_icu_version(), icu_dies);
    }
}

int main(void)
{
    char big[2000];
    size_t i;
    UErrorCode icu_err = U_ZERO_ERROR;

    /* Before anything touches ICU. */
    u_setMemoryFunctions(NULL, icu_alloc, icu_realloc, icu_free, &icu_err);
    CHECK_MSG(U_SUCCESS(icu_err), "u_setMemoryFunctions: %s", u_errorName(icu_err));
    cold_sweep();

    /* Fits the internal buffer: one allocation, for the copy. */
    RUN(true, "b\xC3\xBC" "cher.example", 0);
    RUN(true, "www.example.com", 0);
    RUN(false, "xn--bcher-kva.example", 0);
    /* An empty result (1 byte for the NUL). */
    RUN(false, "", XN_NO_VERIFY_DNS_LENGTH);
    RUN(true, "", XN_NO_VERIFY_DNS_LENGTH);
    /* ToUnicode keeps its output on a rule violation. */
    RUN(false, "xn--a.example", 0);
    RUN(false, "a..b", 0);
    /* Failures that produce nothing allocate nothing. */
    RUN(true, "a..b", 0);
    RUN(true, "\xC3", 0);
    RUN(false, "\xC3", 0);
    RUN(true, "a", 0x40000000u);

    /* Larger than the internal buffer: allocate the exact size, convert
     * again into it. */
    big[0] = '\0';
    for (i = 0; i < 60; i++)
        strcat(big, "b\xC3\xBC" "cher.");
    strcat(big, "x");
    run(__LINE__, true, big, strlen(big), XN_NO_VERIFY_DNS_LENGTH);
    run(__LINE__, false, big, strlen(big), 0);
    run(__LINE__, true, big, strlen(big), XN_WHATWG);
    run(__LINE__, true, big, strlen(big), 0); /* too long: fails, nothing allocated */
    /* ... and ToUnicode's large output on a violation. */
    big[0] = '\0';
    for (i = 0; i < 40; i++)
        strcat(big, "xn--a.xn--bcher-kva.");
    run(__LINE__, false, big, strlen(big), 0);

    /* Labels past the stack buffers (XN__SMALL_LABEL code points): mapped,
     * normalized, decoded, copied, on the heap. */
    {
        static char lab[4000];
        uint32_t cps[300];
        size_t k, pn = 0;
        lab[0] = '\0';
        for (k = 0; k < 300; k++) /* 300 x "ü": mapped on the heap */
            strcat(lab, "\xC3\xBC");
        run(__LINE__, true, lab, strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        run_fn(__LINE__, xn_idna2008_lookup_alloc, "xn_idna2008_lookup_alloc", lab, strlen(lab),
               XN_NO_VERIFY_DNS_LENGTH | XN_IDNA2008_MAP);
        run_fn(__LINE__, xn_idna2003_to_ascii_alloc, "xn_idna2003_to_ascii_alloc", lab,
               strlen(lab), 0);
        lab[0] = '\0';
        for (k = 0; k < 300; k++) /* "a" + U+0301: NFC of a long label */
            strcat(lab, "a\xCC\x81");
        run(__LINE__, true, lab, strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        run_fn(__LINE__, xn_idna2008_lookup_alloc, "xn_idna2008_lookup_alloc", lab, strlen(lab),
               XN_NO_VERIFY_DNS_LENGTH | XN_IDNA2008_MAP);
        for (k = 0; k < 300; k++) /* its A-label: decoded on the heap */
            cps[k] = 0xE1;
        strcpy(lab, "xn--");
        CHECK_EQ_INT(xn_punycode_encode(cps, 300, NULL, lab + 4, sizeof lab - 4, &pn), XN_OK);
        run(__LINE__, false, lab, strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        run(__LINE__, true, lab, strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        run_fn(__LINE__, xn_idna2008_to_unicode_alloc, "xn_idna2008_to_unicode_alloc", lab,
               strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        run_fn(__LINE__, xn_idna2003_to_unicode_alloc, "xn_idna2003_to_unicode_alloc", lab,
               strlen(lab), 0);
        /* Registration of a long U-label and A-label (both fail A4_2,
         * after their buffers went to the heap). */
        run_fn(__LINE__, register_alloc, "register A-label", lab, strlen(lab), XN_TEST_AS_ALABEL);
        lab[0] = '\0';
        for (k = 0; k < 300; k++)
            strcat(lab, "\xC3\xA1");
        run_fn(__LINE__, register_alloc, "register U-label", lab, strlen(lab), 0);
        lab[0] = '\0';
        for (k = 0; k < 300; k++)
            strcat(lab, "a");
        run_fn(__LINE__, register_alloc, "register LDH label", lab, strlen(lab), 0);
        /* A whole name: a long A-label (A4_2 after its buffers went to the
         * heap), and a Bidi domain name whose labels pass, so that the
         * lookup across them runs too. */
        memcpy(lab, "ok.xn--", 7);
        CHECK_EQ_INT(xn_punycode_encode(cps, 300, NULL, lab + 7, sizeof lab - 7, &pn), XN_OK);
        lab[7 + pn] = '\0';
        run_fn(__LINE__, register_name_alloc, "register_name A-label", lab, strlen(lab), 0);
        strcpy(lab, "\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A.b\xC3\xA1" "cher.example");
        run_fn(__LINE__, register_name_alloc, "register_name Bidi name", lab, strlen(lab), 0);
        /* Display: a label whose NFD (175 x U+01D6: 525 UTF-16 units) and
         * one whose skeleton (175 x U+0451: 525 bytes) pass the stack's
         * 512. */
        lab[0] = '\0';
        for (k = 0; k < 175; k++)
            strcat(lab, "\xC7\x96");
        run_fn(__LINE__, test_display_alloc, "display_alloc", lab, strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        lab[0] = '\0';
        for (k = 0; k < 175; k++)
            strcat(lab, "\xD1\x91");
        run_fn(__LINE__, test_display_alloc, "display_alloc", lab, strlen(lab), XN_NO_VERIFY_DNS_LENGTH);
        strcpy(lab, "xn--");
        /* A long "xn--" label that is no Punycode, kept as a label. */
        memset(lab + 4, 'z', 400);
        lab[404] = '!';
        lab[405] = '\0';
        run(__LINE__, true, lab, strlen(lab),
            XN_NO_VERIFY_DNS_LENGTH | XN_IGNORE_INVALID_PUNYCODE | XN_NO_STD3_RULES);
    }

    /* The IDNA2008 and IDNA2003 wrappers: output that fits, ToUnicode's
     * output on a violation, a failure, a result longer than the internal
     * buffer (IDNA2003 checks no name length). */
    RUN_FN(xn_idna2008_lookup_alloc, "b\xC3\xBC" "cher.example", 0);
    RUN_FN(xn_idna2008_lookup_alloc, "a..b", 0);
    RUN_FN(xn_idna2008_to_unicode_alloc, "xn--bcher-kva.example", 0);
    RUN_FN(xn_idna2008_to_unicode_alloc, "xn--a.example", 0);
    RUN_FN(xn_idna2003_to_ascii_alloc, "B\xC3\xBC" "cher.example", 0);
    RUN_FN(xn_idna2003_to_ascii_alloc, "a\xE2\x80\xA8.b", 0);
    RUN_FN(xn_idna2003_to_unicode_alloc, "xn--bcher-kva.example", 0);
    RUN_FN(xn_idna2003_to_unicode_alloc, "xn--a.example", 0);
    big[0] = '\0';
    for (i = 0; i < 60; i++)
        strcat(big, "b\xC3\xBC" "cher.");
    strcat(big, "x");
    run_fn(__LINE__, xn_idna2003_to_ascii_alloc, "xn_idna2003_to_ascii_alloc", big, strlen(big),
           0);
    run_fn(__LINE__, xn_idna2008_lookup_alloc, "xn_idna2008_lookup_alloc", big, strlen(big),
           XN_NO_VERIFY_DNS_LENGTH);

    /* The display and mail wrappers: a result that fits, one longer than
     * the internal buffer (a display form of 472 bytes, 11 labels of 14 U+6F22; a 400-byte local
     * part, also with ToUnicode's output on a violation), a failure. */
    RUN_FN(test_display_alloc, "b\xC3\xBC" "cher.de", 0);
    RUN_FN(test_display_alloc, "a..b", 0);
    big[0] = '\0';
    for (i = 0; i < 11 * 14; i++)
        strcat(big, i && i % 14 == 0 ? ".\xE6\xBC\xA2" : "\xE6\xBC\xA2");
    run_fn(__LINE__, test_display_alloc, "display_alloc", big, strlen(big), 0);
    /* The known-domain set: each allocation of making one fails in turn,
     * then each of a display that keys the name and its runs of labels. */
    {
        static const char *const domains[] = {"test.net", "b\303\274cher.de", "example.com"};
        static const char name[] = "www.t\xC3\xA9st.net";
        char out[256], ref[256];
        size_t len = 0, ref_len = 0;
        xn_known_set *set;
        int status = XN_OK, rc, ref_rc;
        long k;
        for (k = 0; k < 3000; k++) {
            nlive = 0;
            arm(k);
            set = xn_known_set_new(domains, 3, &status);
            disarm();
            if (set) {
                CHECK(status == XN_OK);
                xn_known_set_free(set);
                if (!failed)
                    break;
                continue; /* ICU did without the block */
            }
            CHECK_MSG(failed && status == XN_E_NOMEM && nlive == 0,
                      "xn_known_set_new, allocation %ld failed: %s, %zu blocks leaked", k,
                      xn_strerror_name(status), nlive);
        }
        CHECK(k < 3000);
        set = xn_known_set_new(domains, 3, &status);
        ref_rc = xn_to_display_known(name, strlen(name), ref, sizeof ref, &ref_len, 0, set, NULL,
                                     NULL);
        CHECK(ref_rc == XN_OK && strcmp(ref, "www.xn--tst-bma.net") == 0);
        for (k = 0; k < 3000; k++) {
            nlive = 0;
            arm(k);
            rc = xn_to_display_known(name, strlen(name), out, sizeof out, &len, 0, set, NULL,
                                     NULL);
            disarm();
            if (!failed)
                break;
            CHECK_MSG((rc == XN_E_NOMEM || (rc == ref_rc && strcmp(out, ref) == 0)) && nlive == 0,
                      "xn_to_display_known, allocation %ld failed: %s, %zu blocks leaked", k,
                      xn_strerror_name(rc), nlive);
        }
        CHECK(k < 3000 && rc == XN_OK && strcmp(out, ref) == 0);
        xn_known_set_free(set);
    }
    RUN_FN(test_email_to_ascii_alloc, "user@b\xC3\xBC" "cher.de", 0);
    RUN_FN(test_email_to_ascii_alloc, "user@a..b", 0);
    RUN_FN(test_email_to_unicode_alloc, "user@xn--a.de", 0);
    big[0] = '\0';
    for (i = 0; i < 200; i++)
        strcat(big, "\xC3\xA9");
    strcat(big, "@b\xC3\xBC" "cher.de");
    run_fn(__LINE__, test_email_to_ascii_alloc, "email_ascii_alloc", big, strlen(big), 0);
    strcpy(big + 400, "@xn--a.de");
    run_fn(__LINE__, test_email_to_unicode_alloc, "email_unicode_alloc", big, strlen(big), 0);

    /* Bad arguments: nothing allocated, *out untouched or NULL. */
    {
        size_t len = 7;
        arm(0);
        CHECK_EQ_INT(xn_to_ascii_alloc("a", 1, NULL, &len, 0, NULL), XN_E_INVALID_ARG);
        CHECK_EQ_INT(xn_to_unicode_alloc(NULL, 1, NULL, NULL, 0, NULL), XN_E_INVALID_ARG);
        CHECK_EQ_INT(xn_idna2008_lookup_alloc("a", 1, NULL, &len, 0, NULL), XN_E_INVALID_ARG);
        CHECK_EQ_INT(xn_idna2003_to_unicode_alloc("a", 1, NULL, &len, 0, NULL), XN_E_INVALID_ARG);
        CHECK_EQ_INT(xn_to_display_alloc("a", 1, NULL, &len, 0, NULL, NULL), XN_E_INVALID_ARG);
        CHECK_EQ_INT(xn_email_to_ascii_alloc("a@b", 3, NULL, &len, 0, NULL, NULL),
                     XN_E_INVALID_ARG);
        disarm();
        CHECK_EQ_INT(seen, 0);
    }
    return test_done("test-oom");
}
