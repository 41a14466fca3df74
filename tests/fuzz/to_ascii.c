/*
 * Property: xn_to_ascii() on any bytes, with flags taken from the last two
 * input bytes (every known bit, XN_WHATWG, presets, and random sets with
 * unknown bits, which must give XN_E_INVALID_ARG), never crashes, reads
 * only its input and writes only within its capacity, and:
 *  - caller-buffer results equal the xn_to_ascii_alloc() results, and every
 *    too-small capacity gives XN_E_BUFFER_TOO_SMALL with the exact size
 *    (fuzz_convert() in fuzz_util.c);
 *  - on success the output is ASCII with no upper-case letter; without
 *    XN_URL_RULES (whose ASCII fallback may keep a rejected ASCII name):
 *    with UseSTD3ASCIIRules only a-z 0-9 '-' '.' (and with XN_DNS_LABELS
 *    the '_' and '*' of the labels it lets through), with CheckHyphens no
 *    label starts or ends with '-' or has "--" at 3-4 unless it is
 *    "xn--" (or such a DNS label), with VerifyDnsLength every label has 1 to 63 bytes (an empty
 *    last one only with XN_ALLOW_ROOT_DOT) and the name 1 to 253 besides
 *    the root dot, and every "xn--" label is the canonical Punycode of a
 *    string that is not all ASCII (no CVE-2019-12290 twin spelling, no
 *    RUSTSEC-2024-0421 "xn--example-" label, nothing above U+10FFFF);
 *  - with XN_URL_RULES the output is not empty and holds no forbidden
 *    domain code point;
 *  - ToASCII is idempotent: xn_to_ascii(output) succeeds with the output.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static bool url_forbidden(unsigned char c)
{
    return c <= 0x20 || c == 0x7F || (c != 0 && strchr("#%/:<>?@[\\]^|", c) != NULL);
}

/* Checks one "xn--" label (the four bytes included) of a ToASCII result. */
static void check_ace(const char *l, size_t n)
{
    uint32_t *cp = (uint32_t *)malloc((n + 1) * sizeof *cp);
    char *enc = (char *)malloc(n + 1);
    size_t cn = 0, en = 0, i;
    bool ascii = true;
    int rc = xn_punycode_decode(l + 4, n - 4, cp, n, &cn, NULL);
    FUZZ_ASSERT(rc == XN_OK, "ToASCII emitted \"%s\", which does not decode: %s",
                fuzz_show(l, n), xn_strerror_name(rc));
    for (i = 0; i < cn; i++)
        if (cp[i] >= 0x80)
            ascii = false;
    FUZZ_ASSERT(cn > 0 && !ascii, "ToASCII emitted \"%s\", which decodes to ASCII only",
                fuzz_show(l, n));
    rc = xn_punycode_encode(cp, cn, NULL, enc, n + 1, &en);
    FUZZ_ASSERT(rc == XN_OK && en == n - 4 && memcmp(enc, l + 4, en) == 0,
                "ToASCII emitted \"%s\", but its canonical form is \"xn--%s\"", fuzz_show(l, n),
                rc == XN_OK ? fuzz_show(enc, en) : xn_strerror_name(rc));
    free(cp);
    free(enc);
}

static void check_output(const char *o, size_t n, unsigned flags)
{
    bool url = (flags & XN_URL_RULES) != 0;
    bool std3 = !(flags & XN_NO_STD3_RULES), hyph = !(flags & XN_NO_CHECK_HYPHENS);
    bool dns = !(flags & XN_NO_VERIFY_DNS_LENGTH);
    bool dnsl = (flags & FUZZ_FLAGS_DNS) != 0; /* "_" and "*" labels pass through */
    size_t i, start = 0, labels = 0;

    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)o[i];
        FUZZ_ASSERT(c < 0x80, "ToASCII output \"%s\" is not ASCII", fuzz_show(o, n));
        FUZZ_ASSERT(!(c >= 'A' && c <= 'Z'), "ToASCII output \"%s\" has upper case",
                    fuzz_show(o, n));
        if (url)
            FUZZ_ASSERT(!url_forbidden(c), "URL rules: output \"%s\" has forbidden 0x%02X",
                        fuzz_show(o, n), c);
        else if (std3)
            FUZZ_ASSERT((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                            c == '.' || (dnsl && (c == '_' || c == '*')),
                        "STD3: output \"%s\" has 0x%02X", fuzz_show(o, n), c);
    }
    if (url)
        FUZZ_ASSERT(n > 0, "URL rules: an empty result succeeded");
    if (url)
        return;
    if (dns) {
        size_t len = n;
        if (n > 0 && o[n - 1] == '.' && (flags & XN_ALLOW_ROOT_DOT))
            len--;
        FUZZ_ASSERT(len >= 1 && len <= XN_DNS_NAME_MAX, "VerifyDnsLength: a name of %zu bytes",
                    len);
    }
    for (i = 0; i <= n; i++) {
        const char *l;
        size_t ln;
        if (i < n && o[i] != '.')
            continue;
        l = o + start;
        ln = i - start;
        if (dns) {
            bool root = i == n && labels > 0 && (flags & XN_ALLOW_ROOT_DOT);
            FUZZ_ASSERT((ln >= 1 || root) && ln <= XN_DNS_LABEL_MAX,
                        "VerifyDnsLength: label %zu of \"%s\" has %zu bytes", labels,
                        fuzz_show(o, n), ln);
        }
        if (hyph && ln > 0 && !(dnsl && (l[0] == '_' || (ln == 1 && l[0] == '*')))) {
            FUZZ_ASSERT(l[0] != '-' && l[ln - 1] != '-',
                        "CheckHyphens: label \"%s\" starts or ends with '-'", fuzz_show(l, ln));
            FUZZ_ASSERT(ln < 4 || l[2] != '-' || l[3] != '-' || (l[0] == 'x' && l[1] == 'n'),
                        "CheckHyphens: label \"%s\" has \"--\" at 3-4", fuzz_show(l, ln));
        }
        if (ln >= 4 && memcmp(l, "xn--", 4) == 0)
            check_ace(l, ln);
        start = i + 1;
        labels++;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_INPUT(in, flags);
    fuzz_result r;

    r = fuzz_convert(true, in, size, flags);
    if (r.rc == XN_OK) {
        check_output(r.out, r.len, flags);
        fuzz_check_idempotent(FUZZ_TO_ASCII, in, size, &r, flags);
    }
    return fuzz_end(in, &r, NULL);
}
