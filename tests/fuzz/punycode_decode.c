/*
 * Property: xn_punycode_decode() on any bytes never crashes, never reads or
 * writes out of bounds, and is strict and exact:
 *  - the status is XN_OK or a documented failure, the same at every
 *    capacity (decoding errors do not depend on the buffer);
 *  - the size query (NULL, 0) gives the exact count; capacities count - 1,
 *    count / 2 and 0 give XN_E_BUFFER_TOO_SMALL with that count and touch
 *    nothing past the capacity (exact-size heap buffers, case flags too);
 *  - every decoded value is a Unicode scalar value, the basic code points
 *    are the input's bytes before the last '-', and every other value is
 *    at least U+0080;
 *  - canonical (CVE-2019-12290's class): whatever it accepts is the one
 *    encoding of its result, i.e. xn_punycode_encode(decode(x)) equals x up
 *    to the case of the digits, and with the case flags it returns, the
 *    basic code points come back with their case.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static bool decode_status(int rc)
{
    switch (rc) {
    case XN_OK:
    case XN_E_BUFFER_TOO_SMALL:
    case XN_E_TOO_LONG:
    case XN_E_PUNYCODE_BAD_BASIC:
    case XN_E_PUNYCODE_BAD_DIGIT:
    case XN_E_PUNYCODE_TRUNCATED:
    case XN_E_PUNYCODE_OVERFLOW:
    case XN_E_PUNYCODE_BAD_CODE_POINT:
        return true;
    default:
        return false;
    }
}

static int ascii_lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static uint32_t *cps_new(size_t n)
{
    return (uint32_t *)malloc(n ? n * sizeof(uint32_t) : 1);
}

static void too_small(const char *in, size_t n, size_t cap, size_t want, bool flags)
{
    uint32_t *out = cap ? cps_new(cap) : NULL;
    unsigned char *cf = flags && cap ? (unsigned char *)malloc(cap) : NULL;
    size_t len = 12345;
    int rc = xn_punycode_decode(in, n, out, cap, &len, cf);
    FUZZ_ASSERT(rc == XN_E_BUFFER_TOO_SMALL && len == want,
                "decode at cap %zu: %s, count %zu; want XN_E_BUFFER_TOO_SMALL, %zu", cap,
                xn_strerror_name(rc), len, want);
    free(out);
    free(cf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = fuzz_copy(data, size);
    size_t len0 = 12345, len = 12345, b = 0, j;
    uint32_t *out;
    unsigned char *cf;
    int rc0, rc;

    fuzz_set_input(data, size);

    rc0 = xn_punycode_decode(in, size, NULL, 0, &len0, NULL);
    FUZZ_ASSERT(decode_status(rc0), "decode: undocumented status %d", rc0);
    if (size > XN_ACE_LIMIT)
        FUZZ_ASSERT(rc0 == XN_E_TOO_LONG, "decode of %zu bytes: %s", size,
                    xn_strerror_name(rc0));
    if (rc0 == XN_OK || rc0 == XN_E_BUFFER_TOO_SMALL)
        FUZZ_ASSERT(len0 <= XN_LABEL_LIMIT, "decode: %zu code points, past XN_LABEL_LIMIT",
                    len0);
    if (rc0 == XN_E_BUFFER_TOO_SMALL)
        FUZZ_ASSERT(len0 > 0, "decode: too small for nothing");
    else
        FUZZ_ASSERT(len0 == 0, "decode: %s with count %zu", xn_strerror_name(rc0), len0);

    /* Room for at least as many code points as there are bytes: a decoding
     * never yields more.  The status must not change except for the size. */
    {
        size_t cap = size + 1;
        out = cps_new(cap);
        rc = xn_punycode_decode(in, size, out, cap, &len, NULL);
        FUZZ_ASSERT(rc == (rc0 == XN_E_BUFFER_TOO_SMALL ? XN_OK : rc0) && len == len0,
                    "decode at cap %zu: %s/%zu, size query %s/%zu", cap, xn_strerror_name(rc),
                    len, xn_strerror_name(rc0), len0);
        free(out);
    }
    if (rc0 != XN_OK && rc0 != XN_E_BUFFER_TOO_SMALL) {
        free(in);
        return 0;
    }

    /* Exactly the count, with case flags. */
    out = cps_new(len0);
    cf = (unsigned char *)malloc(len0 ? len0 : 1);
    rc = xn_punycode_decode(in, size, len0 ? out : NULL, len0, &len, len0 ? cf : NULL);
    FUZZ_ASSERT(rc == XN_OK && len == len0, "decode at the exact cap %zu: %s/%zu", len0,
                xn_strerror_name(rc), len);
    if (len0 > 0) {
        too_small(in, size, len0 - 1, len0, true);
        too_small(in, size, len0 / 2, len0, false);
        too_small(in, size, 0, len0, true);
    }

    /* The basic code points, then only non-basic scalar values. */
    for (j = size; j > 0; j--) {
        if (in[j - 1] == '-') {
            b = j - 1;
            break;
        }
    }
    FUZZ_ASSERT(len0 >= b, "decoded %zu code points from %zu basic ones", len0, b);
    {
        size_t basic_seen = 0;
        for (j = 0; j < len0; j++) {
            uint32_t c = out[j];
            FUZZ_ASSERT(c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF),
                        "decode produced U+%04lX", (unsigned long)c);
            FUZZ_ASSERT(cf[j] <= 1, "case flag %u", (unsigned)cf[j]);
            if (c < 0x80) {
                FUZZ_ASSERT(basic_seen < b && (unsigned char)in[basic_seen] == c,
                            "basic code point %lu at %zu is not the input's", (unsigned long)c,
                            j);
                FUZZ_ASSERT(cf[j] == (c >= 'A' && c <= 'Z'), "case flag of a basic code point");
                basic_seen++;
            }
        }
        FUZZ_ASSERT(basic_seen == b, "%zu basic code points out, %zu in", basic_seen, b);
    }

    /* Canonical: encoding the result gives the input back. */
    {
        size_t elen = 0, i;
        char *enc = (char *)malloc(size + 1);
        rc = xn_punycode_encode(out, len0, cf, enc, size + 1, &elen);
        FUZZ_ASSERT(rc == XN_OK, "re-encoding a decoded string: %s (needs %zu)",
                    xn_strerror_name(rc), elen);
        FUZZ_ASSERT(elen == size, "non-canonical: \"%s\" decodes, but its result encodes as "
                    "\"%s\"", fuzz_show(in, size), fuzz_show(enc, elen));
        for (i = 0; i < size; i++)
            FUZZ_ASSERT(ascii_lower((unsigned char)enc[i]) == ascii_lower((unsigned char)in[i]),
                        "non-canonical: \"%s\" decodes, but its result encodes as \"%s\"",
                        fuzz_show(in, size), fuzz_show(enc, elen));
        /* The basic code points keep their case through the flags. */
        FUZZ_ASSERT(memcmp(enc, in, b) == 0, "case of the basic code points lost");
        free(enc);
    }
    free(out);
    free(cf);
    free(in);
    return 0;
}
