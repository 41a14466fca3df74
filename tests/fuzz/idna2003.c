/*
 * Property: IDNA2003 (xn_idna2003_to_ascii, xn_idna2003_to_unicode) on any
 * bytes, with flags from the input's last bytes, never crashes and never
 * reads or writes out of bounds, and:
 *  - both keep the buffer contract at every capacity (fuzz_convert());
 *  - ToASCII succeeds with ASCII only, and is a fixed point on it
 *    (RFC 3490 §4.1 passes ASCII labels through);
 *  - ToUnicode never loses the name: its output is well-formed UTF-8 on
 *    success and on XN_E_INVALID_DOMAIN;
 *  - the round trip of RFC 3490 §4.2 holds: when ToASCII(x) succeeds,
 *    ToUnicode of it succeeds (unless x may make an "xn--" label, which
 *    ToASCII passes through unchecked), and ToASCII of that gives ToASCII(x)
 *    again,
 *    up to the case of ASCII letters (ToUnicode keeps the case the Punycode
 *    had, "XN--BCHER-KVA" gives "BüCHER", whose ToASCII is "xn--bcher-kva").
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* Whether s[0..n) may give an ACE prefix after Nameprep: it holds an 'x'
 * or 'X', or any non-ASCII character (a fullwidth or compatibility form,
 * U+217A SMALL ROMAN NUMERAL ELEVEN ...), so only pure ASCII without an 'x'
 * surely cannot. */
static bool may_make_ace_prefix(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((s[i] | 0x20) == 'x' || (unsigned char)s[i] >= 0x80)
            return true;
    return false;
}

static bool same_ignoring_case(const char *a, const char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x - 'A' < 26u)
            x += 32;
        if (y - 'A' < 26u)
            y += 32;
        if (x != y)
            return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_INPUT(in, raw);
    unsigned flags = fuzz_flags_for(raw, FUZZ_IDNA2003_FLAGS, XN_ALLOW_UNASSIGNED);
    fuzz_result a, u;

    u = fuzz_convert(FUZZ_IDNA2003_TO_UNICODE, in, size, flags);
    fuzz_check_utf8(&u, "ToUnicode");
    a = fuzz_convert(FUZZ_IDNA2003_TO_ASCII, in, size, flags);
    if (a.rc == XN_OK) {
        size_t i;
        fuzz_result again, back, round;
        for (i = 0; i < a.len; i++)
            FUZZ_ASSERT((unsigned char)a.out[i] < 0x80, "ToASCII gives \"%s\"",
                        fuzz_show(a.out, a.len));
        again = fuzz_convert(FUZZ_IDNA2003_TO_ASCII, a.out, a.len, flags);
        FUZZ_ASSERT(again.rc == XN_OK && again.len == a.len &&
                        memcmp(again.out, a.out, a.len) == 0,
                    "flags 0x%X: ToASCII(\"%s\") = \"%s\", then %s", flags, fuzz_show(in, size),
                    fuzz_show(a.out, a.len), xn_strerror_name(again.rc));
        back = fuzz_convert(FUZZ_IDNA2003_TO_UNICODE, a.out, a.len, flags);
        /* ToASCII passes ASCII labels through unchecked, "xn--" ones too,
         * and so a label that Nameprep makes ASCII (RFC 3490 §4.1 step 4:
         * "xn-\uFE0F-abc" gives "xn--abc"), so ToUnicode may refuse its
         * output; an input without "xn" in any case or width cannot make
         * an ACE prefix, and must give what ToUnicode takes back. */
        FUZZ_ASSERT(back.rc == XN_OK || may_make_ace_prefix(in, size),
                    "flags 0x%X: ToUnicode(\"%s\"): %s", flags, fuzz_show(a.out, a.len),
                    xn_strerror_name(back.rc));
        if (back.rc == XN_OK) {
            round = fuzz_convert(FUZZ_IDNA2003_TO_ASCII, back.out, back.len, flags);
            FUZZ_ASSERT(round.rc == XN_OK && round.len == a.len &&
                            same_ignoring_case(round.out, a.out, a.len),
                        "flags 0x%X: \"%s\" -> \"%s\" -> \"%s\" -> %s \"%s\"", flags,
                        fuzz_show(in, size), fuzz_show(a.out, a.len),
                        fuzz_show(back.out, back.len), xn_strerror_name(round.rc),
                        round.out ? fuzz_show(round.out, round.len) : "");
            fuzz_result_free(&round);
        }
        fuzz_result_free(&again);
        fuzz_result_free(&back);
    }
    return fuzz_end(in, &a, &u);
}
