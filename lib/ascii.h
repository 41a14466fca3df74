/*
 * The whole-name ASCII kernel of UTS #46 (ascii_fast.c): a name of ASCII
 * bytes that breaks no rule is its own lower-cased copy.  The short-name
 * kernel is inline here, so that the public entry points in uts46.c answer
 * such a name without a call.  Below the profiles: it uses only bytes.h.
 */
#ifndef XN_ASCII_H
#define XN_ASCII_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bytes.h"
#include "compiler.h"
#include "rules.h"
#include "sink.h"
#include "xn.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The whole-name fast path of xn_to_ascii() / xn_to_unicode(): when in[0..n)
 * is a name of ASCII bytes that breaks no rule under flags and holds no
 * "xn--" label, writes its lower-cased copy, NUL-terminated, to out (cap
 * bytes), sets *out_len and returns true; otherwise returns false and the
 * general path takes the name (which may find out[0..n] written). */
bool xn__ascii_fast(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                    unsigned flags);

/* Whether xn_to_ascii() and xn_to_unicode() try the fast path on a name of
 * n bytes before the general path: where SSE2 is there, on names of 1 to 64
 * bytes when no report is asked for (a report to clear would cost a call).
 * The general path tries it on the others. */
static inline bool xn__ascii_fast_tried(size_t n, const void *report)
{
#ifdef __SSE2__
    return !report && n - 1 < 64;
#else
    (void)n, (void)report;
    return false;
#endif
}

#ifdef __SSE2__
/* Copies the k bytes at src to dst (0 < k < 16), reading and writing
 * nothing past them: fixed-size moves that overlap, so no call and no
 * loop. */
static XN__ALWAYS_INLINE void xn__copy_short(unsigned char *dst, const unsigned char *src,
                                             size_t k)
{
    if (k >= 8) {
        memcpy(dst, src, 8);
        memcpy(dst + k - 8, src + k - 8, 8);
    } else if (k >= 4) {
        memcpy(dst, src, 4);
        memcpy(dst + k - 4, src + k - 4, 4);
    } else {
        dst[0] = src[0];
        dst[k / 2] = src[k / 2];
        dst[k - 1] = src[k - 1];
    }
}

/* Loads the k bytes at p (0 < k < 16) without reading past them, padded
 * with 'a'. */
static inline __m128i xn__load_tail(const unsigned char *p, size_t k)
{
    unsigned char pad[16];
    _mm_storeu_si128((__m128i *)(void *)pad, _mm_set1_epi8('a'));
    xn__copy_short(pad, p, k);
    return _mm_loadu_si128((const __m128i *)(const void *)pad);
}

/* Writes the first k bytes of v (0 < k < 16) to p, and nothing past them,
 * so that the fast path makes no call (and needs no saved registers). */
static inline void xn__store_tail(char *p, __m128i v, size_t k)
{
    unsigned char pad[16];
    _mm_storeu_si128((__m128i *)(void *)pad, v);
    xn__copy_short((unsigned char *)p, pad, k);
}

/* The sixteen bytes of v classified: *ok gets a bit for each letter, digit,
 * '.' or '-', *dots and *hy those of '.' and '-'.  Returns v with A-Z
 * lower-cased.  Each range test is one add and one signed compare: c - lo
 * < k as unsigned is c + (0x80 - lo) < -128 + k as signed bytes, false for
 * every byte >= 0x80.  Letters are tested on c | 0x20, both cases at once,
 * and or-ing 0x20 into a letter lower-cases it. */
static XN__ALWAYS_INLINE __m128i xn__classify(__m128i v, unsigned *ok, unsigned *dots, unsigned *hy)
{
    __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i letter = _mm_cmplt_epi8(_mm_add_epi8(folded, _mm_set1_epi8((char)(0x80 - 'a'))),
                                    _mm_set1_epi8((char)(-128 + 26)));
    __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - '0'))),
                                   _mm_set1_epi8((char)(-128 + 10)));
    __m128i dt = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
    __m128i hh = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
    *ok = (unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(dt, hh)));
    *dots = (unsigned)_mm_movemask_epi8(dt);
    *hy = (unsigned)_mm_movemask_epi8(hh);
    return _mm_or_si128(v, _mm_and_si128(letter, _mm_set1_epi8(0x20)));
}

/* The bytes of v that are >= 0x80 or a NUL (U+0000, which every profile
 * refuses: xn.h), as the sign bits of the result, for the general path to
 * see: b - 1, saturating as a signed byte, is negative for exactly those
 * (0 - 1 = -1, -128 stays -128), one instruction more than the sign bits
 * of v alone. */
static inline __m128i xn__not_plain_bytes(__m128i v)
{
    return _mm_subs_epi8(v, _mm_set1_epi8(1));
}

/* Whether the sixteen bytes of v hold such a byte. */
static inline bool xn__not_plain(__m128i v)
{
    return _mm_movemask_epi8(xn__not_plain_bytes(v)) != 0;
}

/* Whether v or w does, with one mask. */
static inline bool xn__not_plain2(__m128i v, __m128i w)
{
    return _mm_movemask_epi8(_mm_or_si128(xn__not_plain_bytes(v), xn__not_plain_bytes(w))) != 0;
}

