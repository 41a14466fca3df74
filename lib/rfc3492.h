/*
 * punycode.c: RFC 3492, the forms other files call past the public
 * entry points' checks.
 */
#ifndef XN_RFC3492_H
#define XN_RFC3492_H

#include <stddef.h>
#include <stdint.h>

#include "sink.h"
#include "xn.h"

/* xn_punycode_encode() with an overflow bound maxint below 0xFFFFFFFF (at
 * least XN_LABEL_LIMIT + 1), so that tests can reach the RFC 3492 §6.4
 * overflow checks, which no input under XN_LABEL_LIMIT can trip. */
int xn__punycode_encode_bounded(const uint32_t *in, size_t in_len,
                                const unsigned char *case_flags, char *out,
                                size_t out_cap, size_t *out_len, uint32_t maxint);

/* xn_punycode_encode() without its argument checks and case flags, for a
 * caller whose buffers are its own: out_len set, in and out valid for
 * in_len and out_cap and apart.  The statuses are xn_punycode_encode()'s. */
int xn__punycode_encode_unchecked(const uint32_t *in, size_t in_len, char *out,
                                  size_t out_cap, size_t *out_len);

/* Appends the encoding of in[0..in_len) to *s, as much of it as fits
 * (xn__put()), its length to *len: XN_OK (s->full set when it did not
 * fit), or xn__punycode_encode_unchecked()'s failure, nothing appended. */
static inline int xn__put_punycode(xn__sink *s, const uint32_t *in, size_t in_len, size_t *len)
{
    size_t room = s->full ? 0 : s->cap - s->len;
    int rc = xn__punycode_encode_unchecked(in, in_len, room ? s->buf + s->len : NULL, room, len);
    if (rc == XN_E_BUFFER_TOO_SMALL) {
        s->full = true;
        rc = XN_OK;
    }
    if (rc == XN_OK)
        s->len += *len;
    return rc;
}

/* An upper bound on the length of xn__punycode_encode_unchecked()'s output
 * for n scalar values (n <= XN_LABEL_LIMIT), from basic, the number of
 * basic code points among them, and max, the largest: a caller that only
 * needs to know that the encoding fits a limit learns it without encoding
 * (a few characters above the truth for a short label).  The output is the
 * basic code points, a delimiter when there are any, and one
 * variable-length integer for each of the m others.
 * - Each integer is one delta, and no delta exceeds the sum of everything
 *   §6.3 adds to delta: (m' - n') (h + 1) each time n' moves to the next
 *   code point m', n' climbing from 128 to max, plus at most n + 1 in each
 *   of the m rounds at most; so at most D = (max - 128 + n) (n + 1).
 * - An integer of k digits has k - 1 digits at or above their thresholds
 *   (base - t >= 10 values each, t <= tmax = 26) and a last one below
 *   (t >= 1 values): at least 10^(k-1) integers take exactly k digits, and
 *   all those of fewer digits come first, so one that takes k >= 2 digits
 *   is at least 10^(k-2).  A delta d thus takes at most 1 + the number of
 *   decimal digits of d.
 * tests/test-punycode.c checks the bound against the encoder. */
static inline size_t xn__punycode_bound_of(size_t n, size_t basic, uint32_t max)
{
    size_t digits = 1;
    uint64_t d, ten = 1;
    if (basic == n)
        return basic + (basic > 0);
    d = ((uint64_t)(max - 0x80) + n) * (n + 1); /* 0x80: initial_n */
    for (; ten <= d; ten *= 10) /* no division; d < 2^31 under XN_LABEL_LIMIT */
        digits++;
    return basic + (basic > 0) + (n - basic) * digits;
}

/* xn_punycode_decode() likewise, without case flags. */
int xn__punycode_decode_unchecked(const char *in, size_t in_len, uint32_t *out,
                                  size_t out_cap, size_t *out_len);

#endif
