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
 *    gives A when A is given alone and when both are given.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned flags;
    char *in;
    fuzz_result a, u;

    fuzz_set_input(data, size);
    flags = fuzz_flags_for(fuzz_flags(&data, &size), FUZZ_IDNA2008_FLAGS, XN_IDNA2008_MAP);
    in = fuzz_copy(data, size);

    a = fuzz_convert(FUZZ_IDNA2008_LOOKUP, in, size, flags);
    u = fuzz_convert(FUZZ_IDNA2008_TO_UNICODE, in, size, flags);
    FUZZ_ASSERT((a.rc == XN_OK) == (u.rc == XN_OK),
                "flags 0x%X: lookup %s, to_unicode %s", flags, xn_strerror_name(a.rc),
                xn_strerror_name(u.rc));
    if (a.rc == XN_OK) {
        size_t i;
        fuzz_result again, back, round;
        for (i = 0; i < a.len; i++)
            FUZZ_ASSERT((unsigned char)a.out[i] < 0x80, "lookup gives \"%s\"",
                        fuzz_show(a.out, a.len));
        again = fuzz_convert(FUZZ_IDNA2008_LOOKUP, a.out, a.len, flags);
        FUZZ_ASSERT(again.rc == XN_OK && again.len == a.len &&
                        memcmp(again.out, a.out, a.len) == 0,
                    "flags 0x%X: lookup(\"%s\") = \"%s\", then %s \"%s\"", flags,
                    fuzz_show(in, size), fuzz_show(a.out, a.len), xn_strerror_name(again.rc),
                    again.out ? fuzz_show(again.out, again.len) : "");
        back = fuzz_convert(FUZZ_IDNA2008_TO_UNICODE, a.out, a.len, flags);
        FUZZ_ASSERT(back.rc == XN_OK, "flags 0x%X: to_unicode(\"%s\"): %s", flags,
                    fuzz_show(a.out, a.len), xn_strerror_name(back.rc));
        round = fuzz_convert(FUZZ_IDNA2008_LOOKUP, back.out, back.len, flags & ~XN_IDNA2008_MAP);
        FUZZ_ASSERT(round.rc == XN_OK && round.len == a.len &&
                        memcmp(round.out, a.out, a.len) == 0,
                    "flags 0x%X: \"%s\" -> \"%s\" -> \"%s\" -> %s \"%s\"", flags,
                    fuzz_show(in, size), fuzz_show(a.out, a.len), fuzz_show(back.out, back.len),
                    xn_strerror_name(round.rc), round.out ? fuzz_show(round.out, round.len) : "");
        fuzz_result_free(&again);
        fuzz_result_free(&back);
        fuzz_result_free(&round);
    }
    fuzz_result_free(&a);
    fuzz_result_free(&u);

    if (size <= XN_DNS_LABEL_MAX * 4)
        check_register(in, size);
    free(in);
    return 0;
}
