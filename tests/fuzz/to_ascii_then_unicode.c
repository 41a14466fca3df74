/*
 * Property: ToASCII and ToUnicode agree with each other on any input, with
 * flags taken from the last two input bytes (known bits only).  Let
 * A = xn_to_ascii(x) and U = xn_to_unicode(x), same flags:
 *  (a) if A succeeds, xn_to_unicode(A) succeeds, and xn_to_ascii of that
 *      gives A again: an A-label name survives the round trip unchanged
 *      (a decoder that accepted a second spelling of a label, the class of
 *      CVE-2019-12290, breaks this); and ToUnicode of A equals U, which
 *      succeeded too;
 *  (b) if U succeeds, xn_to_ascii(U) has A's status, error bits and output:
 *      converting the Unicode form gives the same A-label form as
 *      converting the input;
 *  (c) if U succeeds, xn_to_unicode(U) is U.
 * Every call also goes through fuzz_convert()'s capacity and *_alloc checks.
 *
 * Where the standards themselves make the two directions differ, the
 * property is not asked:
 *  - XN_TRANSITIONAL (the second half of a, and b, c): ToUnicode keeps the
 *    deviations of decoded A-labels (they are validated nontransitionally,
 *    UTS #46 §4 step 4.1), ToASCII of that Unicode form maps them
 *    (xn--zca -> ß -> ss);
 *  - XN_URL_RULES (a) on an ASCII input: the URL Standard's ASCII fallback
 *    returns a rejected ASCII name as it is, which ToUnicode still rejects;
 *    and (b) when only one of x and U is ASCII: the fallback then applies to
 *    one of them alone (e.g. with VerifyDnsLength on, "a.b。" fails with
 *    A4_2 while its ToUnicode form "a.b." is kept by the fallback).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static bool all_ascii(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

static bool same(const fuzz_result *a, const fuzz_result *b)
{
    return a->rc == b->rc && a->len == b->len && (a->out == NULL) == (b->out == NULL) &&
           (a->out == NULL || memcmp(a->out, b->out, a->len) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned flags;
    bool transitional, url;
    char *in;
    fuzz_result a, u;

    fuzz_set_input(data, size);
    flags = fuzz_flags(&data, &size) & FUZZ_KNOWN_FLAGS;
    transitional = (flags & XN_TRANSITIONAL) != 0;
    url = (flags & XN_URL_RULES) != 0;
    in = fuzz_copy(data, size);
    a = fuzz_convert(true, in, size, flags);
    u = fuzz_convert(false, in, size, flags);

    if (a.rc == XN_OK && !(url && all_ascii(in, size))) {
        fuzz_result ua = fuzz_convert(false, a.out, a.len, flags), aua;
        FUZZ_ASSERT(ua.rc == XN_OK, "(a) flags 0x%X: \"%s\" -> \"%s\", whose ToUnicode fails: "
                    "%s, errors 0x%llX", flags, fuzz_show(in, size), fuzz_show(a.out, a.len),
                    xn_strerror_name(ua.rc), (unsigned long long)ua.report.errors);
        aua = fuzz_convert(true, ua.out, ua.len, flags);
        FUZZ_ASSERT(transitional || same(&aua, &a), "(a) flags 0x%X: \"%s\" -> \"%s\" -> \"%s\" -> %s \"%s\"",
                    flags, fuzz_show(in, size), fuzz_show(a.out, a.len),
                    fuzz_show(ua.out, ua.len), xn_strerror_name(aua.rc),
                    aua.out ? fuzz_show(aua.out, aua.len) : "");
        FUZZ_ASSERT(u.rc == XN_OK && same(&ua, &u),
                    "(a) flags 0x%X: ToUnicode(\"%s\") = %s \"%s\", but ToUnicode of its "
                    "ToASCII \"%s\" = \"%s\"", flags, fuzz_show(in, size),
                    xn_strerror_name(u.rc), u.out ? fuzz_show(u.out, u.len) : "",
                    fuzz_show(a.out, a.len), fuzz_show(ua.out, ua.len));
        fuzz_result_free(&ua);
        fuzz_result_free(&aua);
    }

    if (u.rc == XN_OK && !transitional &&
        !(url && all_ascii(in, size) != all_ascii(u.out, u.len))) {
        fuzz_result au = fuzz_convert(true, u.out, u.len, flags), uu;
        FUZZ_ASSERT(same(&au, &a) && au.report.errors == a.report.errors,
                    "(b) flags 0x%X: ToASCII(\"%s\") = %s 0x%llX \"%s\", but ToASCII of its "
                    "ToUnicode \"%s\" = %s 0x%llX \"%s\"", flags, fuzz_show(in, size),
                    xn_strerror_name(a.rc), (unsigned long long)a.report.errors,
                    a.out ? fuzz_show(a.out, a.len) : "", fuzz_show(u.out, u.len),
                    xn_strerror_name(au.rc), (unsigned long long)au.report.errors,
                    au.out ? fuzz_show(au.out, au.len) : "");
        uu = fuzz_convert(false, u.out, u.len, flags);
        FUZZ_ASSERT(same(&uu, &u), "(c) flags 0x%X: ToUnicode(\"%s\") = \"%s\", again %s \"%s\"",
                    flags, fuzz_show(in, size), fuzz_show(u.out, u.len),
                    xn_strerror_name(uu.rc), uu.out ? fuzz_show(uu.out, uu.len) : "");
        fuzz_result_free(&au);
        fuzz_result_free(&uu);
    }
    return fuzz_end(in, &a, &u);
}
