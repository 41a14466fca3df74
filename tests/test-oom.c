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

#include "xn.h"
#include "test.h"

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
    for (k = 0; k < 100; k++) {
        out = (char *)&len;
        len = 12345;
        nlive = 0;
        arm(k);
        rc = fn(in, n, &out, &len, flags, NULL);
        disarm();
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
    CHECK_MSG(k < 100, "line %d: \"%s\" never completed", line, esc);
    xn_free(ref);
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

static void run(int line, bool to_ascii, const char *in, size_t n, unsigned flags)
{
    if (to_ascii)
        run_fn(line, xn_to_ascii_alloc, "to_ascii", in, n, flags);
    else
        run_fn(line, xn_to_unicode_alloc, "to_unicode", in, n, flags);
}

#define RUN(a, s, flags) run(__LINE__, a, s, strlen(s), flags)
#define RUN_FN(fn, s, flags) run_fn(__LINE__, fn, #fn, s, strlen(s), flags)

int main(void)
{
    char big[2000];
    size_t i;

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
     * the internal buffer (a display form of 626 bytes; a 400-byte local
     * part, also with ToUnicode's output on a violation), a failure. */
    RUN_FN(test_display_alloc, "b\xC3\xBC" "cher.de", 0);
    RUN_FN(test_display_alloc, "a..b", 0);
    big[0] = '\0';
    for (i = 0; i < 11 * 14; i++)
        strcat(big, i && i % 14 == 0 ? ".\xF0\xA0\xAE\xB7" : "\xF0\xA0\xAE\xB7");
    run_fn(__LINE__, test_display_alloc, "display_alloc", big, strlen(big), 0);
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
