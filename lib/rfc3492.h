/*
 * punycode.c: RFC 3492, the forms other files call past the public
 * entry points' checks.
 */
#ifndef XN_RFC3492_H
#define XN_RFC3492_H

#include <stddef.h>
#include <stdint.h>

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

/* xn_punycode_decode() likewise, without case flags. */
int xn__punycode_decode_unchecked(const char *in, size_t in_len, uint32_t *out,
                                  size_t out_cap, size_t *out_len);

#endif