/* ASCII bytes that are no letter, digit, '.' or '-' (ok has a 0 bit for
 * them) may stay on this path only when no STD3 or URL rule looks at them. */
static inline bool xn__others_allowed(unsigned ok, unsigned flags)
{
    return ok == 0xFFFF || ((flags & XN_NO_STD3_RULES) && !(flags & XN_URL_RULES));
}

/* xn__ascii_fast() for names of 1 to 64 bytes (n < cap), without a branch per
 * label: the name is classified 16 bytes at a time into 64-bit masks of
 * positions (dots, hyphens), and the rules become mask tests.  A name of 16
 * bytes or more is read in plain 16-byte loads, the last one overlapping
 * the one before it (its masks are or-ed in at its place, the bytes seen
 * twice giving the same bits twice): two loads and no loop up to 32 bytes,
 * the length of most host names; a shorter one is padded with letters.
 * A name this short has no label over 63 bytes unless it is one label of
 * 64, and no name over 253. */
static XN__ALWAYS_INLINE bool xn__ascii_short(const unsigned char *u, size_t n, char *out,
                                          size_t cap, unsigned flags)
{
    uint64_t dots, hy;
    unsigned ok, d, h;
    __m128i v, lowered;

    if (n < 16) {
        v = xn__load_tail(u, n);
        if (xn__not_plain(v)) /* a byte >= 0x80 or a NUL: not for this path */
            return false;
        lowered = xn__classify(v, &ok, &d, &h);
        if (!xn__others_allowed(ok, flags))
            return false;
        if (cap >= 16)
            _mm_storeu_si128((__m128i *)(void *)out, lowered);
        else
            xn__store_tail(out, lowered, n);
        dots = d;
        hy = h;
    } else if (n <= 32) {
        /* Two loads, the second ending at the name's end (overlapping the
         * first unless n is 32): no loop. */
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(u + n - 16)), lw;
        unsigned ok2, d2, h2;
        v = _mm_loadu_si128((const __m128i *)(const void *)u);
        if (xn__not_plain2(v, w))
            return false;
        lowered = xn__classify(v, &ok, &d, &h);
        lw = xn__classify(w, &ok2, &d2, &h2);
        if (!xn__others_allowed(ok & ok2, flags))
            return false;
        _mm_storeu_si128((__m128i *)(void *)out, lowered);
        _mm_storeu_si128((__m128i *)(void *)(out + n - 16), lw);
        dots = d | (uint64_t)d2 << (n - 16);
        hy = h | (uint64_t)h2 << (n - 16);
    } else {
        size_t base = 0;
        dots = hy = 0;
        for (;;) {
            v = _mm_loadu_si128((const __m128i *)(const void *)(u + base));
            if (xn__not_plain(v))
                return false;
            lowered = xn__classify(v, &ok, &d, &h);
            if (!xn__others_allowed(ok, flags))
                return false;
            _mm_storeu_si128((__m128i *)(void *)(out + base), lowered);
            dots |= (uint64_t)d << base;
            hy |= (uint64_t)h << base;
            if (n - base <= 16)
                break;
            base = n - base >= 32 ? base + 16 : n - 16;
        }
    }
    return xn__ldh_masks_ok(dots, hy, n, flags);
}
#endif

/* A public entry point's answer to a short name before it sets up
 * anything, with no call made (xn_to_ascii(), xn_to_unicode(),
 * xn_idna2008_lookup() with the mapping): the kernel runs under
 * kernel_flags once the arguments pass checks stricter than
 * xn__dom_enter()'s (no report, a name of 1 to 64 bytes that fits out, no
 * flag outside known, no overlap).  XN__WHOLE_TAKEN: the name is answered;
 * XN__WHOLE_CHECKED: the arguments are good, the name is not for the
 * kernel; XN__WHOLE_UNCHECKED: the entry point's own checks decide (a name
 * it does not try again is refused for its arguments or has no room in
 * out, which the kernel would refuse as well). */
enum { XN__WHOLE_TAKEN, XN__WHOLE_CHECKED, XN__WHOLE_UNCHECKED };

static XN__ALWAYS_INLINE int xn__ascii_whole_name(const char *in, size_t n, char *out,
                                                  size_t cap, size_t *out_len, unsigned flags,
                                                  const void *report, unsigned known,
                                                  unsigned kernel_flags)
{
#ifdef __SSE2__
    if (!xn__ascii_fast_tried(n, report) || !in || !out || !out_len || n >= cap ||
        (flags & ~known) || xn__overlap(in, n, out, cap))
        return XN__WHOLE_UNCHECKED;
    if (xn__has_ace_prefix_bytes(in, n) ||
        !xn__ascii_short((const unsigned char *)in, n, out, cap, kernel_flags))
        return XN__WHOLE_CHECKED;
    out[n] = '\0';
    *out_len = n;
    return XN__WHOLE_TAKEN;
#else
    (void)in, (void)n, (void)out, (void)cap, (void)out_len, (void)flags, (void)report;
    (void)known, (void)kernel_flags;
    return XN__WHOLE_UNCHECKED;
#endif
}

#endif
