/*
 * Property: for any sequence of code points (built from the input bytes:
 * ASCII, BMP, astral, and raw 32-bit values that may be surrogates or above
 * U+10FFFF), with or without case flags, xn_punycode_encode()
 *  - fails with XN_E_PUNYCODE_BAD_CODE_POINT exactly when a value is no
 *    scalar value, and with XN_E_TOO_LONG exactly beyond XN_LABEL_LIMIT;
 *  - otherwise gives the exact length to a size query, XN_E_BUFFER_TOO_SMALL
 *    with that length at capacities len - 1, len / 2 and 0 without writing
 *    past them, the result without a NUL at len and with one at len + 1;
 *  - writes only basic code points: the input's basic ones in order, a '-'
 *    when there were any, then base-36 digits;
 * and xn_punycode_decode() of the result gives back the code points
 * (decode(encode(x)) == x), with the case flags: basic letters in the case
 * their flag asked for, every flag as given.  (Results longer than
 * XN_ACE_LIMIT characters would be refused by the decoder with
 * XN_E_TOO_LONG, as xn.h documents; no label of XN_LABEL_LIMIT code points
 * should come near that, and the fuzzer would say so.)
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAX_CPS (XN_LABEL_LIMIT + 8)

static bool is_scalar(uint32_t c)
{
    return c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF);
}

static bool is_digit_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Code points from bytes: 0x00-0x7F one ASCII code point; 0x80-0xBF plus a
 * byte: U+0080-U+3FFF; 0xC0-0xEF plus two: up to U+FFFFF; 0xF0-0xFF plus
 * four: any 32-bit value. */
static size_t build(const uint8_t *d, size_t n, uint32_t *cp, size_t cap)
{
    size_t i = 0, k = 0;
    while (i < n && k < cap) {
        uint8_t b = d[i++];
        if (b < 0x80) {
            cp[k++] = b;
        } else if (b < 0xC0) {
            uint32_t v = (uint32_t)(b & 0x3F) << 8;
            if (i < n)
                v |= d[i++];
            cp[k++] = 0x80 + v;
        } else if (b < 0xF0) {
            uint32_t v = (uint32_t)(b & 0x0F) << 16;
            if (i < n)
                v |= (uint32_t)d[i++] << 8;
            if (i < n)
                v |= d[i++];
            cp[k++] = v < 0x80 ? v + 0x80 : v;
        } else {
            uint32_t v = 0;
            int j;
            for (j = 0; j < 4 && i < n; j++)
                v = (v << 8) | d[i++];
            cp[k++] = v;
        }
    }
    return k;
}

