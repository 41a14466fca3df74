/*
 * Property: IDNA2008 (xn_idna2008_lookup, xn_idna2008_to_unicode,
 * xn_idna2008_register) on any bytes, with flags from the input's last
 * bytes, never crashes and never reads or writes out of bounds, and:
 *  - both name functions keep the buffer contract at every capacity
 *    (fuzz_convert() in fuzz_util.c);
 *  - a successful lookup gives ASCII (A-labels in lower case, other ASCII
 *    labels as they were), and is a fixed point: lookup(lookup(x)) ==
 *    lookup(x);
 *  - the U-label form of that result converts back to it:
 *    to_unicode(lookup(x)) succeeds and lookup() of it, without mapping,
 *    gives lookup(x) again (the A-label round trip of RFC 5891 §5.5);
 *  - lookup and to_unicode agree on success and failure (they run the same
 *    checks and differ only in the form of the output);
 *  - registration is consistent: a U-label that registers as the A-label A
 *    gives A when A is given alone and when both are given; an A-label
 *    that registers alone gives itself in lower case, and its U-label
 *    registers as it; and when the input holds a '|', the U-label before
 *    it and the A-label after it register together exactly when each
 *    registers alone as the same A-label (else MISMATCH, when both do);
 *  - registration of a whole name (xn_idna2008_register_name) gives ASCII
 *    of at most XN_DNS_NAME_MAX octets whose every label registers alone
 *    as itself, and is a fixed point: the result registers as itself.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_register(const char *in, size_t n)
{
    char a[XN_DOMAIN_MAX], a2[XN_DOMAIN_MAX];
    size_t alen = 0, a2len = 0;
    int rc = xn_idna2008_register(in, n, NULL, 0, a, sizeof a, &alen, 0, NULL);
    if (rc != XN_OK)
        return;
    FUZZ_ASSERT(alen <= XN_DNS_LABEL_MAX, "registered label of %zu bytes", alen);
    if (alen < 4 || memcmp(a, "xn--", 4) != 0)
        return; /* an LDH label: it is its own form, and no A-label */
    rc = xn_idna2008_register(NULL, 0, a, alen, a2, sizeof a2, &a2len, 0, NULL);
    FUZZ_ASSERT(rc == XN_OK && a2len == alen && memcmp(a, a2, alen) == 0,
                "U-label \"%s\" registers as \"%s\", which alone gives %s", fuzz_show(in, n),
                fuzz_show(a, alen), xn_strerror_name(rc));
    rc = xn_idna2008_register(in, n, a, alen, a2, sizeof a2, &a2len, 0, NULL);
    FUZZ_ASSERT(rc == XN_OK && a2len == alen && memcmp(a, a2, alen) == 0,
                "U-label \"%s\" with its A-label \"%s\": %s", fuzz_show(in, n),
                fuzz_show(a, alen), xn_strerror_name(rc));
}

static bool is_ace(const char *s, size_t n)
{
    return n >= 4 && memcmp(s, "xn--", 4) == 0;
}

/* in[0..n) given as an A-label alone. */
static void check_register_alabel(const char *in, size_t n)
{
    char a[XN_DOMAIN_MAX], u[4 * XN_DOMAIN_MAX], again[XN_DOMAIN_MAX];
    size_t alen = 0, ulen = 0, glen = 0, i;
    int rc = xn_idna2008_register(NULL, 0, in, n, a, sizeof a, &alen, 0, NULL);
    if (rc != XN_OK)
        return;
    FUZZ_ASSERT(alen == n && is_ace(a, alen), "A-label \"%s\" registers as \"%s\"",
                fuzz_show(in, n), fuzz_show(a, alen));
    for (i = 0; i < n; i++)
        FUZZ_ASSERT(a[i] == (in[i] >= 'A' && in[i] <= 'Z' ? in[i] + 32 : in[i]),
                    "A-label \"%s\" registers as \"%s\", not in lower case", fuzz_show(in, n),
                    fuzz_show(a, alen));
    rc = xn_idna2008_to_unicode(a, alen, u, sizeof u, &ulen, 0, NULL);
    FUZZ_ASSERT(rc == XN_OK, "registered A-label \"%s\" does not convert: %s",
                fuzz_show(a, alen), xn_strerror_name(rc));
    rc = xn_idna2008_register(u, ulen, NULL, 0, again, sizeof again, &glen, 0, NULL);
    FUZZ_ASSERT(rc == XN_OK && glen == alen && memcmp(again, a, alen) == 0,
                "the U-label \"%s\" of registered \"%s\": %s \"%s\"", fuzz_show(u, ulen),
                fuzz_show(a, alen), xn_strerror_name(rc), fuzz_show(again, glen));
}