static void too_small(const uint32_t *cp, size_t n, const unsigned char *cf, size_t cap,
                      size_t want)
{
    char *buf = fuzz_out_new(cap);
    size_t len = 12345;
    int rc = xn_punycode_encode(cp, n, cf, buf, cap, &len);
    FUZZ_ASSERT(rc == XN_E_BUFFER_TOO_SMALL && len == want,
                "encode at cap %zu: %s/%zu, want XN_E_BUFFER_TOO_SMALL/%zu", cap,
                xn_strerror_name(rc), len, want);
    fuzz_out_done(buf, cap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint32_t *cp = (uint32_t *)malloc(MAX_CPS * sizeof *cp), *dec;
    unsigned char *cf = NULL, *dcf, mode = size ? data[0] : 0;
    size_t n, i, len0 = 12345, len = 12345, dlen = 12345, nbasic = 0;
    bool valid = true;
    char *buf;
    int rc0, rc;

    fuzz_set_input(data, size);
    n = build(size ? data + 1 : data, size ? size - 1 : 0, cp, MAX_CPS);
    /* Exact-size copies for the library. */
    {
        uint32_t *e = (uint32_t *)malloc(n ? n * sizeof *e : 1);
        if (n)
            memcpy(e, cp, n * sizeof *e);
        free(cp);
        cp = e;
    }
    if (mode & 1) { /* case flags, from the mode byte's other bits */
        cf = (unsigned char *)malloc(n ? n : 1);
        for (i = 0; i < n; i++)
            cf[i] = (unsigned char)((mode >> (1 + i % 7)) & 1 ? 1 + (i & 0x7F) : 0);
    }
    for (i = 0; i < n; i++) {
        if (!is_scalar(cp[i]))
            valid = false;
        if (cp[i] < 0x80)
            nbasic++;
    }

    rc0 = xn_punycode_encode(cp, n, cf, NULL, 0, &len0);
    if (n > XN_LABEL_LIMIT) {
        FUZZ_ASSERT(rc0 == XN_E_TOO_LONG && len0 == 0, "encode of %zu code points: %s", n,
                    xn_strerror_name(rc0));
        goto done;
    }
    if (!valid) {
        FUZZ_ASSERT(rc0 == XN_E_PUNYCODE_BAD_CODE_POINT && len0 == 0,
                    "encode with a non-scalar value: %s", xn_strerror_name(rc0));
        goto done;
    }
    if (n == 0) {
        FUZZ_ASSERT(rc0 == XN_OK && len0 == 0, "encode of nothing: %s/%zu",
                    xn_strerror_name(rc0), len0);
        goto done;
    }
    FUZZ_ASSERT(rc0 == XN_E_BUFFER_TOO_SMALL && len0 > 0, "encode size query: %s/%zu",
                xn_strerror_name(rc0), len0);

    /* Room for the NUL, then none. */
    buf = fuzz_out_new(len0 + 1);
    rc = xn_punycode_encode(cp, n, cf, buf, len0 + 1, &len);
    FUZZ_ASSERT(rc == XN_OK && len == len0 && buf[len] == '\0',
                "encode at cap %zu: %s/%zu", len0 + 1, xn_strerror_name(rc), len);
    {
        char *b2 = fuzz_out_new(len0);
        size_t l2 = 12345;
        rc = xn_punycode_encode(cp, n, cf, b2, len0, &l2);
        FUZZ_ASSERT(rc == XN_OK && l2 == len0 && memcmp(b2, buf, len0) == 0,
                    "encode at the exact cap %zu: %s/%zu", len0, xn_strerror_name(rc), l2);
        fuzz_out_done(b2, len0);
    }
    too_small(cp, n, cf, len0 - 1, len0);
    too_small(cp, n, cf, len0 / 2, len0);
    too_small(cp, n, cf, 0, len0);

    /* The shape of the output. */
    {
        size_t o = 0;
        for (i = 0; i < n; i++) {
            if (cp[i] >= 0x80)
                continue;
            {
                unsigned want = cp[i];
                if (cf && ((want | 0x20u) - 'a') < 26u)
                    want = cf[i] ? (want & ~0x20u) : (want | 0x20u);
                FUZZ_ASSERT((unsigned char)buf[o] == want,
                            "basic code point %zu: 0x%02X, want 0x%02X", i,
                            (unsigned char)buf[o], want);
            }
            o++;
        }
        if (nbasic) {
            FUZZ_ASSERT(buf[o] == '-', "no delimiter after %zu basic code points", nbasic);
            o++;
        }
        for (; o < len0; o++)
            FUZZ_ASSERT(is_digit_char(buf[o]), "0x%02X is no base-36 digit",
                        (unsigned char)buf[o]);
        FUZZ_ASSERT(nbasic < n || o == nbasic + 1, "digits after basic code points only");
    }

    /* decode(encode(x)) == x. */
    if (len0 <= XN_ACE_LIMIT) {
        dec = (uint32_t *)malloc(n * sizeof *dec);
        dcf = (unsigned char *)malloc(n);
        rc = xn_punycode_decode(buf, len0, dec, n, &dlen, dcf);
        FUZZ_ASSERT(rc == XN_OK && dlen == n, "decode(encode(x)): %s, %zu code points of %zu",
                    xn_strerror_name(rc), dlen, n);
        for (i = 0; i < n; i++) {
            uint32_t want = cp[i];
            unsigned char want_flag;
            if (cf && want < 0x80 && ((want | 0x20u) - 'a') < 26u)
                want = cf[i] ? (want & ~0x20u) : (want | 0x20u);
            if (want < 0x80)
                want_flag = ((want - 'A') < 26u);
            else
                want_flag = cf ? cf[i] != 0 : 0;
            FUZZ_ASSERT(dec[i] == want, "decode(encode(x))[%zu] = U+%04lX, want U+%04lX", i,
                        (unsigned long)dec[i], (unsigned long)want);
            FUZZ_ASSERT(dcf[i] == want_flag, "decode(encode(x)) case flag %zu: %u, want %u",
                        i, (unsigned)dcf[i], (unsigned)want_flag);
        }
        free(dec);
        free(dcf);
    } else {
        /* xn.h promises that no label of XN_LABEL_LIMIT code points gets
         * here (ToASCII would fail with XN_E_TOO_LONG). */
        FUZZ_ASSERT(len0 <= XN_ACE_LIMIT, "%zu code points encode to %zu characters, past "
                    "XN_ACE_LIMIT", n, len0);
    }
    fuzz_out_done(buf, len0 + 1);

done:
    free(cp);
    free(cf);
    return 0;
}