/* u[0..un) and al[0..an), both non-empty, given together. */
static void check_register_pair(const char *u, size_t un, const char *al, size_t an)
{
    char ou[XN_DOMAIN_MAX], oa[XN_DOMAIN_MAX], ob[XN_DOMAIN_MAX];
    size_t ul = 0, alen = 0, bl = 0;
    xn_report rep = XN_REPORT_INIT;
    int ru = xn_idna2008_register(u, un, NULL, 0, ou, sizeof ou, &ul, 0, NULL);
    int ra = xn_idna2008_register(NULL, 0, al, an, oa, sizeof oa, &alen, 0, NULL);
    int rb = xn_idna2008_register(u, un, al, an, ob, sizeof ob, &bl, 0, &rep);
    bool same = ru == XN_OK && ra == XN_OK && ul == alen && memcmp(ou, oa, ul) == 0 &&
                is_ace(ou, ul);
    FUZZ_ASSERT((rb == XN_OK) == same, "register(\"%s\", \"%s\"): %s; alone: %s \"%s\", %s \"%s\"",
                fuzz_show(u, un), fuzz_show(al, an), xn_strerror_name(rb), xn_strerror_name(ru),
                ru == XN_OK ? fuzz_show(ou, ul) : "", xn_strerror_name(ra),
                ra == XN_OK ? fuzz_show(oa, alen) : "");
    if (rb == XN_OK)
        FUZZ_ASSERT(bl == ul && memcmp(ob, ou, ul) == 0, "register with both: \"%s\"",
                    fuzz_show(ob, bl));
    else if (ru == XN_OK && ra == XN_OK)
        FUZZ_ASSERT(rb == XN_E_INVALID_DOMAIN && (rep.errors & XN_ERR_MISMATCH),
                    "register(\"%s\", \"%s\"): %s without MISMATCH", fuzz_show(u, un),
                    fuzz_show(al, an), xn_strerror_name(rb));
}

/* in[0..n) registered as a whole name. */
static void check_register_name(const char *in, size_t n)
{
    char a[XN_DOMAIN_MAX], again[XN_DOMAIN_MAX], one[XN_DOMAIN_MAX];
    size_t alen = 0, glen = 0, olen = 0, i, start = 0;
    int rc = xn_idna2008_register_name(in, n, a, sizeof a, &alen, 0, NULL);
    if (rc != XN_OK)
        return;
    FUZZ_ASSERT(alen <= XN_DNS_NAME_MAX, "registered name of %zu bytes", alen);
    for (i = 0; i <= alen; i++) {
        if (i < alen && (unsigned char)a[i] >= 0x80)
            FUZZ_ASSERT(0, "register_name gives \"%s\"", fuzz_show(a, alen));
        if (i == alen || a[i] == '.') {
            rc = is_ace(a + start, i - start)
                     ? xn_idna2008_register(NULL, 0, a + start, i - start, one, sizeof one,
                                            &olen, 0, NULL)
                     : xn_idna2008_register(a + start, i - start, NULL, 0, one, sizeof one,
                                            &olen, 0, NULL);
            FUZZ_ASSERT(rc == XN_OK && olen == i - start && memcmp(one, a + start, olen) == 0,
                        "label \"%s\" of registered \"%s\": %s", fuzz_show(a + start, i - start),
                        fuzz_show(a, alen), xn_strerror_name(rc));
            start = i + 1;
        }
    }
    rc = xn_idna2008_register_name(a, alen, again, sizeof again, &glen, 0, NULL);
    FUZZ_ASSERT(rc == XN_OK && glen == alen && memcmp(again, a, alen) == 0,
                "registered \"%s\" registers again as %s \"%s\"", fuzz_show(a, alen),
                xn_strerror_name(rc), fuzz_show(again, glen));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_INPUT(in, raw);
    unsigned flags = fuzz_flags_for(raw, FUZZ_IDNA2008_FLAGS, XN_IDNA2008_MAP);
    fuzz_result a, u;

    a = fuzz_convert(FUZZ_IDNA2008_LOOKUP, in, size, flags);
    u = fuzz_convert(FUZZ_IDNA2008_TO_UNICODE, in, size, flags);
    FUZZ_ASSERT((a.rc == XN_OK) == (u.rc == XN_OK),
                "flags 0x%X: lookup %s, to_unicode %s", flags, xn_strerror_name(a.rc),
                xn_strerror_name(u.rc));
    if (a.rc == XN_OK) {
        size_t i;
        fuzz_result back, round;
        for (i = 0; i < a.len; i++)
            FUZZ_ASSERT((unsigned char)a.out[i] < 0x80, "lookup gives \"%s\"",
                        fuzz_show(a.out, a.len));
        fuzz_check_idempotent(FUZZ_IDNA2008_LOOKUP, in, size, &a, flags);
        back = fuzz_convert(FUZZ_IDNA2008_TO_UNICODE, a.out, a.len, flags);
        FUZZ_ASSERT(back.rc == XN_OK, "flags 0x%X: to_unicode(\"%s\"): %s", flags,
                    fuzz_show(a.out, a.len), xn_strerror_name(back.rc));
        round = fuzz_convert(FUZZ_IDNA2008_LOOKUP, back.out, back.len, flags & ~XN_IDNA2008_MAP);
        FUZZ_ASSERT(round.rc == XN_OK && round.len == a.len &&
                        memcmp(round.out, a.out, a.len) == 0,
                    "flags 0x%X: \"%s\" -> \"%s\" -> \"%s\" -> %s \"%s\"", flags,
                    fuzz_show(in, size), fuzz_show(a.out, a.len), fuzz_show(back.out, back.len),
                    xn_strerror_name(round.rc), round.out ? fuzz_show(round.out, round.len) : "");
        fuzz_result_free(&back);
        fuzz_result_free(&round);
    }
    fuzz_result_free(&a);
    fuzz_result_free(&u);

    if (size <= XN_DOMAIN_MAX)
        check_register_name(in, size);
    if (size <= XN_DNS_LABEL_MAX * 4) {
        const char *bar = (const char *)memchr(in, '|', size);
        check_register(in, size);
        check_register_alabel(in, size);
        if (bar && bar > in && bar + 1 < in + size)
            check_register_pair(in, (size_t)(bar - in), bar + 1, size - (size_t)(bar - in) - 1);
    }
    return fuzz_end(in, NULL, NULL);
}
